"""A tournament day's load on this machine: ``make loadtest``.

Starts the real server (gunicorn as ``make run`` does, marias_admin/gunicorn_conf.py, DEBUG off) on
a free port of 127.0.0.1 over a fresh temporary database (SQLite; PostgreSQL when
``DATABASE_URL`` is set, e.g. ``bash scripts/with-postgres.sh make loadtest``: a new database
beside that one, dropped at the end), builds a
tournament of 320 players = 80 tables of 4 with 80 scorekeeper logins through the services,
measures every request type a few times unloaded, then runs the day at once:

- 80 tables enter 12 hands each through the real table page (GET for the CSRF token and the
  sheet's version, POST of the shorthand), submit, and another seated player confirms;
- 300 spectators poll the public standings or the projector every 10 s;
- 2 organisers keep the control room open: its table grid polled every 7 s as the round
  page's htmx does, the whole page reloaded every sixth time.

The client is one asyncio loop (one connection per request): it shares the server's cores.
Every loop is bounded in count and in time (the whole load stops after ``--seconds``), and
traffic goes to loopback only. At the end it prints the errors, the integrity of what was
stored (read from the database: every accepted hand stored once, every sheet zero-sum, sheets
confirmed) and p50/p95 per request type, unloaded against loaded. It asserts nothing: the
figures are for the organiser and the developers to read. Logins of the 160 table accounts
are made as sessions in the database (a password hash costs ~0.5 s of CPU and would measure
the hasher); the organisers log in through the login page.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

from loadtest_report import integrity, percentile, server_times  # scripts/ is on the path

ROOT = Path(__file__).resolve().parent.parent
TABLES = 80
HANDS = 12
SPECTATORS = 300
ORGANISERS = 2
PASSWORD = "loadtest-organiser-pw-1"
STATUS_POLL = 7.0  # seconds, as the round page's htmx poll
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Recorder:
    """Latencies per request type, and the errors, from many threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.timeline: list[tuple[float, float]] = []  # (when it ended, seconds)
        self.errors: list[str] = []
        self.started = time.monotonic()
        self.wall_started = time.time()

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            self.timeline.append((time.monotonic(), seconds))

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


async def _answer(reader: asyncio.StreamReader) -> bytes:
    """The response as a browser takes it: the head, then ``Content-Length`` bytes of body
    (the page is complete then, whatever the server does before it closes the connection,
    e.g. render a stale cached page for the next visitors), else everything up to the close
    (chunked)."""
    head = await reader.readuntil(b"\r\n\r\n")
    for line in head.decode("latin-1").split("\r\n")[1:]:
        name, _colon, value = line.partition(":")
        if name.strip().lower() == "content-length":
            return head + await reader.readexactly(int(value.strip()))
    return head + await reader.read(-1)


class Browser:
    """One visitor over asyncio: its own cookies, no redirects followed (a 302 is the expected
    answer to a successful POST), one connection per request (``Connection: close``).

    A lean client on purpose: the load runs on the server's own two cores, and a client of
    hundreds of threads parsing headers with ``urllib`` would spend CPU and GIL time that shows
    up as the server's latency. A request's time runs from opening the connection to the last
    byte of the answer."""

    def __init__(self, base: str, recorder: Recorder) -> None:
        parts = urllib.parse.urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.recorder = recorder
        self.cookies: dict[str, str] = {}

    def set_cookie(self, name: str, value: str) -> None:
        self.cookies[name] = value

    async def request(self, kind: str, path: str, data: dict | None = None,
                      expect: tuple[int, ...] = (200,),
                      headers: dict[str, str] | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else b""
        lines = [f"{'POST' if data is not None else 'GET'} {path} HTTP/1.1",
                 f"Host: {self.host}:{self.port}", "Connection: close",
                 "Accept-Encoding: identity"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if data is not None:
            lines += ["Content-Type: application/x-www-form-urlencoded",
                      f"Content-Length: {len(body)}",
                      f"Referer: http://{self.host}:{self.port}{path}"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        start = time.perf_counter()
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), 60)
            writer.write(raw)
            answer = await asyncio.wait_for(_answer(reader), 60)
            writer.close()
        except (TimeoutError, OSError, asyncio.IncompleteReadError) as error:
            self.recorder.error(f"{kind} {path}: {error!r}")
            return 0, ""
        self.recorder.add(kind, time.perf_counter() - start)
        head, _sep, content = answer.partition(b"\r\n\r\n")
        head_lines = head.decode("latin-1").split("\r\n")
        try:
            status = int(head_lines[0].split()[1])
        except (IndexError, ValueError):
            self.recorder.error(f"{kind} {path}: no HTTP answer")
            return 0, ""
        chunked = False
        for line in head_lines[1:]:
            name, _colon, value = line.partition(":")
            if name.strip().lower() == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
            if name.strip().lower() == "set-cookie":
                cookie = value.strip().split(";", 1)[0]
                key, _eq, val = cookie.partition("=")
                self.cookies[key.strip()] = val.strip()
        if chunked:
            content = _unchunk(content)
        if status not in expect:
            self.recorder.error(f"{kind} {path}: HTTP {status}")
        return status, content.decode("utf-8", "replace")


def _unchunk(content: bytes) -> bytes:
    parts, rest = [], content
    while rest:
        size_line, _sep, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        parts.append(rest[:size])
        rest = rest[size + 2:]
    return b"".join(parts)


# -- the server and its data --------------------------------------------------------------------


def fresh_postgres(url: str) -> tuple[str, str]:
    """A new empty database beside the one ``url`` names (its role may create databases):
    the load never touches the organiser's data. Returns its URL and its name."""
    import psycopg

    parts = urllib.parse.urlsplit(url)
    name = f"marias_loadtest_{os.getpid()}_{random.randrange(10**6)}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return urllib.parse.urlunsplit(parts._replace(path="/" + name)), name


def drop_postgres(url: str, name: str) -> None:
    import psycopg

    try:
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except psycopg.Error as error:
        print(f"could not drop the temporary database {name}: {error}")


def setup_django(workdir: Path) -> None:
    os.environ["MARIAS_VAR_DIR"] = str(workdir)
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{workdir / 'loadtest.sqlite3'}")
    os.environ.pop("DJANGO_CACHE_URL", None)  # the default, as `make run` serves
    os.environ.pop("DJANGO_DEBUG", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "marias_admin.settings"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)


def build(prefix: str = "", tables: int = TABLES) -> dict:
    """The tournament, seated, with a scorekeeper and a confirming player per table; every
    login name starts with ``prefix`` (several tournaments in one database)."""
    from datetime import date

    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from marias_admin.players.models import Club, Player
    from marias_admin.seating.models import Seat, Table
    from marias_admin.seating.services import round_seat
    from marias_admin.sheets.services import sheet_assign_scorekeeper, sheet_for
    from marias_admin.tournaments.models import Registration, RegistrationStatus, Role
    from marias_admin.tournaments.services import role_grant, tournament_create

    users = get_user_model()
    organiser = users.objects.create_user(f"{prefix}organiser", password=PASSWORD)
    second = users.objects.create_user(f"{prefix}organiser2", password=PASSWORD)
    tournament = tournament_create(user=organiser, name="Zátěžový turnaj", date=date.today(),
                                   venue="Třebíč", rounds_planned=4)
    role_grant(user=organiser, tournament=tournament, member=second, role=Role.ORGANISER)
    clubs = [Club.objects.create(name=f"KM {name} {prefix}".strip())
             for name in ("Třebíč", "Říčany", "Brno")]
    players = Player.objects.bulk_create([
        Player(first_name=f"Hráč{i}", last_name=f"Novák{i}", club=clubs[i % 3],
               registration_number=f"{prefix}{10000 + i}") for i in range(tables * 4)])
    Registration.objects.bulk_create([
        Registration(tournament=tournament, player=p, status=RegistrationStatus.PRESENT)
        for p in players])
    round = round_seat(user=organiser, round=tournament.rounds.get(number=1), seed=1)

    def session_for(user) -> str:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        return store.session_key

    tables = []
    for table in Table.objects.filter(round=round).order_by("number"):
        keeper = users.objects.create_user(f"{prefix}zapisovatel{table.number}")
        role_grant(user=organiser, tournament=tournament, member=keeper, role=Role.SCOREKEEPER)
        sheet = sheet_for(table)
        sheet_assign_scorekeeper(user=organiser, sheet=sheet, scorekeeper=keeper,
                                 expected_version=sheet.version)
        seat = Seat.objects.select_related("registration").get(table=table, position=3)
        confirmer = users.objects.create_user(f"{prefix}hrac{table.number}")
        Player.objects.filter(pk=seat.registration.player_id).update(user=confirmer)
        tables.append({"number": table.number, "keeper": session_for(keeper),
                       "confirmer": session_for(confirmer)})
    return {"tournament": tournament.pk, "tables": tables, "prefix": prefix}


def start_server(workdir: Path, port: int) -> subprocess.Popen:
    env = dict(os.environ, DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost")
    env.pop("DJANGO_DEBUG", None)
    log = (workdir / "gunicorn.log").open("w")
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "-c", "python:marias_admin.gunicorn_conf",
         "marias_admin.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--access-logfile", str(workdir / "access.log"),
         "--access-logformat", "%(t)s %(m)s %(U)s %(q)s %(s)s %(D)s"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
            return server
        except OSError:
            if server.poll() is not None:
                break
            time.sleep(0.3)
    server.terminate()
    raise SystemExit(f"the server did not start; see {workdir / 'gunicorn.log'}")


# -- the actors -----------------------------------------------------------------------------


async def login(browser: Browser, username: str) -> None:
    _status, page = await browser.request("login page", "/accounts/login/")
    match = CSRF.search(page)
    await browser.request("login", "/accounts/login/", {
        "username": username, "password": PASSWORD,
        "csrfmiddlewaretoken": match.group(1) if match else ""}, expect=(302,))


def form_value(page: str, name: str) -> str | None:
    match = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', page)
    if match is None:
        match = re.search(rf'value="([^"]*)"[^>]*name="{re.escape(name)}"', page)
    return match.group(1) if match else None


async def hand(browser: Browser, table_path: str, number: int) -> bool:
    _status, page = await browser.request("table page", table_path)
    token, version = CSRF.search(page), form_value(page, "text-version")
    if token is None or version is None:
        browser.recorder.error(f"{table_path}: no entry form for hand {number}")
        return False
    dealer = (number - 1) % 4 + 1
    status, _text = await browser.request("hand POST", table_path + "hands/", {
        "csrfmiddlewaretoken": token.group(1), "entry": "text", "text-version": version,
        "text-dealer": dealer, "text-declarer": dealer % 4 + 1,
        # complete hands (issue 21): a made sedma with its trumps, or the submit is refused
        "text-notation": random.choice(("7k+ tr4", "7k-", "7k+ tr3", "7z+ tr4", "7c-"))},
        expect=(302,))
    return status == 302


async def sheet_action(browser: Browser, table_path: str, action: str) -> bool:
    _status, page = await browser.request("table page", table_path)
    token, version = CSRF.search(page), form_value(page, f"{action}-version")
    if token is None or version is None:
        browser.recorder.error(f"{table_path}: no {action} form")
        return False
    status, _text = await browser.request(f"{action} POST", table_path + f"{action}/", {
        "csrfmiddlewaretoken": token.group(1), f"{action}-version": version}, expect=(302,))
    return status == 302


async def table_actor(base: str, recorder: Recorder, tid: int, table: dict, first: int,
                      stop: float, think: float) -> None:
    keeper = Browser(base, recorder)
    keeper.set_cookie("sessionid", table["keeper"])
    path = f"/t/{tid}/round/1/table/{table['number']}/"
    for number in range(first, HANDS + 1):
        if time.monotonic() > stop:
            recorder.error(f"table {table['number']}: out of time at hand {number}")
            return
        await asyncio.sleep(random.uniform(0.5, 1.5) * think)
        if not await hand(keeper, path, number):
            return
    if not await sheet_action(keeper, path, "submit"):
        return
    confirmer = Browser(base, recorder)
    confirmer.set_cookie("sessionid", table["confirmer"])
    await asyncio.sleep(random.uniform(0, think))
    await sheet_action(confirmer, path, "confirm")


async def spectator(base: str, recorder: Recorder, tid: int, done: asyncio.Event, stop: float,
                    every: float) -> None:
    browser = Browser(base, recorder)
    await _pause(done, random.uniform(0, every))
    polls = 0
    while not done.is_set() and time.monotonic() < stop and polls < 100:
        if random.random() < 0.2:
            await browser.request("projector", f"/t/{tid}/standings/?projector=1")
        else:
            await browser.request("standings", f"/t/{tid}/standings/")
        polls += 1
        await _pause(done, every)


async def organiser_actor(base: str, recorder: Recorder, tid: int, username: str,
                          done: asyncio.Event, stop: float) -> None:
    """The control room as the browser uses it: the round page, then its table grid polled
    through htmx every STATUS_POLL seconds, and the page reloaded now and then."""
    browser = Browser(base, recorder)
    await login(browser, username)
    polls = 0
    while not done.is_set() and time.monotonic() < stop and polls < 400:
        if polls % 6 == 0:
            await browser.request("round page (organiser)", f"/tournaments/{tid}/rounds/1/")
        else:
            await browser.request("control room poll", f"/tournaments/{tid}/rounds/1/"
                                  "tables-status/", headers={"HX-Request": "true"})
        polls += 1
        await _pause(done, STATUS_POLL)


async def _pause(done: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(done.wait(), seconds)


async def day(base: str, tournaments: list[dict], unloaded: Recorder, loaded: Recorder,
              args: argparse.Namespace) -> float:
    """Each request type alone (in the first tournament), then the whole load of every
    tournament at once; returns the tables' seconds."""
    data = tournaments[0]
    tid, first = data["tournament"], data["tables"][0]
    org = Browser(base, unloaded)
    await login(org, f"{data['prefix']}organiser")
    anon = Browser(base, unloaded)
    keeper = Browser(base, unloaded)
    keeper.set_cookie("sessionid", first["keeper"])
    table_path = f"/t/{tid}/round/1/table/{first['number']}/"
    status_path = f"/tournaments/{tid}/rounds/1/tables-status/"
    for number in range(1, 4):  # table 1's first hands, one by one
        await hand(keeper, table_path, number)
        for _ in range(4):
            await anon.request("standings", f"/t/{tid}/standings/")
            await anon.request("projector", f"/t/{tid}/standings/?projector=1")
            await org.request("round page (organiser)", f"/tournaments/{tid}/rounds/1/")
            await org.request("control room poll", status_path, headers={"HX-Request": "true"})

    done = asyncio.Event()
    stop = time.monotonic() + args.seconds
    print(f"load: {len(tournaments)} × ({TABLES} tables × {HANDS} hands, {args.spectators} "
          f"spectators every 10 s, {ORGANISERS} organisers polling every {STATUS_POLL:.0f} s) "
          f"(at most {args.seconds:.0f} s)")
    load_start = time.monotonic()
    loaded.started, loaded.wall_started = load_start, time.time()
    watchers, tables = [], []
    for one in tournaments:
        one_id, prefix = one["tournament"], one["prefix"]
        watchers += [asyncio.create_task(spectator(base, loaded, one_id, done, stop, 10.0))
                     for _ in range(args.spectators)]
        watchers += [asyncio.create_task(organiser_actor(
            base, loaded, one_id, f"{prefix}organiser" if i == 0 else f"{prefix}organiser2",
            done, stop)) for i in range(ORGANISERS)]
        tables += [table_actor(base, loaded, one_id, table, 4 if table is first else 1, stop,
                               args.think) for table in one["tables"]]
    await asyncio.gather(*tables)
    tables_seconds = time.monotonic() - load_start
    done.set()
    await asyncio.gather(*watchers)
    return tables_seconds


class Served:
    """What serves the load: one gunicorn as ``make run`` (the default), or with ``--cluster``
    the pieces of ``make cluster`` (scripts/cluster.py: Redis, two gunicorn nodes, nginx)."""

    def __init__(self, workdir: Path, cluster: bool) -> None:
        self.workdir, self.cluster, self.server = workdir, None, None
        if cluster:
            from cluster import Cluster  # scripts/ is on the path
            from django.conf import settings

            self.cluster = Cluster(workdir / "cluster", os.environ["DATABASE_URL"],
                                   access_log=True, secret_key=settings.SECRET_KEY)
            self.cluster.prepare(migrate=False)
            self.cluster.start()
            self.base = self.cluster.base
            pools = ", ".join(f"{p.name} {p.workers}×{p.threads}"
                              + (f" nice +{p.nice}" if p.nice else "")
                              for p in self.cluster.pools)
            self.what = (f"nginx on {self.base} in front of {self.cluster.count} nodes "
                         f"(gunicorn pools per node: {pools}), Redis, DEBUG off")
        else:
            port = free_port()
            self.server = start_server(workdir, port)
            self.base = f"http://127.0.0.1:{port}"
            self.what = f"gunicorn on {self.base}, DEBUG off"

    def roots(self) -> list[int]:
        if self.cluster is None:
            return [self.server.pid]
        return [p.pid for p in self.cluster.processes()]

    def pools(self) -> dict[str, list[int]]:
        """The cluster's gunicorn masters by pool (their workers are counted with them)."""
        if self.cluster is None:
            return {}
        return {pool.name: [node[pool.name].pid for node in self.cluster.nodes
                            if pool.name in node] for pool in self.cluster.pools}

    def logs(self, name: str) -> list[Path]:
        if self.cluster is None:
            return [self.workdir / name]
        return self.cluster.logs(name)

    def stop(self) -> None:
        if self.cluster is not None:
            self.cluster.stop()
        elif self.server is not None:
            self.server.terminate()
            try:
                self.server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.server.kill()


def cpu_of(roots: list[int]) -> float:
    """CPU seconds (user + system) of these processes and their children so far (Linux)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(stat.parent.name), int(fields[1])
        if pid in roots or ppid in roots:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def report(served: Served, unloaded: Recorder, loaded: Recorder, tables: int,
           tables_seconds: float, started: float) -> int:
    print("\n== errors ==")
    errors = unloaded.errors + loaded.errors
    print(f"{len(errors)} errors")
    for line in errors[:20]:
        print("  " + line)
    server_log = "".join(log.read_text(errors="replace") for log in served.logs("gunicorn.log"))
    tracebacks = server_log.count("Traceback (most recent call last)")
    if tracebacks:
        first = server_log.index("Traceback (most recent call last)")
        print(f"server: {tracebacks} tracebacks in its log; the first:")
        print("  " + "\n  ".join(server_log[first:].splitlines()[:40]))
    print("\n== integrity (from the database) ==")
    for line in integrity(tables, HANDS):
        print("  " + line)
    print("\n== latency (ms): unloaded p50 / p95, loaded n, p50 / p95, loaded p95 ÷ "
          "unloaded p50 ==")
    for kind in sorted(set(unloaded.times) | set(loaded.times)):
        u, lo = unloaded.times.get(kind, []), loaded.times.get(kind, [])
        ustr = (f"{percentile(u, .5) * 1000:7.1f} / {percentile(u, .95) * 1000:7.1f}"
                if u else "      – /       –")
        lstr = (f"{len(lo):5d} {percentile(lo, .5) * 1000:7.1f} / "
                f"{percentile(lo, .95) * 1000:7.1f}" if lo else "    0       – /       –")
        ratio = (f"{percentile(lo, .95) / percentile(u, .5):6.1f}×" if u and lo else "")
        print(f"  {kind:<24} {ustr}   {lstr}   {ratio}")
    inside: dict[str, list[float]] = defaultdict(list)
    for log in served.logs("access.log"):
        for kind, values in server_times(log, loaded.wall_started + 1).items():  # whole seconds
            inside[kind] += values
    print("\n== time inside the server under load (ms, gunicorn's access log): p50 / p95; "
          "the rest of the client's time is waiting for a free worker and the network ==")
    for kind in sorted(inside):
        values = inside[kind]
        print(f"  {kind:<24} {len(values):5d} {percentile(values, .5) * 1000:7.1f} / "
              f"{percentile(values, .95) * 1000:7.1f}")
    print("\n== the load over time: requests, p50 / p95 (ms) per 15 s ==")
    for window in range(0, int(tables_seconds) + 15, 15):
        part = [d for t, d in loaded.timeline if window <= t - loaded.started < window + 15]
        if part:
            print(f"  {window:4d}–{window + 15:<4d} s {len(part):6d} "
                  f"{percentile(part, .5) * 1000:8.1f} / {percentile(part, .95) * 1000:8.1f}")
    total = sum(len(v) for v in loaded.times.values())
    print(f"\nloaded requests: {total} in {tables_seconds:.0f} s "
          f"({total / max(tables_seconds, 1):.1f}/s); whole run "
          f"{time.monotonic() - started:.0f} s")
    return 1 if errors else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=150, help="the load's time limit")
    parser.add_argument("--think", type=float, default=8.0,
                        help="seconds between a table's hands (on average)")
    parser.add_argument("--spectators", type=int, default=SPECTATORS,
                        help="spectators per tournament")
    parser.add_argument("--cluster", action="store_true",
                        help="serve with `make cluster`'s pieces (needs PostgreSQL)")
    parser.add_argument("--tournaments", type=int, default=None,
                        help="tournaments played at once (default 1; 3 with --cluster)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()
    count = args.tournaments or (3 if args.cluster else 1)

    workdir = Path(tempfile.mkdtemp(prefix="marias-loadtest-"))
    started = time.monotonic()
    served = None
    given = os.environ.get("DATABASE_URL", "")
    temporary = None
    if given.startswith(("postgres://", "postgresql://")):
        os.environ["DATABASE_URL"], temporary = fresh_postgres(given)
    elif args.cluster:
        raise SystemExit("--cluster needs PostgreSQL: bash scripts/with-postgres.sh "
                         "make loadtest CLUSTER=1")
    try:
        setup_django(workdir)
        from django.db import connection

        print(f"database: {connection.vendor}; state in {workdir}")
        tournaments = [build("" if i == 0 else f"t{i + 1}-") for i in range(count)]
        print(f"built: {count} × (320 players, {TABLES} tables, {TABLES} scorekeepers) "
              f"({time.monotonic() - started:.0f} s)")
        connection.close()  # the nodes' connections only, during the load
        served = Served(workdir, args.cluster)
        print(f"server: {served.what}")

        unloaded = Recorder()
        loaded = Recorder()
        cpu_before, own_before = cpu_of(served.roots()), time.process_time()
        pools_before = {name: cpu_of(pids) for name, pids in served.pools().items()}
        tables_seconds = asyncio.run(day(served.base, tournaments, unloaded, loaded, args))
        cpu_server = cpu_of(served.roots()) - cpu_before
        cpu_client = time.process_time() - own_before
        print(f"tables finished in {tables_seconds:.1f} s; CPU: server {cpu_server:.0f} s "
              f"({cpu_server / tables_seconds:.2f} cores), client {cpu_client:.0f} s "
              f"({cpu_client / tables_seconds:.2f} cores), machine {os.cpu_count()} cores")
        if pools_before:
            print("  of which gunicorn " + ", ".join(
                f"{name} {cpu_of(pids) - pools_before[name]:.0f} s"
                for name, pids in served.pools().items()))
        return report(served, unloaded, loaded, TABLES * count, tables_seconds, started)
    finally:
        if served is not None:
            served.stop()
        if temporary is not None:
            from django.db import connections

            connections.close_all()
            drop_postgres(given, temporary)
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
