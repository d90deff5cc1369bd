"""Benchmark: repeats found against the lower bound, and time, over a grid of fields.

Run ``python -m marias_admin.seating.generator.bench`` (``--help`` for options). For every field
size, number of rounds and table size it plans the whole tournament with the optimiser and
reports the repeated pairs, the lower bound, whether the repeats were unavoidable, the plan's
time per round, and the time to seat the last round alone after the others were played (what
the organiser waits for between rounds).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from .designs import KNOWN_MAXIMA
from .plan import plan_rounds, seat_round
from .quality import assess_plan
from .sizing import table_sizes
from .types import Method, SeatingError

DEFAULT_FIELDS = (16, 24, 37, 64, 120, 200, 320, 400)
DEFAULT_ROUNDS = (3, 6)
TABLE_SIZES = (4, 3)


@dataclass(frozen=True, slots=True)
class Row:
    players: int
    table_size: int
    rounds: int
    repeats: int
    bound: int
    unavoidable: bool
    plan_seconds_per_round: float
    last_round_seconds: float


def measure(players: int, table_size: int, rounds: int, seed: int = 1) -> Row:
    """Plan, assess and time one field; the last round is also seated alone, after the rest."""
    field = list(range(1, players + 1))
    start = time.perf_counter()
    plan = plan_rounds(field, rounds, table_size, seed)
    plan_seconds = time.perf_counter() - start
    quality = assess_plan(plan, table_size=table_size)
    start = time.perf_counter()
    seat_round(field, Method.OPTIMISE, seed, history=plan[:-1], table_size=table_size)
    last_seconds = time.perf_counter() - start
    return Row(
        players=players,
        table_size=table_size,
        rounds=rounds,
        repeats=quality.repeats,
        bound=quality.lower_bound,
        unavoidable=quality.unavoidable,
        plan_seconds_per_round=plan_seconds / rounds,
        last_round_seconds=last_seconds,
    )


def grid(
    fields: Sequence[int], rounds: Sequence[int], table_sizes_: Sequence[int]
) -> list[tuple[int, int, int]]:
    """Field × rounds × table size, plus every known maximum and one round beyond it."""
    cases: list[tuple[int, int, int]] = []
    for size in table_sizes_:
        for players in fields:
            try:
                table_sizes(players, size)
            except SeatingError:
                continue
            wanted = list(rounds)
            maximum = KNOWN_MAXIMA.get((players, size))
            if maximum is not None:
                wanted += [maximum, maximum + 1]
            cases += [(players, size, r) for r in sorted(set(wanted))]
        for (players, known_size), maximum in sorted(KNOWN_MAXIMA.items()):
            if known_size == size and players not in fields:
                cases += [(players, size, maximum), (players, size, maximum + 1)]
    return cases


HEADER = (
    f"{'players':>7} {'table':>5} {'rounds':>6} {'repeats':>7} {'bound':>5} "
    f"{'verdict':>11} {'plan s/round':>12} {'last round s':>12}"
)


def verdict(row: Row) -> str:
    """'none' without repeats, 'unavoidable' at the bound, 'above bound' otherwise."""
    if row.repeats == 0:
        return "none"
    return "unavoidable" if row.unavoidable else "above bound"


def format_row(row: Row) -> str:
    return (
        f"{row.players:>7} {row.table_size:>5} {row.rounds:>6} {row.repeats:>7} {row.bound:>5} "
        f"{verdict(row):>11} {row.plan_seconds_per_round:>12.3f} "
        f"{row.last_round_seconds:>12.3f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fields", type=int, nargs="+", default=list(DEFAULT_FIELDS))
    parser.add_argument("--rounds", type=int, nargs="+", default=list(DEFAULT_ROUNDS))
    parser.add_argument("--table-size", type=int, nargs="+", default=list(TABLE_SIZES))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    out = sys.stdout
    out.write(HEADER + "\n")
    worst = 0.0
    for players, size, rounds in grid(args.fields, args.rounds, args.table_size):
        row = measure(players, size, rounds, args.seed)
        worst = max(worst, row.plan_seconds_per_round, row.last_round_seconds)
        out.write(format_row(row) + "\n")
        out.flush()
    out.write(f"slowest round: {worst:.3f} s\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
