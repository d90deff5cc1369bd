"""The control room for the tournament's referees and organisers: its page, its live part
and its row actions (namespace ``seating``, shared with ``urls_organiser`` and
``urls_public``; the root URLconf merges them)."""

from django.urls import path

from marias_admin.seating import views_referee

app_name = "seating"

ROUND = "tournaments/<int:tournament_id>/rounds/<int:number>/"

urlpatterns = [
    path(ROUND + "control/", views_referee.round_control, name="round_control"),
    path(ROUND + "tables-status/", views_referee.round_tables_status,
         name="round_tables_status"),
    path(ROUND + "tables/<int:table>/confirm/", views_referee.round_table_confirm,
         name="round_table_confirm"),
    path(ROUND + "tables/<int:table>/reopen/", views_referee.round_table_reopen,
         name="round_table_reopen"),
]
