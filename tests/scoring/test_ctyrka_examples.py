"""Worked examples of the SloapSlam honerová licitovaná čtyřka (docs/sloapslam-ctyrka.md "Worked
examples"), preset ``sloapslam-ctyrka``.

Each example names the lines of the club's text it rests on ("SLS L28" = line 28 of
rules/sloapslam-krizovy-a-honerovy.txt as ``cat -n`` numbers it). Seats: A = 1 (declarer),
B = 2 (his partner in 2v2), C = 3, D = 4; all four play. Base 1 Kč = 100 h ("korunový", L14).
Every example is settled from the Hand and through
``python -m scoring settle --ruleset sloapslam-ctyrka --notation ...``; the shorthand and the
canonical description read back to the same hand (docs/notation.md "SloapSlam").
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import Doubling, Hand, PremiumFacts, get_preset, settle
from scoring.errors import ScoringError
from scoring.hand import Announcement, Honour
from scoring.honours import round_money
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.notation import format_hand, parse
from scoring.notation.shorthand import format_shorthand
from scoring.types import Component, Rank, Suit
from scoring.validate import check, for_ruleset
from scoring.variants import unplayed_rule
from tests.scoring.ctyrka_examples import CTY, EXAMPLES, A, B, C, D, G, four, money
from tests.scoring.notation_checks import doc_examples

IDS = [f"4.5.{e[0]}" for e in EXAMPLES]


@pytest.mark.parametrize(("number", "hand", "shorthand", "expected"), EXAMPLES, ids=IDS)
def test_example(number: str, hand: Hand, shorthand: str, expected: list[int]) -> None:
    assert money(hand) == expected
    assert sum(expected) == 0


@pytest.mark.parametrize(("number", "hand", "shorthand", "expected"), EXAMPLES, ids=IDS)
def test_example_notation_round_trip(number: str, hand: Hand, shorthand: str,
                                     expected: list[int]) -> None:
    seats = {"players": 4, "dealer": hand.dealer, "declarer": hand.declarer}
    assert parse(shorthand, ruleset=CTY, **seats) == hand
    assert parse(format_shorthand(hand, CTY), ruleset=CTY, **seats) == hand
    assert parse(format_hand(hand, CTY), ruleset=CTY, **seats) == hand
    assert hand_from_dict(hand_to_dict(hand)) == hand


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", *args], capture_output=True,
                          text=True, timeout=60, check=False)


@pytest.mark.parametrize(("number", "hand", "shorthand", "expected"), EXAMPLES[:6], ids=IDS[:6])
def test_example_through_the_command(number: str, hand: Hand, shorthand: str,
                                     expected: list[int]) -> None:
    done = _run("settle", "--ruleset", "sloapslam-ctyrka", "--notation", shorthand, "--seats",
                "4", "--dealer", str(hand.dealer), "--declarer", str(hand.declarer))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["money"] == expected
    assert all(line["text"] and "line_" not in line["text"] for line in out["lines"])


def test_8_under_the_csm_limit() -> None:
    # example 4.5.8: under the ČSM honer table's 500 Kč the tutti is paid in full: A +390 Kč.
    csm = CTY.override(rates={"limit": 500})
    assert money(EXAMPLES[8][1], csm)[0] == 39000


def test_bare_accepted_hra_is_not_played() -> None:
    # SLS L20 "Hra se nehraje a protistrana rovnou platí danou sazbu", L24 (nothing fleked):
    # a bare accepted hra needs no result (issue 23; tests/scoring/test_text_contradictions.py).
    assert "outcome_missing" not in {p.code for p in check(four(contract="game",
                                                                trump=Suit.BELLS), CTY)[0]}


def test_fleked_honour_with_hra_fleked_is_played() -> None:
    # docs/readings.md §9.32: a fleked honer is always played, whatever the hra.
    hand = four(contract="seven", trump=Suit.BELLS, partner=B, premium=PremiumFacts(trumps=2),
                doublings=(Doubling(G, 1, by=(C,)),),
                honours=(Honour(Rank.NINE, A, 2, raises=(D,)),))
    codes = {p.code for p in check(hand, CTY)[0]}
    assert {"outcome_missing", "honour_result_missing"} <= codes


def test_honour_checks() -> None:
    def codes(hand: Hand, ruleset: Any = CTY) -> set[str]:
        return {p.code for p in check(hand, ruleset)[0]}
    base = {"contract": "game", "trump": Suit.BELLS, "game_won": True}
    assert "honour_trumps_missing" in codes(four(honours=(Honour(Rank.NINE, A, won=True),),
                                                 **base))
    assert "honour_no_trumps" in codes(four(contract="betl", betl_won=True,
                                            honours=(Honour(Rank.NINE, A, 3, won=True),)))
    assert "honour_not_in_rules" in codes(four(honours=(Honour(Rank.NINE, A, 3, won=True),),
                                               **base), get_preset("csm-krizovy"))
    assert "seven_trumps_missing" in codes(four(contract="seven", trump=Suit.BELLS))
    # the partner may not flek his own side's honer
    assert "partner_flek" in codes(four(partner=B, honours=(
        Honour(Rank.NINE, A, 3, raises=(B,), won=True),), **base))


def test_money_in_whole_crowns() -> None:
    # L14 "korunový", SLS Čl. V L274: a round's money to whole crowns, halves away from zero.
    assert [round_money(v, CTY) for v in (3740, 1260, -2140, -2860, 50, -150)] == [
        3700, 1300, -2100, -2900, 100, -200]
    assert round_money(1234, get_preset("csm-krizovy")) == 1234


def test_unknown_honour_in_json() -> None:
    with pytest.raises(ScoringError):
        hand_from_dict({"players": 4, "dealer": 4, "declarer": 1, "contract": "game",
                        "honours": [{"rank": "joker", "by": 1}]})


# -- properties -------------------------------------------------------------------------------


@st.composite
def ctyrka_hands(draw: st.DrawFn) -> Hand:
    dealer = draw(st.integers(1, 4))
    declarer = draw(st.integers(1, 4))
    others = [s for s in (1, 2, 3, 4) if s != declarer]
    partner = draw(st.sampled_from([None, *others]))
    contract = draw(st.sampled_from(["game", "seven", "game_hearts", "seven_hearts"]))
    hearts = contract.endswith("hearts")
    trump = Suit.HEARTS if hearts else draw(st.sampled_from([Suit.BELLS, Suit.LEAVES,
                                                             Suit.ACORNS]))
    side = [declarer] + ([partner] if partner else [])
    defenders = [s for s in (1, 2, 3, 4) if s not in side]
    honours = []
    for rank in draw(st.sets(st.sampled_from([Rank.NINE, Rank.EIGHT]))):
        flek = draw(st.sampled_from([(), (defenders[0],), (defenders[-1], declarer)]))
        honours.append(Honour(rank, draw(st.sampled_from(side)), draw(st.integers(1, 8)),
                              raises=flek, won=draw(st.booleans())))
    game_level = draw(st.integers(0, 2))
    doublings = (Doubling(Component.GAME, game_level, by=(defenders[0],)),) if game_level else ()
    seven = "seven" in contract
    # SLS L42, L46: the partner may announce the side's seven (his trumps count); OBE L250,
    # SLS L16: the other side may announce a sedma proti.
    seven_by = partner if seven and partner and draw(st.booleans()) else None
    seat_trumps = ((seven_by, draw(st.integers(1, 8))),) if seven_by else ()
    against = () if seven or draw(st.integers(0, 3)) != 0 else (
        Announcement(Component.SEVEN, draw(st.sampled_from(defenders)),
                     won=draw(st.booleans())),)
    hand = Hand(players=4, dealer=dealer, declarer=declarer, contract=contract, trump=trump,
                partner=partner, honours=tuple(honours), doublings=doublings,
                premium=PremiumFacts(trumps=draw(st.integers(1, 8)), seat_trumps=seat_trumps)
                if seven else PremiumFacts(), all_play=True, seven_by=seven_by,
                announcements=against)
    rung = CTY.rung(contract)
    assert rung is not None
    if unplayed_rule(hand, CTY, rung) is None:
        results: dict[str, Any] = {"game_won": draw(st.booleans())}
        if seven:
            results["seven_won"] = draw(st.booleans())
        hand = dataclasses.replace(hand, **results)
    return hand


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ctyrka_hands())
def test_random_hands_sum_to_zero_and_read_back(hand: Hand) -> None:
    result = settle(hand, CTY)
    assert sum(result.money.values()) == 0
    assert all(v % 100 == 0 for v in result.money.values())  # korunový: whole crowns
    seats = {"players": 4, "dealer": hand.dealer, "declarer": hand.declarer}
    assert parse(format_shorthand(hand, CTY), ruleset=CTY, **seats) == hand
    assert parse(format_hand(hand, CTY), ruleset=CTY, **seats) == hand
    assert hand_from_dict(hand_to_dict(hand)) == hand


# -- docs/notation.md, "SloapSlam" (S1-S5) -------------------------------------------------------




DOC_EXAMPLES = doc_examples("SloapSlam")


def test_the_document_has_s1_to_s5() -> None:
    assert [e["title"].split(".")[0] for e in DOC_EXAMPLES] == [f"S{i}" for i in range(1, 6)]


@pytest.mark.parametrize("example", DOC_EXAMPLES, ids=[e["title"][:2] for e in DOC_EXAMPLES])
def test_doc_example(example: dict[str, Any]) -> None:
    ruleset = get_preset(example["ruleset"])
    seats = {"players": 4, "dealer": 4, "declarer": 1}
    expected = for_ruleset(hand_from_dict({**seats, **json.loads(example["hand"])}), ruleset)
    assert check(expected, ruleset)[0] == []
    for text in (example["shorthand"], example["description"], *example["also"]):
        assert parse(text, ruleset=ruleset, **seats) == expected, text
    assert format_shorthand(expected, ruleset) == example["shorthand"]
    assert format_hand(expected, ruleset) == example["description"]
    result = settle(expected, ruleset).money
    assert [result[s] for s in expected.seats] == json.loads(example["money"])


@pytest.mark.parametrize(("number", "hand", "shorthand", "expected"), EXAMPLES, ids=IDS)
def test_every_example_through_the_command_as_json(number: str, hand: Hand, shorthand: str,
                                                   expected: list[int]) -> None:
    """Issue 15's "must show": each worked example of docs/sloapslam-ctyrka.md through
    ``python -m scoring settle``, as the JSON hand (docs/hand-format.md) on stdin."""
    done = subprocess.run([sys.executable, "-m", "scoring", "settle", "--ruleset",
                           "sloapslam-ctyrka"], input=json.dumps(hand_to_dict(hand)),
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["money"] == expected
