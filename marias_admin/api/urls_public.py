"""Open data for anyone: the standings widget another site frames, the tournament calendar."""

from __future__ import annotations

from django.urls import path

from marias_admin.api import views_public

app_name = "opendata"

urlpatterns = [
    path("t/<int:tournament_id>/widget/", views_public.standings_widget,
         name="standings_widget"),
    path("calendar.ics", views_public.tournament_calendar, name="calendar"),
]
