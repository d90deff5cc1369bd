"""The volený section of docs/notation.md (presets ``csm-voleny``, ``pagat-voleny``): every
example is parsed from its shorthand, its description and each other spelling, written back,
and settled to the documented money."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoring import get_preset, settle
from scoring.jsonio import hand_from_dict
from scoring.notation import format_hand, parse
from scoring.notation.shorthand import format_shorthand
from scoring.validate import check
from tests.scoring.notation_checks import doc_examples

SEATS = {"players": 3, "dealer": 3, "declarer": 1}



EXAMPLES = doc_examples("Volený families")


def test_the_document_has_the_examples_it_promises() -> None:
    assert len(EXAMPLES) >= 8
    assert {e["ruleset"] for e in EXAMPLES} == {"csm-voleny", "pagat-voleny"}


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["title"][:40] for e in EXAMPLES])
def test_example(example: dict[str, Any]) -> None:
    ruleset = get_preset(example["ruleset"])
    expected = hand_from_dict({**SEATS, **json.loads(example["hand"])})
    seats = {k: getattr(expected, k) for k in SEATS}
    assert check(expected, ruleset)[0] == [], "the documented hand must be valid"

    def read(text: str) -> Any:
        return parse(text, ruleset=ruleset, **seats)

    assert read(example["shorthand"]) == expected
    assert format_shorthand(expected, ruleset) == example["shorthand"]
    assert format_hand(expected, ruleset) == example["description"]
    assert read(example["description"]) == expected
    for other in example["also"]:
        assert read(other) == expected, other
    money = settle(expected, ruleset).money
    assert [money[s] for s in sorted(money)] == json.loads(example["money"])
