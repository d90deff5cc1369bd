"""PB inside the settlement: awarded from the facts, gated by renonc rulings (ČSM 2023 E.6.e/f)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scoring import get_preset, settle
from scoring.jsonio import hand_from_dict, settlement_to_dict

CSM = get_preset("csm-licitovany-2023")

SEVEN_ONE_TRUMP = {"contract": "seven", "trump": "bells", "game_won": True, "seven_won": True,
                   "premium": {"trumps": 1}}
HUNDRED_TWO_TRUMPS = {"contract": "hundred", "trump": "bells",
                      "points": {"declarer_cards": 80, "declarer_marriages": [40]},
                      "premium": {"trumps": 2, "trump_ace": True, "trump_ten": True}}


def result(declarer: int = 2, **fields: Any):
    return settle(hand_from_dict({"players": 4, "dealer": 1, "declarer": declarer, **fields}),
                  CSM)


def test_sedma_on_one_trump_with_and_without_lead() -> None:
    # docs/csm-licitovany.md#premium-points, 2014 row kept in the 2023 default: sedma on 1 trump
    # 20/28.
    assert result(**SEVEN_ONE_TRUMP).premium[2] == 20  # seat 2 is forehand: s výnosem
    assert result(declarer=3, **SEVEN_ONE_TRUMP).premium[3] == 28


def test_lost_sedma_earns_nothing() -> None:
    assert result(**{**SEVEN_ONE_TRUMP, "seven_won": False}).premium[2] == 0


def test_pb_do_not_change_money() -> None:
    plain = {k: v for k, v in SEVEN_ONE_TRUMP.items() if k != "premium"}
    assert result(**SEVEN_ONE_TRUMP).money == result(**plain).money


def test_offending_side_loses_its_pb() -> None:
    # ČSM 2023 E.6.e: only the side that did not offend can score PB.
    r = result(**SEVEN_ONE_TRUMP, renonc={"code": "E.3.b", "offender": 2})
    assert r.premium[2] == 0
    assert any(line.part == "premium_refused_offender" for line in r.lines)


def test_fifty_pb_after_a_renonc_wait_for_the_referee() -> None:
    # ČSM 2023 E.6.f: 50+ PB after a renonc are the referee's call; B.3: described on the sheet.
    hand = {**HUNDRED_TWO_TRUMPS, "renonc": {"code": "E.3.a", "offender": 4}}
    pending = result(declarer=3, **hand)
    assert pending.premium[3] == 0 and pending.premium_pending and pending.premium_described
    granted = result(declarer=3, premium_ruling=True, **hand)
    assert granted.premium[3] == 60 and not granted.premium_pending
    refused = result(declarer=3, premium_ruling=False, **hand)
    assert refused.premium[3] == 0 and not refused.premium_pending


def test_fifty_pb_without_renonc_are_granted_and_marked() -> None:
    r = result(declarer=3, **HUNDRED_TWO_TRUMPS)
    assert r.premium[3] == 60 and r.premium_described and not r.premium_pending


def test_half_points_survive_to_json() -> None:
    # 2014: sedma on 3 trumps 7/10, sto on 3 trumps without A and 10 40/55; sto a sedma
    # both made on ≤ 4 trumps = sedma PB + half the sto PB: 10 + 27.5 bez výnosu.
    r = result(declarer=3, contract="hundred_seven", trump="bells", seven_won=True,
               points={"declarer_cards": 60, "declarer_marriages": [40]},
               premium={"trumps": 3, "trump_ace": False, "trump_ten": False})
    assert r.premium[3] == Fraction(75, 2)
    assert settlement_to_dict(r, CSM)["premium"][2] == 37.5
