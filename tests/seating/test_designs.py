"""The stored constructions: every design is a valid zero-repeat plan of its full length."""

import random

import pytest

from marias_admin.seating.generator import KNOWN_MAXIMA, plan_lower_bound, plan_rounds
from marias_admin.seating.generator.designs import DESIGNS, Frame, design_rounds
from marias_admin.seating.generator.sizing import table_sizes

from .helpers import assert_valid_round, pair_counts, repeats


@pytest.mark.parametrize("key", sorted(DESIGNS))
def test_stored_design_has_no_repeat(key: tuple[int, int]) -> None:
    design = DESIGNS[key]
    rounds = design.rounds()
    players, size = key
    assert design.players == players
    assert len(rounds) == design.max_rounds
    for seating in rounds:
        assert_valid_round(seating, range(players))
        assert sorted((len(t) for t in seating), reverse=True) == sorted(
            table_sizes(players, size), reverse=True
        )
    assert repeats(rounds) == 0


@pytest.mark.parametrize(("key", "maximum"), sorted(KNOWN_MAXIMA.items()))
def test_known_maxima_are_reached_by_a_design(key: tuple[int, int], maximum: int) -> None:
    assert DESIGNS[key].max_rounds == maximum


def test_complete_designs_use_every_pair() -> None:
    """Affine planes, Kirkman systems and the 28-point design cover every pair exactly once."""
    for key in [(9, 3), (15, 3), (21, 3), (16, 4), (28, 4)]:
        players = key[0]
        counts = pair_counts(DESIGNS[key].rounds())
        assert len(counts) == players * (players - 1) // 2


def test_frame_orbits_reject_repeating_pairs() -> None:
    frame = Frame(4, 2, 2)
    assert frame.orbit(0, 2) is None, "difference m/2 would meet twice"
    assert frame.orbit(8, 9) is None, "two fixed points would meet every round"
    assert frame.orbit(0, 1) == frame.orbit(1, 2) == frame.orbit(3, 0)


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(23, 7), (22, 7), (21, 7), (27, 9), (19, 5), (18, 5), (17, 5), (15, 5)],
)
def test_designs_with_players_taken_out(players: int, rounds: int) -> None:
    """Up to three players who never meet leave the tables of 3 that ČSM allows."""
    sizes = table_sizes(players, 4)
    plan = design_rounds(players, 4, sizes, rounds, random.Random(5))
    assert plan is not None and len(plan) == rounds
    for seating in plan:
        assert [len(t) for t in seating] == sizes
        assert_valid_round(seating, range(players))
    assert repeats(plan) == 0


def test_design_is_disguised_by_the_seed() -> None:
    sizes = table_sizes(16, 4)
    a = design_rounds(16, 4, sizes, 5, random.Random(1))
    b = design_rounds(16, 4, sizes, 5, random.Random(2))
    assert a != b
    assert a == design_rounds(16, 4, sizes, 5, random.Random(1))


@pytest.mark.parametrize(("key", "maximum"), sorted(KNOWN_MAXIMA.items()))
def test_plans_reach_known_maxima(key: tuple[int, int], maximum: int) -> None:
    players, size = key
    plan = plan_rounds(range(players), maximum, size, seed=11)
    assert len(plan) == maximum
    assert repeats(plan) == 0


@pytest.mark.parametrize(("key", "maximum"), sorted(KNOWN_MAXIMA.items()))
def test_one_round_beyond_the_maximum_must_repeat(key: tuple[int, int], maximum: int) -> None:
    players, size = key
    bound = plan_lower_bound(players, size, maximum + 1)
    assert bound >= 1
    plan = plan_rounds(range(players), maximum + 1, size, seed=11, effort=0.2)
    assert repeats(plan) >= bound
