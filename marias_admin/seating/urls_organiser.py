"""The organiser's round pages under /tournaments/: the round page, its actions, the round
clock and the replanning after a withdrawal (namespace ``seating``, shared with
``urls_public`` and ``urls_referee``, whose control room the round page shows; the root
URLconf merges them)."""

from django.urls import path

from marias_admin.seating import (
    views_control,
    views_editing,
    views_round,
    views_round_actions,
)

app_name = "seating"

ROUND = "tournaments/<int:tournament_id>/rounds/<int:number>/"

urlpatterns = [
    path(ROUND, views_round.round_detail, name="round"),
    path(ROUND + "seat/", views_round_actions.round_seat_view, name="round_seat"),
    path(ROUND + "swap/", views_round_actions.round_swap_view, name="round_swap"),
    path(ROUND + "state/", views_round_actions.round_state_view, name="round_state"),
    path(ROUND + "move/", views_editing.round_move_view, name="round_move"),
    path(ROUND + "late-entry/", views_editing.round_late_entry_view, name="round_late_entry"),
    path(ROUND + "locks/", views_editing.round_lock_view, name="round_lock"),
    path(ROUND + "clock/", views_control.round_clock_view, name="round_clock"),
    path("tournaments/<int:tournament_id>/replan/<int:from_round>/", views_round_actions.replan,
         name="replan"),
]
