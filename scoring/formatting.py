"""How money, points, signed numbers and dates read, in Czech, Slovak and English.

The one place that decides it: every page, rule line, printout, export and message goes
through these functions (the Django side, :mod:`marias_admin.core.formatting`, only picks the
language). Pure Python, no Django, so the rules engine uses it too.

The convention:

========== ====================== ====================== =======================
           cs                     sk                     en
========== ====================== ====================== =======================
money      ``−6,00 Kč``           ``1 234,50 €``         ``−6.00 CZK``, ``1,234.50 EUR``
signed     ``+12,40`` ``−0,50``   the same               ``+12.40`` ``−0.50``
PB, BP     ``12`` ``27,5``        the same               ``12`` ``27.5``
date       ``12. 4. 2025``        ``12. 4. 2025``        ``12 Apr 2025``
time       ``9:05``               ``9:05``               ``9:05``
clock      ``9:05:07``            ``9:05:07``            ``9:05:07``
========== ====================== ====================== =======================

- Money is an integer of the smallest unit (haléř, cent) and always shows two decimals.
- A negative number carries the minus sign U+2212 (``−``), never a hyphen; a gain shown with
  its sign (:func:`format_signed`) carries ``+``; zero has no sign.
- Thousands are grouped from 1 000 on: a narrow no-break space (U+202F) in Czech and Slovak
  (ČSN 01 6910, STN), a comma in English. The decimal mark is a comma in Czech and Slovak, a
  point in English.
- The currency follows the number after a no-break space. Czech and Slovak readers write
  ``Kč`` and ``€``; in English the ISO code (``CZK``, ``EUR``) is what a foreign reader
  recognises, and it keeps the English texts free of a symbol placed the Czech way.
- PB and BP show as many decimals as they have (whole points, halves), up to ``places``.
- Dates are the Czech and Slovak ``d. m. yyyy`` with spaces; in English ``12 Apr 2025``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from fractions import Fraction

MINUS = "\N{MINUS SIGN}"
NBSP = "\N{NO-BREAK SPACE}"
NNBSP = "\N{NARROW NO-BREAK SPACE}"
LANGUAGES = ("cs", "sk", "en")

_DECIMAL = {"cs": ",", "sk": ",", "en": "."}
_THOUSANDS = {"cs": NNBSP, "sk": NNBSP, "en": ","}
_SYMBOLS = {
    "cs": {"CZK": "Kč", "EUR": "€"},
    "sk": {"CZK": "Kč", "EUR": "€"},
    "en": {"CZK": "CZK", "EUR": "EUR"},
}
# The symbols written in older data or typed by hand, back to their code.
CURRENCY_CODES = {"Kč": "CZK", "CZK": "CZK", "€": "EUR", "EUR": "EUR"}
_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
              "Dec")

Number = Fraction | Decimal | int | float


def language(lang: str | None) -> str:
    """``lang`` as one of cs, sk, en (``en-gb`` → en); anything else reads as Czech."""
    code = (lang or "cs").lower().split("-")[0].split("_")[0]
    return code if code in LANGUAGES else "cs"


def currency_symbol(currency: str, lang: str | None = "cs") -> str:
    """``CZK`` → ``Kč`` (cs, sk) or ``CZK`` (en); an unknown currency stays as given."""
    code = CURRENCY_CODES.get(currency, currency)
    return _SYMBOLS[language(lang)].get(code, currency)


def _group(whole: int, lang: str) -> str:
    digits = str(whole)
    if whole < 1000:
        return digits
    groups = []
    while digits:
        groups.append(digits[-3:])
        digits = digits[:-3]
    return _THOUSANDS[lang].join(reversed(groups))


def format_number(value: Number, lang: str | None = "cs", places: int = 2, *,
                  scale: int = 1, fixed: bool = False) -> str:
    """``value / scale`` rounded to ``places`` decimals: 12.5 → "12,5"; ``fixed`` keeps the
    trailing zeros ("12,50"). Exact for ints and fractions (no float on the way)."""
    lang = language(lang)
    power = 10**places
    if isinstance(value, int) and (value * power) % scale == 0:
        units = value * power // scale  # exact: the usual case (money, whole points)
    else:
        units = round(Fraction(value) * power / scale)
    sign = MINUS if units < 0 else ""
    whole, part = divmod(abs(units), power)
    digits = f"{part:0{places}d}" if places else ""
    if not fixed:
        digits = digits.rstrip("0")
    text = _group(whole, lang)
    return f"{sign}{text}{_DECIMAL[lang]}{digits}" if digits else f"{sign}{text}"


def format_amount(minor: Number, lang: str | None = "cs", *, per_major: int = 100) -> str:
    """Money in the smallest unit without a currency: 1240 → "12,40", −50 → "−0,50"."""
    return format_number(minor, lang, 2, scale=per_major, fixed=True)


def format_signed(minor: Number, lang: str | None = "cs", *, per_major: int = 100) -> str:
    """Like :func:`format_amount` with a plus for gains: "+12,40", "−0,50", "0,00"."""
    text = format_amount(minor, lang, per_major=per_major)
    return f"+{text}" if minor > 0 and any(d in "123456789" for d in text) else text


def format_money(minor: Number, currency: str = "", lang: str | None = "cs", *,
                 signed: bool = False, per_major: int = 100) -> str:
    """Money with its currency: 600, "CZK" → "6,00 Kč" (en: "6.00 CZK"); no currency, no
    symbol. ``signed`` puts "+" before a gain."""
    text = (format_signed if signed else format_amount)(minor, lang, per_major=per_major)
    symbol = currency_symbol(currency, lang) if currency else ""
    return f"{text}{NBSP}{symbol}" if symbol else text


def format_points(value: Number, lang: str | None = "cs", places: int = 2) -> str:
    """BP or PB: whole points as "12", halves as "27,5" (en "27.5"), at most ``places``."""
    return format_number(value, lang, places)


def format_pb(value: Number, lang: str | None = "cs") -> str:
    """PB of one hand or a total: "27,5"; a share with no finite decimal form (a third of a
    PB split between three payers) stays a fraction, "1/3", so nothing is rounded away."""
    if isinstance(value, Fraction) and value.denominator != 1:
        denominator = value.denominator
        while denominator % 2 == 0:
            denominator //= 2
        while denominator % 5 == 0:
            denominator //= 5
        if denominator != 1:
            return str(value)
        return format_number(value, lang, places=6)
    return format_number(value, lang, places=2)


def format_date(value: date, lang: str | None = "cs") -> str:
    """12. 4. 2025 (cs, sk) or 12 Apr 2025 (en)."""
    if isinstance(value, datetime):
        value = value.date()
    if language(lang) == "en":
        return f"{value.day} {_MONTHS_EN[value.month - 1]} {value.year}"
    return f"{value.day}. {value.month}. {value.year}"


def format_time(value: time | datetime, *, seconds: bool = False) -> str:
    """9:05 in every language (the 24-hour clock of a tournament day); ``seconds``: 9:05:07."""
    text = f"{value.hour}:{value.minute:02d}"
    return f"{text}:{value.second:02d}" if seconds else text


def format_datetime(value: datetime, lang: str | None = "cs") -> str:
    """12. 4. 2025 9:05 (en: 12 Apr 2025 9:05)."""
    return f"{format_date(value, lang)} {format_time(value)}"


@dataclass(frozen=True)
class Money:
    """An amount as a message parameter: rendered in the message's language when shown."""

    minor: int
    currency: str = ""

    def in_language(self, lang: str) -> str:
        return format_money(self.minor, self.currency, lang)

    def __str__(self) -> str:
        return self.in_language("cs")
