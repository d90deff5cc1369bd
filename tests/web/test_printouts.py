"""Printout views: who may download which PDF, what it holds, and that it costs a fixed number
of queries. Rounds are seated here directly with the ORM (the seating service is separate)."""

from __future__ import annotations

from datetime import date, time
from itertools import count

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from marias_admin.players.models import Club, Player
from marias_admin.printouts.selectors import table_page_path
from marias_admin.seating.models import Round, RoundState, Seat, Table
from marias_admin.tournaments.models import (
    Registration,
    RegistrationStatus,
    Role,
    Tournament,
    TournamentRole,
)
from tests.web.helpers import pdf_pages

pytestmark = pytest.mark.django_db

FIRST = ["Jan", "Kateřina", "Ľubomír", "Jiří", "Věra", "Tomáš", "Zdeněk", "Marie"]
LAST = ["Řezníček", "Šťastná", "Ďurčo", "Novák", "Čermák", "Chalupa", "Horák", "Žák"]
_numbers = count(1)


def make_tournament(**fields) -> Tournament:
    values = {"name": "Velká cena Žďáru", "date": date(2025, 4, 12), "venue": "U Řeky",
              "ruleset_code": "csm-licitovany-2023", "base_rate": 20, "currency": "CZK"}
    values.update(fields)
    return Tournament.objects.create(**values)


def seat_round(tournament: Tournament, number: int, tables: int, size: int = 4,
               state: str = RoundState.SEATED) -> Round:
    """A seated round of ``tables`` tables, each with ``size`` new registered players."""
    club = Club.objects.get_or_create(name="TJ Sokol Dolní Břežany")[0]
    round_ = Round.objects.create(tournament=tournament, number=number, state=state,
                                  starts_at=time(9, 30))
    for t in range(1, tables + 1):
        table = Table.objects.create(round=round_, number=t)
        for position in range(1, size + 1):
            n = next(_numbers)
            player = Player.objects.create(
                first_name=FIRST[n % len(FIRST)], last_name=LAST[n % len(LAST)],
                club=club, registration_number=f"R{n}")
            registration = Registration.objects.create(
                tournament=tournament, player=player, status=RegistrationStatus.PRESENT)
            Seat.objects.create(round=round_, table=table, position=position,
                                registration=registration)
    return round_


@pytest.fixture
def tournament() -> Tournament:
    """24 players at 6 tables in round 1."""
    t = make_tournament()
    seat_round(t, 1, tables=6)
    return t


@pytest.fixture
def organiser(tournament):
    user = get_user_model().objects.create_user("organiser", password="x")
    TournamentRole.objects.create(tournament=tournament, user=user, role=Role.ORGANISER)
    return user


@pytest.fixture
def stranger(tournament):
    """Logged in, a referee of this tournament, but not its organiser."""
    user = get_user_model().objects.create_user("stranger", password="x")
    TournamentRole.objects.create(tournament=tournament, user=user, role=Role.REFEREE)
    return user


def url(name: str, tournament: Tournament, number: int = 1) -> str:
    return reverse(f"printouts:{name}",
                   kwargs={"tournament_id": tournament.pk, "number": number})


# --- table sheets ------------------------------------------------------------------------


def test_organiser_gets_one_sheet_per_table(client, tournament, organiser):
    client.force_login(organiser)
    response = client.get(url("sheets", tournament))
    pages = pdf_pages(response)
    assert len(pages) == 6
    assert response["Content-Disposition"] == (
        'inline; filename="velka-cena-zdaru-round-1-table-sheets.pdf"')
    first_table = Seat.objects.filter(table__round__number=1, table__number=1)
    for seat in first_table.select_related("registration__player"):
        assert seat.registration.player.last_name in pages[0]
    assert "Stolový lístek" in pages[0]
    assert "kolo 1 · stůl 6" in pages[5]


def test_qr_link_is_the_absolute_table_page(client, tournament, organiser):
    client.force_login(organiser)
    pages = pdf_pages(client.get(url("sheets", tournament)))
    path = table_page_path(tournament.pk, 1, 3)
    assert path == f"/t/{tournament.pk}/round/1/table/3/"
    assert f"http://testserver{path}" in pages[2]


def test_sheet_queries_do_not_grow_with_the_tables(client, organiser):
    small = organiser.tournament_roles.get().tournament
    big = make_tournament(name="Big")
    seat_round(big, 1, tables=12)
    TournamentRole.objects.create(tournament=big, user=organiser, role=Role.ORGANISER)
    client.force_login(organiser)
    counts = []
    for t, tables in ((small, 6), (big, 12)):
        with CaptureQueriesContext(connection) as queries:
            assert len(pdf_pages(client.get(url("sheets", t)))) == tables
        counts.append(len(queries))
    assert counts[0] == counts[1]
    # session, user, tournament, roles, round, seats, the tables' access links (made on the
    # first print: the tables without one, creating them, reading them back), the public
    # address (the site setting, read once for all the QR codes)
    assert counts[0] <= 11


def test_szmk_tournament_prints_slovak_sheets_in_euro(client, organiser):
    szmk = make_tournament(name="Turnaj SZMK", ruleset_code="szmk-voleny-2024",
                           currency="EUR", table_size=3, base_rate=5)
    seat_round(szmk, 1, tables=2, size=3)
    TournamentRole.objects.create(tournament=szmk, user=organiser, role=Role.ORGANISER)
    client.force_login(organiser)
    pages = pdf_pages(client.get(url("sheets", szmk)))
    assert len(pages) == 2
    assert "Súťažný lístok" in pages[0]
    assert "3 · €" in pages[0] and "4 · €" not in pages[0]


def test_sheets_need_the_organiser(client, tournament, stranger):
    assert client.get(url("sheets", tournament)).status_code == 302  # anonymous
    client.force_login(stranger)
    assert client.get(url("sheets", tournament)).status_code == 403


def test_anonymous_is_sent_to_login(client, tournament):
    response = client.get(url("sheets", tournament))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert "next=" in response["Location"]


def test_superuser_may_print(client, tournament):
    admin = get_user_model().objects.create_superuser("boss", password="x")
    client.force_login(admin)
    assert len(pdf_pages(client.get(url("sheets", tournament)))) == 6


def test_round_not_seated_is_404_with_a_message(client, tournament, organiser):
    seat_round(tournament, 2, tables=0, state=RoundState.DRAFT)
    client.force_login(organiser)
    for name in ("sheets", "seating_tables", "seating_alpha"):
        response = client.get(url(name, tournament, 2))
        assert response.status_code == 404
        assert "není rozsazené" in response.content.decode()
    assert client.get(url("sheets", tournament, 9)).status_code == 404  # no such round


def test_unknown_tournament_is_404(client, organiser):
    client.force_login(organiser)
    response = client.get(reverse("printouts:sheets",
                                  kwargs={"tournament_id": 999999, "number": 1}))
    assert response.status_code == 404


def test_only_get(client, tournament, organiser):
    client.force_login(organiser)
    assert client.post(url("sheets", tournament)).status_code == 405


# --- seating lists -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["seating_tables", "seating_alpha"])
def test_public_seating_lists_are_open_to_anyone(client, tournament, name):
    assert tournament.public_seating
    pages = pdf_pages(client.get(url(name, tournament)))
    text = "".join(pages)
    assert "Řezníček" in text and "Velká cena Žďáru" in text
    assert f"strana 1/{len(pages)}" in text


@pytest.mark.parametrize("name", ["seating_tables", "seating_alpha"])
def test_private_seating_lists_need_the_organiser(client, tournament, organiser, stranger,
                                                  name):
    tournament.public_seating = False
    tournament.save()
    assert client.get(url(name, tournament)).status_code == 302
    client.force_login(stranger)
    assert client.get(url(name, tournament)).status_code == 403
    client.force_login(organiser)
    assert pdf_pages(client.get(url(name, tournament)))


def test_seating_list_contents(client, tournament):
    response = client.get(url("seating_tables", tournament))
    by_table = "".join(pdf_pages(response))
    assert response["Content-Disposition"].startswith("inline; filename=")
    for n in range(1, 7):
        assert f"Stůl {n}" in by_table
    alpha = "".join(pdf_pages(client.get(url("seating_alpha", tournament))))
    assert "Zasedací pořádek podle jmen" in alpha
    assert alpha.count("Řezníček") == 3  # 24 players over 8 surnames


def test_seating_list_queries_do_not_grow_with_the_tables(client, tournament):
    big = make_tournament(name="Big")
    seat_round(big, 1, tables=12)
    counts = []
    for t in (tournament, big):
        with CaptureQueriesContext(connection) as queries:
            pdf_pages(client.get(url("seating_tables", t)))
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 3
