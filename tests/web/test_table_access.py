"""Table access without accounts: a phone opens its table by the link and PIN of the printed
sheet and its holder's own PIN, enters hands there only as him, and loses access when the link
is replaced, the round closed or the sheet submitted; another seated player confirms with his
own PIN, never a writer."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone, translation

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Round, RoundState, Seat, Table
from marias_admin.sheets import access
from marias_admin.sheets.models import PinFailure, SheetState, TableSheet
from marias_admin.sheets.services import hand_add, sheet_submit
from marias_admin.tournaments.models import Registration, Tournament
from tests.factories import sheet_of, shorthand, version
from tests.web.helpers import add_data, client_for, holder, open_data, page_url, url

pytestmark = pytest.mark.django_db


def link_of(table: Table) -> str:
    return reverse("sheets:table_link", args=(access.table_access(table).token,))


def phone(world: dict, table: Table | None = None, position: int = 2) -> Client:
    """A phone without an account that opened ``table`` (table 1) by its link and PIN, held
    by the player of seat ``position``."""
    table = table or world["table"]
    client = Client()
    answer = client.post(link_of(table), open_data(table, position))
    assert answer.status_code == 302
    assert answer["Location"].endswith(f"/table/{table.number}/")
    return client


def in_language(world: dict, make, *args) -> str:
    """What the tournament's pages call an author (the label is stored in their language)."""
    with translation.override(world["t"].page_language):
        return make(*args).label


def table_label(world: dict, position: int = 2) -> str:
    """The phone's holder as its writes name him ("… (PIN) via the link of table 1")."""
    return in_language(world, access.link_player_actor, world["table"],
                       holder(world["table"], position))


def field_errors(answer) -> str:
    """The text of the page's form errors (the messages at the fields)."""
    return " ".join(re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>',
                               answer.content.decode(), re.S))


def keeper_hand(world: dict) -> None:
    """One complete hand (a betl: no PB facts to miss) entered by the keeper's login."""
    hand_add(user=world["users"]["keeper"], sheet=sheet_of(world),
             expected_version=version(world), hand=shorthand(world, "b+", 1, 2))


def hands(world: dict) -> int:
    return sheet_of(world).hands.filter(deleted_at__isnull=True).count()


def test_a_phone_without_an_account_opens_its_table_and_adds_a_hand(world):
    client = Client()
    table = world["table"]
    form = client.get(link_of(table))
    assert form.status_code == 200 and 'name="pin"' in form.content.decode()
    client = phone(world)
    page = client.get(page_url(world)).content.decode()
    assert 'name="text-notation"' in page  # the entry form is offered
    assert table_label(world) in page  # whom the phone writes as
    answer = client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    assert answer.status_code == 302 and hands(world) == 1
    record = sheet_of(world).hands.get()
    assert record.created_by is None and record.created_as == table_label(world)
    assert record.created_registration == holder(world["table"])
    entry = AuditEntry.objects.get(action="hand.add")
    assert entry.user is None and entry.after["actor"] == table_label(world)
    assert table_label(world) in entry.summary
    assert AuditEntry.objects.filter(action="table.access_open").count() == 1
    # The link opened once: the next visit goes straight to the table.
    assert client.get(link_of(table)).status_code == 302


def test_the_log_page_names_the_table(world):
    client = phone(world)
    client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    organiser = client_for(world["users"]["organiser"])
    log = organiser.get(reverse("sheets:log", args=(world["t"].pk,))).content.decode()
    assert table_label(world) in log


def test_the_grant_is_for_that_table_only(world):
    client = phone(world)
    other = Table.objects.get(round=world["table"].round, number=2)
    other_args = (world["t"].pk, 1, 2)
    data = add_data(world, "b+", 1, 2)
    data["text-version"] = 0
    answer = client.post(reverse("sheets:hand_add", args=other_args), data)
    assert answer.status_code == 302 and "/login/" in answer["Location"]
    assert not TableSheet.objects.filter(table=other, hands__isnull=False).exists()
    # and a PIN of another table does not open this one
    if access.table_access(other).pin != access.table_access(world["table"]).pin:
        answer = Client().post(link_of(world["table"]),
                               {**open_data(world["table"]), "pin": access.table_access(other).pin})
        assert answer.status_code == 200 and 'name="pin"' in answer.content.decode()
    # nor does a player of another table hold this table's phone
    answer = Client().post(link_of(world["table"]), {
        **open_data(world["table"]), "registration": holder(other, 1).pk,
        "player_pin": holder(other, 1).pin})
    assert answer.status_code == 200 and 'name="player_pin"' in answer.content.decode()
    assert AuditEntry.objects.filter(action="table.access_open").count() == 1  # phone()'s


def test_a_private_tournament_still_lets_the_phone_in(world):
    Tournament.objects.filter(pk=world["t"].pk).update(public_seating=False)
    client = phone(world)
    assert client.get(page_url(world)).status_code == 200
    assert Client().get(page_url(world)).status_code == 404


def test_wrong_pins_are_throttled(world):
    table = world["table"]
    right = open_data(table)
    wrong = {**right, "pin": "0000" if right["pin"] != "0000" else "1111"}
    client = Client(REMOTE_ADDR="10.0.0.7")
    for _ in range(access.MAX_FAILURES):
        answer = client.post(link_of(table), wrong)
        assert answer.status_code == 200 and 'name="pin"' in answer.content.decode()
    answer = client.post(link_of(table), right)
    assert answer.status_code == 429 and 'name="pin"' in answer.content.decode()
    # a new session from the same address waits too (the address counts)
    assert Client(REMOTE_ADDR="10.0.0.7").post(link_of(table), right).status_code == 429
    answer = client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    assert "/login/" in answer["Location"] and hands(world) == 0
    # after the wait the right PIN opens the table
    PinFailure.objects.update(at=timezone.now() - access.FAILURE_WINDOW - timedelta(minutes=1))
    assert client.post(link_of(table), right).status_code == 302


def test_regenerating_the_link_locks_the_old_one_out(world):
    client = phone(world)
    old_link = link_of(world["table"])
    organiser = client_for(world["users"]["organiser"])
    listing = organiser.get(reverse("sheets:round_access", args=(world["t"].pk, 1)))
    assert listing.status_code == 200
    assert access.table_access(world["table"]).pin in listing.content.decode()
    answer = organiser.post(url(world, "access_regenerate"))
    assert answer.status_code == 302
    assert AuditEntry.objects.filter(action="table.access_regenerate").exists()
    # the phone's session ends at once (it is told so, not sent to a login it has no use
    # for), and the old link is dead
    answer = client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    assert answer.status_code == 403 and hands(world) == 0
    assert 'name="pin"' not in answer.content.decode()  # the dead link's page
    assert Client().get(old_link).status_code == 404
    # the new link works
    client = phone(world)
    client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    assert hands(world) == 1


def test_only_organisers_and_referees_regenerate(world):
    before = access.table_access(world["table"]).token
    phone_client = phone(world)
    assert phone_client.post(url(world, "access_regenerate")).status_code == 302  # to login
    assert client_for(world["users"]["plain"]).post(
        url(world, "access_regenerate")).status_code == 403
    assert client_for(world["users"]["keeper"]).get(
        reverse("sheets:round_access", args=(world["t"].pk, 1))).status_code == 403
    assert access.table_access(world["table"]).token == before
    assert client_for(world["users"]["referee"]).post(
        url(world, "access_regenerate")).status_code == 302
    assert access.table_access(world["table"]).token != before


def test_a_closed_round_ends_the_links(world):
    client = phone(world)
    link = link_of(world["table"])
    Round.objects.filter(pk=world["table"].round_id).update(state=RoundState.CLOSED)
    answer = client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    assert answer.status_code == 403 and hands(world) == 0
    assert Client().get(link).status_code == 404
    pin = access.table_access(world["table"]).pin
    assert Client().post(link, {"pin": pin}).status_code == 404


def test_the_phone_submits_and_then_cannot_change_or_confirm(world):
    client = phone(world)
    client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    answer = client.post(url(world, "submit"), {"submit-version": version(world)})
    assert answer.status_code == 302
    sheet = sheet_of(world)
    assert list(sheet.writers.values_list("registration", flat=True)) == [
        holder(world["table"]).pk]
    assert sheet.state == SheetState.SUBMITTED and sheet.submitted_by is None
    assert sheet.submitted_as == table_label(world)
    assert table_label(world) in client.get(page_url(world)).content.decode()
    assert AuditEntry.objects.get(action="sheet.submitted").after["actor"] == table_label(world)
    # no more hands
    answer = client.post(url(world, "hand_add"), add_data(world, "b+", 2, 3))
    assert answer.status_code == 403 and hands(world) == 1
    # the phone's holder is not a login: plain confirmation is refused
    client.post(url(world, "confirm"), {"confirm-version": version(world)})
    assert sheet_of(world).state == SheetState.SUBMITTED
    # nor does his own PIN confirm what he wrote
    own = holder(world["table"])
    answer = client.post(url(world, "confirm_pin"), {
        "pin-version": version(world), "pin-registration": own.pk, "pin-pin": own.pin})
    assert answer.status_code == 200 and sheet_of(world).state == SheetState.SUBMITTED
    others = Seat.objects.filter(table=world["table"]).exclude(registration=own)
    for seat in others.select_related("registration__player"):  # who may confirm instead
        assert seat.registration.player.full_name in field_errors(answer)


def _pin_of(seat: Seat) -> str:
    access.player_pins(user=None, tournament=seat.registration.tournament)
    return Registration.objects.get(pk=seat.registration_id).pin


def test_another_player_confirms_with_his_pin(world):
    client = phone(world)
    client.post(url(world, "hand_add"), add_data(world, "b+", 1, 2))
    client.post(url(world, "submit"), {"submit-version": version(world)})
    page = client.get(page_url(world)).content.decode()
    assert 'name="pin-pin"' in page
    seat = Seat.objects.select_related("registration__player", "registration__tournament").get(
        table=world["table"], position=3)
    pin = _pin_of(seat)
    wrong = "0000" if pin != "0000" else "1111"
    data = {"pin-version": version(world), "pin-registration": seat.registration_id}
    answer = client.post(url(world, "confirm_pin"), {**data, "pin-pin": wrong})
    assert answer.status_code == 200 and field_errors(answer)
    assert sheet_of(world).state == SheetState.SUBMITTED
    # a player of another table cannot confirm here
    stranger = Seat.objects.select_related("registration__tournament").exclude(
        table=world["table"]).filter(round=world["table"].round).first()
    client.post(url(world, "confirm_pin"), {**data, "pin-registration": stranger.registration_id,
                                            "pin-pin": _pin_of(stranger)})
    assert sheet_of(world).state == SheetState.SUBMITTED
    answer = client.post(url(world, "confirm_pin"), {**data, "pin-pin": pin})
    assert answer.status_code == 302
    sheet = sheet_of(world)
    assert sheet.state == SheetState.CONFIRMED and sheet.confirmed_by is None
    assert sheet.confirmed_registration_id == seat.registration_id
    assert sheet.confirmed_as == in_language(world, access.player_actor, world["table"],
                                             seat.registration)
    entry = AuditEntry.objects.get(action="sheet.confirmed")
    assert entry.user is None
    assert entry.after["actor"] == in_language(world, access.player_actor, world["table"],
                                               seat.registration)


def test_the_submitter_cannot_confirm_with_his_pin(world):
    """The seated player with an account submits; his own PIN does not confirm it."""
    seated = world["users"]["seated"]
    keeper_hand(world)
    sheet_submit(user=world["users"]["keeper"], sheet=sheet_of(world),
                 expected_version=version(world))
    # keeper submitted; make the seated player the submitter instead
    TableSheet.objects.filter(pk=sheet_of(world).pk).update(submitted_by=seated)
    seat = Seat.objects.select_related("registration__tournament").get(
        table=world["table"], position=1)
    data = {"pin-version": version(world), "pin-registration": seat.registration_id,
            "pin-pin": _pin_of(seat)}
    answer = phone(world).post(url(world, "confirm_pin"), data)
    assert answer.status_code == 200
    assert sheet_of(world).state == SheetState.SUBMITTED
    # nor does a spectator without the table's link try PINs from the stands
    answer = Client().post(url(world, "confirm_pin"), data)
    assert answer.status_code == 302 and "/login/" in answer["Location"]
    assert sheet_of(world).state == SheetState.SUBMITTED


def test_player_pins_are_throttled(world):
    keeper_hand(world)
    sheet_submit(user=world["users"]["keeper"], sheet=sheet_of(world),
                 expected_version=version(world))
    seat = Seat.objects.select_related("registration__tournament").get(
        table=world["table"], position=2)
    pin = _pin_of(seat)
    wrong = "0000" if pin != "0000" else "1111"
    data = {"pin-version": version(world), "pin-registration": seat.registration_id}
    client = phone(world)
    for _ in range(access.MAX_FAILURES):
        client.post(url(world, "confirm_pin"), {**data, "pin-pin": wrong})
    # even the right PIN waits now
    client.post(url(world, "confirm_pin"), {**data, "pin-pin": pin})
    assert sheet_of(world).state == SheetState.SUBMITTED


@override_settings(MARIAS_PUBLIC_URL="https://marias.example.org")
def test_links_use_the_public_address(world):
    organiser = client_for(world["users"]["organiser"])
    page = organiser.get(reverse("sheets:round_access", args=(world["t"].pk, 1)),
                         HTTP_HOST="127.0.0.1").content.decode()
    token = access.table_access(world["table"]).token
    assert f"https://marias.example.org/table/{token}/" in page
    assert "127.0.0.1" not in page


@override_settings(MARIAS_PUBLIC_URL="https://marias.example.org/")
def test_the_printed_sheet_carries_the_link_and_its_pin(world, monkeypatch):
    from marias_admin.printouts import qr
    from tests.web.helpers import pdf_pages

    encoded: list[str] = []
    real = qr.segno.make_qr

    def spy(data, **kwargs):
        encoded.append(data)
        return real(data, **kwargs)

    monkeypatch.setattr(qr.segno, "make_qr", spy)
    organiser = client_for(world["users"]["organiser"])
    pages = pdf_pages(organiser.get(reverse("printouts:sheets", args=(world["t"].pk, 1)),
                                    HTTP_HOST="127.0.0.1"))
    first = access.table_access(world["table"])
    assert encoded[0] == f"https://marias.example.org/table/{first.token}/"
    assert first.pin in pages[0]
    assert "127.0.0.1" not in "".join(pages + encoded)
    # the QR link opens the table
    assert Client().post(encoded[0].removeprefix("https://marias.example.org"),
                         open_data(world["table"])).status_code == 302


def test_player_slips_carry_each_players_pin(world):
    organiser = client_for(world["users"]["organiser"])
    from tests.web.helpers import pdf_pages

    text = "".join(pdf_pages(organiser.get(
        reverse("printouts:player_slips", args=(world["t"].pk,)))))
    registrations = list(Registration.objects.filter(tournament=world["t"]))
    assert registrations and all(r.pin for r in registrations)
    for registration in registrations:
        assert registration.pin in text
    assert AuditEntry.objects.filter(action="registration.pins").count() == 1
    assert Client().get(reverse("printouts:player_slips",
                                args=(world["t"].pk,))).status_code == 302
    assert client_for(world["users"]["keeper"]).get(
        reverse("printouts:player_slips", args=(world["t"].pk,))).status_code == 403


def test_the_round_page_links_to_the_table_links(world):
    organiser = client_for(world["users"]["organiser"])
    page = organiser.get(reverse("seating:round", args=(world["t"].pk, 1))).content.decode()
    assert reverse("sheets:round_access", args=(world["t"].pk, 1)) in page
