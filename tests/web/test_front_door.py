"""The front door (issue 24, item 3): ``/`` lists the tournaments for everybody (today,
upcoming, finished: those that publish anything, and an organiser's own) and a login with a
role lands on the tournaments where it holds it, with the page its role uses; each tournament
has a public home ``/t/<id>/`` with what its toggles publish (404 when it publishes nothing),
a public prize list behind its own toggle, and a hall poster with the QR code of that home."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from pypdf import PdfReader

from marias_admin.prizes.services import category_save, prize_save
from marias_admin.sheets.services import sheet_assign_scorekeeper, sheet_for
from marias_admin.tournaments.models import Tournament
from tests import factories
from tests.web.helpers import MARGIN, client_for, pdf_pieces, text

pytestmark = pytest.mark.django_db

OFF = {"public_seating": False, "public_standings": False, "public_results": False,
       "public_players": False, "public_prizes": False}


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def dated(setup: factories.TournamentSetup, days: int, **fields) -> Tournament:
    """Move the tournament ``days`` from today (and set fields) without the services."""
    Tournament.objects.filter(pk=setup.tournament.pk).update(
        date=timezone.localdate() + timedelta(days=days), **fields)
    setup.tournament.refresh_from_db()
    return setup.tournament


def home(client: Client) -> str:
    with translation.override("en"):
        response = client.get("/", headers={"accept-language": "en"})
    assert response.status_code == 200
    return response.content.decode()


def section(html: str, heading: str) -> str:
    """The HTML of the home page's section under ``heading`` (up to the next section)."""
    start = html.index(f">{heading}</h2>")
    end = html.find("<section", start)
    return html[start:end if end != -1 else len(html)]


def public_home(t: Tournament) -> str:
    return reverse("public:home", args=[t.pk])


def test_home_lists_todays_upcoming_and_finished_tournaments_for_everybody():
    today = factories.tournament(players=0, name="Dnešní turnaj")
    dated(today, 0, venue="Hospoda U Lípy")
    later = dated(factories.tournament(players=0, name="Příští turnaj", prefix="b"), 5)
    past = dated(factories.tournament(players=0, name="Loňský turnaj", prefix="c"), -30)
    hidden = dated(factories.tournament(players=0, name="Tajný turnaj", prefix="d"), 1, **OFF)
    html = home(Client())
    assert f'href="{public_home(today.tournament)}"' in section(html, "Today")
    assert "Hospoda U Lípy" in section(html, "Today")
    assert f'href="{public_home(later)}"' in section(html, "Upcoming tournaments")
    assert f'href="{public_home(past)}"' in section(html, "Finished tournaments")
    assert "Tajný turnaj" not in html and public_home(hidden) not in html
    assert "Your tournaments" not in html
    assert f'{reverse("login")}"' in html  # log in, then land on this page again


def test_the_organiser_sees_his_unpublished_tournament_and_lands_on_its_administration():
    setup = factories.tournament(players=0, name="Tajný turnaj")
    dated(setup, 2, **OFF)
    other = dated(factories.tournament(players=0, name="Cizí tajný", prefix="x"), 2, **OFF)
    html = home(client_for(setup.staff.organiser))
    mine = section(html, "Your tournaments")
    assert "Tajný turnaj" in mine
    assert reverse("tournaments:detail", args=[setup.tournament.pk]) in mine
    assert public_home(setup.tournament) in section(html, "Upcoming tournaments")
    assert "Cizí tajný" not in html and public_home(other) not in html
    assert "You do not organise any tournament yet." not in html


def test_a_referee_logs_in_and_lands_on_his_tournament_with_the_log(client):
    setup = factories.tournament(players=0, name="Krajský přebor")
    dated(setup, 0)
    response = client.post(reverse("login"), {"username": "referee",
                                              "password": "heslo-referee"})
    assert response.status_code == 302 and response["Location"] == "/"
    mine = section(home(client), "Your tournaments")
    assert "Krajský přebor" in mine
    assert reverse("sheets:log", args=[setup.tournament.pk]) in mine
    assert f'href="{reverse("tournaments:detail", args=[setup.tournament.pk])}"' not in mine


def test_a_scorekeeper_lands_on_his_table_pages():
    setup = factories.tournament(players=12, name="Zimní turnaj")
    dated(setup, 0)
    round = factories.seated_round(setup, 1, state="released")
    sheet = sheet_for(round.tables.get(number=2))
    sheet_assign_scorekeeper(user=setup.staff.organiser, sheet=sheet,
                             scorekeeper=setup.staff.scorekeeper, expected_version=sheet.version)
    mine = section(home(client_for(setup.staff.scorekeeper)), "Your tournaments")
    table = reverse("sheets:table", args=[setup.tournament.pk, 1, 2])
    assert f'href="{table}"' in mine
    assert reverse("sheets:table", args=[setup.tournament.pk, 1, 1]) not in mine
    assert reverse("sheets:log", args=[setup.tournament.pk]) not in mine


def test_an_unassigned_scorekeeper_gets_every_table_of_the_round():
    setup = factories.tournament(players=12, name="Zimní turnaj")
    factories.seated_round(setup, 1, state="released")
    mine = section(home(client_for(setup.staff.scorekeeper)), "Your tournaments")
    for number in (1, 2, 3):
        assert reverse("sheets:table", args=[setup.tournament.pk, 1, number]) in mine


def test_the_anonymous_list_is_cached_and_a_new_tournament_makes_it_stale():
    dated(factories.tournament(players=0, name="První turnaj"), 0)
    assert Client().get("/")["X-Page-Cache"] == "miss"
    assert Client().get("/")["X-Page-Cache"] == "hit"
    factories.tournament(players=0, name="Druhý turnaj", prefix="n")
    response = Client().get("/")
    assert response["X-Page-Cache"] == "miss" and "Druhý turnaj" in response.content.decode()


# --- the public home ----------------------------------------------------------------------


def test_the_public_home_links_what_the_toggles_publish():
    setup = factories.tournament(players=12, name="Velká cena")
    t = setup.tournament
    factories.seated_round(setup, 1, state="released")
    category_save(user=setup.staff.organiser, tournament=t, name="Ženy", kind="women")
    factories.team_rules(t, "championship_four", by=setup.staff.organiser)
    with translation.override("en"):
        page = Client().get(public_home(t), headers={"accept-language": "en"})
    assert page.status_code == 200
    html = page.content.decode()
    assert 'action="{}"'.format(reverse("standings:find", args=[t.pk])) in html
    assert 'name="q"' in html
    for link in (reverse("standings:standings", args=[t.pk]),
                 reverse("standings:round_results", args=[t.pk, 1]),
                 reverse("seating:round_public", args=[t.pk, 1]),
                 reverse("teams:standings", args=[t.pk])):
        assert f'href="{link}"' in html, link
    assert "?category=" in html and "Ženy" in html
    assert reverse("public:prizes", args=[t.pk]) not in html  # the prize list is not public


def test_the_public_home_leaves_out_what_is_switched_off():
    setup = factories.tournament(players=12)
    t = setup.tournament
    factories.seated_round(setup, 1, state="released")
    Tournament.objects.filter(pk=t.pk).update(public_standings=False, public_results=False)
    html = Client().get(public_home(t)).content.decode()
    assert reverse("standings:standings", args=[t.pk]) not in html
    assert reverse("standings:round_results", args=[t.pk, 1]) not in html
    assert reverse("standings:find", args=[t.pk]) in html


def test_a_tournament_that_publishes_nothing_has_no_public_home():
    setup = factories.tournament(players=0)
    Tournament.objects.filter(pk=setup.tournament.pk).update(**OFF)
    url = public_home(setup.tournament)
    assert Client().get(url).status_code == 404
    assert client_for(setup.staff.referee).get(url).status_code == 404
    assert client_for(setup.staff.organiser).get(url).status_code == 200
    Tournament.objects.filter(pk=setup.tournament.pk).update(public_prizes=True)
    cache.clear()
    assert Client().get(url).status_code == 200


def test_the_prize_list_is_public_only_once_published():
    setup = factories.tournament(players=8)
    t = setup.tournament
    prize_save(user=setup.staff.organiser, tournament=t, place=1, label="Pohár vítěze")
    url = reverse("public:prizes", args=[t.pk])
    assert Client().get(url).status_code == 404
    client_for(setup.staff.organiser).post(reverse("tournaments:edit", args=[t.pk]), {
        **{name: getattr(t, name) for name in ("name", "venue", "ruleset_code", "currency",
                                               "rounds_planned", "round_minutes",
                                               "table_size", "max_odd_tables")},
        "date": t.date.isoformat(), "base_rate": "0,20", "public_seating": "on",
        "public_standings": "on", "public_results": "on", "public_players": "on",
        "public_prizes": "on"})
    t.refresh_from_db()
    assert t.public_prizes
    page = Client().get(url)
    assert page.status_code == 200 and "Pohár vítěze" in text(page)
    assert f'href="{url}"' in Client().get(public_home(t)).content.decode()


def test_the_public_navigation_links_the_home_and_the_team_standings():
    setup = factories.tournament(players=8)
    t = setup.tournament
    factories.team_rules(t, "championship_four", by=setup.staff.organiser)
    html = Client().get(reverse("standings:standings", args=[t.pk])).content.decode()
    assert f'href="{public_home(t)}"' in html
    assert f'href="{reverse("teams:standings", args=[t.pk])}"' in html


def test_no_team_link_without_a_team_competition():
    setup = factories.tournament(players=8)
    html = Client().get(reverse("standings:standings",
                                args=[setup.tournament.pk])).content.decode()
    assert reverse("teams:standings", args=[setup.tournament.pk]) not in html


# --- the hall poster ----------------------------------------------------------------------


@pytest.mark.parametrize("paper,size", [("", (595, 842)), ("a3", (842, 1191))])
def test_the_poster_has_the_name_date_place_and_the_public_address(settings, paper, size):
    settings.MARIAS_PUBLIC_URL = "http://192.168.1.20:8000"
    setup = factories.tournament(players=0, name="Mistrovství Moravy v mariáši",
                                 venue="Sokolovna Přerov")
    t = setup.tournament
    url = reverse("printouts:poster", args=[t.pk]) + (f"?paper={paper}" if paper else "")
    response = client_for(setup.staff.organiser).get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    content = " ".join(reader.pages[0].extract_text().split())
    assert "Mistrovství Moravy v mariáši" in content
    assert "Sokolovna Přerov" in content and "21. 11. 2026" in content
    assert f"http://192.168.1.20:8000/t/{t.pk}/" in content
    detail = client_for(setup.staff.organiser).get(reverse("tournaments:detail", args=[t.pk]))
    assert reverse("printouts:poster", args=[t.pk]) in detail.content.decode()


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_a_long_name_and_place_are_never_cut_nor_off_the_paper(paper):
    name = ("Mistrovství České a Slovenské republiky v licitovaném mariáši – finále "
            "jednotlivců a družstev, memoriál Františka Nováka")
    setup = factories.tournament(players=0, name=name[:150],
                                 venue="Kulturní dům Dukla, Velký sál, Pardubice-Polabiny")
    url = reverse("printouts:poster", args=[setup.tournament.pk]) + f"?paper={paper}"
    content = client_for(setup.staff.organiser).get(url).content
    page = " ".join(PdfReader(io.BytesIO(content)).pages[0].extract_text().split())
    assert "…" not in page
    assert "memoriál Františka Nováka" in page and "Pardubice-Polabiny" in page
    for _page, piece, x, y, right, width, height in pdf_pieces(content):
        assert x >= MARGIN and right <= width - MARGIN and MARGIN <= y <= height - MARGIN, piece


def test_the_poster_is_the_organisers():
    setup = factories.tournament(players=0)
    url = reverse("printouts:poster", args=[setup.tournament.pk])
    assert client_for(setup.staff.referee).get(url).status_code == 403
    assert client_for(setup.staff.organiser).get(url + "?paper=a5").status_code == 404


# --- query counts ---------------------------------------------------------------------------


def counted(client: Client, url: str) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def test_the_home_page_costs_the_same_queries_however_many_tournaments():
    first = factories.tournament(players=12, name="T0")
    factories.seated_round(first, 1, state="released")
    keeper = first.staff.scorekeeper
    anonymous = counted(Client(), "/")
    staff = counted(client_for(keeper), "/")
    for i in range(1, 6):
        more = factories.tournament(players=8, name=f"T{i}")
        dated(more, i - 3)
        factories.seated_round(more, 1)
    assert counted(Client(), "/") == anonymous
    assert counted(client_for(keeper), "/") == staff


def test_the_public_home_costs_the_same_queries_however_many_players_and_rounds():
    small = factories.tournament(players=8, name="Malý", rounds=3)
    factories.seated_round(small, 1, state="released")
    category_save(user=small.staff.organiser, tournament=small.tournament, name="Ženy",
                  kind="women")
    big = factories.tournament(players=24, name="Velký", rounds=3, prefix="v")
    factories.seated_round(big, 1, state="released")
    factories.seated_round(big, 2, state="released")
    for name in ("Ženy", "Dívky"):
        category_save(user=big.staff.organiser, tournament=big.tournament, name=name,
                      kind="women")
    assert (counted(Client(), public_home(big.tournament))
            == counted(Client(), public_home(small.tournament)))
