"""The settlement of one hand and the money moves every settlement module makes."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import Problem
from scoring.explain import Line
from scoring.hand import Seat
from scoring.ruleset import Ruleset


@dataclass(frozen=True)
class Settlement:
    money: dict[Seat, int]  # per seat, smallest currency unit; sums to zero
    premium: dict[Seat, Fraction]  # PB per seat (0 for nobody's)
    lines: tuple[Line, ...]
    warnings: tuple[Problem, ...]
    premium_pending: bool  # PB of a renonc hand wait for the referee (ČSM 2023 E.6.f)
    premium_described: bool  # 50+ PB: description and signature on the sheet (ČSM 2023 B.3)


def transfer(money: dict[Seat, int], *, frm: Seat, to: Seat, amount: int) -> None:
    money[frm] -= amount
    money[to] += amount


def pay_every_other(money: dict[Seat, int], seats: tuple[Seat, ...], frm: Seat,
                    amount: int) -> None:
    """A fine or paušál: ``frm`` pays ``amount`` to every other player at the table."""
    for seat in seats:
        if seat != frm:
            transfer(money, frm=frm, to=seat, amount=amount)


def capped(amount: int, limit: int | None) -> int:
    return amount if limit is None else max(-limit, min(limit, amount))


def limit_amount(ruleset: Ruleset, units: int | None) -> int | None:
    """A limit of :class:`scoring.ruleset.Rates` in the smallest currency unit (None: none)."""
    return None if units is None else units * ruleset.base
