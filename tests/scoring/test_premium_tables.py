"""The PB tables themselves (scoring.premium); pure Python, no Django: every value against the
row of docs/csm-licitovany.md#premium-points it comes from (the test ids name that source),
the 2023 default composed cell by cell, JSON and corrected tables, the sheet threshold and
formatting.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from scoring.errors import ScoringError
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
    to_dict,
)
from scoring.presets.csm_2023 import CSM_LICITOVANY_2023
from tests.scoring.premium_helpers import (
    NO_LEAD,
    PB_DOC,
    T2010,
    T2014,
    T2023,
    H,
    T,
    award,
)

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
