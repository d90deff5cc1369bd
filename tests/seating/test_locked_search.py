"""The optimiser seats the others around locked seats (issue 24): a locked player is placed
first and never moved by a swap, a shake, the table renumbering or the reseating, and the
plan around him is searched, not patched afterwards. Pure: no database."""

from __future__ import annotations

import hashlib
import json

import pytest

from marias_admin.seating.generator import KeepApart, Method, assess_round, plan_rounds, seat_round
from marias_admin.seating.generator.editing import Lock, LockError, apply_locks

# md5 of plans seated before locks reached the optimiser: without locks nothing changes.
PLANS_BEFORE = {
    "16x4": "60aa065ec7ce136a2061276add3b0ba1",
    "13x3": "38e2c4d2fe367a8bb85bc0d6ce5013fd",
    "28club": "cf9d25d230818c9f4d13d72c908822ec",
    "9szmk": "5059ff37523c6306f058068a5ff3ce50",
    "16r3": "3d432d7380af9de4df104f3febf1d7a7",
    "11x5": "b070eb93afabe048d1ca232dff02746f",
}


def _plans() -> dict[str, object]:
    out: dict[str, object] = {}
    out["16x4"] = plan_rounds(list(range(1, 17)), 4, 4, seed=1)
    out["13x3"] = plan_rounds(list(range(1, 14)), 3, 4, seed=2, max_odd_tables=3)
    clubs = {p: p % 5 for p in range(1, 29)}
    out["28club"] = plan_rounds(list(range(1, 29)), 3, 4, seed=3,
                                keep_apart=[KeepApart(clubs)])
    out["9szmk"] = plan_rounds(list(range(1, 10)), 3, 3, seed=4, max_odd_tables=1)
    history = plan_rounds(list(range(1, 17)), 4, 4, seed=1)[:2]
    out["16r3"] = [seat_round(list(range(1, 17)), Method.OPTIMISE, 5, history=history,
                              rounds_total=4)]
    out["11x5"] = plan_rounds(list(range(1, 12)), 5, 4, seed=8, max_odd_tables=1,
                              effort=0.3)
    return out


def test_plans_without_locks_are_byte_identical() -> None:
    digests = {name: hashlib.md5(json.dumps(plan).encode()).hexdigest()
               for name, plan in _plans().items()}
    assert digests == PLANS_BEFORE


def _met(history: list) -> object:
    met: dict[frozenset[int], int] = {}
    for seating in history:
        for table in seating:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    return lambda a, b: met.get(frozenset((a, b)), 0)


def _locks(n: int) -> dict[int, Lock]:
    """The top table's three seats, a seat at table 2 (when it has four) and a table lock."""
    return {1: Lock(1, 1), 2: Lock(1, 2), 3: Lock(1, 3),
            n: Lock(2, 4 if n % 4 == 0 else None), n - 1: Lock(3)}


@pytest.mark.parametrize(("n", "played", "total", "seed"),
                         [(16, 2, 5, 1), (13, 2, 4, 3), (40, 4, 6, 4), (12, 3, 5, 5)])
def test_locked_seats_stay_and_the_search_beats_the_patch(n, played, total, seed) -> None:
    players = list(range(1, n + 1))
    history = plan_rounds(players, played, 4, seed=seed, max_odd_tables=3)
    locks = _locks(n)
    options = {"history": history, "rounds_total": total, "max_odd_tables": 3}
    locked = seat_round(players, Method.OPTIMISE, seed, locks=locks, **options)
    for player, lock in locks.items():
        table = next(t for t, members in enumerate(locked, start=1) if player in members)
        assert table == lock.table
        if lock.seat is not None:
            assert locked[table - 1][lock.seat - 1] == player
    assert sorted(p for table in locked for p in table) == players
    assert sorted(map(len, locked)) == sorted(
        map(len, seat_round(players, Method.OPTIMISE, seed, **options)))
    # the old way: optimise freely, then move the locked players in
    patched = apply_locks(seat_round(players, Method.OPTIMISE, seed, **options), locks,
                          _met(history))
    assert (assess_round(locked, history, 4).repeats
            <= assess_round(patched, history, 4).repeats)


def test_the_search_avoids_what_the_patch_repeats() -> None:
    """40 players after four rounds: the patch brings back pairs the search keeps apart."""
    players = list(range(1, 41))
    history = plan_rounds(players, 4, 4, seed=4, max_odd_tables=3)
    options = {"history": history, "rounds_total": 6, "max_odd_tables": 3}
    locked = seat_round(players, Method.OPTIMISE, 4, locks=_locks(40), **options)
    patched = apply_locks(seat_round(players, Method.OPTIMISE, 4, **options), _locks(40),
                          _met(history))
    assert (assess_round(locked, history, 4).repeats
            < assess_round(patched, history, 4).repeats)


def test_contradicting_locks_name_the_callers_ids() -> None:
    players = [f"p{i:02d}" for i in range(12)]
    with pytest.raises(LockError) as raised:
        seat_round(players, Method.OPTIMISE, 1, locks={"p03": Lock(1, 2), "p07": Lock(1, 2)})
    assert raised.value.code == "seat_twice"
    assert {raised.value.params["player"], raised.value.params["other"]} == {"p03", "p07"}
    with pytest.raises(LockError, match="table_missing"):
        seat_round(players, Method.OPTIMISE, 1, locks={"p05": Lock(4)})
