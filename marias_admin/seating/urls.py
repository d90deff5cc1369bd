"""Round pages: organiser pages under /tournaments/, public pages under /t/."""

from django.urls import path

from marias_admin.seating import views

app_name = "seating"

ROUND = "tournaments/<int:tournament_id>/rounds/<int:number>/"

urlpatterns = [
    path(ROUND, views.round_detail, name="round"),
    path(ROUND + "seat/", views.round_seat_view, name="round_seat"),
    path(ROUND + "swap/", views.round_swap_view, name="round_swap"),
    path(ROUND + "state/", views.round_state_view, name="round_state"),
    path(ROUND + "tables-status/", views.round_tables_status, name="round_tables_status"),
    path(ROUND + "clock/", views.round_clock_view, name="round_clock"),
    path("tournaments/<int:tournament_id>/replan/<int:from_round>/", views.replan, name="replan"),
    path("t/<int:tournament_id>/round/<int:number>/", views.round_public, name="round_public"),
]
