"""ORM → plain printout data, in a fixed number of queries however many tables a round has."""

from __future__ import annotations

from collections.abc import Callable

from marias_admin.printouts.data import (
    RoundInfo,
    SeatingData,
    SeatingTable,
    SheetData,
    SheetPlayer,
)
from marias_admin.seating.models import Round, RoundState, Seat
from marias_admin.tournaments.models import Tournament

# SZMK: each player starts a round with 10 € (domain.md §3). Not a ruleset parameter yet,
# because there is no SZMK preset yet; move it there when there is.
SZMK_STARTING_MONEY = 1000


class RoundNotSeated(Exception):
    """The round does not exist or has no seating to print yet."""


def table_page_path(tournament_id: int, round_number: int, table_number: int) -> str:
    """Path of a table's public page, the QR code's target.

    The page belongs to another app that does not exist yet; switch this to ``reverse()``
    once it does (the callers only need a path).
    """
    return f"/t/{tournament_id}/round/{round_number}/table/{table_number}/"


def is_szmk(tournament: Tournament) -> bool:
    return tournament.ruleset_code.startswith("szmk")


def round_info(tournament: Tournament, round_: Round) -> RoundInfo:
    """The header every printout of the round shares; language and variant follow the rules.

    Slovak labels, no PB and a starting sum for SZMK; Czech with PB for ČSM. The currency
    symbol comes from the tournament (a ČSM tournament played for euros prints €).
    """
    szmk = is_szmk(tournament)
    return RoundInfo(
        tournament_name=tournament.name,
        date=tournament.date,
        venue=tournament.venue,
        round_number=round_.number,
        starts_at=round_.starts_at,
        round_minutes=tournament.round_minutes,
        language="sk" if szmk else "cs",
        currency=tournament.get_currency_display(),
        premium_points=not szmk,
        starting_money=SZMK_STARTING_MONEY if szmk else None,
    )


def seated_round(tournament: Tournament, number: int) -> Round:
    """The round, if it has been seated; raises ``RoundNotSeated`` otherwise."""
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is None or round_.state == RoundState.DRAFT:
        raise RoundNotSeated(number)
    round_.tournament = tournament  # already loaded by the caller; spare the query
    return round_


def seating(tournament: Tournament, round_: Round) -> SeatingData:
    """Every table of the round with its players in seat order: one query for all seats."""
    seats = (Seat.objects.filter(round=round_)
             .select_related("table", "registration__player__club")
             .order_by("table__number", "position"))
    tables: dict[int, list[SheetPlayer]] = {}
    for seat in seats:
        player = seat.registration.player
        tables.setdefault(seat.table.number, []).append(SheetPlayer(
            seat=seat.position,
            first_name=player.first_name,
            last_name=player.last_name,
            club=player.club.name if player.club else "",
            registration_number=player.registration_number or "",
        ))
    if not tables:
        raise RoundNotSeated(round_.number)
    return SeatingData(
        info=round_info(tournament, round_),
        tables=tuple(SeatingTable(number, tuple(players))
                     for number, players in tables.items()),
    )


def table_sheets(tournament: Tournament, round_: Round,
                 absolute_url: Callable[[str], str]) -> list[SheetData]:
    """One sheet per table; ``absolute_url`` turns the table's path into a link for the QR."""
    data = seating(tournament, round_)
    return [
        SheetData(
            info=data.info,
            table=table,
            url=absolute_url(table_page_path(tournament.pk, round_.number, table.number)),
        )
        for table in data.tables
    ]
