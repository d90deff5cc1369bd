"""Worked SZMK volený 2024 examples, each traced to a section of rules/szmk-voleny-2024.txt.

Where the text is silent the reading is named in the test and in docs/szmk.md. Three players,
seat 3 deals, seat 1 declares unless stated; money per seat in euro cents.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, get_preset, settle
from scoring.hand import Hand, Renonc
from scoring.jsonio import hand_from_dict
from scoring.table_round import (
    budget_problems,
    contumation_money,
    flek_exposure,
    holdings,
    mark_forgiven,
)
from scoring.types import IncorrectFlekVoids, RenoncKind

SZMK = get_preset("szmk-voleny-2024")


def money(**data: Any) -> list[int]:
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, **data})
    result = settle(hand, SZMK)
    return [result.money[s] for s in (1, 2, 3)]


def by(level: int, *seats: int) -> dict[str, Any]:
    return {"level": level, "by": list(seats)}


# -- C.5: values of the parts ------------------------------------------------------------------


def test_accepted_game_is_five_cents_from_each() -> None:
    assert money(contract="game", trump="bells", points={"declarer_cards": 60}) == [10, -5, -5]


def test_fleked_game_is_ten_cents_from_the_fleker_only() -> None:
    # C.5 "flekovaná hra 10 centov"; C.9 per defender: seat 3 did not flek and pays 5 c.
    assert money(contract="game", trump="bells", points={"declarer_cards": 60},
                 doublings={"game": by(1, 2)}) == [15, -10, -5]


def test_hearts_double_the_payment() -> None:
    assert money(contract="game_hearts", trump="hearts",
                 points={"declarer_cards": 60}) == [20, -10, -10]


def test_announced_seven_is_ten_cents_and_the_game_five() -> None:
    # C.5: "hlásená sedmička 10 centov"; game and seven are separate parts.
    assert money(contract="seven", trump="acorns", points={"declarer_cards": 60},
                 seven_won=True) == [30, -15, -15]


def test_only_the_seven_fleked_leaves_the_game_at_five_cents() -> None:
    # C.5: in a game where only the seven is fleked the game stays 5 c.
    assert money(contract="seven", trump="acorns", points={"declarer_cards": 60},
                 seven_won=False, doublings={"seven": by(1, 2)}) == [5 - 20 + 5 - 10, 15, 5]


def test_silent_seven_is_five_cents() -> None:
    assert money(contract="game", trump="bells", points={"declarer_cards": 60},
                 silent_seven={"side": "declarer", "won": True}) == [20, -10, -10]


def test_malý_and_veľký() -> None:
    assert money(contract="betl", betl_won=True) == [50, -25, -25]
    assert money(contract="durch", durch_won=False) == [-100, 50, 50]


# -- C.1, C.5, C.6.b: "nad 100 – pod 100", arithmetic series --------------------------------
#
# C.5: a reached 100 makes the hra a nahraná stovka, 10 c (twice the hra's 5 c); C.6.b: every
# further ten is worth one more stovka of that hand, added (C.1 "aritmetickým radom"). So per
# payer at the basic rate 100 → 10 c, 110 → 20 c, 120 → 30 c, 150 → 60 c; hearts and the
# payer's flek multiply it as they multiply the hra (C.5: "červená tromf zdvojnásobuje").

# (total, declarer's card points, declarer's marriages, defence's marriages) for a side that
# reaches the total with all its marriages (C.6.a), trumps bells or hearts (the 40).
_DECLARER_REACHES = {
    100: (80, [20], []), 110: (70, [40], []), 120: (80, [40], []), 150: (90, [40, 20], []),
}
_DEFENCE_REACHES = {  # the defence's cards are 90 minus the declarer's
    100: (30, [], [40]), 110: (20, [], [40]), 120: (10, [], [40]), 150: (0, [], [40, 20]),
}
_PER_TEN = {100: 10, 110: 20, 120: 30, 150: 60}  # cents per payer, basic rate


def _reached(side: str, total: int, hearts: bool, flek: bool) -> list[int]:
    cards, mine, theirs = (_DECLARER_REACHES if side == "declarer" else _DEFENCE_REACHES)[total]
    return money(contract="game_hearts" if hearts else "game",
                 trump="hearts" if hearts else "bells",
                 points={"declarer_cards": cards, "declarer_marriages": mine,
                         "defence_marriages": theirs},
                 doublings={"game": by(1, 2)} if flek else {})


@pytest.mark.parametrize("total", [100, 110, 120, 150])
@pytest.mark.parametrize("side", ["declarer", "defence"])
@pytest.mark.parametrize("hearts", [False, True], ids=["plain", "hearts"])
@pytest.mark.parametrize("flek", [False, True], ids=["accepted", "flek@2"])
def test_a_reached_hundred_and_each_ten_past_it(total: int, side: str, hearts: bool,
                                                flek: bool) -> None:
    v = _PER_TEN[total] * (2 if hearts else 1)  # C.5 nahraná stovka, C.6.b per ten
    sign = 1 if side == "declarer" else -1  # the side that reached it wins the hra
    seat2 = 2 * v if flek else v  # C.9: seat 2's flek doubles what he pays or receives
    assert _reached(side, total, hearts, flek) == [sign * (seat2 + v), -sign * seat2, -sign * v]


@pytest.mark.parametrize(("total", "cents"), [(100, 10), (110, 20), (120, 30), (150, 60)])
def test_the_series_written_out(total: int, cents: int) -> None:
    # The README's numbers: accepted farba gule, the declarer reaches the total.
    assert _reached("declarer", total, False, False) == [2 * cents, -cents, -cents]


def test_only_the_seven_fleked_leaves_the_nahraná_stovka_at_ten_cents() -> None:
    # C.5: where only the sedma is fleked, the hra is 5 c and a reached 100 makes it 10 c.
    assert money(contract="seven", trump="bells", seven_won=True,
                 points={"declarer_cards": 80, "declarer_marriages": [20]},
                 doublings={"seven": by(1, 2)}) == [10 + 20 + 10 + 10, -10 - 20, -10 - 10]


def test_a_sedma_with_110_pays_the_series_and_the_sedma_apart() -> None:
    # C.5: hra and hlásená sedma are separate parts; 110 makes the hra 20 c (C.6.b).
    assert money(contract="seven", trump="bells", seven_won=True,
                 points={"declarer_cards": 70, "declarer_marriages": [40]}) == [60, -30, -30]


def test_the_explanation_names_the_reached_total() -> None:
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "game",
                           "trump": "bells",
                           "points": {"declarer_cards": 70, "declarer_marriages": [40]}})
    texts = [line.describe(SZMK, "sk") for line in settle(hand, SZMK).lines]
    assert texts == ["hra uhraná (tichá stovka, 110 bodov): 1 × 0,05\u00a0€ · ×4 = 0,20\u00a0€"]


def test_geometric_series_is_an_option() -> None:
    from scoring.types import Series

    geometric = SZMK.override(hundred_series=Series.GEOMETRIC)
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "game",
                           "trump": "bells",
                           "points": {"declarer_cards": 90, "declarer_marriages": [40]}})
    assert settle(hand, geometric).money[2] == -5 * 2 * 2**3  # 130: doubled per ten


def test_unfleked_tens_are_a_reading_for_szmk_too() -> None:
    # With silent_hundred_tens_doubled off, seat 2's flek doubles the nahraná stovka only.
    unfleked = SZMK.override(silent_hundred_tens_doubled=False)
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "game",
                           "trump": "bells", "doublings": {"game": by(1, 2)},
                           "points": {"declarer_cards": 70, "declarer_marriages": [40]}})
    assert settle(hand, unfleked).money == {1: 30 + 20, 2: -30, 3: -20}


def test_hundred_made_pays_a_hundred_per_ten() -> None:
    # C.6.b: each ten past 100 is worth one more stovka (20 c).
    assert money(contract="hundred", trump="bells",
                 points={"declarer_cards": 80, "declarer_marriages": [40]}) == [120, -60, -60]


@pytest.mark.parametrize(("cards", "marriages", "per_payer"), [
    (60, [40], 20), (70, [40], 40), (80, [40], 60), (90, [40, 20], 120),
])
def test_announced_stovka_at_100_110_120_and_150(cards: int, marriages: list[int],
                                                 per_payer: int) -> None:
    # C.5 stovka 20 c; C.6.b one more stovka per ten. All marriages count once the sto is
    # reached on one (C.6.a): 90 + 40 + 20 = 150.
    assert money(contract="hundred", trump="bells",
                 points={"declarer_cards": cards, "declarer_marriages": marriages}) == [
        2 * per_payer, -per_payer, -per_payer]
    assert money(contract="hundred_hearts", trump="hearts",
                 points={"declarer_cards": cards, "declarer_marriages": marriages},
                 doublings={"hundred": by(1, 3)}) == [
        6 * per_payer, -2 * per_payer, -4 * per_payer]


def test_hundred_counts_one_marriage_only() -> None:
    # C.6.a: the sto is reached on one marriage: 60 + 40 + 20 does not reach it.
    assert money(contract="hundred", trump="bells",
                 points={"declarer_cards": 50, "declarer_marriages": [40, 20]}) == [-40, 20, 20]


def test_hundred_failed_pays_missing_tens_and_defence_marriages() -> None:
    # C.6.b: 40 + 40 = 80 is two tens short, the defence's 20 two tens more: four stovky.
    assert money(contract="hundred", trump="bells",
                 points={"declarer_cards": 40, "declarer_marriages": [40],
                         "defence_marriages": [20]}) == [-160, 80, 80]


# -- B.10, C.6.c: 100+7 as one unit -------------------------------------------------------------


def test_hundred_and_seven_won_is_thirty_cents() -> None:
    assert money(contract="hundred_seven", trump="bells",
                 points={"declarer_cards": 60, "declarer_marriages": [40]},
                 seven_won=True) == [60, -30, -30]


def test_hundred_and_seven_lost_on_the_seven_pays_the_basic_thirty() -> None:
    # C.6.c: the sto made but the seven lost: 30 c (60 c in hearts), no defence marriages.
    assert money(contract="hundred_seven", trump="bells",
                 points={"declarer_cards": 60, "declarer_marriages": [40],
                         "defence_marriages": [20]}, seven_won=False) == [-60, 30, 30]
    assert money(contract="hundred_seven_hearts", trump="hearts",
                 points={"declarer_cards": 60, "declarer_marriages": [40]},
                 seven_won=False) == [-120, 60, 60]


def test_hundred_and_seven_is_fleked_as_a_whole() -> None:
    # B.10: the flek is said to the whole 30 c; recorded on the sto, it doubles both parts.
    assert money(contract="hundred_seven", trump="bells",
                 points={"declarer_cards": 60, "declarer_marriages": [40]}, seven_won=True,
                 doublings={"hundred": by(1, 2)}) == [90, -60, -30]
    with pytest.raises(ScoringError) as error:
        money(contract="hundred_seven", trump="bells",
              points={"declarer_cards": 60, "declarer_marriages": [40]}, seven_won=True,
              doublings={"seven": by(1, 2)})
    assert error.value.code == "doubling_hundred_seven_whole"


# -- C.6.d, C.6.e: a sto without a marriage, and with one not announced ------------------------


def test_sto_without_a_marriage_in_hand_is_a_renonce_and_nothing_else() -> None:
    # C.6.d (D.2 klasický m): 50 c to each other player; no fleks, no defence marriages.
    for contract, trump in (("hundred", "bells"), ("hundred_seven_hearts", "hearts")):
        assert money(contract=contract, trump=trump, doublings={"hundred": by(2, 2, 3)},
                     renonc={"code": "kla.m", "offender": 1}) == [-100, 50, 50]


def test_sto_without_a_marriage_is_explained_as_c6d() -> None:
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "hundred",
                           "trump": "bells", "doublings": {"hundred": by(1, 2)},
                           "renonc": {"code": "kla.m", "offender": 1}})
    texts = [line.describe(SZMK, "sk") for line in settle(hand, SZMK).lines]
    assert texts[0].startswith("renonce kla.m: stovka bez hlášky")
    assert "neplatia fleky ani hlášky obrany" in texts[0]


def test_a_sto_played_without_any_marriage_must_say_which_case() -> None:
    # Recorded as played with no marriage of the declarer, the hand is either C.6.d or C.6.e;
    # the sheet must say which, instead of settling an ordinary failed sto with its fleks.
    with pytest.raises(ScoringError) as error:
        money(contract="hundred", trump="bells", points={"declarer_cards": 60},
              doublings={"hundred": by(1, 2)})
    assert (error.value.code, error.value.field) == ("hundred_without_marriage",
                                                     "points.declarer_marriages")
    # ČSM 2023 B.18: a sto may be announced without a marriage there; it simply fails.
    csm = get_preset("csm-licitovany-2023")
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "hundred",
                           "trump": "bells", "points": {"declarer_cards": 60}})
    assert settle(hand, csm).money[1] == -2 * 4 * 4 * 20


def test_the_c6d_renonce_belongs_to_the_declarer_of_a_sto() -> None:
    with pytest.raises(ScoringError) as error:
        money(contract="hundred", trump="bells", renonc={"code": "kla.m", "offender": 2})
    assert (error.value.code, error.value.field) == ("renonc_offender_not_declarer",
                                                     "renonc.offender")
    with pytest.raises(ScoringError) as error:
        money(contract="game", trump="bells", renonc={"code": "kla.m", "offender": 1})
    assert (error.value.code, error.value.field) == ("renonc_needs_hundred", "renonc.code")


def test_unannounced_marriage_the_defence_short_of_its_tens_pays_the_basic_rate() -> None:
    # C.6.e: 70 + the hidden 40 would have made 110; the sto is lost at its basic 20 c, at
    # the payer's flek, and the defence's marriages do not count.
    assert money(contract="hundred", trump="bells", doublings={"hundred": by(1, 2)},
                 points={"declarer_cards": 70, "defence_marriages": [20]},
                 unannounced_marriage=40) == [-60, 40, 20]


def test_unannounced_marriage_the_defence_took_its_tens_pays_as_a_failed_sto() -> None:
    # C.6.e with C.6.b: 50 + the hidden 40 = 90, a ten short, and the defence's 20: 3 stovky.
    assert money(contract="hundred", trump="bells",
                 points={"declarer_cards": 50, "defence_marriages": [20]},
                 unannounced_marriage={"value": 40, "suit": "bells"}) == [-120, 60, 60]


def test_unannounced_marriage_in_100_7_is_its_basic_thirty_cents() -> None:
    # C.6.e: "základnú sadzbu za hru 100 resp. 100+7": 30 c, 60 c in hearts.
    assert money(contract="hundred_seven", trump="bells", seven_won=True,
                 points={"declarer_cards": 70}, unannounced_marriage=40) == [-60, 30, 30]
    assert money(contract="hundred_seven_hearts", trump="hearts", seven_won=False,
                 points={"declarer_cards": 80}, unannounced_marriage=20) == [-120, 60, 60]


def test_unannounced_marriage_is_explained_and_checked() -> None:
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "hundred",
                           "trump": "bells", "points": {"declarer_cards": 70},
                           "unannounced_marriage": 40})
    texts = [line.describe(SZMK, "sk") for line in settle(hand, SZMK).lines]
    assert texts == ["hláška 40 nebola zahlásená: stovka prehraná, platí sa podľa nej",
                     "stovka prehraná (základná sadzba): 4 × 0,05\u00a0€ = \u22120,20\u00a0€"]
    for bad, code in (
        ({"contract": "hundred", "points": {"declarer_cards": 60, "declarer_marriages": [20]}},
         "unannounced_marriage_with_announced"),
        ({"contract": "game", "points": {"declarer_cards": 60}},
         "unannounced_marriage_not_hundred"),
        ({"contract": "hundred", "points": {"declarer_cards": 60},
          "renonc": {"code": "kla.m", "offender": 1}}, "unannounced_marriage_with_renonc"),
    ):
        with pytest.raises(ScoringError) as error:
            money(trump="bells", unannounced_marriage=40, **bad)
        assert (code, "unannounced_marriage") in [(p.code, p.field)
                                                  for p in error.value.problems]
    csm = get_preset("csm-licitovany-2023")
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "hundred",
                           "trump": "bells", "points": {"declarer_cards": 70},
                           "unannounced_marriage": 40})
    with pytest.raises(ScoringError) as error:
        settle(hand, csm)
    assert error.value.code == "unannounced_marriage_not_in_rules"


# -- C.9, C.10, D.3.b: raises ----------------------------------------------------------------


def test_malý_allows_two_raises_the_third_is_void() -> None:
    # C.10 flek and reflek only; D.3.b: beyond that the last allowed counts, no penalty.
    assert money(contract="betl", betl_won=True, doublings={"betl": by(3, 2)}) == [125, -100,
                                                                                   -25]
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "betl",
                           "betl_won": True, "doublings": {"betl": by(3, 2)}})
    assert [w.code for w in settle(hand, SZMK).warnings] == ["doubling_capped"]


def test_trump_games_allow_four_raises() -> None:
    assert money(contract="game", trump="bells", points={"declarer_cards": 60},
                 doublings={"game": by(4, 2)}) == [85, -80, -5]


def test_doubling_names() -> None:
    assert [SZMK.doubling_name(n) for n in (1, 2, 3, 4)] == ["flek", "reflek", "sub", "hirš"]


# -- C.8: the 10 € budget ---------------------------------------------------------------------


def _betl_fleked_by(seat: int, level: int = 1) -> Hand:
    return hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "betl",
                           "betl_won": True, "doublings": {"betl": by(level, seat)}})


def test_thirty_cents_are_not_enough_to_flek_malý() -> None:
    # The rule's own example: a flek on malý needs 50 c.
    problems = budget_problems(_betl_fleked_by(2), SZMK, {1: 1000, 2: 30, 3: 1000})
    assert [(p.code, p.params["seat"], str(p.params["needed"])) for p in problems] == [
        ("flek_over_budget", 2, "0,50\u00a0€")]
    assert budget_problems(_betl_fleked_by(2), SZMK, {1: 1000, 2: 50, 3: 1000}) == []


def test_each_player_needs_the_money_of_his_own_raise() -> None:
    # Reading: the fleker risks the flek (50 c), the declarer his reflek (1 €); a sub is the
    # defender's again (2 €), while the declarer's stake stays at his reflek.
    assert flek_exposure(_betl_fleked_by(2, level=2), SZMK) == {1: 100, 2: 50, 3: 0}
    sub = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "game",
                          "trump": "bells", "points": {"declarer_cards": 60},
                          "doublings": {"game": by(3, 2)}})
    assert flek_exposure(sub, SZMK) == {1: 20, 2: 40, 3: 0}


def test_the_sitter_at_a_table_of_four_is_not_bound_by_an_unnamed_flek() -> None:
    # C.9: a flek binds the defender who says it; the sitter holds no cards.
    hand = hand_from_dict({"players": 4, "dealer": 4, "declarer": 1, "contract": "game",
                           "trump": "bells", "points": {"declarer_cards": 60},
                           "doublings": {"game": 1}})
    assert settle(hand, SZMK).money == {1: 25, 2: -10, 3: -10, 4: -5}


def test_holdings_start_at_ten_euro() -> None:
    assert holdings((1, 2, 3), [{1: 10, 2: -5, 3: -5}, {1: -20, 2: 10, 3: 10}], SZMK) == {
        1: 990, 2: 1005, 3: 1005}


# -- D: renonce tiers ---------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "each"), [("men.a", 10), ("kla.e", 50), ("vac.a", 100),
                                            ("mim.a", 300)])
def test_each_tier_pays_its_flat_rate_to_every_other_player(code: str, each: int) -> None:
    assert money(contract=None, renonc={"code": code, "offender": 2}) == [each, -2 * each,
                                                                          each]


def test_tiers_say_what_happens_to_the_hand() -> None:
    from scoring.types import HandEffect

    effects = {r.code: r.effect for r in SZMK.renoncs}
    assert effects["men.a"] is HandEffect.REPLAYED  # D.2 menší a) "opakuje sa"
    assert effects["men.c"] is HandEffect.CONTINUES  # c) "pokračuje sa"
    assert effects["kla.a"] is HandEffect.MAY_BE_PLAYED_OUT  # "dohráva sa ak súhlasí"
    assert effects["kla.k"] is HandEffect.NOT_PLAYED  # "nedohráva sa"
    assert all(r.red_card for r in SZMK.renoncs if r.kind is RenoncKind.EXTRAORDINARY)


def test_not_played_hand_pays_only_the_flat_rate() -> None:
    # D.4.d, C.6.d: a sto announced without a marriage is not evaluated otherwise.
    assert money(contract="hundred", trump="bells", doublings={"hundred": by(1, 2)},
                 renonc={"code": "kla.m", "offender": 1}) == [-100, 50, 50]


def test_played_out_hand_pays_its_result_and_the_flat_rate() -> None:
    # D.4.c: the innocent side asked for the play-out; the result counts as played.
    assert money(contract="game", trump="bells", points={"declarer_cards": 70},
                 renonc={"code": "kla.a", "offender": 2}) == [10 + 50, -5 - 100, -5 + 50]
    # ... or did not: only the paušál.
    assert money(contract="game", trump="bells",
                 renonc={"code": "kla.a", "offender": 2}) == [50, -100, 50]


def test_first_mensi_of_each_player_in_a_round_is_forgiven() -> None:
    # D.1 and D.3.a.
    def line(seat: int, code: str = "men.b") -> Hand:
        return Hand(players=3, dealer=3, declarer=1, contract=None, renonc=Renonc(code, seat))

    marked = mark_forgiven([line(2), line(3), line(2), line(2, "kla.e"), line(3)], SZMK)
    assert [h.renonc.forgiven for h in marked if h.renonc] == [True, True, False, False, False]
    paid = [settle(h, SZMK).money[h.renonc.offender] for h in marked if h.renonc]
    assert paid == [0, 0, -20, -100, -20]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.sampled_from(["men.a", "men.h", "kla.a"])),
                max_size=12))
def test_forgiveness_is_at_most_one_minor_per_player(items: list[tuple[int, str]]) -> None:
    hands = [Hand(players=3, dealer=3, declarer=1, contract=None, renonc=Renonc(code, seat))
             for seat, code in items]
    marked = mark_forgiven(hands, SZMK)
    for seat in (1, 2, 3):
        minors = [h for h in marked if h.renonc and h.renonc.offender == seat
                  and h.renonc.code.startswith("men")]
        expected = [True] + [False] * (len(minors) - 1) if minors else []
        assert [h.renonc.forgiven for h in minors] == expected
    assert not any(h.renonc.forgiven for h in marked if h.renonc.code == "kla.a")


# -- E.1, E.2: incorrect flek ------------------------------------------------------------------


def test_incorrect_flek_on_a_game_of_120_is_cancelled_and_fined() -> None:
    # E.2.a and D.2 väčší d): the flek is void, the fleker pays 1 € to each other player.
    fleked = {"contract": "game", "trump": "bells", "doublings": {"game": by(1, 2)},
              "points": {"declarer_cards": 80, "declarer_marriages": [40]}}
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, **fleked})
    assert [w.code for w in settle(hand, SZMK).warnings] == ["incorrect_flek_suspected"]
    # 120 = 30 c from each (C.5, C.6.b: 10 c and two more tens), then the fine.
    assert money(**fleked, incorrect_flek_by=[2]) == [60 + 100, -30 - 200, -30 + 100]


def test_incorrect_flek_on_a_laid_down_malý() -> None:
    # E.2.b.
    assert money(contract="betl", laid_down=True, doublings={"betl": by(1, 3)},
                 incorrect_flek_by=[3]) == [50 + 100, -25 + 100, -25 - 200]


def test_cancellation_on_review_has_no_fine() -> None:
    # E.1: cancelled because it would change the order of the non-flekers; no fine.
    assert money(contract="betl", betl_won=False, doublings={"betl": by(1, 3)},
                 doublings_cancelled=True) == [-50, 25, 25]


def _two_flekers(**more: Any) -> Hand:
    # A sedma: seat 2 fleks the hra, seat 3 the sedma; the declarer makes 120 and seat 2's
    # flek on the hra is the incorrect one (E.2.a names a flek on the hra only).
    return hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "seven",
                           "trump": "bells", "seven_won": True,
                           "points": {"declarer_cards": 80, "declarer_marriages": [40]},
                           "doublings": {"game": by(1, 2), "seven": by(1, 3)},
                           "incorrect_flek_by": [2], **more})


def test_incorrect_flek_of_one_of_two_flekers_voids_every_flek_by_default() -> None:
    # Reading (docs/szmk.md): the ruling voids the hand's raises as E.1 does; hra 30 c and
    # sedma 10 c from each, then seat 2's fine.
    assert SZMK.incorrect_flek_voids == "all"
    assert settle(_two_flekers(), SZMK).money == {1: 80 + 100, 2: -40 - 200, 3: -40 + 100}


def test_incorrect_flek_may_void_only_the_named_flekers_raise() -> None:
    # The other reading: "nekorektný flek rozhodca zruší" is seat 2's flek only; seat 3's
    # flek on the sedma stands (20 c).
    own = SZMK.override(incorrect_flek_voids=IncorrectFlekVoids.OWN)
    result = settle(_two_flekers(), own)
    assert result.money == {1: 90 + 100, 2: -40 - 200, 3: -50 + 100}
    assert result.lines[0].describe(own, "sk") == (
        "rozhodca zrušil nekorektný flek miesta 2 a odpovede naň")
    # C.8: seat 3's flek still needs its money, seat 2's no longer does.
    assert flek_exposure(_two_flekers(), own) == {1: 0, 2: 0, 3: 20}
    assert flek_exposure(_two_flekers(), SZMK) == {1: 0, 2: 0, 3: 0}


def test_only_a_fleker_can_be_fined() -> None:
    with pytest.raises(ScoringError) as error:
        money(contract="betl", betl_won=False, doublings={"betl": by(1, 3)},
              incorrect_flek_by=[2])
    assert error.value.code == "incorrect_flek_not_fleker"


# -- E.5: contumation ---------------------------------------------------------------------------


def test_contumation_gives_present_players_one_euro() -> None:
    # Reading: the absent player pays the present ones, so the table sums to zero.
    assert contumation_money((1, 2, 3), [2], SZMK) == {1: 100, 2: -200, 3: 100}
    assert sum(contumation_money((1, 2, 3, 4), [4], SZMK).values()) == 0


def test_no_omyl_and_no_premium_points() -> None:
    with pytest.raises(ScoringError) as error:
        money(contract="concession")
    assert error.value.code == "concession_not_in_rules"
    hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, "contract": "durch",
                           "durch_won": True})
    assert set(settle(hand, SZMK).premium.values()) == {0}


def test_preset_round_trips_through_json() -> None:
    from scoring.ruleset import Ruleset

    assert Ruleset.from_dict(SZMK.to_dict()) == SZMK


def test_explanation_lines_agree_with_the_part() -> None:
    def texts(lang: str, ruleset: Any = SZMK, **data: Any) -> list[str]:
        hand = hand_from_dict({"players": 3, "dealer": 3, "declarer": 1, **data})
        return [line.describe(ruleset, lang) for line in settle(hand, ruleset).lines]

    assert texts("sk", contract="game", trump="bells", points={"declarer_cards": 60})[0] \
        .startswith("hra uhraná:")
    assert texts("sk", contract="betl", betl_won=False)[0].startswith("malý prehraný:")
    csm = get_preset("csm-licitovany-2023")
    assert texts("cs", csm, contract="hundred", trump="bells",
                 points={"declarer_cards": 80, "declarer_marriages": [40]})[0] \
        .startswith("sto uhráno")


def test_a_change_before_a_flek_is_checked_against_the_later_flek() -> None:
    # C.8 across the round: after three mimoriadne (18 €) seat 2 cannot flek malý (0,50 €).
    from scoring.table_round import first_over_budget

    fine = Hand(players=3, dealer=3, declarer=1, contract=None, renonc=Renonc("mim.a", 2))
    flek = _betl_fleked_by(2)
    moved_fine = settle(fine, SZMK).money
    moved_flek = settle(flek, SZMK).money
    assert first_over_budget([(fine, moved_fine), (flek, moved_flek)], SZMK) is None
    found = first_over_budget([(fine, moved_fine)] * 3 + [(flek, moved_flek)], SZMK, start=1)
    assert found is not None
    index, problems = found
    assert index == 3 and str(problems[0].params["holds"]) == "\u22128,00\u00a0€"
