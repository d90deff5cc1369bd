"""Numbers, money and the rank keys as the standings pages and exports show them."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from django.utils.functional import lazy

from marias_admin.core import formatting
from scoring.formatting import format_number
from scoring.messages import render
from scoring.rank_keys import RANK_KEYS
from scoring.standings import RankKey, StandingsRules


def fmt_number(value: Fraction | Decimal | int, places: int = 2, scale: int = 1,
               fixed: bool = False, lang: str | None = None) -> str:
    """A number in the active language: 12.5 → "12,5"; ``fixed`` keeps trailing zeros.

    One convention for the whole site: :mod:`scoring.formatting` (minus sign, grouping).
    A standings page formats thousands of numbers, most of them the same few points and
    amounts: each is worded once per language (equal numbers read alike, whatever their type);
    a caller formatting many passes ``lang`` (:func:`marias_admin.core.formatting.language`)
    rather than have the active language looked up for each.
    """
    if type(value) is Fraction and value.denominator == 1:
        value = value.numerator  # the usual BP: an int hashes and compares in nanoseconds
    return _formatted(value, lang or formatting.language(), places, scale, fixed)


@lru_cache(maxsize=8192)
def _formatted(value: Fraction | Decimal | int, lang: str, places: int, scale: int,
               fixed: bool) -> str:
    return format_number(value, lang, places, scale=scale, fixed=fixed)


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

