"""Writes about rounds and seats: seat, swap, re-plan, move through the round's states.

The seating itself comes from the pure generator (via :mod:`marias_admin.seating.planner`);
this module only reads the history, stores the result, and refuses what the rules forbid:
played rounds never change, a round whose sheets hold results is never re-seated (money is
stored per seat, so moving a player would move his results to someone else), a finished
tournament does not change, and a confirmed round is re-seated only when the caller says so.

Every write names the round version its author saw (``expected_version``); if someone else
changed the round in between, the write is refused with :class:`RoundConflict` instead of
silently overwriting. Internal callers (the re-plan, the demo) pass ``None``.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.core.ordering import name_key
from marias_admin.seating import planner, probes
from marias_admin.seating.generator.editing import LockError
from marias_admin.seating.guards import RoundConflict as RoundConflict  # re-exported
from marias_admin.seating.guards import (
    lock_round,
    refuse_closed,
    refuse_confirmed,
    refuse_tables_with_results,
    table_list,
)
from marias_admin.seating.locks import (
    honour_locks,
    keep_locked_playing,
    lock_error,
    round_locks,
)
from marias_admin.seating.models import Bye, Round, RoundState, Seat, SeatingMethod, Table
from marias_admin.seating.selectors import clubs_of, history_before, plain_seating, teams_of
from marias_admin.tournaments.guards import refuse_if_finished
from marias_admin.tournaments.models import Registration, Tournament
from marias_admin.tournaments.selectors import playing_in_round

SEED_BITS = 48
# Allowed moves of the round's state machine (seating itself moves draft → seated).
TRANSITIONS: dict[RoundState, tuple[RoundState, ...]] = {
    RoundState.SEATED: (RoundState.CONFIRMED,),
    RoundState.CONFIRMED: (RoundState.SEATED, RoundState.RELEASED),
    RoundState.RELEASED: (RoundState.CLOSED,),
    RoundState.CLOSED: (),
    RoundState.DRAFT: (),
}

SEATING_ERRORS = {
    # the generator's stable error codes, in the visitor's language
    "too_few_players": gettext_lazy("there are too few players to fill a table."),
    "cannot_split": gettext_lazy("the players cannot be split into tables of the allowed "
                                 "sizes."),
    "too_many_odd_tables": gettext_lazy(
        "the field would need more tables of the other size than the tournament allows "
        "(see “most tables of the other size” in the tournament's settings)."),
    "unsupported_table_size": gettext_lazy("only tables of 3 or 4 players are supported."),
    "missing_standings": gettext_lazy("this round is seated by the standings, which are not "
                                      "available yet; choose another method."),
}


def _refuse_results(round: Round) -> None:
    """A table with results keeps its players in their seats: nothing may move a result."""
    numbers = probes.tables_with_results(Table.objects.filter(round=round)).get(round.number)
    if numbers:
        raise ValidationError(
            ngettext(
                "Round %(number)s cannot be seated again: table %(tables)s already holds "
                "results (hands, totals or rulings), which belong to the players seated there.",
                "Round %(number)s cannot be seated again: tables %(tables)s already hold "
                "results (hands, totals or rulings), which belong to the players seated there.",
                len(numbers),
            )
            % {"number": round.number, "tables": table_list(numbers)},
            code="round_has_results",
        )


def _refuse_played(round: Round) -> None:
    if round.is_fixed:
        raise ValidationError(
            _("Round %(number)s has been played; its seating can no longer change.")
            % {"number": round.number},
            code="round_played",
        )


def _refuse_fixed(round: Round, confirm_reseat: bool) -> None:
    """What stops seating a whole round again: played, results entered, or confirmed without
    the caller's consent (in that order: the first two no consent can lift)."""
    _refuse_played(round)
    _refuse_results(round)
    refuse_confirmed(round, confirm_reseat)


def _ranking(tournament: Tournament, ids: list[int]) -> list[int]:
    """Strongest first: by seeding rank, unranked players after them by name."""
    regs = {r.id: r for r in Registration.objects.filter(id__in=ids).select_related("player")}
    return sorted(
        ids,
        key=lambda i: (
            regs[i].seed_rank is None,
            regs[i].seed_rank or 0,
            name_key(regs[i].player.last_name, regs[i].player.first_name,
                     tournament.page_language),
            i,
        ),
    )


def _standings(tournament: Tournament, ids: list[int], number: int) -> list[int]:
    """Best first by the confirmed results of the rounds before this one (the SZMK plan seats
    rounds 4-6 by them); players without results follow in seeding order."""
    order = probes.standings_order(tournament, number)
    present = set(ids)
    ranked = [p for p in order if p in present]
    return ranked + [p for p in _ranking(tournament, ids) if p not in set(ranked)]


@transaction.atomic
def round_seat(
    *,
    user: Any,
    round: Round,
    method: SeatingMethod | None = None,
    seed: int | None = None,
    confirm_reseat: bool = False,
    expected_version: int | None = None,
) -> Round:
    round = lock_round(round, expected_version)
    _refuse_fixed(round, confirm_reseat)
    tournament = round.tournament
    unseated = tournament.rounds.filter(number__lt=round.number, tables__isnull=True)
    if unseated.exists():
        raise ValidationError(
            _("Seat round %(number)s first.") % {"number": unseated.order_by("number")[0].number},
            code="earlier_round_unseated",
        )
    method = SeatingMethod(method or round.method)
    seed = secrets.randbits(SEED_BITS) if seed is None else seed
    players = [r.id for r in playing_in_round(tournament, round.number)]
    history = history_before(tournament, round.number)
    full_tables = tournament.full_tables_only
    table_size = 4 if full_tables else tournament.table_size
    byes: list[int] = []
    locks = round_locks(round)
    try:
        if full_tables:  # křížový: tables of exactly four, the rest has a bye
            players, byes = planner.byes(players=players, previous=_byes_before(round),
                                         seed=seed, round_number=round.number)
            players, byes = keep_locked_playing(players, byes, locks)
        clubs = clubs_of(players)
        teams = teams_of(tournament, players)
        seating = planner.seat(
            players=players,
            history=history,
            method=method,
            seed=seed,
            table_size=table_size,
            max_odd_tables=0 if full_tables else tournament.max_odd_tables,
            round_number=round.number,
            ranking=_ranking(tournament, players),
            standings=_standings(tournament, players, round.number),
            rounds_total=tournament.rounds_planned,
            clubs=clubs,
            club_separation=tournament.club_separation,
            teams=teams,
            team_separation=tournament.team_separation,
            locks=locks,  # the optimiser seats the others around them
        )
    except LockError as exc:
        raise lock_error(exc) from exc
    except planner.PlanningError as exc:
        reason = SEATING_ERRORS.get(str(exc.code), str(exc))
        raise ValidationError(
            _("The round cannot be seated: %(reason)s") % {"reason": reason},
            code="seating_impossible",
        ) from exc
    # the director's locked seats: a rule's or lot's seating is patched; the optimiser's
    # already holds them (then this changes nothing)
    seating = honour_locks(seating, locks, history)
    before: list[tuple[int, ...]] | dict[str, object] | None = (
        plain_seating(round) if round.state != RoundState.DRAFT else None)
    if before is not None and full_tables:
        before = {"tables": before, "byes": _bye_ids(round)}
    _store(round, seating, byes)
    round.method, round.seed = method, seed
    round.report = planner.report(seating, history, table_size, clubs, teams)
    if full_tables:
        round.report["byes"] = byes
    round.state = RoundState.SEATED
    round.seated_at = timezone.now()
    round.version += 1
    round.save()
    audit_record(
        user=user,
        action=AuditAction.ROUND_SEAT,
        obj=round,
        tournament=tournament,
        before={"seating": before} if before else None,
        after={"seating": seating, "method": method.value, "seed": seed,
               "club_separation": tournament.club_separation,
               **({"team_separation": tournament.team_separation} if teams else {}),
               **({"byes": byes} if full_tables else {}),
               **({"locks": sorted(([r, lk.table, lk.seat] for r, lk in locks.items()),
                                         key=lambda lock: (lock[1], lock[0]))}
                  if locks else {})},
        summary=_("Round %(number)s seated (%(method)s, seed %(seed)s)")
        % {"number": round.number, "method": method.label, "seed": seed},
    )
    return round


def _byes_before(round: Round) -> dict[int, int]:
    """Registration id → how many byes he had in the rounds before this one."""
    counts: dict[int, int] = {}
    for registration_id in Bye.objects.filter(
            round__tournament_id=round.tournament_id, round__number__lt=round.number
    ).values_list("registration_id", flat=True):
        counts[registration_id] = counts.get(registration_id, 0) + 1
    return counts


def _bye_ids(round: Round) -> list[int]:
    return sorted(Bye.objects.filter(round=round).values_list("registration_id", flat=True))


def _store(round: Round, seating: list[tuple[int, ...]],
           byes: Sequence[int] = ()) -> None:
    """Replace the round's tables (and byes). Their sheets are empty (checked by the caller;
    sheets are created as soon as a table's page is opened) and go first: a sheet protects its
    table, and its hands and rulings protect it, so the database refuses the whole write rather
    than lose a result should one have slipped in."""
    probes.delete_round_sheets(round)
    Seat.objects.filter(round=round).delete()
    Table.objects.filter(round=round).delete()
    Bye.objects.filter(round=round).delete()
    Bye.objects.bulk_create([Bye(round=round, registration_id=r) for r in byes])
    tables = Table.objects.bulk_create(
        [Table(round=round, number=n) for n in range(1, len(seating) + 1)]
    )
    Seat.objects.bulk_create(
        [
            Seat(round=round, table=table, position=position, registration_id=registration_id)
            for table, players in zip(tables, seating, strict=True)
            for position, registration_id in enumerate(players, start=1)
        ]
    )


@transaction.atomic
def seat_swap(
    *,
    user: Any,
    round: Round,
    first: Registration,
    second: Registration,
    confirm_reseat: bool = False,
    expected_version: int | None = None,
) -> Round:
    """Exchange two players' seats; the report then shows any repeat the swap created.

    Only between tables whose sheets are empty: money is stored per seat, so a swap at a
    table with results would hand one player's results to another. Like the editor's other
    edits of single seats (``editing.py``, whose move into a taken seat is this swap), it is
    allowed in the round in play at such tables, never in a closed round; a confirmed round
    only with ``confirm_reseat``, and it goes back to "seated".
    """
    round = lock_round(round, expected_version)
    refuse_closed(round)
    seats = {
        s.registration_id: s
        for s in Seat.objects.filter(round=round, registration__in=(first, second))
        .select_related("table")
    }
    if first.pk == second.pk or len(seats) != 2:
        raise ValidationError(
            _("Choose two different players seated in this round."), code="swap_players"
        )
    a, b = seats[first.pk], seats[second.pk]
    refuse_tables_with_results(round, sorted({a.table.number, b.table.number}))
    refuse_confirmed(round, confirm_reseat)
    before = plain_seating(round)
    places = [(a.table_id, a.position), (b.table_id, b.position)]
    Seat.objects.filter(pk__in=(a.pk, b.pk)).delete()
    Seat.objects.bulk_create(
        [
            Seat(round=round, table_id=places[1][0], position=places[1][1], registration=first),
            Seat(round=round, table_id=places[0][0], position=places[0][1], registration=second),
        ]
    )
    after = plain_seating(round)
    byes = round.report.get("byes") if isinstance(round.report, dict) else None
    seated = [p for table in after for p in table]
    round.report = planner.report(
        after, history_before(round.tournament, round.number), round.tournament.table_size,
        clubs_of(seated), teams_of(round.tournament, seated),
    )
    if byes is not None:  # the byes stay: a swap moves seated players only
        round.report["byes"] = byes
    if round.state == RoundState.CONFIRMED:
        round.state = RoundState.SEATED
    round.version += 1
    round.save()
    audit_record(
        user=user,
        action=AuditAction.ROUND_SWAP,
        obj=round,
        tournament=round.tournament,
        before={"seating": before},
        after={"seating": after, "edit": {"kind": "swap", "player": first.player.full_name,
                                          "other": second.player.full_name}},
        summary=_("Round %(number)s: %(a)s ↔ %(b)s")
        % {"number": round.number, "a": first.player, "b": second.player},
    )
    return round


@transaction.atomic
def round_set_state(
    *,
    user: Any,
    round: Round,
    state: RoundState,
    expected_version: int | None = None,
    confirm_open_sheets: bool = False,
) -> Round:
    """Move the round on. Closing it while some sheets are not confirmed is refused (naming
    the tables) unless the caller says the organiser agreed; releasing it starts the
    tournament if it was not running yet."""
    round = lock_round(round, expected_version)
    current = RoundState(round.state)
    if state not in TRANSITIONS[current]:
        raise ValidationError(
            _("A round cannot go from “%(old)s” to “%(new)s”.")
            % {"old": current.label, "new": RoundState(state).label},
            code="round_state",
        )
    open_tables = probes.unconfirmed_tables(round) if state == RoundState.CLOSED else []
    if open_tables and not confirm_open_sheets:
        raise ValidationError(
            ngettext(
                "Round %(number)s: the sheet of table %(tables)s is not confirmed. Confirm "
                "that the round should be closed anyway.",
                "Round %(number)s: the sheets of tables %(tables)s are not confirmed. Confirm "
                "that the round should be closed anyway.",
                len(open_tables),
            )
            % {"number": round.number, "tables": table_list(open_tables)},
            code="open_sheets",
            params={"tables": open_tables},
        )
    round.state = state
    round.version += 1
    round.save(update_fields=["state", "version"])
    after: dict[str, Any] = {"state": RoundState(state).value}
    if open_tables:
        after["unconfirmed_tables"] = open_tables
    audit_record(
        user=user,
        action=AuditAction.ROUND_STATE,
        obj=round,
        tournament=round.tournament,
        before={"state": current.value},
        after=after,
    )
    if state == RoundState.RELEASED:
        from marias_admin.tournaments.services import tournament_follow_round_release

        tournament_follow_round_release(user=user, tournament=round.tournament,
                                        round_number=round.number)
    return round


@transaction.atomic
def round_reopen_for_review(*, user: Any, round: Round, reason: str) -> Round:
    """Closed → released, only because a referee sent one of its sheets back to the table: a
    closed round must not hold a sheet that is being entered again (its table page would refuse
    every write). The organiser closes it again as usual once the sheet is confirmed. A round
    that is not closed stays as it is. Later rounds are independent and stay as they are."""
    round = lock_round(round, None)
    if round.state != RoundState.CLOSED:
        return round
    if not reason.strip():
        raise ValidationError({"reason": _("Say why the round is reopened.")}, code="required")
    round.state = RoundState.RELEASED
    round.version += 1
    round.save(update_fields=["state", "version"])
    audit_record(user=user, action=AuditAction.ROUND_STATE, obj=round,
                 tournament=round.tournament, before={"state": RoundState.CLOSED.value},
                 after={"state": RoundState.RELEASED.value}, reason=reason)
    return round


@transaction.atomic
def rounds_replan(
    *,
    user: Any,
    tournament: Tournament,
    from_round: int,
    confirm_reseat: bool = False,
) -> list[Round]:
    """Re-seat every seated round from ``from_round`` on (after a late entry or withdrawal).

    All of them or none: a played round, a round whose sheets hold results, or (without
    consent) a confirmed round stops the whole re-plan.
    """
    refuse_if_finished(tournament)
    rounds = list(
        tournament.rounds.filter(number__gte=from_round, tables__isnull=False)
        .distinct()
        .order_by("number")
    )
    for round in rounds:
        _refuse_fixed(round, confirm_reseat)
    return [round_seat(user=user, round=r, seed=r.seed, confirm_reseat=True) for r in rounds]


# -- the round clock ---------------------------------------------------------------------------

CLOCK_MAX_MINUTES = 600


def _clock_minutes(minutes: int | None) -> int | None:
    if minutes is not None and not 1 <= minutes <= CLOCK_MAX_MINUTES:
        raise ValidationError(
            _("The round length must be between 1 and %(most)s minutes.")
            % {"most": CLOCK_MAX_MINUTES},
            code="clock_minutes",
        )
    return minutes


def _clock_snapshot(round: Round) -> dict[str, Any]:
    return {
        "started_at": round.started_at.isoformat() if round.started_at else None,
        "minutes": round.clock_minutes or round.tournament.round_minutes,
    }


@transaction.atomic
def round_start_clock(*, user: Any, round: Round, minutes: int | None = None) -> Round:
    """Start the round's countdown now (the organiser calls "start" in the hall). The length
    is the tournament's round length unless ``minutes`` says otherwise. Starting again
    restarts it. The clock is not part of the seating, so it does not bump the round version."""
    round = lock_round(round, None)
    if round.state != RoundState.RELEASED:
        raise ValidationError(
            _("Round %(number)s is not being played; release it before starting its clock.")
            % {"number": round.number},
            code="clock_not_released",
        )
    minutes = _clock_minutes(minutes)
    before = _clock_snapshot(round) if round.started_at else None
    round.started_at = timezone.now()
    round.clock_paused_at, round.clock_paused_seconds = None, 0  # a restart runs from full
    if minutes is not None:
        round.clock_minutes = minutes
    round.save(update_fields=["started_at", "clock_minutes", "clock_paused_at",
                              "clock_paused_seconds"])
    audit_record(
        user=user,
        action=AuditAction.ROUND_CLOCK_START,
        obj=round,
        tournament=round.tournament,
        before=before,
        after=_clock_snapshot(round),
        summary=_("Round %(number)s: clock started") % {"number": round.number},
    )
    return round


@transaction.atomic
def round_adjust_clock(*, user: Any, round: Round, minutes: int, reason: str = "") -> Round:
    """Change the length of a running round (a late start in part of the hall, a delay): the
    countdown keeps its start and ends ``minutes`` after it."""
    round = lock_round(round, None)
    if round.state != RoundState.RELEASED or round.started_at is None:
        raise ValidationError(
            _("The clock of round %(number)s has not been started.") % {"number": round.number},
            code="clock_not_started",
        )
    if minutes is None:
        raise ValidationError(_("Enter the round length in minutes."), code="clock_minutes")
    before = _clock_snapshot(round)
    round.clock_minutes = _clock_minutes(minutes)
    round.save(update_fields=["clock_minutes"])
    audit_record(
        user=user,
        action=AuditAction.ROUND_CLOCK_ADJUST,
        obj=round,
        tournament=round.tournament,
        before=before,
        after=_clock_snapshot(round),
        reason=reason,
        summary=_("Round %(number)s: round length %(minutes)s min")
        % {"number": round.number, "minutes": minutes},
    )
    return round


# --- the rounds a tournament plans (asked by the tournament's services: tournaments.probes) --


def _default_method(ruleset_code: str, number: int) -> SeatingMethod:
    if ruleset_code.startswith("szmk"):
        return SeatingMethod.SZMK
    return SeatingMethod.LOT if number == 1 else SeatingMethod.OPTIMISE


def sync_rounds(tournament: Tournament) -> None:
    """Add planned rounds that are missing; unseated surplus rounds are dropped."""
    existing = set(tournament.rounds.values_list("number", flat=True))
    for number in range(1, tournament.rounds_planned + 1):
        if number not in existing:
            Round.objects.create(tournament=tournament, number=number,
                                 method=_default_method(tournament.ruleset_code, number))
    tournament.rounds.filter(number__gt=tournament.rounds_planned, tables__isnull=True).delete()
