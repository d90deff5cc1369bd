"""Issue 21, "complete before it counts": a hand lacking the facts its PB need, and paper totals
differing from the hands, are shown on the table page and block the submit (and the
confirmation) until completed or a referee decides (waiver, acceptance), audited and explained
in the standings. ČSM licitovaný at a table of four (the dealer sits out)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.sheets.models import HandRecord, RulingKind, SheetState, TableSheet
from marias_admin.sheets.services import (
    hand_edit,
    paper_totals_set,
    ruling_add,
    sheet_confirm,
    sheet_submit,
)
from tests.factories import make_world, release, sheet_of, shorthand, version
from tests.web.helpers import add_data, messages_of, page_url, text, url

pytestmark = pytest.mark.django_db


def english(user) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


@pytest.fixture
def world():
    world = make_world()
    release(world["t"], 1, world["users"]["organiser"])
    return world


def enter(world, notation: str, dealer: int = 1, declarer: int = 2) -> HandRecord:
    """The keeper types a hand on the table page (English), as a phone would."""
    keeper = english(world["users"]["keeper"])
    response = keeper.post(url(world, "hand_add"), add_data(world, notation, dealer, declarer))
    assert response.status_code == 302, text(response)[:2000]
    return HandRecord.objects.filter(sheet__table=world["table"]).latest("number")


def submit(world, user_name: str = "keeper"):
    client = english(world["users"][user_name])
    return client.post(url(world, "submit"), {"submit-version": version(world)}, follow=True)


def waive(world, hand: HandRecord, reason: str = "the declarer left before counting trumps"):
    referee = english(world["users"]["referee"])
    return referee.post(
        reverse("sheets:ruling_add", args=world["args"]),
        {"version": version(world), "kind": RulingKind.PB_WAIVED.value, "hand": hand.pk,
         "reason": reason}, follow=True)


def test_the_placeholder_typed_in_is_a_complete_hand_with_pb(world):
    keeper = english(world["users"]["keeper"])
    page = keeper.get(page_url(world)).content.decode()
    placeholder = re.search(r'name="text-notation"[^>]*placeholder="([^"]+)"', page)
    placeholder = placeholder or re.search(r'placeholder="([^"]+)"[^>]*name="text-notation"',
                                           page)
    assert placeholder is not None
    record = enter(world, placeholder.group(1))
    assert not record.pb_missing
    assert record.pb_2 > 0  # the declarer's PB: the ČSM table pays sto a sedma
    # The examples are complete hands too: each one typed saves without missing facts.
    examples = re.findall(r"<dt><code>([^<]+)</code></dt>", page)
    assert "7k+ tr3" in examples
    for i, example in enumerate(e for e in examples if "·" not in e and "!" not in e):
        dealer = i % 4 + 1
        record = enter(world, example, dealer, dealer % 4 + 1)
        assert not record.pb_missing, example


def test_missing_facts_are_marked_counted_and_block_until_completed(world):
    first = enter(world, "7k+")  # a made sedma without its trumps
    enter(world, "7k+ tr3", dealer=2, declarer=3)
    assert first.pb_missing and first.pb_2 == 0
    keeper = english(world["users"]["keeper"])
    page = text(keeper.get(page_url(world)))
    assert "PB facts missing: the number of trumps" in page
    assert "1 hand without PB facts" in page

    response = submit(world)
    assert sheet_of(world).state == SheetState.DRAFT
    assert any("Hand 1 lacks the facts for PB" in m for m in messages_of(response))

    sheet = sheet_of(world)
    hand_edit(user=world["users"]["keeper"], record=first, expected_version=sheet.version,
              hand=shorthand(world, "7k+ tr3", 1, 2), reason="trumps counted",
              notation="7k+ tr3")
    first.refresh_from_db()
    assert not first.pb_missing and first.pb_2 == Decimal(7)
    assert "PB facts missing" not in text(keeper.get(page_url(world)))
    submit(world)
    assert sheet_of(world).state == SheetState.SUBMITTED


def test_a_referees_waiver_unblocks_is_audited_and_explained(world):
    record = enter(world, "100+7c f100 60+40 s+")  # the old placeholder: no trump facts
    enter(world, "7k+ tr3", dealer=2, declarer=3)
    assert record.pb_missing
    # A scorekeeper cannot waive: the ruling form is the referee's.
    refused = english(world["users"]["keeper"]).post(
        reverse("sheets:ruling_add", args=world["args"]),
        {"version": version(world), "kind": RulingKind.PB_WAIVED.value, "hand": record.pk,
         "reason": "x"})
    assert refused.status_code in (302, 403, 404)
    record.refresh_from_db()
    assert record.pb_waiver_id is None
    assert sheet_of(world).rulings.count() == 0

    money = record.money
    response = waive(world, record)
    assert response.status_code == 200
    record.refresh_from_db()
    assert record.pb_waiver is not None
    assert record.pb_waiver.kind == RulingKind.PB_WAIVED
    assert record.pb_2 == 0 and record.money == money  # amounts untouched
    entry = AuditEntry.objects.get(action=AuditAction.RULING_PB_WAIVED)
    assert entry.reason == "the declarer left before counting trumps"

    page = text(english(world["users"]["keeper"]).get(page_url(world)))
    assert "PB waived by" in page and "the declarer left before counting trumps" in page
    assert "hand without PB facts" not in page

    submit(world)
    assert sheet_of(world).state == SheetState.SUBMITTED
    organiser = english(world["users"]["organiser"])
    organiser.post(url(world, "confirm"), {"confirm-version": version(world)})
    assert sheet_of(world).state == SheetState.CONFIRMED

    note = ("Round 1, table 1: PB facts of hand 1 waived by the referee (the declarer left "
            "before counting trumps)")
    seat = world["table"].seats.get(position=3)
    player_page = organiser.get(reverse("standings:player",
                                        args=(world["t"].pk, seat.registration_id)))
    assert note in text(player_page)


def test_editing_a_waived_hand_clears_the_waiver(world):
    record = enter(world, "7k+")
    waive(world, record)
    record.refresh_from_db()
    assert record.pb_waiver_id is not None
    sheet = sheet_of(world)
    hand_edit(user=world["users"]["keeper"], record=record, expected_version=sheet.version,
              hand=shorthand(world, "7z+", 1, 2), reason="it was green", notation="7z+")
    record.refresh_from_db()
    assert record.pb_missing and record.pb_waiver_id is None
    with translation.override("en"):
        response = submit(world)
    assert sheet_of(world).state == SheetState.DRAFT
    assert any("Hand 1 lacks" in m for m in messages_of(response))


def test_paper_totals_that_differ_block_until_a_referee_accepts(world):
    enter(world, "7k+ tr3")  # seat 2 wins 1,20 from each of 3 and 4 (seat 1 deals, sits out)
    record = HandRecord.objects.get(sheet__table=world["table"])
    hands_money = record.money
    sheet = sheet_of(world)
    paper = [hands_money[0], hands_money[1] + 100, hands_money[2] - 100, hands_money[3]]
    paper_totals_set(user=world["users"]["keeper"], sheet=sheet, expected_version=sheet.version,
                     money=paper, pb=[None] * 4)
    page = text(english(world["users"]["keeper"]).get(page_url(world)))
    assert "The paper totals differ from the hands" in page

    response = submit(world)
    assert sheet_of(world).state == SheetState.DRAFT
    message = next(m for m in messages_of(response) if "paper totals differ" in m)
    seats = {s.position: s.registration.player.full_name for s in world["table"].seats.all()}
    assert f"2. {seats[2]}: paper +{(paper[1]) / 100:.2f}" in message
    assert "difference −1.00" in message and "difference +1.00" in message

    # The referee's form offers the acceptance (the paper differs); he accepts with a reason.
    referee = english(world["users"]["referee"])
    form = referee.get(reverse("sheets:ruling_add", args=world["args"]))
    assert RulingKind.TOTALS_ACCEPTED.value in form.content.decode()
    referee.post(reverse("sheets:ruling_add", args=world["args"]),
                 {"version": version(world), "kind": RulingKind.TOTALS_ACCEPTED.value,
                  "reason": "the paper was added up wrong; hands checked"})
    sheet = sheet_of(world)
    assert sheet.paper_ruling is not None
    assert AuditEntry.objects.filter(action=AuditAction.RULING_TOTALS_ACCEPTED).exists()
    assert "Difference accepted by" in text(english(world["users"]["keeper"])
                                            .get(page_url(world)))
    log = referee.get(reverse("sheets:log", args=(world["t"].pk,)))
    assert log.status_code == 200 and "the paper was added up wrong" in text(log)

    # Another change of the paper makes another difference: the acceptance no longer counts.
    paper_totals_set(user=world["users"]["keeper"], sheet=sheet, expected_version=sheet.version,
                     money=[paper[0], paper[1] + 100, paper[2] - 100, paper[3]], pb=[None] * 4)
    submit(world)
    assert sheet_of(world).state == SheetState.DRAFT
    sheet = sheet_of(world)
    paper_totals_set(user=world["users"]["keeper"], sheet=sheet, expected_version=sheet.version,
                     money=paper, pb=[None] * 4)
    submit(world)
    assert sheet_of(world).state == SheetState.SUBMITTED


def test_confirm_refuses_an_incomplete_sheet_even_called_directly(world):
    enter(world, "7k+")
    sheet = sheet_of(world)
    # A sheet that slipped through as submitted (e.g. before this check existed).
    TableSheet.objects.filter(pk=sheet.pk).update(state=SheetState.SUBMITTED)
    sheet.refresh_from_db()
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        sheet_confirm(user=world["users"]["organiser"], sheet=sheet,
                      expected_version=sheet.version)
    assert "Hand 1 lacks the facts for PB" in " ".join(refused.value.messages)
    assert sheet_of(world).state == SheetState.SUBMITTED
    with pytest.raises(ValidationError):
        sheet_submit(user=world["users"]["keeper"], sheet=sheet, expected_version=None)


def test_waiving_a_complete_hand_is_refused(world):
    record = enter(world, "7k+ tr3")
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        ruling_add(user=world["users"]["referee"], sheet=sheet_of(world),
                   kind=RulingKind.PB_WAIVED, reason="no", hand=record)
    assert "nothing to waive" in " ".join(refused.value.messages)
    assert not sheet_of(world).rulings.exists()
