"""Issue 23, the rest (docs/readings.md §9.53, §9.36a): "every renonc counts" for SloapSlam
křížový and "no announcements against the declaring side" for the čtyřka are boxes under "Rule
variants": ticked, they are stored as overrides, read back as the same boxes and change the
settled ruleset."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from marias_admin.tournaments.rule_variants import split
from tests.web.tournament_form import create

pytestmark = pytest.mark.django_db


def test_the_form_offers_both_boxes(client, staff):
    page = client.get(reverse("tournaments:create")).content.decode()
    assert 'value="every_renonc_counts"' in page and "SLS D4 L260, D2 L256" in page
    assert 'value="ctyrka_no_defence_announcements"' in page


def test_every_renonc_counts_round_trip(client, staff):
    """SLS D4 L260 read for every renonc of a hand."""
    tournament = create(client, ruleset_code="sloapslam-krizovy",
                        variants=["every_renonc_counts"])
    assert tournament.ruleset_overrides == {"first_in_play_renonc_only": False}
    assert tournament.ruleset().first_in_play_renonc_only is False
    assert split("sloapslam-krizovy", tournament.ruleset_overrides) == (
        ["every_renonc_counts"], {})


def test_ctyrka_without_defence_announcements_round_trip(client, staff):
    """SLS L16 with L42-52 read as complete: the defence announces nothing."""
    tournament = create(client, ruleset_code="sloapslam-ctyrka", language="en",
                        variants=["ctyrka_no_defence_announcements"])
    assert tournament.ruleset_overrides == {"defence_announcements": []}
    assert tournament.ruleset().defence_announcements == frozenset()
    edit = client.get(reverse("tournaments:edit", args=(tournament.pk,)))
    assert edit.context["form"]["variants"].initial == ["ctyrka_no_defence_announcements"]
    with translation.override("en"):
        html = client.get(reverse("tournaments:detail", args=(tournament.pk,)),
                          HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "may not announce a seven or a hundred" in html
    assert "defence_announcements" not in html
