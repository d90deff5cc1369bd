"""The organiser's standings rules under /tournaments/ (namespace ``standings``, shared with
``urls_public``). The organiser's downloads are in ``urls_exports`` (namespace ``exports``)."""

from django.urls import path

from marias_admin.standings import views_organiser

app_name = "standings"

urlpatterns = [
    path("tournaments/<int:tournament_id>/standings/settings/", views_organiser.rules_settings,
         name="settings"),
]
