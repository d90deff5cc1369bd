"""Finishing the tournament asks first (issue 21 point 4): the organiser's click shows what is
still open (rounds not closed, sheets not confirmed, with their players) and what finishing
means; only a second, confirmed POST over the same list finishes, and the service refuses to
finish over open work without that confirmation. A finished tournament's table page is
read-only at once, for a phone with the table's grant and for staff alike."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import RoundState
from marias_admin.seating.services import round_set_state
from marias_admin.sheets import access
from marias_admin.sheets.models import SheetState
from marias_admin.sheets.services import sheet_confirm, sheet_for, sheet_submit, totals_set
from marias_admin.tournaments.models import TournamentState
from marias_admin.tournaments.services import tournament_advance
from tests import factories
from tests.factories import release, sheet_of
from tests.web.helpers import add_data, client_for, messages_of, page_url, url

pytestmark = pytest.mark.django_db

BANNER = "The tournament is finished; results are final."
REFUSED = "The tournament is finished; nothing can be entered or changed."


def in_language(world: dict, msgid: str) -> str:
    with translation.override(world["t"].page_language):
        return gettext(msgid)


def state_url(world: dict) -> str:
    return reverse("tournaments:state", args=(world["t"].pk,))


@pytest.fixture
def played(world):
    """Round 1 released (the tournament running), a hand on table 1's sheet."""
    release(world["t"], 1, world["users"]["organiser"])
    client_for(world["users"]["keeper"]).post(url(world, "hand_add"), add_data(world, "b+"))
    assert sheet_of(world).hands.count() == 1
    world["t"].refresh_from_db()
    assert world["t"].state == TournamentState.RUNNING
    return world


def finished(world: dict) -> None:
    from marias_admin.tournaments.probes import open_work

    work = open_work(world["t"])
    tournament_advance(user=world["users"]["organiser"], tournament=world["t"],
                       state=TournamentState.FINISHED, confirmed_open=True, seen=work.token())


def test_the_finish_click_asks_first_and_lists_what_is_open(played):
    world, organiser = played, client_for(played["users"]["organiser"])
    audit = AuditEntry.objects.count()
    response = organiser.post(state_url(world), {"state": "finished"})
    assert response.status_code == 200
    assert "tournaments/finish_confirm.html" in [t.name for t in response.templates]
    work = response.context["work"]
    assert [(r.number, r.state) for r in work.rounds] == [(1, "released"), (2, "draft"),
                                                          (3, "draft"), (4, "draft")]
    sheets = {s.table: s for s in work.sheets}
    assert sorted(sheets) == [1, 2]  # every table of the played round: none is confirmed
    assert sheets[1].state == "entering" and sheets[2].state == "not_started"
    seated = [s.registration.player.full_name for s in world["table"].seats.order_by("position")]
    assert list(sheets[1].players) == seated
    page = response.content.decode()
    for name in seated:
        assert name in page
    assert 'name="confirm" value="1"' in page and f'value="{work.token()}"' in page
    world["t"].refresh_from_db()
    assert world["t"].state == TournamentState.RUNNING
    assert AuditEntry.objects.count() == audit  # asking changed nothing


def test_confirming_finishes_and_is_audited(played):
    from marias_admin.tournaments.probes import open_work
    from marias_admin.tournaments.services import open_work_text

    world, organiser = played, client_for(played["users"]["organiser"])
    seen = organiser.post(state_url(world), {"state": "finished"}).context["seen"]
    with translation.override(world["t"].page_language):
        listed = open_work_text(open_work(world["t"]))
    response = organiser.post(state_url(world), {"state": "finished", "confirm": "1",
                                                 "seen": seen})
    assert response.status_code == 302
    world["t"].refresh_from_db()
    assert world["t"].state == TournamentState.FINISHED
    entry = AuditEntry.objects.filter(action="tournament.update").latest("pk")
    assert (entry.before["state"], entry.after["state"]) == ("running", "finished")
    assert entry.user == world["users"]["organiser"]
    assert listed and listed in entry.summary  # what was open when it was finished


def test_a_change_after_the_list_was_shown_asks_again(played):
    world, organiser = played, client_for(played["users"]["organiser"])
    seen = organiser.post(state_url(world), {"state": "finished"}).context["seen"]
    sheet = sheet_of(world)
    sheet_submit(user=world["users"]["keeper"], sheet=sheet, expected_version=sheet.version)
    response = organiser.post(state_url(world), {"state": "finished", "confirm": "1",
                                                 "seen": seen})
    assert response.status_code == 200 and response.context["changed"]
    assert response.context["work"].sheets[0].state == "submitted"
    world["t"].refresh_from_db()
    assert world["t"].state == TournamentState.RUNNING
    # A confirmation without the list it was given over is asked again, too.
    response = organiser.post(state_url(world), {"state": "finished", "confirm": "1"})
    assert response.status_code == 200 and "work" in response.context
    world["t"].refresh_from_db()
    assert world["t"].state == TournamentState.RUNNING


def test_the_service_refuses_to_finish_over_open_work_without_the_flag(played):
    world = played
    audit = AuditEntry.objects.count()
    with pytest.raises(ValidationError) as refused:
        tournament_advance(user=world["users"]["organiser"], tournament=world["t"],
                           state=TournamentState.FINISHED)
    assert refused.value.code == "open_work"
    world["t"].refresh_from_db()
    assert world["t"].state == TournamentState.RUNNING
    assert AuditEntry.objects.count() == audit
    with pytest.raises(ValidationError) as refused:
        tournament_advance(user=world["users"]["organiser"], tournament=world["t"],
                           state=TournamentState.FINISHED, confirmed_open=True, seen="stale")
    assert refused.value.code == "open_work_changed"
    finished(world)
    world["t"].refresh_from_db()
    assert world["t"].state == TournamentState.FINISHED


def test_a_tournament_played_to_the_end_finishes_without_the_flag():
    setup = factories.tournament(players=8, rounds=1)
    staff = setup.staff
    round = factories.seated_round(setup, 1, state="released")
    for table in round.tables.all():
        sheet = sheet_for(table)
        sheet = totals_set(user=staff.scorekeeper, sheet=sheet, expected_version=sheet.version,
                           money=[30, -10, -20, 0], pb=[0, 0, 0, 0])
        sheet = sheet_submit(user=staff.scorekeeper, sheet=sheet, expected_version=sheet.version)
        sheet = sheet_confirm(user=staff.referee, sheet=sheet, expected_version=sheet.version)
        assert sheet.state == SheetState.CONFIRMED
    round.refresh_from_db()
    round_set_state(user=staff.organiser, round=round, state=RoundState.CLOSED)
    setup.tournament.refresh_from_db()
    from marias_admin.tournaments.probes import open_work

    assert not open_work(setup.tournament)
    t = tournament_advance(user=staff.organiser, tournament=setup.tournament,
                           state=TournamentState.FINISHED)
    assert t.state == TournamentState.FINISHED


def grant_phone(world: dict) -> Client:
    """A phone holding table 1's grant as the player on seat 1 (as the link and PINs give)."""
    table = world["table"]
    table.refresh_from_db()
    link = access.table_access(table)
    phone = Client()
    session = phone.session
    first = table.seats.get(position=1).registration_id
    session[access.SESSION_KEY] = {str(table.pk): {"version": link.version,
                                                   "registration": first}}
    session.save()
    return phone


def test_a_phone_on_a_finished_tournament_gets_the_read_only_page(played):
    world = played
    phone = grant_phone(world)
    assert 'name="text-notation"' in phone.get(page_url(world)).content.decode()  # granted
    finished(world)
    response = phone.get(page_url(world))
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="text-notation"' not in page
    assert reverse("sheets:hand_add", args=world["args"]) not in page
    assert reverse("sheets:submit", args=world["args"]) not in page
    assert in_language(world, BANNER) in messages_of(response)
    # A hand typed anyway is refused with the message, nothing saved, no error page.
    hands = sheet_of(world).hands.count()
    response = phone.post(url(world, "hand_add"), add_data(world, "7k-", 2, 3), follow=True)
    assert response.status_code == 200
    assert sheet_of(world).hands.count() == hands
    assert messages_of(response) == [in_language(world, REFUSED), in_language(world, BANNER)]


@pytest.mark.parametrize("role", ["organiser", "referee", "keeper", "scorekeeper", "anonymous"])
def test_every_role_sees_the_finished_table_page_read_only(played, role):
    world = played
    sheet = sheet_of(world)
    sheet_submit(user=world["users"]["keeper"], sheet=sheet, expected_version=sheet.version)
    finished(world)
    client = Client() if role == "anonymous" else client_for(world["users"][role])
    response = client.get(page_url(world))
    assert response.status_code == 200
    page = response.content.decode()
    for name in ("hand_add", "submit", "confirm", "confirm_pin", "dispute", "reopen",
                 "scorekeeper"):
        assert reverse(f"sheets:{name}", args=world["args"]) not in page, name
    assert in_language(world, BANNER) in messages_of(response)
    confirm = client.post(url(world, "confirm"), {"confirm-version": sheet_of(world).version})
    assert confirm.status_code in (302, 403)
    assert sheet_of(world).state == SheetState.SUBMITTED


@pytest.mark.parametrize("role", ["referee", "scorekeeper", "anonymous"])
def test_only_an_organiser_may_finish(played, role):
    from marias_admin.tournaments.probes import open_work

    world = played
    client = Client() if role == "anonymous" else client_for(world["users"][role])
    for data in ({"state": "finished"}, {"state": "finished", "confirm": "1",
                                         "seen": open_work(world["t"]).token()}):
        response = client.post(state_url(world), data)
        assert response.status_code in (302, 403)
        assert "work" not in (response.context or {})
    world["t"].refresh_from_db()
    assert world["t"].state == TournamentState.RUNNING
