"""``manage.py seatingplan``: a whole seating plan for a field, without a tournament.

For organisers planning ahead (how many rounds can this field play without repeats?) and
for benchmarks. Touches no database.
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from marias_admin.seating.generator import (
    Method,
    SeatingError,
    assess_plan,
    plan_lower_bound,
    plan_rounds,
)


class Command(BaseCommand):
    help = "Print a seating plan for N players over R rounds (players numbered 1..N)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, required=True)
        parser.add_argument("--table-size", type=int, choices=(3, 4), default=4)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--method", choices=[m.value for m in Method],
                            default=Method.OPTIMISE.value)
        parser.add_argument("--max-odd-tables", type=int, default=None)
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        players = list(range(1, options["players"] + 1))
        start = time.perf_counter()
        try:
            plan = plan_rounds(players, options["rounds"], options["table_size"],
                               options["seed"], Method(options["method"]),
                               max_odd_tables=options["max_odd_tables"], ranking=players)
            bound = plan_lower_bound(len(players), options["table_size"], options["rounds"],
                                     options["max_odd_tables"])
        except SeatingError as exc:
            raise CommandError(exc.message) from exc
        seconds = time.perf_counter() - start
        quality = assess_plan(plan, (), options["table_size"])
        if options["json"]:
            self.stdout.write(json.dumps({
                "players": len(players), "rounds": plan, "table_size": options["table_size"],
                "seed": options["seed"], "method": options["method"],
                "repeated_pairs": quality.repeats, "lower_bound": bound,
                "same_table_number": quality.same_table_number,
                "same_seat": quality.same_seat, "seconds": round(seconds, 3),
            }))
            return
        for number, seating in enumerate(plan, start=1):
            self.stdout.write(f"Round {number}")
            for table_number, table in enumerate(seating, start=1):
                self.stdout.write(f"  table {table_number:>3}: " + " ".join(map(str, table)))
        self.stdout.write(f"repeated pairs: {quality.repeats} (lower bound {bound}); "
                          f"{seconds:.2f} s")
