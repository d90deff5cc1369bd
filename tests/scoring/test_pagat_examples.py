"""Worked examples of pagat's traditional volený mariáš (docs/pagat-voleny.md "Worked examples"),
preset ``pagat-voleny``.

"pagat L96" is line 96 of rules/pagat-marias-de.txt (one paragraph a line). Amounts are
units: one unit is the preset's base (20 h), so ``units`` divides the money by it.
Seats: A = 1 (forhont), B = 2, C = 3; at four, D = 4 deals and sits out (the pauzírák), or,
in the variant ``all_four`` (L109-116, examples 11-13), plays with a called partner.
"""

from __future__ import annotations

import pytest

from scoring import Doubling, Hand, Marriage, Points, Renonc, SilentSeven, get_preset
from scoring.errors import ScoringError
from scoring.hand import Announcement
from scoring.presets.pagat_voleny import VARIANTS
from scoring.ruleset import Ruleset
from scoring.types import Component, Side, Suit
from tests.scoring.cli_money import settled_both_ways

PAG = get_preset("pagat-voleny")
A, B, C, D = 1, 2, 3, 4
G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED


def three(**kw: object) -> Hand:
    return Hand(players=3, dealer=C, **kw)  # type: ignore[arg-type]


def units(hand: Hand, ruleset: Ruleset = PAG) -> list[int]:
    """Units per seat, the same through ``python -m scoring settle`` (issue 23)."""
    result = settled_both_ways(hand, ruleset, PAG)
    assert all(v % ruleset.base == 0 for v in result.money.values())
    return [result.money[s] // ruleset.base for s in hand.seats]


def variant(*names: str) -> Ruleset:
    ruleset = PAG
    for name in names:
        ruleset = ruleset.override(**VARIANTS[name])
    return ruleset


def test_1_quiet_farbe_is_not_played() -> None:
    # pagat L96: no announcement, no flek: not played, one unit from each (two with hearts).
    assert units(three(declarer=A, contract="game", trump=Suit.BELLS)) == [2, -1, -1]
    assert units(three(declarer=A, contract="game", trump=Suit.BELLS, not_played=True)) == [
        2, -1, -1]
    assert units(three(declarer=A, contract="game_hearts", trump=Suit.HEARTS)) == [4, -2, -2]


def test_2_seven_against_a_fleked_game_is_not_played() -> None:
    # pagat L97: Sieben, flek on the game only, nothing more: not played, nothing paid.
    hand = three(declarer=A, contract="seven", trump=Suit.LEAVES,
                 doublings=(Doubling(G, 0, raises=(B,)),), not_played=True)
    assert units(hand) == [0, 0, 0]


def test_3_seven_fleked_and_killed() -> None:
    # pagat L86 (Sieben 2, lost when beaten), L59 (each part fleked on its own), L57 (re);
    # L103 variant: a seven beaten in the last trick costs 3 instead of 2.
    hand = three(declarer=A, contract="seven", trump=Suit.ACORNS,
                 doublings=(Doubling(S, 0, raises=(B, A)),), game_won=True, seven_won=False,
                 seven_killed=True)
    assert units(hand) == [-14, 7, 7]
    assert units(hand, variant("killed_seven")) == [-22, 11, 11]


def test_4_announced_hundred_made() -> None:
    # pagat L53 (one marriage to reach 100, then all of them), L88 (4, doubled per ten),
    # L93 (the 100 replaces the game); L101: arithmetic 4+4+4+4 or half steps 4+2+2+2.
    hand = three(declarer=A, contract="hundred", trump=Suit.BELLS,
                 points=Points(70, (Marriage(40, Suit.BELLS), Marriage(20, Suit.LEAVES))))
    assert units(hand) == [64, -32, -32]
    assert units(hand, variant("arithmetic_hundreds")) == [32, -16, -16]
    assert units(hand, variant("half_step_hundreds")) == [20, -10, -10]


def test_5_announced_hundred_failed_in_hearts() -> None:
    # pagat L88: 90 costs 4, 80 costs 8 (one marriage counts; the defence's marriages do not
    # add: the text is silent, docs/readings.md §9.11); L92 hearts double.
    hand = three(declarer=A, contract="hundred_hearts", trump=Suit.HEARTS,
                 points=Points(40, (Marriage(40, Suit.HEARTS),), (Marriage(20, Suit.BELLS),)))
    assert units(hand) == [-32, 16, 16]


def test_6_silent_hundred_on_a_fleked_game() -> None:
    # pagat L93: "ein Spiel mit Flek, in dem Vorhand 100 Kartenpunkte erreicht, 4 Einheiten".
    hand = three(declarer=A, contract="game", trump=Suit.BELLS,
                 doublings=(Doubling(G, 0, raises=(B,)),),
                 points=Points(60, (Marriage(40, Suit.BELLS),)))
    assert units(hand) == [8, -4, -4]
    more = three(declarer=A, contract="game", trump=Suit.BELLS,
                 doublings=(Doubling(G, 0, raises=(B,)),),
                 points=Points(70, (Marriage(40, Suit.BELLS),)))
    assert units(more) == [16, -8, -8]


def test_7_silent_seven() -> None:
    # pagat L82 (stille Sieben 1), L83 (stille Sieben verhindert 1), L92 (hearts only).
    hand = dict(declarer=A, contract="game", trump=Suit.LEAVES,
                doublings=(Doubling(G, 0, raises=(C,)),), points=Points(60))
    won = three(**hand, silent_seven=SilentSeven(Side.DECLARER, True))
    assert units(won) == [6, -3, -3]
    prevented = three(**hand, silent_seven=SilentSeven(Side.DEFENCE, False))
    assert units(prevented) == [6, -3, -3]


def test_8_betl_and_open_durch() -> None:
    # pagat L58 (the flek said with the answer), L73 (both defenders win or lose the same),
    # L78 Betl 5, L81 offener Durch 20; L100: the ČSM values betl 15, durch 30.
    betl = three(declarer=B, contract="betl", doublings=(Doubling(Component.BETL, 1, (C,)),),
                 betl_won=True)
    assert units(betl) == [-10, 20, -10]
    assert units(betl, variant("csm_values")) == [-30, 60, -30]
    open_durch = three(declarer=C, contract="open_durch", durch_won=False)
    assert units(open_durch) == [20, 20, -40]


def test_9_renonc_pays_the_larger_of_ten_and_the_contract() -> None:
    # pagat L91: 10 units or the value of the contract and its premiums, the higher, to each
    # of the two other players.
    hand = three(declarer=A, contract="seven_hearts", trump=Suit.HEARTS,
                 doublings=(Doubling(G, 1, (B,)),), renonc=Renonc("R", C))
    assert units(hand) == [10, 10, -20]
    hundred = three(declarer=A, contract="hundred_hearts", trump=Suit.HEARTS,
                    doublings=(Doubling(H, 1, (B,)),), renonc=Renonc("R", C))
    assert units(hundred) == [16, 16, -32]


def test_10_pauzirak() -> None:
    # pagat L108: the dealer sits out, belongs to the defence; the declarer gets 3 times.
    hand = Hand(players=4, dealer=D, declarer=A, contract="hundred_hearts", trump=Suit.HEARTS,
                points=Points(60, (Marriage(40, Suit.HEARTS),)))
    assert units(hand) == [24, -8, -8, -8]


def four(**kw: object) -> Hand:
    """A hand of the all-four game (L109-116): D deals, A is forhont and declarer."""
    return Hand(players=4, dealer=D, declarer=A, **kw)  # type: ignore[arg-type]


def test_11_all_four_called_partner() -> None:
    # pagat L110: "Vorhand nennt ebenfalls eine Karte der Trumpffarbe [...] der Spieler, der
    # diese Karte hält, wird Vorhands Partner"; L111 "die Gegner von Vorhand können Flek gegen
    # das Spiel"; L112 "Bei Spielen zwei gegen zwei, wird jeder Spieler von einem Gegenspieler
    # bezahlt". A calls the trump Ober, C holds it: A+C against B+D; B fleks, A re.
    ruleset = variant("all_four")
    hand = four(contract="seven", trump=Suit.BELLS, partner=C,
                doublings=(Doubling(G, 0, raises=(B, A)),), game_won=True, seven_won=True)
    assert units(hand, ruleset) == [6, -6, 6, -6]
    # L110: forhont holding the called Ober himself plays alone, paid by all three (L112).
    alone = four(contract="seven", trump=Suit.BELLS,
                 doublings=(Doubling(G, 0, raises=(B, A)),), game_won=True, seven_won=True)
    assert units(alone, ruleset) == [18, -6, -6, -6]


def test_12_durch_with_partner() -> None:
    # pagat L115: "Wenn das misslingt und der Spieler, der gereizt hat, weniger als 6 Stiche
    # macht, dann zahlt er doppelt, und der Partner braucht nichts zu zahlen." A names the
    # acorn ace, D holds it; they lose a trick and A took 5: A pays B and C, D nothing.
    ruleset = variant("all_four")
    hand = four(contract="durch_partner", partner=D, durch_won=False, declarer_tricks=5)
    assert units(hand, ruleset) == [-20, 10, 10, 0]
    # Had A taken 6 or more: pair by pair (L112), A pays B and D pays C.
    six = four(contract="durch_partner", partner=D, durch_won=False, declarer_tricks=6)
    assert units(six, ruleset) == [-10, 10, 10, -10]
    won = four(contract="durch_partner", partner=D, durch_won=True)
    assert units(won, ruleset) == [10, -10, -10, 10]
    with pytest.raises(ScoringError):  # lost: how many tricks A took decides who pays
        units(four(contract="durch_partner", partner=D, durch_won=False), ruleset)
    with pytest.raises(ScoringError):  # the named card's holder is his partner
        units(four(contract="durch_partner", durch_won=True), ruleset)
    with pytest.raises(ScoringError):  # only in the all-four game
        units(four(contract="durch", durch_won=False, declarer_tricks=5))


def test_13_durch_with_the_clever_one() -> None:
    # pagat L116: "Wenn er erfolgreich ist, dann wird der Gewinner des achten Stichs [...] sein
    # Teampartner"; all eight: paid by all three; fails within 1-7: "muss der Spieler den
    # anderen drei Spielern ein Durch bezahlen". A takes tricks 1-7, C trick 8 and joins A.
    ruleset = variant("all_four")
    hand = four(contract="durch_clever", durch_won=True, trick8=C)
    assert units(hand, ruleset) == [10, -10, 10, -10]
    assert units(four(contract="durch_clever", durch_won=True, trick8=A), ruleset) == [
        30, -10, -10, -10]
    assert units(four(contract="durch_clever", durch_won=False), ruleset) == [
        -30, 10, 10, 10]


def test_14_two_sevens_variant() -> None:
    # pagat L106 (variant): Zwei Siebenen 20 units, 40 with hearts, as an extra rung.
    # Reading: the example counts the announcement alone (its game is not in the example).
    from scoring.ruleset import Rung

    rung = Rung("two_sevens_hearts", 13, frozenset({Component.TWO_SEVENS}), True,
                "dvě sedmy, červená trumf", "two sevens, hearts trumps")
    ruleset = PAG.override(ladder=(*PAG.ladder, rung))
    hand = three(declarer=A, contract="two_sevens_hearts", trump=Suit.HEARTS,
                 helper=Suit.BELLS, two_sevens_won=True)
    assert units(hand, ruleset) == [80, -40, -40]


def test_hundred_against() -> None:
    # pagat L54-55, L89: 100 gegen is the 100 of the defence; it replaces the game (L93).
    hand = three(declarer=A, contract="seven", trump=Suit.BELLS, seven_won=True,
                 announcements=(Announcement(H, by=C),),
                 points=Points(20, (), (Marriage(40, Suit.BELLS),)))
    # defence 70 + 40 = 110 (t = 1): 4·2 = 8 against; the seven +2
    assert units(hand) == [-12, 6, 6]


def test_no_cap_on_raises() -> None:
    # pagat L57: "ohne eine Begrenzung": a sixth raise doubles again.
    hand = three(declarer=B, contract="betl", doublings=(Doubling(Component.BETL, 6),),
                 betl_won=True)
    assert units(hand) == [-320, 640, -320]
