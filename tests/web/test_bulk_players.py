"""Bulk player data (issue 24 item 6): the organiser's table of every registered player's sex,
year of birth, region and club, saved by one service: everything or nothing, audited per
player, refused when a row changed since the page was loaded."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.players.models import Club, Player
from marias_admin.prizes.services import player_details_update
from marias_admin.tournaments.models import Role
from marias_admin.tournaments.services import player_create, registration_create, role_grant
from tests.factories import make_tournament, make_user
from tests.web.helpers import text

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client):
    organiser = make_user("org")
    # English pages: the new sentences are asserted in their source language.
    tournament = make_tournament(organiser, players=6, language="en")
    client.force_login(organiser)
    return {"t": tournament, "org": organiser, "client": client,
            "url": reverse("tournaments:players_bulk", args=[tournament.pk])}


def form_data(response: Any) -> dict[str, Any]:
    """The page's form as the browser would send it unchanged."""
    formset = response.context["formset"]
    data: dict[str, Any] = {f"{formset.prefix}-{k}": v
                            for k, v in formset.management_form.initial.items()}
    for form in formset.forms:
        for name in form.fields:
            value = form.initial.get(name)
            data[f"{form.prefix}-{name}"] = "" if value is None else value
    return data


def row_of(response: Any, player: Player) -> str:
    """The form prefix of ``player``'s row."""
    for row in response.context["rows"]:
        if row["player"].pk == player.pk:
            return row["form"].prefix
    raise AssertionError(player)


def players(tournament) -> list[Player]:
    return list(Player.objects.filter(registrations__tournament=tournament).order_by("pk"))


def test_organiser_saves_three_changes_at_once_with_an_audit_entry_each(setup):
    client, url = setup["client"], setup["url"]
    first, second, third, *others = players(setup["t"])
    page = client.get(url)
    assert page.status_code == 200
    data = form_data(page)
    data[row_of(page, first) + "-sex"] = "female"
    data[row_of(page, first) + "-birth_year"] = "1956"
    data[row_of(page, second) + "-region"] = "Vysočina"
    data[row_of(page, third) + "-club"] = "MK Nový klub"
    before = AuditEntry.objects.count()

    response = client.post(url, data)

    assert response.status_code == 302
    first.refresh_from_db(), second.refresh_from_db(), third.refresh_from_db()
    assert (first.sex, first.birth_year) == ("female", 1956)
    assert second.region == "Vysočina"
    assert third.club is not None and third.club.name == "MK Nový klub"
    for other in others:  # the unchanged rows are left alone
        assert Player.objects.get(pk=other.pk).sex == ""
    entries = {e.object_id: e for e in AuditEntry.objects.filter(
        action=AuditAction.PLAYER_DETAILS, tournament=setup["t"])}
    assert set(entries) == {str(first.pk), str(second.pk), str(third.pk)}
    assert entries[str(first.pk)].before == {"sex": "", "birth_year": None}
    assert entries[str(first.pk)].after == {"sex": "female", "birth_year": 1956}
    assert entries[str(second.pk)].after == {"region": "Vysočina"}
    assert entries[str(third.pk)].after == {"club": "MK Nový klub"}
    assert entries[str(third.pk)].before["club"]  # the old club, by name
    # 3 details + the new club's entry, nothing else
    assert AuditEntry.objects.count() == before + 4


def test_a_bad_year_refuses_every_row_and_points_at_its_row(setup):
    client, url = setup["client"], setup["url"]
    first, second, *_rest = players(setup["t"])
    page = client.get(url)
    data = form_data(page)
    data[row_of(page, first) + "-region"] = "Vysočina"
    data[row_of(page, second) + "-birth_year"] = "1800"

    response = client.post(url, data)

    assert response.status_code == 200
    assert Player.objects.get(pk=first.pk).region == ""  # nothing saved
    assert not AuditEntry.objects.filter(action=AuditAction.PLAYER_DETAILS).exists()
    row = next(r for r in response.context["rows"] if r["player"].pk == second.pk)
    assert "birth_year" in row["form"].errors
    assert [r["player"].pk for r in response.context["with_errors"]] == [second.pk]
    html = response.content.decode()
    assert f'id="row-{row["number"]}" class="row-error"' in html
    assert f'href="#row-{row["number"]}"' in html


def test_a_row_changed_since_the_page_was_loaded_is_refused(setup):
    client, url = setup["client"], setup["url"]
    first, second, *_rest = players(setup["t"])
    page = client.get(url)
    data = form_data(page)
    data[row_of(page, first) + "-region"] = "Vysočina"
    data[row_of(page, second) + "-sex"] = "male"
    # Meanwhile somebody else gives the second player a year of birth.
    player_details_update(user=setup["org"], player=second, birth_year=1970)

    response = client.post(url, data)

    assert response.status_code == 200
    assert "changed by someone else" in text(response)
    assert Player.objects.get(pk=first.pk).region == ""
    second.refresh_from_db()
    assert (second.sex, second.birth_year) == ("", 1970)
    row = next(r for r in response.context["rows"] if r["player"].pk == second.pk)
    assert row["form"].non_field_errors()


def test_a_player_of_another_tournament_cannot_be_slipped_in(setup):
    client, url = setup["client"], setup["url"]
    outsider = player_create(user=setup["org"], first_name="Jan", last_name="Cizí")
    page = client.get(url)
    data = form_data(page)
    prefix = row_of(page, players(setup["t"])[0])
    version = data[prefix + "-key"].split(":")[1]
    data[prefix + "-key"] = f"{outsider.pk}:{version}"
    data[prefix + "-region"] = "Vysočina"
    client.post(url, data)
    assert Player.objects.get(pk=outsider.pk).region == ""


@pytest.mark.parametrize("role", ["anonymous", "plain", "scorekeeper", "referee", "stranger"])
def test_other_roles_are_refused(client, setup, role):
    first = players(setup["t"])[0]
    page = setup["client"].get(setup["url"])
    data = form_data(page)
    data[row_of(page, first) + "-region"] = "Vysočina"
    client.logout()
    if role != "anonymous":
        member = make_user(role)
        if role in ("scorekeeper", "referee"):
            role_grant(user=setup["org"], tournament=setup["t"], member=member,
                       role=Role(role))
        if role == "stranger":
            make_tournament(member, players=0, name="Jiný turnaj")
        client.force_login(member)
    for response in (client.get(setup["url"]), client.post(setup["url"], data)):
        if role == "anonymous":
            assert response.status_code == 302 and "login" in response["Location"]
        else:
            assert response.status_code == 403
    assert Player.objects.get(pk=first.pk).region == ""


def test_rows_stand_in_czech_order(client):
    organiser = make_user("org")
    client.force_login(organiser)
    t = make_tournament(organiser, players=3)
    for last in ("Chalupa", "Cibulka", "Čermák", "Horák"):
        player = player_create(user=organiser, first_name="Jan", last_name=last)
        registration_create(user=organiser, tournament=t, player=player)
    url = reverse("tournaments:players_bulk", args=[t.pk])
    names = [r["player"].last_name for r in client.get(url).context["rows"]]
    chosen = [n for n in names if n in ("Chalupa", "Cibulka", "Čermák", "Horák")]
    assert chosen == ["Cibulka", "Čermák", "Horák", "Chalupa"]


def _queries(client, method: str, url: str, data: Any = None) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = getattr(client, method)(url, data)
    assert response.status_code in (200, 302)
    return len(queries)


def test_query_count_does_not_grow_with_the_players(client):
    organiser = make_user("org")
    client.force_login(organiser)
    counts = []
    for size in (3, 30):
        t = make_tournament(organiser, players=size, name=f"Turnaj {size}")
        url = reverse("tournaments:players_bulk", args=[t.pk])
        page = client.get(url)
        assert len(page.context["rows"]) == size
        data = form_data(page)
        first = players(t)[0]
        data[row_of(page, first) + "-region"] = "Vysočina"
        counts.append((_queries(client, "get", url), _queries(client, "post", url, data)))
    assert counts[0] == counts[1]


def test_a_long_list_is_paged_within_the_request_limit(client):
    organiser = make_user("org")
    client.force_login(organiser)
    t = make_tournament(organiser, players=105)
    url = reverse("tournaments:players_bulk", args=[t.pk])
    first = client.get(url)
    assert len(first.context["rows"]) == 100
    assert len(form_data(first)) < 1000  # Django's DATA_UPLOAD_MAX_NUMBER_FIELDS
    second = client.get(url + "?page=2")
    rows = second.context["rows"]
    assert [r["number"] for r in rows] == [101, 102, 103, 104, 105]
    data = form_data(second)
    data[rows[0]["form"].prefix + "-region"] = "Vysočina"
    response = client.post(url + "?page=2", data)
    assert response.status_code == 302 and response["Location"].endswith("?page=2")
    assert Player.objects.get(pk=rows[0]["player"].pk).region == "Vysočina"


def test_the_registrations_page_links_the_table(setup):
    response = setup["client"].get(reverse("tournaments:registrations", args=[setup["t"].pk]))
    assert setup["url"] in response.content.decode()
    assert Club.objects.exists()


def test_a_row_left_as_loaded_does_not_block_when_its_player_changed_meanwhile(setup):
    client, url = setup["client"], setup["url"]
    first, second, *_rest = players(setup["t"])
    page = client.get(url)
    data = form_data(page)
    data[row_of(page, first) + "-region"] = "Vysočina"
    player_details_update(user=setup["org"], player=second, birth_year=1970)

    assert client.post(url, data).status_code == 302

    assert Player.objects.get(pk=first.pk).region == "Vysočina"
    assert Player.objects.get(pk=second.pk).birth_year == 1970  # not overwritten


# --- the import: sex, year of birth, region and club of players new and known ---------------


def _upload(client, tournament, text_: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post(reverse("players:import", args=[tournament.pk]),
                       {"file": SimpleUploadedFile("hraci.csv", text_.encode())})


def _preview(client, tournament):
    return client.get(reverse("players:import_preview", args=[tournament.pk]))


def _confirm(client, tournament, fingerprint: str):
    return client.post(reverse("players:import_confirm", args=[tournament.pk]),
                       {"status": "registered", "fingerprint": fingerprint})


@pytest.mark.parametrize("header", [
    "Příjmení;Jméno;Pohlaví;Rok narození;Kraj;Oddíl",
    "Priezvisko;Meno;Pohlavie;Rok narodenia;Kraj;Oddiel",
    "Last name;First name;Sex;Year of birth;Region;Club",
])
def test_the_import_reads_the_details_in_three_languages(client, header):
    organiser = make_user("org")
    client.force_login(organiser)
    t = make_tournament(organiser, players=0, language="en")
    _upload(client, t, header + "\nNová;Eva;Ž;1956;Vysočina;KM Jihlava\n")
    page = _preview(client, t)
    assert "female · 1956 · Vysočina" in text(page)
    _confirm(client, t, page.context["form"].initial["fingerprint"])
    eva = Player.objects.get(last_name="Nová")
    assert (eva.sex, eva.birth_year, eva.region, eva.club.name) == (
        "female", 1956, "Vysočina", "KM Jihlava")


def test_the_import_changes_known_players_details_shown_first_then_applied(setup):
    client, t, org = setup["client"], setup["t"], setup["org"]
    first, second, *_rest = players(t)
    player_details_update(user=org, player=first, birth_year=1950, region="Praha")
    rows = (f"{first.last_name};{first.first_name};{first.club.name};"
            f"{first.registration_number};1956;\n"  # empty region: kept
            f"{second.last_name};{second.first_name};MK Nový;"
            f"{second.registration_number};;Vysočina\n")
    _upload(client, t, "Příjmení;Jméno;Klub;Reg. číslo;Rok narození;Kraj\n" + rows)
    page = _preview(client, t)
    html = text(page)
    assert "year of birth: 1950 → 1956" in html
    assert f"club: {second.club.name} → MK Nový" in html and "region: – → Vysočina" in html
    assert "Save the changed details" in html  # both are registered already: nothing to import
    fingerprint = page.context["form"].initial["fingerprint"]

    assert _confirm(client, t, fingerprint).status_code == 302

    first.refresh_from_db(), second.refresh_from_db()
    assert (first.birth_year, first.region) == (1956, "Praha")
    assert (second.region, second.club.name) == ("Vysočina", "MK Nový")
    entry = AuditEntry.objects.filter(action=AuditAction.PLAYER_DETAILS,
                                      object_id=str(first.pk)).latest("pk")
    assert (entry.before, entry.after) == ({"birth_year": 1950}, {"birth_year": 1956})


def test_the_import_checks_the_year_as_the_form_does_and_refuses_a_stale_preview(setup):
    client, t, org = setup["client"], setup["t"], setup["org"]
    first, second, *_rest = players(t)
    _upload(client, t, "Příjmení;Jméno;Klub;Reg. číslo;Rok narození\n"
            f"{first.last_name};{first.first_name};{first.club.name};"
            f"{first.registration_number};1800\n"
            f"{second.last_name};{second.first_name};{second.club.name};"
            f"{second.registration_number};1960\n")
    page = _preview(client, t)
    assert "bad year of birth “1800”" in text(page)
    # Meanwhile somebody edits the second player: the preview no longer holds.
    player_details_update(user=org, player=second, birth_year=1961)
    response = _confirm(client, t, page.context["form"].initial["fingerprint"])
    assert response["Location"] == reverse("players:import_preview", args=[t.pk])
    assert Player.objects.get(pk=second.pk).birth_year == 1961
    assert Player.objects.get(pk=first.pk).birth_year is None
