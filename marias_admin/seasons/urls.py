from django.urls import path

from marias_admin.seasons import views, views_members

app_name = "seasons"

urlpatterns = [
    path("seasons/", views.competition_list, name="list"),
    path("seasons/<int:competition_id>/", views.season, name="season"),
    path("seasons/<int:competition_id>/rankings/<int:ranking_id>/", views.ranking,
         name="ranking"),
    path("seasons/<int:competition_id>/players/<int:player_id>/", views.player, name="player"),
    path("seasons/members/import/", views_members.members_import, name="members_import"),
    path("seasons/members/import/preview/", views_members.members_preview,
         name="members_preview"),
    path("seasons/members/import/confirm/", views_members.members_confirm,
         name="members_confirm"),
    path("seasons/members/copy/", views_members.members_copy, name="members_copy"),
]
