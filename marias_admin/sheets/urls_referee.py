"""The referee's pages: rulings, a hand's history, the tournament's log.

Included from the root URLconf with ``path("", include(...))``; the namespace is ``sheets``.
"""

from django.urls import path

from marias_admin.sheets import views_referee as views

TABLE = "tournaments/<int:tournament_id>/rounds/<int:number>/tables/<int:table>/"

urlpatterns = [
    path(TABLE + "rulings/new/", views.ruling_add_view, name="ruling_add"),
    path(TABLE + "hands/<int:hand_id>/history/", views.hand_history, name="hand_history"),
    path("tournaments/<int:tournament_id>/log/", views.tournament_log, name="log"),
]
