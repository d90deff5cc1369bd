"""A tournament's pages speak its language: Slovak for SZMK, Czech for ČSM, or the organiser's
choice; the visitor's explicit choice with the language switcher (its cookie) wins."""

from __future__ import annotations

from datetime import date

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.services import tournament_create

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


@pytest.fixture
def organiser():
    return get_user_model().objects.create_user("organizator", password="x", is_staff=True)


@pytest.fixture
def szmk(organiser) -> Tournament:
    return tournament_create(user=organiser, name="Turnaj SZMK Poprad", date=date(2025, 5, 3),
                             ruleset_code="szmk-voleny-2024", rounds_planned=6)


@pytest.fixture
def csm(organiser) -> Tournament:
    return tournament_create(user=organiser, name="Velká cena Žďáru", date=date(2025, 4, 12))


def standings(client, tournament: Tournament, **headers):
    response = client.get(reverse("standings:standings", args=(tournament.pk,)),
                          headers=headers)
    assert response.status_code == 200
    return response


def heading(response) -> str:
    return response.content.decode().split("<h1>")[1].split("</h1>")[0].strip()


def test_language_follows_the_rules_unless_the_organiser_chose_one(szmk, csm):
    assert (szmk.language, szmk.page_language) == ("", "sk")
    assert (csm.language, csm.page_language) == ("", "cs")
    szmk.language = "en"
    assert szmk.page_language == "en"


def test_public_szmk_page_is_slovak_and_csm_page_czech(client, szmk, csm):
    sk = standings(client, szmk)
    assert heading(sk) == "Poradie"
    assert sk["Content-Language"] == "sk" and '<html lang="sk">' in sk.content.decode()
    cs = standings(client, csm)
    assert heading(cs) == "Pořadí"
    assert cs["Content-Language"] == "cs"


def test_the_browser_preference_does_not_override_the_tournament(client, szmk, csm):
    assert heading(standings(client, szmk, accept_language="cs")) == "Poradie"
    assert heading(standings(client, csm, accept_language="sk")) == "Pořadí"


def test_an_explicit_choice_wins(client, szmk, csm):
    client.cookies[COOKIE] = "en"
    assert heading(standings(client, szmk)) == "Standings"
    client.cookies[COOKIE] = "cs"
    assert heading(standings(client, szmk)) == "Pořadí"
    client.cookies[COOKIE] = "sk"
    assert heading(standings(client, csm)) == "Poradie"


def test_the_language_switcher_sets_the_explicit_choice(client, szmk):
    next_url = reverse("standings:standings", args=(szmk.pk,))
    response = client.post(reverse("set_language"), {"language": "en", "next": next_url})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "en"
    assert response.cookies[COOKIE]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    assert heading(standings(client, szmk)) == "Standings"


def test_organiser_pages_of_an_szmk_tournament_are_slovak(client, organiser, szmk):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=(szmk.pk,)))
    assert page.status_code == 200 and page["Content-Language"] == "sk"
    page = client.get(reverse("seating:round", args=(szmk.pk, 1)))
    assert page.status_code == 200 and page["Content-Language"] == "sk"


def test_the_organisers_choice_of_language(client, organiser):
    english = tournament_create(user=organiser, name="Mariáš Open", date=date(2025, 6, 1),
                                language="en")
    assert heading(standings(client, english)) == "Standings"


def test_other_pages_keep_the_site_language(client, szmk):
    home = client.get(reverse("core:home"))
    assert home["Content-Language"] == "cs"
    missing = client.get(reverse("standings:standings", args=(szmk.pk + 100,)))
    assert missing.status_code == 404 and missing["Content-Language"] == "cs"


def test_the_tournament_language_does_not_outlive_the_request(client, szmk):
    before = translation.get_language()
    assert standings(client, szmk)["Content-Language"] == "sk"
    assert translation.get_language() == before
