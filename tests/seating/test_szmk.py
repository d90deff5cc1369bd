"""The SZMK plan: lot within pots, sliding, thirds over the top tables, Swiss."""

import pytest

from marias_admin.seating.generator import (
    ErrorCode,
    Method,
    SeatingError,
    SzmkRule,
    assess_plan,
    plan_rounds,
    rule_for,
    seat_round,
    table_sizes,
)
from marias_admin.seating.generator.szmk import fit_sizes, slide, swiss, thirds

from .helpers import assert_valid_round, repeats


def test_rule_by_round() -> None:
    rules = [rule_for(n) for n in range(1, 8)]
    assert rules == [
        SzmkRule.POTS,
        SzmkRule.SLIDE,
        SzmkRule.SLIDE,
        SzmkRule.THIRDS,
        SzmkRule.THIRDS,
        SzmkRule.SWISS,
        SzmkRule.SWISS,
    ]


def test_slide_moves_seat_one_down_keeps_seat_two_moves_seat_three_up() -> None:
    previous = [(f"a{t}", f"b{t}", f"c{t}") for t in range(6)]
    players = [p for table in previous for p in table]
    tables = slide(previous, players)
    for t in range(6):
        assert tables[t] == [f"a{(t - 1) % 6}", f"b{t}", f"c{(t + 1) % 6}"]


def test_slide_keeps_tables_of_four() -> None:
    previous = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12, 13), (14, 15, 16, 17)]
    tables = slide(previous, range(1, 18))
    assert sorted(len(t) for t in tables) == [3, 3, 3, 4, 4]
    assert tables[0] == [14, 2, 6, 13], "the 4th player slides two tables down"


def test_three_sliding_rounds_never_repeat_from_five_tables() -> None:
    players = list(range(30))
    first = seat_round(players, Method.SZMK, seed=1, table_size=3)
    second = seat_round(players, Method.SZMK, seed=1, table_size=3, history=[first])
    third = seat_round(players, Method.SZMK, seed=1, table_size=3, history=[first, second])
    assert second == [tuple(t) for t in slide(first, players)], "no repair was needed"
    assert third == [tuple(t) for t in slide(second, players)]
    assert repeats([first, second, third]) == 0


def test_round_one_is_lot_within_pots_of_the_ranking() -> None:
    ranking = list(range(100, 130))
    seating = seat_round(ranking, Method.SZMK, seed=3, table_size=3, ranking=ranking)
    for table in seating:
        assert [(p - 100) // 10 for p in table] == [0, 1, 2]


def test_thirds_over_the_top_tables() -> None:
    standings = list(range(1, 16))
    assert thirds(standings, [3] * 5) == [
        [1, 6, 11],
        [2, 7, 12],
        [3, 8, 13],
        [4, 9, 14],
        [5, 10, 15],
    ]
    with_fours = thirds(list(range(1, 18)), table_sizes(17, 3))
    assert with_fours == [[1, 6, 11], [2, 7, 12], [3, 8, 13], [4, 9, 14, 16], [5, 10, 15, 17]]


def test_swiss_seats_neighbours_in_the_standings_together() -> None:
    assert swiss(list(range(1, 11)), table_sizes(10, 3)) == [[1, 2, 3], [4, 5, 6], [7, 8, 9, 10]]


def test_fit_sizes_moves_few_players() -> None:
    tables = fit_sizes([[1, 2, 3, 4], [5, 6], [7, 8, 9]], [3, 3, 3])
    assert tables == [[1, 2, 3], [5, 6, 4], [7, 8, 9]]


def test_thirds_and_swiss_need_standings() -> None:
    history = plan_rounds(range(30), 3, 3, seed=1, method=Method.SZMK)
    with pytest.raises(SeatingError) as caught:
        seat_round(range(30), Method.SZMK, seed=1, table_size=3, history=history)
    assert caught.value.code is ErrorCode.MISSING_STANDINGS


def test_thirds_round_repaired_within_the_thirds() -> None:
    """Round 5 with the same standings as round 4 would repeat every table: swaps stay
    inside each third, so seat k still holds a player of the k-th third."""
    players = list(range(45))
    standings = players
    history = plan_rounds(players, 4, 3, seed=2, method=Method.SZMK, standings=standings)
    fifth = seat_round(
        players, Method.SZMK, seed=2, table_size=3, history=history, standings=standings
    )
    assert assess_plan([fifth], history=history).repeats == 0
    for table in fifth:
        assert [p // 15 for p in table] == [0, 1, 2]


@pytest.mark.parametrize("n", [24, 30, 37, 45, 62, 100])
def test_whole_szmk_plan(n: int) -> None:
    players = list(range(n))
    plan = plan_rounds(players, 6, 3, seed=n, method=Method.SZMK, ranking=players[::-1])
    for seating in plan:
        assert_valid_round(seating, players)
        assert sorted(len(t) for t in seating) == sorted(table_sizes(n, 3))
    assert repeats(plan) == 0


def test_szmk_after_a_withdrawal() -> None:
    players = list(range(31))
    plan = plan_rounds(players, 2, 3, seed=4, method=Method.SZMK)
    field = [p for p in players if p != 9]
    third = seat_round(field, Method.SZMK, seed=4, table_size=3, history=plan)
    assert_valid_round(third, field)
    assert assess_plan([third], history=plan).repeats == 0
