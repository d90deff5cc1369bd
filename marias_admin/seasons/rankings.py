"""Read side of a competition's rankings: the stored final places (``snapshots``) fed to the
pure ranking (:mod:`scoring.ranking`), with who may be ranked.

Who is ranked (``Membership`` of the competition's season):
- a player disqualified in the season is ranked in none of its rankings (the Superliga: a
  disqualification in any joined competition is one in the Superliga);
- a ranking for members only ranks players whose dues for the season are paid;
- the women's and seniors' rankings keep the players the category admits (as the prize
  categories do, ``scoring.prizes``).
Places are the tournament's overall places and the field its whole field: a player left out of
a ranking does not move anyone up (the Superliga gives points "for the overall placing").

The clubs' ranking: in each tournament a club scores the points of its ``club_counted`` best
members (``scoring.ranking.club_results``), ranked among the clubs of that tournament; the
season then ranks these like players' results. A player's club is his membership's for the
season, else his own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from marias_admin.core.ordering import name_key
from marias_admin.players.models import Club, Player
from marias_admin.seasons import snapshots
from marias_admin.seasons.models import Audience, Competition, Membership, Ranking
from marias_admin.tournaments.models import Tournament
from scoring.prizes import Category, CategoryKind, PlayerInfo
from scoring.ranking import (
    Event,
    Placement,
    RankingOptions,
    RankingRow,
    TieBreak,
    club_results,
    rank_season,
    scheme_by_code,
)
from scoring.standings import shared_ranks


@dataclass(frozen=True)
class Member:
    tournament: Tournament
    coefficient: Fraction


@dataclass(frozen=True)
class RankingTable:
    ranking: Ranking
    members: list[Member]  # the tournaments with results, in the competition's order
    rows: list[RankingRow]
    names: dict[Any, Any]  # player (or club) id → Player (or Club)
    excluded: dict[int, str]  # player id → why he is not ranked
    calculated: datetime | None

    @property
    def source(self) -> str:
        return scheme_by_code(self.ranking.scheme).source

    @property
    def reading(self) -> bool:
        """Whether the scheme's numbers are our reading of its source (said after it)."""
        return scheme_by_code(self.ranking.scheme).reading


def _fraction(value: Decimal | None, default: Decimal) -> Fraction:
    return Fraction(str(value if value is not None else default))


def members(competition: Competition, *, everything: bool = False) -> list[Member]:
    rows = (competition.memberships.select_related("tournament")
            .order_by("order", "tournament__date", "id"))
    return [Member(m.tournament, _fraction(m.coefficient, competition.coefficient))
            for m in rows if everything or m.tournament.public_standings]


def options_of(ranking: Ranking) -> RankingOptions:
    decay: tuple[tuple[int, Fraction], ...] = ()
    if ranking.decay_full_days is not None:
        decay = ((ranking.decay_full_days, Fraction(1)),)
        if ranking.decay_half_days:
            decay += ((ranking.decay_half_days, Fraction(1, 2)),)
    return RankingOptions(drop_worst=ranking.drop_worst, best_of=ranking.best_of,
                          decay=decay, min_played=ranking.min_played,
                          tie_breaks=tuple(TieBreak(t) for t in ranking.tie_breaks.split(",")
                                           if t in TieBreak.__members__.values()))


def exclusions(ranking: Ranking, players: dict[int, Player],
               memberships: dict[int, Membership]) -> dict[int, str]:
    """Player id → the reason he is not in this ranking."""
    category = (Category("women", "", CategoryKind.WOMEN)
                if ranking.audience == Audience.WOMEN else
                Category("seniors", "", CategoryKind.SENIORS, year=ranking.seniors_born_by)
                if ranking.audience == Audience.SENIORS else None)
    out: dict[int, str] = {}
    for pk, player in players.items():
        membership = memberships.get(pk)
        if membership is not None and membership.disqualified:
            out[pk] = _("disqualified in this season")
        elif ranking.members_only and (membership is None or not membership.paid):
            out[pk] = _("not a member with paid dues for this season")
        elif category is not None and not category.admits(
                PlayerInfo(pk, player.sex, player.birth_year)):
            out[pk] = (_("for women only") if category.kind is CategoryKind.WOMEN
                       else _("for seniors only"))
    return out


def _events(tournaments: Sequence[Member]) -> list[Event]:
    return [Event(m.tournament.pk, m.tournament.date.toordinal() if m.tournament.date else 0,
                  m.coefficient) for m in tournaments]


@dataclass(frozen=True)
class SeasonData:
    """What every ranking of a competition reads, loaded once per page."""

    listed: list[Member]
    played: list[Member]  # those with results
    results: dict[int, dict[Any, Placement]]  # player id → tournament id → placement
    players: dict[int, Player]
    memberships: dict[int, Membership]
    calculated: datetime | None


def season_data(competition: Competition, *, everything: bool = False) -> SeasonData:
    listed = members(competition, everything=everything)
    by_tournament = snapshots.places(m.tournament for m in listed)
    results: dict[int, dict[Any, Placement]] = {}
    for tid, rows in by_tournament.items():
        for p in rows:
            results.setdefault(p.player, {})[tid] = Placement(p.place, p.field, p.bp, p.money)
    players = {p.pk: p for p in Player.objects.filter(pk__in=results).select_related("club")}
    memberships = {m.player_id: m for m in Membership.objects.filter(
        season=competition.season, player_id__in=results)}
    return SeasonData(listed, [m for m in listed if by_tournament[m.tournament.pk]], results,
                      players, memberships, snapshots.latest(m.tournament for m in listed))


def ranking_table(ranking: Ranking, *, everything: bool = False,
                  data: SeasonData | None = None) -> RankingTable:
    data = data or season_data(ranking.competition, everything=everything)
    results, players, memberships = data.results, data.players, data.memberships
    excluded = exclusions(ranking, players, memberships)
    scheme = scheme_by_code(ranking.scheme)
    events = _events(data.played)
    if ranking.audience == Audience.CLUBS:
        club_of: dict[int, int | None] = {
            pk: (memberships[pk].club_id if pk in memberships and memberships[pk].club_id
                 else players[pk].club_id) for pk in players if pk not in excluded}
        eligible = {pk: r for pk, r in results.items() if pk not in excluded}
        points = club_results(eligible, club_of, events, scheme, ranking.club_counted)
        clubs = {c.pk: c for c in Club.objects.filter(pk__in=points)}
        club_placements: dict[Any, dict[Any, Placement]] = {c: {} for c in points}
        for event in events:
            scored = [(c, per[event.id]) for c, per in points.items() if event.id in per]
            for (club, value), place in zip(
                    scored, shared_ranks([(v,) for _c, v in scored]), strict=True):
                club_placements[club][event.id] = Placement(place, len(scored), points=value)
        ordered = dict(sorted(club_placements.items(),
                              key=lambda kv: (*name_key(clubs[kv[0]].name), kv[0])))
        return RankingTable(ranking, data.played, rank_season(events, ordered, scheme,
                                                              options_of(ranking)),
                            dict(clubs), {}, data.calculated)
    ordered_players = {pk: results[pk] for pk in sorted(
        (pk for pk in results if pk not in excluded),
        key=lambda pk: (*name_key(players[pk].last_name, players[pk].first_name), pk))}
    rows = rank_season(events, ordered_players, scheme, options_of(ranking))
    return RankingTable(ranking, data.played, rows, dict(players), excluded, data.calculated)


@dataclass(frozen=True)
class PlayerRanking:
    table: RankingTable
    row: RankingRow | None  # None: not in this ranking
    reason: str  # why not (or "")


def player_rankings(competition: Competition, player: Player, *,
                    everything: bool = False) -> list[PlayerRanking]:
    """Every ranking of the competition as it concerns one player (clubs' rankings left
    out): his row with its lines, or why he is not ranked."""
    out = []
    data = season_data(competition, everything=everything)
    for ranking in competition.rankings.exclude(audience=Audience.CLUBS):
        table = ranking_table(ranking, data=data)
        row = next((r for r in table.rows if r.player == player.pk), None)
        reason = table.excluded.get(player.pk, "" if row is not None else
                                    _("no result in this competition's tournaments"))
        out.append(PlayerRanking(table, row, reason))
    return out
