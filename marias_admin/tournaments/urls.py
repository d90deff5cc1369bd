"""Organiser pages of tournaments (the round pages live in the seating app)."""

from django.urls import path

from marias_admin.tournaments import views, views_players_bulk

app_name = "tournaments"

T = "<int:tournament_id>/"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_create, name="create"),
    path(T, views.tournament_detail, name="detail"),
    path(T + "edit/", views.tournament_edit, name="edit"),
    path(T + "state/", views.tournament_state, name="state"),
    path(T + "reopen/", views.tournament_reopen, name="reopen"),
    path(T + "registrations/", views.registration_list, name="registrations"),
    path(T + "registrations/details/", views_players_bulk.players_bulk, name="players_bulk"),
    path(T + "registrations/add/", views.registration_add, name="registration_add"),
    path(T + "registrations/check-in-all/", views.registration_check_in_all,
         name="check_in_all"),
    path(T + "registrations/<int:registration_id>/check-in/", views.registration_check_in,
         name="check_in"),
    path(T + "registrations/<int:registration_id>/check-in/undo/",
         views.registration_check_in_undo, name="check_in_undo"),
    path(T + "registrations/<int:registration_id>/withdraw/", views.registration_withdraw,
         name="withdraw"),
    path(T + "roles/", views.roles, name="roles"),
    path(T + "roles/revoke/", views.role_revoke, name="role_revoke"),
]
