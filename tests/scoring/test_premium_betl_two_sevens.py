"""The PB of one hand of betl, durch and dvě sedmy, and the facts a hand's PB need
(scoring.premium); pure Python, no Django.

Every value comes from a row of docs/csm-licitovany.md#premium-points; the test ids name it.
Seats: dealer 4 sits out, so seat 1 is forehand (s výnosem) and seat 2 is not
(``tests/scoring/premium_helpers.py``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from scoring.hand import Doubling
from scoring.types import Component
from tests.scoring.premium_helpers import (
    LEAD,
    NO_LEAD,
    PB_DOC,
    T2014,
    B,
    D,
    G,
    H,
    S,
    T,
    award,
    codes,
)

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
