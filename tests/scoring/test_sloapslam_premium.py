"""PB per seat (SloapSlam bodovaný křížový, docs/sloapslam-krizovy.md "Premium points per seat",
docs/families.md §8.2 k) from a TEST table.

The club's bodovací tabulka is not in the texts, so every number below is made up for the test
and means nothing; what is tested is the structure: facts per announcing seat (SLS L214),
recipients (L216), minus points of the fleker (B/10 L186, not for a trhák's flek B/19 L204),
columns by flek level with the last one for any flek beyond (L244), and the offender of a
renonc never scoring (D5 L262). Money never changes with the table. Seats as in
test_sloapslam_krizovy_examples: A = 1 forhont and declarer, B = 2, C = 3, D = 4 deals.
"""

from __future__ import annotations

import dataclasses
from datetime import date
from fractions import Fraction
from typing import Any

import pytest

from scoring import Doubling, Hand, Marriage, Points, Renonc, get_preset, settle
from scoring.errors import ScoringError
from scoring.hand import Announcement, PremiumFacts
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.premium import (
    SEAT_TABLES,
    MinusRecipients,
    Recipients,
    SeatPremiumRow,
    SeatPremiumTable,
    dump_table,
    get_any_table,
    load_table,
)
from scoring.premium.data_sloapslam import SLOAPSLAM_KRIZOVY_STRUCTURE
from scoring.types import Component, Suit
from scoring.validate import for_ruleset
from tests.scoring.sloapslam_examples import EXAMPLES

SLS = get_preset("sloapslam-krizovy")
A, B, C, D = 1, 2, 3, 4
G, S, H, BETL = Component.GAME, Component.SEVEN, Component.HUNDRED, Component.BETL
F = Fraction

# Made-up numbers (NOT the club's): columns unfleked, flek, re; three columns only, so a
# tutti (level 3) or boty reads the re column (L244).
TEST_TABLE = SeatPremiumTable(
    code="test-krizovy-per-seat",
    name="test table, numbers invented for the tests",
    valid_from=date(2024, 1, 1),
    levels=3,
    rows=(
        SeatPremiumRow(S, 1, 1, True, points=(20, 40, 80), lost_fleked=(None, 10, 20),
                       minus=(None, 5, 10)),
        SeatPremiumRow(S, 1, 1, False, points=(28, 56, 112), lost_fleked=(None, 10, 20),
                       minus=(None, 5, 10)),
        SeatPremiumRow(S, 2, 2, None, points=(14, 28, 56), lost_fleked=(None, 7, 14),
                       minus=(None, 3, 6)),
        SeatPremiumRow(H, 1, 4, None, points=(30, 60, 120), minus=(None, 15, 30)),
        SeatPremiumRow(H, 5, 8, None, points=(10, 20, 40)),
        SeatPremiumRow(BETL, points=(5, 10, 20), lost_fleked=(None, 5, 10),
                       minus=(None, 2, 4)),
    ),
)
TABLED = SLS.override(premium_table=TEST_TABLE.code)


def four(**kw: Any) -> Hand:
    return for_ruleset(Hand(players=4, **{"dealer": D, "declarer": A, **kw}), SLS)


def pb(hand: Hand, table: SeatPremiumTable = TEST_TABLE) -> list[Fraction]:
    result = settle(hand, TABLED, premium_tables=(table,))
    return [result.premium[s] for s in hand.seats]


def seven(trumps: int = 2, **kw: Any) -> Hand:
    return four(**{"contract": "seven", "trump": Suit.BELLS, "partner": B, "game_won": True,
                   "seven_won": True, "premium": PremiumFacts(trumps=trumps), **kw})


# -- recipients (L216) -------------------------------------------------------------------------


def test_won_seven_scores_each_member_of_the_side_in_full() -> None:
    assert pb(seven()) == [14, 14, 0, 0]


def test_announcer_only_when_the_table_says_so() -> None:
    only = dataclasses.replace(TEST_TABLE, won=Recipients.ANNOUNCER)
    assert pb(seven(), only) == [14, 0, 0, 0]


def test_the_seven_counts_the_announcers_trumps_only() -> None:
    # L214 "se nesčítají": the partner's trumps do not move the row
    facts = PremiumFacts(trumps=1, seat_trumps=((B, 5),))
    assert pb(seven(premium=facts)) == [20, 20, 0, 0]  # 1 trump, A leads: s výnosem
    # a sedma proti (B/22 L210) by C, who does not lead: bez výnosu, the defence scores
    against = four(contract="game", trump=Suit.BELLS, partner=B, game_won=True,
                   announcements=(Announcement(S, by=C, won=True),),
                   premium=PremiumFacts(trumps=4, seat_trumps=((C, 1), (D, 3))))
    assert pb(against) == [0, 0, 28, 28]
    # a row the table does not have (5 trumps): no PB, and no warning
    result = settle(seven(5), TABLED, premium_tables=(TEST_TABLE,))
    assert all(v == 0 for v in result.premium.values()) and not result.warnings


def test_the_hundred_sums_the_pairs_trumps() -> None:
    def hundred(partner_trumps: int | None) -> Hand:
        seats = () if partner_trumps is None else ((B, partner_trumps),)
        return four(contract="hundred", trump=Suit.BELLS, partner=B,
                    points=Points(70, (Marriage(40, Suit.BELLS),)),
                    premium=PremiumFacts(trumps=3, seat_trumps=seats))

    assert pb(hundred(1)) == [30, 30, 0, 0]  # 3 + 1 = 4 trumps
    assert pb(hundred(2)) == [10, 10, 0, 0]  # 3 + 2 = 5 trumps
    result = settle(hundred(None), TABLED, premium_tables=(TEST_TABLE,))
    assert all(v == 0 for v in result.premium.values())
    assert [w.code for w in result.warnings] == ["premium_seat_trumps_missing"]


def test_lost_fleked_game_scores_only_the_fleker() -> None:
    # C fleks the sedma, A re (level 2); the sedma is lost: C alone gets the re column
    hand = seven(seven_won=False, doublings=(Doubling(S, 0, raises=(C, A)),))
    assert pb(hand) == [0, 0, 14, 0]
    # unfleked and lost: nobody scores
    assert pb(seven(seven_won=False)) == [0, 0, 0, 0]
    # the whole defence instead of the fleker only
    side = dataclasses.replace(TEST_TABLE, lost_fleked=Recipients.SIDE)
    assert pb(hand, side) == [0, 0, 14, 14]


# -- minus points (B/10) and flek-level columns ------------------------------------------------


def test_won_fleked_seven_gives_the_fleker_minus_points() -> None:
    # example 5.7.4: C fleks the sedma, A re: A and B the re column, C the minus points of re
    hand = seven(doublings=(Doubling(S, 0, raises=(C, A)),))
    assert pb(hand) == [56, 56, -6, 0]
    result = settle(hand, TABLED, premium_tables=(TEST_TABLE,))
    assert [result.money[s] for s in hand.seats] == [180, 180, -300, -60]  # as without PB


def test_minus_points_reach_up_to_the_third_players_flek() -> None:
    # C flek, A re, D tutti (the third player joins), B boty: level 4 reads the last column
    # (L244); C's minus points stop at the re (before D's flek), D gets none
    hand = seven(doublings=(Doubling(S, 0, raises=(C, A, D, B)),))
    assert pb(hand) == [56, 56, -6, 0]
    each = dataclasses.replace(TEST_TABLE, minus=MinusRecipients.EACH_FLEKER)
    assert pb(hand, each) == [56, 56, -6, -6]  # the literal alternative: every fleker
    none = dataclasses.replace(TEST_TABLE, minus=MinusRecipients.NONE)
    assert pb(hand, none) == [56, 56, 0, 0]


def test_flek_columns_by_level() -> None:
    assert pb(seven(1)) == [20, 20, 0, 0]
    assert pb(seven(1, doublings=(Doubling(S, 0, raises=(C, A)),))) == [80, 80, -10, 0]
    # one column only: every level reads it
    short = dataclasses.replace(TEST_TABLE, levels=1, rows=(SeatPremiumRow(S, points=(9,)),))
    assert pb(seven(1, doublings=(Doubling(S, 0, raises=(C, A)),)), short) == [9, 9, 0, 0]


def test_a_trhaks_compulsory_flek_costs_no_minus_points() -> None:
    # example 5.7.6: A alone, sto on 3 trumps, D fleks, A re; made
    def sto(**kw: Any) -> Hand:
        return four(contract="hundred", trump=Suit.BELLS, doublings=(Doubling(H, 2, by=(D,)),),
                    points=Points(70, (Marriage(40, Suit.BELLS),)),
                    premium=PremiumFacts(trumps=3), **kw)

    assert pb(sto(forced_flekers=(D,))) == [120, 0, 0, 0]
    assert pb(sto()) == [120, 0, 0, -30]


def test_betl_alone_two_flekers_the_first_one_gets_the_minus() -> None:
    # example 5.7.5: B and C flek, A re; no chain recorded: the first fleker in the sheet's order
    hand = four(contract="betl", betl_won=True,
                doublings=(Doubling(BETL, 2, by=(B, C)),))
    assert pb(hand) == [20, -4, 0, 0]
    lost = four(contract="betl", betl_won=False, doublings=(Doubling(BETL, 2, by=(B, C)),))
    assert pb(lost) == [0, 10, 10, 0]  # both fleked it: each fleker the re column


def test_a_won_fleked_game_reads_no_minus_without_a_minus_column() -> None:
    hand = four(contract="hundred", trump=Suit.BELLS, partner=B,
                doublings=(Doubling(H, 0, raises=(C, A)),),
                points=Points(70, (Marriage(40, Suit.BELLS),)),
                premium=PremiumFacts(trumps=3, seat_trumps=((B, 3),)))
    assert pb(hand) == [40, 40, 0, 0]  # 6 trumps: the 5-8 row has no minus points


# -- renonc (D5) and the sheet -----------------------------------------------------------------


def test_the_offender_never_scores() -> None:
    # B revokes, C and D have it played out and lose: the result stands, B gets nothing
    hand = seven(renonc=Renonc("C1", B, played_out=True))
    result = settle(hand, TABLED, premium_tables=(TEST_TABLE,))
    assert [result.premium[s] for s in hand.seats] == [14, 0, 0, 0]
    assert any(line.part == "premium_refused_offender" for line in result.lines)


def test_unknown_cells_warn_and_award_nothing() -> None:
    gaps = dataclasses.replace(TEST_TABLE, rows=(SeatPremiumRow(S, points=(None, 5, 5)),))
    result = settle(seven(), TABLED, premium_tables=(gaps,))
    assert all(v == 0 for v in result.premium.values())
    assert [w.code for w in result.warnings] == ["premium_cell_unknown"]


@pytest.mark.parametrize("number, hand, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_money_is_the_same_with_per_seat_pb(number: str, hand: Hand,
                                            expected: list[int]) -> None:
    facts = PremiumFacts(trumps=2, seat_trumps=tuple((s, 2) for s in hand.seats))
    if hand.contract is not None:
        hand = dataclasses.replace(hand, premium=facts)
    plain = settle(hand, SLS)
    tabled = settle(hand, TABLED, premium_tables=(TEST_TABLE,))
    assert tabled.money == plain.money
    assert [tabled.money[s] for s in hand.seats] == expected
    assert sum(tabled.money.values()) == 0
    assert all(v == 0 for v in plain.premium.values())


# -- the shipped structure and the JSON forms --------------------------------------------------


def test_the_preset_keeps_no_table_and_the_structure_holds_no_numbers() -> None:
    # the club's table is not in the texts (docs/sloapslam-krizovy.md "Premium points per seat")
    assert SLS.premium_table is None
    table = SEAT_TABLES["sloapslam-krizovy-struktura"]
    assert table is SLOAPSLAM_KRIZOVY_STRUCTURE and table.placeholder
    assert all(v is None for row in table.rows for v in row.cells)
    assert get_any_table(table.code) is table
    with pytest.raises(ScoringError):
        dataclasses.replace(table, rows=(SeatPremiumRow(S, points=(1,)),))
    # loaded into a ruleset it awards nothing and says so
    placeholder = SLS.override(premium_table=table.code)
    result = settle(seven(), placeholder)
    assert all(v == 0 for v in result.premium.values())
    assert {w.code for w in result.warnings} == {"premium_cell_unknown"}


@pytest.mark.parametrize("table", [TEST_TABLE, SLOAPSLAM_KRIZOVY_STRUCTURE],
                         ids=lambda t: t.code)
def test_tables_read_back_from_json(table: SeatPremiumTable) -> None:
    data = dump_table(table)
    assert data["format"] == "per_seat"
    assert load_table(data) == table


def test_bad_json_tables_list_every_problem() -> None:
    data = dump_table(TEST_TABLE)
    data["rows"][0]["points"] = [1, -2, "x"]
    data["recipients"]["won"] = "everybody"
    with pytest.raises(ScoringError) as caught:
        load_table(data)
    fields = [p.field for p in caught.value.problems]
    assert "premium_table.rows.0.points.1" in fields
    assert "premium_table.rows.0.points.2" in fields
    assert "premium_table.recipients.won" in fields


def test_seat_trumps_in_the_hand_format() -> None:
    hand = seven(premium=PremiumFacts(trumps=3, seat_trumps=((B, 2),)))
    data = hand_to_dict(hand)
    assert data["premium"] == {"trumps": 3, "seat_trumps": {"2": 2}}
    assert hand_from_dict(data).premium == hand.premium
