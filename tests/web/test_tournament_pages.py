"""Organiser pages of a tournament: create, dashboard, edit, registrations, check-in,
withdrawal with re-planning, adding players, roles."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from marias_admin.players.models import Club, Player
from marias_admin.seating.models import RoundState, Seat
from marias_admin.seating.services import round_set_state
from marias_admin.tournaments.models import (
    Registration,
    RegistrationStatus,
    Role,
    Tournament,
    TournamentRole,
)
from tests.factories import make_tournament, make_user, release, seat
from tests.web.helpers import messages_of, text

pytestmark = pytest.mark.django_db

# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture
def organiser():
    return make_user("organiser")


@pytest.fixture
def tournament(organiser):
    return make_tournament(organiser)


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


# --- tournament list, create, dashboard, edit -----------------------------------------------


def test_list_shows_only_organised_tournaments_and_new_button_for_staff(client, organiser):
    mine = make_tournament(organiser, players=0, name="Můj turnaj")
    make_tournament(make_user("other"), players=0, name="Cizí turnaj")
    client.force_login(organiser)
    response = client.get(reverse("tournaments:list"))
    assert mine.name in text(response) and "Cizí turnaj" not in text(response)
    assert reverse("tournaments:create") not in response.content.decode()
    staff = make_user("staff", is_staff=True)
    client.force_login(staff)
    assert reverse("tournaments:create") in client.get(reverse("tournaments:list")).content.decode()


def test_create_tournament_through_the_form(client):
    staff = make_user("director", is_staff=True)
    client.force_login(staff)
    assert client.get(reverse("tournaments:create")).status_code == 200
    response = client.post(reverse("tournaments:create"), {
        "name": "Mistrovství ČR 2026", "date": "2026-06-13", "venue": "Plzeň",
        "ruleset_code": "csm-licitovany-2023", "base_rate": "", "currency": "",
        "rounds_planned": "5", "round_minutes": "100", "table_size": "4",
        "max_odd_tables": "3", "public_seating": "on",
    })
    tournament = Tournament.objects.get(name="Mistrovství ČR 2026")
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:detail", args=(tournament.pk,))
    assert (tournament.base_rate, tournament.currency) == (20, "CZK")  # from the preset
    assert tournament.public_seating and not tournament.public_results
    assert list(tournament.rounds.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    assert TournamentRole.objects.filter(tournament=tournament, user=staff,
                                         role=Role.ORGANISER).exists()
    page = text(client.get(response["Location"]))
    assert "Mistrovství ČR 2026" in page and "0,20 Kč" in page


def test_create_form_errors_are_shown_next_to_the_field(client):
    client.force_login(make_user("director", is_staff=True))
    response = client.post(reverse("tournaments:create"), {
        "name": "", "date": "2026-06-13", "ruleset_code": "csm-licitovany-2023",
        "base_rate": "0,50", "rounds_planned": "0", "round_minutes": "90", "table_size": "4",
        "max_odd_tables": "3"})
    assert response.status_code == 200
    form = response.context["form"]
    assert set(form.errors) == {"name", "rounds_planned"}
    assert not Tournament.objects.exists()
    html = response.content.decode()
    assert html.index('id="id_name_error"') < html.index('name="date"')  # error beside field


def test_base_rate_is_typed_in_crowns(client):
    client.force_login(make_user("director", is_staff=True))
    client.post(reverse("tournaments:create"), {
        "name": "Levný turnaj", "date": "2026-06-13", "ruleset_code": "csm-licitovany-2023",
        "base_rate": "0,50", "currency": "EUR", "rounds_planned": "3", "round_minutes": "90",
        "table_size": "3", "max_odd_tables": "3"})
    tournament = Tournament.objects.get()
    assert (tournament.base_rate, tournament.currency, tournament.table_size) == (50, "EUR", 3)


def test_dashboard_counts_state_button_and_rounds(org_client, tournament, organiser):
    registrations = list(tournament.registrations.all())
    registrations[0].status = RegistrationStatus.WITHDRAWN
    registrations[0].save()
    registrations[1].status = RegistrationStatus.REGISTERED
    registrations[1].save()
    seat(tournament, 1, organiser)
    response = org_client.get(reverse("tournaments:detail", args=(tournament.pk,)))
    assert response.context["counts"] == {"total": 24, "registered": 1, "present": 22,
                                          "withdrawn": 1}
    page = text(response)
    assert "Otevřít registraci" in page  # draft → registration
    for number in range(1, 5):
        assert reverse("seating:round", args=(tournament.pk, number)) in response.content.decode()
    assert reverse("players:import", args=(tournament.pk,)) in response.content.decode()
    response = org_client.post(reverse("tournaments:state", args=(tournament.pk,)),
                               {"state": "registration"})
    tournament.refresh_from_db()
    assert tournament.state == "registration"
    # skipping a state is refused with a message, not an error page
    response = org_client.post(reverse("tournaments:state", args=(tournament.pk,)),
                               {"state": "finished"}, follow=True)
    assert response.status_code == 200
    tournament.refresh_from_db()
    assert tournament.state == "registration"
    assert any("nemůže" in m for m in messages_of(response))


def test_edit_tournament(org_client, tournament):
    url = reverse("tournaments:edit", args=(tournament.pk,))
    form = org_client.get(url).context["form"]
    assert Decimal(form["base_rate"].value()) == Decimal("0.2")
    response = org_client.post(url, {
        "name": "Velká cena Žďáru 2026", "date": "2026-05-09", "venue": "Žďár",
        "ruleset_code": "csm-licitovany-2023", "base_rate": "0,40", "currency": "CZK",
        "rounds_planned": "6", "round_minutes": "90", "table_size": "4", "max_odd_tables": "3",
        "public_seating": "on"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.base_rate) == ("Velká cena Žďáru 2026", 40)
    assert tournament.rounds.count() == 6


# --- registrations --------------------------------------------------------------------------


def test_registration_list_with_diacritics_and_filters(org_client, organiser):
    tournament = make_tournament(organiser, players=24, status=RegistrationStatus.REGISTERED)
    url = reverse("tournaments:registrations", args=(tournament.pk,))
    page = text(org_client.get(url))
    assert "Šťastný" in page and "Řehoř" in page and "Sokol Říčany" in page
    # the name search ignores accents and case
    response = org_client.get(url, {"q": "stastny"})
    names = [r.player.last_name for r in response.context["table"].data]
    assert names and all(n.startswith("Šťastný") for n in names)
    response = org_client.get(url, {"q": "jiri stast"})
    assert [r.player.first_name for r in response.context["table"].data] == ["Jiří"] * len(
        names)
    club = Club.objects.get(name="Sokol Říčany")
    response = org_client.get(url, {"club": club.pk})
    assert {r.player.club_id for r in response.context["table"].data} == {club.pk}
    response = org_client.get(url, {"status": "present"})
    assert len(response.context["table"].data) == 0


def test_check_in_late_and_bulk(org_client, organiser):
    tournament = make_tournament(organiser, players=8, status=RegistrationStatus.REGISTERED)
    first, second, *_ = tournament.registrations.order_by("id")
    url = reverse("tournaments:registrations", args=(tournament.pk,))
    response = org_client.post(reverse("tournaments:check_in", args=(tournament.pk, first.pk)),
                               {"next": url + "?status=registered"})
    assert response.status_code == 302
    assert response["Location"] == f"{url}?status=registered#reg-{first.pk}"
    first.refresh_from_db()
    assert first.status == RegistrationStatus.PRESENT and first.checked_in_at
    org_client.post(reverse("tournaments:check_in", args=(tournament.pk, second.pk)),
                    {"late": "1"})
    second.refresh_from_db()
    assert second.status == RegistrationStatus.LATE
    response = org_client.post(reverse("tournaments:check_in_all", args=(tournament.pk,)),
                               follow=True)
    assert "6" in " ".join(messages_of(response))
    assert not tournament.registrations.filter(status=RegistrationStatus.REGISTERED).exists()
    # unsafe "next" is ignored
    response = org_client.post(reverse("tournaments:check_in", args=(tournament.pk, first.pk)),
                               {"next": "https://evil.example/"})
    assert response["Location"].startswith(url)


def test_withdraw_defaults_to_next_unplayed_round_and_offers_replan(org_client, tournament,
                                                                    organiser):
    for number in (1, 2, 3):
        seat(tournament, number, organiser, seed=number)
    release(tournament, 1, organiser)
    release(tournament, 2, organiser)
    round1 = list(Seat.objects.filter(round__number=1).values_list("registration_id", flat=True))
    leaving = Registration.objects.get(pk=round1[0])
    url = reverse("tournaments:withdraw", args=(tournament.pk, leaving.pk))
    form = org_client.get(url).context["form"]
    assert form.fields["before_round"].initial == 3
    assert [c for c, _ in form.fields["before_round"].choices] == [3, 4]
    response = org_client.post(url, {"before_round": "3", "reason": "nemoc"})
    replan_url = reverse("seating:replan", args=(tournament.pk, 3))
    assert response["Location"] == replan_url
    page = org_client.get(replan_url)
    assert [r.number for r in page.context["affected"]] == [3]
    assert "Kola 1, 2 byla odehrána a zůstávají beze změny." in text(page)
    before = {n: sorted(Seat.objects.filter(round__number=n).values_list(
        "table__number", "position", "registration_id")) for n in (1, 2)}
    response = org_client.post(replan_url)
    assert response.status_code == 302
    assert not Seat.objects.filter(round__number=3, registration=leaving).exists()
    assert Seat.objects.filter(round__number=3).count() == 23
    for n in (1, 2):  # played rounds unchanged
        assert sorted(Seat.objects.filter(round__number=n).values_list(
            "table__number", "position", "registration_id")) == before[n]
    leaving.refresh_from_db()
    assert (leaving.status, leaving.withdrawn_before_round) == ("withdrawn", 3)


def test_replan_of_a_confirmed_round_asks_explicitly(org_client, tournament, organiser):
    seat(tournament, 1, organiser)
    round_set_state(user=organiser, round=tournament.rounds.get(number=1),
                    state=RoundState.CONFIRMED)
    leaving = Seat.objects.filter(round__number=1).first().registration
    response = org_client.post(reverse("tournaments:withdraw", args=(tournament.pk, leaving.pk)),
                               {"before_round": "1"}, follow=True)
    page = text(response)
    assert response.context["confirmed"]
    assert "již potvrzeno" in page
    assert 'name="confirm_reseat" value="1"' in response.content.decode()
    # without the confirmation the service refuses and the page asks again
    response = org_client.post(reverse("seating:replan", args=(tournament.pk, 1)), follow=True)
    assert Seat.objects.filter(registration=leaving).exists()
    response = org_client.post(reverse("seating:replan", args=(tournament.pk, 1)),
                               {"confirm_reseat": "1"})
    assert response.status_code == 302
    assert not Seat.objects.filter(registration=leaving).exists()
    assert tournament.rounds.get(number=1).state == RoundState.SEATED


def test_withdraw_without_seated_rounds_returns_to_list(org_client, tournament):
    reg = tournament.registrations.first()
    response = org_client.post(reverse("tournaments:withdraw", args=(tournament.pk, reg.pk)),
                               {"before_round": "1"})
    assert response["Location"] == reverse("tournaments:registrations", args=(tournament.pk,))


def test_stale_rounds_banner_after_late_check_in(org_client, organiser):
    tournament = make_tournament(organiser, players=12)
    seat(tournament, 1, organiser)
    late = make_tournament(make_user("x"), players=1, name="jiný").registrations.get().player
    Registration.objects.create(tournament=tournament, player=late,
                                status=RegistrationStatus.PRESENT)
    response = org_client.get(reverse("tournaments:registrations", args=(tournament.pk,)))
    assert response.context["stale"] == [1]
    assert reverse("seating:replan", args=(tournament.pk, 1)) in response.content.decode()


def test_add_new_and_existing_player(org_client, tournament):
    url = reverse("tournaments:registration_add", args=(tournament.pk,))
    response = org_client.post(url, {"new": "1", "last_name": "Ševčík", "first_name": "Ľuboš",
                                     "club": "MK Nové Zámky", "registration_number": "SK-1017",
                                     "present": "on"})
    assert response.status_code == 302
    registration = tournament.registrations.get(player__last_name="Ševčík")
    assert registration.status == RegistrationStatus.PRESENT
    assert registration.player.club.name == "MK Nové Zámky"
    # the same number again: error next to the field, nothing created
    response = org_client.post(url, {"new": "1", "last_name": "Jiný", "first_name": "Jan",
                                     "registration_number": "SK-1017"})
    assert "registration_number" in response.context["new_form"].errors
    assert not Player.objects.filter(last_name="Jiný").exists()
    # an existing player found by an accent-free search
    known = Player.objects.create(first_name="Řehoř", last_name="Žák", sex="male")
    response = org_client.get(url, {"q": "zak"})
    assert [p.pk for p in response.context["found"]] == [known.pk]
    response = org_client.post(url, {"player": known.pk})
    assert tournament.registrations.get(player=known).status == RegistrationStatus.REGISTERED
    response = org_client.post(url, {"player": known.pk}, follow=True)
    assert any("již" in m for m in messages_of(response))  # already registered


def test_roles_grant_and_revoke(org_client, tournament, organiser):
    url = reverse("tournaments:roles", args=(tournament.pk,))
    keeper = make_user("zapisovatel")
    response = org_client.post(url, {"username": "zapisovatel", "role": "scorekeeper"})
    assert response.status_code == 302
    assert TournamentRole.objects.filter(user=keeper, role="scorekeeper").exists()
    response = org_client.post(url, {"username": "nikdo", "role": "referee"})
    assert "username" in response.context["form"].errors
    revoke = reverse("tournaments:role_revoke", args=(tournament.pk,))
    org_client.post(revoke, {"user": keeper.pk, "role": "scorekeeper"})
    assert not TournamentRole.objects.filter(user=keeper).exists()
    # the last organiser stays
    response = org_client.post(revoke, {"user": organiser.pk, "role": "organiser"}, follow=True)
    assert TournamentRole.objects.filter(user=organiser, role="organiser").exists()
    assert any("organizátor" in m for m in messages_of(response))


def test_language_follows_the_visitor(org_client, tournament):
    # A tournament's pages speak its language (Czech for ČSM) whatever the browser prefers;
    # the visitor's choice with the language switcher (its cookie) wins.
    url = reverse("tournaments:registrations", args=(tournament.pk,))
    assert "Přidat hráče" in text(org_client.get(url, headers={"accept-language": "sk"}))
    org_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sk"
    assert "Pridať hráča" in text(org_client.get(url))
    org_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "Add a player" in text(org_client.get(url))


# --- query counts ---------------------------------------------------------------------------


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_registrations_page_query_count_does_not_grow(client, organiser):
    small = make_tournament(organiser, players=24, name="Malý")
    big = make_tournament(organiser, players=96, name="Velký")
    seat(small, 1, organiser)
    seat(big, 1, organiser)
    client.force_login(organiser)
    counts = [_queries(client, reverse("tournaments:registrations", args=(t.pk,)))
              for t in (small, big)]
    assert counts[0] == counts[1]
    counts = [_queries(client, reverse("tournaments:registrations", args=(t.pk,)) + "?q=nov")
              for t in (small, big)]
    assert counts[0] == counts[1]


def test_withdraw_before_round_3_keeps_seated_rounds_1_and_2(org_client, tournament, organiser):
    """The acceptance scenario: three rounds seated (none played yet), a player leaves before
    round 3; only round 3 is re-planned."""
    for number in (1, 2, 3):
        seat(tournament, number, organiser, method="lot" if number == 1 else "optimise",
             seed=number)
    snapshot = {n: sorted(Seat.objects.filter(round__number=n).values_list(
        "table__number", "position", "registration_id")) for n in (1, 2)}
    leaving = Seat.objects.filter(round__number=3).first().registration
    response = org_client.post(reverse("tournaments:withdraw", args=(tournament.pk, leaving.pk)),
                               {"before_round": "3"}, follow=True)
    assert [r.number for r in response.context["affected"]] == [3]
    org_client.post(reverse("seating:replan", args=(tournament.pk, 3)))
    for n in (1, 2):
        assert sorted(Seat.objects.filter(round__number=n).values_list(
            "table__number", "position", "registration_id")) == snapshot[n]
    assert not Seat.objects.filter(round__number=3, registration=leaving).exists()
    assert Seat.objects.filter(round__number=3).count() == 23
