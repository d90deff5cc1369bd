"""Worked examples of the SloapSlam bodovaný křížový mariáš (docs/sloapslam-krizovy.md "Worked
examples"), preset ``sloapslam-krizovy``.

Lines ("SLS L186") are those of rules/sloapslam-krizovy-a-honerovy.txt as ``cat -n`` numbers
them; Čl. II items are "B/n", Čl. III "Cn", Čl. IV "Dn". Seats: A = 1 (forhont, declarer),
B = 2 (his partner in 2v2), C = 3, D = 4 deals; base 20 h ("dvacetihaléřový", L82).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings

from scoring import Hand, Renonc, settle
from scoring.honours import round_money
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.notation import format_hand, parse
from scoring.notation.shorthand import format_shorthand
from scoring.types import FlekerLiability, Suit
from tests.scoring.sloapslam_examples import (
    EXAMPLES,
    SLS,
    B,
    C,
    D,
    four,
    krizovy_hands,
    money,
)

IDS = [f"5.7.{e[0]}" for e in EXAMPLES]


@pytest.mark.parametrize(("number", "hand", "expected"), EXAMPLES, ids=IDS)
def test_example(number: str, hand: Hand, expected: list[int]) -> None:
    assert money(hand) == expected
    assert sum(expected) == 0


@pytest.mark.parametrize(("number", "hand", "expected"), EXAMPLES, ids=IDS)
def test_example_read_back(number: str, hand: Hand, expected: list[int]) -> None:
    seats = {"players": 4, "dealer": hand.dealer, "declarer": hand.declarer}
    assert parse(format_shorthand(hand, SLS), ruleset=SLS, **seats) == hand
    assert parse(format_hand(hand, SLS), ruleset=SLS, **seats) == hand
    assert hand_from_dict(hand_to_dict(hand)) == hand


def test_example_through_the_command() -> None:
    # example 5.7.4 through the command line: "r7#31" = C flek, A re on the sedma.
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "settle", "--ruleset", "sloapslam-krizovy",
         "--notation", "7k sp@2 r7#31 h+ s+", "--seats", "4", "--dealer", "4", "--declarer",
         "1"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["money"] == [180, 180, -300, -60]
    assert any(line["part"] == "fleker_pays" for line in out["lines"])


def test_5_literal_reading() -> None:
    # example 5.7.5 literal B/10 reading: the two flekers pay everything, the third nothing.
    literal = SLS.override(fleker_liability=FlekerLiability.FLEKERS_PAY_ALL)
    assert money(EXAMPLES[4][1], literal) == [3600, -1800, -1800, 0]
    ordinary = SLS.override(fleker_liability=FlekerLiability.NONE)
    assert money(EXAMPLES[4][1], ordinary) == [3600, -1200, -1200, -1200]


def test_8_further_renonc_in_the_dohravka() -> None:
    # D4 L260: another renonc during the dohrávka costs another paušál.
    hand = four(contract="game_hearts", trump=Suit.HEARTS, partner=B, game_won=True,
                renonc=Renonc("C1", C, played_out=True), further_renoncs=(Renonc("C3", D),))
    result = money(hand)
    # hra červená 40 per pair; C pays 200 to each of three, D pays 200 to each of three.
    assert result == [40 + 400, 40 + 400, -40 - 600 + 200, -40 + 200 - 600]


def test_12_round_money_in_whole_crowns() -> None:
    # example 5.7.12 Čl. V L274: 37,40 / 12,60 / −21,40 / −28,60 → 37 / 13 / −21 / −29 Kč.
    assert [round_money(v, SLS) for v in (3740, 1260, -2140, -2860)] == [3700, 1300, -2100,
                                                                         -2900]
    # the hazard: rounded results need not sum to zero
    assert sum(round_money(v, SLS) for v in (50, 50, 50, -150)) == 100


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(krizovy_hands())
def test_random_hands_sum_to_zero_and_read_back(hand: Hand) -> None:
    assert sum(settle(hand, SLS).money.values()) == 0
    seats = {"players": 4, "dealer": hand.dealer, "declarer": hand.declarer}
    assert parse(format_shorthand(hand, SLS), ruleset=SLS, **seats) == hand
    assert parse(format_hand(hand, SLS), ruleset=SLS, **seats) == hand
    assert hand_from_dict(hand_to_dict(hand)) == hand


@pytest.mark.parametrize(("number", "hand", "expected"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_every_example_through_the_command_as_json(number: str, hand: Hand,
                                                   expected: list[int]) -> None:
    """Issue 15's "must show": each worked example of docs/sloapslam-krizovy.md "Worked examples"
    through ``python -m scoring settle``, as the JSON hand (docs/hand-format.md) on stdin."""
    done = subprocess.run([sys.executable, "-m", "scoring", "settle", "--ruleset",
                           "sloapslam-krizovy"], input=json.dumps(hand_to_dict(hand)),
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["money"] == expected
