"""Requests a tournament day repeats most, timed end to end through Django's test client.

``make bench`` runs it after the engine, seating and standings figures:

- **hand POST**: a scorekeeper's shorthand hand on a table page (parse, validate, settle,
  save, audit, the redirect), the request every table makes a dozen times a round;
- **live standings render**: the organiser's standings of a 320-player, 4-round tournament,
  the cache cleared before each request (organisers get the table from the cache of the
  tournament's current results, ``standings.cache.fragment``: a confirmed sheet renders it
  anew); and the **hit**, the same page right after, the table from that cache.

Figures are medians in milliseconds, with the queries of one request. They are printed, never
asserted: the machine is shared, so compare two trees in one run (ratios), e.g. with a
worktree of an older commit: ``cd /tmp/old && /path/to/.venv/bin/python
/path/to/scripts/bench_requests.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))

HANDS = ("7k+", "100+7c f100 60+40 s+ tr3 e+ x-", "b-", "7z+ f", "d+")


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def _queries(fn: Any) -> int:
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()  # a full DEBUG query log (9 000) would make the capture count nothing
    with CaptureQueriesContext(connection) as captured:
        fn()
    return len(captured)


def bench_hand_post(rounds: int) -> tuple[float, int]:
    """Median ms of one shorthand hand POST on a fresh table, and its queries."""
    from django.test import Client
    from django.urls import reverse

    from marias_admin.sheets.models import TableSheet
    from tests.factories import make_world

    world = make_world()
    client = Client()
    client.force_login(world["users"]["keeper"])
    url = reverse("sheets:hand_add", args=world["args"])

    def post(notation: str, dealer: int) -> Any:
        sheet = TableSheet.objects.get(table=world["table"])
        data = {"entry": "text", "text-version": sheet.version, "text-dealer": dealer,
                "text-declarer": dealer % 4 + 1, "text-notation": notation}
        response = client.post(url, data)
        if response.status_code != 302:
            raise SystemExit(f"hand POST refused ({response.status_code}): {notation}")
        return response

    samples = []
    for i in range(rounds):
        notation = HANDS[i % len(HANDS)]
        start = time.perf_counter()
        post(notation, i % 4 + 1)
        samples.append(time.perf_counter() - start)
    queries = _queries(lambda: post(HANDS[0], 1))
    return _median_ms(samples), queries


def bench_live_standings(players: int, repeat: int) -> tuple[float, int, float, int]:
    """Median ms of the organiser's standings page rendered (the cache cleared) and its
    queries, then the same of the page with its table from the cache."""
    from django.contrib.auth import get_user_model
    from django.core.cache import caches
    from django.test import Client
    from django.urls import reverse

    from marias_admin.standings.bench import build_tournament

    organiser = get_user_model().objects.create_user(username=f"bench-organiser-{players}")
    generated = build_tournament(players, 4, seed=players, organiser=organiser)
    client = Client()
    client.force_login(organiser)
    url = reverse("standings:standings", args=(generated.tournament.pk,))
    client.get(url)  # warm the imports and template loaders
    clear = caches["default"].clear

    def sample(cleared: bool) -> float:
        if cleared:
            clear()
        start = time.perf_counter()
        response = client.get(url)
        if response.status_code != 200:
            raise SystemExit(f"standings page answered {response.status_code}")
        return time.perf_counter() - start

    rendered = _median_ms([sample(True) for _ in range(repeat)])
    clear()
    render_queries = _queries(lambda: client.get(url))
    hit = _median_ms([sample(False) for _ in range(repeat)])
    return rendered, render_queries, hit, _queries(lambda: client.get(url))


def main() -> int:
    from marias_admin.standings.bench import _setup

    _setup()
    ms, queries = bench_hand_post(40)
    print(f"{'hand POST (shorthand, 40 hands)':<44} {ms:>8.1f} ms {queries:>4} queries")
    for players in (96, 320):
        ms, queries, hit, hit_queries = bench_live_standings(players, 5)
        print(f"{f'live standings render, {players} players':<44} {ms:>8.1f} ms "
              f"{queries:>4} queries")
        print(f"{f'live standings hit, {players} players':<44} {hit:>8.1f} ms "
              f"{hit_queries:>4} queries")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
