"""ORM → plain printout data, in a fixed number of queries however many tables a round has."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from marias_admin.core.collation import sort_key
from marias_admin.printouts.data import (
    RoundInfo,
    SeatingData,
    SeatingTable,
    SheetData,
    SheetPlayer,
)
from marias_admin.printouts.player_slips import PlayerSlip
from marias_admin.seating.models import Bye, Round, RoundState, Seat, Table
from marias_admin.sheets.access import table_accesses, table_link_path
from marias_admin.sheets.models import TableAccess
from marias_admin.tournaments.models import Registration, RegistrationStatus, Tournament
from marias_admin.tournaments.standings_rules import rules_from_dict
from scoring.standings import PlacementKey
from scoring.types import HandEffect


class RoundNotSeated(Exception):
    """The round does not exist or has no seating to print yet."""


def table_page_path(tournament_id: int, round_number: int, table_number: int) -> str:
    """Path of a table's public page, the QR code's target.

    The page belongs to another app that does not exist yet; switch this to ``reverse()``
    once it does (the callers only need a path).
    """
    return f"/t/{tournament_id}/round/{round_number}/table/{table_number}/"


def round_info(tournament: Tournament, round_: Round) -> RoundInfo:
    """The header every printout of the round shares; language and variant follow the rules.

    The language is the tournament's (Slovak for SZMK unless the organiser chose another),
    not the viewer's: the paper goes to the players. Rules without PB (SZMK, volený) get no PB
    columns; rules with a round budget (SZMK: 10 €) print it; rules whose defence announces
    against the declarer (volený) get a column for that and print the rate. The currency
    symbol comes from the tournament (a ČSM tournament played for euros prints €).
    """
    ruleset = tournament.ruleset()
    partnerships = bool(getattr(ruleset, "partnerships", False))
    table_points: tuple[int, ...] = ()
    # křížový: the round is ranked at the table by 4-2-1-0 (docs/csm-krizovy.md "Tournament
    # scoring")
    if partnerships:
        rules = rules_from_dict(tournament.standings_rules)
        if rules.placement is PlacementKey.TABLE_POINTS:
            table_points = rules.table_points
    return RoundInfo(
        tournament_name=tournament.name,
        date=tournament.date,
        venue=tournament.venue,
        round_number=round_.number,
        starts_at=round_.starts_at,
        round_minutes=tournament.round_minutes,
        language=tournament.page_language,
        currency=tournament.get_currency_display(),
        premium_points=ruleset.premium_table is not None,
        starting_money=ruleset.round_budget,
        announcements_against=bool(ruleset.defence_announcements),
        # Volený sheets name the rate: its amounts are units of it (pagat L73; ČSM obecná
        # pravidla V.2 L144 "obvykle 20 hal nebo 1 Kč"), set by each organiser.
        rate=tournament.base_rate if ruleset.defence_announcements else None,
        rate_is_unit=tournament.counts_in_units,
        partnerships=partnerships,
        table_points=table_points,
        honours=bool(ruleset.honours),
        dohravka=any(r.effect is HandEffect.LOST_UNLESS_PLAYED_OUT for r in ruleset.renoncs),
        declarer_tricks=any(rung.called_partner for rung in ruleset.ladder),
    )


def seated_round(tournament: Tournament, number: int) -> Round:
    """The round, if it has been seated; raises ``RoundNotSeated`` otherwise."""
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is None or round_.state == RoundState.DRAFT:
        raise RoundNotSeated(number)
    round_.tournament = tournament  # already loaded by the caller; spare the query
    return round_


def _sheet_player(registration: Registration, seat: int) -> SheetPlayer:
    player = registration.player
    return SheetPlayer(
        seat=seat,
        first_name=player.first_name,
        last_name=player.last_name,
        club=player.club.name if player.club else "",
        registration_number=player.registration_number or "",
    )


def round_seats(round_: Round, *, links: bool = False) -> list[Seat]:
    """The round's seats in table and seat order, with their players (one query); with
    ``links`` each table's access link is read along (``Table.access``, None until issued)."""
    related = ["table", "registration__player__club", *(["table__access"] if links else [])]
    seats = list(Seat.objects.filter(round=round_).select_related(*related)
                 .order_by("table__number", "position"))
    for seat in seats:
        seat.table.round = round_  # loaded already, with its tournament: spare the queries
    return seats


def tables_of(seats: list[Seat]) -> list[Table]:
    """The seats' tables, each once, in order."""
    return list({seat.table_id: seat.table for seat in seats}.values())


def seating(tournament: Tournament, round_: Round, *, byes: bool = True,
            seats: list[Seat] | None = None) -> SeatingData:
    """Every table of the round with its players in seat order: one query for all seats
    (none when the caller read ``seats``), and with ``byes`` one more for the players left out
    (only in a tournament at tables of exactly four, ``Tournament.full_tables_only``),
    alphabetically."""
    seats = round_seats(round_) if seats is None else seats
    tables: dict[int, list[SheetPlayer]] = {}
    for seat in seats:
        tables.setdefault(seat.table.number, []).append(
            _sheet_player(seat.registration, seat.position))
    if not tables:
        raise RoundNotSeated(round_.number)
    left_out: list[SheetPlayer] = []
    if byes and tournament.full_tables_only:
        language = tournament.page_language
        left_out = sorted(
            (_sheet_player(bye.registration, 0)
             for bye in Bye.objects.filter(round=round_)
             .select_related("registration__player__club")),
            key=lambda p: (sort_key(p.last_name, language), sort_key(p.first_name, language),
                           p.club))
    return SeatingData(
        info=round_info(tournament, round_),
        tables=tuple(SeatingTable(number, tuple(players))
                     for number, players in tables.items()),
        byes=tuple(left_out),
    )


def table_sheets(tournament: Tournament, round_: Round, absolute_url: Callable[[str], str], *,
                 seats: list[Seat] | None = None,
                 links: Mapping[int, TableAccess] | None = None) -> list[SheetData]:
    """One sheet per table; ``absolute_url`` turns a path into a link phones can open. The QR
    code carries the table's secret access link, its PIN is printed beside it. ``links``
    (table id → link) are the ones the caller issued (a closed round's links no longer work,
    so its sheets get the plain table page); left out, the existing ones are read, none made.
    ``seats`` as :func:`round_seats` read them, when the caller has them already."""
    if seats is None:
        seats = round_seats(round_, links=links is None)
    if links is None:
        links = table_accesses(tables_of(seats)) if round_.state != RoundState.CLOSED else {}
    data = seating(tournament, round_, byes=False, seats=seats)  # a bye has no table, no sheet
    by_number = {seat.table.number: links.get(seat.table_id) for seat in seats}
    sheets = []
    for table in data.tables:
        found = by_number.get(table.number)
        sheets.append(SheetData(
            info=data.info,
            table=table,
            url=absolute_url(table_page_path(tournament.pk, round_.number, table.number)),
            link=absolute_url(table_link_path(found)) if found else "",
            pin=found.pin if found else "",
        ))
    return sheets


def player_slips(tournament: Tournament) -> list[PlayerSlip]:
    """Every player still in the tournament with his PIN (the caller issues the missing ones
    first: :func:`marias_admin.sheets.access.player_pins`), alphabetically as they are handed
    out at check-in."""
    registrations = (Registration.objects.filter(tournament=tournament)
                     .exclude(status=RegistrationStatus.WITHDRAWN)
                     .select_related("player__club"))
    language = tournament.page_language
    slips = [PlayerSlip(r.player.last_name, r.player.first_name,
                        r.player.club.name if r.player.club else "", r.pin)
             for r in registrations]
    return sorted(slips, key=lambda s: (sort_key(s.last_name, language),
                                        sort_key(s.first_name, language)))
