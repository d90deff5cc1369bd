"""The public team standings under /t/<id>/teams/ (namespace ``teams``, shared with
``urls_organiser``)."""

from django.urls import path

from marias_admin.teams import views_public

app_name = "teams"

urlpatterns = [
    path("t/<int:tournament_id>/teams/", views_public.team_standings, name="standings"),
]
