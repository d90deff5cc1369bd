"""Standings at scale: a generated tournament, and how long its standings and pages take.

``python -m marias_admin.standings.bench`` builds tournaments of 24, 96 and 320 players ×
4 rounds in a throw-away SQLite database (never the real one), then prints the standings
computation time and each public page's render time (the page cache cleared) and its hit
time (served from the cache), each with its query count.

:func:`build_tournament` is also the tests' fixture: everything is bulk-created, confirmed
in totals mode with zero-sum money and some PB, and with deliberate ties (pairs of players who
share a table and the same result in every round, so they end equal on the whole chain).
"""

from __future__ import annotations

import atexit
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

FIRST = ["Jiří", "Šárka", "Čeněk", "Řehoř", "Žofie", "Ľubomír", "Ťažký", "Ondřej", "Dušan",
         "Věra", "Ľudmila", "Zdeněk", "Přemysl", "Bořivoj", "Hedvika", "Kryštof"]
LAST = ["Šťastný", "Dvořák", "Novák", "Černý", "Kříž", "Procházka", "Kučera", "Veselý",
        "Horák", "Němec", "Pokorný", "Marek", "Růžička", "Bečvář", "Žák", "Ďurica"]
CLUBS = ("KM Třebíč", "Sokol Říčany", "MK Šumperk", "Mariáš Košice", "KMK Plzeň", "MK Brno")


@dataclass
class Generated:
    """What was generated, as plain data (for checks independent of the selectors)."""

    tournament: Any
    # registration id → round → (table number, seat, money in haléř, PB)
    results: dict[int, dict[int, tuple[int, int, int, Fraction]]] = field(default_factory=dict)
    tied_pairs: list[tuple[int, int]] = field(default_factory=list)
    unconfirmed: set[tuple[int, int]] = field(default_factory=set)  # (round, table) not counted


def _table_sizes(players: int) -> list[int]:
    threes = (4 - players % 4) % 4
    return [4] * ((players - 3 * threes) // 4) + [3] * threes


def build_tournament(players: int, rounds: int = 4, *, seed: int = 1, organiser: Any = None,
                     pairs: int | None = None, unconfirmed: int = 0,
                     name: str | None = None) -> Generated:
    """A running tournament with ``rounds`` played rounds of confirmed totals sheets.

    ``pairs`` pairs of players (default: one per 24 players, at least one) always sit together
    and get the same result; ``unconfirmed`` tables of the last round are left submitted.
    """
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from marias_admin.players.models import Club, Player
    from marias_admin.seating.models import Round, RoundState, Seat, Table
    from marias_admin.sheets.models import SheetMode, SheetState, TableSheet
    from marias_admin.tournaments.models import (
        Registration,
        RegistrationStatus,
        Tournament,
        TournamentState,
    )
    from marias_admin.tournaments.services import tournament_create

    if players < 9:
        raise ValueError("at least 9 players")
    rng = random.Random(seed)
    if organiser is None:
        organiser, _created = get_user_model().objects.get_or_create(username="bench-organiser")
    tournament = tournament_create(user=organiser, name=name or f"Generovaný turnaj {players}",
                                   date=timezone.localdate(), venue="Třebíč",
                                   rounds_planned=rounds)
    Tournament.objects.filter(pk=tournament.pk).update(state=TournamentState.RUNNING,
                                                       standings_locked_at=timezone.now())
    tournament.refresh_from_db()
    clubs = [Club.objects.get_or_create(name=c)[0] for c in CLUBS]
    people = Player.objects.bulk_create([
        Player(first_name=FIRST[i % len(FIRST)],
               last_name=LAST[(i // len(FIRST) + i) % len(LAST)]
               + ("" if i < len(FIRST) * len(LAST) else str(i)),
               club=clubs[i % len(clubs)] if i % 7 else None)
        for i in range(players)])
    now = timezone.now()
    entries = Registration.objects.bulk_create([
        Registration(tournament=tournament, player=p, status=RegistrationStatus.PRESENT,
                     checked_in_at=now) for p in people])
    ids = [e.pk for e in entries]
    sizes = _table_sizes(players)
    fours = sum(1 for s in sizes if s == 4)
    pair_count = min(pairs if pairs is not None else max(1, players // 24), fours * 2)
    pair_list = [(ids[2 * k], ids[2 * k + 1]) for k in range(pair_count)]
    singles = ids[2 * pair_count:]
    generated = Generated(tournament, {i: {} for i in ids}, pair_list)
    round_objs = {r.number: r for r in tournament.rounds.all()}
    for r in round_objs.values():
        r.state = RoundState.RELEASED
    Round.objects.bulk_update(list(round_objs.values()), ["state"])
    tables = Table.objects.bulk_create([Table(round=round_objs[n], number=t + 1)
                                        for n in range(1, rounds + 1)
                                        for t in range(len(sizes))])
    table_of = {(t.round_id, t.number): t for t in tables}
    seats: list[Seat] = []
    sheets: list[TableSheet] = []
    for number in range(1, rounds + 1):
        played = round_objs[number]
        units = [list(p) for p in pair_list]
        rng.shuffle(units)
        rest = list(singles)
        rng.shuffle(rest)
        order = [i for unit in units for i in unit] + rest
        start = 0
        for t, size in enumerate(sizes, start=1):
            table_players = order[start:start + size]
            start += size
            table = table_of[(played.pk, t)]
            money, premium = _table_result(rng, table_players, pair_list)
            confirmed = not (number == rounds and t > len(sizes) - unconfirmed)
            if not confirmed:
                generated.unconfirmed.add((number, t))
            for position, registration_id in enumerate(table_players, start=1):
                seats.append(Seat(round=played, table=table, position=position,
                                  registration_id=registration_id))
                if confirmed:
                    generated.results[registration_id][number] = (
                        t, position, money[position - 1], premium[position - 1])
            totals: dict[str, int | Decimal | None] = {}
            for s in range(1, 5):
                totals[f"total_money_{s}"] = money[s - 1] if s <= size else None
                totals[f"total_pb_{s}"] = (Decimal(premium[s - 1].numerator)
                                           / premium[s - 1].denominator if s <= size else None)
            sheets.append(TableSheet(
                table=table, mode=SheetMode.TOTALS,
                state=SheetState.CONFIRMED if confirmed else SheetState.SUBMITTED,
                confirmed_at=now if confirmed else None, submitted_at=now, **totals))
    Seat.objects.bulk_create(seats, batch_size=2000)
    TableSheet.objects.bulk_create(sheets, batch_size=1000)
    _refresh_planner_statistics()
    return generated


def _refresh_planner_statistics() -> None:
    """PostgreSQL plans from table statistics; after a bulk load inside one transaction they
    still say "empty" and a join of seats, tables and players degrades into nested full scans.
    Production gets this from autovacuum; a generated tournament has to ask for it."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def _table_result(rng: random.Random, table: list[int],
                  pair_list: list[tuple[int, int]]) -> tuple[list[int], list[Fraction]]:
    """Zero-sum money (multiples of 10 haléř) and some PB; paired players get equal values."""
    paired = {a: b for a, b in pair_list} | {b: a for a, b in pair_list}
    size = len(table)
    if size == 4 and table[0] in paired and paired[table[0]] == table[1]:
        first = rng.randrange(0, 300) * 10
        if table[2] in paired and paired[table[2]] == table[3]:
            money = [first, first, -first, -first]
            pb = Fraction(rng.choice((0, 0, 5, 10, 20)))
            pb2 = Fraction(rng.choice((0, 0, 5)))
            return money, [pb, pb, pb2, pb2]
        other = rng.randrange(-300, 300) * 10
        money = [first, first, other, -2 * first - other]
        pb = Fraction(rng.choice((0, 0, 10, 25)))
        return money, [pb, pb, Fraction(rng.choice((0, 10))), Fraction(0)]
    money = [rng.randrange(-300, 300) * 10 for _ in range(size - 1)]
    money.append(-sum(money))
    premium = [Fraction(rng.choice((0, 0, 0, 0, 5, 10, 15, 20, 50))) for _ in range(size)]
    if rng.random() < 0.1:
        premium[rng.randrange(size)] += Fraction(1, 2)
    return money, premium


def hand_pool() -> list[Any]:
    """Valid four-player ČSM hands like a real sheet's (``scoring.bench.SAMPLE_HANDS``) from
    every dealer to every declarer, with the card points varied: a few hundred distinct."""
    import dataclasses

    from scoring.bench import CSM, SAMPLE_HANDS
    from scoring.errors import ScoringError
    from scoring.settle import settle

    pool = []
    for hand in SAMPLE_HANDS:
        if hand.players != 4:
            continue
        variants = [hand] if hand.points is None else [
            dataclasses.replace(hand, points=dataclasses.replace(hand.points, declarer_cards=p))
            for p in range(10, 100, 10)]
        for dealer in range(1, 5):
            for step in (1, 2, 3):
                for variant in variants:
                    one = dataclasses.replace(variant, dealer=dealer,
                                              declarer=(dealer + step - 1) % 4 + 1)
                    try:
                        settle(one, CSM)
                    except ScoringError:
                        continue
                    pool.append(one)
    return pool


def add_hands(generated: Generated, per_table: int = 12, *, seed: int = 1) -> int:
    """Turn the generated tournament's sheets into hand sheets: ``per_table`` ČSM hands each
    from :func:`hand_pool`, settled by the engine and stored as the hand write stores them
    (JSON, money, PB, description), bulk-created. Returns the number of hands."""
    from marias_admin.sheets.models import HandRecord, SheetMode, TableSheet
    from marias_admin.sheets.services.hands import apply_settlement

    rng = random.Random(seed)
    ruleset = generated.tournament.ruleset()
    stored: dict[int, HandRecord] = {}  # a pool hand settled once, copied for every use
    pool = hand_pool()
    sheets = list(TableSheet.objects.filter(table__round__tournament=generated.tournament))
    records = []
    for sheet in sheets:
        for number in range(1, per_table + 1):
            index = rng.randrange(len(pool))
            if index not in stored:
                template = HandRecord(number=0)
                apply_settlement(template, pool[index], ruleset, None)
                stored[index] = template
            template = stored[index]
            record = HandRecord(sheet=sheet, number=number)
            for name in ("hand", "description", "money_1", "money_2", "money_3", "money_4",
                         "pb_1", "pb_2", "pb_3", "pb_4", "premium_described", "premium_pending",
                         "explanation", "pb_missing"):
                setattr(record, name, getattr(template, name))
            records.append(record)
    HandRecord.objects.bulk_create(records, batch_size=2000)
    TableSheet.objects.filter(pk__in=[s.pk for s in sheets]).update(
        mode=SheetMode.HANDS, **{f"total_{k}_{s}": None for k in ("money", "pb")
                                 for s in range(1, 5)})
    return len(records)


# -- the benchmark ---------------------------------------------------------------------------------


def _setup() -> None:
    workdir = tempfile.mkdtemp(prefix="marias-standings-bench-")
    atexit.register(shutil.rmtree, workdir, ignore_errors=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("MARIAS_VAR_DIR", workdir)
    os.environ["DJANGO_DEBUG"] = "1"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marias_admin.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0, interactive=False)


def _time(fn: Any, repeat: int) -> tuple[float, Any]:
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, result


def _page(client: Any, url: str, repeat: int) -> tuple[float, int, float, int, int]:
    """A public page rendered (the cache cleared before each request) and served from the
    page cache (right after): median ms and the queries of one request each, and the status.
    Only the render shows what the page costs; a hit costs the same whatever the page."""
    from django.core.cache import caches
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    cache = caches["default"]

    def render() -> Any:
        cache.clear()
        return client.get(url)

    samples = []
    response = None
    for _ in range(repeat):
        cache.clear()
        start = time.perf_counter()
        response = client.get(url)
        samples.append(time.perf_counter() - start)
    # DEBUG keeps the last 9 000 queries and a capture reads that log when asked: emptied
    # before each capture (a full log counts nothing), each count taken at once.
    reset_queries()
    with CaptureQueriesContext(connection) as rendered:
        render()
    render_queries = len(rendered)
    hit_ms, _response = _time(lambda: client.get(url), repeat)
    reset_queries()
    with CaptureQueriesContext(connection) as hit:
        client.get(url)
    return (statistics.median(samples) * 1000, render_queries, hit_ms, len(hit),
            response.status_code if response is not None else 0)


def main(argv: list[str] | None = None) -> int:
    sizes = [int(a) for a in (argv if argv is not None else sys.argv[1:])] or [24, 96, 320]
    _setup()
    from django.test import Client
    from django.urls import reverse

    from marias_admin.standings.selectors import tournament_standings

    client = Client()
    print(f"{'players':>7} {'build':>8} {'standings':>10}  page                   "
          f"{'render ms':>9} {'queries':>7} {'hit ms':>7} {'queries':>7}")
    for players in sizes:
        start = time.perf_counter()
        generated = build_tournament(players, 4, seed=players)
        build_ms = (time.perf_counter() - start) * 1000
        tournament = generated.tournament
        compute_ms, standings = _time(lambda t=tournament: tournament_standings(t), 5)
        someone = standings[len(standings) // 2].player
        pages = [
            ("standings", reverse("standings:standings", args=(tournament.pk,))),
            ("projector", reverse("standings:standings", args=(tournament.pk,))
             + "?projector=1"),
            ("round 4 results", reverse("standings:round_results", args=(tournament.pk, 4))),
            ("player page", reverse("standings:player", args=(tournament.pk, someone))),
            ("where do I sit", reverse("standings:find", args=(tournament.pk,)) + "?q=novak"),
        ]
        for i, (label, url) in enumerate(pages):
            ms, queries, hit_ms, hit_queries, status = _page(client, url, 3)
            head = (f"{players:>7} {build_ms:>6.0f}ms {compute_ms:>8.1f}ms" if i == 0
                    else " " * 28)
            flag = "" if status == 200 else f"  (HTTP {status})"
            print(f"{head}  {label:<22} {ms:>9.1f} {queries:>7} {hit_ms:>7.1f} "
                  f"{hit_queries:>7}{flag}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
