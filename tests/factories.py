"""Test data built through the services an organiser, scorekeeper and referee use.

Every object here is validated and audited exactly as in production; tests that need a
tournament, a seated round or a sheet with hands start from these helpers instead of writing
models directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model

from marias_admin.seating.models import Round
from marias_admin.seating.services import round_seat, round_set_state
from marias_admin.sheets.models import HandRecord, TableSheet
from marias_admin.sheets.services import hand_add, sheet_for
from marias_admin.tournaments.models import (
    Registration,
    RegistrationStatus,
    Role,
    Tournament,
)
from marias_admin.tournaments.services import (
    player_create,
    registration_create,
    role_grant,
    tournament_create,
)
from scoring.notation import parse

SURNAMES = ["Novák", "Svoboda", "Novotný", "Dvořák", "Černý", "Procházka", "Kučera", "Veselý",
            "Horák", "Němec", "Marek", "Pospíšil", "Hájek", "Jelínek", "Král", "Růžička",
            "Beneš", "Fiala", "Sedláček", "Doležal", "Zeman", "Kolář", "Navrátil", "Čermák"]


def user(username: str, **extra: Any) -> Any:
    """A user (created once per name)."""
    User = get_user_model()
    found = User.objects.filter(username=username).first()
    return found or User.objects.create_user(username, password="heslo-" + username, **extra)


@dataclass
class Staff:
    organiser: Any
    scorekeeper: Any
    referee: Any


@dataclass
class TournamentSetup:
    tournament: Tournament
    staff: Staff
    registrations: list[Registration] = field(default_factory=list)


def tournament(*, players: int = 8, ruleset_code: str = "csm-licitovany-2023",
               rounds: int = 2, name: str = "Turnaj", prefix: str = "",
               **extra: Any) -> TournamentSetup:
    """A tournament with an organiser, a scorekeeper and a referee, and ``players`` present."""
    staff = Staff(user(prefix + "organiser"), user(prefix + "scorekeeper"),
                  user(prefix + "referee"))
    t = tournament_create(user=staff.organiser, name=name, date=date(2026, 11, 21),
                          ruleset_code=ruleset_code, rounds_planned=rounds, **extra)
    role_grant(user=staff.organiser, tournament=t, member=staff.scorekeeper,
               role=Role.SCOREKEEPER)
    role_grant(user=staff.organiser, tournament=t, member=staff.referee, role=Role.REFEREE)
    setup = TournamentSetup(t, staff)
    for i in range(players):
        player = player_create(user=staff.organiser, first_name=f"Hráč{i + 1}",
                               last_name=SURNAMES[i % len(SURNAMES)] + ("" if i < len(SURNAMES)
                                                                        else str(i)))
        setup.registrations.append(registration_create(
            user=staff.organiser, tournament=t, player=player,
            status=RegistrationStatus.PRESENT))
    return setup


def seated_round(setup: TournamentSetup, number: int = 1, *, seed: int = 1,
                 state: str | None = None) -> Round:
    """Seat round ``number``; ``state`` "confirmed" or "released" moves it on."""
    round = round_seat(user=setup.staff.organiser,
                       round=setup.tournament.rounds.get(number=number), seed=seed)
    order = ["confirmed", "released", "closed"]
    if state is not None:
        for step in order[: order.index(state) + 1]:
            round = round_set_state(user=setup.staff.organiser, round=round, state=step)
    return round


def sheet(round: Round, table: int = 1) -> TableSheet:
    return sheet_for(round.tables.get(number=table))


def add_hand(sheet: TableSheet, text: str = "7k+", *, dealer: int = 1, declarer: int = 2,
             by: Any = None) -> HandRecord:
    """Enter a hand in the scorekeeper's shorthand, as the table page does."""
    sheet.refresh_from_db()
    tournament = sheet.table.round.tournament
    players = sheet.table.seats.count()
    hand = parse(text, ruleset=tournament.ruleset(), players=players, dealer=dealer,
                 declarer=declarer)
    author = by or user("scorekeeper")
    return hand_add(user=author, sheet=sheet, expected_version=sheet.version, hand=hand,
                    notation=text)


def running(setup: TournamentSetup) -> Tournament:
    """Move the tournament through its states up to "running", as the organiser does."""
    from marias_admin.tournaments.models import TournamentState
    from marias_admin.tournaments.services import tournament_advance

    t = setup.tournament
    for state in (TournamentState.REGISTRATION, TournamentState.RUNNING):
        t.refresh_from_db()
        if t.state != state:
            t = tournament_advance(user=setup.staff.organiser, tournament=t, state=state)
    setup.tournament = t
    return t


def seat_players(table: Any) -> dict[int, int]:
    """The registration (id) at each seat position of a table, as stored now."""
    from marias_admin.seating.models import Seat

    return dict(Seat.objects.filter(table=table).values_list("position", "registration_id"))


def finish(setup: TournamentSetup) -> Tournament:
    """Move the tournament on through its states, as the organiser does, until finished."""
    from marias_admin.tournaments.services import tournament_advance, tournament_next_state

    t = setup.tournament
    while (state := tournament_next_state(t)) is not None:
        t = tournament_advance(user=setup.staff.organiser, tournament=t, state=state)
    setup.tournament = t
    return t
