"""Worked examples of ČSM křížový mariáš (docs/csm-krizovy.md "Worked examples"), preset
``csm-krizovy``.

Each example names the lines of ČSM *Obecná pravidla* it rests on ("ČSM obecná" = the OCR in
rules/csm-obecna-pravidla-ocr.txt, cited by line). Seats: A = 1 (forhont, declarer unless
stated), B = 2, C = 3, D = 4 deals; all four play (L243). Base 20 h. Every example is settled
from the Hand, through ``python -m scoring settle --ruleset csm-krizovy --notation ...``, and
(the "Křížový" section of docs/notation.md, K1-K10) from its shorthand and its description.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import Doubling, Hand, Marriage, Points, Renonc, get_preset, settle
from scoring.errors import ScoringError
from scoring.hand import Announcement
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.notation import format_hand, parse
from scoring.notation.shorthand import format_shorthand
from scoring.types import COMPONENT_ORDER, Component, Rank, Suit
from scoring.validate import check, for_ruleset
from tests.scoring.notation_checks import doc_examples

KRI = get_preset("csm-krizovy")
A, B, C, D = 1, 2, 3, 4
G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED


def four(**kw: Any) -> Hand:
    """D deals, A is forhont; nobody sits out."""
    return Hand(players=4, dealer=D, **{"declarer": A, **kw})


def money(hand: Hand) -> list[int]:
    result = settle(hand, KRI)
    return [result.money[s] for s in hand.seats]


# (number, hand, shorthand for the command, expected money A, B, C, D)
EXAMPLES: list[tuple[int, Hand, str, list[int]]] = [
    # example 3.4.1 ČSM obecná L243-245 (the called rank picks the partner), L248 (the pair's points
    # are added: 60 + A's 20 = 80 against 30 + 20), L248-250 (each loser pays one winner X).
    (1, four(contract="game", trump=Suit.BELLS, partner=C, called_rank=Rank.ACE,
             points=Points(60, (Marriage(20, Suit.LEAVES),), (Marriage(20, Suit.ACORNS),))),
     "hk =e sp@3 60+20z:+20za", [20, -20, 20, -20]),
    # example 3.4.2 L244 (a called card he holds: he plays alone), V.1 L140-141 (1v3: X from each).
    (2, four(contract="seven", trump=Suit.LEAVES, called_rank=Rank.KING, game_won=True,
             seven_won=True),
     "7z =k sam h+ s+", [180, -60, -60, -60]),
    # example 3.4.3 L246-248 (B fleks the sedma, A says re), V.4 L158 (hearts ×2): 40 − 320.
    (3, four(contract="seven_hearts", trump=Suit.HEARTS, partner=D, called_rank=Rank.ACE,
             doublings=(Doubling(S, 0, raises=(B, A)),), game_won=True, seven_won=False),
     "7c =e sp@4 r7#21 h+ s-", [-280, 280, 280, -280]),
    # example 3.4.4 L250 (announcements against the declaring side): C's sedma proti won, −40; the
    # hra 90 : 60 won, +20; X = −20.
    (4, four(contract="game", trump=Suit.ACORNS, partner=B,
             points=Points(50, (Marriage(40, Suit.ACORNS),), (Marriage(20, Suit.BELLS),)),
             announcements=(Announcement(S, C, won=True),)),
     "hza sp@2 7p@3+ 50+40za:+20k", [-20, -20, 20, 20]),
    # example 3.4.5 L250-251 (betl alone against three), L152 (betl 15).
    (5, four(declarer=B, contract="betl", betl_won=True), "b b+", [-300, 900, -300, -300]),
    # example 3.4.6 L251-253 (durch s chytrým: D takes trick 8 and joins A), L153 (durch 30).
    (6, four(contract="durch_clever", durch_won=True, trick8=D), "dch ch8@4 d+",
     [600, -600, -600, 600]),
    # example 3.4.7 V.7 L174-178 (tiché sto of the defence doubles the hra): 1·2·2·20 = 80.
    (7, four(contract="game", trump=Suit.BELLS, partner=B,
             points=Points(40, (), (Marriage(40, Suit.BELLS), Marriage(20, Suit.LEAVES)))),
     "hk sp@2 40:+40k+20z", [-80, -80, 80, 80]),
    # example 3.4.8 L248 (the pair's marriages), VII.1 L240-241 (the first announced counts: 70 +
    # 40), V.6 L170-173 (130: the sto rate four times).
    (8, four(contract="hundred", trump=Suit.LEAVES, partner=B,
             points=Points(70, (Marriage(40, Suit.LEAVES), Marriage(20, Suit.BELLS)))),
     "100z sp@2 70+40z+20k", [320, 320, -320, -320]),
    # example 3.4.9 VI.3 L226-228 (paušál 10 to every other player, and the game "for all players of
    # his side": B pays C and D 40 + 40 each; A pays nothing).
    (9, four(contract="seven", trump=Suit.BELLS, partner=B,
             doublings=(Doubling(G, 1, by=(C,)),), renonc=Renonc("VI.2.g", B)),
     "7k sp@2 fh@3 !vi2g@2", [200, -760, 280, 280]),
    # example 3.4.10 V.9 L185 (limit 500 units per payer pair): 15 440 capped at 10 000.
    (10, four(contract="hundred_seven_hearts", trump=Suit.HEARTS, partner=B, seven_won=True,
              points=Points(90, (Marriage(40, Suit.HEARTS), Marriage(20, Suit.BELLS))),
              doublings=(Doubling(H, 4),)),
     "100+7c sp@2 b100 90+40c+20k s+", [10000, 10000, -10000, -10000]),
]
IDS = [f"3.4.{e[0]}" for e in EXAMPLES]


@pytest.mark.parametrize(("number", "hand", "shorthand", "expected"), EXAMPLES, ids=IDS)
def test_example(number: int, hand: Hand, shorthand: str, expected: list[int]) -> None:
    assert money(hand) == expected
    assert sum(expected) == 0


def test_6_durch_clever_other_outcomes() -> None:
    # example 3.4.6 L251-253: A takes all eight (1v3 won) or loses one of tricks 1-7 (1v3 lost).
    assert money(four(contract="durch_clever", durch_won=True, trick8=A)) == [
        1800, -600, -600, -600]
    assert money(four(contract="durch_clever", durch_won=False)) == [-1800, 600, 600, 600]


def test_9_renonc_each_pays_his_own_reading() -> None:
    # renonc_offender_pays_side=False: the pair-wise payment of L248-250 applies unchanged.
    other = KRI.override(renonc_offender_pays_side=False)
    hand = EXAMPLES[8][1]
    result = settle(hand, other).money
    assert [result[s] for s in hand.seats] == [120, -680, 280, 280]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", *args], capture_output=True,
                          text=True, timeout=60, check=False)


@pytest.mark.parametrize(("number", "hand", "shorthand", "expected"), EXAMPLES, ids=IDS)
def test_example_through_the_command(number: int, hand: Hand, shorthand: str,
                                     expected: list[int]) -> None:
    done = _run("settle", "--ruleset", "csm-krizovy", "--notation", shorthand, "--seats", "4",
                "--dealer", str(hand.dealer), "--declarer", str(hand.declarer))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["money"] == expected
    assert all(line["text"] and "line_" not in line["text"] for line in out["lines"])


# -- validation (ČSM obecná VII.2) ------------------------------------------------------------


def _codes(hand: Hand, ruleset: Any = KRI) -> set[str]:
    return {p.code for p in check(hand, ruleset)[0]}


def test_nobody_sits_out_and_the_table_is_four() -> None:
    assert for_ruleset(four(contract="betl"), KRI).sitter is None
    assert "table_size" in _codes(Hand(players=3, dealer=C, declarer=A, contract="betl",
                                       betl_won=True))
    # the dealer may declare a betl (he would sit out in volený)
    assert _codes(four(declarer=D, contract="betl", betl_won=True)) == set()


def test_partner_checks() -> None:
    game = {"contract": "game", "trump": Suit.BELLS, "points": Points(60)}
    assert "partner_is_declarer" in _codes(four(partner=A, **game))
    assert "seat_range" in _codes(four(partner=5, **game))
    assert "partner_no_trumps" in _codes(four(declarer=B, contract="betl", betl_won=True,
                                              partner=C))
    assert "trick8_not_clever" in _codes(four(declarer=B, contract="durch", durch_won=True,
                                              trick8=C))
    assert "trick8_missing" in _codes(four(contract="durch_clever", durch_won=True))
    volen = get_preset("csm-voleny")
    assert "partnership_not_in_rules" in _codes(Hand(players=3, dealer=C, declarer=A,
                                                     partner=B, **game), volen)


def test_partner_may_not_flek_the_declarer() -> None:
    # L246-248: odd raises only from the defence; even ones from the declarer or the partner.
    seven = {"contract": "seven", "trump": Suit.BELLS, "game_won": True, "seven_won": True,
             "partner": C}
    assert "partner_flek" in _codes(four(doublings=(Doubling(S, 0, raises=(C,)),), **seven))
    assert "partner_flek" in _codes(four(doublings=(Doubling(S, 1, by=(C,)),), **seven))
    re_by_partner = four(doublings=(Doubling(S, 0, raises=(B, C)),), **seven)
    assert _codes(re_by_partner) == set()
    strict = KRI.override(partner_even_raises=False)
    assert "partner_raise_not_allowed" in _codes(re_by_partner, strict)
    # the partner's re doubles for both payers: each pays one of the pair
    assert money(re_by_partner) == [180, -180, 180, -180]


def test_announcement_against_by_the_partner_is_refused() -> None:
    hand = four(contract="game", trump=Suit.BELLS, partner=C, points=Points(60),
                announcements=(Announcement(S, C, won=False),))
    assert "announcement_by_partner" in _codes(hand)
    with pytest.raises(ScoringError):
        settle(hand, KRI)


def test_json_round_trip_and_keys() -> None:
    hand = for_ruleset(EXAMPLES[0][1], KRI)
    data = hand_to_dict(hand)
    assert data["partner"] == C and data["called_rank"] == "ace" and data["all_play"]
    assert hand_from_dict(data) == hand
    clever = for_ruleset(EXAMPLES[5][1], KRI)
    assert hand_to_dict(clever)["trick8"] == D and hand_from_dict(hand_to_dict(clever)) == clever


# -- docs/notation.md, "Křížový" (K1-K10) --------------------------------------------------------

SEATS = {"players": 4, "dealer": 4, "declarer": 1}



DOC_EXAMPLES = doc_examples("Křížový")


def test_the_document_has_k1_to_k10() -> None:
    assert [e["title"].split(".")[0] for e in DOC_EXAMPLES] == [f"K{i}" for i in range(1, 11)]


@pytest.mark.parametrize("example", DOC_EXAMPLES, ids=[e["title"][:3] for e in DOC_EXAMPLES])
def test_doc_example(example: dict[str, Any]) -> None:
    ruleset = get_preset(example["ruleset"])
    expected = for_ruleset(hand_from_dict({**SEATS, **json.loads(example["hand"])}), ruleset)
    assert check(expected, ruleset)[0] == []

    def read(text: str) -> Hand:
        return parse(text, ruleset=ruleset, players=4, dealer=expected.dealer,
                     declarer=expected.declarer)

    assert read(example["shorthand"]) == expected
    assert format_shorthand(expected, ruleset) == example["shorthand"]
    assert format_hand(expected, ruleset) == example["description"]
    assert read(example["description"]) == expected
    for other in example["also"]:
        assert read(other) == expected, other
    result = settle(expected, ruleset).money
    assert [result[s] for s in sorted(result)] == json.loads(example["money"])


# -- properties ----------------------------------------------------------------------------------

_PLAIN = (Suit.BELLS, Suit.LEAVES, Suit.ACORNS)


@st.composite
def krizovy_hands(draw: st.DrawFn) -> Hand:
    dealer = draw(st.integers(1, 4))
    forehand = dealer % 4 + 1
    rung = draw(st.sampled_from(KRI.ladder))
    declarer = forehand if rung.has_trumps else draw(st.integers(1, 4))
    partner = (draw(st.one_of(st.none(), st.sampled_from(
        [s for s in range(1, 5) if s != declarer]))) if rung.has_trumps else None)
    side = {declarer, partner}
    defence = [s for s in range(1, 5) if s not in side]
    doublings = []
    for component in sorted(rung.components, key=COMPONENT_ORDER.index):
        level = draw(st.integers(0, 4))
        if level:
            raises = tuple(draw(st.sampled_from(defence)) if i % 2 == 0
                           else draw(st.sampled_from(sorted(s for s in side if s)))
                           for i in range(level))
            doublings.append(Doubling(component, 0, raises=raises))
    trump = (Suit.HEARTS if rung.hearts else draw(st.sampled_from(_PLAIN))
             if rung.has_trumps else None)
    kw: dict[str, Any] = {}
    if rung.components & {G, H}:
        kw["points"] = Points(draw(st.integers(0, 9)) * 10,
                              tuple(Marriage(20) for _ in range(draw(st.integers(0, 1)))),
                              tuple(Marriage(20) for _ in range(draw(st.integers(0, 1)))))
    if S in rung.components:
        kw["seven_won"] = draw(st.booleans())
    if Component.BETL in rung.components:
        kw["betl_won"] = draw(st.booleans())
    if Component.DURCH in rung.components:
        kw["durch_won"] = draw(st.booleans())
        if rung.clever and kw["durch_won"]:
            kw["trick8"] = draw(st.integers(1, 4))
    if rung.has_trumps and draw(st.booleans()):
        kw["announcements"] = (Announcement(S, draw(st.sampled_from(defence)),
                                            won=draw(st.booleans())),)
        kw.pop("seven_won", None) if S in rung.components else None
    if draw(st.integers(0, 4)) == 0:
        code = draw(st.sampled_from([r.code for r in KRI.renoncs]))
        kw = {k: v for k, v in kw.items() if k != "trick8"} if code != "VI.2.a" else kw
        kw["renonc"] = Renonc(code, draw(st.integers(1, 4)))
    called = draw(st.one_of(st.none(), st.sampled_from(list(Rank))))
    return Hand(players=4, dealer=dealer, declarer=declarer, contract=rung.code, trump=trump,
                partner=partner, called_rank=called, doublings=tuple(doublings),
                all_play=True, **kw)


VALID = krizovy_hands().filter(lambda h: check(h, KRI)[0] == [])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(VALID)
def test_every_krizovy_hand_sums_to_zero(hand: Hand) -> None:
    result = settle(hand, KRI)
    assert sum(result.money.values()) == 0
    side = hand.declaring_side
    if len(side) == 2 and hand.renonc is None:
        # 2v2: every player wins or loses the same X (L248-250)
        assert len({abs(v) for v in result.money.values()}) == 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(VALID)
def test_krizovy_shorthand_and_description_read_back(hand: Hand) -> None:
    for text in (format_shorthand(hand, KRI), format_hand(hand, KRI)):
        assert parse(text, ruleset=KRI, players=4, dealer=hand.dealer,
                     declarer=hand.declarer) == hand, text
    assert hand_from_dict(hand_to_dict(hand)) == hand
