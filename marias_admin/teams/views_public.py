"""The public team standings (under /t/<id>/teams/), with a projector variant: they follow
the tournament's ``public_standings`` toggle and are served from the page cache to anonymous
visitors."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from marias_admin.core.pagecache import public_page
from marias_admin.teams import selectors
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import published_page
from marias_admin.tournaments.selectors import can_organise

REFRESH_SECONDS = 30


def _visible(request: HttpRequest, tournament: Tournament) -> dict[str, bool]:
    """Which public pages the visitor may open (the standings' navigation)."""
    organiser = can_organise(request.user, tournament)
    return {"standings": True, "results": organiser or tournament.public_results,
            "players": organiser or tournament.public_players,
            "seating": organiser or tournament.public_seating,
            "organiser": organiser, "hidden": not tournament.public_standings}


@require_GET
@public_page(results_only=True)  # confirmed results only; team writes bump the results too
@published_page("public_standings")
def team_standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    visible = _visible(request, tournament)
    table = selectors.team_table(tournament)
    if not table.enabled and not visible["organiser"]:
        raise Http404
    context = {"tournament": tournament, "visible": visible, "table": table,
               "progress": table.progress, "now": timezone.now(), "refresh": REFRESH_SECONDS}
    template = ("teams/projector.html" if request.GET.get("projector")
                else "teams/standings.html")
    response = render(request, template, context)
    patch_vary_headers(response, ("HX-Request",))
    return response
