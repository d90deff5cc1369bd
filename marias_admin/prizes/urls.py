"""The organiser's category and prize pages, under /tournaments/<id>/prizes/."""

from django.urls import path

from marias_admin.prizes import views

app_name = "prizes"

T = "tournaments/<int:tournament_id>/prizes/"

urlpatterns = [
    path(T, views.setup, name="setup"),
    path(T + "category/<int:category_id>/", views.category_edit, name="category_edit"),
    path(T + "category/<int:category_id>/delete/", views.category_delete,
         name="category_delete"),
    path(T + "prize/<int:prize_id>/", views.prize_edit, name="prize_edit"),
    path(T + "prize/<int:prize_id>/delete/", views.prize_delete, name="prize_delete"),
    path(T + "players/", views.players, name="players"),
    path(T + "players/<int:registration_id>/", views.player_edit, name="player_edit"),
    path(T + "list/", views.prize_list, name="prize_list"),
    path(T + "list.xlsx", views.prize_list_xlsx, name="prize_list_xlsx"),
    path(T + "list.pdf", views.prize_list_pdf, name="prize_list_pdf"),
]
