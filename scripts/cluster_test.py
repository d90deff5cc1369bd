"""A node dies mid-round: ``make cluster-test`` (scripts/cluster.py's pieces on loopback).

Over a fresh PostgreSQL database beside the one ``DATABASE_URL`` names (dropped at the end):
Redis, two gunicorn nodes and nginx; a tournament of 8 tables whose scorekeepers' phones enter
their hands through the proxy. Mid-round node 1 is killed (SIGKILL to its master and workers:
requests in flight are cut); the phones carry on through node 2 and, like a phone, send again
what got no answer — after looking at the sheet, so that a hand stored just before the cut is
not entered twice. Node 1 then comes back. Checked, each printed as PASS or FAIL:

- nothing is lost: every hand a phone got an answer for is stored, every sheet has its hands
  exactly once, zero-sum, and every sheet is confirmed;
- a result confirmed through node 1 is in the standings node 2 serves at once (the
  organiser's live page; the public pages' cache generations are in the shared Redis);
- a login made on node 1 before it died is still valid on the restarted node 1 and on node 2
  (sessions in PostgreSQL, read through Redis);
- wrong passwords typed through node 1 lock the login on node 2 (django-axes in PostgreSQL);
- spectators polling the public standings through the proxy (the reader pools) see no error
  across the kill: nginx sends a GET cut by it to the other node.

Not inside ``make test`` (the PostgreSQL cluster its PostgreSQL half starts and stops at the
same time, and the cores it keeps busy): CI runs it after ``make test`` (``.ci/run``), in
20–50 s; see README, "Cluster".
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from cluster import Cluster, Pool  # scripts/ is on the path
from loadtest import (
    PASSWORD,
    Browser,
    Recorder,
    build,
    drop_postgres,
    fresh_postgres,
    hand,
    login,
    setup_django,
    sheet_action,
)

TABLES = 8
PAGES = Path(tempfile.gettempdir())  # the compared standings, for a failure's reader
HANDS = 8
NOISE = re.compile(r'(nonce|value|content)="[^"]*"|csrftoken=[^;"]*|\b\d{1,2}:\d{2}:\d{2}\b')


def same_page(html: str) -> str:
    """A page without what differs per response (CSP nonce, CSRF token, the time it was
    rendered)."""
    return NOISE.sub("", html)


def _rows(html: str) -> str:
    """The standings table's rows: the same on the public and the organiser's page."""
    found = re.search(r"<tbody.*?</tbody>", html, re.DOTALL)
    return re.sub(r"\s*\n\s*", "\n", found.group(0)).strip() if found else ""


class Checks:
    def __init__(self) -> None:
        self.failed = 0

    def check(self, ok: bool, text: str) -> None:
        print(("PASS  " if ok else "FAIL  ") + text, flush=True)
        self.failed += 0 if ok else 1


def stored_hands(table_number: int) -> int:
    from marias_admin.sheets.models import HandRecord

    return HandRecord.objects.filter(sheet__table__number=table_number,
                                     sheet__table__round__number=1,
                                     deleted_at__isnull=True).count()


def sheet_state(table_number: int) -> str:
    from marias_admin.sheets.models import TableSheet

    return TableSheet.objects.get(table__number=table_number, table__round__number=1).state


ERRORS = Recorder()  # what the phones met (cut connections, 502s): printed, not a failure


async def phone(base: str, tid: int, table: dict, acknowledged: list, think: float) -> None:
    """A scorekeeper's phone: every hand until it is in the sheet, then submit; retries what
    got no answer after looking at the sheet (here: the database) as the phone's page would."""
    from marias_admin.sheets.models import SheetState

    browser = Browser(base, ERRORS)
    browser.set_cookie("sessionid", table["keeper"])
    path = f"/t/{tid}/round/1/table/{table['number']}/"
    for number in range(1, HANDS + 1):
        for _attempt in range(30):
            if await asyncio.to_thread(stored_hands, table["number"]) >= number:
                break  # stored although its answer was cut: the sheet shows it
            if await hand(browser, path, number):
                acknowledged.append((table["number"], number))
                break
            await asyncio.sleep(0.5)
        await asyncio.sleep(random.uniform(0.2, 1.0) * think)
    for _attempt in range(30):
        if await asyncio.to_thread(sheet_state, table["number"]) != SheetState.DRAFT:
            break
        await sheet_action(browser, path, "submit")


async def spectator(base: str, tid: int, seen: Recorder, done: asyncio.Event) -> None:
    """A spectator's phone polling the public standings through the proxy (the reader pools):
    a GET cut by the kill is sent to the other node by nginx, so it never sees an error."""
    browser = Browser(base, seen)
    while not done.is_set():
        await browser.request("standings", f"/t/{tid}/standings/")
        await asyncio.sleep(0.3)


async def round_with_a_death(cluster: Cluster, tid: int, tables: list[dict],
                             checks: Checks) -> list:
    acknowledged: list = []
    phones = [asyncio.create_task(phone(cluster.base, tid, table, acknowledged, 0.6))
              for table in tables]
    seen, done = Recorder(), asyncio.Event()
    spectators = [asyncio.create_task(spectator(cluster.base, tid, seen, done))
                  for _ in range(3)]
    deadline = time.monotonic() + 60
    while len(acknowledged) < 2 * len(tables) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)  # mid-round: every table has a couple of hands in
    before = len(acknowledged)
    cluster.kill_node(0)
    print(f"node 1 killed after {before} acknowledged hands", flush=True)
    await asyncio.sleep(3)
    await asyncio.to_thread(cluster.start_node, 0)
    print("node 1 restarted", flush=True)
    await asyncio.gather(*phones)
    done.set()
    await asyncio.gather(*spectators)
    print(f"the phones met {len(ERRORS.errors)} errors; the first: {ERRORS.errors[:3]}")
    pages = len(seen.times["standings"])
    checks.check(pages > 0 and not seen.errors,
                 f"the spectators saw no error across the kill ({pages} standings pages; "
                 f"errors: {seen.errors[:3]})")
    checks.check(len(acknowledged) > before,
                 f"the phones carried on: {len(acknowledged) - before} hands acknowledged "
                 f"after the kill")
    return acknowledged


def check_nothing_lost(acknowledged: list, checks: Checks) -> None:
    from django.db.models import Count

    from marias_admin.sheets.models import HandRecord

    live = HandRecord.objects.filter(sheet__table__round__number=1, deleted_at__isnull=True)
    per_table = dict(live.values_list("sheet__table__number").annotate(n=Count("id")))
    checks.check(all(per_table.get(t, 0) >= n for t, n in acknowledged),
                 f"every acknowledged hand is stored ({len(acknowledged)} acknowledged)")
    checks.check(all(per_table.get(t, 0) == HANDS for t in range(1, TABLES + 1)),
                 f"every sheet has exactly {HANDS} hands: {sorted(per_table.values())}")
    doubles = live.values("sheet", "number").annotate(n=Count("id")).filter(n__gt=1).count()
    checks.check(doubles == 0, "no hand number stored twice")
    unbalanced = sum(1 for r in live if r.money_1 + r.money_2 + r.money_3 + (r.money_4 or 0))
    checks.check(unbalanced == 0, "every hand zero-sum")


async def confirm_across_nodes(cluster: Cluster, tid: int, tables: list[dict],
                               organiser: Browser, checks: Checks) -> None:
    """Tables 2… confirm through the proxy; table 1 through node 1, and node 2's standings
    show it at once."""
    for table in tables[1:]:
        confirmer = Browser(cluster.base, Recorder())
        confirmer.set_cookie("sessionid", table["confirmer"])
        await sheet_action(confirmer, f"/t/{tid}/round/1/table/{table['number']}/", "confirm")
    node_b = Browser(cluster.node_base(1), Recorder())
    node_b.cookies = dict(organiser.cookies)
    standings = f"/t/{tid}/standings/"
    _status, before = await node_b.request("standings", standings)
    spectator_b = Browser(cluster.node_base(1), Recorder())  # no session: the public page
    _status, public_before = await spectator_b.request("standings", standings)
    confirmer = Browser(cluster.node_base(0), Recorder())
    confirmer.set_cookie("sessionid", tables[0]["confirmer"])
    ok = await sheet_action(confirmer, f"/t/{tid}/round/1/table/{tables[0]['number']}/",
                            "confirm")
    checks.check(ok, "table 1 confirmed through node 1")
    _status, after = await node_b.request("standings", standings)
    node_a = Browser(cluster.node_base(0), Recorder())
    node_a.cookies = dict(organiser.cookies)
    _status, on_a = await node_a.request("standings", standings)
    for name, page in (("before", before), ("after", after), ("on_a", on_a)):
        (PAGES / f"standings-{name}.html").write_text(same_page(page))
    checks.check(same_page(before) != same_page(after) and same_page(after) == same_page(on_a),
                 "node 2's live standings show node 1's confirmation at once")
    # The first spectator after the confirmation gets the previous copy at once and the page
    # is rendered right after his response (PUBLIC_PAGE_RENDER_AFTER_RESPONSE): the next ones
    # see the result. Polled for at most 2 s; the time is printed.
    started = time.monotonic()
    for _attempt in range(40):
        _status, public_after = await spectator_b.request("standings", standings)
        if _rows(public_after) == _rows(after):
            break
        await asyncio.sleep(0.05)
    waited = (time.monotonic() - started) * 1000
    for name, page in (("public-before", public_before), ("public-after", public_after)):
        (PAGES / f"standings-{name}.html").write_text(same_page(page))  # for a failure's reader
    checks.check(_rows(public_before) != _rows(public_after) == _rows(after),
                 f"node 2's public standings (its page cache) show node 1's confirmation "
                 f"from the request after the first ({waited:.0f} ms)")
    import redis

    shared = redis.Redis.from_url(cluster.redis_url)
    checks.check(bool(shared.keys(f"*pagecache:gen:{tid}*")),
                 "the public pages' generation of the tournament is in the shared Redis")


async def sessions_and_throttling(cluster: Cluster, tid: int, organiser: Browser,
                                  checks: Checks) -> None:
    for index in (0, 1):
        node = Browser(cluster.node_base(index), Recorder())
        node.cookies = dict(organiser.cookies)
        status, _page = await node.request("round page", f"/tournaments/{tid}/rounds/1/")
        checks.check(status == 200, f"the login made before the kill works on node "
                     f"{index + 1} (HTTP {status})")
    from django.conf import settings

    guesser = Browser(cluster.node_base(0), Recorder())
    for _ in range(settings.AXES_FAILURE_LIMIT):
        await login_with(guesser, "organiser", "wrong-password")
    other = Browser(cluster.node_base(1), Recorder())
    status = await login_with(other, "organiser", PASSWORD)
    checks.check(status != 302, f"after {settings.AXES_FAILURE_LIMIT} wrong passwords on "
                 f"node 1 the login is locked on node 2 (HTTP {status})")


async def login_with(browser: Browser, username: str, password: str) -> int:
    _status, page = await browser.request("login page", "/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    status, _text = await browser.request("login", "/accounts/login/", {
        "username": username, "password": password,
        "csrfmiddlewaretoken": token.group(1) if token else ""}, expect=(200, 302, 403, 429))
    return status


async def scenario(cluster: Cluster, data: dict, checks: Checks) -> list:
    tid, tables = data["tournament"], data["tables"]
    organiser = Browser(cluster.node_base(0), Recorder())
    await login(organiser, "organiser")
    acknowledged = await round_with_a_death(cluster, tid, tables, checks)
    await confirm_across_nodes(cluster, tid, tables, organiser, checks)
    await sessions_and_throttling(cluster, tid, organiser, checks)
    return acknowledged


def main() -> int:
    given = os.environ.get("DATABASE_URL", "")
    if not given.startswith(("postgres://", "postgresql://")):
        raise SystemExit("needs PostgreSQL: make cluster-test")
    started = time.monotonic()
    workdir = Path(tempfile.mkdtemp(prefix="marias-cluster-test-"))
    os.environ["DATABASE_URL"], temporary = fresh_postgres(given)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "1"  # the phones' look at the sheet, in threads
    cluster = None
    checks = Checks()
    try:
        setup_django(workdir)
        data = build(tables=TABLES)
        from django.db import connections

        connections.close_all()
        from django.conf import settings

        cluster = Cluster(workdir / "cluster", os.environ["DATABASE_URL"], nodes=2,
                          pools=(Pool("readers", 1, 2), Pool("writers", 1, 4, nice=5)),
                          secret_key=settings.SECRET_KEY)
        cluster.prepare(migrate=False)
        cluster.start()
        print(f"cluster up: {cluster.base} ({time.monotonic() - started:.0f} s)", flush=True)
        acknowledged = asyncio.run(scenario(cluster, data, checks))
        from marias_admin.sheets.models import SheetState, TableSheet

        check_nothing_lost(acknowledged, checks)
        confirmed = TableSheet.objects.filter(state=SheetState.CONFIRMED).count()
        checks.check(confirmed == TABLES, f"sheets confirmed: {confirmed}/{TABLES}")
    finally:
        if cluster is not None:
            cluster.stop()
        from django.db import connections

        connections.close_all()
        drop_postgres(given, temporary)
        if checks.failed and "--keep" in sys.argv:
            print(f"kept: {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    print(f"{'FAILED' if checks.failed else 'passed'}: {checks.failed} failures, "
          f"{time.monotonic() - started:.0f} s")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
