"""The PB of one hand of sedma, sto and sto a sedma (scoring.premium); pure Python, no Django.

Every value comes from a row of docs/csm-licitovany.md#premium-points; the test ids name it.
Seats: dealer 4 sits out, so seat 1 is forehand (s výnosem) and seat 2 is not
(``tests/scoring/premium_helpers.py``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.hand import Doubling
from scoring.premium import PremiumTable
from scoring.types import Component
from tests.scoring.premium_helpers import (
    LEAD,
    NO_LEAD,
    PB_DOC,
    T2010,
    T2014,
    T2023,
    G,
    H,
    S,
    award,
    codes,
)

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
