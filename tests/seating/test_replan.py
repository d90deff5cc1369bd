"""Re-planning after a late entry or a withdrawal: played rounds never change."""

import copy

import pytest

from marias_admin.seating.generator import (
    ErrorCode,
    Method,
    SeatingError,
    assess_plan,
    assess_round,
    plan_rounds,
    replan,
    seat_round,
    table_sizes,
)

from .helpers import assert_valid_round, repeats


def test_withdrawal_before_round_three_keeps_rounds_one_and_two() -> None:
    """The issue's walk-through: 37 players, 3 rounds, one withdraws before round 3."""
    players = [f"hráč {i}" for i in range(1, 38)]
    plan = plan_rounds(players, 3, 4, seed=42)
    assert repeats(plan) == 0
    played = plan[:2]
    frozen = copy.deepcopy(played)
    field = [p for p in players if p != "hráč 5"]
    new = replan(played, field, 3, 4, seed=42)
    assert played == frozen, "the played rounds are input only"
    assert len(new) == 1
    assert_valid_round(new[0], field)
    assert [len(t) for t in new[0]] == table_sizes(36, 4)
    assert repeats([*played, *new]) == 0


@pytest.mark.parametrize(("size", "n"), [(4, 30), (4, 57), (3, 24), (3, 40)])
def test_late_entries_and_withdrawals_replan_only_what_follows(size: int, n: int) -> None:
    players = list(range(n))
    plan = plan_rounds(players, 6, size, seed=7)
    played = copy.deepcopy(plan[:2])
    field = [p for p in players if p not in (3, 11)] + [1000, 1001, 1002]
    rest = replan(played, field, 6, size, seed=7)
    assert played == plan[:2]
    assert len(rest) == 4
    for seating in rest:
        assert_valid_round(seating, field)
    assert assess_plan(rest, history=played, table_size=size).repeats == 0


def test_replan_with_nothing_changed_is_a_plan_after_the_history() -> None:
    plan = plan_rounds(range(40), 5, 4, seed=3)
    rest = replan(plan[:2], range(40), 5, 4, seed=3)
    assert len(rest) == 3
    assert repeats([*plan[:2], *rest]) == 0


def test_too_many_rounds_played() -> None:
    plan = plan_rounds(range(12), 3, 4, seed=1)
    with pytest.raises(SeatingError) as caught:
        replan(plan, range(12), 2, 4, seed=1)
    assert caught.value.code is ErrorCode.BAD_ROUNDS


def test_round_by_round_with_lookahead_matches_the_plan() -> None:
    """Seating round 1 of 6 with the rest in view is the first round of the 6-round plan."""
    players = list(range(26))
    plan = plan_rounds(players, 6, 4, seed=5)
    first = seat_round(players, Method.OPTIMISE, seed=5, rounds_total=6)
    assert first == plan[0]


def test_round_by_round_seating_of_a_small_field() -> None:
    """Seated one round at a time, each looking ahead to the end, the field stays clean."""
    players = list(range(25))
    history: list = []
    for number in range(1, 7):
        seating = seat_round(players, Method.OPTIMISE, seed=8, history=history, rounds_total=6)
        assert assess_round(seating, history).repeats == 0, f"round {number}"
        history.append(seating)


def test_methods_per_round() -> None:
    players = list(range(40))
    methods = [Method.SNAKE, *[Method.OPTIMISE] * 4]
    plan = plan_rounds(players, 5, 4, seed=2, method=methods, ranking=players)
    assert plan[0] == [tuple(t) for t in seat_round(players, Method.SNAKE, 2, ranking=players)]
    assert repeats(plan) == 0


def test_manual_swap_shows_the_repeat() -> None:
    plan = plan_rounds(range(37), 3, 4, seed=42)
    third = [list(t) for t in plan[2]]
    # put a partner from round 1 at the same table in round 3
    a, b = plan[0][0][0], plan[0][0][1]
    ta = next(i for i, t in enumerate(third) if a in t)
    tb = next(i for i, t in enumerate(third) if b in t)
    other = next(p for p in third[ta] if p != a)
    third[ta][third[ta].index(other)] = b
    third[tb][third[tb].index(b)] = other
    report = assess_round(third, plan[:2])
    assert report.repeats >= 1
    assert any({a, b} == set(pair.players) for pair in report.repeated_pairs)
