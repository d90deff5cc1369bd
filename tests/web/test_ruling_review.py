"""Rulings never silently move standings (issue 21, point 3).

A renonc ruled on hand 2 of a confirmed sheet in a closed round changes that sheet's money.
Before anything is saved, the referee sees what it changes (each seated player's money, SB, BP
and place, and every other player whose line moves) and chooses: re-confirm it under his own
authority (it counts at once, marked "changed by ruling N") or send it back to the table (it
stops counting, the round reopens, the public standings say a table is under review, the
control room flags it, until the table submits again and someone else confirms).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Round, RoundState
from marias_admin.seating.services import round_set_state
from marias_admin.sheets.models import HandRecord, Ruling, RulingKind, RulingOutcome, SheetState
from marias_admin.sheets.services import (
    ruling_add,
    ruling_preview,
    sheet_confirm,
    sheet_submit,
)
from marias_admin.standings.review import standings_lines
from tests import factories as f

pytestmark = pytest.mark.django_db

# Betls only: hands with no PB, so the sheets are complete as entered.
HANDS = ["b +", "b f -", "b +", "b -"]
REASON = "nepřiznal barvu ve 3. zdvihu"
# Table 1 of round 1, seats 1-4: the sheet's money before → after the renonc of seat 1 (E.2.a:
# his side loses the betl it had won).
EXPECTED_TABLE_MONEY = [[-900, -3300], [1500, 900], [-2100, 1500], [1500, 900]]


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def w():
    """8 players, round 1 played (both tables confirmed) and closed, round 2 seated; the
    organiser chose English for the tournament's pages (the texts are matched in English)."""
    setup = f.tournament(players=8, rounds=2, language="en")
    staff = setup.staff
    round = f.seated_round(setup, 1, state="released")
    for number in (1, 2):
        sheet = f.sheet(round, number)
        for i, text in enumerate(HANDS):
            f.add_hand(sheet, text, dealer=i % 4 + 1, declarer=(i + 1) % 4 + 1)
        _hand_in(setup, sheet)
    round = round_set_state(user=staff.organiser, round=round, state=RoundState.CLOSED)
    f.seated_round(setup, 2)
    sheet = f.sheet(round, 1)
    return SimpleNamespace(
        setup=setup, t=setup.tournament, staff=staff, round=round, sheet=sheet,
        hand=sheet.hands.get(number=2), offender=sheet.table.seats.get(position=1).registration,
        seats={s.position: s.registration_id for s in sheet.table.seats.all()},
        other={s.position: s.registration_id for s in f.sheet(round, 2).table.seats.all()})


def _hand_in(setup, sheet):
    """Submitted by the scorekeeper who entered the hands, confirmed by the organiser."""
    sheet.refresh_from_db()
    sheet = sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=sheet.version)
    sheet_confirm(user=setup.staff.organiser, sheet=sheet, expected_version=sheet.version)


def _kwargs(w):
    w.sheet.refresh_from_db()
    return {"user": w.staff.referee, "sheet": w.sheet, "kind": RulingKind.RENONC,
            "hand": w.hand, "offender": w.offender, "code": "E.2.a", "reason": REASON,
            "expected_version": w.sheet.version}


def _written(w):
    """Everything a ruling could write."""
    w.sheet.refresh_from_db()
    return (Ruling.objects.count(), AuditEntry.objects.count(), w.sheet.state, w.sheet.version,
            list(HandRecord.objects.filter(sheet=w.sheet).values_list("money_1", "money_2",
                                                                     "money_3", "money_4")),
            Round.objects.get(pk=w.round.pk).state)


def _plain(lines):
    """Standings lines without the shown (language-dependent) strings."""
    return {reg: line and {k: v for k, v in line.items() if k != "shown"}
            for reg, line in lines.items()}


def _line(lines, reg):
    line = lines.get(reg)
    return None if line is None else (line["zb"], line["bp"], line["place"])


def test_a_ruling_that_changes_a_confirmed_sheet_is_refused_without_an_outcome(w):
    before = _written(w)
    with pytest.raises(ValidationError) as refused:
        ruling_add(**_kwargs(w))
    assert "outcome" in refused.value.message_dict
    assert _written(w) == before


def test_the_preview_lists_every_seated_player_and_equals_the_standings_after_saving(w):
    lines_before = standings_lines(w.t)
    state_before = _written(w)
    changes = ruling_preview(**_kwargs(w))
    assert _written(w) == state_before  # the preview wrote nothing
    rows = {p["registration"]: p for p in changes["players"]}
    assert {p["seat"]: p["registration"] for p in changes["players"] if p["seat"]} == w.seats
    for reg, row in rows.items():
        assert row["before"] == lines_before.get(reg)
    # Money at the table, before → after: the offender's side pays the betl it had won.
    assert [rows[w.seats[s]]["money"] for s in (1, 2, 3, 4)] == EXPECTED_TABLE_MONEY
    # Round 1's BP are ranked over the whole field: a player of table 2 moves too.
    assert any(p["seat"] is None and p["registration"] in w.other.values()
               for p in changes["players"])
    ruling = ruling_add(**_kwargs(w), outcome=RulingOutcome.RECONFIRMED)
    ruling.refresh_from_db()
    assert ruling.changes == changes and ruling.outcome == RulingOutcome.RECONFIRMED
    lines_after = standings_lines(w.t)
    for reg in set(lines_before) | set(lines_after):
        assert (rows[reg]["after"] if reg in rows else lines_before.get(reg)) \
            == lines_after.get(reg)


def _table_page(w, user):
    client = Client()
    client.force_login(user)
    return client.get(reverse("sheets:table", args=(w.t.pk, 1, 1))).content.decode()


def _round_page(w):
    client = Client()
    client.force_login(w.staff.organiser)
    return client.get(reverse("seating:round", args=(w.t.pk, 1))).content.decode()


def _public_standings(w):
    response = Client().get(reverse("standings:standings", args=(w.t.pk,)))
    assert response.status_code == 200
    return response.content.decode()


def test_reconfirmed_the_sheet_counts_at_once_with_the_new_amounts(w):
    changes = ruling_preview(**_kwargs(w))
    ruling = ruling_add(**_kwargs(w), outcome=RulingOutcome.RECONFIRMED)
    w.sheet.refresh_from_db()
    assert w.sheet.state == SheetState.CONFIRMED
    assert w.sheet.confirmed_by == w.staff.referee and w.sheet.confirmed_as == ""
    assert w.sheet.changed_by_ruling == ruling
    assert Round.objects.get(pk=w.round.pk).state == RoundState.CLOSED
    lines = standings_lines(w.t)
    assert {p["registration"]: p["after"] for p in changes["players"]} \
        == {p["registration"]: lines.get(p["registration"]) for p in changes["players"]}
    assert _line(lines, w.seats[1]) == (-3300, "1", 8)
    entry = AuditEntry.objects.filter(object_id=str(ruling.pk), action="ruling.renonc").get()
    assert entry.after["outcome"] == "reconfirmed" and entry.after["changes"] == changes
    with translation.override("en"):
        page = _table_page(w, w.staff.referee)
        results = Client().get(reverse("standings:round_results", args=(w.t.pk, 1)))
    assert f"Changed by ruling {ruling.pk}" in page and "Under review" not in page
    assert f"Changed by ruling {ruling.pk}" in results.content.decode()


def test_sent_back_the_table_stops_counting_until_confirmed_again(w):
    with translation.override("en"):
        assert "under review" not in _public_standings(w)  # cached now: the ruling must bump it
    lines = standings_lines(w.t)
    assert _line(lines, w.seats[1]) == (-900, "4", 5)
    assert _line(lines, w.other[1]) == (-900, "4", 5)
    with translation.override("en"):
        ruling = ruling_add(**_kwargs(w), outcome=RulingOutcome.SENT_BACK)
    w.sheet.refresh_from_db()
    assert w.sheet.state == SheetState.DRAFT and w.sheet.changed_by_ruling == ruling
    assert w.sheet.confirmed_by is None and w.sheet.submitted_by is None
    round = Round.objects.get(pk=w.round.pk)
    assert round.state == RoundState.RELEASED  # reopened: it is no longer over
    assert Round.objects.get(tournament=w.t, number=2).state == RoundState.SEATED
    reopened = AuditEntry.objects.filter(action="round.state", object_id=str(round.pk)).latest("id")
    assert reopened.before == {"state": "closed"} and reopened.after == {"state": "released"}
    assert f"ruling {ruling.pk}" in reopened.reason and REASON in reopened.reason
    # Not counted: the table's players have no result; round 1's BP of table 2 are re-ranked.
    lines = standings_lines(w.t)
    assert all(lines.get(reg) is None for reg in w.seats.values())
    assert _line(lines, w.other[1]) == (-900, "2", 3)
    ruling.refresh_from_db()
    assert _plain({p["registration"]: p["sent_back"] for p in ruling.changes["players"]}) \
        == _plain({p["registration"]: lines.get(p["registration"])
                   for p in ruling.changes["players"]})
    with translation.override("en"):
        public = _public_standings(w)
        room = _round_page(w)
    assert "Round 1, table 1 is under review by the referee" in public
    assert REASON not in public
    assert 'data-flag="under-review"' in room and "Table 1 needs attention" in room
    # The table enters nothing new, submits again and someone else confirms.
    _hand_in(w.setup, w.sheet)
    lines = standings_lines(w.t)
    assert _line(lines, w.seats[1]) == (-3300, "1", 8)
    assert _line(lines, w.other[1]) == (-900, "3", 6)
    with translation.override("en"):
        public = _public_standings(w)
        room = _round_page(w)
    assert "under review" not in public
    assert 'data-flag="under-review"' not in room and 'data-flag="changed-by-ruling"' in room


def test_the_referee_form_shows_what_changes_and_saves_only_his_choice(w):
    client = Client()
    client.force_login(w.staff.referee)
    url = reverse("sheets:ruling_add", args=(w.t.pk, 1, 1))
    w.sheet.refresh_from_db()
    data = {"version": w.sheet.version, "kind": "renonc", "hand": w.hand.pk, "code": "E.2.a",
            "offender": w.offender.pk, "reason": REASON}
    before = _written(w)
    with translation.override("en"):
        preview = client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")
        page = preview.content.decode()
        assert preview.status_code == 200 and 'id="ruling-preview"' in page
        assert _written(w) == before  # nothing saved by the first step
        assert page.count('name="outcome"') == 2 and "checked" not in page.split(
            'id="ruling-preview"')[1]
        assert page.count('name="reason"') == 1 and REASON in page
        assert "sending the sheet back reopens it" in page and "Round(s) 2 are already" in page
        again = client.post(url, {**data, "step": "confirm"})
        assert again.status_code == 200 and "Choose what becomes of the sheet." in \
            again.content.decode()
        assert _written(w) == before
        saved = client.post(url, {**data, "step": "confirm", "outcome": "sent_back"},
                            follow=True)
    assert saved.status_code == 200
    ruling = Ruling.objects.get()
    assert ruling.outcome == RulingOutcome.SENT_BACK
    assert ruling.changes["players"][0]["money"] == EXPECTED_TABLE_MONEY[0]
    w.sheet.refresh_from_db()
    assert w.sheet.state == SheetState.DRAFT
    text = saved.content.decode()
    assert "Round 1 was closed and is open again" in text and "Round(s) 2" in text
