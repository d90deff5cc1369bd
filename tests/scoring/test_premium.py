"""PB tables and the PB of one hand (scoring.premium); pure Python, no Django.

Every table value is checked against the row of docs/csm-licitovany.md#premium-points it comes
from; the test ids name that source. Seats: dealer 4 sits out, so seat 1 is forehand (s výnosem)
and seat 2 is not.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.hand import Doubling, Hand, PremiumFacts
from scoring.premium import (
    DEFAULT_TABLE,
    ROWS,
    TABLES,
    PremiumCell,
    PremiumTable,
    compose,
    format_pb,
    from_dict,
    get_table,
    needs_sheet_description,
    premium_points,
    to_dict,
)
from scoring.presets.csm_2023 import CSM_LICITOVANY_2023
from scoring.types import Component

G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED
B, D, T = Component.BETL, Component.DURCH, Component.TWO_SEVENS

PB_DOC = "docs/csm-licitovany.md#premium-points"  # where every table row below comes from

T2010 = get_table("csm-2010")
T2014 = get_table("csm-2014")
T2023 = get_table("csm-2023-default")

LEAD, NO_LEAD = 1, 2  # declarer seats: forehand leads (s výnosem), seat 2 does not


def hand(contract: str, declarer: int = NO_LEAD, **facts: object) -> Hand:
    doublings = facts.pop("doublings", ())
    return Hand(players=4, dealer=4, declarer=declarer, contract=contract,
                premium=PremiumFacts(**facts), doublings=doublings)  # type: ignore[arg-type]


def award(contract: str, won: dict[Component, bool], table: PremiumTable = T2023,
          declarer: int = NO_LEAD, **facts: object):
    h = hand(contract, declarer, **facts)
    rung = CSM_LICITOVANY_2023.rung(contract)
    assert rung is not None
    return premium_points(h, rung, won, table)


def codes(result) -> list[str]:
    return [w.code for w in result.warnings]


# -- the tables against docs/csm-licitovany.md#premium-points --------------------------------------

ROWS_2010 = [
    ("sedma on 3 trumps", "seven.trumps_3", 5, 7),
    ("sedma on 2 trumps", "seven.trumps_2", 10, 14),
    ("sedma on 1 trump", "seven.trumps_1", 20, 28),
    ("sto on 5–6 trumps without both", "hundred.trumps_5_6.without_both", 9, 12),
    ("sto on 4 trumps with both (0/10)", "hundred.trumps_4.with_both", 0, 10),
    ("sto on 4 trumps without 10", "hundred.trumps_4.without_ten", 10, 12),
    ("sto on 4 trumps without A", "hundred.trumps_4.without_ace", 12, 16),
    ("sto on 4 trumps without both", "hundred.trumps_4.without_both", 18, 24),
    ("sto on 3 trumps with both", "hundred.trumps_3.with_both", 16, 20),
    ("sto on 3 trumps without 10", "hundred.trumps_3.without_ten", 20, 24),
    ("sto on 3 trumps without A", "hundred.trumps_3.without_ace", 24, 32),
    ("sto on 3 trumps without both", "hundred.trumps_3.without_both", 36, 48),
    ("sto on 2 trumps with both", "hundred.trumps_2.with_both", 32, 40),
    ("sto on 2 trumps without 10", "hundred.trumps_2.without_ten", 40, 48),
    ("sto on 2 trumps without A", "hundred.trumps_2.without_ace", 48, 64),
    ("sto on 2 trumps without both", "hundred.trumps_2.without_both", 72, 96),
    ("sto on 1 trump, the A", "hundred.trumps_1.ace", 80, 96),
    ("sto on 1 trump, the 10", "hundred.trumps_1.ten", 96, 128),
    ("non-trump marriage on 4 trumps +8/8", "hundred.non_trump_marriage.trumps_4", 8, 8),
    ("non-trump marriage on 3 trumps +16/16", "hundred.non_trump_marriage.trumps_3", 16, 16),
    ("non-trump marriage on 2 trumps +32/32", "hundred.non_trump_marriage.trumps_2", 32, 32),
    ("non-trump marriage on 1 trump +64/64", "hundred.non_trump_marriage.trumps_1", 64, 64),
    ("betl 10 per catching ace", "betl.catching_ace", 10, 10),
    ("betl six-card suit with one catcher 5", "betl.six_card_single_catcher", 5, 5),
    ("betl defender's flek 5", "betl.defender_flek", 5, 5),
    ("durch 10 per unsolid suit", "durch.unsolid_suit", 10, 10),
    ("durch defender's flek 10", "durch.defender_flek", 10, 10),
    ("dvě sedmy 4 helper cards", "two_sevens.helpers_4", 20, 24),
    ("dvě sedmy 4 helper cards with sto", "two_sevens.helpers_4.with_hundred", 24, 30),
    ("dvě sedmy 4 trumps", "two_sevens.trumps_4", 30, 45),
    ("dvě sedmy 4 trumps with sto", "two_sevens.trumps_4.with_hundred", 40, 60),
]

ROWS_2014 = [
    ("sedma on 3 trumps", "seven.trumps_3", 7, 10),
    ("sedma on 2 trumps", "seven.trumps_2", 14, 20),
    ("sedma on 1 trump", "seven.trumps_1", 20, 28),
    ("sto on 5+ trumps without both", "hundred.trumps_5_6.without_both", 10, 12),
    ("sto on 4 trumps with both (–/10)", "hundred.trumps_4.with_both", 0, 10),
    ("sto on 4 trumps without 10", "hundred.trumps_4.without_ten", 10, 12),
    ("sto on 4 trumps without A", "hundred.trumps_4.without_ace", 12, 18),
    ("sto on 4 trumps without both", "hundred.trumps_4.without_both", 24, 30),
    ("sto on 3 trumps with both", "hundred.trumps_3.with_both", 26, 32),
    ("sto on 3 trumps without 10", "hundred.trumps_3.without_ten", 26, 32),
    ("sto on 3 trumps without A", "hundred.trumps_3.without_ace", 32, 40),
    ("sto on 3 trumps without both", "hundred.trumps_3.without_both", 40, 55),
    ("sto on 2 trumps with both", "hundred.trumps_2.with_both", 50, 60),
    ("sto on 2 trumps without 10", "hundred.trumps_2.without_ten", 60, 70),
    ("sto on 2 trumps without A", "hundred.trumps_2.without_ace", 70, 80),
    ("sto on 2 trumps without both (sic)", "hundred.trumps_2.without_both", 60, 70),
    ("sto on 1 trump, the A", "hundred.trumps_1.ace", 80, 100),
    ("sto on 1 trump, the 10 (100/?)", "hundred.trumps_1.ten", 100, None),
    ("non-trump marriage bonus 8 on 4 trumps", "hundred.non_trump_marriage.trumps_4", 8, 8),
    ("non-trump marriage bonus 16 on 3 trumps", "hundred.non_trump_marriage.trumps_3", 16, 16),
    ("non-trump marriage bonus 16 on 2 trumps", "hundred.non_trump_marriage.trumps_2", 16, 16),
    ("non-trump marriage bonus 16 on 1 trump", "hundred.non_trump_marriage.trumps_1", 16, 16),
]


def _as_pb(value: int | None) -> Fraction | None:
    return None if value is None else Fraction(value)


@pytest.mark.parametrize(
    ("row", "with_lead", "without_lead"),
    [pytest.param(r, w, wo, id=f"{PB_DOC}, 2010 table, {name}")
     for name, r, w, wo in ROWS_2010],
)
def test_2010_table_rows(row: str, with_lead: int, without_lead: int) -> None:
    assert T2010.rows[row] == PremiumCell(_as_pb(with_lead), _as_pb(without_lead))


@pytest.mark.parametrize(
    ("row", "with_lead", "without_lead"),
    [pytest.param(r, w, wo, id=f"{PB_DOC}, 2014 table, {name}")
     for name, r, w, wo in ROWS_2014],
)
def test_2014_table_rows(row: str, with_lead: int, without_lead: int | None) -> None:
    assert T2014.rows[row] == PremiumCell(_as_pb(with_lead), _as_pb(without_lead))


def test_2010_unknown_only_the_end_of_two_sevens_and_unlisted_holdings() -> None:
    # docs/csm-licitovany.md#premium-points: the 2010 table is complete except the end of dvě sedmy.
    unknown_rows = {row for row, _ in T2010.unknown_cells}
    assert unknown_rows == {
        "hundred.trumps_1.without_both",
        "hundred.non_trump_marriage.trumps_5_6",
        "two_sevens.helpers_4_trumps_4",
        "two_sevens.helpers_4_trumps_4.with_hundred",
        "two_sevens.fewer_than_4",
        "two_sevens.fewer_than_4.with_hundred",
    }
    rule = T2010.hundred_seven
    assert rule is not None and (rule.max_trumps, rule.hundred_share) == (4, Fraction(1, 2))


def test_2014_knows_only_the_published_rows() -> None:
    # docs/csm-licitovany.md#premium-points: "only these rows are known" — betl, durch, dvě sedmy
    # stay None, not 0.
    known = {row for row, c in T2014.rows.items() if c != PremiumCell()}
    assert known == {row for _, row, _, _ in ROWS_2014}
    assert T2014.rows["betl.catching_ace"].with_lead is None
    assert T2014.rows["two_sevens.trumps_4"].without_lead is None
    assert T2014.hundred_seven is None


def test_every_table_lists_the_whole_catalogue() -> None:
    for table in TABLES.values():
        assert list(table.rows) == list(ROWS)


def test_table_ids_and_default() -> None:
    assert set(TABLES) == {"csm-2010", "csm-2014", "csm-2023-default"}
    assert DEFAULT_TABLE == CSM_LICITOVANY_2023.premium_table == "csm-2023-default"
    assert [T2010.valid_from, T2014.valid_from, T2023.valid_from] == [
        date(2010, 1, 1), date(2014, 1, 1), date(2023, 1, 1)]
    with pytest.raises(KeyError):
        get_table("csm-1999")


# -- composition -------------------------------------------------------------------------------


def test_2023_default_takes_2014_where_known_and_2010_elsewhere() -> None:
    # docs/csm-licitovany.md#premium-points, default for a 2023 tournament; checked cell by cell
    # over the catalogue.
    for row in ROWS:
        for column in ("with_lead", "without_lead"):
            newer = getattr(T2014.rows[row], column)
            older = getattr(T2010.rows[row], column)
            assert getattr(T2023.rows[row], column) == (newer if newer is not None else older)
    assert T2023.hundred_seven == T2010.hundred_seven


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        pytest.param("seven.trumps_3", (7, 10), id="2014 sedma on 3 trumps wins over 2010 5/7"),
        pytest.param("hundred.trumps_1.ten", (100, 128), id="2014 '100/?' borrows 2010's 128"),
        pytest.param("hundred.non_trump_marriage.trumps_2", (16, 16),
                     id="2014 bonus 16 on ≤3 trumps replaces 2010's 32"),
        pytest.param("hundred.trumps_2.without_both", (60, 70), id="2014 (sic) row kept"),
        pytest.param("two_sevens.trumps_4.with_hundred", (40, 60), id="dvě sedmy from 2010"),
        pytest.param("betl.catching_ace", (10, 10), id="betl from 2010"),
    ],
)
def test_2023_default_examples(row: str, expected: tuple[int, int]) -> None:
    assert T2023.rows[row] == PremiumCell(*map(Fraction, expected))


def test_compose_is_cell_by_cell() -> None:
    primary = PremiumTable("a", "A", date(2020, 1, 1), {"seven.trumps_3": PremiumCell(1, None)})
    fallback = PremiumTable("b", "B", date(2000, 1, 1), {"seven.trumps_3": PremiumCell(5, 7),
                                                        "seven.trumps_2": PremiumCell(8, 9)})
    both = compose("c", "C", date(2021, 1, 1), primary, fallback)
    assert both.rows["seven.trumps_3"] == PremiumCell(1, 7)
    assert both.rows["seven.trumps_2"] == PremiumCell(8, 9)
    assert both.rows["seven.trumps_1"] == PremiumCell()


def test_table_refuses_an_unknown_row() -> None:
    with pytest.raises(ScoringError) as error:
        PremiumTable("x", "X", date(2020, 1, 1), {"seven.trumps_9": PremiumCell(1, 1)})
    assert error.value.code == "premium_table_row_unknown"


# -- sedma -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "trumps", "declarer", "expected"),
    [
        pytest.param(T2010, 3, LEAD, 5, id=f"{PB_DOC}, 2010, sedma on 3 trumps s výnosem"),
        pytest.param(T2010, 3, NO_LEAD, 7, id=f"{PB_DOC}, 2010, sedma on 3 bez výnosu"),
        pytest.param(T2023, 2, LEAD, 14, id=f"{PB_DOC}, 2014 via default, sedma on 2"),
        pytest.param(T2023, 1, NO_LEAD, 28, id=f"{PB_DOC}, 2014 via default, sedma on 1"),
    ],
)
def test_seven_won(table: PremiumTable, trumps: int, declarer: int, expected: int) -> None:
    result = award("seven", {G: True, S: True}, table, declarer, trumps=trumps)
    assert result.per_seat == {declarer: Fraction(expected)}
    assert result.lines[0].row == f"seven.trumps_{trumps}"
    assert result.warnings == ()


def test_seven_on_four_trumps_or_lost_earns_nothing() -> None:
    assert award("seven", {G: True, S: True}, trumps=4).per_seat == {}
    assert award("seven", {G: True, S: False}, trumps=2).per_seat == {}


def test_hearts_and_doubling_do_not_change_pb() -> None:
    # docs/csm-licitovany.md#premium-points: PB are not changed by doubling or hearts.
    plain = award("seven", {G: True, S: True}, trumps=3)
    hearts = award("seven_hearts", {G: True, S: True}, trumps=3,
                   doublings=(Doubling(S, 3, by=(3,)),))
    assert plain.per_seat == hearts.per_seat == {NO_LEAD: Fraction(10)}


@given(
    trumps=st.integers(1, 8), ace=st.booleans(), ten=st.booleans(), lead=st.booleans(),
    level=st.integers(0, 4), marriage=st.booleans(),
)
def test_hundred_in_hearts_and_doubled_equals_plain(
    trumps: int, ace: bool, ten: bool, lead: bool, level: int, marriage: bool
) -> None:
    facts = {"trumps": trumps, "trump_ace": ace, "trump_ten": ten, "non_trump_marriage": marriage}
    seat = LEAD if lead else NO_LEAD
    plain = award("hundred", {H: True}, declarer=seat, **facts)
    hearts = award("hundred_hearts", {H: True}, declarer=seat,
                   doublings=(Doubling(H, level, by=(3,)),), **facts)
    assert plain.per_seat == hearts.per_seat
    assert all(value > 0 for value in plain.per_seat.values())


# -- sto ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trumps", "ace", "ten", "declarer", "row", "expected"),
    [
        pytest.param(3, True, False, NO_LEAD, "hundred.trumps_3.without_ten", 32,
                     id=f"{PB_DOC}, 2014 via default, sto on 3 trumps without 10"),
        pytest.param(3, False, False, LEAD, "hundred.trumps_3.without_both", 40,
                     id=f"{PB_DOC}, 2014 via default, sto on 3 without both s výnosem"),
        pytest.param(4, False, True, NO_LEAD, "hundred.trumps_4.without_ace", 18,
                     id=f"{PB_DOC}, 2014 via default, sto on 4 without A"),
        pytest.param(6, False, False, NO_LEAD, "hundred.trumps_5_6.without_both", 12,
                     id=f"{PB_DOC}, 2014 via default, sto on 5+ without both"),
        pytest.param(1, True, False, LEAD, "hundred.trumps_1.ace", 80,
                     id=f"{PB_DOC}, 2014 via default, sto on 1 trump the A"),
        pytest.param(1, False, True, NO_LEAD, "hundred.trumps_1.ten", 128,
                     id=f"{PB_DOC}, 2010 via default, sto on 1 trump the 10 bez výnosu"),
    ],
)
def test_hundred_made(
    trumps: int, ace: bool, ten: bool, declarer: int, row: str, expected: int
) -> None:
    result = award("hundred", {H: True}, declarer=declarer, trumps=trumps, trump_ace=ace,
                   trump_ten=ten)
    assert [line.row for line in result.lines] == [row]
    assert result.per_seat == {declarer: Fraction(expected)}


def test_hundred_with_ace_or_ten_on_five_trumps_earns_nothing() -> None:
    result = award("hundred", {H: True}, trumps=5, trump_ace=True, trump_ten=False)
    assert (result.per_seat, result.lines, result.warnings) == ({}, (), ())


def test_hundred_on_four_trumps_with_both_with_lead_is_zero_without_lead_ten() -> None:
    # docs/csm-licitovany.md#premium-points, 2010 "0/10" and 2014 "–/10".
    facts = {"trumps": 4, "trump_ace": True, "trump_ten": True}
    for table in (T2010, T2014):
        led = award("hundred", {H: True}, table, LEAD, **facts)
        assert led.per_seat == {} and led.warnings == ()
        assert award("hundred", {H: True}, table, NO_LEAD, **facts).per_seat == {
            NO_LEAD: Fraction(10)}


def test_hundred_failed_earns_nothing_and_needs_no_facts() -> None:
    result = award("hundred", {H: False})
    assert (result.per_seat, result.warnings) == ({}, ())


@pytest.mark.parametrize(
    ("table", "trumps", "expected"),
    [
        pytest.param(T2010, 2, 48 + 32, id=f"{PB_DOC}, 2010, sto on 2 without 10 +32"),
        pytest.param(T2023, 2, 70 + 16, id=f"{PB_DOC}, 2014 via default, on 2 +16"),
        pytest.param(T2023, 4, 12 + 8, id=f"{PB_DOC}, 2014 via default, on 4 +8"),
    ],
)
def test_non_trump_marriage_bonus(table: PremiumTable, trumps: int, expected: int) -> None:
    result = award("hundred", {H: True}, table, trumps=trumps, trump_ace=True, trump_ten=False,
                   non_trump_marriage=True)
    assert result.per_seat == {NO_LEAD: Fraction(expected)}
    assert result.lines[-1].row == f"hundred.non_trump_marriage.trumps_{trumps}"


def test_unknown_cell_warns_instead_of_awarding_zero() -> None:
    # docs/csm-licitovany.md#premium-points, 2014 table: sto on 1 trump, the 10, bez výnosu is "?".
    result = award("hundred", {H: True}, T2014, NO_LEAD, trumps=1, trump_ace=False,
                   trump_ten=True)
    assert result.per_seat == {}
    [warning] = result.warnings
    assert warning.code == "premium_cell_unknown"
    # Named in words, never by the row's code: the table's name, the row's and the column's.
    assert str(warning.params["row"]) == "sto s 1 trumfem, trumfem je desítka"
    assert warning.params["column"].in_language("en") == "without lead"
    assert warning.params["table"] == T2014.name
    assert "trumps_1" not in warning.message("cs") and "csm-2014" not in warning.message("en")
    # The same hand s výnosem is known: 100.
    assert award("hundred", {H: True}, T2014, LEAD, trumps=1, trump_ace=False,
                 trump_ten=True).per_seat == {LEAD: Fraction(100)}


def test_hundred_on_one_low_trump_is_an_unknown_cell() -> None:
    result = award("hundred", {H: True}, trumps=1, trump_ace=False, trump_ten=False,
                   non_trump_marriage=True)
    assert codes(result) == ["premium_cell_unknown"]
    assert result.per_seat == {NO_LEAD: Fraction(16)}  # the bonus row is known


# -- sto a sedma -------------------------------------------------------------------------------


def test_hundred_and_seven_half_points() -> None:
    # docs/csm-licitovany.md#premium-points: sedma PB + half of the sto PB on ≤ 4 trumps; 2014 sto
    # on 3 trumps
    # without both is 40/55, so half is 27.5 bez výnosu, plus sedma on 3 trumps 10.
    result = award("hundred_seven", {H: True, S: True}, trumps=3, trump_ace=False,
                   trump_ten=False)
    assert [(line.row, line.value) for line in result.lines] == [
        ("seven.trumps_3", Fraction(10)),
        ("hundred.trumps_3.without_both", Fraction(55, 2)),
    ]
    assert result.per_seat == {NO_LEAD: Fraction(75, 2)}
    # The note shows the factor and the cell, for a referee checking against the printed table.
    assert result.lines[1].note_cs.endswith("bez výnosu: 0,5 × 55 (sto a sedma)")
    assert result.lines[1].note_en.endswith("without lead: 0.5 × 55 (hundred and seven)")


def test_hundred_and_seven_in_hearts_same_as_plain() -> None:
    facts = {"trumps": 2, "trump_ace": True, "trump_ten": True}
    plain = award("hundred_seven", {H: True, S: True}, declarer=LEAD, **facts)
    hearts = award("hundred_seven_hearts", {H: True, S: True}, declarer=LEAD, **facts)
    assert plain.per_seat == hearts.per_seat == {LEAD: Fraction(14) + Fraction(50, 2)}


def test_hundred_and_seven_on_four_trumps_halves_sto_without_sedma_row() -> None:
    # docs/csm-licitovany.md#premium-points: the rule covers ≤ 4 trumps; sedma has no row on 4
    # trumps.
    result = award("hundred_seven", {H: True, S: True}, trumps=4, trump_ace=False,
                   trump_ten=False)
    assert result.per_seat == {NO_LEAD: Fraction(15)}  # half of 2014's 30


def test_hundred_and_seven_on_five_trumps_keeps_full_sto() -> None:
    result = award("hundred_seven", {H: True, S: True}, trumps=5, trump_ace=False,
                   trump_ten=False)
    assert result.per_seat == {NO_LEAD: Fraction(12)}


@pytest.mark.parametrize(
    ("won", "expected"),
    [
        pytest.param({H: True, S: False}, 55, id="only sto made: full sto PB"),
        pytest.param({H: False, S: True}, 10, id="only sedma made: sedma PB"),
        pytest.param({H: False, S: False}, None, id="neither made"),
    ],
)
def test_hundred_and_seven_one_made(won: dict[Component, bool], expected: int | None) -> None:
    result = award("hundred_seven", won, trumps=3, trump_ace=False, trump_ten=False)
    assert result.per_seat == ({} if expected is None else {NO_LEAD: Fraction(expected)})


def test_hundred_and_seven_bonus_is_not_halved() -> None:
    result = award("hundred_seven", {H: True, S: True}, table=T2010, trumps=3, trump_ace=True,
                   trump_ten=False, non_trump_marriage=True)
    # docs/csm-licitovany.md#premium-points, 2010: sedma 7 + half of 24 + non-trump marriage 16.
    assert result.per_seat == {NO_LEAD: Fraction(7 + 12 + 16)}


def test_hundred_and_seven_rule_unknown_in_2014_alone() -> None:
    result = award("hundred_seven", {H: True, S: True}, T2014, trumps=3, trump_ace=False,
                   trump_ten=False)
    assert result.per_seat == {}
    assert [(w.code, w.params["row_code"]) for w in result.warnings] == [
        ("premium_cell_unknown", "hundred_seven")]


# -- betl and durch ----------------------------------------------------------------------------


def test_betl_won_counts_aces_and_six_card_suits() -> None:
    # docs/csm-licitovany.md#premium-points, 2010: 10 per catching ace, 5 per six-card suit with one
    # catcher.
    result = award("betl", {B: True}, betl_catching_aces=2, betl_six_card_single_catcher=1)
    assert result.per_seat == {NO_LEAD: Fraction(25)}
    assert [(line.row, line.value) for line in result.lines] == [
        ("betl.catching_ace", Fraction(20)), ("betl.six_card_single_catcher", Fraction(5))]
    assert "2 × 10" in result.lines[0].note_cs


def test_betl_won_plain_earns_nothing() -> None:
    assert award("betl", {B: True}).per_seat == {}


def test_betl_lost_pays_fleking_claimants() -> None:
    # docs/csm-licitovany.md#premium-points, 2010: a defender's flek on betl earns him 5.
    flek = Doubling(B, 1, by=(1, 3))
    result = award("betl", {B: False}, doublings=(flek,), defender_claims=(1, 3))
    assert result.per_seat == {1: Fraction(5), 3: Fraction(5)}
    assert {line.row for line in result.lines} == {"betl.defender_flek"}


def test_betl_claim_needs_a_flek() -> None:
    no_flek = award("betl", {B: False}, defender_claims=(1,))
    assert no_flek.per_seat == {} and codes(no_flek) == ["premium_claim_without_flek"]
    other = award("betl", {B: False}, doublings=(Doubling(B, 1, by=(3,)),),
                  defender_claims=(1, 3))
    assert other.per_seat == {3: Fraction(5)}
    assert [w.params["seat"] for w in other.warnings] == [1]
    # A flek recorded without names binds nobody in particular: the claim stands.
    unnamed = award("betl", {B: False}, doublings=(Doubling(B, 1),), defender_claims=(1,))
    assert unnamed.per_seat == {1: Fraction(5)}


def test_claims_ignored_when_declarer_made_it_or_in_other_contracts() -> None:
    won = award("betl", {B: True}, betl_catching_aces=1, doublings=(Doubling(B, 1, by=(1,)),),
                defender_claims=(1,))
    assert won.per_seat == {NO_LEAD: Fraction(10)}
    assert codes(won) == ["premium_claim_ignored"]
    seven = award("seven", {G: True, S: True}, trumps=3, defender_claims=(3,))
    assert codes(seven) == ["premium_claim_ignored"]


def test_durch_won_and_lost() -> None:
    # docs/csm-licitovany.md#premium-points, 2010: 10 per unsolid suit; a defender's flek 10.
    assert award("durch", {D: True}, durch_unsolid_suits=3).per_seat == {NO_LEAD: Fraction(30)}
    lost = award("durch", {D: False}, doublings=(Doubling(D, 2, by=(1,)),),
                 defender_claims=(1,))
    assert lost.per_seat == {1: Fraction(10)}
    assert lost.lines[0].row == "durch.defender_flek"


def test_betl_in_2014_alone_is_unknown() -> None:
    result = award("betl", {B: True}, T2014, betl_catching_aces=1)
    assert result.per_seat == {} and codes(result) == ["premium_cell_unknown"]


# -- dvě sedmy ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "won", "helpers", "trumps", "declarer", "row", "expected"),
    [
        pytest.param("two_sevens", {T: True}, 4, 6, LEAD, "two_sevens.helpers_4", 20,
                     id=f"{PB_DOC}, 2010, dvě sedmy 4 helper cards s výnosem"),
        pytest.param("two_sevens", {T: True}, 5, 4, NO_LEAD, "two_sevens.trumps_4", 45,
                     id=f"{PB_DOC}, 2010, dvě sedmy 4 trumps bez výnosu"),
        pytest.param("two_sevens_hundred", {T: True, H: True}, 4, 5, NO_LEAD,
                     "two_sevens.helpers_4.with_hundred", 30,
                     id=f"{PB_DOC}, 2010, dvě sedmy 4 helpers with made sto"),
        pytest.param("two_sevens_hearts_hundred", {T: True, H: True}, 6, 4, LEAD,
                     "two_sevens.trumps_4.with_hundred", 40,
                     id=f"{PB_DOC}, 2010, dvě sedmy 4 trumps with sto, hearts"),
        pytest.param("two_sevens_hundred", {T: True, H: False}, 6, 4, LEAD,
                     "two_sevens.trumps_4", 30, id="sto announced but failed: plain row"),
    ],
)
def test_two_sevens(contract: str, won: dict[Component, bool], helpers: int, trumps: int,
                    declarer: int, row: str, expected: int) -> None:
    result = award(contract, won, declarer=declarer, helper_cards=helpers, trumps=trumps)
    assert [line.row for line in result.lines] == [row]
    assert result.per_seat == {declarer: Fraction(expected)}


@pytest.mark.parametrize(
    ("helpers", "trumps", "row"),
    [(4, 4, "two_sevens.helpers_4_trumps_4"), (3, 6, "two_sevens.fewer_than_4"),
     (5, 2, "two_sevens.fewer_than_4")],
)
def test_two_sevens_end_of_table_warns(helpers: int, trumps: int, row: str) -> None:
    # docs/csm-licitovany.md#premium-points: the 2010 table is incomplete at the end of dvě sedmy.
    result = award("two_sevens", {T: True}, helper_cards=helpers, trumps=trumps)
    assert result.per_seat == {}
    assert [(w.code, w.params["row_code"]) for w in result.warnings] == [
        ("premium_cell_unknown", row)]


def test_two_sevens_with_long_suits_earns_nothing() -> None:
    result = award("two_sevens", {T: True}, helper_cards=5, trumps=5)
    assert (result.per_seat, result.warnings) == ({}, ())


def test_two_sevens_lost_but_sto_made_earns_sto_rows() -> None:
    result = award("two_sevens_hundred", {T: False, H: True}, trumps=5, trump_ace=False,
                   trump_ten=False)
    assert result.per_seat == {NO_LEAD: Fraction(12)}
    assert result.lines[0].row == "hundred.trumps_5_6.without_both"


def test_two_sevens_and_sto_non_trump_marriage_bonus() -> None:
    # docs/csm-licitovany.md#premium-points, 2014: the bonus applies to dvě sedmy a sto too (8 on 4
    # trumps).
    result = award("two_sevens_hundred", {T: True, H: True}, helper_cards=6, trumps=4,
                   non_trump_marriage=True)
    assert result.per_seat == {NO_LEAD: Fraction(60 + 8)}


# -- missing facts -----------------------------------------------------------------------------


def test_missing_trumps_for_a_won_seven_warns_and_awards_nothing() -> None:
    result = award("seven", {G: True, S: True})
    assert result.per_seat == {} and result.lines == ()
    [warning] = result.warnings
    assert (warning.code, warning.field) == ("premium_facts_missing", "premium.trumps")
    assert warning.params["missing"] == ("trumps",)
    assert warning.message("en") == ("The made seven earns PB, but counting them needs the "
                                      "number of trumps. Add it, or no PB are awarded.")


def test_missing_holding_for_hundred_and_seven_awards_nothing() -> None:
    result = award("hundred_seven", {H: True, S: True}, trumps=3, trump_ace=True)
    assert result.per_seat == {}
    assert [(w.code, w.field) for w in result.warnings] == [
        ("premium_facts_missing", "premium.trump_ten")]


def test_every_missing_fact_is_said_in_one_warning() -> None:
    result = award("hundred_seven", {H: True, S: True})
    [warning] = result.warnings
    assert warning.params["missing"] == ("trumps", "trump_ace", "trump_ten")
    assert "počet trumfů, zda měl trumfové eso a zda měl trumfovou desítku" in warning.message()


def test_missing_facts_for_two_sevens() -> None:
    result = award("two_sevens", {T: True}, trumps=4)
    assert [w.field for w in result.warnings] == ["premium.helper_cards"]
    result = award("two_sevens_hundred", {T: False, H: True}, trumps=4)
    assert [w.params["missing"] for w in result.warnings] == [("trump_ace", "trump_ten")]


def test_no_facts_asked_where_the_table_awards_nothing() -> None:
    # A table that knows no sedma row cannot pay for a made sedma: nothing to ask.
    rows = {row: cell for row, cell in T2014.rows.items() if not row.startswith("seven.")}
    table = replace(T2014, code="no-seven", rows=rows)
    result = award("seven", {G: True, S: True}, table)
    assert (result.per_seat, result.warnings) == ({}, ())


# -- JSON and corrected tables -----------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(TABLES))
def test_round_trip_through_json(code: str) -> None:
    table = TABLES[code]
    data = json.loads(json.dumps(to_dict(table)))
    assert from_dict(data) == table
    assert to_dict(from_dict(data)) == to_dict(table)


def test_json_keeps_halves_exact() -> None:
    data = to_dict(T2010)
    data["rows"]["seven.trumps_3"] = {"with_lead": 27.5, "without_lead": "55/2"}
    loaded = from_dict(data)
    assert loaded.rows["seven.trumps_3"] == PremiumCell(Fraction(55, 2), Fraction(55, 2))
    assert to_dict(loaded)["rows"]["seven.trumps_3"]["with_lead"] == "55/2"


def test_from_dict_lists_every_problem() -> None:
    data = to_dict(T2010)
    del data["name"]
    data["valid_from"] = "2010-13-01"
    data["rows"]["seven.trumps_9"] = {"with_lead": 1, "without_lead": 1}
    data["rows"]["seven.trumps_3"] = {"with_lead": -5, "without_lead": "x"}
    data["hundred_seven"] = {"max_trumps": "four", "hundred_share": "1/2"}
    with pytest.raises(ScoringError) as error:
        from_dict(data)
    found = {(p.code, p.field) for p in error.value.problems}
    assert found == {
        ("premium_table_field_missing", "premium_table.name"),
        ("premium_table_value_invalid", "premium_table.valid_from"),
        ("premium_table_row_unknown", "premium_table.rows.seven.trumps_9"),
        ("premium_table_value_invalid", "premium_table.rows.seven.trumps_3.with_lead"),
        ("premium_table_value_invalid", "premium_table.rows.seven.trumps_3.without_lead"),
        ("premium_table_value_invalid", "premium_table.hundred_seven"),
    }


def test_rows_left_out_of_json_are_unknown() -> None:
    loaded = from_dict({"code": "mini", "name": "Mini", "valid_from": "2024-01-01",
                        "rows": {"seven.trumps_3": {"with_lead": 6, "without_lead": 8}}})
    assert loaded.rows["seven.trumps_3"] == PremiumCell(6, 8)
    assert loaded.rows["seven.trumps_2"] == PremiumCell()
    assert loaded.hundred_seven is None


def test_a_loaded_corrected_table_changes_the_result() -> None:
    facts = {"trumps": 3, "trump_ace": False, "trump_ten": False}
    assert award("hundred", {H: True}, **facts).per_seat == {NO_LEAD: Fraction(55)}
    data = to_dict(T2023)
    data["rows"]["hundred.trumps_3.without_both"]["without_lead"] = 60
    data["rows"]["two_sevens.helpers_4_trumps_4"] = {"with_lead": 50, "without_lead": 70}
    corrected = from_dict(data)
    table = get_table(CSM_LICITOVANY_2023.premium_table, extra=[corrected])
    assert table is corrected
    assert award("hundred", {H: True}, table, **facts).per_seat == {NO_LEAD: Fraction(60)}
    both_short = award("two_sevens", {T: True}, table, helper_cards=4, trumps=4)
    assert (both_short.per_seat, both_short.warnings) == ({NO_LEAD: Fraction(70)}, ())
    # The shipped table is untouched.
    assert get_table("csm-2023-default").rows["hundred.trumps_3.without_both"].without_lead == 55


def test_tables_are_hashable_and_compare_by_value() -> None:
    copy = replace(T2010, rows=dict(T2010.rows))
    assert copy == T2010 and hash(copy) == hash(T2010)


# -- sheet threshold and formatting ------------------------------------------------------------


def test_needs_sheet_description_at_threshold() -> None:
    # ČSM 2023 B.3: games of 50 PB or more are described on the sheet.
    threshold = CSM_LICITOVANY_2023.premium_referee_threshold
    assert needs_sheet_description(Fraction(50), threshold)
    assert not needs_sheet_description(Fraction(99, 2), threshold)
    result = award("hundred", {H: True}, trumps=3, trump_ace=False, trump_ten=False)
    assert needs_sheet_description(result.total, threshold)


def test_format_pb() -> None:
    assert format_pb(Fraction(55, 2)) == "27,5"
    assert format_pb(Fraction(55, 2), "en") == "27.5"
    assert format_pb(Fraction(12)) == "12"
    assert format_pb(Fraction(1, 3)) == "1/3"
