"""The itemised explanation of a settlement, for a referee checking a sheet."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring.formatting import Money, format_money
from scoring.messages import render
from scoring.premium.tables import format_pb, pb_out
from scoring.ruleset import Ruleset

_PARTS_CS = {
    "game": "hra",
    "seven": "sedma",
    "hundred": "sto",
    "betl": "betl",
    "durch": "durch",
    "two_sevens": "dvě sedmy",
    "silent_seven": "tichá sedma",
    "silent_hundred_tens": "tiché sto nad 100",
    "seven_against": "sedma proti",  # obecná pravidla VII.1: announced by the defence
    "hundred_against": "sto proti",
    "nine": "devítka",  # SloapSlam čtyřka L28-32: honers
    "eight": "osma",
    "seven_points": "body schválené sedmy",  # L64-68: money per premium point
}
_PARTS_EN = {"game": "game", "silent_seven": "silent seven", "two_sevens": "two sevens",
             "silent_hundred_tens": "silent hundred past 100", "seven_against": "seven against",
             "hundred_against": "hundred against", "seven_points": "points of the seven"}
_PARTS_SK = {"silent_hundred_tens": "tichá stovka nad 100", "hundred_against": "stovka proti"}


# The participle agrees with the part's name (hra uhrána, sto uhráno, betl uhrán, malý uhraný).
_GENDER = {"hra": "f", "sedma": "f", "tichá sedma": "f", "stovka": "f", "sto": "n",
           "tichá stovka nad 100": "f", "sedma proti": "f", "stovka proti": "f",
           "devítka": "f", "osma": "f", "body schválené sedmy": "p",
           "betl": "m", "durch": "m", "malý": "m", "veľký": "m", "dvě sedmy": "p"}
_PARTICIPLES = {
    "cs": {"f": ("uhrána", "prohrána"), "n": ("uhráno", "prohráno"), "m": ("uhrán", "prohrán"),
           "p": ("uhrány", "prohrány")},
    "sk": {"f": ("uhraná", "prehraná"), "n": ("uhrané", "prehrané"), "m": ("uhraný", "prehraný"),
           "p": ("uhrané", "prehrané")},
}


def _outcome(name: str, won: bool, lang: str) -> str:
    forms = _PARTICIPLES.get(lang)
    if forms is None:
        return render("line_won" if won else "line_lost", lang)
    return forms[_GENDER.get(name, "n")][0 if won else 1]


@dataclass(frozen=True)
class Line:
    """One item: a component's value, the limit, a penalty, a PB award or a ruling.

    ``value`` is per payer, signed from the payers' side: positive means each payer concerned
    pays the declarer (for penalties: what the offender pays each other player, negative).
    """

    part: str
    units: int = 0
    hearts: int = 1
    level: int = 0
    steps: int = 1
    value: int = 0
    note: str = ""
    won: bool | None = None
    payers: tuple[int, ...] = ()  # empty: the same for every payer
    params: Mapping[str, Any] = field(default_factory=dict)

    def for_payers(self, payers: tuple[int, ...]) -> Line:
        return dataclasses.replace(self, payers=payers)

    @property
    def is_component(self) -> bool:
        return self.part in _PARTS_CS

    def describe(self, ruleset: Ruleset, lang: str = "cs") -> str:
        who = ""
        if self.payers:
            seats = ", ".join(str(s) for s in self.payers)
            who = render("line_payers", lang, seats=seats) + " "
        if not self.is_component:
            params = {k: format_pb(v, lang) if isinstance(v, Fraction) else v
                      for k, v in self.params.items()}
            params |= {"amount": money_text(abs(self.value), ruleset, lang),
                      "units": self.units}
            return who + render(f"line_{self.part}", lang, **params)
        local = (dict(ruleset.part_names).get(self.part)
                 or (_PARTS_SK.get(self.part) if lang == "sk" else None)
                 or _PARTS_CS[self.part])
        name = _PARTS_EN.get(self.part, self.part) if lang == "en" else local
        pieces = [f"{self.units} × {money_text(ruleset.base, ruleset, lang)}"]
        if self.hearts != 1:
            pieces.append(render("line_hearts", lang, factor=self.hearts))
        if self.level:
            pieces.append(f"{ruleset.doubling_name(self.level)} ×{2**self.level}")
        if self.steps != 1:
            pieces.append(f"×{self.steps}")
        outcome = _outcome(name, bool(self.won), lang)
        note = f" ({render('note_' + self.note, lang, **self.params)})" if self.note else ""
        return (f"{who}{name} {outcome}{note}: " + " · ".join(pieces)
                + f" = {money_text(self.value, ruleset, lang)}")

    def as_dict(self, ruleset: Ruleset, lang: str = "cs") -> dict[str, Any]:
        data: dict[str, Any] = {"part": self.part, "value": self.value}
        if self.is_component:
            data.update(units=self.units, hearts=self.hearts, level=self.level,
                        steps=self.steps, won=self.won)
        if self.payers:
            data["payers"] = list(self.payers)
        if self.params:
            data["params"] = {k: pb_out(v) if isinstance(v, Fraction)
                              else v.in_language(lang) if isinstance(v, Money) else v
                              for k, v in self.params.items()}
        data["text"] = self.describe(ruleset, lang)
        return data


def money_text(amount: int, ruleset: Ruleset, lang: str = "cs") -> str:
    """Minor units as an amount with the ruleset's currency: 320 → "3,20 Kč" (en "3.20 CZK")."""
    return format_money(amount, ruleset.currency, lang)
