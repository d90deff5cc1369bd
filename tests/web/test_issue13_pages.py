"""Issue 13, items 7 and 8: navigation from the overview, the tournament's state while round 1
is played, and the small wrong things (field size, seating report in words, finished rounds,
plural counts, one word per idea, check-in undo, "check in all" doing what it says, deleted
hands on the sheet, the abbreviations explained)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import reverse

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.forms import SeatForm
from marias_admin.sheets.services import hand_delete, sheet_confirm, sheet_submit
from marias_admin.tournaments.models import RegistrationStatus, TournamentState
from marias_admin.tournaments.services import (
    player_create,
    registration_check_in,
    registration_check_in_undo,
    registration_create,
    registrations_check_in_all,
)
from tests import factories

pytestmark = pytest.mark.django_db


def _client(client, user, language: str | None = None):
    client.force_login(user)
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def _confirmed_table(setup, round_, number: int = 1) -> None:
    sheet = factories.sheet(round_, number)
    factories.add_hand(sheet, "7k+ tr4")  # complete: its trumps given (issue 21)
    sheet.refresh_from_db()
    sheet = sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None)
    sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=None)


# --- item 7: navigation and the tournament's state --------------------------------------------


def test_overview_links_standings_exports_rules_and_log(client):
    setup = factories.tournament(players=4)
    t = setup.tournament
    html = _client(client, setup.staff.organiser).get(
        reverse("tournaments:detail", args=[t.pk])).content.decode()
    for url in (reverse("standings:standings", args=[t.pk]),
                reverse("standings:settings", args=[t.pk]),
                reverse("sheets:log", args=[t.pk]),
                reverse("exports:standings_xlsx", args=[t.pk]),
                reverse("exports:standings_pdf", args=[t.pk]),
                reverse("exports:hands_xlsx", args=[t.pk]),
                reverse("exports:seating_xlsx", args=[t.pk])):
        assert f'href="{url}"' in html, url
    assert "Pravidla pořadí" in html and "Záznam změn turnaje" in html


def test_a_hand_in_round_1_starts_a_tournament_never_released(client):
    setup = factories.tournament(players=4)
    assert setup.tournament.state == TournamentState.DRAFT
    round_ = factories.seated_round(setup)  # seated, not released: tables may start anyway
    factories.add_hand(factories.sheet(round_))
    setup.tournament.refresh_from_db()
    assert setup.tournament.state == TournamentState.RUNNING
    entry = AuditEntry.objects.get(tournament=setup.tournament, action="tournament.start")
    assert entry.after["state"] == "running"
    html = _client(client, setup.staff.organiser).get(
        reverse("tournaments:detail", args=[setup.tournament.pk])).content.decode()
    assert "state-running" in html and "příprava" not in html
    # A second hand logs nothing more.
    factories.add_hand(factories.sheet(round_), dealer=2, declarer=3)
    assert AuditEntry.objects.filter(action="tournament.start").count() == 1


def test_releasing_round_1_starts_the_tournament():
    setup = factories.tournament(players=4)
    factories.seated_round(setup, state="released")
    setup.tournament.refresh_from_db()
    assert setup.tournament.state == TournamentState.RUNNING


# --- item 8 ------------------------------------------------------------------------------------


def test_player_page_counts_the_whole_field(client):
    setup = factories.tournament(players=12)
    factories.running(setup)
    round_ = factories.seated_round(setup, state="released")
    _confirmed_table(setup, round_, 1)  # only 4 of the 12 have a confirmed result
    seated = round_.tables.get(number=1).seats.first().registration
    response = client.get(reverse("standings:player", args=[setup.tournament.pk, seated.pk]))
    assert response.context["field_size"] == 12
    assert "místo z 12" in response.content.decode()


def test_seating_report_in_words_and_finished_round(client):
    setup = factories.tournament(players=8, rounds=2)
    factories.running(setup)
    first = factories.seated_round(setup, 1, state="released")
    for number in (1, 2):
        _confirmed_table(setup, first, number)
    factories.seated_round(setup, 2, seed=3)
    organiser = _client(client, setup.staff.organiser, "en")
    html = organiser.get(reverse("seating:round", args=[setup.tournament.pk, 2])).content.decode()
    assert re.search(r"\d+ times? a player sits in the same seat at the table", html)
    assert re.search(r"\d+ times? a player sits at a table with the same number", html)
    assert "they are not a fault of the seating" in html
    html = organiser.get(reverse("seating:round", args=[setup.tournament.pk, 1])).content.decode()
    assert "This round has started" in html
    from marias_admin.seating.services import round_set_state

    round_set_state(user=setup.staff.organiser, round=first, state="closed")
    html = organiser.get(reverse("seating:round", args=[setup.tournament.pk, 1])).content.decode()
    assert "This round is finished" in html and "has started" not in html


def test_counts_take_the_plural_of_their_number(client):
    setup = factories.tournament(players=1)
    html = _client(client, setup.staff.organiser, "en").get(
        reverse("tournaments:detail", args=[setup.tournament.pk])).content.decode()
    labels = dict(re.findall(r'stat-value">(\d+)</span> <span class="stat-label">([^<]+)<', html))
    assert labels["1"] in ("entry", "present")
    assert "entries" not in html.split("stats")[1].split("</ul>")[0]


def test_one_word_per_idea_for_seeding_and_the_draw_number(client):
    # The seating's random number is the draw number, never "seed" beside "Nasazení".
    assert "seed" not in str(SeatForm().fields["seed"].label).lower()
    setup = factories.tournament(players=2)
    html = _client(client, setup.staff.organiser).get(
        reverse("tournaments:registrations", args=[setup.tournament.pk])).content.decode()
    assert "Nasazení" in html and ">Seed<" not in html


def test_check_in_can_be_undone_audited_and_not_once_seated(client):
    setup = factories.tournament(players=0)
    t = setup.tournament
    player = player_create(user=setup.staff.organiser, first_name="Jan", last_name="Novák")
    registration = registration_create(user=setup.staff.organiser, tournament=t, player=player)
    registration_check_in(user=setup.staff.organiser, registration=registration)
    organiser = _client(client, setup.staff.organiser)
    page = organiser.get(reverse("tournaments:registrations", args=[t.pk])).content.decode()
    undo = reverse("tournaments:check_in_undo", args=[t.pk, registration.pk])
    assert f'formaction="{undo}"' in page
    response = organiser.post(undo)
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.REGISTERED
    assert registration.checked_in_at is None
    entry = AuditEntry.objects.get(action="registration.check_in_undo")
    assert (entry.before["status"], entry.after["status"]) == ("present", "registered")
    with pytest.raises(ValidationError):  # not checked in any more
        registration_check_in_undo(user=setup.staff.organiser, registration=registration)

    seated = factories.tournament(players=4, prefix="b-")
    factories.seated_round(seated)
    with pytest.raises(ValidationError):
        registration_check_in_undo(user=seated.staff.organiser,
                                   registration=seated.registrations[0])


def test_check_in_all_does_what_its_button_counted(client):
    setup = factories.tournament(players=0)
    t = setup.tournament
    entries = [registration_create(
        user=setup.staff.organiser, tournament=t,
        player=player_create(user=setup.staff.organiser, first_name=f"Hráč{i}",
                             last_name="Novák")) for i in range(5)]
    organiser = _client(client, setup.staff.organiser, "en")
    page = organiser.get(reverse("tournaments:registrations", args=[t.pk])).content.decode()
    assert "Check in all 5 registered players" in page
    shown = re.search(r'name="shown" value="([\d,]+)"', page).group(1)
    assert sorted(map(int, shown.split(","))) == sorted(r.pk for r in entries)
    # Meanwhile someone checks in one at the desk and registers a sixth player.
    registration_check_in(user=setup.staff.organiser, registration=entries[0])
    late = registration_create(user=setup.staff.organiser, tournament=t, player=player_create(
        user=setup.staff.organiser, first_name="Pozdní", last_name="Hráč"))
    response = organiser.post(reverse("tournaments:check_in_all", args=[t.pk]),
                              {"shown": shown}, follow=True)
    texts = [str(m) for m in response.context["messages"]]
    assert "4 players checked in." in texts
    assert any(text.startswith("1 of the players listed") for text in texts)
    late.refresh_from_db()
    assert late.status == RegistrationStatus.REGISTERED  # never checked in unseen
    # Without a list (an old page), everyone still registered, as before.
    assert [r.pk for r in registrations_check_in_all(
        user=setup.staff.organiser, tournament=t)] == [late.pk]


def test_deleted_hand_keeps_its_number_on_the_scorekeepers_sheet(client):
    setup = factories.tournament(players=4)
    round_ = factories.seated_round(setup, state="released")
    sheet = factories.sheet(round_)
    for dealer in (1, 2, 3):
        factories.add_hand(sheet, dealer=dealer, declarer=dealer % 4 + 1)
    sheet.refresh_from_db()
    hand_delete(user=setup.staff.scorekeeper, record=sheet.hands.get(number=2),
                expected_version=None, reason="zapsáno dvakrát")
    html = _client(client, setup.staff.scorekeeper).get(
        f"/t/{setup.tournament.pk}/round/1/table/1/").content.decode()
    marker = re.search(r'<tbody id="hand-2" class="hand deleted-marker">(.*?)</tbody>', html,
                       re.S)
    assert marker and "smazáno" in marker.group(1) and "zapsáno dvakrát" in marker.group(1)
    assert html.index('id="hand-1"') < html.index('id="hand-2"') < html.index('id="hand-3"')


def test_abbreviations_are_explained(client):
    setup = factories.tournament(players=8)
    factories.running(setup)
    round_ = factories.seated_round(setup, state="released")
    _confirmed_table(setup, round_, 1)
    html = client.get(reverse("standings:standings", args=[setup.tournament.pk])).content.decode()
    for abbr in ("BP", "SB", "ZB", "PB"):
        assert re.search(rf'<abbr title="[^"]+">{abbr}</abbr>', html), abbr
    assert 'class="legend"' in html and "PB: prémiové body" in html
    player = round_.tables.get(number=1).seats.first().registration
    html = client.get(reverse("standings:player", args=[setup.tournament.pk, player.pk])
                      ).content.decode()
    assert re.search(r'<abbr title="[^"]+">BP</abbr>', html)
    assert "{#" not in html  # no template comment leaks into the page
