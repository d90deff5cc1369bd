"""Money, points, signed amounts and dates in the active language (or a given one).

The convention itself (``−6,00 Kč``, ``1 234,50 €``, ``−6.00 CZK``, ``12. 4. 2025`` …) is
:mod:`scoring.formatting`; this module only chooses the language: the one Django has active
(a tournament's pages speak the tournament's language, see ``tournaments.middleware``) unless
``lang`` is given (printouts and exports pass the tournament's). Template filters
(``core.templatetags.marias``, ``standings.templatetags.standings_format``), printouts,
exports and messages all format through here, so one amount reads the same everywhere.

A standings page formats thousands of numbers, most of them the same few points and amounts:
every number is worded once per language by :func:`worded`, :func:`worded_amount` or
:func:`worded_signed` (cached; equal numbers read alike, whatever their type), the one home of
the standings tables, their rows and the exports. A loop that formats many resolves the
language once (:func:`language`) and calls those itself; everyone else calls :func:`number`,
:func:`amount`, :func:`signed` or :func:`points`.
"""

from __future__ import annotations

from datetime import date, datetime, time
from fractions import Fraction
from functools import lru_cache

from django.utils import timezone, translation
from django.utils.dates import WEEKDAYS

from scoring import formatting
from scoring.formatting import MINUS, NBSP, NNBSP, Number, currency_symbol

__all__ = ["MINUS", "NBSP", "NNBSP", "amount", "currency_symbol", "day", "language", "moment",
           "money", "number", "pb", "points", "signed", "time_of_day", "worded", "worded_amount",
           "worded_signed"]


def language(lang: str | None = None) -> str:
    """``lang``, else the active language, as cs, sk or en."""
    return formatting.language(lang or translation.get_language())


# The cached forms. Their arguments are few and positional on purpose: a call costs one
# dictionary look-up keyed by them (≈ 110 ns with two, a fifth more with five), and a
# 320-player standings page makes thousands (issue 27).


@lru_cache(maxsize=8192)
def worded(value: Number, lang: str, places: int = 2, scale: int = 1,
           fixed: bool = False) -> str:
    """``value / scale`` in language ``lang`` (already a code: see :func:`language`), rounded
    to ``places``; ``fixed`` keeps the trailing zeros. BP: ``worded(bp, lang)``; PB:
    ``worded(pb, lang, 1)``."""
    return formatting.format_number(value, lang, places, scale=scale, fixed=fixed)


@lru_cache(maxsize=8192)
def worded_amount(minor: Number, lang: str, per_major: int = 100) -> str:
    """Money without a currency in language ``lang``: 1240 → "12,40"."""
    return formatting.format_amount(minor, lang, per_major=per_major)


@lru_cache(maxsize=8192)
def worded_signed(minor: Number, lang: str, per_major: int = 100) -> str:
    """A gain or loss in language ``lang``: "+12,40", "−0,50", "0,00"."""
    return formatting.format_signed(minor, lang, per_major=per_major)


def number(value: Number, places: int = 2, scale: int = 1, fixed: bool = False,
           lang: str | None = None) -> str:
    """A number in the active language (or ``lang``): 12.5 → "12,5"; ``fixed`` keeps trailing
    zeros, ``scale`` divides (100 haléř → 1,00)."""
    if type(value) is Fraction and value.denominator == 1:
        value = value.numerator  # the usual BP: an int hashes and compares in nanoseconds
    return worded(value, lang or language(), places, scale, fixed)


def money(minor: Number, currency: str = "", lang: str | None = None, *, signed: bool = False,
          per_major: int = 100) -> str:
    """600, "CZK" → "6,00 Kč" (en "6.00 CZK"); without a currency just "6,00"."""
    return formatting.format_money(minor, currency, language(lang), signed=signed,
                                   per_major=per_major)


def amount(minor: Number, lang: str | None = None, *, per_major: int = 100) -> str:
    """Money without a currency (table columns headed by it): 1240 → "12,40"."""
    return worded_amount(minor, language(lang), per_major)


def signed(minor: Number, lang: str | None = None, *, per_major: int = 100) -> str:
    """A gain or loss: "+12,40", "−0,50", "0,00"."""
    return worded_signed(minor, language(lang), per_major)


def points(value: Number, lang: str | None = None, places: int = 2) -> str:
    """BP or PB: "12", "27,5"."""
    return worded(value, language(lang), places)


def pb(value: Number, lang: str | None = None) -> str:
    """PB of a hand: "27,5"; an unending share stays a fraction ("1/3")."""
    return formatting.format_pb(value, language(lang))


def day(value: date | datetime, lang: str | None = None, *, weekday: bool = False) -> str:
    """12. 4. 2025 (en 12 Apr 2025); an aware datetime is read in local time. ``weekday``
    puts the day's name first: "sobota 12. 4. 2025", "Saturday 12 Apr 2025"."""
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    lang = language(lang)
    text = formatting.format_date(value, lang)
    if weekday:
        with translation.override(lang):
            text = f"{WEEKDAYS[value.weekday()]} {text}"
    return text


def time_of_day(value: time | datetime, *, seconds: bool = False) -> str:
    """9:05 (``seconds``: 9:05:07); an aware datetime is read in local time."""
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    return formatting.format_time(value, seconds=seconds)


def moment(value: datetime, lang: str | None = None) -> str:
    """12. 4. 2025 9:05 in local time (en 12 Apr 2025 9:05)."""
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    return formatting.format_datetime(value, language(lang))
