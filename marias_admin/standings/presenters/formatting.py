"""Numbers, money and the rank keys as the standings pages and exports show them."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from django.utils.functional import lazy

from marias_admin.core import formatting
from scoring.messages import render
from scoring.rank_keys import RANK_KEYS
from scoring.standings import RankKey, StandingsRules

# A number in the active language (or ``lang``): 12.5 → "12,5", cached once per language; its
# one home is :func:`marias_admin.core.formatting.number` (the name stays for its callers).
fmt_number = formatting.number


def fmt_money(value: Fraction | int, rules: StandingsRules, lang: str | None = None) -> str:
    return fmt_number(value, places=2, scale=rules.minor_per_major, fixed=True, lang=lang)


def in_language(message_code: str) -> str:
    """An engine catalogue text (:mod:`scoring.messages`) in the active language."""
    return render(message_code, formatting.language())


# For texts built at import time (form choices): worded when shown, in the language then.
in_language_lazy = lazy(in_language, str)


def key_name(key: RankKey) -> str:
    """The rank key as a chain names it ("BP", "round record"), from its one declaration
    (:data:`scoring.rank_keys.RANK_KEYS`)."""
    return in_language(RANK_KEYS[key].label)


def chain_text(chain: Sequence[RankKey]) -> str:
    return ", ".join(key_name(k) for k in chain)


def premium_view(rules: StandingsRules) -> bool:
    """Whether SB and PB are shown: ČSM's PB count in SB; rules without PB (SZMK, the volený
    families: ``sb_premium_factor = 0``) show money and points only."""
    return rules.round_budget is None and rules.premium_factor != 0


def sum_text(parts: list[str]) -> str:
    """Parts joined by " + ", negative ones in brackets ("0" when there are none)."""
    return " + ".join(p if not p.startswith("−") else f"({p})" for p in parts) or "0"

