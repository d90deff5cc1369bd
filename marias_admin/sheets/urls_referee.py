"""The referee's pages: rulings, a hand's history, the tournament's log, and the round's table
links and PINs (with the public address they are built on, the organisers').

Namespace ``sheets``, shared with ``urls_table``; the root URLconf merges them.
"""

from django.urls import path

from marias_admin.sheets import views_access, views_referee

app_name = "sheets"

TABLE = "tournaments/<int:tournament_id>/rounds/<int:number>/tables/<int:table>/"
ACCESS = "t/<int:tournament_id>/round/<int:number>/access/"
SHEET = "t/<int:tournament_id>/round/<int:number>/table/<int:table>/"

urlpatterns = [
    path(TABLE + "rulings/new/", views_referee.ruling_add_view, name="ruling_add"),
    path(TABLE + "hands/<int:hand_id>/history/", views_referee.hand_history,
         name="hand_history"),
    path("tournaments/<int:tournament_id>/log/", views_referee.tournament_log, name="log"),
    path(ACCESS, views_access.round_access_view, name="round_access"),
    path(ACCESS + "address/", views_access.public_address_view, name="public_address"),
    path(SHEET + "access/regenerate/", views_access.access_regenerate_view,
         name="access_regenerate"),
    path(SHEET + "access/unlock/", views_access.pins_unlock_view, name="pins_unlock"),
]
