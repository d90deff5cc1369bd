"""The public round page players open from the wall or the QR code on their sheet.

Appended to ``seating.urls`` (namespace ``seating``), not included on its own.
"""

from django.urls import path

from marias_admin.seating import views_public

urlpatterns = [
    path("t/<int:tournament_id>/round/<int:number>/", views_public.round_public,
         name="round_public"),
]
