"""Byes at tables of exactly four (křížový, docs/readings.md §9.13): N mod 4 players sit a
round out, the fewest byes first, so nobody has two before everyone has had one."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marias_admin.seating.generator import (
    ErrorCode,
    Method,
    SeatingError,
    bye_count,
    choose_byes,
    seat_round,
    split_field,
)


@pytest.mark.parametrize(("n", "byes"), [(4, 0), (5, 1), (7, 3), (16, 0), (18, 2), (19, 3)])
def test_bye_count(n: int, byes: int) -> None:
    assert bye_count(n) == byes


@pytest.mark.parametrize("n", [0, 1, 3])
def test_fewer_than_four_cannot_play(n: int) -> None:
    with pytest.raises(SeatingError) as error:
        choose_byes(list(range(n)), {}, seed=1, round_number=1)
    assert error.value.code is ErrorCode.TOO_FEW_PLAYERS


def _rounds(players: list[int], rounds: int, seed: int) -> list[list[int]]:
    previous: Counter[int] = Counter()
    chosen = []
    for number in range(1, rounds + 1):
        byes = choose_byes(players, previous, seed, number)
        previous.update(byes)
        chosen.append(byes)
    return chosen


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=4, max_value=41), st.integers(min_value=1, max_value=12),
       st.integers(min_value=0, max_value=10**6))
def test_byes_rotate_through_the_field(n: int, rounds: int, seed: int) -> None:
    players = list(range(100, 100 + n))
    history = _rounds(players, rounds, seed)
    counts: Counter[int] = Counter()
    for byes in history:
        assert len(byes) == n % 4 and len(set(byes)) == len(byes)
        counts.update(byes)
        # after every round the byes differ by at most one between any two players
        assert max(counts[p] for p in players) - min(counts[p] for p in players) <= 1


def test_same_seed_same_byes_whatever_the_order() -> None:
    players = list(range(1, 19))
    first = choose_byes(players, {}, seed=7, round_number=3)
    again = choose_byes(list(reversed(players)), {}, seed=7, round_number=3)
    assert first == again and len(first) == 2


def test_a_player_with_fewer_byes_goes_first() -> None:
    players = list(range(1, 19))
    previous = dict.fromkeys(players, 1)
    previous[5] = previous[11] = 0
    assert choose_byes(players, previous, seed=3, round_number=5) == [5, 11]


def test_the_rest_sits_at_tables_of_four_without_repeats() -> None:
    players = list(range(1, 19))  # 18: four tables and two byes
    history: list[list[tuple[int, ...]]] = []
    previous: Counter[int] = Counter()
    for number in range(1, 4):
        playing, byes = split_field(players, previous, seed=11, round_number=number)
        previous.update(byes)
        seating = seat_round(playing, Method.OPTIMISE, 11, history=history, table_size=4,
                             max_odd_tables=0, round_number=number)
        assert [len(t) for t in seating] == [4, 4, 4, 4]
        assert not set(byes) & {p for t in seating for p in t}
        met = {frozenset((a, b)) for r in history for t in r for a in t for b in t if a != b}
        now = {frozenset((a, b)) for t in seating for a in t for b in t if a != b}
        assert not met & now  # 16 of 18 over three rounds: no repeated opponents
        history.append(seating)
    assert sorted(previous.values()) == [1] * 6
