"""The public round page players open from the wall or the QR code on their sheet
(namespace ``seating``, shared with ``urls_organiser``; the root URLconf merges them)."""

from django.urls import path

from marias_admin.seating import views_control, views_public

app_name = "seating"

urlpatterns = [
    path("t/<int:tournament_id>/round/<int:number>/", views_public.round_public,
         name="round_public"),
    path("t/<int:tournament_id>/round/<int:number>/clock/", views_control.round_clock_state,
         name="round_clock_state"),
]
