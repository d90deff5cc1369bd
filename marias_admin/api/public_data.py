"""What a tournament publishes, as plain data: the read side of the API, the widget and the
exchange file.

Every function here reads through the selectors of the apps below (standings, seating, teams,
seasons) and returns JSON-ready dicts and lists; nothing is worded for a page (no explanations,
no formatting by language) so that a program reading it gets the numbers. Money is in the
smallest unit of the tournament's currency (haléř, cent) as an integer; points (BP, SB, PB)
are :func:`number`: an integer, or an exact decimal string when they are not whole ("12.5").

Which tournament is visible is decided by :func:`visible` and the public toggles, exactly as
the pages decide (``permissions.published_page``): a tournament with no public page does not
exist for an anonymous reader, and each part (seating, table results, standings) needs its own
toggle.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from fractions import Fraction
from typing import Any, cast

from django.db.models import QuerySet
from django.http import Http404

from marias_admin.core.ordering import czech_order
from marias_admin.players.models import Player
from marias_admin.seasons.models import Competition
from marias_admin.seasons.selectors import (
    member_tournaments,
    public_competitions,
    season_table,
    season_team_table,
)
from marias_admin.seating.models import Bye, Round, RoundState, Seat
from marias_admin.sheets.models import SheetState, TableSheet
from marias_admin.standings.selectors import (
    registrations_by_id,
    results_progress,
    round_scores,
    rules_from,
    tournament_standings,
)
from marias_admin.teams.selectors import team_table
from marias_admin.tournaments.models import PUBLIC_TOGGLES, Tournament
from scoring.standings import RoundStanding, Standing, rank_round

# The rounds whose seating is shown: seated (provisional) and after.
SHOWN_ROUND_STATES = (RoundState.SEATED, RoundState.CONFIRMED, RoundState.RELEASED,
                      RoundState.CLOSED)


def number(value: Fraction | int) -> int | str:
    """An integer, or the exact decimal as a string ("12.5"); a fraction with no finite
    decimal (a third of a point) as "p/q"."""
    value = Fraction(value)
    if value.denominator == 1:
        return int(value.numerator)
    denominator, places = value.denominator, 0
    while denominator % 10 == 0 or denominator % 2 == 0 or denominator % 5 == 0:
        for factor in (2, 5):
            if denominator % factor == 0:
                denominator //= factor
        places += 1
        if places > 12:
            break
    if denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    scaled = value * 10**places
    sign = "-" if scaled < 0 else ""
    digits = str(abs(int(scaled))).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0").rstrip(".")


def registration_id(player: Hashable) -> int:
    """The engine's player (``PlayerId``): the selectors feed it registration ids."""
    return cast(int, player)


# -- which tournaments ---------------------------------------------------------------------------


def published_tournaments() -> QuerySet[Tournament]:
    """Tournaments with at least one public page, newest first."""
    query = Tournament.objects.none()
    for name in PUBLIC_TOGGLES:
        query = query | Tournament.objects.filter(**{name: True})
    return query.order_by("-date", *czech_order("name"), "id")


def visible(tournament_id: int, flag: str | None = None) -> Tournament:
    """The tournament if it publishes anything (and ``flag`` when given), else 404."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not tournament.publishes_anything:
        raise Http404
    if flag is not None and not getattr(tournament, flag):
        raise Http404
    return tournament


def tournament_summary(tournament: Tournament) -> dict[str, Any]:
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "venue": tournament.venue,
        "state": tournament.state,
        "ruleset": tournament.ruleset_code,
        "currency": tournament.currency,
        "rounds_planned": tournament.rounds_planned,
        "public": {name.removeprefix("public_"): getattr(tournament, name)
                   for name in PUBLIC_TOGGLES},
    }


# -- people ----------------------------------------------------------------------------------------


def player_data(registration: Any) -> dict[str, Any]:
    """A player as the public pages show him: name and club (no contact, no registration
    number: those are the organiser's and the federation's)."""
    player: Player = registration.player
    return {"id": registration.pk, "first_name": player.first_name,
            "last_name": player.last_name, "club": player.club.name if player.club else ""}


# -- rounds, seating, results ------------------------------------------------------------------


def rounds_of(tournament: Tournament) -> list[dict[str, Any]]:
    progress = {p.number: p for p in results_progress(tournament)}
    out = []
    for round in tournament.rounds.order_by("number"):
        done = progress.get(round.number)
        out.append({"number": round.number, "state": round.state,
                    "seated": round.state in SHOWN_ROUND_STATES,
                    "tables": done.tables if done else 0,
                    "confirmed_tables": done.confirmed if done else 0})
    return out


def round_of(tournament: Tournament, number: int) -> Round:
    round = tournament.rounds.filter(number=number).first()
    if round is None or round.state not in SHOWN_ROUND_STATES:
        raise Http404
    return round


def seating(round: Round) -> dict[str, Any]:
    tables: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for seat in (Seat.objects.filter(round=round).select_related("table",
                                                                 "registration__player__club")
                 .order_by("table__number", "position")):
        tables[seat.table.number].append({"seat": seat.position,
                                          "player": player_data(seat.registration)})
    byes = [player_data(bye.registration) for bye in
            Bye.objects.filter(round=round).select_related("registration__player__club")
            .order_by("registration_id")]
    return {"round": round.number, "state": round.state,
            "provisional": round.state == RoundState.SEATED,
            "tables": [{"number": n, "seats": seats} for n, seats in sorted(tables.items())],
            "byes": byes}


def _round_standing(result: RoundStanding | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"money": result.money, "pb": number(result.premium), "sb": number(result.sb),
            "rank": result.rank, "bp": number(result.bp)}


def round_results(tournament: Tournament, number_: int) -> dict[str, Any]:
    """Each table of the round: its sheet's state and, once confirmed, each seat's result."""
    rules = rules_from(tournament)
    ranked = {r.player: r for r in rank_round(
        round_scores(tournament, rounds=[number_], rules=rules), rules)}
    states = dict(TableSheet.objects.filter(table__round__tournament=tournament,
                                            table__round__number=number_)
                  .values_list("table__number", "state"))
    tables: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for seat in (Seat.objects.filter(round__tournament=tournament, round__number=number_)
                 .select_related("table", "registration__player__club")
                 .order_by("table__number", "position")):
        tables[seat.table.number].append({
            "seat": seat.position, "player": player_data(seat.registration),
            "result": _round_standing(ranked.get(seat.registration_id))})
    return {"round": number_, "tables": [
        {"number": n, "confirmed": states.get(n) == SheetState.CONFIRMED, "seats": seats}
        for n, seats in sorted(tables.items())]}


# -- standings -----------------------------------------------------------------------------------


def standing_data(standing: Standing, registration: Any) -> dict[str, Any]:
    return {
        "position": standing.position, "rank": standing.rank,
        "player": player_data(registration),
        "bp": number(standing.bp), "sb": number(standing.sb), "money": standing.money,
        "pb": number(standing.premium),
        "rounds": [{"round": r.round, "table": r.table, "bye": r.bye,
                    "dropped": r.round in standing.dropped, **_round_standing(r)}  # type: ignore[dict-item]
                   for r in standing.rounds],
    }


def standings(tournament: Tournament) -> list[dict[str, Any]]:
    registrations = registrations_by_id(tournament)
    return [standing_data(s, registrations[registration_id(s.player)])
            for s in tournament_standings(tournament)]


def teams(tournament: Tournament) -> dict[str, Any]:
    """The team standings (404 without team rules, as the public page)."""
    table = team_table(tournament)
    if not table.enabled:
        raise Http404
    return {"rules": table.preset.value, "teams": [{
        "position": row.standing.position, "rank": row.standing.rank, "name": row.team.name,
        "club": row.team.club.name if row.team.club is not None else "",
        "bp": number(row.standing.bp), "sb": number(row.standing.sb),
        "money": row.standing.money, "pb": number(row.standing.premium),
        "members": [player_data(m.registration) for m in row.team.members.all()],
    } for row in table.rows]}


# -- seasons -----------------------------------------------------------------------------------


def competitions() -> list[dict[str, Any]]:
    return [competition_summary(c) for c in public_competitions()]


def competition_summary(competition: Competition) -> dict[str, Any]:
    return {"id": competition.pk, "name": competition.name, "season": competition.season,
            "drop_worst": competition.drop_worst}


def public_competition(competition_id: int) -> Competition:
    found = public_competitions().filter(pk=competition_id).first()
    if found is None:
        raise Http404
    return found


def season(competition: Competition) -> dict[str, Any]:
    """The season table and the clubs' table, counting only tournaments with public
    standings (as the season page)."""
    table = season_table(competition)
    clubs = season_team_table(competition)

    def cells(row: Any) -> list[dict[str, Any]]:
        return [{"tournament": cell.tournament.pk, "dropped": cell.dropped,
                 "bp": None if cell.result is None else number(cell.result.bp)}
                for cell in row.cells]

    return {
        **competition_summary(competition),
        "tournaments": [tournament_summary(t) for t in member_tournaments(competition)
                        if t.publishes_anything],
        "counted": [t.pk for t in table.tournaments],
        "players": [{"rank": r.row.rank,
                     "player": {"id": r.player.pk, "first_name": r.player.first_name,
                                "last_name": r.player.last_name,
                                "club": r.player.club.name if r.player.club else ""},
                     "bp": number(r.row.reduced_bp), "bp_all": number(r.row.bp),
                     "sb": number(r.row.sb), "money": number(r.row.zb), "results": cells(r)}
                    for r in table.rows],
        "clubs": [{"rank": r.row.rank, "club": r.club.name, "bp": number(r.row.reduced_bp),
                   "bp_all": number(r.row.bp), "sb": number(r.row.sb),
                   "money": number(r.row.zb), "results": cells(r)}
                  for r in clubs.rows],
    }
