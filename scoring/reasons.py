"""Structured reasons: why a standings or team number is what it is, as a code and numbers.

The engine never words a reason. A :class:`Reason` is a message code of the catalogue
(:mod:`scoring.messages`) with its parameters as numbers (money as an :class:`Amount` with its
scale, sums as :class:`Terms`), so the caller words only the reasons it shows, in the language
it needs (:func:`render_reason`): a page of 320 players pays for no prose it does not show, and
Czech, Slovak and English read the same numbers. The web pages word the same codes through
their gettext presenters (``marias_admin/standings/presenters``, ``teams/selectors``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from scoring.messages import render

Param = object


@dataclass(frozen=True)
class Reason:
    """A message code and its parameters (hashable: the parameters are a tuple of pairs)."""

    code: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, code: str, /, **params: Param) -> Reason:
        return cls(code, tuple(params.items()))

    def param(self, name: str) -> Param:
        """The parameter ``name`` (``KeyError`` when the reason has none of that name)."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)


def number_text(value: Fraction | int, scale: int = 1, lang: str = "cs") -> str:
    """Exact for whole numbers, else rounded half up to at most two decimals; a decimal comma
    in Czech and Slovak, a point in English."""
    number = Fraction(value) / scale
    if number.denominator == 1:
        return str(number.numerator)
    exact = Decimal(number.numerator) / Decimal(number.denominator)
    text = format(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), "f")
    text = text.rstrip("0").rstrip(".")
    if text in ("", "-", "-0"):
        return "0"
    return text if lang == "en" else text.replace(".", ",")


@dataclass(frozen=True)
class Amount:
    """A number as a reason shows it; money in the smallest unit with its ``scale`` (100)."""

    value: Fraction | int
    scale: int = 1

    def in_language(self, lang: str) -> str:
        return number_text(self.value, self.scale, lang)


@dataclass(frozen=True)
class Terms:
    """A sum's terms: "5 + (-2)", negative terms in brackets, "0" when there are none."""

    items: tuple[Amount, ...]

    def in_language(self, lang: str) -> str:
        parts = (item.in_language(lang) for item in self.items)
        return " + ".join(p if not p.startswith("-") else f"({p})" for p in parts) or "0"


@dataclass(frozen=True)
class Series:
    """Values compared one by one (a round record): "5 · 3 · 1"."""

    items: tuple[Amount, ...]

    def in_language(self, lang: str) -> str:
        return " · ".join(item.in_language(lang) for item in self.items)


@dataclass(frozen=True)
class Listing:
    """Reasons read one after another ("; " between members, ", " between values)."""

    items: tuple[Reason, ...]
    separator: str = "; "

    def in_language(self, lang: str) -> str:
        return self.separator.join(render_reason(item, lang) for item in self.items)


def _shown(value: Param, lang: str) -> Param:
    if isinstance(value, Reason):
        return render_reason(value, lang)
    if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
        return number_text(value, 1, lang)
    in_language = getattr(value, "in_language", None)
    return in_language(lang) if in_language is not None else value


def render_reason(reason: Reason, lang: str = "cs") -> str:
    """The reason worded in ``lang`` (cs, sk or en) by the catalogue."""
    return render(reason.code, lang, **{k: _shown(v, lang) for k, v in reason.params})


def render_reasons(reasons: Iterable[Reason], lang: str = "cs") -> tuple[str, ...]:
    return tuple(render_reason(reason, lang) for reason in reasons)
