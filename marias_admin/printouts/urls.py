from django.urls import path

from marias_admin.printouts import views

app_name = "printouts"

urlpatterns = [
    path("t/<int:tournament_id>/round/<int:number>/sheets.pdf", views.sheets, name="sheets"),
    path("t/<int:tournament_id>/round/<int:number>/seating-by-table.pdf",
         views.seating_tables, name="seating_tables"),
    path("t/<int:tournament_id>/round/<int:number>/seating-alphabetical.pdf",
         views.seating_alpha, name="seating_alpha"),
    path("t/<int:tournament_id>/player-slips.pdf", views.player_slips, name="player_slips"),
]
