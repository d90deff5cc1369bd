"""Where the product contradicted the rule text (issue 23, group 1).

Each test names the rule line it rests on ("PAG L91" = line 91 of the pagat text, "OBE L251" =
ČSM *Obecná pravidla*, "SLS L20" = SloapSlam; docs/sources.md) and settles the example written in
the ruleset's docs page, table "Situations". Seats: A = 1 (forhont, declarer), B = 2, C = 3 deals
(D = 4 deals at four).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Hand, get_preset, settle
from scoring.errors import ScoringError
from scoring.hand import Doubling, Renonc
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.notation import parse
from scoring.ruleset import Ruleset
from scoring.types import Component, Suit
from scoring.validate import validate
from tests.scoring.cli_money import cli, money

A, B, C, D = 1, 2, 3, 4
G, S = Component.GAME, Component.SEVEN




def round_trips(hand: Hand, code: str) -> None:
    """The hand survives the JSON hand format unchanged (docs/hand-format.md)."""
    del code  # the JSON hand carries no ruleset
    assert hand_from_dict(hand_to_dict(hand)) == hand


# --- 1. pagat: a renonc without a contract, or on a hand not played -----------------------------


def test_pagat_renonc_without_contract_pays_ten_units() -> None:
    """PAG L91 "10 oder mehr ... den beiden anderen Spielern": with no contract to compare, the
    offender pays each of the two others the 10 units (10 × 20 h): B −400, A and C +200
    (docs/pagat-voleny.md "Situations")."""
    hand = Hand(players=3, dealer=C, declarer=A, contract=None, renonc=Renonc("R", B))
    assert money(hand, "pagat-voleny") == [200, -400, 200]
    round_trips(hand, "pagat-voleny")


def test_pagat_renonc_on_a_hand_not_played_pays_ten_units() -> None:
    """PAG L91 over L97: Farbe + Sieben with a flek on the game only is not played, but the
    renonc still costs the larger of 10 units and the contract (hra at flek 2 + Sieben 2 =
    4 units): 10 units to each other player."""
    hand = Hand(players=3, dealer=C, declarer=A, contract="seven", trump=Suit.BELLS,
                doublings=(Doubling(G, 1, by=(B,)),), not_played=True, renonc=Renonc("R", B))
    assert money(hand, "pagat-voleny") == [200, -400, 200]


@pytest.mark.parametrize(("notation", "expected"), [
    ("!R@2", [200, -400, 200]),
    ("7k fh !R@3", [200, 200, -400]),
])
def test_pagat_renonc_examples_by_cli(notation: str, expected: list[int]) -> None:
    """PAG L91: the docs' examples through ``python -m scoring settle``."""
    assert cli("pagat-voleny", notation) == expected


# --- 4. pagat L97: Farbe + Sieben with a flek on the game only is not played by the rule -------


def seven_fleked_game(**facts: object) -> Hand:
    return Hand(players=3, dealer=C, declarer=A, contract="seven", trump=Suit.BELLS,
                doublings=(Doubling(G, 1, by=(B,)),), **facts)  # type: ignore[arg-type]


def test_pagat_l97_not_played_without_a_mark() -> None:
    """PAG L97 "Es wird nicht gespielt, und es gibt keine Zahlungen": the facts (Farbe +
    Sieben, a flek on the game and nothing else) decide, no "nehráno" is needed and no result;
    a result written anyway changes nothing."""
    ruleset = get_preset("pagat-voleny")
    hand = seven_fleked_game()
    assert validate(hand, ruleset) == ()
    assert money(hand, "pagat-voleny") == [0, 0, 0]
    assert money(seven_fleked_game(game_won=True, seven_won=True), "pagat-voleny") == [0, 0, 0]
    assert parse("7k fh@2", ruleset=ruleset, players=3, dealer=C, declarer=A) == hand
    assert cli("pagat-voleny", "7k fh h+ s+") == [0, 0, 0]


def test_csm_v12_keeps_the_scorekeepers_mark() -> None:
    """OBE V.12 leaves the choice to the declaring side: without "nehráno" the hand is played
    (hra won at flek 2 × 20 h, sedma 2 × 20 h: +80 from each), with it nobody pays."""
    assert money(seven_fleked_game(game_won=True, seven_won=True), "csm-voleny") == [160, -80, -80]
    assert money(seven_fleked_game(not_played=True), "csm-voleny") == [0, 0, 0]
    with pytest.raises(ScoringError):
        validate(seven_fleked_game(), get_preset("csm-voleny"))


# --- 3. the čtyřka's bare accepted hra is not played ----------------------------------------------


def bare_game(partner: int | None = None) -> Hand:
    return Hand(players=4, dealer=D, declarer=A, contract="game", trump=Suit.BELLS,
                all_play=True, partner=partner)


def test_ctyrka_bare_accepted_game_is_not_played() -> None:
    """SLS L20 "Hra se nehraje a protistrana rovnou platí danou sazbu" with L24 (nothing
    fleked): a hra nobody fleked and with nothing announced is not played, needs no result,
    and the defence pays the rate, 1 Kč (docs/sloapslam-ctyrka.md "Situations"). A alone:
    +3 Kč; with B as partner, each loser pays one winner: A and B +1 Kč."""
    ruleset = get_preset("sloapslam-ctyrka")
    hand = bare_game()
    assert validate(hand, ruleset) == ()
    assert money(hand, "sloapslam-ctyrka") == [300, -100, -100, -100]
    assert money(bare_game(partner=B), "sloapslam-ctyrka") == [100, 100, -100, -100]
    assert parse("hk", ruleset=ruleset, players=4, dealer=D, declarer=A) == hand
    round_trips(hand, "sloapslam-ctyrka")
    # The explanation says why nobody plays it, and that the hra's rate is what is paid.
    lines = [line.describe(ruleset, "en").replace("\xa0", " ")
             for line in settle(hand, ruleset).lines]
    assert lines == ["not played: the defence pays what it accepted (the hra, the seven, "
                     "the honers); a hra fleked without re is lost",
                     "game won: 1 × 1.00 CZK = 1.00 CZK"]


@pytest.mark.parametrize(("notation", "expected"), [
    ("hk", [300, -100, -100, -100]),
    ("hc sp@2", [200, 200, -200, -200]),
])
def test_ctyrka_bare_game_by_cli(notation: str, expected: list[int]) -> None:
    """SLS L20-24: the docs' examples through ``python -m scoring settle`` (hearts ×2)."""
    assert cli("sloapslam-ctyrka", notation, seats=4) == expected


def test_ctyrka_game_with_re_is_still_played() -> None:
    """SLS L22 "pouze flek na hru bez re": a re makes the hra played, its result is needed."""
    ruleset = get_preset("sloapslam-ctyrka")
    hand = Hand(players=4, dealer=D, declarer=A, contract="game", trump=Suit.BELLS,
                all_play=True, partner=B, doublings=(Doubling(G, 2, raises=(C, A)),))
    with pytest.raises(ScoringError, match="hra"):
        validate(hand, ruleset)


# --- 2. durch s chytrým: the trick-8 taker fleked as a defender -----------------------------------


def clever_durch(*raises: int, won: bool = True) -> Hand:
    """Durch s chytrým of A at four (D deals); D takes trick 8."""
    return Hand(players=4, dealer=D, declarer=A, contract="durch_clever", all_play=True,
                doublings=(Doubling(Component.DURCH, 0, raises=raises),), durch_won=won,
                trick8=D)


def test_clever_durch_flek_of_the_trick8_taker_is_accepted() -> None:
    """OBE L251–253 "Ten se pak bere pro účely platby jako hráč volící strany": D was a
    defender when he fleked, so his flek is valid; he joins A only for the payment. By default
    (``trick8_flek_stands``) it stands: 30 × 20 h × 2 = 1 200 per pair, A and D +1 200
    (docs/csm-krizovy.md "Situations")."""
    ruleset = get_preset("csm-krizovy")
    hand = clever_durch(D)
    assert validate(hand, ruleset) == ()
    result = settle(hand, ruleset)
    assert [result.money[s] for s in hand.seats] == [1200, -1200, -1200, 1200]
    assert result.lines[0].part == "trick8_flek_stands"
    assert parse("dch fd@4 ch8@4 d+", ruleset=ruleset, players=4, dealer=D,
                 declarer=A) == dataclasses.replace(hand, doublings=(
                     Doubling(Component.DURCH, 1, by=(D,)),))
    round_trips(hand, "csm-krizovy")


def test_clever_durch_flek_void_reading() -> None:
    """OBE L253 read with L246–247 (the declaring side does not flek its own contract):
    ``trick8_flek_stands = False`` voids his flek and the re that answered it: 600 per pair.
    A flek B joined stays."""
    ruleset = get_preset("csm-krizovy").override(trick8_flek_stands=False)
    assert not Ruleset.from_dict(ruleset.to_dict()).trick8_flek_stands  # a tournament's override
    assert money_with(clever_durch(D, A), ruleset) == [600, -600, -600, 600]
    joined = Hand(players=4, dealer=D, declarer=A, contract="durch_clever", all_play=True,
                  doublings=(Doubling(Component.DURCH, 1, by=(B, D)),), durch_won=True,
                  trick8=D)
    assert money_with(joined, ruleset) == [1200, -1200, -1200, 1200]


def test_clever_durch_sloapslam_fleker_pays_for_nobody() -> None:
    """SLS B/18 L202 "CHYTRÝ" with OBE L251–253: D fleks, A says re (B/20 L206: a flek
    without re is not played), D takes trick 8. The re stands: 30 × 20 h × 4 = 2 400 per pair;
    B/10 (L186) does not make D pay for B and C, he is no longer one of them."""
    ruleset = get_preset("sloapslam-krizovy")
    assert money_with(clever_durch(D, A), ruleset) == [2400, -2400, -2400, 2400]


@pytest.mark.parametrize(("code", "notation", "expected"), [
    ("csm-krizovy", "dch fd@4 ch8@4 d+", [1200, -1200, -1200, 1200]),
    ("sloapslam-krizovy", "dch rd#41 ch8@4 d+", [2400, -2400, -2400, 2400]),
])
def test_clever_durch_by_cli(code: str, notation: str, expected: list[int]) -> None:
    """OBE L251–253: the docs' examples through ``python -m scoring settle``."""
    assert cli(code, notation, seats=4) == expected


def money_with(hand: Hand, ruleset: Ruleset) -> list[int]:
    result = settle(hand, ruleset)
    return [result.money[s] for s in hand.seats]


# --- properties: every such hand is accepted, sums to zero, and a renonc is never free ----------


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3), st.booleans(), st.booleans())
def test_pagat_renonc_is_never_free(offender: int, contract: bool, marked: bool) -> None:
    """PAG L91 "10 oder mehr": with or without a contract, played or not (L97), the offender
    pays each other player at least 10 units, and the hand sums to zero."""
    hand = (seven_fleked_game(renonc=Renonc("R", offender), not_played=marked) if contract
            else Hand(players=3, dealer=C, declarer=A, contract=None,
                      renonc=Renonc("R", offender)))
    result = settle(hand, get_preset("pagat-voleny"))
    assert sum(result.money.values()) == 0
    assert all(result.money[s] >= 200 for s in hand.seats if s != offender)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["csm-krizovy", "sloapslam-krizovy"]), st.integers(2, 4),
       st.lists(st.integers(2, 4), min_size=1, max_size=3), st.booleans())
def test_clever_durch_any_defenders_flek_is_accepted(code: str, taker: int, flekers: list[int],
                                                     stands: bool) -> None:
    """OBE L251–253: whoever of B, C, D fleked before the play and whoever took trick 8, the
    hand is accepted (with a re, SLS B/20 L206: a flek without re is not played) and sums to
    zero under both readings of ``trick8_flek_stands``."""
    ruleset = get_preset(code).override(trick8_flek_stands=stands)
    hand = Hand(players=4, dealer=D, declarer=A, contract="durch_clever", all_play=True,
                doublings=(Doubling(Component.DURCH, 2, by=tuple(flekers)),),
                durch_won=True, trick8=taker)
    result = settle(hand, ruleset)
    assert sum(result.money.values()) == 0
    assert result.money[A] > 0 and result.money[taker] > 0
