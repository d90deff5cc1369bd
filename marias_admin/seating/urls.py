"""The organiser's round pages under /tournaments/ (the round page, its actions, the control
room); the public round page under /t/ is in ``urls_public``, appended below.

Included from the root URLconf with ``path("", include(...))``; the namespace is ``seating``.
"""

from django.urls import path

from marias_admin.seating import urls_public, views_control, views_round, views_round_actions

app_name = "seating"  # shared with urls_public, whose patterns are appended below

ROUND = "tournaments/<int:tournament_id>/rounds/<int:number>/"

urlpatterns = [
    path(ROUND, views_round.round_detail, name="round"),
    path(ROUND + "seat/", views_round_actions.round_seat_view, name="round_seat"),
    path(ROUND + "swap/", views_round_actions.round_swap_view, name="round_swap"),
    path(ROUND + "state/", views_round_actions.round_state_view, name="round_state"),
    path(ROUND + "tables-status/", views_control.round_tables_status,
         name="round_tables_status"),
    path(ROUND + "clock/", views_control.round_clock_view, name="round_clock"),
    path("tournaments/<int:tournament_id>/replan/<int:from_round>/", views_round_actions.replan,
         name="replan"),
]
urlpatterns += urls_public.urlpatterns
