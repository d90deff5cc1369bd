"""A tournament's stable identifier outside this server: the iCalendar UID and the exchange
file's ``uid``.

It must never change while the tournament lives (a calendar that sees a new UID shows the event
twice; a federation that sees a new uid imports the results twice) and must differ between
servers: the primary key alone repeats on every server, so the creation time (kept by the
archive's export and import) goes with it. The domain part is fixed rather than the server's
address, which changes between the hall's Wi-Fi and the federation's site.
"""

from __future__ import annotations

from datetime import UTC

from marias_admin.tournaments.models import Tournament

UID_DOMAIN = "marias-admin"


def tournament_uid(tournament: Tournament) -> str:
    created = tournament.created_at.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    return f"tournament-{tournament.pk}-{created}@{UID_DOMAIN}"
