"""Situations the rule texts allow that the product could not record (issue 23, group 2).

Each test names the rule line it rests on ("OBE L240" = line 240 of ČSM *Obecná pravidla*,
"PAG L46" = pagat, "SLS" = SloapSlam; docs/sources.md) and settles the example written in the
ruleset's docs page, table "Situations". Seats: A = 1 (forhont, declarer), B = 2, C = 3 deals.
"""

from __future__ import annotations

import json

import pytest

from scoring import Hand, Marriage, Points, get_preset, settle
from scoring.errors import ScoringError
from scoring.hand import Announcement
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.notation import format_hand, parse
from scoring.types import Component, Suit
from tests.scoring.cli_money import cli, money

A, B, C = 1, 2, 3
H = Component.HUNDRED




# --- 1. sto proti beside the declarer's own sto -------------------------------------------------


def both_hundreds(declarer_cards: int, defence_cards: int) -> Hand:
    """Sto kule with the trump 40 for A, sto proti by B with a 20 of the defence."""
    return Hand(players=3, dealer=C, declarer=A, contract="hundred", trump=Suit.BELLS,
                announcements=(Announcement(H, by=B),),
                points=Points(declarer_cards, (Marriage(40, Suit.BELLS),),
                              (Marriage(20, Suit.LEAVES),)))


def test_hundred_against_beside_the_declarers_hundred_csm() -> None:
    """OBE L239–241 "Závazky Sedma a Sto mohou hlásit i hráči obrany": each side announces its
    own sto and counts it by its own cards and first marriage (OBE V.6 L170–173 for both).

    A: 30 + 40 = 70, three tens short and the defence's 20: 5 × 4 × 20 h = −400 per defender.
    B's sto proti: 60 + 20 = 80, two tens short and A's 40: 6 × 80 h = 480 owed to A.
    X = +80 per defender; A +160 (docs/csm-voleny.md "Situations").
    """
    hand = both_hundreds(30, 60)
    assert money(hand, "csm-voleny") == [160, -80, -80]
    # A makes his sto at exactly 100 (80 h); the defence's 50 is five tens short and A's 40:
    # 9 × 80 h. X = 800, A +1 600.
    assert money(both_hundreds(60, 30), "csm-voleny") == [1600, -800, -800]


def test_hundred_against_beside_the_declarers_hundred_pagat() -> None:
    """PAG L46 ("100" by Vorhand, then "100 gegen" by the others) and L88–89: each failed 100
    doubles per missing ten and counts only one marriage: A's 70 costs 16 units, B's 80 gets
    A 8 units. X = −8 units = −160 h; A −320 (docs/pagat-voleny.md "Situations")."""
    hand = both_hundreds(30, 60)
    assert money(hand, "pagat-voleny") == [-320, 160, 160]


@pytest.mark.parametrize(("code", "notation", "expected"), [
    ("csm-voleny", "100k 100p@2 30+40k:60+20z", [160, -80, -80]),
    ("pagat-voleny", "100k 100p@2 30+40k:60+20z", [-320, 160, 160]),
])
def test_both_hundreds_in_shorthand_json_and_command(code: str, notation: str,
                                                     expected: list[int]) -> None:
    """OBE L240, PAG L46: the shorthand, the description and JSON keep both hundreds."""
    ruleset = get_preset(code)
    hand = parse(notation, ruleset=ruleset, players=3, dealer=C, declarer=A)
    assert hand == both_hundreds(30, 60)
    assert parse(format_hand(hand, ruleset), ruleset=ruleset, players=3, dealer=C,
                 declarer=A) == hand
    assert hand_from_dict(json.loads(json.dumps(hand_to_dict(hand)))) == hand
    assert cli(code, notation) == expected


@pytest.mark.parametrize(("code", "notation", "expected"), [
    ("csm-krizovy", "100k sp@3 100p@2 30+40k:60+20z", [80, -80, 80, -80]),
    ("csm-krizovy", "100k sp@3 100p@2 60+40k:30+20z", [800, -800, 800, -800]),
    ("sloapslam-krizovy", "100k sp@3 100p@2 30+40k:60+20z", [80, -80, 80, -80]),
    # the čtyřka (SLS L16 lists only its departures from the ČSM honer rules), 1 Kč a unit
    ("sloapslam-ctyrka", "100k sp@2 100p@3 30+40k:60+20z", [400, 400, -400, -400]),
])
def test_both_hundreds_at_the_krizovy_table(code: str, notation: str,
                                            expected: list[int]) -> None:
    """OBE L250 "Opět je povoleno hlásit závazky proti volící straně", SLS B/22 L210 "Sedma,
    sto i sto + sedm proti lze hlásit": A + C's sto kule beside B's sto proti, each counted by
    its own pair (A + C 30 + 40 = 70: 5 × 80 h lost; B + D 60 + 20 = 80: 6 × 80 h owed to A + C);
    one of each pair pays one of the other (OBE L248–250). docs/csm-krizovy.md and
    docs/sloapslam-krizovy.md "Situations"."""
    assert cli(code, notation, seats=4) == expected


def test_the_declarers_seven_still_excludes_a_seven_against() -> None:
    """One trump seven: a sedma proti beside the declarer's sedma stays refused (OBE L240)."""
    ruleset = get_preset("csm-voleny")
    hand = parse("7k 7p@2+ 60:30 s+", ruleset=ruleset, players=3, dealer=C, declarer=A)
    with pytest.raises(ScoringError) as refused:
        settle(hand, ruleset)
    assert "announcement_seven_twice" in [p.code for p in refused.value.problems]


# --- 2. the čtyřka: the other side's seven or sto, the partner's seven ---------------------------


@pytest.mark.parametrize(("notation", "expected"), [
    # C's sedma proti won against A + B's hra kule (won, 1): −2 + 1 = −1 Kč a pair.
    ("hk sp@2 7p@3+ 50+40k:+20z", [-100, -100, 100, 100]),
    # C's sto proti at 60 + 20 = 80, two tens short and A + B's 40: 6 × 4 Kč owed to A + B;
    # the sto proti replaces the hra (docs/readings.md §9.5).
    ("hk sp@2 100p@3 30+40k:60+20z", [2400, 2400, -2400, -2400]),
])
def test_ctyrka_the_other_side_announces(notation: str, expected: list[int]) -> None:
    """SLS L16 lists only where the čtyřka departs from the ČSM honer rules, and none forbids
    it; OBE L250 "Opět je povoleno hlásit závazky proti volící straně", SLS L42 "počet trumfů
    na ruce hráče, který sedmu hlásil". Such a hand is played (L20–24 concede only the declaring
    side's accepted parts). docs/sloapslam-ctyrka.md "Situations"."""
    assert cli("sloapslam-ctyrka", notation, seats=4) == expected


def test_ctyrka_the_partners_seven_counts_his_trumps() -> None:
    """SLS L46 "schválená sedma … počet trumfů na ruce hráče, který honer ohlásil", L44
    "trumfy spoluhráčů se nesčítají", L56 "bez výnosu, i když vynáší spoluhráč", L64–68.

    Sedma kule accepted, not played; B (the partner) announced it on 2 trumps, A holds 5:
    B's 2 trumps bez výnosu = 3 points: hra 1 + sedma 2 + 3 × 2 = 9 Kč a pair. Counted on A's
    5 trumps it would be 0 points, 3 Kč (docs/sloapslam-ctyrka.md "Situations").
    """
    assert cli("sloapslam-ctyrka", "7k sp@2 7@2t2 tr5", seats=4) == [900, 900, -900, -900]
    assert cli("sloapslam-ctyrka", "7k sp@2 tr5", seats=4) == [300, 300, -300, -300]
    ruleset = get_preset("sloapslam-ctyrka")
    # Seat 1 deals, so B (seat 2) is forehand and leads himself: s výnosem, 2 points
    # (L62–66): 1 + 2 + 4 = 7 Kč a pair.
    hand = parse("7k sp@2 7@2t2 tr5", ruleset=ruleset, players=4, dealer=1, declarer=1)
    assert money(hand, "sloapslam-ctyrka") == [700, 700, -700, -700]
    assert hand_from_dict(hand_to_dict(hand)) == hand
    assert hand_to_dict(hand)["seven_by"] == 2
    assert parse(format_hand(hand, ruleset), ruleset=ruleset, players=4, dealer=1,
                 declarer=1) == hand


def test_only_the_partner_may_announce_the_sides_seven() -> None:
    """SLS L42, L46: the seven is the declaring side's; a defender's is a sedma proti."""
    ruleset = get_preset("sloapslam-ctyrka")
    hand = parse("7k sp@2 7@3t2", ruleset=ruleset, players=4, dealer=4, declarer=1)
    with pytest.raises(ScoringError) as refused:
        settle(hand, ruleset)
    assert [p.code for p in refused.value.problems] == ["seven_by_not_partner"]


# --- 3. SloapSlam křížový: a trhák forced on one part who fleks another freely -----------------


def test_trhak_forced_on_the_sto_fleks_the_seven_freely() -> None:
    """SLS B/19 L204 "Na trháka je povinnost flekovat"; B/10 L186 "Ustanovení tohoto bodu
    neplatí, pokud je hráč nucen dát flek na hru z povinnosti na trháka": the exemption is the
    forced flek's part only.

    A + B's 100+7 kule at exactly 100, the seven won; D (the trhák) must flek the sto and
    also fleks the sedma of his own will; A re's both (×4). Sto 4 · 4 · 20 h = 320, sedma
    2 · 4 · 20 h = 160 a pair. D pays C's surplus on the sedma over its unfleked 40 h (B/10):
    C −360, D −600. Recorded per hand (``trh@4``) D would be exempt on both: −480 each
    (docs/sloapslam-krizovy.md "Situations").
    """
    per_part = "100+7k sp@2 r100#41 r7#41 trh100@4 60+40k s+"
    assert cli("sloapslam-krizovy", per_part, seats=4) == [480, 480, -360, -600]
    whole = "100+7k sp@2 r100#41 r7#41 trh@4 60+40k s+"
    assert cli("sloapslam-krizovy", whole, seats=4) == [480, 480, -480, -480]
    ruleset = get_preset("sloapslam-krizovy")
    hand = parse(per_part, ruleset=ruleset, players=4, dealer=4, declarer=1)
    assert hand.doubling(H).forced == (4,) and hand.forced_on(Component.SEVEN) == ()
    assert hand_to_dict(hand)["doublings"]["hundred"] == {"raises": [4, 1], "forced": [4]}
    assert hand_from_dict(hand_to_dict(hand)) == hand
    assert parse(format_hand(hand, ruleset), ruleset=ruleset, players=4, dealer=4,
                 declarer=1) == hand
    assert format_hand(hand, ruleset).endswith("povinný flek hráče 4 na sto")


def test_a_forced_flek_must_be_a_flek_of_that_part() -> None:
    """B/19: the compulsory flek is recorded as a flek of the part it was said on."""
    ruleset = get_preset("sloapslam-krizovy")
    hand = parse("100+7k sp@2 r100#41 trh7@4 60+40k s+", ruleset=ruleset, players=4,
                 dealer=4, declarer=1)
    with pytest.raises(ScoringError) as refused:
        settle(hand, ruleset)
    assert [p.field for p in refused.value.problems] == ["doublings.seven.forced"]


# --- 3. SloapSlam křížový: a renonc that ends the dohrávka --------------------------------------


def test_a_renonc_of_the_other_side_ends_the_dohravka() -> None:
    """SLS D4 L260 "Pokud další renonc udělá protistrana, ztrácí nárok na dohrávku, zaplatí
    paušál a nárok na dohrávku získává strana první" and, when no dohrávka follows, "platí
    základní sazbu hry + paušál všem ostatním".

    A + B's hra červená; C revokes (C1), the hand is played out; in the dohrávka A revokes (C3)
    and C + D do not ask for a dohrávka: A's renonc decides. A pays the basic rate for his
    side (2 × 20 h to C and to D) and his paušál 200 h to each; C pays his paušál: A −480,
    B +400, C −360, D +440 (docs/sloapslam-krizovy.md "Situations"). Had the dohrávka gone on
    (no ``bez dohr``), the hra won stands and both pay their paušál: A −360, B +440, C −440,
    D +360.
    """
    ended = "hc sp@2 h+ !c1@3 dohr !c3@1 bez dohr"
    assert cli("sloapslam-krizovy", ended, seats=4) == [-480, 400, -360, 440]
    assert cli("sloapslam-krizovy", "hc sp@2 h+ !c1@3 dohr !c3@1", seats=4) == [
        -360, 440, -440, 360]
    ruleset = get_preset("sloapslam-krizovy")
    hand = parse(ended, ruleset=ruleset, players=4, dealer=4, declarer=1)
    assert hand.further_renoncs[-1].decisive
    assert hand_to_dict(hand)["further_renoncs"] == [
        {"code": "C3", "offender": 1, "decisive": True}]
    assert hand_from_dict(hand_to_dict(hand)) == hand
    assert parse(format_hand(hand, ruleset), ruleset=ruleset, players=4, dealer=4,
                 declarer=1) == hand
    # No result is needed once a renonc decided the hand (D4).
    assert money(parse("hc sp@2 !c1@3 dohr !c3@1 bez dohr", ruleset=ruleset, players=4,
                       dealer=4, declarer=1), "sloapslam-krizovy") == [-480, 400, -360, 440]


def test_only_a_deciding_renonc_ends_the_dohravka() -> None:
    """SLS B/7 L180, C7: commenting out of order costs the paušál only, play goes on."""
    ruleset = get_preset("sloapslam-krizovy")
    hand = parse("hc sp@2 h+ !c1@3 dohr !c7@1 bez dohr", ruleset=ruleset, players=4,
                 dealer=4, declarer=1)
    with pytest.raises(ScoringError) as refused:
        settle(hand, ruleset)
    assert [p.code for p in refused.value.problems] == ["renonc_decisive_not_in_rules"]
