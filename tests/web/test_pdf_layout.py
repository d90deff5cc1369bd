"""Every PDF the app serves fits its page and speaks one language, the tournament's.

Built through the real URLs from the ČSM and SZMK demos (and a ČSM field of eight rounds for a
wide standings table); pypdf's text visitor gives each piece of text with its position, and
every piece must lie inside the page with a margin. The visitor's language cookie says Czech:
the SZMK printouts must still be Slovak, with no Czech-only word.
"""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader

from marias_admin.demo.csm import CSM_DEMO_NAME
from marias_admin.demo.szmk import SZMK_DEMO_NAME
from marias_admin.standings.presenters.table import standings_table
from marias_admin.tournaments.models import Tournament
from tests.demo_data import restored
from tests.factories import played_field
from tests.web.helpers import assert_pdf_inside as _assert_inside

pytestmark = pytest.mark.django_db

CZECH_ONLY = ("Pořadí", "Peníze", "Bilance kol", "Stolový lístek", "Rozhodčí", "jméno", "stůl",
              "Stránka stolu", "kolo 1 · stůl")
SLOVAK = {"standings": ("Poradie", "Peniaze", "Umiestnenia v kolách"),
          "sheets": ("Súťažný lístok", "Rozhodca", "stôl"),
          "seating_tables": ("Zasadací poriadok podľa stolov",),
          "seating_alpha": ("Zasadací poriadok podľa mien", "Stôl", "Miesto"),
          "player_slips": ("PIN hráča", "Nikomu ho neukazujte")}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker, demo_snapshot):
    """The demos (built once for the session, ``tests/demo_data.py``) and a wide field of
    the demos' admin, in the module's transaction."""
    with django_db_blocker.unblock(), restored(demo_snapshot):
        admin = get_user_model().objects.get(username="admin")
        wide = played_field(24, 8, seed=7, organiser=admin, name="Široký turnaj")
        yield {"admin": admin.pk, "csm": Tournament.objects.get(name=CSM_DEMO_NAME).pk,
               "szmk": Tournament.objects.get(name=SZMK_DEMO_NAME).pk,
               "wide": wide.tournament.pk}


@pytest.fixture
def client_cs(client, settings, world):
    client.force_login(get_user_model().objects.get(pk=world["admin"]))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "cs"  # the visitor's language: Czech
    return client


def _urls(tournament_id: int) -> dict[str, str]:
    round_ = (tournament_id, 1)
    return {
        "sheets": reverse("printouts:sheets", args=round_),
        "seating_tables": reverse("printouts:seating_tables", args=round_),
        "seating_alpha": reverse("printouts:seating_alpha", args=round_),
        "player_slips": reverse("printouts:player_slips", args=[tournament_id]),
        "standings": reverse("exports:standings_pdf", args=[tournament_id]),
    }


def _text(content: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)


@pytest.mark.parametrize("which", ["csm", "szmk"])
def test_every_pdf_lies_inside_its_page(client_cs, world, which):
    for kind, url in _urls(world[which]).items():
        response = client_cs.get(url)
        assert response.status_code == 200, (kind, response.status_code)
        assert response["Content-Type"] == "application/pdf"
        _assert_inside(kind, response.content)


def test_a_wide_standings_table_fits_with_every_round(client_cs, world):
    tournament = Tournament.objects.get(pk=world["wide"])
    content = client_cs.get(reverse("exports:standings_pdf", args=[tournament.pk])).content
    _assert_inside("standings", content)
    text = _text(content)
    assert "8." in text.split("\n") and "PB" in text


def test_szmk_standings_show_every_rank_and_the_last_round(client_cs, world):
    tournament = Tournament.objects.get(pk=world["szmk"])
    content = client_cs.get(reverse("exports:standings_pdf", args=[tournament.pk])).content
    lines = _text(content).split("\n")
    assert "6." in lines  # the last round's column
    ranks = {f"{row.standing.rank}." for row in standings_table(tournament).rows}
    assert max(ranks, key=lambda r: int(r[:-1])) in lines and {"10.", "1."} <= ranks
    for rank in ranks:
        assert rank in lines, rank


def test_szmk_printouts_follow_the_tournament_not_the_visitor(client_cs, world):
    for kind, url in _urls(world["szmk"]).items():
        text = _text(client_cs.get(url).content)
        for word in SLOVAK[kind]:
            assert word in text, (kind, word)
        for word in CZECH_ONLY:
            assert word not in text, (kind, word)


def test_csm_printouts_stay_czech_for_an_english_visitor(client, settings, world):
    client.force_login(get_user_model().objects.get(pk=world["admin"]))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    text = _text(client.get(_urls(world["csm"])["standings"]).content)
    assert "Pořadí" in text and "Standings" not in text and "Page " not in text
