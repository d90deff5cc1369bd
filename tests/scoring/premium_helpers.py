"""Shared by the PB tests (``test_premium_*.py``): the tables, the declarer seats, a hand
and its PB under a table.

Seats: dealer 4 sits out, so seat 1 is forehand (s výnosem) and seat 2 is not.
"""

from __future__ import annotations

from scoring.hand import Hand, PremiumFacts
from scoring.premium import PremiumTable, get_table, premium_points
from scoring.presets.csm_2023 import CSM_LICITOVANY_2023
from scoring.types import Component

G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED
B, D, T = Component.BETL, Component.DURCH, Component.TWO_SEVENS

PB_DOC = "docs/csm-licitovany.md#premium-points"  # where every tested table value comes from

T2010 = get_table("csm-2010")
T2014 = get_table("csm-2014")
T2023 = get_table("csm-2023-default")

LEAD, NO_LEAD = 1, 2  # declarer seats: forehand leads (s výnosem), seat 2 does not


def hand(contract: str, declarer: int = NO_LEAD, **facts: object) -> Hand:
    doublings = facts.pop("doublings", ())
    return Hand(players=4, dealer=4, declarer=declarer, contract=contract,
                premium=PremiumFacts(**facts), doublings=doublings)  # type: ignore[arg-type]


def award(contract: str, won: dict[Component, bool], table: PremiumTable = T2023,
          declarer: int = NO_LEAD, **facts: object):
    h = hand(contract, declarer, **facts)
    rung = CSM_LICITOVANY_2023.rung(contract)
    assert rung is not None
    return premium_points(h, rung, won, table)


def codes(result) -> list[str]:
    return [w.code for w in result.warnings]
