"""400 players are seated in at most 2 seconds per round (on the 2-core project machine)."""

import subprocess
import sys
import time

import pytest

from marias_admin.seating.generator import Method, assess_round, plan_rounds, seat_round

LIMIT = 2.0
PLAYERS = [f"reg-{i}" for i in range(400)]


@pytest.fixture(scope="module", params=[4, 3])
def played(request: pytest.FixtureRequest) -> tuple[int, list]:
    size = request.param
    return size, plan_rounds(PLAYERS, 5, size, seed=99)


@pytest.mark.parametrize(
    "method", [Method.OPTIMISE, Method.LOT, Method.POTS, Method.SNAKE, Method.SZMK]
)
def test_one_round_of_400(played: tuple[int, list], method: Method) -> None:
    size, history = played
    start = time.perf_counter()
    seating = seat_round(
        PLAYERS,
        method,
        seed=5,
        history=history,
        table_size=size,
        ranking=PLAYERS,
        standings=PLAYERS[::-1],
    )
    elapsed = time.perf_counter() - start
    assert elapsed <= LIMIT, f"{elapsed:.2f} s"
    if method is not Method.LOT:
        assert assess_round(seating, history).repeats == 0


@pytest.mark.parametrize("size", [4, 3])
def test_whole_plan_of_400(size: int) -> None:
    start = time.perf_counter()
    plan_rounds(PLAYERS, 6, size, seed=3)
    assert (time.perf_counter() - start) / 6 <= LIMIT


def test_package_does_not_import_django() -> None:
    code = (
        "import sys, marias_admin.seating, marias_admin.seating.generator.bench; "
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
