"""Pagat's four-player game with a called partner (variant ``all_four`` of ``pagat-voleny``):
the shorthand of docs/notation.md "Pagat's four-player game" (P1-P5: the Durch mit Partner's
``dsp`` and the declarer's own tricks ``zd5``), their round trip over random hands, and who may
flek the game (PAG L111).

"PAG L111" is line 111 of rules/pagat-marias-de.txt (one paragraph a line). Seats: A = 1
(forhont), B = 2, C = 3, D = 4 deals; all four play.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Doubling, Hand, get_preset, settle
from scoring.errors import ScoringError
from scoring.hand import Announcement
from scoring.jsonio import hand_from_dict
from scoring.notation import format_hand, parse
from scoring.notation.shorthand import format_shorthand
from scoring.presets.pagat_voleny import VARIANTS
from scoring.types import Component, Suit
from scoring.validate import check
from tests.scoring.notation_checks import doc_examples

FOUR = get_preset("pagat-voleny").override(**VARIANTS["all_four"])
KRIZOVY = get_preset("csm-krizovy")
A, B, C, D = 1, 2, 3, 4
G, S = Component.GAME, Component.SEVEN
SEATS = {"players": 4, "dealer": D, "declarer": A}
EXAMPLES = doc_examples("Pagat's four-player game")


def four(**kw: Any) -> Hand:
    return Hand(**{**SEATS, "all_play": True, **kw})


def codes(hand: Hand, ruleset: Any = FOUR) -> list[str]:
    return [p.code for p in check(hand, ruleset)[0]]


# --- the shorthand: docs/notation.md P1-P5 -------------------------------------------------------


def test_the_document_has_the_examples_it_promises() -> None:
    assert [e["title"][:2] for e in EXAMPLES] == ["P1", "P2", "P3", "P4", "P5"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["title"][:2] for e in EXAMPLES])
def test_example(example: dict[str, Any]) -> None:
    assert example["ruleset"] == "pagat-voleny"
    expected = hand_from_dict({**SEATS, "all_play": True, **json.loads(example["hand"])})
    seats = {k: getattr(expected, k) for k in SEATS}
    assert check(expected, FOUR)[0] == [], "the documented hand must be valid"

    def read(text: str) -> Hand:
        return parse(text, ruleset=FOUR, **seats)

    assert read(example["shorthand"]) == expected
    assert format_shorthand(expected, FOUR) == example["shorthand"]
    assert format_hand(expected, FOUR) == example["description"]
    assert read(example["description"]) == expected
    for other in example["also"]:
        assert read(other) == expected, other
    money = settle(expected, FOUR).money
    assert [money[s] for s in sorted(money)] == json.loads(example["money"])
    assert sum(money.values()) == 0


def test_the_words_exist_only_where_the_ladder_has_the_contract() -> None:
    # The three-player preset has no Durch mit Partner: "dsp" is refused at the contract.
    with pytest.raises(ScoringError) as error:
        parse("dsp d+", ruleset=get_preset("pagat-voleny"), players=3, dealer=3, declarer=1)
    assert error.value.code == "notation_unknown_contract" and error.value.position == 0
    # "zd" reads one digit; the engine then judges the number (0-7, PAG L115).
    hand = parse("dsp sp@4 d- zd9", ruleset=FOUR, **SEATS)
    assert hand.declarer_tricks == 9 and codes(hand) == ["declarer_tricks_range"]


@st.composite
def durch_hands(draw: st.DrawFn) -> Hand:
    """Durch mit Partner by any seat with any partner; lost ones with the declarer's tricks."""
    declarer = draw(st.integers(1, 4))
    partner = draw(st.sampled_from([s for s in range(1, 5) if s != declarer]))
    won = draw(st.booleans())
    tricks = None if won else draw(st.integers(0, 7))
    level = draw(st.integers(0, 3))
    defenders = [s for s in range(1, 5) if s not in (declarer, partner)]
    doublings = (Doubling(Component.DURCH, level, by=tuple(draw(st.sets(
        st.sampled_from(defenders), min_size=1)))),) if level else ()
    return Hand(4, D, declarer, "durch_partner", all_play=True, partner=partner,
                durch_won=won, declarer_tricks=tricks, doublings=doublings)


@settings(max_examples=150, deadline=None)
@given(durch_hands())
def test_the_declarers_tricks_read_back_and_the_money_sums_to_zero(hand: Hand) -> None:
    assert codes(hand) == []
    seats = {"players": 4, "dealer": hand.dealer, "declarer": hand.declarer}
    assert parse(format_shorthand(hand, FOUR), ruleset=FOUR, **seats) == hand
    assert parse(format_hand(hand, FOUR), ruleset=FOUR, **seats) == hand
    money = settle(hand, FOUR).money
    assert sum(money.values()) == 0
    if hand.declarer_tricks is not None and hand.declarer_tricks < 6:  # PAG L115
        assert money[hand.partner] == 0 and money[hand.declarer] < 0  # type: ignore[index]


# --- PAG L111: only forhont's opponents flek the game ---------------------------------------------


def test_pag_l111_forhonts_partner_may_not_flek_the_game() -> None:
    # PAG L111 "die Gegner von Vorhand können Flek gegen das Spiel": A (forhont) calls the
    # Ober, C holds it; C's flek on the game is refused, written with seats or as a chain.
    for doubling in (Doubling(G, 1, by=(C,)), Doubling(G, 0, raises=(C, A)),
                     Doubling(G, 0, raises=(B, A, C))):  # C's tutti too: an odd raise
        hand = four(contract="seven", trump=Suit.BELLS, partner=C, doublings=(doubling,),
                    game_won=True, seven_won=True)
        problems = check(hand, FOUR)[0]
        assert [(p.code, p.field) for p in problems] == [
            ("game_flek_forehand_side", "doublings.game")]
        assert "only forhont's opponents flek the game" in problems[0].message("en")
        assert "seat 3" in problems[0].message("en")
        # ČSM křížový says it in its own words (obecná pravidla VII.2 L246-248).
        assert codes(hand, KRIZOVY) == ["partner_flek"]


def test_pag_l111_forhonts_opponents_flek_and_the_rest_stays_free() -> None:
    # PAG L111: B and D flek the game; A answers re, and so may C (an even raise).
    for raises in ((B, A), (D, C), (B, A, D)):
        assert codes(four(contract="game", trump=Suit.BELLS, partner=C,
                          doublings=(Doubling(G, 0, raises=raises),), game_won=True)) == []
    # L110: forhont holding the called card plays alone: all three flek.
    assert codes(four(contract="game", trump=Suit.BELLS,
                      doublings=(Doubling(G, 1, by=(B, C, D)),), game_won=True)) == []
    # L111 "jeder kann mit Flek auf angesagte Prämien des gegnerischen Teams reagieren": B's
    # Sieben gegen is fleked by C, forhont's partner.
    assert codes(four(contract="game", trump=Suit.BELLS, partner=C, game_won=True,
                      announcements=(Announcement(S, B, 0, (C,), won=False),))) == []


def test_pag_l111_is_the_variants_rule_only() -> None:
    # The three-player game and the pauzírák are untouched: there forhont's side is himself.
    three = get_preset("pagat-voleny")
    assert not three.game_flek_forehand_opponents and FOUR.game_flek_forehand_opponents
    hand = Hand(3, C, A, "game", Suit.BELLS, doublings=(Doubling(G, 0, raises=(A,)),),
                game_won=True)
    assert codes(hand, three) == ["raise_by_wrong_side"]
