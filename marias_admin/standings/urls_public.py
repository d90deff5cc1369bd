"""The public standings pages under /t/, each following its tournament toggle (namespace
``standings``, shared with ``urls_organiser``)."""

from django.urls import path

from marias_admin.standings import views

app_name = "standings"

T = "t/<int:tournament_id>/"

urlpatterns = [
    path(T + "standings/", views.standings, name="standings"),
    path(T + "round/<int:number>/results/", views.round_results_view, name="round_results"),
    path(T + "player/<int:registration_id>/", views.player, name="player"),
    path(T + "find/", views.find, name="find"),
]
