"""The seating editor (issue 24): move a player, seat a late entry in the round in play, lock
seats before the generator; refusals name the table or player, every edit is audited, and
the round page's pickers are text inputs with suggestions, not 240-option selects."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.models import AuditEntry
from marias_admin.players.models import Player
from marias_admin.seating.editing import (
    late_candidates,
    round_late_entry,
    seat_lock_set,
    seat_move,
    table_lock,
)
from marias_admin.seating.models import Bye, RoundState, Seat, SeatLock
from marias_admin.seating.selectors import plain_seating
from marias_admin.seating.services import round_seat, round_set_state
from marias_admin.tournaments.models import Registration, RegistrationStatus
from marias_admin.tournaments.services import player_create, registration_enter
from tests.factories import add_hand, make_tournament, make_user, release, seat, sheet

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def org():
    return make_user("org")


def sizes(round) -> list[int]:
    return [len(t) for t in plain_seating(round)]


def at(round, registration_id: int) -> tuple[int, int]:
    s = Seat.objects.select_related("table").get(round=round, registration_id=registration_id)
    return s.table.number, s.position


def late(t, org, name: str) -> Registration:
    player = player_create(user=org, first_name="Pozdní", last_name=name)
    return registration_enter(user=org, tournament=t, player=player, present=True)


def test_move_into_a_free_seat_and_swap_into_a_taken_one(org) -> None:
    t = make_tournament(org, players=11)
    round = seat(t, 1, org)
    assert sizes(round) == [4, 4, 3]
    mover = Seat.objects.get(round=round, table__number=1, position=2).registration
    seat_move(user=org, round=round, registration=mover, table=3)
    round.refresh_from_db()
    assert at(round, mover.pk) == (3, 4) and sizes(round) == [3, 4, 4]
    assert [s.position for s in Seat.objects.filter(round=round, table__number=1)] == [1, 2, 3]
    other = Seat.objects.get(round=round, table__number=2, position=1).registration
    seat_move(user=org, round=round, registration=mover, table=2, position=1)
    assert at(round, mover.pk) == (2, 1) and at(round, other.pk) == (3, 4)
    assert "seating" in AuditEntry.objects.get(action="round.move").before
    # the swap is the round page's swap (one home): audited as one, with the edit in words
    swap = AuditEntry.objects.get(action="round.swap")
    assert swap.after["edit"] == {"kind": "swap", "player": mover.player.full_name,
                                  "other": other.player.full_name}
    round.refresh_from_db()
    assert "repeat_count" in round.report


def test_the_log_tells_an_edit_in_the_readers_language(org) -> None:
    from marias_admin.sheets.log_story import told_summary

    t = make_tournament(org, players=11)
    round = seat(t, 1, org)
    mover = Seat.objects.get(round=round, table__number=1, position=1).registration
    with translation.override("cs"):
        seat_move(user=org, round=round, registration=mover, table=3)
    entry = AuditEntry.objects.get(action="round.move")
    assert told_summary(entry, 1) == f"Round 1: {mover.player.full_name} moved to table 3"


def test_moves_the_family_does_not_allow_are_refused(org) -> None:
    t = make_tournament(org, players=10)
    round = seat(t, 1, org)
    assert sizes(round) == [4, 3, 3]
    from_three = Seat.objects.filter(round=round, table__number=2).first().registration
    with pytest.raises(ValidationError, match="cannot leave table 2"):
        seat_move(user=org, round=round, registration=from_three, table=3)
    from_four = Seat.objects.filter(round=round, table__number=1).first().registration
    seat_move(user=org, round=round, registration=from_four, table=2)
    assert sizes(round) == [3, 4, 3]
    from_table_3 = Seat.objects.filter(round=round, table__number=3).first().registration
    with pytest.raises(ValidationError, match="Table 2 is full"):
        seat_move(user=org, round=round, registration=from_table_3, table=2)
    with pytest.raises(ValidationError, match="no table 9"):
        seat_move(user=org, round=round, registration=from_four, table=9)


def test_tables_with_results_and_closed_rounds_never_change(org) -> None:
    t = make_tournament(org, players=8)
    seat(t, 1, org)
    release(t, 1, org)
    round = t.rounds.get(number=1)
    add_hand(sheet(round, 1), by=org)
    player = Seat.objects.filter(round=round, table__number=2).first().registration
    with pytest.raises(ValidationError, match="Table 1 already holds results"):
        seat_move(user=org, round=round, registration=player, table=1, position=1)
    round_set_state(user=org, round=round, state=RoundState.CLOSED, confirm_open_sheets=True)
    with pytest.raises(ValidationError, match="closed"):
        seat_move(user=org, round=round, registration=player, table=2, position=1)
    assert not AuditEntry.objects.filter(action="round.move").exists()


def test_late_entries_in_the_round_in_play(org) -> None:
    t = make_tournament(org, players=11)
    seat(t, 1, org)
    release(t, 1, org)
    round = t.rounds.get(number=1)
    first = late(t, org, "Alfa")
    assert first.first_round == 2 and first in late_candidates(round)
    round = round_late_entry(user=org, round=round, registration=first)
    assert at(round, first.pk) == (3, 4)  # the table of 3 becomes 4
    first.refresh_from_db()
    assert first.first_round == 1 and first.plays_in(1)
    waiting = [late(t, org, name) for name in ("Beta", "Gama")]
    for registration in waiting:
        round = round_late_entry(user=org, round=round, registration=registration)
    assert set(Bye.objects.filter(round=round).values_list("registration_id", flat=True)) == {
        r.pk for r in waiting}
    third = late(t, org, "Delta")
    round = round_late_entry(user=org, round=round, registration=third)
    assert not Bye.objects.filter(round=round).exists()
    assert sizes(round) == [4, 4, 4, 3]  # a new table of 3 from those waiting
    assert {r for r in plain_seating(round)[3]} == {third.pk, *(r.pk for r in waiting)}
    entry = AuditEntry.objects.filter(action="round.late_entry").order_by("pk").last()
    assert entry.after["placement"] == "new_table" and "table 4" in entry.summary
    with pytest.raises(ValidationError, match="already has a place"):
        round_late_entry(user=org, round=round, registration=third)


def test_late_entry_never_joins_a_table_with_results(org) -> None:
    t = make_tournament(org, players=11)
    seat(t, 1, org)
    release(t, 1, org)
    round = t.rounds.get(number=1)
    add_hand(sheet(round, 3), by=org)
    entry = late(t, org, "Alfa")
    round = round_late_entry(user=org, round=round, registration=entry)
    assert Bye.objects.filter(round=round, registration=entry).exists()
    assert sizes(round) == [4, 4, 3]


def test_locks_hold_when_the_round_is_seated_again(org) -> None:
    t = make_tournament(org, players=16)
    round = seat(t, 1, org)
    wheelchair = Seat.objects.get(round=round, table__number=1, position=1).registration
    seat_lock_set(user=org, round=round, registration=wheelchair, table=4, position=2)
    table_lock(user=org, round=round, table=2)
    top = plain_seating(round)[1]
    for seed in (3, 4):
        round = round_seat(user=org, round=round, seed=seed)
        assert at(round, wheelchair.pk) == (4, 2)
        assert plain_seating(round)[1] == top
    assert AuditEntry.objects.filter(action="round.lock").count() == 2
    assert SeatLock.objects.filter(round=round).count() == 5
    other = Seat.objects.get(round=round, table__number=3, position=1).registration
    with pytest.raises(ValidationError, match="already locked for"):
        seat_lock_set(user=org, round=round, registration=other, table=4, position=2)
    seat_lock_set(user=org, round=round, registration=other, table=1, position=1,
                  later_rounds=True)
    assert set(SeatLock.objects.filter(registration=other).values_list(
        "round__number", "table", "position")) == {(n, 1, 1) for n in (1, 2, 3, 4)}
    round2 = round_seat(user=org, round=t.rounds.get(number=2), seed=2)
    assert at(round2, other.pk) == (1, 1)


def test_contradicting_locks_name_the_players(org) -> None:
    t = make_tournament(org, players=8)
    round = seat(t, 1, org)
    a = Seat.objects.filter(round=round).first().registration
    seat_lock_set(user=org, round=round, registration=a, table=3)
    with pytest.raises(ValidationError, match=a.player.full_name):
        round_seat(user=org, round=round, seed=5)


def test_round_page_editor_and_pickers(client, org) -> None:
    t = make_tournament(org, players=11)
    round = seat(t, 1, org)
    client.force_login(org)
    page = client.get(reverse("seating:round", args=(t.pk, 1))).content.decode()
    assert 'list="move-players"' in page and '<datalist id="move-places">' in page
    assert '<select name="player"' not in page
    mover = Seat.objects.select_related("registration__player").get(
        round=round, table__number=1, position=1).registration
    typed = mover.player.last_name.upper()  # a part of the name, any case
    if Player.objects.filter(last_name=mover.player.last_name).count() > 1:
        typed = f"{mover.player.full_name} (1/1)"
    response = client.post(reverse("seating:round_move", args=(t.pk, 1)),
                           {"player": typed, "place": "3", "version": round.version})
    assert response.status_code == 302 and response["Location"].endswith("#report")
    assert at(round, mover.pk) == (3, 4)
    page = client.get(response["Location"]).content.decode()
    with translation.override(t.page_language):  # the page speaks the tournament's language
        moved = translation.gettext("%(player)s now sits at table %(table)s.") % {
            "player": mover.player.full_name, "table": 3}
    assert moved in page and 'id="report"' in page
    # a stale page is refused: nothing moves
    response = client.post(reverse("seating:round_move", args=(t.pk, 1)),
                           {"player": typed, "place": "1", "version": round.version},
                           follow=True)
    with translation.override(t.page_language):  # the page speaks the tournament's language
        conflict = translation.gettext("Someone else changed this round meanwhile. Your change "
                                       "was not saved; here is the current state.")
    assert conflict in response.content.decode()
    assert at(round, mover.pk) == (3, 4)


def test_late_entry_and_lock_views(client, org) -> None:
    t = make_tournament(org, players=11)
    seat(t, 1, org)
    release(t, 1, org)
    entry = late(t, org, "Zpozdilý")
    client.force_login(org)
    page = client.get(reverse("seating:round", args=(t.pk, 1))).content.decode()
    assert 'id="late-entry"' in page and "Zpozdilý" in page
    response = client.post(reverse("seating:round_late_entry", args=(t.pk, 1)),
                           {"player": "zpozdily"}, follow=True)
    with translation.override(t.page_language):  # the page speaks the tournament's language
        joined = translation.gettext("%(player)s joins table %(table)s, seat %(seat)s.") % {
            "player": entry.player.full_name, "table": 3, "seat": 4}
    assert joined in response.content.decode()
    t2 = make_tournament(org, players=8, name="Druhý")
    round = seat(t2, 1, org)
    player = Seat.objects.filter(round=round).select_related("registration__player").first()
    response = client.post(reverse("seating:round_lock", args=(t2.pk, 1)),
                           {"action": "seat", "player": player.registration.player.full_name,
                            "place": "2/3"}, follow=True)
    assert SeatLock.objects.filter(round=round, registration=player.registration, table=2,
                                   position=3).exists()
    with translation.override(t2.page_language):
        locked = translation.gettext("Locked seat for %(player)s: table %(table)s.") % {
            "player": player.registration.player.full_name, "table": 2}
        no_match = translation.gettext("No player here matches “%(text)s”.") % {
            "text": "nobody here"}
    assert locked in response.content.decode()
    response = client.post(reverse("seating:round_lock", args=(t2.pk, 1)),
                           {"action": "seat", "player": "nobody here", "place": "2/3"},
                           follow=True)
    assert no_match in response.content.decode()
    assert entry.status == RegistrationStatus.LATE


def test_krizovy_late_entries_wait_for_a_full_table_and_locks_never_sit_out(org) -> None:
    t = make_tournament(org, players=10, ruleset_code="csm-krizovy")
    round = seat(t, 1, org)
    byes = list(Bye.objects.filter(round=round).values_list("registration_id", flat=True))
    assert sizes(round) == [4, 4] and len(byes) == 2
    sitting_out = Registration.objects.get(pk=byes[0])
    seat_lock_set(user=org, round=round, registration=sitting_out, table=1, position=3)
    round = round_seat(user=org, round=round, seed=11)
    assert at(round, sitting_out.pk) == (1, 3)
    assert not Bye.objects.filter(round=round, registration=sitting_out).exists()
    release(t, 1, org)
    round.refresh_from_db()
    first = late(t, org, "Alfa")
    round = round_late_entry(user=org, round=round, registration=first)
    assert Bye.objects.filter(round=round).count() == 3 and sizes(round) == [4, 4]
    second = late(t, org, "Beta")
    round = round_late_entry(user=org, round=round, registration=second)
    assert sizes(round) == [4, 4, 4] and not Bye.objects.filter(round=round).exists()
    assert at(round, second.pk)[0] == 3


def test_locks_travel_in_the_tournament_archive(org) -> None:
    from marias_admin.archive.exporting import dumps, export_tournament
    from marias_admin.archive.importing import import_tournament

    t = make_tournament(org, players=8)
    round = seat(t, 1, org)
    player = Seat.objects.filter(round=round).first().registration
    seat_lock_set(user=org, round=round, registration=player, table=2, position=4)
    document = export_tournament(t)
    assert len(document["locks"]) == 1
    copy = import_tournament(json.loads(dumps(document)), user=org, rename="Kopie")
    lock = SeatLock.objects.get(round__tournament=copy)
    assert (lock.table, lock.position, lock.registration.player_id) == (2, 4, player.player_id)


def test_a_confirmed_round_asks_before_a_move(client, org) -> None:
    t = make_tournament(org, players=11)
    round = seat(t, 1, org)
    round = round_set_state(user=org, round=round, state=RoundState.CONFIRMED)
    mover = Seat.objects.select_related("registration__player").get(
        round=round, table__number=1, position=1).registration
    client.force_login(org)
    data = {"player": f"{mover.player.full_name} (1/1)", "place": "3",
            "version": round.version}
    response = client.post(reverse("seating:round_move", args=(t.pk, 1)), data)
    assert response.status_code == 200
    assert 'name="confirm_reseat" value="1"' in response.content.decode()
    assert at(round, mover.pk) == (1, 1)  # nothing moved yet
    response = client.post(reverse("seating:round_move", args=(t.pk, 1)),
                           {**data, "confirm_reseat": "1"})
    assert response.status_code == 302 and at(round, mover.pk) == (3, 4)
    round.refresh_from_db()
    assert round.state == RoundState.SEATED


def test_a_player_with_a_bye_is_lifted_into_a_free_seat(client, org) -> None:
    """SZMK tables of 3 with at most one of 4: the second late entry waits with a bye; once
    the director allows a second table of 4, a move lifts him into table 2's free seat."""
    from marias_admin.tournaments.services import tournament_update

    t = make_tournament(org, players=9, ruleset_code="szmk-voleny-2024", max_odd_tables=1)
    seat(t, 1, org)
    release(t, 1, org)
    round = t.rounds.get(number=1)
    assert sizes(round) == [3, 3, 3]
    first, second = late(t, org, "Alfa"), late(t, org, "Beta")
    round = round_late_entry(user=org, round=round, registration=first)
    round = round_late_entry(user=org, round=round, registration=second)
    assert sizes(round) == [4, 3, 3] and Bye.objects.filter(registration=second).exists()
    # the family's limit on tables of 4 refuses; so do a taken seat and a table with results
    with pytest.raises(ValidationError, match="at most 1 table of 4"):
        seat_move(user=org, round=round, registration=second, table=2)
    with pytest.raises(ValidationError, match="not a taken one"):
        seat_move(user=org, round=round, registration=second, table=2, position=1)
    add_hand(sheet(round, 3), by=org)
    tournament_update(user=org, tournament=t, max_odd_tables=2)
    with pytest.raises(ValidationError, match="Table 3 already holds results"):
        seat_move(user=org, round=round, registration=second, table=3)
    assert Bye.objects.filter(registration=second).exists()
    assert not AuditEntry.objects.filter(action="round.move").exists()
    # by the round page's move form: the waiting player is offered, the table typed alone
    client.force_login(org)
    page = client.get(reverse("seating:round", args=(t.pk, 1))).content.decode()
    assert 'class="muted waiting-note"' in page
    assert f'<option value="{second.player.full_name}">' in page
    round.refresh_from_db()
    response = client.post(reverse("seating:round_move", args=(t.pk, 1)),
                           {"player": second.player.full_name, "place": "2",
                            "version": round.version}, follow=True)
    with translation.override(t.page_language):
        moved = translation.gettext("%(player)s now sits at table %(table)s.") % {
            "player": second.player.full_name, "table": 2}
    assert moved in response.content.decode()
    assert at(round, second.pk) == (2, 4) and not Bye.objects.filter(round=round).exists()
    entry = AuditEntry.objects.get(action="round.move")
    assert entry.before["byes"] == [second.pk] and entry.after["byes"] == []
    assert entry.after["edit"]["kind"] == "from_bye"
    with translation.override(t.page_language):  # the summary is written in the page's language
        left = translation.gettext("%(player)s leaves the bye for table %(table)s, "
                                   "seat %(seat)s") % entry.after["edit"]
    assert left in entry.summary


def test_krizovy_byes_have_no_free_seat_to_take(org) -> None:
    t = make_tournament(org, players=10, ruleset_code="csm-krizovy")
    round = seat(t, 1, org)
    waiting = Registration.objects.get(pk=Bye.objects.filter(round=round).first()
                                       .registration_id)
    with pytest.raises(ValidationError, match="Table 1 is full"):
        seat_move(user=org, round=round, registration=waiting, table=1)
    assert Bye.objects.filter(round=round, registration=waiting).exists()


def test_the_optimiser_seats_the_others_around_the_locks(org) -> None:
    """Round 2 optimised with a locked top table: the locked players are where locked and
    the search, not a patch, placed everyone else (so no one meets a round-1 tablemate)."""
    t = make_tournament(org, players=16)
    seat(t, 1, org, method="optimise")
    release(t, 1, org)
    round2 = t.rounds.get(number=2)
    first = plain_seating(t.rounds.get(number=1))
    top = [first[0][0], first[1][0], first[2][0], first[3][0]]  # strangers so far
    for position, registration_id in enumerate(top, start=1):
        seat_lock_set(user=org, round=round2, registration=Registration.objects.get(
            pk=registration_id), table=1, position=position)
    round2 = round_seat(user=org, round=round2, method="optimise", seed=9)
    assert plain_seating(round2)[0] == tuple(top)
    assert round2.report["repeat_count"] == 0


def test_namesakes_are_offered_apart_and_never_picked_silently(org) -> None:
    """Two players of one name (father and son): each offer names one of them, and the bare
    name is refused as ambiguous instead of picking the first."""
    from marias_admin.seating.forms_editing import pick, player_options

    t = make_tournament(org, players=0)
    father = registration_enter(user=org, tournament=t, present=True, player=player_create(
        user=org, first_name="Jan", last_name="Novák", club_name="TJ Sokol"))
    son = registration_enter(user=org, tournament=t, present=True, player=player_create(
        user=org, first_name="Jan", last_name="Novák", club_name="MK Plzeň"))
    twin = registration_enter(user=org, tournament=t, present=True, player=player_create(
        user=org, first_name="Jan", last_name="Novák", club_name="MK Plzeň"))
    options = player_options(registrations=[father, son, twin])
    values = [o.value for o in options]
    assert len(set(values)) == 3
    assert f"{father.player.full_name} – TJ Sokol" in values
    for option in options:
        assert pick(option.value, options) == option.key
    with pytest.raises(ValidationError) as error:
        pick(father.player.full_name, options)
    assert error.value.code == "ambiguous"


def test_a_lock_refuses_a_player_of_another_tournament(org) -> None:
    t = make_tournament(org, players=8)
    round = seat(t, 1, org)
    other = make_tournament(org, players=4)
    stranger = Registration.objects.filter(tournament=other).first()
    with pytest.raises(ValidationError) as error:
        seat_lock_set(user=org, round=round, registration=stranger, table=1)
    assert error.value.code == "not_playing"
    assert not SeatLock.objects.exists()


def test_a_late_entry_into_a_confirmed_round_asks_first(client, org) -> None:
    """As a move does: refused without the director's consent (nothing placed, nothing
    audited), then placed, the round back to "seated", the change of state in the audit."""
    t = make_tournament(org, players=11)
    round = round_set_state(user=org, round=seat(t, 1, org), state=RoundState.CONFIRMED)
    entry = late(t, org, "Zpozdilý")
    before = plain_seating(round)
    with pytest.raises(ValidationError) as error:
        round_late_entry(user=org, round=round, registration=entry)
    assert error.value.code == "round_confirmed"
    round.refresh_from_db()
    assert round.state == RoundState.CONFIRMED and plain_seating(round) == before
    assert not Bye.objects.filter(round=round).exists()
    assert not AuditEntry.objects.filter(action="round.late_entry").exists()
    client.force_login(org)
    data = {"player": "zpozdily", "version": round.version}
    response = client.post(reverse("seating:round_late_entry", args=(t.pk, 1)), data)
    page = response.content.decode()
    assert response.status_code == 200 and 'name="confirm_reseat" value="1"' in page
    assert plain_seating(round) == before  # asked, nothing done yet
    response = client.post(reverse("seating:round_late_entry", args=(t.pk, 1)),
                           {**data, "confirm_reseat": "1"})
    assert response.status_code == 302 and at(round, entry.pk) == (3, 4)
    round.refresh_from_db()
    assert round.state == RoundState.SEATED
    audit = AuditEntry.objects.get(action="round.late_entry")
    assert audit.before["state"] == "confirmed" and audit.after["state"] == "seated"


def test_a_late_entry_in_play_counts_from_this_round_through_an_audited_service(org) -> None:
    from marias_admin.tournaments.services import registration_join_round

    t = make_tournament(org, players=11)
    seat(t, 1, org)
    release(t, 1, org)
    round = t.rounds.get(number=1)
    entry = late(t, org, "Alfa")
    assert entry.first_round == 2
    round_late_entry(user=org, round=round, registration=entry)
    entry.refresh_from_db()
    assert entry.first_round == 1
    audit = AuditEntry.objects.get(action="registration.first_round")
    assert (audit.before["first_round"], audit.after["first_round"]) == (2, 1)
    with pytest.raises(ValidationError, match="already plays from round 1"):
        registration_join_round(user=org, registration=entry, round_number=1)
    later = late(t, org, "Beta")
    round_set_state(user=org, round=round, state=RoundState.CLOSED, confirm_open_sheets=True)
    seat(t, 2, org)
    release(t, 2, org)
    later.refresh_from_db()
    assert later.first_round == 2  # checked in while round 1 was played
    with pytest.raises(ValidationError, match="already been played"):
        registration_join_round(user=org, registration=later, round_number=1)
    assert AuditEntry.objects.filter(action="registration.first_round").count() == 1


def test_a_move_onto_a_taken_seat_in_play_is_the_one_swap(org) -> None:
    """The editor's swap is ``seat_swap``: allowed in the round in play at tables without
    results, audited as a swap; a closed round refuses it."""
    t = make_tournament(org, players=12)
    seat(t, 1, org)
    release(t, 1, org)
    round = t.rounds.get(number=1)
    a = Seat.objects.get(round=round, table__number=1, position=1).registration
    b = Seat.objects.get(round=round, table__number=2, position=2).registration
    round = seat_move(user=org, round=round, registration=a, table=2, position=2)
    assert at(round, a.pk) == (2, 2) and at(round, b.pk) == (1, 1)
    assert round.state == RoundState.RELEASED
    assert AuditEntry.objects.filter(action="round.swap").count() == 1
    assert not AuditEntry.objects.filter(action="round.move").exists()


def test_a_lock_in_a_played_round_says_what_helps(org) -> None:
    t = make_tournament(org, players=8)
    round = seat(t, 1, org)
    release(t, 1, org)
    round.refresh_from_db()
    player = Seat.objects.filter(round=round).first().registration
    with pytest.raises(ValidationError, match="“Move a player”") as error:
        seat_lock_set(user=org, round=round, registration=player, table=1)
    assert "lock it in the next round" in error.value.messages[0]
    round_set_state(user=org, round=round, state=RoundState.CLOSED, confirm_open_sheets=True)
    with pytest.raises(ValidationError, match="Lock the seat in a later round"):
        table_lock(user=org, round=round, table=1)
    assert not SeatLock.objects.exists()
