"""Issue 23, group 3: the readings where the texts are silent are "Rule variants" of the
tournament form (docs/readings.md §9.48-9.52): ticked, they are stored as the ruleset's
overrides, read back as the same boxes, change the settled ruleset, and are shown in words."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.rule_variants import check, split
from tests.web.tournament_form import create, form_data

pytestmark = pytest.mark.django_db

SLS_NAMES = ["renonc_basic_unfleked", "fleker_liability_per_part",
             "forced_fleker_not_relieved", "renonc_unplayed_pausal_only",
             "dropped_game_re_not_played"]


def test_the_form_offers_the_sloapslam_readings(client, staff):
    page = client.get(reverse("tournaments:create")).content.decode()
    for name in [*SLS_NAMES, "krizovy_renonc_unplayed_loses_game",
                 "renonc_unplayed_loses_game", "ctyrka_renonc_unplayed_pausal_only"]:
        assert f'value="{name}"' in page
    assert "SLS D4 L260" in page and "SLS B/10 L186" in page


def test_sloapslam_readings_round_trip(client, staff):
    """SLS D4 L260, B/10 L186, B/19 L204, B/20 L206, B/22 L210: each box sets its field."""
    tournament = create(client, ruleset_code="sloapslam-krizovy", variants=SLS_NAMES)
    assert tournament.ruleset_overrides == {
        "renonc_basic_unfleked": True, "fleker_liability_per_part": True,
        "forced_fleker_relieved": False, "renonc_unplayed_loses_game": False,
        "dropped_game_re_plays": False}
    ruleset = tournament.ruleset()
    assert ruleset.renonc_basic_unfleked and ruleset.fleker_liability_per_part
    assert not ruleset.forced_fleker_relieved and not ruleset.renonc_unplayed_loses_game
    assert not ruleset.dropped_game_re_plays
    names, rest = split("sloapslam-krizovy", tournament.ruleset_overrides)
    assert sorted(names) == sorted(SLS_NAMES) and rest == {}
    checked = check("sloapslam-krizovy", tournament.ruleset_overrides)
    for field in tournament.ruleset_overrides:
        assert getattr(checked, field) == getattr(ruleset, field)
    edit = client.get(reverse("tournaments:edit", args=(tournament.pk,)))
    assert sorted(edit.context["form"]["variants"].initial) == sorted(SLS_NAMES)


def test_the_overview_says_the_reading_in_words(client, staff):
    create(client, ruleset_code="sloapslam-krizovy", language="en",
           variants=["renonc_basic_unfleked"])
    tournament = Tournament.objects.get()
    with translation.override("en"):
        html = client.get(reverse("tournaments:detail", args=(tournament.pk,)),
                          HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "every part once, unfleked" in html
    assert "renonc_basic_unfleked" not in html


def test_csm_voleny_renonc_on_a_hand_not_played(client, staff):
    """OBE V.12 L206-208 with VI.3 L226-227."""
    tournament = create(client, ruleset_code="csm-voleny",
                        variants=["renonc_unplayed_loses_game"])
    assert tournament.ruleset().renonc_unplayed_loses_game
    assert form_data()["ruleset_code"] == "pagat-voleny"
