"""Player import and registration export, per tournament (organisers only). The URL names
keep the namespace ``players``: the pages are about players, their code lives with the
tournament they fill."""

from django.urls import path

from marias_admin.tournaments import views_import as views

app_name = "players"

urlpatterns = [
    path("tournaments/<int:tournament_id>/import/", views.import_upload, name="import"),
    path("tournaments/<int:tournament_id>/import/preview/", views.import_preview_page,
         name="import_preview"),
    path("tournaments/<int:tournament_id>/import/confirm/", views.import_confirm,
         name="import_confirm"),
    path("tournaments/<int:tournament_id>/registrations.xlsx", views.export_registrations,
         name="export_registrations"),
]
