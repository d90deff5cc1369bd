"""The organiser's team pages under /tournaments/<id>/teams/, and the team standings'
downloads under /t/<id>/export/ (namespace ``teams``, shared with ``urls_public``)."""

from django.urls import path

from marias_admin.teams import views, views_exports

app_name = "teams"

T = "tournaments/<int:tournament_id>/teams/"

urlpatterns = [
    path(T, views.team_list, name="list"),
    path(T + "<int:team_id>/", views.team_edit, name="edit"),
    path(T + "<int:team_id>/delete/", views.team_delete, name="delete"),
    path(T + "<int:team_id>/members/<int:member_id>/role/", views.member_role,
         name="member_role"),
    path(T + "<int:team_id>/members/<int:member_id>/remove/", views.member_remove,
         name="member_remove"),
    path(T + "import/", views.import_upload, name="import"),
    path(T + "import/preview/", views.import_preview, name="import_preview"),
    path(T + "import/confirm/", views.import_confirm, name="import_confirm"),
    path(T + "nominations.pdf", views.nominations_pdf, name="nominations_pdf"),
    path("t/<int:tournament_id>/export/teams.xlsx", views_exports.team_standings_export,
         name="standings_xlsx"),
    path("t/<int:tournament_id>/export/teams.pdf", views_exports.team_standings_pdf_view,
         name="standings_pdf"),
]
