"""The repeat-avoiding optimiser: exact bookkeeping, priorities, reproducibility."""

import hashlib
import json
import random
from itertools import permutations

import pytest

from marias_admin.seating.generator import (
    Method,
    assess_plan,
    assess_round,
    plan_rounds,
    seat_round,
    table_sizes,
)
from marias_admin.seating.generator.counts import Counts
from marias_admin.seating.generator.optimiser import RoundSpec, Search

from .helpers import assert_valid_round, repeats


@pytest.mark.parametrize(("n", "size", "rounds"), [(13, 4, 4), (11, 3, 5), (26, 4, 3)])
def test_swap_delta_matches_full_recount(n: int, size: int, rounds: int) -> None:
    """The incremental cost of every swap equals the cost recounted from scratch."""
    rng = random.Random(5)
    sizes = table_sizes(n, size)
    counts = Counts.empty(list(range(n)), size, len(sizes))
    static = [[rng.randrange(3) for _ in sizes] for _ in range(n)]
    specs = [RoundSpec(sizes=list(sizes), static=static if r == 1 else None) for r in range(rounds)]
    search = Search(counts, specs, random.Random(1))
    tabu = [0] * (n * search.width)
    for _ in range(200):
        r, a = rng.randrange(rounds), rng.randrange(n)
        before = search.scalar(search.increments())
        delta, b = search._scan(r, a, search._own(r), 0, tabu, 10**40)
        assert delta is not None
        search.swap(r, a, b)
        assert search.scalar(search.increments()) - before == delta


def test_repeats_outrank_table_numbers() -> None:
    """8 players after one round: mixing costs 4 repeats, fewer would need the same tables."""
    history = [[(0, 1, 2, 3), (4, 5, 6, 7)]]
    seating = seat_round(range(8), Method.OPTIMISE, seed=3, history=history)
    report = assess_round(seating, history)
    assert report.repeats == report.lower_bound == 4
    assert report.unavoidable
    assert report.same_table_number == 4, "then as few as possible keep their table number"


def test_no_repeat_no_same_table_number_when_the_field_allows() -> None:
    players = list(range(40))
    plan = plan_rounds(players, 4, 4, seed=2)
    quality = assess_plan(plan, table_size=4)
    assert quality.repeats == 0
    assert quality.same_table_number == 0


def test_small_tables_are_shared_out() -> None:
    """37 players: 9 seats at tables of 3 per round, so 4 rounds need nobody there twice."""
    plan = plan_rounds(range(37), 4, 4, seed=4)
    at_small = [p for seating in plan for table in seating if len(table) == 3 for p in table]
    assert len(at_small) == 36
    assert len(set(at_small)) == 36
    assert assess_plan(plan).odd_table_repeats == 0


@pytest.mark.parametrize(("n", "size"), [(48, 4), (30, 3)])
def test_no_table_could_repeat_seats_less_by_reordering(n: int, size: int) -> None:
    """Seats come last: each table's order is the best given every other round's seats."""
    plan = plan_rounds(range(n), 4, size, seed=4)
    seats: dict[tuple[int, int], int] = {}
    for seating in plan:
        for table in seating:
            for position, p in enumerate(table):
                seats[p, position] = seats.get((p, position), 0) + 1

    def cost(table: tuple[int, ...], order: tuple[int, ...]) -> int:
        return sum(seats.get((p, i), 0) - (table[i] == p) for i, p in enumerate(order))

    for seating in plan:
        for table in seating:
            assert cost(table, table) == min(cost(table, o) for o in permutations(table))
    q, r = divmod(4, size)  # 4 rounds over `size` seats: some seats twice when size is 3
    least = n * (r * (q + 1) * q // 2 + (size - r) * q * (q - 1) // 2)
    assert assess_plan(plan).same_seat <= least + n // 4


def test_same_seed_same_seating_whatever_the_player_order() -> None:
    players = [f"player-{i}" for i in range(30)]
    shuffled = players[:]
    random.Random(9).shuffle(shuffled)
    a = plan_rounds(players, 5, 4, seed=17)
    assert a == plan_rounds(shuffled, 5, 4, seed=17)
    assert a != plan_rounds(players, 5, 4, seed=18)


def _fingerprint(plan: list) -> str:
    return hashlib.sha256(json.dumps(plan, sort_keys=True).encode()).hexdigest()[:16]


def test_fixed_seed_gives_fixed_output() -> None:
    """Seatings are reproduced from stored seeds: a change here breaks stored tournaments.

    Update the fingerprints only on purpose, together with a note that seeds stored before the
    change no longer reproduce their seatings.
    """
    plan = plan_rounds(range(1, 22), 3, 4, seed=2024)
    assert repeats(plan) == 0
    for seating in plan:
        assert_valid_round(seating, range(1, 22))
    assert _fingerprint(plan) == GOLDEN_21_PLAYERS


GOLDEN_21_PLAYERS = "0386b41257ee6cf4"


def test_optimised_round_after_late_entry_and_withdrawal() -> None:
    history = plan_rounds(range(30), 2, 4, seed=1)
    players = [p for p in range(30) if p != 7] + [100, 101]
    seating = seat_round(players, Method.OPTIMISE, seed=1, history=history)
    assert_valid_round(seating, players)
    assert assess_round(seating, history).repeats == 0
