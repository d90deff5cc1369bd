"""The organiser's export downloads, under the public /t/<id>/export/ address (namespace
"exports": "standings" belongs to the pages)."""

from django.urls import path

from marias_admin.standings import views_exports as views

app_name = "exports"

T = "t/<int:tournament_id>/export/"

urlpatterns = [
    path(T + "standings.xlsx", views.standings_xlsx, name="standings_xlsx"),
    path(T + "hands.xlsx", views.hands_xlsx, name="hands_xlsx"),
    path(T + "seating.xlsx", views.seating_xlsx, name="seating_xlsx"),
    path(T + "standings.pdf", views.standings_pdf, name="standings_pdf"),
]
