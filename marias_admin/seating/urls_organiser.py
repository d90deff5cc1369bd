"""The organiser's round pages under /tournaments/: the round page, its actions, the control
room and the replanning after a withdrawal (namespace ``seating``, shared with
``urls_public``; the root URLconf merges them)."""

from django.urls import path

from marias_admin.seating import views_control, views_round, views_round_actions

app_name = "seating"

ROUND = "tournaments/<int:tournament_id>/rounds/<int:number>/"

urlpatterns = [
    path(ROUND, views_round.round_detail, name="round"),
    path(ROUND + "seat/", views_round_actions.round_seat_view, name="round_seat"),
    path(ROUND + "swap/", views_round_actions.round_swap_view, name="round_swap"),
    path(ROUND + "state/", views_round_actions.round_state_view, name="round_state"),
    path(ROUND + "tables-status/", views_control.round_tables_status,
         name="round_tables_status"),
    path(ROUND + "clock/", views_control.round_clock_view, name="round_clock"),
    path(ROUND + "tables/<int:table>/confirm/", views_control.round_table_confirm,
         name="round_table_confirm"),
    path("tournaments/<int:tournament_id>/replan/<int:from_round>/", views_round_actions.replan,
         name="replan"),
]
