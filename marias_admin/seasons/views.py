"""Public season pages: the list of competitions, a competition's standings, its rankings and
each player's season page (every number of his rankings explained).

Anonymous visitors get them from the page cache (``core.pagecache``); the key holds the
generations of the competition's tournaments' results and of the seasons' own data
(:func:`season_version`), so a confirmed sheet in any member tournament, a changed
competition, ranking or membership, or a renamed player or club, serves a fresh page. Staff
see the live page, hidden standings included.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from marias_admin.core import pagecache
from marias_admin.core.pagecache import public_page
from marias_admin.players.models import Player
from marias_admin.seasons import snapshots
from marias_admin.seasons.models import (
    Audience,
    Competition,
    CompetitionTournament,
    Ranking,
)
from marias_admin.seasons.presenters import player_view, scheme_label, season_rows, shown_rows
from marias_admin.seasons.rankings import members, options_of, player_rankings, ranking_table
from marias_admin.seasons.selectors import (
    listed_competitions,
    season_table,
    season_team_table,
)
from marias_admin.seasons.services import SEASONS_SCOPE
from marias_admin.tournaments.models import Registration
from marias_admin.tournaments.permissions import open_to_all


def _staff(request: HttpRequest) -> bool:
    user = request.user
    return bool(user.is_authenticated and (user.is_staff or user.is_superuser))


def season_version(competition_id: int, **_kwargs: object) -> str:
    """What a season page (and the API's season) depends on besides its URL: its tournaments'
    results, the seasons' data (competitions, rankings, memberships) and the names of players
    and clubs (a rename bumps the global generation, as for every tournament's pages)."""
    members = CompetitionTournament.objects.filter(competition_id=competition_id).order_by(
        "tournament_id").values_list("tournament_id", flat=True)
    parts = [pagecache.generation(pagecache.GLOBAL), pagecache.generation(SEASONS_SCOPE)]
    parts += [f"{pk}:{pagecache.generation(f'{pk}:results')}" for pk in members]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def _local(moment: datetime | None) -> datetime | None:
    """When the places were calculated, in the site's time zone (the page shows its day)."""
    return timezone.localtime(moment) if moment is not None else None


def _player_url(competition: Competition) -> Callable[[int], str]:
    """A player's season page address without reversing it 320 times."""
    base = reverse("seasons:player", args=(competition.pk, 0))[:-2]  # ".../players/"
    return lambda pk: f"{base}{pk}/"


def _competition(request: HttpRequest, competition_id: int) -> tuple[Competition, bool]:
    competition = get_object_or_404(Competition, pk=competition_id)
    staff = _staff(request)
    if not competition.public and not staff:
        raise Http404
    return competition, staff


@require_GET
@open_to_all
def competition_list(request: HttpRequest) -> HttpResponse:
    staff = _staff(request)
    return render(request, "seasons/list.html",
                  {"competitions": listed_competitions(everything=staff), "staff": staff})


@require_GET
@public_page(version=season_version)
@open_to_all  # a competition not public is the staff's: a 404 for anyone else
def season(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition, staff = _competition(request, competition_id)
    table = season_table(competition, everything=staff)
    teams = season_team_table(competition, everything=staff)
    return render(request, "seasons/season.html",
                  {"competition": competition, "table": table, "teams": teams,
                   "player_rows": season_rows(table, _player_url(competition)),
                   "rankings": competition.rankings.all(), "staff": staff})


@require_GET
@public_page(version=season_version)
@open_to_all  # a competition not public is the staff's: a 404 for anyone else
def ranking(request: HttpRequest, competition_id: int, ranking_id: int) -> HttpResponse:
    competition, staff = _competition(request, competition_id)
    chosen = get_object_or_404(Ranking, pk=ranking_id, competition=competition)
    table = ranking_table(chosen, everything=staff)
    clubs = chosen.audience == Audience.CLUBS
    player_url = _player_url(competition)
    return render(request, "seasons/ranking.html",
                  {"competition": competition, "table": table,
                   "rows": shown_rows(table, None if clubs else player_url),
                   "calculated": _local(table.calculated),
                   "scheme": scheme_label(table), "options": options_of(chosen),
                   "clubs": clubs,
                   "rankings": competition.rankings.all()})


@require_GET
@public_page(version=season_version)
@open_to_all  # a competition not public is the staff's: a 404 for anyone else
def player(request: HttpRequest, competition_id: int, player_id: int) -> HttpResponse:
    competition, staff = _competition(request, competition_id)
    person = get_object_or_404(Player, pk=player_id)
    listed = [m.tournament for m in members(competition, everything=staff)]
    if not Registration.objects.filter(player=person, tournament__in=listed).exists():
        raise Http404  # a player who never played the competition has no season page
    views = [player_view(r.table, r.row, r.reason, options_of(r.table.ranking))
             for r in player_rankings(competition, person, everything=staff)]
    return render(request, "seasons/player.html",
                  {"competition": competition, "person": person, "rankings": views,
                   "calculated": _local(snapshots.latest(listed))})
