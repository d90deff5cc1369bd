"""Nothing entered is lost or misattributed (issue 10, items 3, 5, 8 and 9).

- the rules, base rate, currency and table size are locked once results exist, and the base
  rate is capped so that no settlement overflows a 32-bit money column;
- a finished tournament is read-only but for an explicit, audited reopening;
- the "add a new player" form is idempotent and warns about a namesake of the same club;
- registration numbers are normalised the same way by the form, the services and the import.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.models import AuditEntry
from marias_admin.players.importing import read_upload
from marias_admin.players.models import Player
from marias_admin.players.registration_numbers import normalise_registration_number
from marias_admin.tournaments import services
from marias_admin.tournaments.forms import TournamentForm
from marias_admin.tournaments.models import (
    MAX_BASE_RATE,
    Registration,
    RegistrationStatus,
    Role,
    Tournament,
    TournamentState,
)
from marias_admin.tournaments.player_import import import_commit, import_preview
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english(client, settings):
    """The messages are checked in the source language: the services in English, and the
    pages through the language switcher's cookie (which outranks the tournament's Czech)."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    with translation.override("en"):
        yield


def codes(error: ValidationError) -> set[str]:
    found: set[str] = set()
    for errors in error.error_dict.values() if hasattr(error, "error_dict") else [[error]]:
        for e in errors:
            found.update(x.code for x in e.error_list)
    return found


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


@pytest.fixture
def setup():
    return factories.tournament(players=8)


@pytest.fixture
def org_client(client, setup):
    client.force_login(setup.staff.organiser)
    return client


def with_a_hand(setup) -> Tournament:
    factories.running(setup)
    round_ = factories.seated_round(setup, 1)
    factories.add_hand(factories.sheet(round_), "7k+")
    return Tournament.objects.get(pk=setup.tournament.pk)


# --- item 3: rules and money locked under results --------------------------------------------


@pytest.mark.parametrize(("field", "value"), [
    ("base_rate", 500), ("currency", "EUR"), ("ruleset_code", "szmk-voleny-2024"),
    ("table_size", 3), ("ruleset_overrides", {"base": 30}),
])
def test_rules_and_money_cannot_change_under_entered_hands(setup, field, value):
    t = with_a_hand(setup)
    before = Tournament.objects.filter(pk=t.pk).values().get()
    audit = AuditEntry.objects.count()
    with pytest.raises(ValidationError) as raised:
        services.tournament_update(user=setup.staff.organiser, tournament=t, **{field: value})
    assert field in raised.value.error_dict
    assert "hands have been entered" in " ".join(raised.value.message_dict[field])
    assert Tournament.objects.filter(pk=t.pk).values().get() == before
    assert AuditEntry.objects.count() == audit


def test_other_fields_and_unchanged_values_still_save_under_hands(setup):
    t = with_a_hand(setup)
    services.tournament_update(user=setup.staff.organiser, tournament=t, name="Nový název",
                               base_rate=t.base_rate, currency=t.currency, max_odd_tables=2)
    t.refresh_from_db()
    assert (t.name, t.max_odd_tables) == ("Nový název", 2)


def test_before_any_hand_the_change_is_allowed_and_audited(setup):
    t = setup.tournament
    services.tournament_update(user=setup.staff.organiser, tournament=t, base_rate=5,
                               currency="EUR")
    entry = AuditEntry.objects.filter(action="tournament.update").latest("id")
    assert (entry.before["base_rate"], entry.before["currency"]) == (20, "CZK")
    assert (entry.after["base_rate"], entry.after["currency"]) == (5, "EUR")


def test_the_edit_form_shows_the_locked_fields_disabled_with_the_reason(org_client, setup):
    t = with_a_hand(setup)
    url = reverse("tournaments:edit", args=(t.pk,))
    response = org_client.get(url)
    form = response.context["form"]
    for name in ("ruleset_code", "base_rate", "currency", "table_size"):
        assert form.fields[name].disabled, name
    assert not form.fields["name"].disabled
    assert "hands have been entered" in response.content.decode()
    # A crafted POST cannot change them either; the rest of the form is saved.
    data = {"name": "Jiný", "date": "2026-11-21", "venue": "", "ruleset_code":
            "szmk-voleny-2024", "base_rate": "5,00", "currency": "EUR", "language": "",
            "rounds_planned": "2", "round_minutes": "90", "table_size": "3",
            "max_odd_tables": "3"}
    response = org_client.post(url, data)
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.ruleset_code, t.base_rate, t.currency, t.table_size) == (
        "Jiný", "csm-licitovany-2023", 20, "CZK", 4)


def test_a_ruling_alone_locks_the_rules_too(setup):
    from marias_admin.sheets.models import RulingKind
    from marias_admin.sheets.services import ruling_add

    factories.running(setup)
    round_ = factories.seated_round(setup, 1)
    sheet = factories.sheet(round_)
    offender = sheet.table.seats.get(position=1).registration
    ruling_add(user=setup.staff.referee, sheet=sheet, kind=RulingKind.YELLOW_CARD,
               offender=offender, reason="mluvil do hry")
    assert services.locked_fields(setup.tournament) == services.RESULT_FIELDS


def test_base_rate_is_capped_in_the_model_and_the_form(setup):
    with pytest.raises(ValidationError) as raised:
        services.tournament_update(user=setup.staff.organiser, tournament=setup.tournament,
                                   base_rate=MAX_BASE_RATE + 1)
    assert "base_rate" in raised.value.error_dict
    form = TournamentForm({"name": "T", "date": "2026-11-21", "ruleset_code":
                           "csm-licitovany-2023", "base_rate": "500,01", "rounds_planned": "4",
                           "round_minutes": "90", "max_odd_tables": "3"})
    assert not form.is_valid() and "base_rate" in form.errors
    form = TournamentForm({"name": "T", "date": "2026-11-21", "ruleset_code":
                           "csm-licitovany-2023", "base_rate": "500", "rounds_planned": "4",
                           "round_minutes": "90", "max_odd_tables": "3"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["base_rate"] == MAX_BASE_RATE


@pytest.mark.parametrize("text", ["d+", "100+7c b 90+40 s+"])
def test_the_largest_hand_at_the_largest_base_rate_fits_a_32_bit_column(text):
    setup = factories.tournament(players=8, base_rate=MAX_BASE_RATE)
    factories.running(setup)
    record = factories.add_hand(factories.sheet(factories.seated_round(setup, 1)), text)
    record.refresh_from_db()
    assert max(abs(m) for m in record.money) < 2**31
    assert sum(record.money) == 0


# --- item 5: a finished tournament is read-only ----------------------------------------------


def finished(setup) -> Tournament:
    return factories.finish(setup)


def test_a_finished_tournament_refuses_registrations_and_changes(setup):
    t = finished(setup)
    organiser = setup.staff.organiser
    registration = setup.registrations[0]
    registered = services.player_create(user=organiser, first_name="Karel", last_name="Nový")
    writes = {
        "create": lambda: services.registration_create(user=organiser, tournament=t,
                                                       player=registered),
        "enter": lambda: services.registration_enter(user=organiser, tournament=t,
                                                     player=registered, present=True),
        "new player": lambda: services.registration_enter_new_player(
            user=organiser, tournament=t, first_name="Pozdní", last_name="Hráč"),
        "check in": lambda: services.registration_check_in(user=organiser,
                                                           registration=registration),
        "check in all": lambda: services.registrations_check_in_all(user=organiser,
                                                                   tournament=t),
        "withdraw": lambda: services.registration_withdraw(user=organiser,
                                                           registration=registration),
        "update": lambda: services.tournament_update(user=organiser, tournament=t,
                                                     name="Jinak"),
        "import": lambda: import_commit(user=organiser, tournament=t, parsed=read_upload(
            "p.csv", "Příjmení;Jméno\nSvoboda;Petr\n".encode())),
    }
    for label, write in writes.items():
        players, registrations = Player.objects.count(), Registration.objects.count()
        audit = AuditEntry.objects.count()
        with pytest.raises(ValidationError) as raised:
            write()
        assert "tournament_finished" in codes(raised.value), label
        assert (Player.objects.count(), Registration.objects.count(),
                AuditEntry.objects.count()) == (players, registrations, audit), label
    t.refresh_from_db()
    assert t.state == TournamentState.FINISHED and t.name == "Turnaj"
    # Staff management is not a result: roles can still be granted.
    services.role_grant(user=organiser, tournament=t, member=factories.user("pomocnik"),
                        role=Role.SCOREKEEPER)


def test_reopen_needs_a_reason_and_is_audited(setup):
    t = finished(setup)
    with pytest.raises(ValidationError) as raised:
        services.tournament_reopen(user=setup.staff.organiser, tournament=t, reason="  ")
    assert "reason" in raised.value.error_dict
    services.tournament_reopen(user=setup.staff.organiser, tournament=t,
                               reason="oprava výsledku stolu 2")
    t.refresh_from_db()
    assert t.state == TournamentState.RUNNING
    entry = AuditEntry.objects.get(action="tournament.reopen")
    assert entry.reason == "oprava výsledku stolu 2"
    assert (entry.before["state"], entry.after["state"]) == ("finished", "running")
    assert entry.user == setup.staff.organiser
    # Running again: registrations work, and it can be finished again.
    services.registration_enter_new_player(user=setup.staff.organiser, tournament=t,
                                           first_name="Pozdní", last_name="Hráč")
    services.tournament_advance(user=setup.staff.organiser, tournament=t,
                                state=TournamentState.FINISHED, confirmed_open=True)


def test_only_a_finished_tournament_can_be_reopened(setup):
    with pytest.raises(ValidationError):
        services.tournament_reopen(user=setup.staff.organiser, tournament=setup.tournament,
                                   reason="omyl")


def test_reopen_button_on_the_overview_page(org_client, setup):
    t = finished(setup)
    detail = reverse("tournaments:detail", args=(t.pk,))
    page = org_client.get(detail).content.decode()
    assert reverse("tournaments:reopen", args=(t.pk,)) in page
    # Without a reason: refused with a message, still finished.
    response = org_client.post(reverse("tournaments:reopen", args=(t.pk,)), {"reason": ""},
                               follow=True)
    assert response.status_code == 200 and messages_of(response)
    t.refresh_from_db()
    assert t.state == TournamentState.FINISHED
    response = org_client.post(reverse("tournaments:reopen", args=(t.pk,)),
                               {"reason": "chyba v zápisu"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.state == TournamentState.RUNNING
    assert reverse("tournaments:reopen", args=(t.pk,)) not in org_client.get(detail) \
        .content.decode()


def test_finished_tournament_pages_refuse_writes_with_a_message(org_client, setup):
    t = finished(setup)
    players = Player.objects.count()
    url = reverse("tournaments:registration_add", args=(t.pk,))
    response = org_client.post(url, {"new": "1", "last_name": "Pozdní", "first_name": "Jan"})
    assert response.status_code == 200
    assert "finished" in " ".join(response.context["new_form"].non_field_errors())
    assert Player.objects.count() == players
    response = org_client.post(reverse("tournaments:check_in_all", args=(t.pk,)), follow=True)
    assert response.status_code == 200 and any("finished" in m for m in messages_of(response))
    response = org_client.post(reverse("tournaments:check_in",
                                       args=(t.pk, setup.registrations[0].pk)), follow=True)
    assert response.status_code == 200 and any("finished" in m for m in messages_of(response))


# --- item 8: the new-player form is idempotent and warns about namesakes --------------------


def new_player_data(**extra) -> dict[str, str]:
    data = {"new": "1", "last_name": "Ševčík", "first_name": "Ľuboš", "club": "MK Nitra",
            "registration_number": "SK-1002", "present": "on"}
    data.update(extra)
    return data


def test_the_same_form_sent_twice_creates_one_player_and_one_registration(org_client, setup):
    url = reverse("tournaments:registration_add", args=(setup.tournament.pk,))
    key = org_client.get(url).context["new_form"].initial["submission_key"]
    players, registrations = Player.objects.count(), Registration.objects.count()
    first = org_client.post(url, new_player_data(submission_key=key))
    second = org_client.post(url, new_player_data(submission_key=key), follow=True)
    assert first.status_code == 302 and second.status_code == 200
    assert Player.objects.count() == players + 1
    assert Registration.objects.count() == registrations + 1
    assert Player.objects.filter(last_name="Ševčík").count() == 1
    assert any("already registered by this form" in m for m in messages_of(second))
    # Each rendering of the form has its own key: the next player is added normally.
    assert org_client.get(url).context["new_form"].initial["submission_key"] != key


def test_the_form_key_is_rendered_and_rejected_when_damaged(org_client, setup):
    url = reverse("tournaments:registration_add", args=(setup.tournament.pk,))
    response = org_client.get(url)
    key = response.context["new_form"].initial["submission_key"]
    assert f'name="submission_key" value="{key}"' in response.content.decode()
    response = org_client.post(url, new_player_data(submission_key="'; drop table x"))
    assert response.status_code == 200
    assert "reload the page" in " ".join(response.context["new_form"].non_field_errors())
    assert not Player.objects.filter(last_name="Ševčík").exists()


def test_a_namesake_of_the_same_club_is_confirmed_before_anything_is_created(org_client,
                                                                               setup):
    organiser = setup.staff.organiser
    known = services.player_create(user=organiser, first_name="Ľuboš", last_name="Ševčík",
                                   club_name="MK Nitra")
    url = reverse("tournaments:registration_add", args=(setup.tournament.pk,))
    players, registrations = Player.objects.count(), Registration.objects.count()
    key = org_client.get(url).context["new_form"].initial["submission_key"]
    response = org_client.post(url, new_player_data(registration_number="", submission_key=key))
    assert response.status_code == 200
    assert "confirm_namesake" in response.context["new_form"].errors
    assert [p.pk for p in response.context["namesakes"]] == [known.pk]
    assert (Player.objects.count(), Registration.objects.count()) == (players, registrations)
    # The warning offers to register the existing player.
    assert f'name="player" value="{known.pk}"' in response.content.decode()
    # Confirmed: a second Ševčík Ľuboš of MK Nitra is created.
    # The same form (same key) sent again with the confirmation: the refusal kept nothing,
    # not even the key.
    response = org_client.post(url, new_player_data(registration_number="", submission_key=key,
                                                    confirm_namesake="on"))
    assert response.status_code == 302
    assert Player.objects.filter(last_name="Ševčík", first_name="Ľuboš").count() == 2


def test_the_same_name_in_another_club_is_no_namesake(org_client, setup):
    services.player_create(user=setup.staff.organiser, first_name="Ľuboš", last_name="Ševčík",
                           club_name="MK Košice")
    url = reverse("tournaments:registration_add", args=(setup.tournament.pk,))
    response = org_client.post(url, new_player_data())
    assert response.status_code == 302
    assert Player.objects.filter(last_name="Ševčík").count() == 2


# --- item 9: one normaliser of registration numbers ------------------------------------------


@pytest.mark.parametrize(("typed", "stored"), [
    ("SK-1002", "SK-1002"), ("sk-1002", "SK-1002"), ("SK 1002", "SK-1002"),
    (" sk1002 ", "SK-1002"), ("cz 0 1234", "CZ-01234"), ("40213", "40213"), ("", ""),
])
def test_registration_numbers_are_normalised(typed, stored):
    assert normalise_registration_number(typed) == stored


@pytest.mark.parametrize("typed", ["SK-12", "1234567", "S-1002", "SK–1002x", "²³⁴", "x" * 500])
def test_bad_registration_numbers_are_refused(typed):
    with pytest.raises(ValidationError) as raised:
        normalise_registration_number(typed)
    assert "registration number" in raised.value.messages[0]


def test_player_create_stores_the_canonical_number_and_refuses_other_spellings(setup):
    organiser = setup.staff.organiser
    player = services.player_create(user=organiser, first_name="Jan", last_name="Kováč",
                                    registration_number="sk 1002")
    assert player.registration_number == "SK-1002"
    for spelling in ("SK-1002", "sk-1002", "SK1002", "SK 1002"):
        with pytest.raises(ValidationError) as raised:
            services.player_create(user=organiser, first_name="Petr", last_name="Jiný",
                                   registration_number=spelling)
        assert "Kováč Jan" in " ".join(raised.value.message_dict["registration_number"])
    assert not Player.objects.filter(last_name="Jiný").exists()
    with pytest.raises(ValidationError) as raised:
        services.player_create(user=organiser, first_name="Petr", last_name="Jiný",
                               registration_number="SK-12")
    assert "registration_number" in raised.value.error_dict


def test_the_manual_form_refuses_another_spelling_of_a_taken_number(org_client, setup):
    Player.objects.create(first_name="Ján", last_name="Starý", registration_number="SK1002")
    url = reverse("tournaments:registration_add", args=(setup.tournament.pk,))
    for spelling in ("sk-1002", "SK 1002", "SK-1002"):
        response = org_client.post(url, new_player_data(registration_number=spelling))
        assert response.status_code == 200
        errors = " ".join(response.context["new_form"].errors["registration_number"])
        assert "Starý Ján" in errors
    response = org_client.post(url, new_player_data(registration_number="SK-12"))
    assert "registration_number" in response.context["new_form"].errors
    assert not Player.objects.filter(last_name="Ševčík").exists()
    response = org_client.post(url, new_player_data(registration_number="sk 2002"))
    assert response.status_code == 302
    assert Player.objects.get(last_name="Ševčík").registration_number == "SK-2002"


def test_the_import_uses_the_same_normaliser(setup):
    organiser = setup.staff.organiser
    services.player_create(user=organiser, first_name="Jan", last_name="Kováč",
                           registration_number="SK-1002")
    parsed = read_upload("p.csv", ("Příjmení;Jméno;Reg. č.\n"
                                   "Jiný;Petr;sk 1002\n"
                                   "Nový;Karel;sk 3003\n"
                                   "Špatný;Jan;SK-12\n").encode())
    preview = import_preview(tournament=setup.tournament, parsed=parsed)
    by_row = {r.row: r for r in preview.rows}
    assert [p.code for p in by_row[2].problems] == ["number_taken"]
    assert "Kováč Jan" in by_row[2].problem_messages[0]
    assert by_row[3].checked.registration_number == "SK-3003"
    assert [p.code for p in by_row[4].problems] == ["bad_registration_number"]
    import_commit(user=organiser, tournament=setup.tournament, parsed=parsed)
    assert Player.objects.get(last_name="Nový").registration_number == "SK-3003"
    assert not Player.objects.filter(last_name__in=("Jiný", "Špatný")).exists()


def test_registration_in_a_running_tournament_still_works(setup):
    t = factories.running(setup)
    registration = services.registration_enter_new_player(
        user=setup.staff.organiser, tournament=t, first_name="Pozdní", last_name="Hráč",
        registration_number="cz01234")
    assert registration.status == RegistrationStatus.PRESENT
    assert registration.player.registration_number == "CZ-01234"
