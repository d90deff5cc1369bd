"""Standings pages: public ones under /t/, the organiser's rules settings under /tournaments/."""

from django.urls import path

from marias_admin.standings import views

app_name = "standings"

T = "t/<int:tournament_id>/"

urlpatterns = [
    path(T + "standings/", views.standings, name="standings"),
    path(T + "round/<int:number>/results/", views.round_results_view, name="round_results"),
    path(T + "player/<int:registration_id>/", views.player, name="player"),
    path(T + "find/", views.find, name="find"),
    path("tournaments/<int:tournament_id>/standings/settings/", views.rules_settings,
         name="settings"),
]
