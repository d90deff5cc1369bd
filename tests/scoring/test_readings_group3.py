"""Issue 23, group 3: readings where the rule texts are silent, each a ruleset field with both
settings tested (docs/readings.md §9.48–9.52). Lines: SLS = SloapSlam bodovaný křížový and
čtyřka, OBE = ČSM Obecná pravidla (docs/sources.md). Seats as in the worked examples: A = 1
declarer, B = 2 his partner in 2v2, C = 3, D = 4 deals; base 20 h (SLS L82)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import Doubling, Hand, Marriage, Points, Renonc, get_preset, settle
from scoring.hand import Announcement
from scoring.readings import readings
from scoring.ruleset import Ruleset
from scoring.types import Suit
from tests.scoring.sloapslam_examples import (
    EXAMPLES,
    SLS,
    A,
    B,
    C,
    D,
    G,
    H,
    S,
    four,
    krizovy_hands,
    money,
)

VOL = get_preset("csm-voleny")


def three(**kw: Any) -> Hand:
    """A table of three: C deals, A is forhont (as the volený examples seat it)."""
    return Hand(players=3, dealer=C, **kw)
BY_NUMBER = {number: hand for number, hand, _expected in EXAMPLES}


def _round_trip(ruleset: Ruleset, field: str) -> None:
    """The override survives the JSON form of archives and the CLI (``Ruleset.to_dict``)."""
    again = Ruleset.from_dict(json.loads(json.dumps(ruleset.to_dict())))
    assert getattr(again, field) == getattr(ruleset, field)
    assert field in {r["option"] for r in readings(ruleset)}


# -- 9.48 SLS D4 "základní sazba" -------------------------------------------------------------


def test_d4_basic_rate_at_the_reached_level_by_default() -> None:
    """SLS D4 L260 "základní sazbu hry", D1 L254, D2 L256: example 5.7.8 at f = 2, C pays his
    side's game 160 to A and to B, plus 200 to each of three."""
    assert money(BY_NUMBER["8"]) == [360, 360, -920, 200]


def test_d4_basic_rate_unfleked() -> None:
    """SLS D4 L260 read literally: the unfleked rate, 40 each instead of 160."""
    unfleked = SLS.override(renonc_basic_unfleked=True)
    assert money(BY_NUMBER["8"], unfleked) == [240, 240, -680, 200]
    _round_trip(unfleked, "renonc_basic_unfleked")


def test_d4_with_a_dohravka_is_not_touched() -> None:
    """SLS D3-D4 L258-260: with a dohrávka only the paušál now, the play as if no renonc."""
    played_out = BY_NUMBER["8b"]
    assert money(played_out, SLS.override(renonc_basic_unfleked=True)) == money(played_out)


# -- 9.49 SLS B/10 netted or part by part ------------------------------------------------------


def _seven_won_game_lost() -> object:
    """Sedma kule (a scored game) won, fleked by C alone; the hra lost at re (D flek, A re)."""
    return four(contract="seven", trump=Suit.BELLS, partner=B, game_won=False, seven_won=True,
                doublings=(Doubling(S, 1, by=(C,)), Doubling(G, 0, raises=(D, A))))


def test_b10_netted_over_the_hand_by_default() -> None:
    """SLS B/10 L186, netted: D's pair owes sedma 80 − hra 80 = 0, so nothing moves to C."""
    assert money(_seven_won_game_lost()) == [0, 0, 0, 0]


def test_b10_part_by_part() -> None:
    """SLS B/10 L186 per part: D pays the sedma's 40 only, C the surplus 40 to B; the lost
    hra is paid to D as it stands (80)."""
    per_part = SLS.override(fleker_liability_per_part=True)
    assert money(_seven_won_game_lost(), per_part) == [0, 0, -40, 40]
    _round_trip(per_part, "fleker_liability_per_part")


def test_b10_the_worked_example_is_the_same_both_ways() -> None:
    """Example 5.7.4 (B/10 L186): every part won, so netting changes nothing."""
    per_part = SLS.override(fleker_liability_per_part=True)
    assert money(BY_NUMBER["4"], per_part) == money(BY_NUMBER["4"]) == [180, 180, -300, -60]


FORCED_AND_FREE = four(contract="hundred", trump=Suit.BELLS,
                       doublings=(Doubling(H, 2, by=(B, C)),),
                       points=Points(70, (Marriage(40, Suit.BELLS),)), forced_flekers=(B,))


def test_b10_forced_fleker_relieved_by_default() -> None:
    """SLS B/10 L186 with B/19 L204: B's trhák flek does not count, so he pays the unfleked
    160 like D and the free fleker C pays 3 · 640 − 2 · 160 = 1600."""
    assert money(FORCED_AND_FREE) == [1920, -160, -1600, -160]


def test_b10_forced_fleker_pays_his_own_pair() -> None:
    """B/10's exemption read as "B/10 does not touch him": B pays his pair's 640 in full, C
    only D's surplus (640 + 480)."""
    not_relieved = SLS.override(forced_fleker_relieved=False)
    assert money(FORCED_AND_FREE, not_relieved) == [1920, -640, -1120, -160]
    _round_trip(not_relieved, "forced_fleker_relieved")


# -- 9.50 a renonc on a hand that is not played ------------------------------------------------


def _v12(offender: int) -> object:
    return three(declarer=A, contract="seven", trump=Suit.BELLS,
                 doublings=(Doubling(G, 1, raises=(B,)),), not_played=True,
                 renonc=Renonc("VI.2.e", offender))


def test_obe_v12_renonc_costs_only_its_pausal_by_default() -> None:
    """OBE V.12 L206-208 (not played) with VI.3 L226: C looked into the talon (item e): the
    hand stays not played, C pays 10 × base to each other player."""
    assert money(_v12(C), VOL) == [200, 200, -400]


def test_obe_v12_renonc_also_loses_the_game() -> None:
    """OBE VI.3 L226-227, items d-l: the paušál and the game "dle výsledku flekování" for his
    side: hra at flek 40 + sedma 40 to A from C for B and himself."""
    loses = VOL.override(renonc_unplayed_loses_game=True)
    assert money(_v12(C), loses) == [360, 200, -560]
    assert money(_v12(A), loses) == [-560, 280, 280]
    _round_trip(loses, "renonc_unplayed_loses_game")


def _b20_with_c7() -> object:
    """Example 5.7.7a (B/20 L206, not played) with C commenting out of order (B/7, C7)."""
    return four(contract="seven", trump=Suit.BELLS, partner=B,
                doublings=(Doubling(S, 1, by=(C,)),), renonc=Renonc("C7", C))


def test_sls_b20_renonc_leaves_the_hand_not_played() -> None:
    """SLS B/20 L206 and C7 (B/7 L180, paušál only): not played as 5.7.7a (−60 a pair), and
    C pays 2 Kč = 200 to each other player (D2 L256)."""
    stays = SLS.override(renonc_unplayed_loses_game=False)
    assert money(_b20_with_c7(), stays) == [-60 + 200, -60 + 200, 60 - 600, 60 + 200]


def test_sls_b20_renonc_makes_the_hand_played_by_the_preset() -> None:
    """The SloapSlam preset: a renonc makes the hand played (D1 L254: C1 loses it for the
    offender's side at the reached levels, D2 his side's game, D4 the paušál)."""
    hand = four(contract="seven", trump=Suit.BELLS, partner=B,
                doublings=(Doubling(S, 1, by=(C,)),), renonc=Renonc("C1", C))
    assert SLS.renonc_unplayed_loses_game
    assert money(hand) == [300, 300, -800, 200]


# -- 9.51 a re on a hra that a sto proti replaced ----------------------------------------------


HRA_RE_THEN_STO_PROTI = four(
    contract="seven", trump=Suit.BELLS, partner=B, seven_won=False, points=Points(40, ()),
    doublings=(Doubling(S, 1, by=(C,)), Doubling(G, 0, raises=(C, A))),
    announcements=(Announcement(H, D, 0),))


def test_b20_re_on_the_replaced_hra_plays_the_hand_by_default() -> None:
    """SLS B/20 L206 word for word: a re was said, so the hand is played (sedma lost −80, the
    defence's sto proti failed with 40: 400)."""
    assert money(HRA_RE_THEN_STO_PROTI) == [320, 320, -320, -320]


def test_b20_re_on_the_replaced_hra_counts_for_nothing() -> None:
    """SLS B/20 L206 with B/22 L210 (PAG L93: the sto takes the hra's place): only the sedma's
    flek counts, no re: not played; sedma lost at flek −80, the sto proti accepted −80."""
    not_played = SLS.override(dropped_game_re_plays=False)
    assert money(HRA_RE_THEN_STO_PROTI, not_played) == [-160, -160, 160, 160]
    _round_trip(not_played, "dropped_game_re_plays")


@pytest.mark.parametrize(("ruleset", "notation", "seats", "setting", "default", "other"), [
    # SLS D4 L260 (example 5.7.8)
    ("sloapslam-krizovy", "hc sp@2 rh#31 !c1@3", 4, "renonc_basic_unfleked=true",
     [360, 360, -920, 200], [240, 240, -680, 200]),
    # SLS B/10 L186, netted or part by part
    ("sloapslam-krizovy", "7k sp@2 rh#41 f7@3 h- s+", 4, "fleker_liability_per_part=true",
     [0, 0, 0, 0], [0, 0, -40, 40]),
    # SLS B/10 L186 with B/19 L204: B forced, C free
    ("sloapslam-krizovy", "100k r100@23 trh@2 70+40k", 4, "forced_fleker_relieved=false",
     [1920, -160, -1600, -160], [1920, -640, -1120, -160]),
    # SLS B/20 L206 with C7 (B/7 L180)
    ("sloapslam-krizovy", "7k sp@2 f7@3 !c7@3", 4, "renonc_unplayed_loses_game=false",
     None, [140, 140, -540, 260]),
    # OBE V.12 L206-208 with VI.3 L226-227 (item e)
    ("csm-voleny", "7k fh#2 n !vi2e@3", 3, "renonc_unplayed_loses_game=true",
     [200, 200, -400], [360, 200, -560]),
    # the same at the křížový table (OBE VII.2 keeps V.12 and VI.3): D, a defender, looks into
    # the talon (item e); A's partner is C
    ("csm-krizovy", "7k sp@3 fh#2 n !vi2e@4", 4, "renonc_unplayed_loses_game=true",
     [200, 200, 200, -600], [280, 200, 280, -760]),
    # čtyřka L20-24 with L38: the preset plays the hand (presumed play, C pays for his side);
    # the other reading leaves it not played, C paying the conceded 3 Kč for his side
    ("sloapslam-ctyrka", "7k sp@2 tr5 !L38@3 h- s-", 4, "renonc_unplayed_loses_game=false",
     [0, 0, -300, 300], [300, 300, -600, 0]),
    # SLS B/20 L206 with B/22 L210
    ("sloapslam-krizovy", "7k sp@2 rh#31 f7@3 100p@4 40 s-", 4, "dropped_game_re_plays=false",
     [320, 320, -320, -320], [-160, -160, 160, 160]),
])
def test_each_reading_through_the_command(ruleset: str, notation: str, seats: int,
                                          setting: str, default: list[int] | None,
                                          other: list[int]) -> None:
    """``python -m scoring settle --set FIELD=VALUE`` (docs/readings.md §9.48-9.52)."""
    def run(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "scoring", "settle", "--ruleset", ruleset, "--notation",
             notation, "--seats", str(seats), "--dealer", str(seats), "--declarer", "1",
             *extra], capture_output=True, text=True, timeout=60, check=False)

    if default is not None:
        plain = run()
        assert plain.returncode == 0, plain.stderr
        assert json.loads(plain.stdout)["money"] == default
    switched = run("--set", setting)
    assert switched.returncode == 0, switched.stderr
    assert json.loads(switched.stdout)["money"] == other


def test_settle_is_zero_sum_for_every_switch() -> None:
    switches = {"renonc_basic_unfleked": True, "fleker_liability_per_part": True,
                "forced_fleker_relieved": False, "renonc_unplayed_loses_game": False,
                "dropped_game_re_plays": False}
    ruleset = SLS.override(**switches)
    for _number, hand, _expected in EXAMPLES:
        assert sum(settle(hand, ruleset).money.values()) == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(krizovy_hands(), st.booleans(), st.booleans(), st.booleans(), st.booleans(),
       st.booleans())
def test_random_hands_sum_to_zero_under_every_setting(hand: Hand, unfleked: bool,
                                                     per_part: bool, relieved: bool,
                                                     loses: bool, re_plays: bool) -> None:
    """Every combination of the five switches settles the random SloapSlam hands (SLS D4
    L260, B/10 L186, B/19 L204, B/20 L206, B/22 L210) to a zero-sum result."""
    ruleset = SLS.override(renonc_basic_unfleked=unfleked, fleker_liability_per_part=per_part,
                           forced_fleker_relieved=relieved, renonc_unplayed_loses_game=loses,
                           dropped_game_re_plays=re_plays)
    assert sum(settle(hand, ruleset).money.values()) == 0
