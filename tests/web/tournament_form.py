"""The tournament form filled in by a staff login, for the tests of the volený rule variants
(shared by the modules that create a tournament through the page, as an organiser does)."""

from __future__ import annotations

from django.urls import reverse

from marias_admin.tournaments.models import Tournament


def form_data(**changes) -> dict:
    data = {"name": "Mariáš pod lípou", "date": "2026-06-13", "venue": "Kramolín",
            "ruleset_code": "pagat-voleny", "base_rate": "", "currency": "", "language": "",
            "rounds_planned": "3", "round_minutes": "60", "table_size": "",
            "max_odd_tables": "3", "public_seating": "on", "public_standings": "on"}
    data.update(changes)
    return data


def post_create(client, **changes):
    return client.post(reverse("tournaments:create"), form_data(**changes))


def create(client, **changes) -> Tournament:
    response = post_create(client, **changes)
    assert response.status_code == 302, response.context["form"].errors
    return Tournament.objects.get(name=form_data(**changes)["name"])
