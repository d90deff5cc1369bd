"""Křížový mariáš (ČSM obecná pravidla VII.2): four active players and the declaring pair.

The sides are facts of the hand (:attr:`Hand.partner`, :attr:`Hand.trick8`,
:attr:`Hand.called_rank`) read by :class:`~scoring.hand.Hand` itself (``declaring_side``,
``payers``, ``receiver``); the money stays in :mod:`scoring.settle`. Here are the checks of
those facts (docs/csm-krizovy.md "Table and sides", docs/families.md §8.2 a and o). Lines cite
``rules/csm-obecna-pravidla-ocr.txt``.
"""

from __future__ import annotations

from scoring.errors import Problem
from scoring.hand import Hand
from scoring.ruleset import Ruleset, Rung


def check_partnerships(hand: Hand, ruleset: Ruleset, rung: Rung | None,
                       errors: list[Problem]) -> None:
    """Partner, called rank and trick 8 against the ruleset and the contract."""
    if not ruleset.partnerships:
        for name in ("partner", "called_rank", "trick8"):
            if getattr(hand, name) is not None:
                errors.append(Problem("partnership_not_in_rules", name, {}))
        if hand.all_play:
            errors.append(Problem("partnership_not_in_rules", "all_play", {}))
        return
    partner = hand.partner
    if partner is not None:
        if not 1 <= partner <= hand.players:
            errors.append(Problem("seat_range", "partner",
                                  {"seat": partner, "players": hand.players}))
        elif partner == hand.declarer:
            # L244: calling a card he holds himself means playing alone: no partner.
            errors.append(Problem("partner_is_declarer", "partner", {"seat": partner}))
        elif rung is not None and not rung.has_trumps:
            # L250-251 (betl), L251-253 (durch): played alone; only trick 8 of a durch
            # s chytrým brings a partner.
            errors.append(Problem("partner_no_trumps", "partner", {}))
        elif rung is None and hand.contract is not None:
            errors.append(Problem("partner_no_trumps", "partner", {}))
    trick8 = hand.trick8
    clever = rung is not None and rung.clever
    if trick8 is not None:
        if not clever:
            errors.append(Problem("trick8_not_clever", "trick8", {}))
        elif not 1 <= trick8 <= hand.players:
            errors.append(Problem("seat_range", "trick8",
                                  {"seat": trick8, "players": hand.players}))
    elif clever and hand.durch_won and hand.renonc is None and not hand.laid_down:
        errors.append(Problem("trick8_missing", "trick8", {}))
    if hand.called_rank is not None and hand.contract is None:
        errors.append(Problem("called_rank_without_contract", "called_rank", {}))
