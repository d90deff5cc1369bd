"""The tournament's organisers: the results exchange file; the staff: its import into a
season."""

from __future__ import annotations

from django.urls import path

from marias_admin.api import views_exchange, views_import

app_name = "opendata"

urlpatterns = [
    path("tournaments/<int:tournament_id>/results-exchange.json", views_exchange.exchange_export,
         name="exchange_export"),
    path("seasons/<int:competition_id>/import-results/", views_import.exchange_import,
         name="exchange_import"),
    path("seasons/<int:competition_id>/import-results/confirm/",
         views_import.exchange_import_confirm, name="exchange_import_confirm"),
]
