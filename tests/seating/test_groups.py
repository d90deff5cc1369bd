"""Clubmates kept apart: the group criterion of the optimiser, the lot and the seeded rounds.

Counts are recomputed here from the seatings themselves (``_clubmates``), not with the
package's own counting code.
"""

import random
import time
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marias_admin.seating.generator import (
    KeepApart,
    Method,
    assess_plan,
    assess_round,
    plan_rounds,
    seat_round,
    table_sizes,
)
from marias_admin.seating.generator.counts import Counts
from marias_admin.seating.generator.groups import clash_matrix
from marias_admin.seating.generator.optimiser import RoundSpec, Search

from .helpers import assert_valid_round, repeats

PLAYERS = list(range(40))
FIVE_CLUBS = {p: f"club-{p % 5}" for p in PLAYERS}  # 5 clubs of 8
UNEVEN = {p: ("A" if p < 14 else "B" if p < 24 else "C" if p < 32 else "D" if p < 37 else None)
          for p in PLAYERS}  # 14, 10, 8, 5 members and 3 players without a club
SEEDS = range(8)


def _clubmates(seating, clubs) -> int:
    return sum(
        1
        for table in seating
        for a, b in combinations(table, 2)
        if clubs.get(a) is not None and clubs.get(a) == clubs.get(b)
    )


def _least_clubmates(clubs, tables: int) -> int:
    """Each club spread as evenly as possible over the tables (a valid lower bound)."""
    total = 0
    for size in Counter(c for c in clubs.values() if c is not None).values():
        q, r = divmod(size, tables)
        total += r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2
    return total


def _moved(before, after) -> int:
    table_of = {p: t for t, table in enumerate(before) for p in table}
    return sum(1 for t, table in enumerate(after) for p in table if table_of[p] != t)


# -- round 1: the lot ------------------------------------------------------------------------


@pytest.mark.parametrize("clubs", [FIVE_CLUBS, UNEVEN], ids=["five-clubs", "uneven"])
def test_lot_with_separation_reaches_the_least_possible_clubmates(clubs) -> None:
    keep = KeepApart(clubs)
    least = _least_clubmates(clubs, len(table_sizes(40, 4)))
    plain_total = separated_total = 0
    for seed in SEEDS:
        lot = seat_round(PLAYERS, Method.LOT, seed)
        separated = seat_round(PLAYERS, Method.LOT, seed, keep_apart=keep)
        assert_valid_round(separated, PLAYERS)
        plain_total += _clubmates(lot, clubs)
        separated_total += _clubmates(separated, clubs)
        assert _clubmates(separated, clubs) <= least + 1
        # a repair of the lot, not a new seating: at most two players moved per pair removed
        assert _moved(lot, separated) <= 2 * (_clubmates(lot, clubs) - _clubmates(separated, clubs))
    assert separated_total <= len(SEEDS) * least + 2
    assert plain_total >= 3 * max(separated_total, len(SEEDS)), (plain_total, separated_total)


def test_five_clubs_of_eight_need_no_clubmates_at_all() -> None:
    assert _least_clubmates(FIVE_CLUBS, 10) == 0
    for seed in SEEDS:
        separated = seat_round(PLAYERS, Method.LOT, seed, keep_apart=KeepApart(FIVE_CLUBS))
        assert _clubmates(separated, FIVE_CLUBS) == 0


def test_nobody_sharing_a_club_seats_exactly_as_without_clubs() -> None:
    """Stored seeds keep reproducing their seatings when there is nothing to keep apart."""
    alone = KeepApart({p: p for p in PLAYERS})  # everybody his own club
    for method in (Method.LOT, Method.POTS, Method.OPTIMISE):
        for keep in (alone, KeepApart({}), KeepApart(FIVE_CLUBS, weight=0), None):
            assert seat_round(PLAYERS, method, 3, ranking=PLAYERS, keep_apart=keep) == (
                seat_round(PLAYERS, method, 3, ranking=PLAYERS)
            )


# -- seeded rounds keep their bands ------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "size"), [(Method.POTS, 4), (Method.SNAKE, 4), (Method.SZMK, 3), (Method.POTS, 3)]
)
def test_seeded_round_keeps_every_seed_band(method: Method, size: int) -> None:
    """Seat k of every table holds the k-th band of the ranking, clubs kept apart or not."""
    ranking = PLAYERS[::-1]
    # clubs that the seeding lines up: ranks 1-10 are five pairs of clubmates, and so on
    clubs = {p: f"club-{(p // 2) % 5}" for p in PLAYERS}
    keep = KeepApart(clubs)
    for seed in range(4):
        plain = seat_round(PLAYERS, method, seed, ranking=ranking, table_size=size)
        separated = seat_round(
            PLAYERS, method, seed, ranking=ranking, table_size=size, keep_apart=keep
        )
        assert_valid_round(separated, PLAYERS)
        for k in range(size):
            band = {table[k] for table in plain if len(table) > k}
            assert {table[k] for table in separated if len(table) > k} == band
        assert _clubmates(separated, clubs) < _clubmates(plain, clubs) or (
            _clubmates(plain, clubs) == 0
        )


def test_seeded_round_removes_clubmates_when_the_bands_allow() -> None:
    clubs = {p: f"club-{(p // 2) % 5}" for p in PLAYERS}
    separated = seat_round(
        PLAYERS, Method.POTS, 1, ranking=PLAYERS, keep_apart=KeepApart(clubs)
    )
    assert _clubmates(separated, clubs) == 0


# -- later rounds: repeats stay first ----------------------------------------------------------


def test_clubs_never_outweigh_repeats() -> None:
    """16 players at 4 tables of 4 meet everybody exactly once in 5 rounds (an affine plane).
    With four clubs of four, no repeat then forces 24 clubmate pairs over the plan: the default
    takes them; only an organiser asking for clubs before repeats trades repeats for them."""
    players = list(range(16))
    clubs = {p: p % 4 for p in players}
    plan = plan_rounds(players, 5, 4, seed=7, keep_apart=KeepApart(clubs))
    assert repeats(plan) == 0
    assert sum(_clubmates(seating, clubs) for seating in plan) == 24
    first = plan_rounds(players, 5, 4, seed=7, keep_apart=KeepApart(clubs, before_repeats=True))
    assert sum(_clubmates(seating, clubs) for seating in first) == 0
    assert repeats(first) > 0


def test_later_rounds_avoid_repeats_and_clubmates() -> None:
    keep = KeepApart(FIVE_CLUBS)
    history = [seat_round(PLAYERS, Method.LOT, 11, keep_apart=keep)]
    for _ in range(2, 6):
        seating = seat_round(
            PLAYERS, Method.OPTIMISE, 11, history=history, keep_apart=keep, rounds_total=5
        )
        assert_valid_round(seating, PLAYERS)
        history.append(seating)
    assert repeats(history) == 0
    assert [_clubmates(s, FIVE_CLUBS) for s in history] == [0] * 5


def test_unavoidable_repeats_still_at_their_bound_with_clubs() -> None:
    """8 players after one round must repeat 4 pairs; clubs do not add a fifth."""
    history = [[(0, 1, 2, 3), (4, 5, 6, 7)]]
    clubs = {0: "x", 1: "x", 4: "x", 5: "x", 2: "y", 3: "y", 6: "y", 7: "y"}
    seating = seat_round(range(8), Method.OPTIMISE, 3, history=history,
                         keep_apart=KeepApart(clubs))
    report = assess_round(seating, history, keep_apart=KeepApart(clubs))
    assert report.repeats == report.lower_bound == 4
    assert len(report.group_pairs) == report.group_lower_bound == 4


# -- the report ----------------------------------------------------------------------------


def test_report_names_clubmates_and_their_tables() -> None:
    seating = [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)]
    clubs = {1: "a", 3: "a", 4: "a", 6: "b", 8: "b", 9: "c"}
    report = assess_round(seating, keep_apart=KeepApart(clubs))
    assert sorted((p.players, p.table) for p in report.group_pairs) == [
        ((1, 3), 1), ((1, 4), 1), ((3, 4), 1), ((6, 8), 2)]
    assert report.group_lower_bound == 0
    plan = assess_plan([seating], keep_apart=KeepApart(clubs))
    assert len(plan.rounds[0].group_pairs) == 4
    assert assess_round(seating).group_pairs == ()


# -- the optimiser's bookkeeping -------------------------------------------------------------


@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize(("n", "size", "rounds"), [(13, 4, 3), (11, 3, 4), (26, 4, 2)])
def test_swap_delta_with_clubs_matches_full_recount(
    n: int, size: int, rounds: int, first: bool
) -> None:
    rng = random.Random(9)
    sizes = table_sizes(n, size)
    players = list(range(n))
    keep = [KeepApart({p: p % 3 for p in players}), KeepApart({p: p % 2 for p in players}, 2)]
    counts = Counts.empty(players, size, len(sizes))
    static = [[rng.randrange(3) for _ in sizes] for _ in range(n)]
    specs = [RoundSpec(sizes=list(sizes), static=static if r == 1 else None) for r in range(rounds)]
    search = Search(
        counts, specs, random.Random(2), clash=clash_matrix(players, keep), groups_first=first
    )
    tabu = [0] * (n * search.width)
    for _ in range(200):
        r, a = rng.randrange(rounds), rng.randrange(n)
        before = search.scalar(search.increments())
        delta, b = search._scan(r, a, search._own(r), 0, tabu, 10**60)
        assert delta is not None
        search.swap(r, a, b)
        assert search.scalar(search.increments()) - before == delta
    assert search.eff == search._effective()


# -- properties ------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=3, max_value=60).filter(lambda n: n != 5),
    size=st.sampled_from([3, 4]),
    method=st.sampled_from(list(Method)),
    clubs=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=10**6),
    history_rounds=st.integers(min_value=0, max_value=2),
    first=st.booleans(),
)
def test_every_player_seated_exactly_once_with_clubs(
    n: int, size: int, method: Method, clubs: int, seed: int, history_rounds: int, first: bool
) -> None:
    players = list(range(n))
    keep = KeepApart({p: (p * 7 + seed) % clubs for p in players if p % 6}, before_repeats=first)
    history = plan_rounds(players, history_rounds, size, seed, effort=0.05)
    seating = seat_round(
        players, method, seed, history=history, table_size=size, ranking=players,
        standings=players[::-1], keep_apart=keep, effort=0.05,
    )
    assert_valid_round(seating, players)
    assert sorted(len(t) for t in seating) == sorted(table_sizes(n, size))


# -- speed -----------------------------------------------------------------------------------

FIELD_400 = [f"reg-{i}" for i in range(400)]
CLUBS_40 = KeepApart({p: i % 40 for i, p in enumerate(FIELD_400)})  # 40 clubs of 10


@pytest.mark.parametrize("method", [Method.LOT, Method.POTS, Method.OPTIMISE])
def test_400_players_of_40_clubs_seated_within_the_speed_limit(method: Method) -> None:
    """The speed promise of test_speed.py (2 s a round) holds with clubs kept apart; CPU time,
    so that other work on the machine does not count."""
    history = plan_rounds(FIELD_400, 3, 4, seed=99, keep_apart=CLUBS_40)
    start = time.process_time()
    seating = seat_round(
        FIELD_400, method, 5, history=history, ranking=FIELD_400, keep_apart=CLUBS_40
    )
    elapsed = time.process_time() - start
    assert elapsed <= 2.0, f"{elapsed:.2f} s"
    report = assess_round(seating, history, keep_apart=CLUBS_40)
    assert report.repeats == 0 and report.group_pairs == ()
