"""Numbers, money and the rank keys as the standings pages and exports show them."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext_lazy

from marias_admin.core import formatting
from scoring.formatting import format_number
from scoring.standings import RankKey, StandingsRules


def fmt_number(value: Fraction | Decimal | int, places: int = 2, scale: int = 1,
               fixed: bool = False) -> str:
    """A number in the active language: 12.5 → "12,5"; ``fixed`` keeps trailing zeros.

    One convention for the whole site: :mod:`scoring.formatting` (minus sign, grouping).
    """
    return format_number(value, formatting.language(), places, scale=scale, fixed=fixed)


def fmt_money(value: Fraction | int, rules: StandingsRules) -> str:
    return fmt_number(value, places=2, scale=rules.minor_per_major, fixed=True)


KEY_NAMES = {RankKey.SB: "SB", RankKey.ZB: "ZB", RankKey.PB: "PB", RankKey.BP: "BP",
             RankKey.ROUND_RECORD: gettext_lazy("round record"),
             RankKey.BEST_ROUND: gettext_lazy("best round")}


def chain_text(chain: Sequence[RankKey]) -> str:
    return ", ".join(str(KEY_NAMES[k]) for k in chain)


def premium_view(rules: StandingsRules) -> bool:
    """Whether SB and PB are shown: ČSM's PB count in SB; rules without PB (SZMK, the volený
    families: ``sb_premium_factor = 0``) show money and points only."""
    return rules.round_budget is None and rules.premium_factor != 0


def sum_text(parts: list[str]) -> str:
    """Parts joined by " + ", negative ones in brackets ("0" when there are none)."""
    return " + ".join(p if not p.startswith("−") else f"({p})" for p in parts) or "0"

