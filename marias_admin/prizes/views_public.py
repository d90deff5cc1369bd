"""A tournament's public home (``/t/<id>/``) and its public prize list.

The home is there while the tournament publishes anything (``Tournament.publishes_anything``)
and links only what its toggles publish (organisers see everything); the prize list follows
``public_prizes`` (off until the organiser publishes it). Anonymous visitors get both from the
page cache (``core.pagecache``): the prize list stays cached while hands are entered, as it is
drawn from confirmed results only.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from marias_admin.core.pagecache import public_page
from marias_admin.prizes import front, selectors
from marias_admin.standings.selectors import results_progress
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import published_page
from marias_admin.tournaments.selectors import can_organise


def _visible(request: HttpRequest, tournament: Tournament, page: str) -> dict[str, bool]:
    """Which public pages the visitor may open (the navigation shared with the standings)."""
    organiser = can_organise(request.user, tournament)
    visible = {name: organiser or getattr(tournament, f"public_{name}")
               for name in ("standings", "results", "players", "seating", "prizes")}
    visible["organiser"] = organiser
    visible["hidden"] = page == "prizes" and not tournament.public_prizes
    return visible


@require_GET
@public_page
@published_page("publishes_anything")
def tournament_home(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    visible = _visible(request, tournament, "home")
    home = front.public_home(tournament, visible["organiser"])
    return render(request, "prizes/public_home.html", {
        "tournament": tournament, "visible": visible, "home": home,
        "progress": home.progress})


@require_GET
@public_page(results_only=True)  # drawn from the confirmed results
@published_page("public_prizes")
def prize_list(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    visible = _visible(request, tournament, "prizes")
    return render(request, "prizes/public_prize_list.html", {
        "tournament": tournament, "visible": visible, "lines": selectors.prize_list(tournament),
        "progress": results_progress(tournament) if visible["results"] else [],
        "rule": selectors.prize_settings(tournament).get_double_rule_display()})
