"""Creating an SZMK tournament in the organiser UI: the rules bring their defaults (tables of 3,
EUR, 5 c, the SZMK seating plan, Slovak pages), and the SZMK plan seats its rounds."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from marias_admin.seating.models import RoundState, SeatingMethod
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.services import registration_enter_new_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    user = get_user_model().objects.create_user("organizator", password="x", is_staff=True)
    client.force_login(user)
    return user


def form_data(**changes) -> dict:
    data = {"name": "Turnaj SZMK Poprad", "date": "2025-05-03", "venue": "Poprad",
            "ruleset_code": "szmk-voleny-2024", "base_rate": "", "currency": "",
            "language": "", "rounds_planned": "6", "round_minutes": "50", "table_size": "",
            "max_odd_tables": "3", "public_seating": "on", "public_standings": "on"}
    data.update(changes)
    return data


def create(client, **changes) -> Tournament:
    response = client.post(reverse("tournaments:create"), form_data(**changes))
    assert response.status_code == 302, response.context["form"].errors
    return Tournament.objects.get(name=form_data(**changes)["name"])


def test_the_form_offers_both_rulesets_and_a_language(client, staff):
    page = client.get(reverse("tournaments:create")).content.decode()
    assert 'value="szmk-voleny-2024"' in page and 'value="csm-licitovany-2023"' in page
    assert 'name="language"' in page
    assert 'name="table_size"' in page


def test_szmk_brings_its_defaults(client, staff):
    tournament = create(client)
    assert (tournament.table_size, tournament.currency, tournament.base_rate) == (3, "EUR", 5)
    assert tournament.language == "" and tournament.page_language == "sk"
    assert set(tournament.rounds.values_list("method", flat=True)) == {SeatingMethod.SZMK}
    assert tournament.rounds.count() == 6


def test_csm_keeps_its_defaults(client, staff):
    tournament = create(client, name="Velká cena Žďáru", ruleset_code="csm-licitovany-2023")
    assert (tournament.table_size, tournament.currency, tournament.base_rate) == (4, "CZK", 20)
    assert tournament.page_language == "cs"


def test_typed_values_override_the_rules_defaults(client, staff):
    tournament = create(client, table_size="4", base_rate="0,10", currency="EUR",
                        language="en")
    assert (tournament.table_size, tournament.base_rate, tournament.language) == (4, 10, "en")


def test_the_base_rate_hint_follows_the_chosen_rules(client, staff):
    response = client.post(reverse("tournaments:create"), form_data(name=""))
    assert response.status_code == 200  # the name is missing
    assert 'placeholder="0,05"' in response.content.decode()
    assert 'placeholder="0,20"' in client.get(reverse("tournaments:create")).content.decode()


def test_editing_other_fields_keeps_the_language(client, staff):
    tournament = create(client)
    data = form_data(name="Turnaj SZMK Poprad II", base_rate="0,05", currency="EUR",
                     table_size="3")
    response = client.post(reverse("tournaments:edit", args=(tournament.pk,)), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Turnaj SZMK Poprad II" and tournament.language == ""


def test_the_language_can_be_changed(client, staff):
    tournament = create(client)
    data = form_data(base_rate="0,05", currency="EUR", table_size="3", language="cs")
    response = client.post(reverse("tournaments:edit", args=(tournament.pk,)), data)
    assert response.status_code == 302, response.context["form"].errors
    tournament.refresh_from_db()
    assert tournament.language == "cs" and tournament.page_language == "cs"


def test_the_szmk_plan_is_offered_and_seats_the_round(client, staff):
    tournament = create(client)
    for n in range(9):
        registration_enter_new_player(user=staff, tournament=tournament, first_name="Ján",
                                      last_name=f"Hráč {n}", seed_rank=n + 1)
    url = reverse("seating:round", args=(tournament.pk, 1))
    page = client.get(url).content.decode()
    assert '<option value="szmk" selected>' in page
    response = client.post(reverse("seating:round_seat", args=(tournament.pk, 1)),
                           {"method": "szmk", "seed": "7"})
    assert response.status_code == 302
    round_ = tournament.rounds.get(number=1)
    assert round_.state == RoundState.SEATED and round_.method == SeatingMethod.SZMK
    assert [t.seats.count() for t in round_.tables.all()] == [3, 3, 3]
