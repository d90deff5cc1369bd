"""The súťažný lístok of an SZMK round, built from a round seated by the SZMK plan: amounts in
€, three players a table, Slovak labels, the 10 € each player starts the round with, no PB."""

from __future__ import annotations

import io
import re
from datetime import date

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader

from marias_admin.seating.services import round_seat
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.services import registration_enter_new_player, tournament_create

pytestmark = pytest.mark.django_db

NAMES = ["Ľubomír Hudák", "Jozef Baláž", "Štefan Kováč", "Ján Ďurica", "Milan Horváth",
         "Peter Šimko"]


@pytest.fixture
def organiser(client):
    user = get_user_model().objects.create_user("organizator", password="x", is_staff=True)
    client.force_login(user)
    return user


@pytest.fixture
def szmk(organiser) -> Tournament:
    tournament = tournament_create(user=organiser, name="Turnaj SZMK Poprad",
                                   date=date(2025, 5, 3), ruleset_code="szmk-voleny-2024",
                                   rounds_planned=6, round_minutes=50)
    for seed, name in enumerate(NAMES, start=1):
        first, last = name.split()
        registration_enter_new_player(user=organiser, tournament=tournament, first_name=first,
                                      last_name=last, club_name="MK Poprad",
                                      registration_number=f"SK-{2000 + seed}", seed_rank=seed)
    round_seat(user=organiser, round=tournament.rounds.get(number=1), seed=3)
    return tournament


def pages(client, tournament: Tournament, name: str = "sheets") -> list[str]:
    response = client.get(reverse(f"printouts:{name}", args=(tournament.pk, 1)))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return [p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages]


def test_sutazny_listok_in_euro_for_three_players_in_slovak(client, szmk):
    sheets = pages(client, szmk)
    assert len(sheets) == 2  # 6 players, tables of 3
    for number, text in enumerate(sheets, start=1):
        assert re.findall(r"(\d) · €", text) == ["1", "2", "3"]
        for label in ("Súťažný lístok", "Popis hry", "Podpis hráča", "Zapisovateľ", "Rozhodca",
                      "Nahratá suma (10,00 € + spolu)", "Poradie pri stole",
                      f"kolo 1 · stôl {number}"):
            assert label in text, label
        assert "10,00 €" in text
        assert "PB" not in text and "Kč" not in text
        assert "Stolový lístek" not in text
    seated = " ".join(sheets)
    for name in NAMES:
        assert name.split()[1] in seated


def test_the_paper_follows_the_tournament_not_the_viewer(client, szmk):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "Súťažný lístok" in pages(client, szmk)[0]
    assert "Zasadací poriadok" in " ".join(pages(client, szmk, "seating_tables"))


def test_an_szmk_tournament_in_czech_prints_czech_sheets_still_in_euro(client, szmk):
    Tournament.objects.filter(pk=szmk.pk).update(language="cs")  # the organiser's choice
    text = pages(client, szmk)[0]
    assert "Stolový lístek" in text and "Súťažný lístok" not in text
    assert "1 · €" in text and "10,00 €" in text and "PB" not in text
