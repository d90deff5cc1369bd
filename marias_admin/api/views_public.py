"""Pages for other sites: the embeddable live standings widget and the iCalendar feed.

The widget is the one page of the site another site may frame: it answers with its own CSP
``frame-ancestors`` (``settings.MARIAS_EMBED_ANCESTORS``, any site by default) and without
``X-Frame-Options``; every other page keeps ``frame-ancestors 'none'`` and ``DENY``. It shows
what the public standings page shows (``published_page("public_standings")``), compact, reloads
itself every minute (a meta refresh: no script) and opens the full standings in a new tab.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_GET

from marias_admin.api import public_data
from marias_admin.api.calendar import Event, calendar
from marias_admin.api.identity import tournament_uid
from marias_admin.api.public_data import registration_id
from marias_admin.core.pagecache import public_page
from marias_admin.standings.presenters.formatting import fmt_number
from marias_admin.standings.selectors import registrations_by_id, tournament_standings
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import open_to_all, published_page

WIDGET_REFRESH_SECONDS = 60
WIDGET_MAX_ROWS = 500


def embeddable(view: Any) -> Any:
    """Let the sites of ``MARIAS_EMBED_ANCESTORS`` frame the page (read per response, so the
    setting can change without a restart of the decorator)."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response._csp_replace = {
            "frame-ancestors": list(settings.MARIAS_EMBED_ANCESTORS)}
        return response

    wrapped.__dict__.update(view.__dict__)  # the audience mark
    wrapped.__name__ = getattr(view, "__name__", "embeddable")
    wrapped.__doc__ = view.__doc__
    return xframe_options_exempt(wrapped)


def _rows_wanted(request: HttpRequest) -> int:
    try:
        wanted = int(request.GET.get("rows", "") or 10)
    except ValueError:
        wanted = 10
    return max(1, min(wanted, WIDGET_MAX_ROWS))


@embeddable
@require_GET
@public_page(results_only=True)
@published_page("public_standings")
def standings_widget(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The first ``?rows=`` players (10 by default) of the standings."""
    registrations = registrations_by_id(tournament)
    standings = tournament_standings(tournament)
    rows = [{"position": s.position, "player": registrations[registration_id(s.player)].player,
             "bp": fmt_number(s.bp), "sb": fmt_number(s.sb, places=2, scale=100, fixed=True)}
            for s in standings[:_rows_wanted(request)]]
    return render(request, "api/widget.html", {
        "tournament": tournament, "rows": rows, "total": len(standings),
        "refresh": WIDGET_REFRESH_SECONDS,
        "full_url": reverse("standings:standings", args=[tournament.pk]),
    })


@require_GET
@open_to_all
def tournament_calendar(request: HttpRequest) -> HttpResponse:
    """Every tournament that publishes anything, as an all-day event with a stable UID."""
    base = settings.MARIAS_PUBLIC_URL or request.build_absolute_uri("/").rstrip("/")
    events = [Event(
        uid=tournament_uid(t), day=t.date, summary=t.name, stamp=t.created_at,
        location=t.venue, url=base + reverse("public:home", args=[t.pk]),
        description=t.get_ruleset_code_display())
        for t in public_data.published_tournaments()]
    response = HttpResponse(calendar(events, _("Mariáš tournaments")),
                            content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="tournaments.ics"'
    return response
