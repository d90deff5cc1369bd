"""Lot, pots and snake: the rule each method promises, independent of the optimiser."""

import random

from marias_admin.seating.generator import (
    Method,
    complete_ranking,
    seat_lot,
    seat_pots,
    seat_round,
    seat_snake,
    table_sizes,
)

from .helpers import assert_valid_round, repeats


def test_lot_cuts_a_shuffle_into_tables() -> None:
    players = list(range(37))
    sizes = table_sizes(37, 4)
    tables = seat_lot(players, sizes, random.Random(3))
    assert [len(t) for t in tables] == sizes
    assert_valid_round(tables, players)
    assert tables != seat_lot(players, sizes, random.Random(4))


def test_pots_put_one_player_of_each_pot_at_every_table() -> None:
    ranking = [f"p{i:02d}" for i in range(37)]
    sizes = table_sizes(37, 4)  # 7 tables of 4, 3 tables of 3
    tables = seat_pots(ranking, sizes, random.Random(1))
    assert [len(t) for t in tables] == sizes
    rank = {p: i for i, p in enumerate(ranking)}
    for table in tables:
        # seat k holds a player of pot k: pots of 10, 10, 10 and the 7 weakest for seat 4
        assert [rank[p] // 10 for p in table[:3]] == [0, 1, 2]
        if len(table) == 4:
            assert rank[table[3]] >= 30


def test_pots_are_drawn_by_lot_within_the_pot() -> None:
    ranking = list(range(40))
    a = seat_pots(ranking, table_sizes(40, 4), random.Random(1))
    b = seat_pots(ranking, table_sizes(40, 4), random.Random(2))
    assert a != b
    assert sorted(t[0] for t in a) == sorted(t[0] for t in b) == list(range(10))


def test_snake_runs_serpentine() -> None:
    ranking = list(range(1, 13))
    tables = seat_snake(ranking, [3, 3, 3, 3])
    assert tables == [[1, 8, 9], [2, 7, 10], [3, 6, 11], [4, 5, 12]]


def test_snake_with_tables_of_three_at_the_end() -> None:
    ranking = list(range(1, 15))  # 14 players: two tables of 4, two of 3
    tables = seat_snake(ranking, table_sizes(14, 4))
    assert tables == [[1, 8, 9, 14], [2, 7, 10, 13], [3, 6, 11], [4, 5, 12]]


def test_unranked_players_come_last_by_lot() -> None:
    order = complete_ranking(["a", "b", "c", "d", "e"], ["c", "x", "a"], random.Random(0))
    assert order[:2] == ["c", "a"]
    assert sorted(order[2:]) == ["b", "d", "e"]


def test_seeded_round_after_history_avoids_repeats_within_pots() -> None:
    players = list(range(40))
    first = seat_round(players, Method.SNAKE, seed=1, ranking=players)
    second = seat_round(players, Method.POTS, seed=1, ranking=players, history=[first])
    assert repeats([first, second]) == 0
    for table in second:
        assert [p // 10 for p in table] == [0, 1, 2, 3]
