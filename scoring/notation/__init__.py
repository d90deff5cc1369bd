"""The scorekeeper's shorthand and the canonical description of a hand (docs/notation.md).

``parse`` reads both the terse shorthand typed on a phone (``100+7c f100 60+40 s+``) and the
description ``format_hand`` writes on the sheet (``sto a sedma červených, flek na sto, ...``).
"""

from __future__ import annotations

from scoring import messages as _catalogue
from scoring.notation.bench import bench_parse
from scoring.notation.format import format_hand
from scoring.notation.messages import MESSAGES, with_slovak
from scoring.notation.parse import parse
from scoring.notation.shorthand import format_shorthand

# The lead may merge MESSAGES into the main catalogue; register only what is not there yet,
# and give a merged entry its Slovak text when it has none.
_texts = with_slovak()
_catalogue.register({k: v for k, v in _texts.items() if k not in _catalogue.MESSAGES})
for _code, _entry in _texts.items():
    if "sk" not in _catalogue.MESSAGES[_code]:  # a new dict: never edit a merged one in place
        _catalogue.MESSAGES[_code] = {**_catalogue.MESSAGES[_code], "sk": _entry["sk"]}

__all__ = ["MESSAGES", "bench_parse", "format_hand", "format_shorthand", "parse"]
