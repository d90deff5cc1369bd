"""Facts that cannot happen at a table are refused, with the field named (issue 11 item 3).

The validator's rules are in :func:`scoring.validate.last_trick_facts`; this file judges them
against its own predicate, written from the cards: the 90 card points are the eight aces and
tens (10 each, split between the sides in any way) and 10 for the last trick, which goes to
exactly one side. Every refused hand must be impossible by that predicate and every accepted
one possible. The list of checks is in docs/hand-format.md ("Impossible facts").
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import ScoringError, get_preset
from scoring.hand import Hand, SilentSeven
from scoring.jsonio import hand_from_dict
from scoring.ruleset import CONCESSION, Ruleset
from scoring.types import Component, HandEffect, Side
from scoring.validate import check
from tests.scoring.strategies import valid_hands

CSM = get_preset("csm-licitovany-2023")
SZMK = get_preset("szmk-voleny-2024")
IMPOSSIBLE = {"last_trick_declarer_no_points", "last_trick_defence_no_points",
              "silent_seven_laid_down"}
ACES_AND_TENS = 8  # worth 10 card points each
LAST_TRICK = 10


def possible(hand: Hand, ruleset: Ruleset) -> bool:
    """Whether some play of the cards gives the recorded facts (the test's own model)."""
    rule = ruleset.renonc(hand.renonc.code) if hand.renonc else None
    if rule is not None and rule.effect is HandEffect.LOST_BY_OFFENDER:
        return True  # the play stopped at the renonc; the points are credited, not taken
    took_last = {"declarer", "defence"}
    if hand.silent_seven is not None:
        owner = hand.silent_seven.side.value
        other = ({"declarer", "defence"} - {owner}).pop()
        # a trump seven in the last trick either takes it for its side or is beaten there
        took_last &= {owner if hand.silent_seven.won else other}
    if hand.seven_won or hand.two_sevens_won:
        took_last &= {"declarer"}  # the announced (trump) seven took the last trick
    if hand.laid_down:
        took_last &= {"declarer"}  # a laid-down game: every trick left is the declarer's
    if not took_last:
        return False
    if hand.points is None:
        return True
    return any(
        10 * aces_and_tens + (LAST_TRICK if side == "declarer" else 0)
        == hand.points.declarer_cards
        for side in took_last for aces_and_tens in range(ACES_AND_TENS + 1)
    )


@st.composite
def facts_at_random(draw: st.DrawFn, ruleset: Ruleset) -> Hand:
    """A valid trump-game hand whose last-trick facts are then drawn with no regard to them."""
    hand = draw(valid_hands(ruleset))
    rung = ruleset.rung(hand.contract) if hand.contract not in (None, CONCESSION) else None
    assume(rung is not None and rung.has_trumps)
    assert rung is not None
    changes: dict[str, Any] = {}
    if hand.points is not None:
        cards = draw(st.sampled_from([0, 10, 80, 90]) | st.integers(0, 9).map(lambda t: t * 10))
        changes["points"] = dataclasses.replace(hand.points, declarer_cards=cards)
    if not rung.announces_seven:
        sevens = st.builds(SilentSeven, st.sampled_from(list(Side)), st.booleans())
        changes["silent_seven"] = draw(st.none() | sevens | sevens)
    if Component.SEVEN in rung.components:
        changes["seven_won"] = draw(st.none() | st.booleans())
    if Component.TWO_SEVENS in rung.components:
        changes["two_sevens_won"] = draw(st.none() | st.booleans())
    changes["laid_down"] = draw(st.booleans())
    return dataclasses.replace(hand, **changes)


PROPERTY = settings(max_examples=400, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@pytest.mark.parametrize("ruleset", [CSM, SZMK], ids=["csm", "szmk"])
def test_refused_exactly_when_impossible(ruleset: Ruleset) -> None:
    @PROPERTY
    @given(facts_at_random(ruleset))
    def run(hand: Hand) -> None:
        errors = check(hand, ruleset)[0]
        assume(all(p.code in IMPOSSIBLE for p in errors))  # nothing else wrong with it
        assert (not errors) == possible(hand, ruleset), [p.code for p in errors]

    run()


# -- worked cases, each naming its field -----------------------------------------------------------


def refused(ruleset: Ruleset = SZMK, **data: Any) -> tuple[str, str]:
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, **data})
    with pytest.raises(ScoringError) as error:
        check_or_raise(hand, ruleset)
    return error.value.code, error.value.field


def check_or_raise(hand: Hand, ruleset: Ruleset) -> None:
    errors = check(hand, ruleset)[0]
    if errors:
        raise ScoringError(errors)


def test_all_90_for_the_declarer_and_the_defence_seven_took_the_last_trick() -> None:
    assert refused(contract="game", trump="bells", points={"declarer_cards": 90},
                   silent_seven={"side": "defence", "won": True}) == (
        "last_trick_defence_no_points", "silent_seven")


def test_the_declarer_seven_beaten_in_the_last_trick_leaves_him_at_most_80() -> None:
    assert refused(contract="game", trump="bells", points={"declarer_cards": 90},
                   silent_seven={"side": "declarer", "won": False}) == (
        "last_trick_defence_no_points", "silent_seven")


def test_a_seven_that_won_with_no_card_points() -> None:
    assert refused(CSM, contract="seven", trump="bells", points={"declarer_cards": 0},
                   seven_won=True) == ("last_trick_declarer_no_points", "seven_won")
    assert refused(contract="game", trump="bells", points={"declarer_cards": 0},
                   silent_seven={"side": "declarer", "won": True}) == (
        "last_trick_declarer_no_points", "silent_seven")
    assert refused(contract="game", trump="bells", points={"declarer_cards": 0},
                   silent_seven={"side": "defence", "won": False}) == (
        "last_trick_declarer_no_points", "silent_seven")


def test_two_sevens_won_with_no_card_points() -> None:
    assert refused(CSM, contract="two_sevens_hundred", trump="bells", helper="leaves",
                   points={"declarer_cards": 0, "declarer_marriages": [40]},
                   two_sevens_won=True) == ("last_trick_declarer_no_points", "two_sevens_won")


def test_a_laid_down_game_takes_the_last_trick() -> None:
    assert refused(contract="game", trump="bells", laid_down=True,
                   silent_seven={"side": "defence", "won": True}) == (
        "silent_seven_laid_down", "silent_seven")
    assert refused(contract="game", trump="bells", laid_down=True,
                   points={"declarer_cards": 0}) == ("last_trick_declarer_no_points",
                                                      "laid_down")


def test_the_edges_are_possible() -> None:
    for data in (
        {"points": {"declarer_cards": 80}, "silent_seven": {"side": "defence", "won": True}},
        {"points": {"declarer_cards": 10}, "silent_seven": {"side": "declarer", "won": True}},
        {"points": {"declarer_cards": 90}, "silent_seven": {"side": "defence", "won": False}},
        {"points": {"declarer_cards": 0}, "silent_seven": {"side": "declarer", "won": False}},
    ):
        hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "game",
                               "trump": "bells", **data})
        assert check(hand, SZMK)[0] == []


def test_an_in_play_renonc_ends_the_play_before_the_last_trick() -> None:
    # ČSM 2023 E.6.b: the points are credited and the last trick was never played.
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "seven",
                           "trump": "bells", "points": {"declarer_cards": 0},
                           "seven_won": True, "renonc": {"code": "E.2.a", "offender": 2}})
    assert check(hand, CSM)[0] == []
    assert possible(hand, CSM)
