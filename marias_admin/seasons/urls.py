from django.urls import path

from marias_admin.seasons import views

app_name = "seasons"

urlpatterns = [
    path("seasons/", views.competition_list, name="list"),
    path("seasons/<int:competition_id>/", views.season, name="season"),
]
