"""The organiser's control room (every table of the round live), closing and seating with
sheets still open, the tournament following its rounds, and the round clock."""

from __future__ import annotations

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from marias_admin.audit.models import AuditEntry
from marias_admin.seating import selectors as seating_selectors
from marias_admin.seating.models import RoundState
from marias_admin.seating.services import round_adjust_clock, round_set_state, round_start_clock
from marias_admin.sheets.models import RulingKind
from marias_admin.sheets.services import (
    hand_add,
    paper_totals_set,
    ruling_add,
    sheet_confirm,
    sheet_dispute,
    sheet_submit,
)
from marias_admin.tournaments.models import TournamentState
from scoring.jsonio import hand_from_dict
from tests import factories
from tests.factories import HUNDRED_TWO_TRUMPS

pytestmark = pytest.mark.django_db


def cs(message: str) -> str:
    """A message as the (Czech by default) pages show it."""
    with translation.override("cs"):
        return gettext(message)


def url(setup, number: int, name: str = "round") -> str:
    return reverse(f"seating:{name}", args=(setup.tournament.pk, number))


def rows(response) -> dict[int, str]:
    """Table number → the whole status row's HTML."""
    html = response.content.decode()
    return {int(n): row for n, row in re.findall(r'<tr [^>]*data-table="(\d+)"(.*?)</tr>', html,
                                                  flags=re.S)}


def progress(response) -> dict[int, str]:
    html = response.content.decode()
    return {int(n): p for n, p in re.findall(r'data-table="(\d+)" data-progress="(\w+)"', html)}


def submitted(setup, round, table: int, text: str = "7k+ tr4"):  # complete (issue 21)
    sheet = factories.sheet(round, table)
    factories.add_hand(sheet, text)
    sheet.refresh_from_db()
    return sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=sheet.version)


def confirmed(setup, round, table: int):
    sheet = submitted(setup, round, table)
    return sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=sheet.version)


@pytest.fixture
def setup():
    return factories.tournament(players=28, rounds=2)  # 7 tables of 4


@pytest.fixture
def played(setup):
    """Round 1 released, its seven tables each in another state."""
    round = factories.seated_round(setup, 1, state="released")
    staff = setup.staff
    # 1: nobody opened the sheet
    two = factories.sheet(round, 2)
    factories.add_hand(two, "7k+", dealer=1, declarer=2)
    factories.add_hand(two, "7k+", dealer=2, declarer=3)
    submitted(setup, round, 3)
    confirmed(setup, round, 4)
    sheet_dispute(user=staff.referee, sheet=submitted(setup, round, 5), reason="špatný zápis")
    six = factories.sheet(round, 6)
    factories.add_hand(six, "7k+")
    six.refresh_from_db()
    paper_totals_set(user=staff.scorekeeper, sheet=six, expected_version=six.version,
                     money=[0, 0, 0, 0], pb=[None] * 4)
    seven = factories.sheet(round, 7)
    record = hand_add(user=staff.scorekeeper, sheet=seven, expected_version=None,
                      hand=hand_from_dict({"players": 4, "dealer": 1, "declarer": 3,
                                           **HUNDRED_TWO_TRUMPS}))
    ruling_add(user=staff.referee, sheet=seven, kind=RulingKind.RENONC, hand=record,
               code="E.3.a", offender=seven.table.seats.get(position=4).registration,
               reason="řezal karty")
    return round


@pytest.fixture
def org_client(client, setup):
    client.force_login(setup.staff.organiser)
    return client


# -- the status of every table -----------------------------------------------------------------


def test_the_status_partial_shows_each_tables_state(org_client, setup, played):
    response = org_client.get(url(setup, 1, "round_tables_status"))
    assert response.status_code == 200
    assert progress(response) == {1: "not_started", 2: "entering", 3: "submitted",
                                  4: "confirmed", 5: "disputed", 6: "entering", 7: "entering"}
    row = rows(response)
    with translation.override("cs"):
        two_hands = translation.ngettext("%(counter)s hand", "%(counter)s hands", 2) % {
            "counter": 2}
    assert two_hands in row[2]
    assert 'data-flag="paper"' in row[6] and 'data-flag="paper"' not in row[2]
    assert 'data-flag="pb"' in row[7] and 'data-flag="rulings"' in row[7]
    assert 'data-flag="rulings"' not in row[6]
    for number in (2, 3, 4, 5, 6, 7):  # last activity: a time
        assert re.search(r"\d{1,2}:\d\d:\d\d", row[number])  # 9:05:07
    assert "–" in row[1]
    for number in range(1, 8):  # a link to each table's page
        assert reverse("sheets:table", args=(setup.tournament.pk, 1, number)) in row[number]


def test_the_round_page_polls_the_status_partial(org_client, setup, played):
    response = org_client.get(url(setup, 1))
    html = response.content.decode()
    assert f'hx-get="{url(setup, 1, "round_tables_status")}"' in html
    assert 'hx-trigger="every 7s"' in html
    assert "htmx" in html  # the script is loaded
    assert len(progress(response)) == 7


def test_the_status_partial_is_for_organisers_only(client, setup, played):
    client.force_login(setup.staff.scorekeeper)
    response = client.get(url(setup, 1, "round_tables_status"))
    assert response.status_code in (302, 403, 404)


def _status_queries(client, players: int, prefix: str) -> int:
    setup = factories.tournament(players=players, rounds=1, prefix=prefix, name=prefix)
    round = factories.seated_round(setup, 1, state="released")
    for table in round.tables.all():
        factories.add_hand(factories.sheet(round, table.number), "7k+ tr4",
                           by=setup.staff.scorekeeper)
        if table.number % 2:
            sheet = factories.sheet(round, table.number)
            sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None)
    client.force_login(setup.staff.organiser)
    client.get(url(setup, 1, "round_tables_status"))  # warm up (session, sites)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url(setup, 1, "round_tables_status"))
    assert response.status_code == 200
    assert len(progress(response)) == players // 4
    return len(queries)


def test_the_status_takes_the_same_queries_for_2_and_20_tables(client):
    assert _status_queries(client, 8, "a") == _status_queries(client, 80, "b")


# -- closing the round -------------------------------------------------------------------------


def test_closing_with_open_sheets_is_refused_naming_the_tables(setup, played):
    with pytest.raises(ValidationError) as error:
        round_set_state(user=setup.staff.organiser, round=played, state=RoundState.CLOSED)
    assert error.value.code == "open_sheets"
    assert "1, 2, 3, 5, 6, 7" in " ".join(error.value.messages)
    played.refresh_from_db()
    assert played.state == RoundState.RELEASED
    round_set_state(user=setup.staff.organiser, round=played, state=RoundState.CLOSED,
                    confirm_open_sheets=True)
    played.refresh_from_db()
    assert played.state == RoundState.CLOSED
    entry = AuditEntry.objects.filter(action="round.state").latest("at", "id")
    assert entry.after["unconfirmed_tables"] == [1, 2, 3, 5, 6, 7]


def test_closing_on_the_page_lists_the_open_sheets_and_asks(org_client, setup, played):
    state_url = url(setup, 1, "round_state")
    response = org_client.post(state_url, {"state": "closed"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "1, 2, 3, 5, 6, 7" in html
    assert 'name="confirm_open_sheets" value="1"' in html
    # Confirming the close without agreeing to the open sheets asks again.
    response = org_client.post(state_url, {"state": "closed", "confirmed": "1"})
    assert response.status_code == 200 and "1, 2, 3, 5, 6, 7" in response.content.decode()
    assert setup.tournament.rounds.get(number=1).state == RoundState.RELEASED
    org_client.post(state_url, {"state": "closed", "confirmed": "1", "confirm_open_sheets": "1"})
    assert setup.tournament.rounds.get(number=1).state == RoundState.CLOSED


def test_closing_with_every_sheet_confirmed_needs_no_extra_consent(setup):
    round = factories.seated_round(setup, 1, state="released")
    for table in range(1, 8):
        confirmed(setup, round, table)
    round_set_state(user=setup.staff.organiser, round=round, state=RoundState.CLOSED)
    round.refresh_from_db()
    assert round.state == RoundState.CLOSED


def test_all_rounds_closed_prompts_to_finish_but_does_not(org_client, setup):
    for number in (1, 2):
        round = factories.seated_round(setup, number, state="released")
        round_set_state(user=setup.staff.organiser, round=round, state=RoundState.CLOSED,
                        confirm_open_sheets=True)
    response = org_client.get(url(setup, 2))
    assert 'id="finish-prompt"' in response.content.decode()
    setup.tournament.refresh_from_db()
    assert setup.tournament.state == TournamentState.RUNNING
    response = org_client.get(url(setup, 1))
    assert 'id="finish-prompt"' in response.content.decode()  # all rounds closed


# -- seating the next round --------------------------------------------------------------------


def test_seating_round_2_while_round_1_is_played_warns_and_asks(org_client, setup, played):
    seat_url = url(setup, 2, "round_seat")
    response = org_client.post(seat_url, {"method": "optimise", "seed": 5})
    assert response.status_code == 200
    html = response.content.decode()
    assert "1, 2, 3, 5, 6, 7" in html and 'name="confirm_previous_open" value="1"' in html
    assert setup.tournament.rounds.get(number=2).state == RoundState.DRAFT
    org_client.post(seat_url, {"method": "optimise", "seed": 5, "confirm_previous_open": "1"})
    assert setup.tournament.rounds.get(number=2).state == RoundState.SEATED


def test_seating_round_2_after_round_1_is_confirmed_does_not_ask(org_client, setup):
    round = factories.seated_round(setup, 1, state="released")
    for table in range(1, 8):
        confirmed(setup, round, table)
    org_client.post(url(setup, 2, "round_seat"), {"method": "optimise", "seed": 5})
    assert setup.tournament.rounds.get(number=2).state == RoundState.SEATED


# -- the tournament follows its rounds ---------------------------------------------------------


def test_releasing_round_1_starts_the_tournament_audited(setup):
    assert setup.tournament.state == TournamentState.DRAFT
    factories.seated_round(setup, 1, state="released")
    setup.tournament.refresh_from_db()
    assert setup.tournament.state == TournamentState.RUNNING
    entry = AuditEntry.objects.get(action="tournament.start")
    assert entry.before["state"] == "draft" and entry.after["state"] == "running"
    assert entry.user == setup.staff.organiser


def test_a_running_tournament_is_left_as_it_is(setup):
    factories.running(setup)
    factories.seated_round(setup, 1, state="released")
    setup.tournament.refresh_from_db()
    assert setup.tournament.state == TournamentState.RUNNING
    assert not AuditEntry.objects.filter(action="tournament.start").exists()


# -- the round clock ---------------------------------------------------------------------------


def test_the_clock_is_started_on_the_round_page_and_audited(org_client, setup, played):
    page = org_client.get(url(setup, 1)).content.decode()
    assert f'action="{url(setup, 1, "round_clock")}"' in page
    assert "data-round-clock" not in page
    response = org_client.post(url(setup, 1, "round_clock"), {"action": "start", "minutes": ""})
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.started_at is not None
    entry = AuditEntry.objects.get(action="round.clock_start")
    assert entry.after["minutes"] == setup.tournament.round_minutes == 90
    html = org_client.get(url(setup, 1)).content.decode()
    remaining = int(re.search(r'data-remaining="(\d+)"', html).group(1))
    assert 89 * 60 < remaining <= 90 * 60
    assert re.search(r'data-clock-time role="timer">(1:30:00|1:29:5\d)<', html)
    assert re.search(r'data-clock-called role="status" hidden', html)
    assert 'nonce="' in html  # the ticking script carries the page's nonce


def test_the_clock_can_be_adjusted_audited(setup, played):
    round = round_start_clock(user=setup.staff.organiser, round=played, minutes=60)
    round = round_adjust_clock(user=setup.staff.organiser, round=round, minutes=75)
    assert round.clock_minutes == 75
    entry = AuditEntry.objects.get(action="round.clock_adjust")
    assert (entry.before["minutes"], entry.after["minutes"]) == (60, 75)
    with pytest.raises(ValidationError):
        round_adjust_clock(user=setup.staff.organiser, round=round, minutes=0)


def test_the_clock_needs_a_released_round(setup):
    round = factories.seated_round(setup, 1, state="confirmed")
    with pytest.raises(ValidationError) as error:
        round_start_clock(user=setup.staff.organiser, round=round)
    assert error.value.code == "clock_not_released"


def test_the_countdown_is_on_the_table_page_and_the_projector(org_client, setup, played):
    round_start_clock(user=setup.staff.organiser, round=played, minutes=45)
    table = org_client.get(reverse("sheets:table", args=(setup.tournament.pk, 1, 2)))
    assert table.status_code == 200
    assert "data-round-clock" in table.content.decode()
    projector = org_client.get(reverse("standings:standings", args=(setup.tournament.pk,)),
                               {"projector": "1"})
    assert projector.status_code == 200
    assert "data-round-clock" in projector.content.decode()


def test_when_time_is_called_the_pages_say_no_new_hand(org_client, setup, played, monkeypatch):
    round_start_clock(user=setup.staff.organiser, round=played, minutes=30)
    later = timezone.now() + timedelta(minutes=31)
    monkeypatch.setattr(seating_selectors, "timezone", SimpleNamespace(now=lambda: later))
    called = cs("Time is up: finish the hand in play and do not deal a new one.")
    for page in (url(setup, 1, "round_tables_status"),
                 reverse("sheets:table", args=(setup.tournament.pk, 1, 2))):
        html = org_client.get(page).content.decode()
        assert 'data-remaining="0"' in html
        assert re.search(r'data-clock-called role="status">' + re.escape(called), html)


def test_the_clock_remaining_time(setup, played):
    round = round_start_clock(user=setup.staff.organiser, round=played, minutes=90)
    clock = seating_selectors.round_clock(round, round.started_at + timedelta(minutes=30,
                                                                              seconds=1))
    assert (clock.remaining_seconds, clock.remaining_text, clock.called) == (3599, "59:59",
                                                                            False)
    assert seating_selectors.round_clock(round, round.started_at).remaining_text == "1:30:00"


def test_the_next_rounds_page_warns_while_the_previous_is_played(org_client, setup, played):
    html = org_client.get(url(setup, 2)).content.decode()
    assert 'id="previous-open"' in html and "1, 2, 3, 5, 6, 7" in html
    html = org_client.get(url(setup, 1)).content.decode()
    assert 'id="previous-open"' not in html


def test_the_polled_refresh_carries_no_script(org_client, setup, played):
    """The page's ticking script stays; a refreshed part's script would carry a nonce the
    page's Content-Security-Policy does not allow."""
    round_start_clock(user=setup.staff.organiser, round=played)
    assert "<script" in org_client.get(url(setup, 1)).content.decode()
    polled = org_client.get(url(setup, 1, "round_tables_status")).content.decode()
    assert "data-round-clock" in polled and "<script" not in polled


def test_releasing_round_2_while_round_1_is_played_says_so(org_client, setup, played):
    factories.seated_round(setup, 2, state="confirmed")
    response = org_client.post(url(setup, 2, "round_state"), {"state": "released"})
    assert response.status_code == 200
    assert "1, 2, 3, 5, 6, 7" in response.content.decode()
    assert setup.tournament.rounds.get(number=2).state == RoundState.CONFIRMED


# -- the control room for 80 tables (issue 24): names, flags, filters, stragglers, confirm -----


def flags(response) -> dict[int, set[str]]:
    html = response.content.decode()
    return {int(n): set(f.split()) for n, f in re.findall(
        r'data-table="(\d+)" data-progress="\w+" data-flags="([^"]*)"', html)}


def order(response) -> list[int]:
    return [int(n) for n in re.findall(r'<tr [^>]*data-table="(\d+)"', response.content.decode())]


def test_each_row_names_its_players_and_flags_what_needs_the_organiser(org_client, setup,
                                                                        played):
    from marias_admin.sheets.models import Ruling, TableSheet

    # Table 4 confirmed, then a ruling changed its amounts (as the ruling service leaves it).
    TableSheet.objects.filter(table__round=played, table__number=4).update(
        changed_by_ruling=Ruling.objects.get())
    response = org_client.get(url(setup, 1, "round_tables_status"))
    assert flags(response) == {1: set(), 2: {"pb_missing"}, 3: set(), 4: {"changed"},
                               5: {"disputed"}, 6: {"paper", "pb_missing"},
                               7: {"ruling_pending"}}
    row = rows(response)
    for seat in played.tables.get(number=3).seats.select_related("registration__player"):
        player = seat.registration.player
        assert f"{player.last_name} {player.first_name[0]}." in row[3]  # "Novák J."
        assert player.first_name not in row[3]
    assert 'data-flag="pb-missing"' in row[2] and 'data-flag="pb-missing"' not in row[3]
    assert 'data-flag="changed-by-ruling"' in row[4]
    assert re.search(r'data-quiet-minutes="0"', row[2])  # time since the last activity
    assert "data-quiet-minutes" not in row[1]


def test_the_room_filters_by_flag_and_by_state(org_client, setup, played):
    status = url(setup, 1, "round_tables_status")
    assert set(flags(org_client.get(status, {"flag": "any"}))) == {2, 5, 6, 7}
    assert set(flags(org_client.get(status, {"flag": "paper"}))) == {6}
    assert set(flags(org_client.get(status, {"flag": "pb_missing"}))) == {2, 6}
    assert set(flags(org_client.get(status, {"flag": "ruling_pending"}))) == {7}
    assert set(flags(org_client.get(status, {"state": "submitted"}))) == {3}
    assert set(flags(org_client.get(status, {"state": "open"}))) == {1, 2, 3, 5, 6, 7}
    assert set(flags(org_client.get(status, {"state": "entering", "flag": "any"}))) == {2, 6, 7}
    assert set(flags(org_client.get(status, {"flag": "nonsense"}))) == set(range(1, 8))
    page = org_client.get(url(setup, 1), {"flag": "any"}).content.decode()
    # the filter survives the live refresh, and the links say which filter is on
    assert f'hx-get="{status}?flag=any"' in page
    assert re.search(r'data-filter-flag="any" aria-current="true"', page)
    assert set(flags(org_client.get(url(setup, 1), {"flag": "any"}))) == {2, 5, 6, 7}


def test_stragglers_come_first_confirmed_last(org_client, setup, played):
    from marias_admin.sheets.models import HandRecord

    # Table 6 has been quiet for an hour, table 2 for half an hour.
    for number, minutes in ((6, 60), (2, 30)):
        HandRecord.objects.filter(sheet__table__round=played, sheet__table__number=number
                                  ).update(updated_at=timezone.now() - timedelta(minutes=minutes))
    AuditEntry.objects.filter(object_type="sheets.tablesheet").delete()
    response = org_client.get(url(setup, 1, "round_tables_status"))
    ranked = order(response)
    assert ranked[:3] == [1, 6, 2]  # never started, then the longest quiet
    assert ranked[-1] == 4  # confirmed: nothing to chase
    assert re.search(r'data-quiet-minutes="60"', rows(response)[6])
    assert order(org_client.get(url(setup, 1, "round_tables_status"), {"order": "number"})) \
        == list(range(1, 8))


def _room_queries(client, players: int, prefix: str) -> int:
    setup = factories.tournament(players=players, rounds=1, prefix=prefix, name=prefix)
    round = factories.seated_round(setup, 1, state="released")
    round_start_clock(user=setup.staff.organiser, round=round)
    for table in round.tables.all():
        sheet = factories.sheet(round, table.number)
        factories.add_hand(sheet, "7k+ tr4" if table.number % 3 else "7k+",  # PB facts missing
                           by=setup.staff.scorekeeper)
        if table.number % 2:
            sheet_submit(user=setup.staff.scorekeeper, sheet=factories.sheet(round, table.number),
                         expected_version=None) if table.number % 3 else None
    client.force_login(setup.staff.organiser)
    client.get(url(setup, 1))  # warm up (session, sites)
    counts = []
    for path, query in ((url(setup, 1, "round_tables_status"), {}),
                        (url(setup, 1, "round_tables_status"), {"flag": "any"}),
                        (url(setup, 1), {"state": "open"})):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path, query)
        assert response.status_code == 200
        counts.append(len(queries))
    assert len(flags(client.get(url(setup, 1, "round_tables_status")))) == players // 4
    return tuple(counts)


def test_the_room_takes_the_same_queries_for_10_and_40_tables(client):
    assert _room_queries(client, 40, "c") == _room_queries(client, 160, "d")


def test_the_organiser_confirms_a_submitted_table_from_its_row(org_client, setup, played):
    page = org_client.get(url(setup, 1, "round_tables_status"), {"state": "open"})
    row = rows(page)
    assert 'data-confirm-table="3"' in row[3]
    assert "data-confirm-table" not in row[2] + row[5]  # only a submitted sheet
    version = re.search(r'name="version" value="(\d+)"', row[3]).group(1)
    target = reverse("seating:round_table_confirm", args=(setup.tournament.pk, 1, 3))
    assert f'action="{target}"' in row[3]
    response = org_client.post(target, {"version": version, "state": "open"})
    assert response.status_code == 302
    assert response["Location"].endswith("?state=open#control-room")  # the filter stays
    assert progress(org_client.get(url(setup, 1, "round_tables_status")))[3] == "confirmed"
    entry = AuditEntry.objects.filter(action="sheet.confirmed").latest("at")  # audited
    assert entry.user == setup.staff.organiser


def test_confirming_from_the_row_refuses_who_wrote_on_the_sheet(org_client, setup, played):
    sheet = factories.sheet(played, 1)
    factories.add_hand(sheet, "7k+ tr4", by=setup.staff.organiser)
    sheet = sheet_submit(user=setup.staff.organiser, sheet=factories.sheet(played, 1),
                         expected_version=None)
    target = reverse("seating:round_table_confirm", args=(setup.tournament.pk, 1, 1))
    response = org_client.post(target, {"version": sheet.version}, follow=True)
    assert progress(org_client.get(url(setup, 1, "round_tables_status")))[1] == "submitted"
    assert any(m.level_tag == "error" for m in response.context["messages"])


def test_the_room_has_a_jump_to_table_field(org_client, setup, played):
    html = org_client.get(url(setup, 1)).content.decode()
    assert "data-table-jump" in html and 'id="table-jump"' in html
    assert 'id="table-row-7"' in html


# -- pausing and resuming the clock ------------------------------------------------------------


def clock_state(client, setup, number: int = 1) -> dict:
    response = client.get(reverse("seating:round_clock_state", args=(setup.tournament.pk,
                                                                     number)))
    assert response.status_code == 200
    return response.json()


def test_the_clock_pauses_frozen_and_resumes_later_audited(client, setup, played, monkeypatch):
    from marias_admin.seating import clock as seating_clock

    organiser = setup.staff.organiser
    start = timezone.now()
    round = round_start_clock(user=organiser, round=played, minutes=60)
    moments = iter([start + timedelta(minutes=10), start + timedelta(minutes=25)])
    monkeypatch.setattr(seating_clock, "timezone", SimpleNamespace(now=lambda: next(moments)))
    round = seating_clock.round_pause_clock(user=organiser, round=round)
    # Paused ten minutes in: 50 minutes left, however long the pause lasts.
    later = start + timedelta(minutes=20)
    assert seating_selectors.round_clock(round, later).remaining_seconds == pytest.approx(
        50 * 60, abs=2)
    assert seating_selectors.round_clock(round, later).paused
    assert clock_state(client, setup)["state"] == "paused"
    assert clock_state(client, setup)["remaining"] == pytest.approx(50 * 60, abs=2)
    with pytest.raises(ValidationError) as error:
        seating_clock.round_pause_clock(user=organiser, round=round)
    assert error.value.code == "clock_paused"
    round = seating_clock.round_resume_clock(user=organiser, round=round)  # 15 minutes later
    assert round.clock_paused_at is None
    assert round.clock_paused_seconds == pytest.approx(15 * 60, abs=2)
    clock = seating_selectors.round_clock(round, start + timedelta(minutes=30))
    assert not clock.paused and clock.remaining_seconds == pytest.approx(45 * 60, abs=2)
    with pytest.raises(ValidationError) as error:
        seating_clock.round_resume_clock(user=organiser, round=round)
    assert error.value.code == "clock_not_paused"
    paused = AuditEntry.objects.get(action="round.clock_pause")
    resumed = AuditEntry.objects.get(action="round.clock_resume")
    assert (paused.before["paused"], paused.after["paused"]) == (False, True)
    assert (resumed.before["paused"], resumed.after["paused"]) == (True, False)
    assert paused.user == resumed.user == organiser
    # a restart runs from the full length again
    round = round_start_clock(user=organiser, round=round, minutes=60)
    assert (round.clock_paused_at, round.clock_paused_seconds) == (None, 0)


def test_pausing_needs_a_started_clock(setup, played):
    from marias_admin.seating.clock import round_pause_clock

    with pytest.raises(ValidationError) as error:
        round_pause_clock(user=setup.staff.organiser, round=played)
    assert error.value.code == "clock_not_started"


def test_pause_and_resume_on_the_round_page_and_every_screen_shows_paused(org_client, client,
                                                                         setup, played):
    round_start_clock(user=setup.staff.organiser, round=played, minutes=45)
    page = org_client.get(url(setup, 1)).content.decode()
    assert 'data-clock-action="pause"' in page and 'data-clock-action="resume"' not in page
    response = org_client.post(url(setup, 1, "round_clock"), {"action": "pause"})
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.clock_paused_at is not None
    page = org_client.get(url(setup, 1)).content.decode()
    assert 'data-clock-action="resume"' in page
    table = org_client.get(reverse("sheets:table", args=(setup.tournament.pk, 1, 2)))
    projector = org_client.get(reverse("standings:standings", args=(setup.tournament.pk,)),
                               {"projector": "1"})
    with translation.override("en"):
        for html in (page, table.content.decode(), projector.content.decode()):
            assert 'data-clock-state="paused"' in html
            assert re.search(r'data-clock-paused role="status">', html)  # not hidden
            assert 'data-remaining="' not in html  # nothing counts down a paused clock
            assert 'data-clock-url="' in html  # the script follows the organiser
    org_client.post(url(setup, 1, "round_clock"), {"action": "resume"})
    played.refresh_from_db()
    assert played.clock_paused_at is None
    assert clock_state(client, setup)["state"] == "running"
    table = org_client.get(reverse("sheets:table", args=(setup.tournament.pk, 1, 2)))
    assert 'data-clock-state="running"' in table.content.decode()
    assert re.search(r'data-clock-paused role="status" hidden', table.content.decode())


def test_the_clock_state_of_a_round_without_a_clock(client, setup, played):
    assert clock_state(client, setup)["state"] == "stopped"
    missing = reverse("seating:round_clock_state", args=(setup.tournament.pk, 9))
    assert client.get(missing).status_code == 404
