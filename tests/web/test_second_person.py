"""Issue 21, points 1 and 6: a counted result has two different people behind it, and PINs
neither crash nor let one person lock a table out.

Whoever writes on a sheet is a known person (a seated player by his own PIN on the table's
phone, or a login) and none of them may confirm it; typed PINs in any script are a form error;
wrong PINs count per phone and address, and an organiser can clear them.
"""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Seat
from marias_admin.sheets import access
from marias_admin.sheets.models import PinFailure, SheetState
from marias_admin.sheets.services import (
    hand_add,
    hand_edit,
    sheet_confirm,
    sheet_reopen,
    sheet_submit,
)
from tests.factories import sheet_of, shorthand, version
from tests.web.helpers import add_data, client_for, page_url, url

pytestmark = pytest.mark.django_db

UNICODE_PINS = ["١٢٣٤٥", "１２３４５", "12é45", "12\u00a0345"]


def seats(world: dict) -> dict[int, Seat]:
    """Table 1's seats by position, the players' PINs issued."""
    access.player_pins(user=None, tournament=world["t"])
    return {s.position: s for s in Seat.objects.filter(table=world["table"])
            .select_related("registration__player", "registration__tournament")}


def link(world: dict) -> str:
    return reverse("sheets:table_link", args=(access.table_access(world["table"]).token,))


def open_data(world: dict, position: int) -> dict:
    registration = seats(world)[position].registration
    return {"pin": access.table_access(world["table"]).pin, "registration": registration.pk,
            "player_pin": registration.pin}


def phone(world: dict, position: int, address: str = "10.1.1.1") -> Client:
    """A phone without an account, opened by the player of seat ``position``."""
    client = Client(REMOTE_ADDR=address)
    assert client.post(link(world), open_data(world, position)).status_code == 302
    return client


def field_errors(answer) -> str:
    return " ".join(re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>',
                               answer.content.decode(), re.S))


def betl(world: dict) -> object:
    """A complete hand (no PB facts to miss)."""
    return shorthand(world, "b+", 1, 2)


def as_phone(world: dict, position: int, table_label: bool = True) -> access.LinkActor:
    """The actor a phone held by seat ``position`` writes as (or confirms as)."""
    make = access.link_player_actor if table_label else access.player_actor
    with translation.override(world["t"].page_language):
        return make(world["table"], seats(world)[position].registration)


# -- the service: nobody who wrote confirms -----------------------------------------------------


def test_a_player_who_entered_cannot_confirm_by_his_pin_another_can(world):
    writer = as_phone(world, 2)
    sheet = sheet_of(world)
    hand_add(user=writer, sheet=sheet, expected_version=version(world), hand=betl(world))
    sheet = sheet_submit(user=writer, sheet=sheet_of(world), expected_version=version(world))
    with pytest.raises(ValidationError) as refused:
        sheet_confirm(user=as_phone(world, 2, table_label=False), sheet=sheet,
                      expected_version=sheet.version)
    assert refused.value.code == "writer"
    text = " ".join(refused.value.messages)
    at = seats(world)
    for position in (1, 3, 4):  # the others may confirm, and the message names them
        assert at[position].registration.player.full_name in text
    assert sheet_of(world).state == SheetState.SUBMITTED
    confirmed = sheet_confirm(user=as_phone(world, 3, table_label=False), sheet=sheet_of(world),
                              expected_version=version(world))
    assert confirmed.state == SheetState.CONFIRMED
    assert confirmed.confirmed_registration_id == at[3].registration_id
    assert list(sheet_of(world).writers.values_list("registration", flat=True)) == [
        at[2].registration_id]


def test_a_staff_writer_cannot_confirm_his_own_entries_a_referee_who_did_not_write_can(world):
    referee, keeper = world["users"]["referee"], world["users"]["keeper"]
    hand_add(user=referee, sheet=sheet_of(world), expected_version=version(world),
             hand=betl(world))
    sheet_submit(user=keeper, sheet=sheet_of(world), expected_version=version(world))
    for login in (referee, keeper):  # one entered a hand, the other submitted
        with pytest.raises(ValidationError) as refused:
            sheet_confirm(user=login, sheet=sheet_of(world), expected_version=version(world))
        assert refused.value.code in ("writer", "own_submission")
    assert sheet_of(world).state == SheetState.SUBMITTED
    # the organiser wrote nothing
    sheet = sheet_confirm(user=world["users"]["organiser"], sheet=sheet_of(world),
                          expected_version=version(world))
    assert sheet.state == SheetState.CONFIRMED and sheet.confirmed_registration is None


def test_a_referee_who_did_not_write_confirms(world):
    keeper = world["users"]["keeper"]
    record = hand_add(user=keeper, sheet=sheet_of(world), expected_version=version(world),
                      hand=betl(world))
    hand_edit(user=as_phone(world, 2), record=record, expected_version=version(world),
              hand=betl(world), reason="oprava")
    sheet_submit(user=keeper, sheet=sheet_of(world), expected_version=version(world))
    record.refresh_from_db()
    assert record.created_as and record.edited_as == as_phone(world, 2).label
    with pytest.raises(ValidationError):  # corrected a hand: a writer too
        sheet_confirm(user=as_phone(world, 2, table_label=False), sheet=sheet_of(world),
                      expected_version=version(world))
    sheet = sheet_confirm(user=world["users"]["referee"], sheet=sheet_of(world),
                          expected_version=version(world))
    assert sheet.state == SheetState.CONFIRMED


# -- the phone: who writes, refused confirmations on the page -------------------------------------


def test_the_phone_writes_as_its_holder_and_his_pin_does_not_confirm(world):
    client = phone(world, 2)
    client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    client.post(url(world, "submit"), {"submit-version": version(world)})
    record = sheet_of(world).hands.get()
    assert record.created_as == as_phone(world, 2).label
    assert AuditEntry.objects.get(action="hand.add").after["actor"] == as_phone(world, 2).label
    own = seats(world)[2].registration
    answer = client.post(url(world, "confirm_pin"), {
        "pin-version": version(world), "pin-registration": own.pk, "pin-pin": own.pin})
    assert answer.status_code == 200 and sheet_of(world).state == SheetState.SUBMITTED
    assert seats(world)[4].registration.player.full_name in field_errors(answer)
    # the same phone, handed across: the opponent confirms; the phone still writes as seat 2
    other = seats(world)[3].registration
    answer = client.post(url(world, "confirm_pin"), {
        "pin-version": version(world), "pin-registration": other.pk, "pin-pin": other.pin})
    assert answer.status_code == 302 and sheet_of(world).state == SheetState.CONFIRMED
    assert client.session[access.SESSION_KEY][str(world["table"].pk)]["registration"] == own.pk


def test_handing_the_phone_on_ends_its_holder(world):
    client = phone(world, 2)
    answer = client.post(url(world, "access_leave"))
    assert answer.status_code == 302 and answer["Location"] == link(world)
    answer = client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    assert answer.status_code == 302 and "/login/" in answer["Location"]
    assert not sheet_of(world).hands.exists()
    assert 'name="player_pin"' in client.get(link(world)).content.decode()


# -- PINs typed in other digits ----------------------------------------------------------------


@pytest.mark.parametrize("typed", UNICODE_PINS)
def test_a_pin_in_other_digits_is_a_form_error(world, typed):
    right = open_data(world, 2)
    for field in ("pin", "player_pin"):
        answer = Client().post(link(world), {**right, field: typed})
        assert answer.status_code == 200, field
        assert field_errors(answer), field
    assert not PinFailure.objects.exists()  # not even a try


@pytest.mark.parametrize("typed", UNICODE_PINS)
def test_a_player_pin_in_other_digits_is_a_form_error_on_confirming(world, typed):
    hand_add(user=world["users"]["keeper"], sheet=sheet_of(world),
             expected_version=version(world), hand=betl(world))
    sheet_submit(user=world["users"]["keeper"], sheet=sheet_of(world),
                 expected_version=version(world))
    answer = phone(world, 2).post(url(world, "confirm_pin"), {
        "pin-version": version(world), "pin-registration": seats(world)[3].registration_id,
        "pin-pin": typed})
    assert answer.status_code == 200 and field_errors(answer)
    assert sheet_of(world).state == SheetState.SUBMITTED


# -- throttling per phone and address ----------------------------------------------------------


def test_wrong_pins_on_one_phone_do_not_lock_another_out(world):
    right = open_data(world, 2)
    wrong = {**right, "pin": "0000" if right["pin"] != "0000" else "1111"}
    guesser = Client(REMOTE_ADDR="10.9.9.9")
    for _ in range(access.MAX_FAILURES):
        assert guesser.post(link(world), wrong).status_code == 200
    assert guesser.post(link(world), right).status_code == 429
    # the players' own phone (another session, another address) opens the table
    assert Client(REMOTE_ADDR="10.1.1.1").post(link(world), right).status_code == 302
    # wrong player PINs alike: the guesser's tries for seat 3 do not stop seat 3 elsewhere
    # (a new session for every try from one address: the address still counts)
    other = open_data(world, 3)
    wrong_own = {**other, "player_pin": "0000" if other["player_pin"] != "0000" else "1111"}
    for _ in range(access.MAX_FAILURES):
        assert Client(REMOTE_ADDR="10.8.8.8").post(link(world), wrong_own).status_code == 200
    assert Client(REMOTE_ADDR="10.8.8.8").post(link(world), other).status_code == 429
    assert Client(REMOTE_ADDR="10.2.2.2").post(link(world), other).status_code == 302


def test_the_organiser_unlocks_a_table_audited_a_roleless_user_cannot(world):
    right = open_data(world, 2)
    wrong = {**right, "pin": "0000" if right["pin"] != "0000" else "1111"}
    guesser = Client(REMOTE_ADDR="10.9.9.9")
    for _ in range(access.MAX_FAILURES):
        guesser.post(link(world), wrong)
    assert guesser.post(link(world), right).status_code == 429
    listing = client_for(world["users"]["organiser"]).get(
        reverse("sheets:round_access", args=(world["t"].pk, 1))).content.decode()
    assert url(world, "pins_unlock") in listing
    assert client_for(world["users"]["plain"]).post(url(world, "pins_unlock")).status_code == 403
    assert Client().post(url(world, "pins_unlock")).status_code == 302  # to the login
    assert guesser.post(link(world), right).status_code == 429
    assert not AuditEntry.objects.filter(action="table.pin_unlock").exists()
    answer = client_for(world["users"]["organiser"]).post(url(world, "pins_unlock"))
    assert answer.status_code == 302
    entry = AuditEntry.objects.get(action="table.pin_unlock")
    assert entry.user == world["users"]["organiser"] and entry.tournament_id == world["t"].pk
    assert not PinFailure.objects.exists()
    assert guesser.post(link(world), right).status_code == 302
    assert client_for(world["users"]["referee"]).post(url(world, "pins_unlock")).status_code \
        == 302


def test_the_page_shows_who_the_phone_writes_as(world):
    client = phone(world, 2)
    page = client.get(page_url(world)).content.decode()
    assert as_phone(world, 2).label in page
    assert url(world, "access_leave") in page


def test_a_refused_player_pin_is_not_written_back_into_the_page(world):
    """The phone is handed on after a refusal: the next person must not read the PIN."""
    data = {**open_data(world, 2), "pin": "99999"}  # a wrong table PIN, his own right PIN
    answer = Client(REMOTE_ADDR="10.9.9.9").post(link(world), data)
    assert answer.status_code == 200 and "errorlist" in answer.content.decode()
    page = answer.content.decode()
    assert 'name="player_pin"' in page and f'value="{data["player_pin"]}"' not in page


def test_reopening_forgets_who_confirmed(world):
    """A reopened sheet names nobody as its confirmer: the next confirmation is a new one."""
    writer = as_phone(world, 2)
    hand_add(user=writer, sheet=sheet_of(world), expected_version=version(world),
             hand=betl(world))
    sheet_submit(user=writer, sheet=sheet_of(world), expected_version=version(world))
    sheet_confirm(user=as_phone(world, 3, table_label=False), sheet=sheet_of(world),
                  expected_version=version(world))
    assert sheet_of(world).confirmed_registration_id is not None
    sheet_reopen(user=world["users"]["referee"], sheet=sheet_of(world), reason="přepočet")
    reopened = sheet_of(world)
    assert reopened.state == SheetState.DRAFT
    assert (reopened.confirmed_by, reopened.confirmed_registration) == (None, None)
