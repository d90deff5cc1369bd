"""Issue 23: "no hand that the rules allow is refused", for every preset.

``allowed_hands`` (tests/scoring/allowed_hands.py) builds hands whose facts all agree with the
ruleset's rules: the contracts of its ladder, doublings by the seats that may flek, points with
the last trick's 10 to the side that took it, a sto on a marriage where SZMK wants one, the
announcements the defence may make, renoncs of the catalogue as the rules combine them, and the
situations issue 23 made recordable. Nothing is filtered: each hand must be accepted by
validation and settle to a zero sum, and each run must have met the situations its ruleset
allows (so the property cannot pass by drawing only plain hands).
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import settle
from scoring.errors import ScoringError
from scoring.hand import Hand, Renonc
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.notation import format_hand, format_shorthand, parse
from scoring.presets import PRESETS
from scoring.ruleset import Ruleset
from scoring.types import Component, HandEffect
from scoring.validate import check
from tests.scoring.allowed_hands import allowed_hands

RULESETS = {
    **PRESETS,
    # every renonc counts (docs/readings.md §9.53) and the issue-23 readings on their other side
    "csm-licitovany-2023-every-renonc": PRESETS["csm-licitovany-2023"].override(
        first_in_play_renonc_only=False),
    "sloapslam-krizovy-other-readings": PRESETS["sloapslam-krizovy"].override(
        first_in_play_renonc_only=False, renonc_basic_unfleked=True,
        fleker_liability_per_part=True, forced_fleker_relieved=False,
        renonc_unplayed_loses_game=False, dropped_game_re_plays=False, trick8_flek_stands=False),
    "sloapslam-ctyrka-no-defence-announcements": PRESETS["sloapslam-ctyrka"].override(
        defence_announcements=()),
}


def _met(hand: Hand) -> set[str]:
    """The situations a hand shows."""
    met = {f"against_{a.component.value}" for a in hand.announcements}
    facts = {
        "partner": hand.partner is not None, "seven_by": hand.seven_by is not None,
        "forced": any(d.forced for d in hand.doublings), "trick8": hand.trick8 is not None,
        "laid_down": hand.laid_down, "further": bool(hand.further_renoncs),
        "played_out": hand.renonc is not None and hand.renonc.played_out,
    }
    return met | {name for name, seen in facts.items() if seen}


def _expected(ruleset: Ruleset) -> set[str]:
    """The situations the ruleset allows, which a run must meet."""
    dohravka = any(r.effect is HandEffect.LOST_UNLESS_PLAYED_OUT for r in ruleset.renoncs)
    stacked = (not ruleset.first_in_play_renonc_only or dohravka
               or any(r.pausal_only for r in ruleset.renoncs))
    expected = {"forced", "laid_down"}
    expected |= {f"against_{c.value}" for c in ruleset.defence_announcements}
    expected |= {"partner", "seven_by"} if ruleset.partnerships else set()
    expected |= {"trick8"} if any(r.clever for r in ruleset.ladder) else set()
    expected |= {"played_out"} if dohravka else set()
    expected |= {"further"} if stacked else set()
    return expected


@pytest.mark.parametrize("ruleset", RULESETS.values(), ids=RULESETS.keys())
def test_every_allowed_hand_is_accepted_and_zero_sum(ruleset: Ruleset) -> None:
    met: set[str] = set()

    @settings(max_examples=100, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(st.data())
    def run(data: st.DataObject) -> None:
        hand = data.draw(allowed_hands(ruleset))
        errors, _warnings = check(hand, ruleset)
        assert errors == [], (hand, errors)
        result = settle(hand, ruleset)
        assert sum(result.money.values()) == 0, (hand, result.money)
        met.update(_met(hand))

    run()
    assert _expected(ruleset) <= met, _expected(ruleset) - met


def test_the_strategy_draws_hundred_against_beside_the_declarers_hundred() -> None:
    """OBE L239-241 (sto proti beside the declarer's own sto) is among the drawn hands."""
    ruleset = PRESETS["csm-voleny"]
    seen: list[bool] = []

    @settings(max_examples=60, deadline=None, database=None, derandomize=True)
    @given(allowed_hands(ruleset))
    def run(hand: Hand) -> None:
        rung = ruleset.rung(hand.contract) if hand.contract else None
        seen.append(rung is not None and Component.HUNDRED in rung.components and any(
            a.component is Component.HUNDRED for a in hand.announcements))

    run()
    assert any(seen)


# --- ČSM 2023 E.6.d limits only renoncs in play -------------------------------------------------
# E.6.d "Sejde-li se dva a více renonců ve hře v jedné sehrávce, přihlíží se pouze k prvnímu
# z nich"; E.6.a "Hráč, který se dopustil technického renoncu, hradí všem ostatním pouze
# příslušný paušál". Seats: A = 1 (forhont, declarer), B = 2, C = 3 deals; base 20 h.

CSM = PRESETS["csm-licitovany-2023"]


def _csm(notation: str) -> Hand:
    return parse(notation, ruleset=CSM, players=3, dealer=3, declarer=1)


@pytest.mark.parametrize("notation", ["7k !e2a@2 !e3b@3", "7k !e3b@3 !e2a@2"])
def test_a_technical_renonc_beside_a_renonc_in_play_both_count(notation: str) -> None:
    """B's renonc in play loses the hand, B paying A for the whole defence (E.6.b-c, hra 20 +
    sedma 40, twice, no paušál); C's technical renonc costs his paušál 1 (2 Kč) to each other
    player (E.6.a). Written in either order, the renonc in play decides the hand."""
    hand = _csm(notation)
    assert (hand.renonc.code, [r.code for r in hand.further_renoncs]) == ("E.2.a", ["E.3.b"])
    result = settle(hand, CSM)
    assert [result.money[s] for s in hand.seats] == [120 + 200, -120 + 200, -400]
    assert format_hand(hand, CSM, lang="en").count("renonc") == 2
    again = hand_from_dict(json.loads(json.dumps(hand_to_dict(hand))))
    assert again == hand
    assert parse(format_shorthand(hand, CSM), ruleset=CSM, players=3, dealer=3, declarer=1) == hand


def test_two_technical_renoncs_each_cost_their_pausal() -> None:
    """E.6.a per offender: the hand as played, and a paušál 1 from each of B and C."""
    hand = _csm("7k h+ s+ !e3b@2 !e3a@3")
    result = settle(hand, CSM)
    assert [result.money[s] for s in hand.seats] == [120 + 400, -60 - 400 + 200, -60 - 400 + 200]


def test_a_second_renonc_in_play_is_still_refused() -> None:
    """E.6.d: of two renoncs in play only the first counts: the shorthand refuses a second,
    and so does validation of a hand recorded with one (JSON)."""
    with pytest.raises(ScoringError) as caught:
        _csm("7k !e3b@3 !e2a@2 !e2b@1")
    assert [p.code for p in caught.value.problems] == ["notation_twice"]
    hand = dataclasses.replace(_csm("7k !e2a@2"), further_renoncs=(Renonc("E.2.b", 3),))
    assert [p.code for p in check(hand, CSM)[0]] == ["further_renonc_without_played_out"]
    technical_first = dataclasses.replace(_csm("7k h+ s+ !e3b@3"),
                                          further_renoncs=(Renonc("E.2.a", 2),))
    assert [p.code for p in check(technical_first, CSM)[0]] == [
        "further_renonc_without_played_out"]  # the renonc in play is written first
