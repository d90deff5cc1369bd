"""Worked examples of ČSM volený mariáš (docs/csm-voleny.md "Worked examples"), preset
``csm-voleny``.

Each example names the lines of ČSM *Obecná pravidla* it rests on ("ČSM obecná" = the OCR in
rules/csm-obecna-pravidla-ocr.txt, cited by line because the OCR lost the paragraph numbers).
Seats: A = 1 (forhont and declarer unless stated), B = 2, C = 3; at a table of four D = 4
deals and sits out, paying as a defender (ČSM obecná L27-28, L141-142). Base 20 h.
"""

from __future__ import annotations

import pytest

from scoring import Doubling, Hand, Marriage, Points, Renonc, SilentSeven, get_preset, settle
from scoring.errors import ScoringError
from scoring.hand import Announcement
from scoring.types import Component, FlekBinding, HundredMarriage, Side, Suit
from tests.scoring.cli_money import settled_both_ways

VOL = get_preset("csm-voleny")
A, B, C, D = 1, 2, 3, 4
G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED


def three(**kw: object) -> Hand:
    """A table of three: C deals, A is forhont."""
    return Hand(players=3, dealer=C, **kw)  # type: ignore[arg-type]


def four(**kw: object) -> Hand:
    """A table of four: D deals and sits out, A is forhont."""
    return Hand(players=4, dealer=D, **kw)  # type: ignore[arg-type]


def money(hand: Hand, ruleset: object = VOL) -> list[int]:
    """The money per seat, the same through ``python -m scoring settle`` (issue 23)."""
    result = settled_both_ways(hand, ruleset, VOL)  # type: ignore[arg-type]
    return [result.money[s] for s in hand.seats]


def test_1_game_accepted() -> None:
    # ČSM obecná L101-102 (more points than the other side), L148 hra 1 (SLS L96: 0,20 Kč),
    # L140-142 (every defender pays, the sitter too).
    hand = dict(declarer=A, contract="game", trump=Suit.BELLS,
                points=Points(50, (Marriage(20, Suit.LEAVES),)))
    assert money(three(**hand)) == [40, -20, -20]
    assert money(four(**hand)) == [60, -20, -20, -20]


def test_2_game_hearts_flek_re_lost() -> None:
    # ČSM obecná L158 (hearts double), L160-165 (flek by the defence, re by the declarer).
    hand = three(declarer=A, contract="game_hearts", trump=Suit.HEARTS,
                 doublings=(Doubling(G, 0, raises=(B, A)),),
                 points=Points(40, (), (Marriage(20, Suit.BELLS),)))
    assert hand.doubling(G).level == 2 and hand.doubling(G).by == (B,)
    assert money(hand) == [-320, 160, 160]


def test_3_seven_with_silent_hundred() -> None:
    # ČSM obecná L174-178: tiché sto counts all marriages and doubles the hra, and the rate
    # again for every ten past 100; L106-107: hra and sedma are settled apart.
    hand = three(declarer=A, contract="seven", trump=Suit.ACORNS,
                 points=Points(60, (Marriage(40, Suit.ACORNS), Marriage(20, Suit.BELLS))),
                 seven_won=True)
    assert money(hand) == [320, -160, -160]


def test_4_hundred_counts_the_first_announced_marriage() -> None:
    # ČSM obecná L240-241 "Do hlášeného Sta se počítá první nahlášená hláška"; L170-173:
    # a failed sto pays the rate for every ten missing.
    hand = three(declarer=A, contract="hundred", trump=Suit.LEAVES,
                 points=Points(70, (Marriage(20, Suit.BELLS), Marriage(40, Suit.LEAVES))))
    assert money(hand) == [-160, 80, 80]
    best = VOL.override(hundred_marriage=HundredMarriage.BEST)
    assert money(hand, best) == [640, -320, -320]  # 70 + 40 made, 130 in all: t = 3


def test_5_hundred_against() -> None:
    # ČSM obecná L240 "Závazky Sedma a Sto mohou hlásit i hráči obrany"; the defence's sto
    # counts its first announced marriage (L240-241); by default it replaces the hra (pagat
    # L93; ČSM obecná is silent).
    hand = three(declarer=A, contract="game", trump=Suit.BELLS,
                 announcements=(Announcement(H, by=B),),
                 points=Points(30, (), (Marriage(40, Suit.BELLS), Marriage(20, Suit.LEAVES))))
    assert money(hand) == [-480, 240, 240]


def test_5c_hundred_against_with_hra_kept() -> None:
    # The override "hra stays" (docs/readings.md §9.5): hra lost (-20) next to the sto (-240).
    # Reading: a side that announced a sto has no tiché sto besides (ČSM obecná L174: tiché
    # sto belongs to a contract "Hra"), so the lost hra is the plain 20, as docs/csm-voleny.md
    # example 2.6.5 says; a literal sum of V.7 would make it 20 · 2 · 3 = 120 (X = -360).
    kept = VOL.override(hundred_replaces_game=False)
    hand = three(declarer=A, contract="game", trump=Suit.BELLS,
                 announcements=(Announcement(H, by=B),),
                 points=Points(30, (), (Marriage(40, Suit.BELLS), Marriage(20, Suit.LEAVES))))
    assert money(hand, kept) == [-520, 260, 260]


def test_6_betl_by_another_player() -> None:
    # ČSM obecná L235-239: after "Barva?" another player takes the talon and plays betl;
    # L140-141: each defender pays the resulting (fleked) rate; L152 betl 15.
    hand = three(declarer=B, contract="betl", doublings=(Doubling(Component.BETL, 1, (C,)),),
                 betl_won=True)
    assert money(hand) == [-600, 1200, -600]
    per_defender = VOL.override(flek_binding_no_trumps=FlekBinding.PER_DEFENDER)
    assert money(hand, per_defender) == [-300, 900, -600]


def test_7_durch_over_betl_lost() -> None:
    # ČSM obecná L238-239: a betl may be taken over with durch; L153 durch 30.
    hand = three(declarer=C, contract="durch", durch_won=False)
    assert money(hand) == [600, 600, -1200]


def test_8_hundred_at_exactly_100_and_silent_seven() -> None:
    # ČSM obecná L170-173 (sto made at 100: one rate), L180-183 (tichá sedma half the sedma,
    # also when a partner kills it: both pay).
    hand = dict(declarer=A, contract="hundred", trump=Suit.ACORNS,
                points=Points(60, (Marriage(40, Suit.ACORNS),)))
    won = three(**hand, silent_seven=SilentSeven(Side.DECLARER, True))
    assert money(won) == [200, -100, -100]
    killed_by_partner = three(**hand, silent_seven=SilentSeven(Side.DEFENCE, False))
    assert money(killed_by_partner) == [200, -100, -100]
    killed = three(**hand, silent_seven=SilentSeven(Side.DECLARER, False))
    assert money(killed) == [120, -60, -60]


def test_9_renonc_pays_pausal_and_game() -> None:
    # ČSM obecná L226-228: the paušál (10 × base) to every other player, and the game at the
    # reached levels for every player of his side; L220 not following suit.
    hand = dict(declarer=A, contract="seven_hearts", trump=Suit.HEARTS,
                doublings=(Doubling(G, 1, (B,)),), renonc=Renonc("VI.2.g", C))
    assert money(three(**hand)) == [520, 200, -720]
    assert money(four(**hand)) == [680, 200, -1080, 200]


def test_9b_first_three_renoncs_cost_only_the_pausal() -> None:
    # ČSM obecná L227 "kromě prvních tří renonců": read as the first three items of VI.2.
    hand = three(declarer=A, contract="game", trump=Suit.BELLS, points=Points(60),
                 renonc=Renonc("VI.2.c", B))
    assert money(hand) == [240, -420, 180]  # hra won 20 each, B pays 200 to A and to C


def test_9c_ace_in_talon_costs_fifty_and_the_game() -> None:
    # ČSM obecná L228-229: an ace or ten in the talon, 50 × base.
    hand = three(declarer=A, contract="game", trump=Suit.BELLS, renonc=Renonc("VI.2.l", A))
    assert money(hand) == [-2040, 1020, 1020]


def test_10_fleked_laid_down_at_four() -> None:
    # ČSM obecná L187-191: the fleking defender alone pays the difference the flek made.
    hand = four(declarer=A, contract="hundred", trump=Suit.BELLS,
                doublings=(Doubling(H, 1, (B,)),), laid_down=True,
                points=Points(90, (Marriage(40, Suit.BELLS),)))
    assert money(hand) == [1920, -1280, -320, -320]


def test_11_limit() -> None:
    # ČSM obecná L185: the limit is 500 × base per payer.
    hand = three(declarer=A, contract="hundred_seven_hearts", trump=Suit.HEARTS,
                 doublings=(Doubling(H, 4),), seven_won=True,
                 points=Points(90, (Marriage(40, Suit.HEARTS), Marriage(20, Suit.BELLS))))
    assert money(hand) == [20000, -10000, -10000]


def test_12_balanced_contracts_not_played() -> None:
    # ČSM obecná L206-208 (V.12): hra fleked, sedma accepted, the declarer accepts: 0.
    hand = three(declarer=A, contract="seven", trump=Suit.BELLS,
                 doublings=(Doubling(G, 1, raises=(B,)),), not_played=True)
    assert money(hand) == [0, 0, 0]


def test_seven_against() -> None:
    # ČSM obecná L240: the defence may announce a sedma; L150 sedma 2, won by the defence.
    hand = three(declarer=A, contract="game", trump=Suit.BELLS, points=Points(60),
                 announcements=(Announcement(S, by=C, won=True),))
    assert money(hand) == [-40, 20, 20]  # hra +20, sedma proti -40 per payer
    fleked = three(declarer=A, contract="game", trump=Suit.BELLS, points=Points(60),
                   announcements=(Announcement(S, by=C, raises=(A,), won=False),))
    assert fleked.announcements[0].level == 1
    assert money(fleked) == [200, -100, -100]  # hra +20, sedma proti lost at flek +80


def test_roles_are_validated() -> None:
    # ČSM obecná L233-239: a trump game is the forhont's; betl and durch any player's.
    with pytest.raises(ScoringError) as error:
        settle(three(declarer=B, contract="game", trump=Suit.BELLS, points=Points(60)), VOL)
    assert error.value.problems[0].code == "trump_game_not_forehand"
    settle(three(declarer=B, contract="durch", durch_won=True), VOL)
    with pytest.raises(ScoringError) as error:
        settle(three(declarer=A, contract="game", trump=Suit.BELLS, points=Points(60),
                     announcements=(Announcement(S, by=A, won=True),)), VOL)
    assert error.value.problems[0].code == "announcement_by_not_defender"
    with pytest.raises(ScoringError) as error:  # a re comes from the declarer, not a defender
        settle(three(declarer=A, contract="game", trump=Suit.BELLS, points=Points(60),
                     doublings=(Doubling(G, 0, raises=(B, C)),)), VOL)
    assert error.value.problems[0].code == "raise_by_wrong_side"
