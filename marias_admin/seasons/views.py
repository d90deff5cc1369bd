"""Public season pages: the list of competitions and a competition's standings."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from marias_admin.seasons.models import Competition
from marias_admin.seasons.selectors import (
    listed_competitions,
    season_table,
    season_team_table,
)
from marias_admin.tournaments.permissions import open_to_all


def _staff(request: HttpRequest) -> bool:
    user = request.user
    return bool(user.is_authenticated and (user.is_staff or user.is_superuser))


@require_GET
@open_to_all
def competition_list(request: HttpRequest) -> HttpResponse:
    competitions = listed_competitions(everything=_staff(request))
    return render(request, "seasons/list.html", {"competitions": competitions})


@require_GET
@open_to_all  # a competition not public is the staff's: a 404 for anyone else, below
def season(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = get_object_or_404(Competition, pk=competition_id)
    staff = _staff(request)
    if not competition.public and not staff:
        raise Http404
    table = season_table(competition, everything=staff)
    teams = season_team_table(competition, everything=staff)
    return render(request, "seasons/season.html",
                  {"competition": competition, "table": table, "teams": teams})
