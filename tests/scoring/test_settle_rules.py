"""Rates, limits, omyl, tiché sto, tichá sedma, ložená and renonc rules of docs/csm-licitovany.md.

Each test names the rule section it checks. Seat 1 deals, so at a table of four seat 1 sits
out and seat 2 declares unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring import ScoringError, get_preset, settle
from scoring.jsonio import hand_from_dict
from scoring.types import FlekBinding, SilentHundredRule

CSM = get_preset("csm-licitovany-2023")


def money(ruleset=CSM, **fields: Any) -> list[int]:
    hand = hand_from_dict({"players": 4, "dealer": 1, "declarer": 2, **fields})
    result = settle(hand, ruleset)
    assert sum(result.money.values()) == 0
    return [result.money[s] for s in sorted(result.money)]


def error_codes(**fields: Any) -> list[str]:
    hand = hand_from_dict({"players": 4, "dealer": 1, "declarer": 2, **fields})
    with pytest.raises(ScoringError) as info:
        settle(hand, CSM)
    return [p.code for p in info.value.problems]


# -- hra and tiché sto -------------------------------------------------------------------------


def test_silent_hundred_of_the_defence_doubles_the_lost_game() -> None:
    # ČSM 2023 A (tiché sto by either side); defence 80 cards + 20 = 100 → hra ×2, lost.
    result = money(contract="seven", trump="bells", seven_won=True,
                   points={"declarer_cards": 10, "defence_marriages": [20]})
    assert result == [0, 0, 0, 0]  # hra −40, sedma +40


def test_silent_hundred_reading_is_configurable() -> None:
    hand = {"contract": "seven", "trump": "leaves", "seven_won": True,
            "points": {"declarer_cards": 70, "declarer_marriages": [40]}}  # 110
    double = CSM.override(silent_hundred=SilentHundredRule.DOUBLE)
    none = CSM.override(silent_hundred=SilentHundredRule.NONE)
    # default, docs/csm-licitovany.md#readings: 2 · (1 + 1)
    assert money(**hand)[1] == 3 * (80 + 40)
    assert money(double, **hand)[1] == 3 * (40 + 40)
    assert money(none, **hand)[1] == 3 * (20 + 40)


def test_fleked_hra_made_with_110_is_8_units_or_6_by_reading() -> None:
    # Obecná pravidla V.6 (announced sto: the fleked rate per ten) against V.7 (tiché sto:
    # "the rate of tiché sto" per ten). Default: the per-ten part is fleked too, 2·2·(1+1) = 8
    # units; the other reading: the fleked tiché sto 2·2 = 4 plus 2 unfleked for the ten = 6.
    hand = {"contract": "seven", "trump": "leaves", "seven_won": True,
            "doublings": {"game": 1},
            "points": {"declarer_cards": 70, "declarer_marriages": [40]}}  # 110
    assert CSM.silent_hundred_tens_doubled is True
    assert money(**hand)[1] == 3 * (8 * 20 + 40)
    unfleked = CSM.override(silent_hundred_tens_doubled=False)
    assert money(unfleked, **hand)[1] == 3 * (6 * 20 + 40)
    # Without a flek both readings agree: 2·(1+1) = 4 units.
    del hand["doublings"]
    assert money(unfleked, **hand) == money(**hand)


def test_the_unfleked_tens_are_explained_on_a_line_of_their_own() -> None:
    unfleked = CSM.override(silent_hundred_tens_doubled=False)
    hand = hand_from_dict({"players": 4, "dealer": 1, "declarer": 2, "contract": "seven",
                           "trump": "leaves", "seven_won": True, "doublings": {"game": 1},
                           "points": {"declarer_cards": 80, "declarer_marriages": [40]}})
    texts = [line.describe(unfleked, "cs") for line in settle(hand, unfleked).lines]
    assert texts[:2] == [
        "hra uhrána (tiché sto, 120 bodů): 1 × 0,20\u00a0Kč · flek ×2 · ×2 = 0,80\u00a0Kč",
        "tiché sto nad 100 uhráno (po desítkách nad 100): 1 × 0,20\u00a0Kč · ×4 = 0,80\u00a0Kč",
    ]


def test_two_sevens_in_hearts_is_60_units_or_80_by_reading() -> None:
    # ČSM 2023 sazebník lists dvě sedmy 40 and "červené platí dvojnásob" (80); the product
    # keeps 60, the rate of the other ČSM games (docs/csm-licitovany.md#readings, configurable).
    hand = {"contract": "two_sevens_hearts", "trump": "hearts", "helper": "bells",
            "two_sevens_won": True}
    assert money(**hand)[1] == 3 * 60 * 20
    literal = CSM.override(rates={"two_sevens_hearts": 80})
    assert money(literal, **hand)[1] == 3 * 80 * 20


def test_game_result_contradicting_points_is_refused() -> None:
    assert "game_result_conflicts_points" in error_codes(
        contract="seven", trump="bells", seven_won=True, game_won=True,
        points={"declarer_cards": 20})


# -- sto ---------------------------------------------------------------------------------------


def test_only_one_marriage_counts_toward_the_hundred() -> None:
    # Obecná pravidla IV.4: 50 + 40 = 90 (the 20 does not help): failed by one ten.
    hand = {"contract": "hundred", "trump": "bells",
            "points": {"declarer_cards": 50, "declarer_marriages": [40, 20]}}
    assert money(**hand)[1] == -3 * 80
    two = CSM.override(hundred_marriages_to_reach=2)
    assert money(two, **hand)[1] == 3 * 80 * 2  # 110 made: two steps


def test_made_hundred_counts_every_marriage_above_100() -> None:
    # Obecná pravidla V.6: 60 + 40 reaches 100, the extra 20 makes 120.
    assert money(contract="hundred", trump="bells",
                 points={"declarer_cards": 60, "declarer_marriages": [40, 20]})[1] == 3 * 240


def test_hundred_value_is_linear_in_tens() -> None:
    values = [money(contract="hundred", trump="acorns",
                    points={"declarer_cards": c, "declarer_marriages": [40]})[1]
              for c in (60, 70, 80, 90)]
    assert values == [3 * 80 * k for k in (1, 2, 3, 4)]


# -- hearts, doubling, limit -------------------------------------------------------------------


def test_hearts_double_game_but_betl_has_no_hearts() -> None:
    # ČSM 2023 A: červené platí dvojnásob — only games with trumps have hearts.
    assert money(contract="seven_hearts", trump="hearts", game_won=True, seven_won=True)[1] == 360
    assert "trumps_not_allowed" in error_codes(contract="betl", trump="hearts", betl_won=True)


def test_doubling_beyond_the_fourth_is_capped_with_a_warning() -> None:
    # ČSM 2023 E.5.b: a fifth flek is void, not a renonc.
    hand = hand_from_dict({"players": 4, "dealer": 1, "declarer": 2, "contract": "betl",
                           "doublings": {"betl": 6}, "betl_won": True})
    result = settle(hand, CSM)
    assert [w.code for w in result.warnings] == ["doubling_capped"]
    assert result.money[2] == 3 * 15 * 16 * 20 and result.money[2] != 3 * 15 * 64 * 20


def test_limit_caps_each_payment() -> None:
    # ČSM 2023 A: limit 500× the base = 100 Kč per payer.
    assert money(contract="two_sevens", trump="bells", helper="acorns",
                 doublings={"two_sevens": 4}, two_sevens_won=False) == [
        10000, -30000, 10000, 10000]  # 40 × 16 = 640 units, over the 500 of the limit


def test_per_defender_flek_binds_only_the_doubler() -> None:
    per = CSM.override(flek_binding=FlekBinding.PER_DEFENDER)
    hand = {"contract": "betl", "doublings": {"betl": {"level": 1, "by": [3]}},
            "betl_won": False}
    assert money(per, **hand) == [300, -1200, 600, 300]
    assert money(**hand) == [600, -1800, 600, 600]  # default: binds every payer


# -- omyl and not played -----------------------------------------------------------------------


def test_concession_only_after_a_plain_seven_auction() -> None:
    # ČSM 2023 B.8: omyl only for a won sedma (not sedma červená).
    assert money(contract="concession", bid="seven") == [120, -360, 120, 120]
    assert error_codes(contract="concession", bid="seven_hearts") == ["concession_needs_seven"]


def test_concession_at_a_table_of_three() -> None:
    assert money(players=3, contract="concession") == [120, -240, 120]


def test_not_played_when_parts_cancel() -> None:
    # Obecná pravidla V.12: hra fleked, sedma accepted, no re → nothing is played.
    assert money(contract="seven", trump="bells", doublings={"game": 1}, not_played=True) == [
        0, 0, 0, 0]
    assert error_codes(contract="seven", trump="bells", doublings={"game": 2},
                       not_played=True) == ["not_played_invalid"]


# -- tichá sedma -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side", "won", "declarer"),
    [("declarer", True, 300), ("declarer", False, 180), ("defence", True, 180),
     ("defence", False, 300)],
)
def test_silent_seven_either_side_either_way(side: str, won: bool, declarer: int) -> None:
    # ČSM 2023 A: tichá sedma at half the sedma rate, paid only when beaten in the last trick.
    assert money(contract="hundred", trump="bells",
                 points={"declarer_cards": 60, "declarer_marriages": [40]},
                 silent_seven={"side": side, "won": won})[1] == declarer


def test_silent_seven_hearts_but_never_doubled() -> None:
    assert money(contract="hundred_hearts", trump="hearts", doublings={"hundred": 1},
                 points={"declarer_cards": 60, "declarer_marriages": [40]},
                 silent_seven={"side": "declarer", "won": True})[1] == 3 * (320 + 40)


def test_no_silent_seven_beside_an_announced_seven() -> None:
    assert "silent_seven_with_seven" in error_codes(
        contract="hundred_seven", trump="bells", seven_won=True,
        points={"declarer_cards": 60, "declarer_marriages": [40]},
        silent_seven={"side": "declarer", "won": True})


# -- ložená (C.5) ------------------------------------------------------------------------------


def test_laid_down_fleked_by_one_defender() -> None:
    # ČSM 2023 C.5: seat 1 (sitter) and 4 pay the unfleked 600, the fleker 3 the rest.
    assert money(contract="durch", laid_down=True,
                 doublings={"durch": {"level": 1, "by": [3]}}) == [-600, 3600, -2400, -600]


def test_laid_down_fleked_by_both_defenders_share_the_rest() -> None:
    assert money(contract="durch", laid_down=True,
                 doublings={"durch": {"level": 1, "by": [3, 4]}}) == [-600, 3600, -1500, -1500]


def test_laid_down_raised_limit_when_both_fleked() -> None:
    # ČSM 2023 A and C.5: zvýšený limit 750× applies to each of two flekers.
    hand = {"contract": "hundred_hearts", "trump": "hearts", "laid_down": True,
            "points": {"declarer_cards": 90, "declarer_marriages": [40, 20]}}
    both = money(doublings={"hundred": {"level": 4, "by": [3, 4]}}, **hand)
    one = money(doublings={"hundred": {"level": 4, "by": [3]}}, **hand)
    unfleked = 4 * 2 * 6 * 20  # 960
    assert both == [-unfleked, unfleked + 2 * 14520, -14520, -14520]
    assert one == [-unfleked, 2 * unfleked + 10000, -10000, -unfleked]


def test_laid_down_needs_the_flekers() -> None:
    assert "laid_down_flekers_missing" in error_codes(contract="durch", laid_down=True,
                                                      doublings={"durch": 1})


# -- renonc (E) --------------------------------------------------------------------------------


def test_in_play_renonc_by_a_defender_pays_for_his_side() -> None:
    # ČSM 2023 E.6.b, E.6.c: the betl counts as made at the flek reached; seat 3 pays all.
    assert money(contract="betl", doublings={"betl": 1},
                 renonc={"code": "E.2.a", "offender": 3}) == [0, 1800, -1800, 0]


def test_in_play_renonc_by_the_sitter() -> None:
    # ČSM 2023 E.2.e: signals count for the sitter too; he pays for the defence.
    assert money(contract="seven", trump="bells",
                 renonc={"code": "E.2.e", "offender": 1}) == [-180, 180, 0, 0]


def test_in_play_renonc_by_the_declarer_loses_every_component() -> None:
    assert money(contract="hundred_seven", trump="bells", doublings={"seven": 1},
                 renonc={"code": "E.2.h", "offender": 2}) == [
        (80 + 80), -3 * 160, 160, 160]


def test_in_play_renonc_points_never_below_the_basic_rate() -> None:
    # ČSM 2023 E.6.b: contumation points, at least the basic rate.
    assert money(contract="hundred", trump="bells", points={"declarer_cards": 50},
                 renonc={"code": "E.2.b", "offender": 4})[1] == 3 * 80


def test_technical_renonc_adds_the_flat_rate_to_the_result() -> None:
    # ČSM 2023 E.6.a: paušál 1 to everyone; the hand itself still counts.
    assert money(contract="durch", durch_won=True, renonc={"code": "E.3.d", "offender": 3}) == [
        -600 + 200, 1800 + 200, -600 - 600, -600 + 200]


def test_pausal_2_renonc() -> None:
    # ČSM 2023 E.4.a: an ace in the talon costs paušál 2 (10 Kč) to every other player.
    assert money(contract="seven", trump="bells", game_won=True, seven_won=True,
                 renonc={"code": "E.4.a", "offender": 2}) == [
        -60 + 1000, 180 - 3000, -60 + 1000, -60 + 1000]


def test_unknown_renonc_code() -> None:
    assert "renonc_unknown" in error_codes(contract=None, renonc={"code": "X.9", "offender": 1})


def test_in_play_renonc_needs_a_contract() -> None:
    assert error_codes(contract=None, renonc={"code": "E.2.a", "offender": 1}) == [
        "renonc_needs_contract"]


# -- validation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"points": {"declarer_cards": 85}}, "card_points_tens", "points.declarer_cards"),
        ({"points": {"declarer_cards": 100}}, "card_points_range", "points.declarer_cards"),
        ({"points": {"declarer_cards": 60, "declarer_marriages": [40],
                     "defence_marriages": [40]}}, "marriage_suit_twice", "points.marriages"),
        ({"points": {"declarer_cards": 60, "declarer_marriages": [
            {"value": 40, "suit": "acorns"}]}}, "marriage_40_outside_trumps", "points.marriages"),
        ({"points": {"declarer_cards": 60, "declarer_marriages": [20, 20],
                     "defence_marriages": [20, 20]}}, "marriage_too_many", "points.marriages"),
        ({"points": {"declarer_cards": 60, "declarer_marriages": [
            {"value": 20, "suit": "acorns"}, {"value": 20, "suit": "acorns"}]}},
         "marriage_suit_twice", "points.marriages"),
        ({"trump": "hearts", "points": {"declarer_cards": 60}}, "hearts_need_hearts_contract",
         "trump"),
        ({"declarer": 1, "points": {"declarer_cards": 60}}, "declarer_is_sitter", "declarer"),
    ],
)
def test_bad_hundred_input(fields: dict[str, Any], code: str, field: str) -> None:
    hand = hand_from_dict({"players": 4, "dealer": 1, "declarer": 2, "contract": "hundred",
                           "trump": "bells", **fields})
    with pytest.raises(ScoringError) as info:
        settle(hand, CSM)
    assert (info.value.code, info.value.field) == (code, field)
    assert info.value.problems[0].message("cs") != info.value.problems[0].message("en")


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"contract": "seven_hearts", "trump": "bells", "game_won": True, "seven_won": True},
         "hearts_contract_without_hearts"),
        ({"contract": "two_sevens_hearts", "trump": "leaves", "helper": "bells",
          "two_sevens_won": True}, "hearts_contract_without_hearts"),
        ({"contract": "durch", "trump": "bells", "durch_won": True}, "trumps_not_allowed"),
        ({"contract": "concession", "trump": "bells"}, "trumps_not_allowed"),
        ({"contract": "two_sevens", "trump": "bells", "helper": "bells",
          "two_sevens_won": True}, "helper_is_trump"),
        ({"contract": "betl"}, "outcome_missing"),
        ({"contract": "betl", "betl_won": True, "seven_won": True}, "outcome_not_in_contract"),
        ({"contract": "seven", "trump": "bells", "game_won": True, "seven_won": True,
          "bid": "betl"}, "contract_below_bid"),
        ({"contract": "betl", "betl_won": True, "doublings": {"betl": {"level": 1, "by": [2]}}},
         "doubling_by_not_defender"),
        ({"contract": "nonsense"}, "contract_unknown"),
        ({"players": 5, "contract": "betl", "betl_won": True}, "table_size"),
    ],
)
def test_contract_errors(fields: dict[str, Any], code: str) -> None:
    assert code in error_codes(**fields)


def test_all_problems_are_reported_at_once() -> None:
    codes = error_codes(contract="hundred", trump="bells",
                        points={"declarer_cards": 85, "declarer_marriages": [40, 40]},
                        seven_won=True)
    assert {"card_points_tens", "marriage_suit_twice", "outcome_not_in_contract"} <= set(codes)
