"""The report of ``make loadtest`` (scripts/loadtest.py): the server's own time per request
type read from gunicorn's access log, percentiles, and the integrity of what the day stored.

Apart from the load itself so that each file has one purpose; it reads, it never writes.
"""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import datetime
from pathlib import Path

ACCESS_LINE = re.compile(r"\] (\S+) (\S+) ?(\S*) (\d+) (\d+)$")


def server_kind(method: str, path: str, query: str) -> str:
    """The client's request type of an access-log line (to set server time beside client time)."""
    if path.endswith("/tables-status/"):
        return "control room poll"
    if "/standings/" in path:
        return "projector" if "projector" in query else "standings"
    if path.endswith("/hands/"):
        return "hand POST"
    for action in ("submit", "confirm"):
        if path.endswith(f"/{action}/"):
            return f"{action} POST"
    if "/table/" in path:
        return "table page"
    if "/rounds/" in path:
        return "round page (organiser)"
    return "login page" if method == "GET" else "login"


def server_times(log: Path, since: float) -> dict[str, list[float]]:
    """Seconds each request spent inside gunicorn, by type, for requests logged after
    ``since`` (a wall-clock time)."""
    times: dict[str, list[float]] = defaultdict(list)
    for line in log.read_text(errors="replace").splitlines():
        match = ACCESS_LINE.search(line.strip())
        stamp = re.search(r"\[(\d+/\w+/\d+:\d+:\d+:\d+ [+-]\d+)\]", line)
        if match is None or stamp is None:
            continue
        when = datetime.strptime(stamp.group(1), "%d/%b/%Y:%H:%M:%S %z").timestamp()
        if when >= since:
            method, path, query, _status, micro = match.groups()
            times[server_kind(method, path, query)].append(int(micro) / 1e6)
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def integrity(tables: int, hands: int) -> list[str]:
    from django.db.models import Count

    from marias_admin.sheets.models import HandRecord, SheetState, TableSheet

    lines = []
    sheets = TableSheet.objects.filter(table__round__number=1)
    live = HandRecord.objects.filter(sheet__in=sheets, deleted_at__isnull=True)
    per_sheet = {row["sheet"]: row["n"] for row in live.values("sheet").annotate(n=Count("id"))}
    doubles = (live.values("sheet", "number").annotate(n=Count("id")).filter(n__gt=1).count())
    short = sum(1 for s in sheets if per_sheet.get(s.pk, 0) != hands)
    lines.append(f"hands stored: {live.count()} of {tables * hands} "
                 f"(sheets without exactly {hands}: {short}; hand numbers stored twice: {doubles})")
    unbalanced = 0
    for record in live:
        if (record.money_1 + record.money_2 + record.money_3 + (record.money_4 or 0)) != 0:
            unbalanced += 1
    sums = defaultdict(int)
    for record in live:
        sums[record.sheet_id] += (record.money_1 + record.money_2 + record.money_3
                                  + (record.money_4 or 0))
    lines.append(f"zero-sum: hands not zero-sum {unbalanced}, sheets not zero-sum "
                 f"{sum(1 for v in sums.values() if v)}")
    confirmed = sheets.filter(state=SheetState.CONFIRMED).count()
    lines.append(f"sheets confirmed: {confirmed}/{tables}")
    return lines
