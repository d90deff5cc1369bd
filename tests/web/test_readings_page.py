"""The tournament overview names the rule readings it plays (issue 11: readings as ruleset
parameters, shown on the ruleset's page and by ``python -m scoring ruleset``)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("ruleset_code", "question", "chosen", "source"), [
    ("szmk-voleny-2024", "How a hundred grows with each ten past 100",
     "each ten adds the value of the hundred once more", "SZMK 2024 C.1"),
    ("szmk-voleny-2024", "One of two flekers named as incorrect: what is cancelled",
     "every flek of the hand", "SZMK 2024 E.1"),
    ("csm-licitovany-2023", "Two sevens in hearts", "60 units", "not in the rule texts"),
])
def test_the_overview_lists_the_readings_played(client, ruleset_code, question, chosen,
                                                 source) -> None:
    setup = factories.tournament(players=0, ruleset_code=ruleset_code, language="en")
    client.force_login(setup.staff.organiser)
    with translation.override("en"):
        page = client.get(reverse("tournaments:detail", args=[setup.tournament.pk]),
                          HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200
    assert question in html and chosen in html and source in html


def test_an_override_changes_the_reading_shown(client) -> None:
    setup = factories.tournament(players=0, language="en",
                                 ruleset_overrides={"silent_hundred_tens_doubled": False})
    client.force_login(setup.staff.organiser)
    html = client.get(reverse("tournaments:detail", args=[setup.tournament.pk])).content.decode()
    assert "no: a fleked game made with 110 is 6 units" in html
