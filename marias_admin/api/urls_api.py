"""/api/v1/: the open results API and its OpenAPI schema, for anyone (no login)."""

from __future__ import annotations

from django.urls import path

from marias_admin.api import views_api as v
from marias_admin.tournaments.permissions import open_to_all

app_name = "api"

urlpatterns = [
    path("schema/", open_to_all(v.SchemaView.as_view(api_version="1")), name="schema"),
    path("tournaments/", open_to_all(v.TournamentList.as_view()), name="tournaments"),
    path("tournaments/<int:tournament_id>/", open_to_all(v.TournamentDetail.as_view()),
         name="tournament"),
    path("tournaments/<int:tournament_id>/rounds/", open_to_all(v.RoundList.as_view()),
         name="rounds"),
    path("tournaments/<int:tournament_id>/rounds/<int:number>/seating/",
         open_to_all(v.RoundSeating.as_view()), name="seating"),
    path("tournaments/<int:tournament_id>/rounds/<int:number>/results/",
         open_to_all(v.RoundResults.as_view()), name="results"),
    path("tournaments/<int:tournament_id>/standings/", open_to_all(v.Standings.as_view()),
         name="standings"),
    path("tournaments/<int:tournament_id>/teams/", open_to_all(v.Teams.as_view()),
         name="teams"),
    path("seasons/", open_to_all(v.SeasonList.as_view()), name="seasons"),
    path("seasons/<int:competition_id>/", open_to_all(v.SeasonDetail.as_view()),
         name="season"),
]
