"""The phone's offline queue on the server (issue 25): applied in order and exactly once however
often a flaky network repeats it, interleaved with another phone's writes; conflicts (another
phone's hand, a referee's ruling) kept and audited, never lost; rule errors back at the form's
fields; the control room hears the phone; the worker and manifest stay on the table's path."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.sheets.models import HandRecord, RulingKind, SyncOutcome, SyncWrite, TableSheet
from marias_admin.sheets.selectors import round_table_statuses
from marias_admin.sheets.services import ruling_add
from tests.factories import make_world, release, sheet_of, version
from tests.web.helpers import client_for, open_data

pytestmark = pytest.mark.django_db


def _czech(text: str) -> str:
    """The server answers in the tournament's language (Czech here)."""
    with translation.override("cs"):
        return translation.gettext(text)


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def phone(world: dict, position: int = 2) -> Client:
    """A phone without an account that opened table 1 by its link and PIN."""
    from marias_admin.sheets import access

    client = Client(enforce_csrf_checks=True)
    link = reverse("sheets:table_link", args=(access.table_access(world["table"]).token,))
    client.get(link)
    answer = client.post(link, {**open_data(world["table"], position),
                                "csrfmiddlewaretoken": client.cookies["csrftoken"].value})
    assert answer.status_code == 302
    return client


def add(number: int, notation: str, base: int, *, dealer: int = 1, declarer: int = 2,
        seen: str | None = None) -> dict:
    return {"key": str(uuid.uuid4()), "op": "add", "number": number, "base": base, "seen": seen,
            "fields": [["entry", "text"], ["text-version", str(base)],
                       ["text-dealer", str(dealer)], ["text-declarer", str(declarer)],
                       ["text-notation", notation]]}


def edit(number: int, notation: str, base: int, reason: str) -> dict:
    return {"key": str(uuid.uuid4()), "op": "edit", "number": number, "base": base,
            "fields": [["entry", "edit-text"], ["hand", str(number)],
                       ["edit-text-version", str(base)], ["edit-text-dealer", "1"],
                       ["edit-text-declarer", "2"], ["edit-text-notation", notation],
                       ["edit-text-reason", reason]]}


def delete(number: int, base: int, reason: str) -> dict:
    return {"key": str(uuid.uuid4()), "op": "delete", "number": number, "base": base,
            "fields": [["delete-version", str(base)], ["delete-reason", reason]]}


def sync(client: Client, world: dict, writes: list[dict], who: str) -> dict:
    answer = client.post(reverse("sheets:sync", args=world["args"]),
                         json.dumps({"client": who, "writes": writes}),
                         content_type="application/json",
                         headers={"X-CSRFToken": client.cookies["csrftoken"].value})
    assert answer.status_code == 200, answer.content
    return answer.json()


def statuses(answer: dict) -> list[str]:
    return [r["status"] for r in answer["results"]]


def live_hands(world: dict) -> list[tuple[int, str, list[int]]]:
    return [(h.number, h.notation, h.money) for h in HandRecord.objects.filter(
        sheet__table=world["table"], deleted_at__isnull=True).order_by("number")]


def audited(action: AuditAction) -> int:
    return AuditEntry.objects.filter(action=action).count()


def test_the_same_batch_three_times_interleaved_with_another_phone_stores_each_hand_once():
    world = make_world()
    mine, who = phone(world), str(uuid.uuid4())
    base = version(world)
    batch = [add(1, "7k+ tr4", base), add(2, "7k- tr4", base, dealer=2, declarer=3),
             add(3, "b+", base, dealer=3, declarer=4)]
    assert statuses(sync(mine, world, batch[:2], who)) == ["applied", "applied"]
    # Another phone (the sheet's scorekeeper, online) writes hand 4 between two sends.
    keeper = client_for(world["users"]["keeper"])
    posted = keeper.post(reverse("sheets:hand_add", args=world["args"]),
                         {"entry": "text", "text-version": version(world), "text-dealer": 4,
                          "text-declarer": 1, "text-notation": "d+"})
    assert posted.status_code == 302
    first = sync(mine, world, batch, who)  # the whole queue again: the lost answer repeated
    # Hand 3 was queued on the version before the other phone's hand 4: a conflict, not lost.
    assert statuses(first) == ["applied", "applied", "conflict"]
    assert first["results"][2]["message"] == _czech("Another phone entered hand %(number)s "
                                                    "meanwhile.") % {"number": 3}
    on_server = _czech("Hand %(number)s on the server: %(description)s").split(":")[0] % {
        "number": 3}
    assert any(on_server in line for line in first["results"][2]["server"])
    again = sync(mine, world, batch, who)
    assert again["results"] == first["results"]  # the stored answers, nothing written
    assert live_hands(world) == [(1, "7k+ tr4", live_hands(world)[0][2]),
                                 (2, "7k- tr4", live_hands(world)[1][2]),
                                 (3, "d+", live_hands(world)[2][2])]
    # Entered again (a new key, on the version it was shown): stored once, as hand 4.
    retry = {**add(4, "b+", first["version"], dealer=3, declarer=4, seen=first["seen"])}
    for _ in range(3):
        assert statuses(sync(mine, world, [retry], who)) == ["applied"]
    assert [h[:2] for h in live_hands(world)] == [(1, "7k+ tr4"), (2, "7k- tr4"), (3, "d+"),
                                                   (4, "b+")]
    assert audited(AuditAction.HAND_ADD) == 4
    assert audited(AuditAction.HAND_QUEUE_CONFLICT) == 1  # once, however often it was sent
    assert SyncWrite.objects.filter(outcome=SyncOutcome.APPLIED).count() == 3
    entry = AuditEntry.objects.get(action=AuditAction.HAND_QUEUE_CONFLICT)
    assert entry.after["typed"] == "b+" and entry.after["number"] == 3


def test_corrections_deletions_and_a_rule_error_in_one_queue():
    world = make_world()
    mine, who = phone(world), str(uuid.uuid4())
    base = version(world)
    batch = [add(1, "7k+ tr4", base), add(2, "7k- tr4", base, dealer=2, declarer=3),
             edit(1, "7k+ tr4 f7", base, "flek missed"), delete(2, base, "entered twice"),
             add(3, "7q+", base), add(4, "d+", base)]
    answer = sync(mine, world, batch, who)
    assert statuses(answer) == ["applied"] * 4 + ["refused", "held"]
    refused = answer["results"][4]
    assert list(refused["errors"]) == ["text-notation"]  # at the field, in the engine's words
    assert live_hands(world)[0][:2] == (1, "7k+ tr4 f7")
    assert [h[0] for h in live_hands(world)] == [1]
    assert HandRecord.objects.get(number=2).delete_reason == "entered twice"
    assert [audited(a) for a in (AuditAction.HAND_ADD, AuditAction.HAND_EDIT,
                                 AuditAction.HAND_DELETE)] == [2, 1, 1]
    # Corrected in the form, it replaces the refused write; the held one follows it.
    fixed = [add(3, "7k+ tr4", answer["version"], seen=answer["seen"]),
             {**batch[5], "base": answer["version"]}]
    assert statuses(sync(mine, world, fixed, who)) == ["applied", "applied"]
    assert [h[:2] for h in live_hands(world)] == [(1, "7k+ tr4 f7"), (3, "7k+ tr4"), (4, "d+")]
    # A hand from the server corrected offline by its line: the shorthand and a reason only;
    # who dealt and declared stay the server's.
    latest = sync(mine, world, [], who)
    bare = edit(4, "d-", latest["version"], "durch lost")
    bare["fields"] = [p for p in bare["fields"] if not p[0].endswith(("dealer", "declarer"))]
    assert statuses(sync(mine, world, [bare], who)) == ["applied"]
    fourth = HandRecord.objects.get(number=4, sheet__table=world["table"])
    assert (fourth.notation, fourth.hand["dealer"]) == ("d-", 1)


def test_a_ruling_made_meanwhile_is_a_conflict_shown_and_dropped_in_the_log():
    world = make_world()
    mine, who = phone(world), str(uuid.uuid4())
    first = sync(mine, world, [add(1, "7k+ tr4", version(world))], who)
    ruling_add(user=world["users"]["referee"], sheet=sheet_of(world), kind=RulingKind.OTHER,
               reason="Seat 3 warned for slow play")
    queued = edit(1, "7k- tr4", first["version"], "seven lost")
    queued["seen"] = first["seen"]
    answer = sync(mine, world, [queued], who)
    assert statuses(answer) == ["conflict"]
    assert answer["results"][0]["message"] == _czech("A referee ruled on this sheet meanwhile.")
    assert any("slow play" in line for line in answer["results"][0]["server"])
    assert live_hands(world)[0][1] == "7k+ tr4"  # the server's version stands
    dropped = {"key": str(uuid.uuid4()), "op": "drop", "drops": queued["key"], "base": 0}
    assert statuses(sync(mine, world, [dropped], who)) == ["dropped"]
    assert SyncWrite.objects.get(key=queued["key"]).outcome == SyncOutcome.DROPPED
    assert audited(AuditAction.HAND_QUEUE_CONFLICT) == audited(AuditAction.HAND_QUEUE_DROP) == 1


def test_the_control_room_flags_a_silent_phone_until_it_is_heard():
    world = make_world()
    mine, who = phone(world), str(uuid.uuid4())
    sync(mine, world, [], who)  # the page's heartbeat
    sheet = sheet_of(world)
    assert sheet.phone_heard_at is not None
    table_round = world["table"].round
    assert "phone_silent" not in round_table_statuses(table_round)[0].flags
    TableSheet.objects.filter(pk=sheet.pk).update(
        phone_heard_at=timezone.now() - timedelta(minutes=11))
    assert "phone_silent" in round_table_statuses(table_round)[0].flags
    release(world["t"], 1, world["users"]["organiser"])  # the round in play: its control room
    room = client_for(world["users"]["organiser"]).get(
        reverse("seating:round", args=(world["t"].pk, 1))).content.decode()
    assert 'data-flag="phone-silent"' in room and "flag=phone_silent" in room
    sync(mine, world, [add(1, "7k+ tr4", version(world))], who)  # the queue arrives
    assert "phone_silent" not in round_table_statuses(table_round)[0].flags


def test_the_sync_is_a_checked_write():
    world = make_world()
    url = reverse("sheets:sync", args=world["args"])
    body = json.dumps({"client": str(uuid.uuid4()), "writes": []})
    assert Client().post(url, body, content_type="application/json").status_code == 403
    no_token = phone(world)
    assert no_token.post(url, body, content_type="application/json").status_code == 403
    mine = phone(world)
    bad = {"client": str(uuid.uuid4()), "writes": [{"op": "add", "key": "not-a-uuid"}]}
    assert mine.post(url, json.dumps(bad), content_type="application/json",
                     headers={"X-CSRFToken": mine.cookies["csrftoken"].value}
                     ).status_code == 400


def test_worker_and_manifest_are_scoped_to_the_table_page():
    world = make_world()
    page = reverse("sheets:table", args=world["args"])
    worker = Client().get(reverse("sheets:service_worker", args=world["args"]))
    assert worker["Content-Type"].startswith("text/javascript")
    assert worker["Service-Worker-Allowed"] == page
    assert json.dumps(page) in worker.content.decode()
    manifest = Client().get(reverse("sheets:manifest", args=world["args"])).json()
    assert manifest["scope"] == manifest["start_url"] == page
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    keeper = client_for(world["users"]["keeper"])
    html = keeper.get(page).content.decode()
    assert 'id="offline-words"' in html and "sheets/offline.js" in html
    assert 'rel="manifest"' in html


def test_a_deletion_the_service_refuses_comes_back_refused_not_as_a_crash(monkeypatch):
    """A refusal keyed by a hand's field (the flek budget's ``doublings``) that the delete's
    reason form does not have is shown as the typed delete shows it: above the form."""
    from django.core.exceptions import ValidationError

    from marias_admin.sheets import services

    world = make_world()
    mine, who = phone(world), str(uuid.uuid4())
    base = version(world)
    answer = sync(mine, world, [add(1, "7k+ tr4", base)], who)

    def refuse(**kwargs):
        raise ValidationError({"doublings": ["Too many fleks in this round."]})

    monkeypatch.setattr(services, "hand_delete", refuse)
    answer = sync(mine, world, [delete(1, answer["version"], "entered twice")], who)
    assert statuses(answer) == ["refused"]
    assert answer["results"][0]["errors"] == {"__all__": ["Too many fleks in this round."]}
    assert [h[0] for h in live_hands(world)] == [1]


# -- what the phone cannot send, and a finished tournament (review) ------------------------------


def post_raw(client: Client, world: dict, payload: object):
    return client.post(reverse("sheets:sync", args=world["args"]), json.dumps(payload),
                       content_type="application/json",
                       headers={"X-CSRFToken": client.cookies["csrftoken"].value})


def test_a_write_the_server_cannot_read_is_named_so_the_phone_can_show_it():
    """A 400 names the queued write at fault (offline.js shows it as not saved, to enter again
    or drop, instead of sending it for ever); one the batch meets only when applying it is
    answered in the batch: what came before it applied, what follows held."""
    world = make_world()
    mine, who = phone(world), str(uuid.uuid4())
    base = version(world)
    bad = {**add(2, "b+", base), "number": -1}
    answer = post_raw(mine, world, {"client": who, "writes": [add(1, "7k+ tr4", base), bad]})
    assert answer.status_code == 400
    unreadable = _czech("The server could not read this queued write: enter it again or "
                        "drop it.")  # in the tournament's language
    assert answer.json() == {"key": bad["key"], "error": unreadable}
    unnamed = post_raw(mine, world, {"client": who, "writes": ["not a write"]})
    assert unnamed.status_code == 400 and unnamed.json()["key"] is None
    assert HandRecord.objects.count() == SyncWrite.objects.count() == 0  # nothing applied
    stray = {"key": str(uuid.uuid4()), "op": "drop", "drops": str(uuid.uuid4()), "base": 0}
    answer = sync(mine, world, [add(1, "7k+ tr4", base), stray, add(2, "b+", base)], who)
    assert statuses(answer) == ["applied", "unreadable", "held"]
    assert answer["results"][1] == {"key": stray["key"], "status": "unreadable",
                                    "message": unreadable}
    assert [h[0] for h in live_hands(world)] == [1]
    assert not SyncWrite.objects.filter(key=stray["key"]).exists()


def test_a_finished_tournament_refuses_the_whole_queue_once_writing_nothing():
    """Its one home is the endpoint: 409 with the reason the phone shows beside its kept
    queue; no write is tried, so no conflict is audited per queued hand."""
    from marias_admin.tournaments.probes import open_work
    from marias_admin.tournaments.services import tournament_advance

    world = make_world()
    mine, who = phone(world), str(uuid.uuid4())
    release(world["t"], 1, world["users"]["organiser"])
    first = sync(mine, world, [add(1, "7k+ tr4", version(world))], who)
    world["t"].refresh_from_db()
    tournament_advance(user=world["users"]["organiser"], tournament=world["t"],
                       state="finished", confirmed_open=True,
                       seen=open_work(world["t"]).token())
    writes = [add(2, "b+", first["version"], seen=first["seen"])]
    refused = post_raw(mine, world, {"client": who, "writes": writes})
    assert refused.status_code == 409
    assert refused.json()["error"] == _czech("The tournament is finished; nothing can be "
                                             "entered or changed.")
    assert post_raw(mine, world, {"client": who, "writes": []}).status_code == 200  # heard
    assert [h[0] for h in live_hands(world)] == [1]
    assert SyncWrite.objects.count() == 1
    assert audited(AuditAction.HAND_QUEUE_CONFLICT) == 0


def test_a_write_is_rebound_on_the_version_of_now_by_one_helper():
    """The page's conflict form and the offline queue rebind a write the same way."""
    from django.http import QueryDict

    from marias_admin.sheets.forms import at_version

    posted = QueryDict("csrfmiddlewaretoken=x&text-version=3&text-notation=b%2B&seat=1&seat=2")
    for fields in (posted, [(k, v) for k, values in posted.lists() for v in values]):
        data = at_version(fields, 7)
        assert data["text-version"] == "7" and data["text-notation"] == "b+"
        assert data.getlist("seat") == ["1", "2"] and "csrfmiddlewaretoken" not in data
