"""Read-side queries for rounds and seats (constant query counts, whatever the field size)."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from marias_admin.seating import probes
from marias_admin.seating.models import Bye, Round, RoundState, Seat
from marias_admin.tournaments.models import Registration, Tournament

PlainSeating = list[tuple[int, ...]]  # tables in number order, registration ids in seat order
OPEN_SEATED_STATES = (RoundState.SEATED, RoundState.CONFIRMED)  # seated, not yet played


def clubs_of(ids: list[int]) -> dict[int, int | None]:
    """Registration id → the player's club id, for keeping clubmates apart and the report.
    Read by the seating (``services.round_seat``), the swap and the editor's edits, whose
    reports count clubmates the same way."""
    return dict(Registration.objects.filter(id__in=ids).values_list("id", "player__club_id"))


def teams_of(tournament: Tournament, ids: list[int]) -> dict[int, int]:
    """Registration id → team id of those seated who are on a team (the teams app answers
    through ``probes.team_groups``), for keeping team members apart and the report; shared
    like :func:`clubs_of`."""
    present = set(ids)
    return {r: t for r, t in probes.team_groups(tournament).items() if r in present}


def round_seats(round: Round) -> QuerySet[Seat]:
    return (
        Seat.objects.filter(round=round)
        .select_related("table", "registration__player__club")
        .order_by("table__number", "position")
    )


def round_tables(round: Round) -> list[tuple[int, list[Seat]]]:
    """(table number, seats in order) for the whole round, in two queries."""
    tables: dict[int, list[Seat]] = defaultdict(list)
    for seat in round_seats(round):
        tables[seat.table.number].append(seat)
    return sorted(tables.items())


def plain_seating(round: Round) -> PlainSeating:
    return [tuple(s.registration_id for s in seats) for _, seats in round_tables(round)]


def history_before(tournament: Tournament, number: int) -> list[PlainSeating]:
    """Every seated round before ``number``, oldest first, as plain data (one query)."""
    rows = (
        Seat.objects.filter(round__tournament=tournament, round__number__lt=number)
        .order_by("round__number", "table__number", "position")
        .values_list("round__number", "table__number", "registration_id")
    )
    rounds: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for round_number, table_number, registration_id in rows:
        rounds[round_number][table_number].append(registration_id)
    return [[tuple(rounds[r][t]) for t in sorted(rounds[r])] for r in sorted(rounds)]


def stale_rounds(tournament: Tournament) -> list[int]:
    """Seated rounds, not yet played, whose seating no longer matches the registrations
    (someone withdrew, arrived late or was checked in after the seating). Two queries (three
    with byes)."""
    seated: dict[int, set[int]] = defaultdict(set)
    for number, registration_id in Seat.objects.filter(
        round__tournament=tournament, round__state__in=OPEN_SEATED_STATES
    ).values_list("round__number", "registration_id"):
        seated[number].add(registration_id)
    if not seated:
        return []
    if tournament.full_tables_only:  # a bye is part of the seating (křížový, one more query)
        for number, registration_id in Bye.objects.filter(
            round__tournament=tournament, round__state__in=OPEN_SEATED_STATES
        ).values_list("round__number", "registration_id"):
            seated[number].add(registration_id)
    entries = list(
        Registration.objects.filter(tournament=tournament).only(
            "id", "status", "checked_in_at", "first_round", "withdrawn_before_round"
        )
    )
    return [
        number
        for number in sorted(seated)
        if seated[number] != {r.id for r in entries if r.plays_in(number)}
    ]


def seated_rounds_with(registration: Registration, from_round: int) -> list[int]:
    """Open (not played) rounds from ``from_round`` on where this entry has a seat."""
    return list(
        Seat.objects.filter(
            registration=registration,
            round__number__gte=from_round,
            round__state__in=OPEN_SEATED_STATES,
        )
        .order_by("round__number")
        .values_list("round__number", flat=True)
    )


# -- the round clock ---------------------------------------------------------------------------


class RoundClock:
    """The round's countdown as of ``now``: computed at render time, so every page shows the
    same remaining time whether or not the visitor's browser runs the ticking script."""

    def __init__(self, round: Round, now: datetime | None = None) -> None:
        self.round = round
        self.started_at = round.started_at
        self.minutes = round.clock_minutes or round.tournament.round_minutes
        self.now = now or timezone.now()
        self.paused_at = round.clock_paused_at
        # A pause moves the end by its length: the pauses over, and the one going on.
        self.ends_at = (self.started_at + timedelta(minutes=self.minutes,
                                                    seconds=round.clock_paused_seconds)
                        if self.started_at else None)

    @property
    def running(self) -> bool:
        """Shown only while the round is being played."""
        return self.started_at is not None and self.round.state == RoundState.RELEASED

    @property
    def paused(self) -> bool:
        """Stopped by the organiser: the remaining time stands still until he resumes."""
        return self.running and self.paused_at is not None

    @property
    def state(self) -> str:
        """For the pages' script: "paused", "running" or "stopped" (no clock shown)."""
        return "paused" if self.paused else "running" if self.running else "stopped"

    @property
    def remaining_seconds(self) -> int:
        if self.ends_at is None:
            return self.minutes * 60
        until = self.paused_at if self.paused_at is not None else self.now
        return max(0, int((self.ends_at - until).total_seconds()))

    @property
    def called(self) -> bool:
        """Time is up: the hand in play is finished, no new hand is dealt."""
        return self.running and self.remaining_seconds == 0

    @property
    def remaining_minutes(self) -> int:
        return -(-self.remaining_seconds // 60)  # a started minute counts

    @property
    def remaining_text(self) -> str:
        seconds = self.remaining_seconds
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}" \
            if seconds >= 3600 else f"{seconds // 60}:{seconds % 60:02d}"


def round_clock(round: Round, now: datetime | None = None) -> RoundClock:
    return RoundClock(round, now)


def clock_round(tournament: Tournament) -> Round | None:
    """The round whose clock the hall sees: the latest released round with its clock started
    (one query)."""
    round = (Round.objects.filter(tournament=tournament, state=RoundState.RELEASED,
                                  started_at__isnull=False).order_by("-number").first())
    if round is not None:
        round.tournament = tournament
    return round
