"""The scorekeeper's shorthand and the canonical description of a hand (docs/notation.md).

``parse`` reads both the terse shorthand typed on a phone (``100+7c f100 60+40 s+``) and the
description ``format_hand`` writes on the sheet (``sto a sedma červených, flek na sto, ...``).
"""

from __future__ import annotations

from scoring import messages as _catalogue
from scoring.notation.bench import bench_parse
from scoring.notation.format import format_hand
from scoring.notation.messages import MESSAGES
from scoring.notation.parse import parse
from scoring.notation.shorthand import format_shorthand

# The lead may merge MESSAGES into the main catalogue; register only what is not there yet.
_catalogue.register({k: v for k, v in MESSAGES.items() if k not in _catalogue.MESSAGES})

__all__ = ["MESSAGES", "bench_parse", "format_hand", "format_shorthand", "parse"]
