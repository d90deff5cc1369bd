"""One home for writing a player's details (sex, year of birth, region, club): the category
page, the bulk table and the import all write through ``players.details``; a change that would
move a finished tournament's category results is refused unless the organiser confirms it."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.players import details
from marias_admin.players.details import FinishedTournamentsChange, player_details_update
from marias_admin.players.models import Club, Player
from marias_admin.prizes.services import category_save
from marias_admin.tournaments.models import Registration, TournamentState
from marias_admin.tournaments.services import (
    player_create,
    registration_create,
    tournament_set_state,
)
from tests.factories import make_tournament, make_user
from tests.web.helpers import text
from tests.web.module_world import each_test_in_a_savepoint  # noqa: F401 (autouse)

pytestmark = pytest.mark.django_db

FINISHED = "Velká cena Brna 2026"


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """A finished tournament with a women's and a seniors' category, where Jana Nová (female,
    1980) played; a running one with the same categories where she and Petr Malý (only here)
    are registered. Built once, rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        org = make_user("org")
        done = make_tournament(org, players=0, name=FINISHED, language="en")
        running = make_tournament(org, players=0, name="Jarní turnaj", language="en")
        jana = player_create(user=org, first_name="Jana", last_name="Nová", club_name="KM Brno",
                             sex="female", birth_year=1980, region="Jihomoravský")
        petr = player_create(user=org, first_name="Petr", last_name="Malý",
                             club_name="KM Brno", sex="male", birth_year=1950)
        for t in (done, running):
            category_save(user=org, tournament=t, name="Ženy", kind="women")
            category_save(user=org, tournament=t, name="Senioři", kind="seniors", year=1960)
            registration_create(user=org, tournament=t, player=jana)
        registration_create(user=org, tournament=running, player=petr)
        tournament_set_state(user=org, tournament=done, state=TournamentState.FINISHED)
        with django_db_blocker.block():
            yield {"org": org, "done": done, "running": running, "jana": jana, "petr": petr}
        transaction.set_rollback(True)



def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def _details_entries(player: Player) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action=AuditAction.PLAYER_DETAILS,
                                          object_id=str(player.pk)).order_by("pk"))


# --- the service ---------------------------------------------------------------------------


def test_a_change_moving_a_finished_tournaments_category_is_refused_unconfirmed(world):
    jana = Player.objects.get(pk=world["jana"].pk)
    with translation.override("en"), pytest.raises(FinishedTournamentsChange) as refused:
        player_details_update(user=world["org"], player=jana, changes={"sex": "male"})
    assert refused.value.messages == [
        "Nová Jana: would leave the category “Ženy” of Velká cena Brna 2026 (finished): its "
        "ranking and prize list would change."]
    assert Player.objects.get(pk=jana.pk).sex == "female"  # nothing saved
    assert _details_entries(jana) == []


def test_confirmed_it_is_saved_with_before_after_and_what_it_moved(world):
    jana = Player.objects.get(pk=world["jana"].pk)
    with translation.override("en"):
        player_details_update(user=world["org"], player=jana, confirm_finished=True,
                              changes={"sex": "male", "birth_year": 1950})
    stored = Player.objects.get(pk=jana.pk)
    assert (stored.sex, stored.birth_year) == ("male", 1950)
    [entry] = _details_entries(jana)
    assert entry.before == {"sex": "female", "birth_year": 1980}
    assert entry.after == {"sex": "male", "birth_year": 1950}
    assert "leave the category “Ženy” of Velká cena Brna 2026" in entry.reason
    assert "join the category “Senioři” of Velká cena Brna 2026" in entry.reason


def test_a_change_no_finished_category_notices_goes_through(world):
    jana = Player.objects.get(pk=world["jana"].pk)
    club = Club.objects.create(name="Sokol Líšeň")
    # 1981 is no senior either; the club is asked by no category; the region by none here.
    player_details_update(user=world["org"], player=jana,
                          changes={"birth_year": 1981, "club": club, "region": "Vysočina"})
    stored = Player.objects.get(pk=jana.pk)
    assert (stored.birth_year, stored.club_id, stored.region) == (1981, club.pk, "Vysočina")
    [entry] = _details_entries(jana)
    assert entry.after == {"birth_year": 1981, "region": "Vysočina", "club": "Sokol Líšeň"}


def test_a_player_only_in_running_tournaments_changes_as_before(world):
    petr = Player.objects.get(pk=world["petr"].pk)
    player_details_update(user=world["org"], player=petr, changes={"sex": "female"})
    assert Player.objects.get(pk=petr.pk).sex == "female"
    assert len(_details_entries(petr)) == 1


def test_a_wrong_value_is_refused_by_field(world):
    jana = Player.objects.get(pk=world["jana"].pk)
    with pytest.raises(ValidationError) as refused:
        player_details_update(user=world["org"], player=jana,
                              changes={"birth_year": 1800, "sex": "x"})
    assert set(refused.value.message_dict) == {"birth_year", "sex"}
    stored = Player.objects.get(pk=jana.pk)
    assert (stored.birth_year, stored.sex) == (1980, "female")


# --- the three pages ---------------------------------------------------------------------


def _bulk_data(client: Client, tournament: Any, player: Player, **changed: str
               ) -> tuple[str, dict[str, str]]:
    url = reverse("tournaments:players_bulk", args=[tournament.pk])
    page = client.get(url)
    formset = page.context["formset"]
    data = {f"{formset.prefix}-{k}": v for k, v in formset.management_form.initial.items()}
    for form in formset.forms:
        for name in form.fields:
            value = form.initial.get(name)
            data[f"{form.prefix}-{name}"] = "" if value is None else value
        if form.player_id == player.pk:
            data.update({f"{form.prefix}-{k}": v for k, v in changed.items()})
    return url, data


def test_the_bulk_table_warns_at_the_row_and_saves_only_with_the_tick(world):
    client, jana = _client(world["org"]), world["jana"]
    url, data = _bulk_data(client, world["running"], jana, sex="male")

    refused = client.post(url, data)

    assert refused.status_code == 200
    assert Player.objects.get(pk=jana.pk).sex == "female"
    [row] = refused.context["with_warnings"]
    assert row["player"].pk == jana.pk
    page = text(refused)
    assert "would leave the category “Ženy” of Velká cena Brna 2026 (finished)" in page
    assert "I know the finished tournaments&#x27; prize lists change" in page
    assert 'name="confirm_finished"' in refused.content.decode()

    assert client.post(url, {**data, "confirm_finished": "on"}).status_code == 302
    assert Player.objects.get(pk=jana.pk).sex == "male"


def _upload(client: Client, tournament: Any, rows: str) -> None:
    client.post(reverse("players:import", args=[tournament.pk]), {"file": SimpleUploadedFile(
        "hraci.csv", ("Příjmení;Jméno;Klub;Pohlaví\n" + rows).encode())})


def test_the_import_preview_warns_and_the_import_needs_the_tick(world):
    client, jana, t = _client(world["org"]), world["jana"], world["running"]
    _upload(client, t, "Nová;Jana;KM Brno;M\n")
    preview = client.get(reverse("players:import_preview", args=[t.pk]))
    page = text(preview)
    assert "would leave the category “Ženy” of Velká cena Brna 2026 (finished)" in page
    assert "problem-warning" in preview.content.decode()
    form = preview.context["form"]
    assert "confirm_finished" in form.fields
    confirm = reverse("players:import_confirm", args=[t.pk])
    sent = {"status": "registered", "fingerprint": form.initial["fingerprint"]}

    refused = client.post(confirm, sent)

    assert refused["Location"] == reverse("players:import_preview", args=[t.pk])
    assert Player.objects.get(pk=jana.pk).sex == "female"
    assert client.post(confirm, {**sent, "confirm_finished": "on"}).status_code == 302
    assert Player.objects.get(pk=jana.pk).sex == "male"


def test_an_import_changing_nothing_finished_shows_no_tick(world):
    client, t = _client(world["org"]), world["running"]
    _upload(client, t, "Malý;Petr;KM Brno;Ž\n")
    preview = client.get(reverse("players:import_preview", args=[t.pk]))
    assert "confirm_finished" not in preview.context["form"].fields
    assert "(finished)" not in text(preview)


def test_the_category_page_warns_and_saves_with_the_tick(world):
    client, jana = _client(world["org"]), world["jana"]
    registration = Registration.objects.get(tournament=world["running"], player=jana)
    url = reverse("prizes:player_edit", args=[world["running"].pk, registration.pk])
    sent = {"sex": "male", "birth_year": "1980", "region": "Jihomoravský"}

    refused = client.post(url, sent)

    assert refused.status_code == 200
    assert "would leave the category “Ženy” of Velká cena Brna 2026 (finished)" in text(refused)
    assert Player.objects.get(pk=jana.pk).sex == "female"
    assert client.post(url, {**sent, "confirm_finished": "on"}).status_code == 302
    assert Player.objects.get(pk=jana.pk).sex == "male"


def test_all_three_pages_write_through_the_one_service(world):
    client, petr, t = _client(world["org"]), world["petr"], world["running"]
    registration = Registration.objects.get(tournament=t, player=petr)
    with mock.patch.object(details, "player_details_update",
                           wraps=details.player_details_update) as service:
        client.post(reverse("prizes:player_edit", args=[t.pk, registration.pk]),
                    {"sex": "male", "birth_year": "1951", "region": ""})
        url, data = _bulk_data(client, t, petr, birth_year="1952")
        client.post(url, data)
        _upload(client, t, "Malý;Petr;KM Brno;Ž\n")
        form = client.get(reverse("players:import_preview", args=[t.pk])).context["form"]
        client.post(reverse("players:import_confirm", args=[t.pk]),
                    {"status": "registered", "fingerprint": form.initial["fingerprint"]})
    assert [call.kwargs["changes"] for call in service.call_args_list] == [
        {"sex": "male", "birth_year": 1951, "region": ""},
        {"sex": "male", "birth_year": 1952, "region": ""},
        {"sex": "female"},
    ]
    stored = Player.objects.get(pk=petr.pk)
    assert (stored.sex, stored.birth_year) == ("female", 1952)
