"""The open results API, version 1: read-only JSON for anyone, public data only.

Every endpoint answers GET (and HEAD, OPTIONS); a write is a 405. Nobody logs in here: the API
shows only what the tournament publishes to everyone (its organisers see the rest on their
pages), each part behind its toggle as the pages (:func:`.public_data.visible`): an
unpublished tournament or part is a 404, never a hint that it exists. Throttled per client
(:mod:`.throttling`). What costs (standings, a round's results and seating, a season) is kept
in the cache under the generations the public pages use, so a poll between two confirmed
sheets computes nothing; the toggles are read on every request. The URL patterns mark each
view ``open_to_all`` (``urls_api``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.core.cache import cache
from django.utils import translation
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from marias_admin.api import public_data
from marias_admin.api import serializers as s
from marias_admin.seasons.views import season_version
from marias_admin.standings.cache import fragment

SEASON_CACHE_SECONDS = 600


class KeepCsrf:
    """DRF marks its views exempt from Django's CSRF check (it checks sessions itself). The
    API takes no writes and no sessions, but the site's rule stays: a POST without a token is
    refused by the middleware (403) like on every other URL, before the view's 405."""

    @classmethod
    def as_view(cls, **initkwargs: Any) -> Any:
        view = super().as_view(**initkwargs)  # type: ignore[misc]
        view.csrf_exempt = False
        return view


class ReadOnlyView(KeepCsrf, APIView):
    """GET only: DRF answers any other method with 405."""

    http_method_names = ["get", "head", "options"]


class SchemaView(KeepCsrf, SpectacularAPIView):
    """The OpenAPI schema of version 1 (``?format=json`` for JSON, YAML by default).

    The schema depends only on the code (and the language of its texts): generated once per
    process and language, not on every request (generating it walks every URL pattern)."""

    http_method_names = ["get", "head", "options"]
    generated: ClassVar[dict[tuple[str, str], Any]] = {}

    def _get_schema_response(self, request: Request) -> Response:
        key = (str(self.api_version), translation.get_language() or "")
        if key not in self.generated:
            self.generated[key] = super()._get_schema_response(request).data
        return Response(data=self.generated[key], headers={
            "Content-Disposition": f'inline; filename="{self._get_filename(request, key[0])}"'})


class TournamentList(ReadOnlyView):
    @extend_schema(responses=s.TournamentSerializer(many=True),
                   summary="Tournaments that publish anything, newest first")
    def get(self, request: Request) -> Response:
        return Response([public_data.tournament_summary(t)
                         for t in public_data.published_tournaments()])


class TournamentDetail(ReadOnlyView):
    @extend_schema(responses=s.TournamentSerializer, summary="One tournament")
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(public_data.tournament_summary(public_data.visible(tournament_id)))


class RoundList(ReadOnlyView):
    @extend_schema(responses=s.RoundSerializer(many=True),
                   summary="The tournament's rounds and how many tables are confirmed")
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(public_data.rounds_of(public_data.visible(tournament_id)))


class RoundSeating(ReadOnlyView):
    @extend_schema(responses=s.SeatingSerializer,
                   summary="A seated round's tables (needs public seating)")
    def get(self, request: Request, tournament_id: int, number: int) -> Response:
        tournament = public_data.visible(tournament_id, "public_seating")
        round = public_data.round_of(tournament, number)
        return Response(fragment(tournament.pk, ("api-seating", number),
                                 lambda: public_data.seating(round)))


class RoundResults(ReadOnlyView):
    @extend_schema(responses=s.RoundResultsSerializer,
                   summary="A round's confirmed results per table (needs public results)")
    def get(self, request: Request, tournament_id: int, number: int) -> Response:
        tournament = public_data.visible(tournament_id, "public_results")
        public_data.round_of(tournament, number)
        return Response(fragment(tournament.pk, ("api-results", number),
                                 lambda: public_data.round_results(tournament, number)))


class Standings(ReadOnlyView):
    @extend_schema(responses=s.StandingSerializer(many=True),
                   summary="The standings from confirmed results (needs public standings)")
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = public_data.visible(tournament_id, "public_standings")
        return Response(fragment(tournament.pk, ("api-standings",),
                                 lambda: public_data.standings(tournament)))


class Teams(ReadOnlyView):
    @extend_schema(responses=s.TeamsSerializer,
                   summary="The team standings (needs public standings and team rules)")
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(public_data.teams(
            public_data.visible(tournament_id, "public_standings")))


class SeasonList(ReadOnlyView):
    @extend_schema(responses=s.CompetitionSerializer(many=True),
                   summary="Public competitions (seasons)")
    def get(self, request: Request) -> Response:
        return Response(public_data.competitions())


class SeasonDetail(ReadOnlyView):
    @extend_schema(responses=s.SeasonSerializer,
                   summary="A competition's season table and clubs' table")
    def get(self, request: Request, competition_id: int) -> Response:
        competition = public_data.public_competition(competition_id)
        key = f"api:season:{competition.pk}:{season_version(competition.pk)}"
        found = cache.get(key)
        if found is None:
            found = public_data.season(competition)
            cache.set(key, found, SEASON_CACHE_SECONDS)
        return Response(found)
