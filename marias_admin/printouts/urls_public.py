"""The seating lists under /print/, as public as the seating page (namespace ``printouts``,
shared with ``urls_organiser``)."""

from django.urls import path

from marias_admin.printouts import views_public as views

app_name = "printouts"

urlpatterns = [
    path("t/<int:tournament_id>/round/<int:number>/seating-by-table.pdf",
         views.seating_tables, name="seating_tables"),
    path("t/<int:tournament_id>/round/<int:number>/seating-alphabetical.pdf",
         views.seating_alpha, name="seating_alpha"),
]
