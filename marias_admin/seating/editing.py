"""The director's edits of a seated round: move a player (also out of a bye into a free
seat), seat a late entry, lock seats.

Like every seating write (``services.py``): one transaction on the locked round, the round
version checked, an audit entry with the seating before and after, and the report of repeats
and clubmates computed again so the round page shows what the edit did. A table whose sheet
holds results never changes (its money belongs to the players seated there); a closed round
never changes. Unlike a new seating, these edits are allowed in the round in play at the
tables that have not started: that is what a director does when a player arrives late or a
table must be rearranged. Where a late entry goes is decided by the pure
``generator.editing.place_late_entry``; locks are honoured by ``round_seat`` through
``generator.editing.apply_locks``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.seating import planner, probes
from marias_admin.seating.generator.editing import (
    PlacementKind,
    TableState,
    place_late_entry,
)
from marias_admin.seating.generator.sizing import odd_size_for
from marias_admin.seating.guards import (
    lock_round,
    refuse_closed,
    refuse_confirmed,
    refuse_tables_with_results,
)
from marias_admin.seating.models import Bye, Round, RoundState, Seat, SeatLock, Table
from marias_admin.seating.selectors import clubs_of, history_before, plain_seating, teams_of
from marias_admin.seating.services import seat_swap
from marias_admin.tournaments.models import PLAYING_STATUSES, Registration, Tournament
from marias_admin.tournaments.selectors import playing_in_round, registrations
from marias_admin.tournaments.services import registration_join_round


def edit_summary(edit: dict[str, Any], number: int | None = None) -> str:
    """One edit in words, in the language active now: written to the audit entry and told
    again by the log in its reader's language (``sheets.log_story``) from the entry's
    ``after["edit"]``; with ``number``, it names the round."""
    kind = edit.get("kind")
    seat = edit.get("seat")
    if kind == "swap":
        text = _("%(player)s ↔ %(other)s") % edit
    elif kind == "move":
        text = _("%(player)s moved to table %(table)s") % edit
    elif kind == "from_bye":
        text = _("%(player)s leaves the bye for table %(table)s, seat %(seat)s") % edit
    elif kind == "fill":
        text = _("%(player)s joins table %(table)s, seat %(seat)s.") % edit
    elif kind == "new_table":
        text = _("%(player)s and %(others)s sit at the new table %(table)s.") % {
            **edit, "others": ", ".join(edit.get("others") or [])}
    elif kind == "bye":
        text = _("%(player)s waits with a bye: no table can take another player yet.") % edit
    elif kind == "lock" and seat:
        text = _("locked seat for %(player)s: table %(table)s, seat %(seat)s") % edit
    elif kind == "lock":
        text = _("locked seat for %(player)s: table %(table)s") % edit
    elif kind == "table_lock":
        text = _("table %(table)s locked as seated") % edit
    elif kind == "unlock":
        text = _("locked seat of %(player)s removed") % edit
    else:
        text = ""
    if number is None or not text:
        return text
    return _("Round %(number)s: %(what)s") % {"number": number, "what": text}


def _sizes_allowed(tournament: Tournament) -> tuple[int, int | None, int]:
    """(preferred size, odd size or None, most odd tables) of the tournament's family."""
    if tournament.full_tables_only:
        return 4, None, 0
    if tournament.max_odd_tables <= 0:
        return tournament.table_size, None, 0
    return tournament.table_size, odd_size_for(tournament.table_size), tournament.max_odd_tables


def _refresh_report(round: Round) -> None:
    """The repeats and clubmates of the edited seating (the byes kept in the report)."""
    after = plain_seating(round)
    seated = [p for table in after for p in table]
    report = planner.report(after, history_before(round.tournament, round.number),
                            round.tournament.table_size, clubs_of(seated),
                            teams_of(round.tournament, seated))
    byes = sorted(Bye.objects.filter(round=round).values_list("registration_id", flat=True))
    if byes or round.tournament.full_tables_only:
        report["byes"] = byes
    round.report = report


def _bump(round: Round) -> None:
    if round.state == RoundState.CONFIRMED:
        round.state = RoundState.SEATED
    round.version += 1
    round.save()


def _seat_of(round: Round, registration: Registration) -> Seat:
    seat = Seat.objects.filter(round=round, registration=registration).select_related(
        "table").first()
    if seat is None:
        raise ValidationError(
            _("%(player)s has no seat in round %(number)s.")
            % {"player": registration.player.full_name, "number": round.number},
            code="not_seated",
        )
    return seat


@transaction.atomic
def seat_move(
    *,
    user: Any,
    round: Round,
    registration: Registration,
    table: int,
    position: int | None = None,
    confirm_reseat: bool = False,
    expected_version: int | None = None,
) -> Round:
    """Move a player to table ``table``, seat ``position``: an occupied seat is a swap, an
    empty one (``position`` empty or past the last seat) makes his table one smaller and the
    target one larger, within the sizes the family allows; a player waiting with a bye takes
    the target's free seat (``_from_bye``). The swap is ``services.seat_swap``'s, its one
    home (audited there as a swap). Returns the round; its report shows the repeats the move
    made."""
    round = lock_round(round, expected_version)
    refuse_closed(round)
    tournament = round.tournament
    target = Table.objects.filter(round=round, number=table).first()
    if target is None:
        raise ValidationError(_("Round %(number)s has no table %(table)s.")
                              % {"number": round.number, "table": table}, code="no_table")
    bye = Bye.objects.filter(round=round, registration=registration).select_related(
        "registration__player").first()
    if bye is not None:  # lifted out of his bye into a free seat
        return _from_bye(user, round, bye, target, position, confirm_reseat)
    seat = _seat_of(round, registration)
    target_seats = list(target.seats.select_related("registration__player"))
    occupant = next((s for s in target_seats if s.position == position), None)
    if occupant is not None and occupant.registration_id == registration.pk:
        raise ValidationError(
            _("%(player)s already sits at table %(table)s, seat %(seat)s.")
            % {"player": registration.player.full_name, "table": table, "seat": position},
            code="same_seat")
    if occupant is None and target.pk == seat.table_id:
        raise ValidationError(
            _("%(player)s already sits at table %(table)s.")
            % {"player": registration.player.full_name, "table": table}, code="same_seat")
    if occupant is not None:  # the round is locked and its version checked already
        return seat_swap(user=user, round=round, first=registration,
                         second=occupant.registration, confirm_reseat=confirm_reseat)
    refuse_tables_with_results(round, sorted({seat.table.number, table}))
    refuse_confirmed(round, confirm_reseat)
    before = plain_seating(round)
    _check_sizes(round, tournament, seat, target, len(target_seats))
    source = seat.table
    seat.delete()
    Seat.objects.create(round=round, table=target, position=len(target_seats) + 1,
                        registration=registration)
    # the seats left behind close up: 1, 2, 3 without a gap
    for index, left in enumerate(source.seats.order_by("position"), start=1):
        if left.position != index:
            Seat.objects.filter(pk=left.pk).update(position=index)
    edit: dict[str, Any] = {"kind": "move", "player": registration.player.full_name,
                            "table": table}
    _refresh_report(round)
    _bump(round)
    audit_record(user=user, action=AuditAction.ROUND_MOVE, obj=round, tournament=tournament,
                 before={"seating": before}, after={"seating": plain_seating(round), "edit": edit},
                 summary=edit_summary(edit, round.number))
    return round


def _from_bye(user: Any, round: Round, bye: Bye, target: Table, position: int | None,
              confirm_reseat: bool) -> Round:
    """Lift a waiting player out of his bye into the free seat of ``target`` (a table of 3
    becoming 4, or 4 becoming … where the family allows): the director's answer when a table
    can take him after all (the limit on odd tables raised, a better table for him). Only an
    empty seat: a taken one would send its player to the bye, which is a different decision."""
    registration = bye.registration
    name = registration.player.full_name
    target_size = Seat.objects.filter(table=target).count()
    if position is not None and position <= target_size:
        raise ValidationError(
            _("%(player)s waits with a bye: choose the free seat of a table (%(table)s alone), "
              "not a taken one.") % {"player": name, "table": target.number},
            code="seat_taken")
    refuse_tables_with_results(round, [target.number])
    refuse_confirmed(round, confirm_reseat)
    _check_target_size(round, round.tournament, target, target_size)
    before = {"seating": plain_seating(round),
              "byes": sorted(Bye.objects.filter(round=round)
                             .values_list("registration_id", flat=True))}
    bye.delete()
    Seat.objects.create(round=round, table=target, position=target_size + 1,
                        registration=registration)
    edit: dict[str, Any] = {"kind": "from_bye", "player": name, "table": target.number,
                            "seat": target_size + 1}
    _refresh_report(round)
    _bump(round)
    audit_record(user=user, action=AuditAction.ROUND_MOVE, obj=round,
                 tournament=round.tournament, before=before,
                 after={"seating": plain_seating(round),
                        "byes": sorted(Bye.objects.filter(round=round)
                                       .values_list("registration_id", flat=True)),
                        "edit": edit},
                 summary=edit_summary(edit, round.number))
    return round


def _check_target_size(round: Round, tournament: Tournament, target: Table,
                       target_size: int) -> None:
    """A player lifted out of a bye: the table gaining him stays at a size the family
    allows, and the odd tables within the limit."""
    _refuse_full(tournament, target, target_size)
    _refuse_odd_limit(round, tournament, target, target_size, None)


def _refuse_full(tournament: Tournament, target: Table, target_size: int) -> None:
    preferred, odd, _most = _sizes_allowed(tournament)
    if target_size + 1 not in {preferred, odd} or target_size + 1 > 4:
        raise ValidationError(
            _("Table %(table)s is full: choose a seat there to swap with its player.")
            % {"table": target.number}, code="table_full")


def _refuse_odd_limit(round: Round, tournament: Tournament, target: Table, target_size: int,
                      source: Seat | None) -> None:
    """The odd tables counted after the move (``source``'s table losing its player)."""
    _preferred, odd, most_odd = _sizes_allowed(tournament)
    if not odd:
        return
    sizes = dict(_table_sizes(round))
    if source is not None:
        sizes[source.table.number] -= 1
    sizes[target.number] = target_size + 1
    if sum(1 for n in sizes.values() if n == odd) > most_odd:
        raise ValidationError(
            ngettext("The tournament allows at most %(most)s table of %(size)s players.",
                     "The tournament allows at most %(most)s tables of %(size)s players.",
                     most_odd) % {"most": most_odd, "size": odd},
            code="too_many_odd_tables")


def _check_sizes(round: Round, tournament: Tournament, seat: Seat, target: Table,
                 target_size: int) -> None:
    """A move into an empty seat keeps every table at a size the family allows."""
    preferred, odd, _most = _sizes_allowed(tournament)
    _refuse_full(tournament, target, target_size)
    source_size = Seat.objects.filter(table_id=seat.table_id).count()
    if source_size - 1 not in {preferred, odd}:
        raise ValidationError(
            _("%(player)s cannot leave table %(table)s: it would have too few players. Choose "
              "a seat of the other table to swap instead.")
            % {"player": seat.registration.player.full_name, "table": seat.table.number},
            code="table_too_small")
    _refuse_odd_limit(round, tournament, target, target_size, seat)


def _table_sizes(round: Round) -> dict[int, int]:
    sizes: dict[int, int] = {}
    for number in Seat.objects.filter(round=round).values_list("table__number", flat=True):
        sizes[number] = sizes.get(number, 0) + 1
    return sizes


@transaction.atomic
def round_late_entry(
    *,
    user: Any,
    round: Round,
    registration: Registration,
    confirm_reseat: bool = False,
    expected_version: int | None = None,
) -> Round:
    """Seat a player registered after the round was seated, where the family's rules say
    (``generator.editing.place_late_entry``): a table one short, a new table with those
    waiting, or a bye. Tables with results are never changed. A confirmed round asks first
    (``confirm_reseat``, as a move does: its sheets may be printed) and goes back to
    "seated"; in the round in play, an entry that counted from the next round counts from
    this one (``tournaments.services.registration_join_round``, audited there)."""
    round = lock_round(round, expected_version)
    refuse_closed(round)
    tournament = round.tournament
    if not Table.objects.filter(round=round).exists():
        raise ValidationError(_("Seat round %(number)s first.") % {"number": round.number},
                              code="round_unseated")
    if (Seat.objects.filter(round=round, registration=registration).exists()
            or Bye.objects.filter(round=round, registration=registration).exists()):
        raise ValidationError(
            _("%(player)s already has a place in round %(number)s.")
            % {"player": registration.player.full_name, "number": round.number},
            code="already_placed")
    if not any(r.pk == registration.pk for r in late_candidates(round)):
        raise ValidationError(
            _("%(player)s is not playing in round %(number)s (not checked in or withdrawn).")
            % {"player": registration.player.full_name, "number": round.number},
            code="not_playing")
    refuse_confirmed(round, confirm_reseat)
    state_before = round.state
    first_round = registration.first_round
    if first_round > round.number:  # checked in after the round started: he plays it now
        registration_join_round(user=user, registration=registration,
                                round_number=round.number)
    results = set(probes.tables_with_results(Table.objects.filter(round=round))
                  .get(round.number, []))
    sizes = _table_sizes(round)
    waiting = list(Bye.objects.filter(round=round).order_by("pk").select_related(
        "registration__player"))
    preferred, _odd, most_odd = _sizes_allowed(tournament)
    placement = place_late_entry(
        [TableState(n, s, n in results) for n, s in sorted(sizes.items())], len(waiting),
        preferred=preferred, max_odd_tables=most_odd,
        full_tables_only=tournament.full_tables_only)
    before = {"seating": plain_seating(round),
              "byes": [b.registration_id for b in waiting]}
    name = registration.player.full_name
    if placement.kind == PlacementKind.FILL:
        assert placement.table is not None and placement.seat is not None
        table = Table.objects.get(round=round, number=placement.table)
        Seat.objects.create(round=round, table=table, position=placement.seat,
                            registration=registration)
        edit: dict[str, Any] = {"kind": "fill", "player": name, "table": placement.table,
                                "seat": placement.seat}
    elif placement.kind == PlacementKind.NEW_TABLE:
        assert placement.table is not None
        joining = [waiting[i] for i in placement.waiting]
        table = Table.objects.create(round=round, number=placement.table)
        Bye.objects.filter(pk__in=[b.pk for b in joining]).delete()
        regs = [b.registration_id for b in joining] + [registration.pk]
        Seat.objects.bulk_create([Seat(round=round, table=table, position=i,
                                       registration_id=r) for i, r in enumerate(regs, start=1)])
        edit = {"kind": "new_table", "player": name, "table": placement.table,
                "others": [b.registration.player.full_name for b in joining]}
    else:
        Bye.objects.create(round=round, registration=registration)
        edit = {"kind": "bye", "player": name}
    _refresh_report(round)
    _bump(round)
    went_back = state_before != round.state  # confirmed → seated, the director having agreed
    audit_record(
        user=user, action=AuditAction.ROUND_LATE_ENTRY, obj=round, tournament=tournament,
        before={**before, **({"state": state_before} if went_back else {})},
        after={"seating": plain_seating(round),
               **({"state": round.state} if went_back else {}),
               "byes": sorted(Bye.objects.filter(round=round)
                              .values_list("registration_id", flat=True)),
               "placement": placement.kind.value, "edit": edit,
               **({"first_round": [first_round, round.number]}
                  if first_round != round.number else {})},
        summary=edit_summary(edit, round.number))
    # for the page's message: the sentence without the round
    round.late_entry_summary = edit_summary(edit)  # type: ignore[attr-defined]
    return round


def late_candidates(round: Round,
                    playing: list[Registration] | None = None) -> list[Registration]:
    """Who may join the round late: playing in it but not placed, and, in the round in
    play, those checked in after it started (their entry counts from the next round until
    the director seats them in this one). ``playing``: ``playing_in_round`` when the caller
    (the round page) has it already, so that 320 entries are read once a request."""
    tournament = round.tournament
    placed = set(Seat.objects.filter(round=round).values_list("registration_id", flat=True))
    placed |= set(Bye.objects.filter(round=round).values_list("registration_id", flat=True))
    if playing is None:
        playing = playing_in_round(tournament, round.number)
    found = [r for r in playing if r.pk not in placed]
    if round.state == RoundState.RELEASED:
        found += [r for r in registrations(tournament).filter(
            status__in=PLAYING_STATUSES, first_round=round.number + 1)
            if r.pk not in placed]
    return found


# --- locks -----------------------------------------------------------------------------------


def _record_locks(user: Any, round: Round, before: list[list[int | None]],
                  edit: dict[str, Any]) -> None:
    """The audit entry of a lock change: the round's locks before and after, and the edit
    in words."""
    audit_record(user=user, action=AuditAction.ROUND_LOCK, obj=round,
                 tournament=round.tournament, before={"locks": before},
                 after={"locks": _lock_snapshot(round), "edit": edit},
                 summary=edit_summary(edit, round.number))


def _lock_snapshot(round: Round) -> list[list[int | None]]:
    return [[r, t, p] for r, t, p in SeatLock.objects.filter(round=round)
            .order_by("table", "position", "registration_id")
            .values_list("registration_id", "table", "position")]


def _refuse_unseatable_round(round: Round) -> None:
    """A lock is read only when the round is seated (again): once it is released to the
    tables or closed it never is, so a lock there would change nothing. The refusal says
    what does help: a move in the round in play, a lock in a later round."""
    if round.state == RoundState.RELEASED:
        raise ValidationError(
            _("Round %(number)s is being played and will not be seated again, so a locked "
              "seat would change nothing in it. To change a seat now, use “Move a player”; "
              "to keep a seat for the rounds to come, lock it in the next round.")
            % {"number": round.number}, code="round_played")
    if round.is_fixed:
        raise ValidationError(
            _("Round %(number)s is closed and will not be seated again, so a locked seat "
              "would change nothing in it. Lock the seat in a later round instead.")
            % {"number": round.number}, code="round_played")


@transaction.atomic
def seat_lock_set(
    *,
    user: Any,
    round: Round,
    registration: Registration,
    table: int,
    position: int | None = None,
    later_rounds: bool = False,
) -> SeatLock:
    """Lock a player to a table (and seat) for the next seating of the round; with
    ``later_rounds``, of every later round not yet played too (a wheelchair place is needed
    all day). All of them or none: a seat locked for someone else in any round refuses all."""
    round = lock_round(round, None)
    _refuse_unseatable_round(round)
    if registration.tournament_id != round.tournament_id:
        raise ValidationError(
            _("%(player)s is not playing in round %(number)s (not checked in or withdrawn).")
            % {"player": registration.player.full_name, "number": round.number},
            code="not_playing")
    if not 1 <= table <= 999 or (position is not None and not 1 <= position <= 4):
        raise ValidationError(_("Choose a table and a seat from 1 to 4."), code="lock_place")
    rounds = [round]
    if later_rounds:
        rounds += [lock_round(r, None) for r in round.tournament.rounds.filter(
            number__gt=round.number).order_by("number") if not r.is_fixed]
    locks = [_lock_one(user, r, registration, table, position) for r in rounds]
    return locks[0]


def _lock_one(user: Any, round: Round, registration: Registration, table: int,
              position: int | None) -> SeatLock:
    if position is not None:
        other = SeatLock.objects.filter(round=round, table=table, position=position).exclude(
            registration=registration).select_related("registration__player").first()
        if other is not None:
            raise ValidationError(
                _("Round %(number)s: table %(table)s, seat %(seat)s is already locked for "
                  "%(player)s.")
                % {"number": round.number, "table": table, "seat": position,
                   "player": other.registration.player.full_name}, code="lock_taken")
    before = _lock_snapshot(round)
    lock, _created = SeatLock.objects.update_or_create(
        round=round, registration=registration,
        defaults={"table": table, "position": position})
    edit = {"kind": "lock", "player": registration.player.full_name, "table": table,
            "seat": position}
    _record_locks(user, round, before, edit)
    return lock


@transaction.atomic
def table_lock(*, user: Any, round: Round, table: int) -> list[SeatLock]:
    """Lock every player of a seated table in his seat (the top table): seating the round
    again keeps that table as it is."""
    round = lock_round(round, None)
    _refuse_unseatable_round(round)
    seats = list(Seat.objects.filter(round=round, table__number=table))
    if not seats:
        raise ValidationError(_("Round %(number)s has no table %(table)s.")
                              % {"number": round.number, "table": table}, code="no_table")
    before = _lock_snapshot(round)
    edit = {"kind": "table_lock", "table": table}
    SeatLock.objects.filter(round=round, table=table).exclude(
        registration_id__in=[s.registration_id for s in seats]).delete()
    locks = [SeatLock.objects.update_or_create(
        round=round, registration_id=s.registration_id,
        defaults={"table": table, "position": s.position})[0] for s in seats]
    _record_locks(user, round, before, edit)
    return locks


@transaction.atomic
def seat_lock_remove(*, user: Any, round: Round, registration: Registration) -> None:
    round = lock_round(round, None)
    _refuse_unseatable_round(round)
    before = _lock_snapshot(round)
    edit = {"kind": "unlock", "player": registration.player.full_name}
    deleted, _rows = SeatLock.objects.filter(round=round, registration=registration).delete()
    if not deleted:
        return
    _record_locks(user, round, before, edit)
