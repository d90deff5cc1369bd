"""The director's edits decided without the database: where a late entry goes (by family),
and locks honoured by any seating (hypothesis: locked players stay where locked, everyone is
seated exactly once, table sizes unchanged)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marias_admin.seating.generator import table_sizes
from marias_admin.seating.generator.editing import (
    Lock,
    LockError,
    PlacementKind,
    TableState,
    apply_locks,
    place_late_entry,
)


def _tables(*sizes: int, results: tuple[int, ...] = ()) -> list[TableState]:
    return [TableState(n, s, n in results) for n, s in enumerate(sizes, start=1)]


CSM = {"preferred": 4, "max_odd_tables": 3}
SZMK = {"preferred": 3, "max_odd_tables": 2}


def test_csm_fills_a_table_of_three_to_four() -> None:
    placement = place_late_entry(_tables(4, 4, 3, 3), 0, **CSM)
    assert (placement.kind, placement.table, placement.seat) == (PlacementKind.FILL, 3, 4)


def test_csm_never_fills_a_table_with_results() -> None:
    placement = place_late_entry(_tables(4, 3, 3, results=(2,)), 0, **CSM)
    assert (placement.kind, placement.table) == (PlacementKind.FILL, 3)
    placement = place_late_entry(_tables(4, 3, results=(2,)), 0, **CSM)
    assert placement.kind == PlacementKind.BYE


def test_csm_new_table_of_three_from_two_waiting_while_odd_tables_allowed() -> None:
    placement = place_late_entry(_tables(4, 4), 2, **CSM)
    assert (placement.kind, placement.table, placement.waiting) == (
        PlacementKind.NEW_TABLE, 3, (0, 1))
    # three tables of 3 already: the limit is reached, he waits until four are waiting
    assert place_late_entry(_tables(4, 3, 3, 3, results=(2, 3, 4)), 2,
                            **CSM).kind == PlacementKind.BYE
    placement = place_late_entry(_tables(4, 3, 3, 3, results=(2, 3, 4)), 3, **CSM)
    assert (placement.kind, placement.waiting) == (PlacementKind.NEW_TABLE, (0, 1, 2))


def test_szmk_bye_then_new_table_of_three() -> None:
    no_odd = {"preferred": 3, "max_odd_tables": 0}
    assert place_late_entry(_tables(3, 3), 0, **no_odd).kind == PlacementKind.BYE
    assert place_late_entry(_tables(3, 3), 1, **no_odd).kind == PlacementKind.BYE
    placement = place_late_entry(_tables(3, 3), 2, **no_odd)
    assert (placement.kind, placement.table) == (PlacementKind.NEW_TABLE, 3)
    # with tables of 4 allowed, a table of 3 grows to 4 (one sits out per hand)
    placement = place_late_entry(_tables(3, 3), 0, **SZMK)
    assert (placement.kind, placement.table, placement.seat) == (PlacementKind.FILL, 1, 4)
    assert place_late_entry(_tables(4, 4, 3), 0, **SZMK).kind == PlacementKind.BYE


def test_krizovy_waits_for_four() -> None:
    for waiting in range(3):
        assert place_late_entry(_tables(4, 4), waiting, preferred=4, max_odd_tables=0,
                                full_tables_only=True).kind == PlacementKind.BYE
    placement = place_late_entry(_tables(4, 4), 3, preferred=4, max_odd_tables=3,
                                 full_tables_only=True)
    assert (placement.kind, placement.table, placement.waiting) == (
        PlacementKind.NEW_TABLE, 3, (0, 1, 2))


def test_locks_renumber_and_reseat() -> None:
    seating = [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)]
    result = apply_locks(seating, {6: Lock(1, 2), 11: Lock(3, 1)})
    assert result[0][1] == 6 and set(result[0]) == {5, 6, 7, 8}  # his table became no. 1
    assert result[2][0] == 11


def test_locked_player_moved_to_the_least_met_free_player() -> None:
    seating = [(1, 2, 3, 4), (5, 6, 7, 8)]
    met = {frozenset((1, 6)): 2, frozenset((7, 3)): 1}
    result = apply_locks(seating, {1: Lock(2), 2: Lock(1), 5: Lock(2)},
                         met=lambda a, b: met.get(frozenset((a, b)), 0))
    assert 1 in result[1] and 5 in result[1] and 2 in result[0]
    assert 6 in result[0]  # 6 made room: 1 had met him before (7 had met 3)


def test_contradicting_locks_are_refused() -> None:
    with pytest.raises(LockError) as error:
        apply_locks([(1, 2, 3), (4, 5, 6)], {1: Lock(1, 1), 4: Lock(1, 1)})
    assert error.value.code == "seat_twice"
    with pytest.raises(LockError) as error:
        apply_locks([(1, 2, 3), (4, 5, 6)], {1: Lock(3)})
    assert error.value.code == "table_missing"
    with pytest.raises(LockError) as error:
        apply_locks([(1, 2, 3), (4, 5, 6)], {1: Lock(2, 4)})
    assert error.value.code == "table_too_small"


@st.composite
def _seating_and_locks(draw: st.DrawFn) -> tuple[list[tuple[int, ...]], dict[int, Lock]]:
    n = draw(st.integers(min_value=6, max_value=40).filter(lambda n: n != 5))
    size = draw(st.sampled_from([3, 4]))
    sizes = table_sizes(n, size, max_small_tables=n)
    players = draw(st.permutations(list(range(n))))
    seating, start = [], 0
    for s in sizes:
        seating.append(tuple(players[start:start + s]))
        start += s
    # locks that can hold: a distinct (table, seat) per locked player, some without a seat
    places = [(t + 1, s + 1) for t, k in enumerate(sizes) for s in range(k)]
    chosen = draw(st.lists(st.sampled_from(places), unique=True, max_size=min(12, n)))
    who = draw(st.permutations(list(range(n))))
    locks = {}
    for player, (table, seat) in zip(who, chosen, strict=False):
        locks[player] = Lock(table, seat if draw(st.booleans()) else None)
    return seating, locks


@settings(max_examples=80, deadline=None)
@given(_seating_and_locks())
def test_locked_players_stay_where_locked(case: tuple[list[tuple[int, ...]], dict[int, Lock]]
                                          ) -> None:
    seating, locks = case
    result = apply_locks(seating, locks)
    assert sorted(p for t in result for p in t) == sorted(p for t in seating for p in t)
    assert sorted(map(len, result)) == sorted(map(len, seating))
    for player, lock in locks.items():
        table = result[lock.table - 1]
        assert player in table
        if lock.seat is not None:
            assert table[lock.seat - 1] == player


@settings(max_examples=120, deadline=None)
@given(preferred=st.sampled_from([3, 4]), most_odd=st.integers(0, 3),
       full=st.booleans(), data=st.data())
def test_late_entries_keep_every_table_at_an_allowed_size(preferred: int, most_odd: int,
                                                         full: bool, data: st.DataObject
                                                         ) -> None:
    """Seat late entrants one by one: every table stays at a size the family allows, the odd
    tables within the limit, tables with results untouched, and nobody is lost."""
    if full:
        preferred, most_odd = 4, 0
    odd = 7 - preferred
    sizes = data.draw(st.lists(st.sampled_from([preferred] + ([odd] if most_odd else [])),
                               min_size=1, max_size=8))
    if sum(1 for s in sizes if s == odd and most_odd) > most_odd:
        sizes = [preferred] * len(sizes)
    results = set(data.draw(st.lists(st.integers(1, len(sizes)), max_size=3)))
    tables = {n: s for n, s in enumerate(sizes, start=1)}
    waiting, arrivals = 0, data.draw(st.integers(1, 12))
    for _ in range(arrivals):
        placement = place_late_entry(
            [TableState(n, s, n in results) for n, s in tables.items()], waiting,
            preferred=preferred, max_odd_tables=most_odd, full_tables_only=full)
        if placement.kind == PlacementKind.FILL:
            assert placement.table not in results and placement.seat == tables[placement.table] + 1
            tables[placement.table] += 1
        elif placement.kind == PlacementKind.NEW_TABLE:
            assert placement.table not in tables and len(placement.waiting) <= waiting
            tables[placement.table] = len(placement.waiting) + 1
            waiting -= len(placement.waiting)
        else:
            waiting += 1
        allowed = {preferred} | ({odd} if most_odd and not full else set())
        assert all(s in allowed for s in tables.values())
        if not full:
            assert sum(1 for s in tables.values() if s == odd) <= max(
                most_odd, sum(1 for s in sizes if s == odd))
    assert sum(tables.values()) + waiting == sum(sizes) + arrivals
