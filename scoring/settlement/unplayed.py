"""Hands settled without play: the omyl (ČSM 2023 B.8) and the quiet trump game (pagat L96)."""

from __future__ import annotations

from scoring.explain import Line
from scoring.hand import Hand, Seat
from scoring.ruleset import Ruleset, Rung
from scoring.settlement.result import transfer


def settle_concession(
    hand: Hand, ruleset: Ruleset, money: dict[Seat, int], lines: list[Line]
) -> None:
    # ČSM 2023 B.8 and A (omyl): the declarer pays the omyl rate to each other player.
    amount = ruleset.rates.concession * ruleset.base
    for payer in hand.payers:
        transfer(money, frm=hand.declarer, to=payer, amount=amount)
    lines.append(Line("concession", units=ruleset.rates.concession, value=-amount))


def settle_quiet_game(
    hand: Hand, ruleset: Ruleset, rung: Rung, money: dict[Seat, int], lines: list[Line]
) -> None:
    """Pagat L96: a trump game without announcements or flek is not played; the forehand is
    paid one game by every payer (two with hearts)."""
    hearts = ruleset.hearts_factor if rung.hearts else 1
    units = ruleset.rates.game * hearts
    amount = units * ruleset.base
    for payer in hand.payers:
        transfer(money, frm=payer, to=hand.declarer, amount=amount)
    lines.append(Line("quiet_game", units=units, value=amount))
