"""The front door's public pages under /t/<id>/: the tournament's home and its prize list
(namespace ``public``)."""

from django.urls import path

from marias_admin.prizes import views_public

app_name = "public"

urlpatterns = [
    path("t/<int:tournament_id>/", views_public.tournament_home, name="home"),
    path("t/<int:tournament_id>/prizes/", views_public.prize_list, name="prizes"),
]
