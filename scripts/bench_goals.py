"""The figures of issue 27 against their goals, at a 320-player tournament of 6 rounds
(80 tables, 12 hands a table: 5 760 hands), in a throw-away SQLite database.

``make bench`` runs it last. Printed, never asserted: the machine is shared, so compare two
trees in one run (ratios), e.g. ``cd /tmp/old && /path/to/.venv/bin/python
/path/to/scripts/bench_goals.py`` right after running it here. Each figure is the median of a
few runs of CPU time of this process (the work itself, not the waiting for a busy machine;
``--wall`` times by the clock instead); renders are measured with the cache cleared before
each, hits right after a render, each with the queries of one request.

- standings, public and organiser: render ≤ 50 ms, hit (the page cache; for organisers the
  table fragment cache) far below;
- the organiser's round page ≤ 100 ms (and its control room's poll, printed);
- the public round results page (80 tables): render ≤ 50 ms;
- ``manage.py resettle`` of 54 000 hands (nine such tournaments) ≤ 2 s;
- the hands xlsx of 5 760 hands ≤ 1 s; the table sheets PDF of a round (80 tables) ≤ 1 s;
- the process's memory after the exports back within 20 MB of what it was before them.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))

CLOCK = time.perf_counter if "--wall" in sys.argv else time.process_time


def _rss_mb() -> float:
    """Resident memory of this process (Linux), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _timed(fn: Any, repeat: int, before: Any = None) -> tuple[float, Any]:
    samples, result = [], None
    for _ in range(repeat):
        if before is not None:
            before()
        start = CLOCK()
        result = fn()
        samples.append(CLOCK() - start)
    return statistics.median(samples) * 1000, result


def _queries(fn: Any) -> int:
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()  # a full DEBUG query log (9 000) would make the capture count nothing
    with CaptureQueriesContext(connection) as captured:
        fn()
    return len(captured)


def _line(label: str, ms: float, goal: float | None, queries: int | None = None,
          unit: str = "ms") -> None:
    value = f"{ms:>9.1f} {unit}" if unit == "ms" else f"{ms:>9.2f} {unit}"
    q = f"{queries:>4} queries" if queries is not None else " " * 12
    verdict = "" if goal is None else ("  ok" if ms <= goal else "  OVER")
    target = f"goal ≤ {goal:g} {unit}" if goal is not None else ""
    print(f"{label:<46} {value} {q}  {target}{verdict}")


def _get(client: Any, url: str) -> Any:
    response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    return response


def pages(generated: Any, organiser: Any) -> None:
    from django.core.cache import caches
    from django.test import Client
    from django.urls import reverse

    tournament = generated.tournament
    anonymous, logged_in = Client(), Client()
    logged_in.force_login(organiser)
    clear = caches["default"].clear
    standings = reverse("standings:standings", args=(tournament.pk,))
    round_page = reverse("seating:round", args=(tournament.pk, 6))
    for client in (anonymous, logged_in):  # imports, template loaders
        _get(client, standings)
    _get(logged_in, round_page)
    from marias_admin.core.warmup import freeze_boot_objects

    freeze_boot_objects()  # as gunicorn_conf.when_ready does before the workers fork
    for who, client in (("public", anonymous), ("organiser", logged_in)):
        ms, _r = _timed(lambda c=client: _get(c, standings), 9, clear)
        clear()
        _line(f"standings render, {who} (cache cleared)", ms, 50,
              _queries(lambda c=client: _get(c, standings)))
        ms, _r = _timed(lambda c=client: _get(c, standings), 5)
        _line(f"standings hit, {who}", ms, None, _queries(lambda c=client: _get(c, standings)))
    ms, _r = _timed(lambda: _get(logged_in, round_page), 5, clear)
    clear()
    _line("organiser's round page render", ms, 100, _queries(lambda: _get(logged_in, round_page)))
    # the control room's rows, polled by htmx every few seconds while the round is played
    room = reverse("seating:round_tables_status", args=(tournament.pk, 6))
    _get(logged_in, room)
    ms, _r = _timed(lambda: _get(logged_in, room), 5)
    _line("control room poll (80 tables)", ms, None, _queries(lambda: _get(logged_in, room)))
    results = reverse("standings:round_results", args=(tournament.pk, 6))
    _get(anonymous, results)
    ms, _r = _timed(lambda: _get(anonymous, results), 5, clear)
    clear()
    _line("round results render, public (cache cleared)", ms, 50,
          _queries(lambda: _get(anonymous, results)))


def exports(generated: Any, organiser: Any, hands: int) -> None:
    from django.test import Client
    from django.urls import reverse

    client = Client()
    client.force_login(organiser)
    tournament = generated.tournament
    xlsx = reverse("exports:hands_xlsx", args=(tournament.pk,))
    pdf = reverse("printouts:sheets", args=(tournament.pk, 6))
    gc.collect()
    before = _rss_mb()
    ms, _r = _timed(lambda: _get(client, xlsx), 3)
    _line(f"hands xlsx ({hands} hands)", ms, 1000)
    ms, _r = _timed(lambda: _get(client, pdf), 3)
    _line(f"table sheets PDF ({tournament.rounds.get(number=6).tables.count()} tables)", ms,
          1000)
    gc.collect()
    _line("memory after the exports, over before", _rss_mb() - before, 20, unit="MB")


def resettle_season(first: Any, organiser: Any, per_table: int) -> None:
    from marias_admin.sheets.resettle import resettle
    from marias_admin.standings.bench import add_hands, build_tournament
    from marias_admin.tournaments.models import Tournament

    ids = [first.tournament.pk]
    for k in range(8):
        more = build_tournament(320, 6, seed=1000 + k, organiser=organiser,
                                name=f"Sezóna {k + 2}")
        add_hands(more, per_table, seed=k)
        ids.append(more.tournament.pk)
    scope = Tournament.objects.filter(pk__in=ids)
    seconds, report = _timed(lambda: resettle(scope), 3)
    _line(f"resettle {report.hands} hands ({report.settled} distinct), "
          f"{len(report.differences)} differ", seconds / 1000, 2, unit="s")


def main() -> int:
    from marias_admin.standings.bench import _setup

    _setup()
    from django.contrib.auth import get_user_model

    from marias_admin.standings.bench import add_hands, build_tournament

    organiser = get_user_model().objects.create_user(username="bench-goals")
    generated = build_tournament(320, 6, seed=320, organiser=organiser)
    hands = add_hands(generated, 12)
    clock = "wall clock" if CLOCK is time.perf_counter else "CPU time"
    print(f"320 players × 6 rounds, {hands} hands; medians of {clock}")
    pages(generated, organiser)
    exports(generated, organiser, hands)
    resettle_season(generated, organiser, 12)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
