"""The organiser's PDFs under /print/: the table sheets (with each table's link and PIN) and
the players' PIN slips (namespace ``printouts``, shared with ``urls_public``)."""

from django.urls import path

from marias_admin.printouts import views

app_name = "printouts"

urlpatterns = [
    path("t/<int:tournament_id>/round/<int:number>/sheets.pdf", views.sheets, name="sheets"),
    path("t/<int:tournament_id>/player-slips.pdf", views.player_slips, name="player_slips"),
    path("t/<int:tournament_id>/poster.pdf", views.poster, name="poster"),
]
