"""docs/csm-licitovany.md#worked-examples: every worked example settles to the documented
amounts."""

from __future__ import annotations

import pytest

from scoring import get_preset, settle
from scoring.jsonio import hand_from_dict
from tests.scoring.examples import EXAMPLES, Example

CSM = get_preset("csm-licitovany-2023")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_worked_example(example: Example) -> None:
    result = settle(hand_from_dict(example.hand), CSM)
    assert [result.money[s] for s in sorted(result.money)] == example.money, example.source
    assert sum(result.money.values()) == 0
