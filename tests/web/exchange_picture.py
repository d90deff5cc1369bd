"""A season as another server would show it, in names instead of database numbers.

The exchange round trip across two databases (``tests/web/test_exchange.py``) builds this
picture on the test database and, in a subprocess, on a scratch SQLite database that only saw
the exchange file; the two must be equal. Database numbers differ between servers, so players
are named by (last name, first name, registration number) and clubs by name; numbers are
written as strings so that the picture survives JSON unchanged.
"""

from __future__ import annotations

from typing import Any

from marias_admin.players.models import Player
from marias_admin.seasons.models import Audience, Competition
from marias_admin.seasons.ranking_services import ranking_save
from marias_admin.seasons.rankings import ranking_table
from marias_admin.seasons.selectors import member_tournaments, season_table, season_team_table
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.models import Registration

# The rankings both servers run over the same tournaments (issue 26 item 1's schemes).
RANKINGS: tuple[dict[str, Any], ...] = (
    {"name": "Pražská liga", "scheme": "prague_league"},
    {"name": "Superliga", "scheme": "superliga"},
    {"name": "EMA", "scheme": "linear_ema"},
    {"name": "Kluby", "scheme": "prague_league", "audience": Audience.CLUBS},
)


def add_rankings(competition: Competition, user: Any = None) -> None:
    for fields in RANKINGS:
        ranking_save(user=user, competition=competition, **fields)


def _value(value: Any) -> Any:
    return value if value is None or isinstance(value, (int, str)) else str(value)


def _name(player: Player) -> str:
    return f"{player.last_name} {player.first_name} {player.registration_number or ''}".strip()


def picture(competition: Competition) -> dict[str, Any]:
    """Standings of each member tournament, the season table, the clubs' table and every
    ranking, keyed by names."""
    standings = []
    for tournament in member_tournaments(competition):
        player_of = {r.pk: r.player for r in Registration.objects.filter(
            tournament=tournament).select_related("player")}
        standings.append(sorted(
            [_name(player_of[s.player]), s.rank, _value(s.bp), _value(s.sb), s.money,
             _value(s.premium), None if s.by_lot else s.position]
            for s in tournament_standings(tournament)))
    season = [[_name(r.player), r.row.rank, _value(r.row.reduced_bp), _value(r.row.bp),
               _value(r.row.sb), _value(r.row.zb)] for r in season_table(competition).rows]
    clubs = [[r.club.name, r.row.rank, _value(r.row.reduced_bp), _value(r.row.sb)]
             for r in season_team_table(competition).rows]
    rankings = {}
    for ranking in competition.rankings.all():
        table = ranking_table(ranking)
        clubs_ranked = ranking.audience == Audience.CLUBS
        rankings[ranking.name] = [
            [table.names[r.player].name if clubs_ranked else _name(table.names[r.player]),
             r.rank, _value(r.total), _value(r.score), r.money] for r in table.rows]
    return {"standings": standings, "season": season, "clubs": clubs, "rankings": rankings}
