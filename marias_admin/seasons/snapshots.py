"""Each member tournament's final places, copied once and refreshed when its results change.

The season pages rank players over many tournaments; recomputing every tournament's standings
on every visit took about 2 s for 9 tournaments. Instead each tournament's final places are
kept in :class:`~marias_admin.seasons.models.FinalPlace`, stamped with the tournament's
*results generation* — the same token the public page cache uses (``core.pagecache``), which
every write that may change the standings bumps (model signals in ``standings/cache.py``, the
POST safety net, the team services). A copy whose stamp differs from the current generation
is stale and is rebuilt before it is read; writes themselves pay nothing.

The season's team table reads each tournament's club teams the same way
(:class:`~marias_admin.seasons.models.FinalTeamPlace`: each club's best placed team), copied in
the same rebuild from the same individual standings, so one stamp covers both.

The copy is derived data, not a result: rebuilding it needs no audit entry, and it is replaced
whole in one transaction (a reader sees the old copy or the new one).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.db import transaction
from django.utils import timezone

from marias_admin.core import pagecache
from marias_admin.seasons.models import FinalPlace, FinalTeamPlace, PlacementSnapshot
from marias_admin.standings.selectors import rules_from, tournament_standings
from marias_admin.teams.models import Team, TeamRulesPreset
from marias_admin.teams.selectors import team_rules
from marias_admin.teams.services import settings_of
from marias_admin.tournaments.models import Registration, Tournament
from scoring import teams as scoring_teams
from scoring.standings import Standing


@dataclass(frozen=True)
class Place:
    tournament: int
    player: int
    place: int
    field: int
    bp: Fraction | int
    sb: Fraction | int
    money: int


@dataclass(frozen=True)
class TeamPlace:
    tournament: int
    club: int
    place: int
    team: str
    bp: Fraction | int
    sb: Fraction | int
    money: int


def number(text: str) -> Fraction | int:
    """A stored BP or SB: most are whole numbers, read as ints (a Fraction costs ten times
    more to make, and a season page reads thousands)."""
    return Fraction(text) if "/" in text else int(text)


def results_generation(tournament_id: int) -> str:
    return pagecache.generation(f"{tournament_id}:results")


def rebuild(tournament: Tournament, generation: str | None = None) -> None:
    """Copy the tournament's final places anew (the generation is read before the data: a
    result saved meanwhile leaves the copy stale, to be rebuilt on the next read)."""
    generation = generation or results_generation(tournament.pk)
    standings = tournament_standings(tournament)
    player_of = dict(Registration.objects.filter(tournament=tournament)
                     .values_list("id", "player_id"))
    rows = [FinalPlace(tournament=tournament, player_id=player_of[int(str(s.player))],
                       place=s.rank,
                       bp=str(s.bp), sb=str(s.sb), money=s.money) for s in standings]
    team_rows = team_places(tournament, standings)
    with transaction.atomic():
        # Two visitors may rebuild the same copy at once: the tournament's row serialises
        # them, and the second finds the copy already made from this generation.
        list(Tournament.objects.select_for_update().filter(pk=tournament.pk).values_list("pk"))
        if PlacementSnapshot.objects.filter(tournament=tournament,
                                            generation=generation).exists():
            return
        FinalPlace.objects.filter(tournament=tournament).delete()
        FinalPlace.objects.bulk_create(rows)
        FinalTeamPlace.objects.filter(tournament=tournament).delete()
        FinalTeamPlace.objects.bulk_create(team_rows)
        PlacementSnapshot.objects.update_or_create(
            tournament=tournament, defaults={"generation": generation,
                                             "computed_at": timezone.now(),
                                             "field": len(rows)})


def team_places(tournament: Tournament, standings: list[Standing]) -> list[FinalTeamPlace]:
    """Each club's best placed team of the tournament (teams with no counted round left
    out), from the individual ``standings`` already computed; none without a team
    competition. The same sums as the team standings page (``teams.selectors.team_table``)
    without its wording of every row."""
    rules = team_rules(TeamRulesPreset(settings_of(tournament).rules), rules_from(tournament))
    if rules is None:
        return []
    teams = list(Team.objects.filter(tournament=tournament).prefetch_related("members"))
    if not any(t.club_id is not None for t in teams):
        return []
    scored = scoring_teams.team_standings(
        [scoring_teams.Team(id=t.pk, name=t.name, members=tuple(
            scoring_teams.TeamMember(m.registration_id, scoring_teams.Role(m.role))
            for m in t.members.all())) for t in teams],
        scoring_teams.round_results(standings), rules)
    club_of: dict[Hashable, int | None] = {t.pk: t.club_id for t in teams}  # by team id
    rows: dict[int, FinalTeamPlace] = {}
    for s in sorted(scored, key=lambda s: s.position):
        club = club_of[s.team]
        if club is not None and s.rounds and club not in rows:  # the club's best placed team
            rows[club] = FinalTeamPlace(tournament=tournament, club_id=club, place=s.position,
                                        team=s.name, bp=str(s.bp), sb=str(s.sb),
                                        money=s.money)
    return list(rows.values())


def fresh(tournaments: Iterable[Tournament]) -> datetime | None:
    """Rebuild the stale copies of ``tournaments``; the time of the latest calculation."""
    tournaments = list(tournaments)
    stamps = {s.tournament_id: s for s in PlacementSnapshot.objects.filter(
        tournament__in=tournaments)}
    latest: datetime | None = None
    for tournament in tournaments:
        generation = results_generation(tournament.pk)
        stamp = stamps.get(tournament.pk)
        if stamp is None or stamp.generation != generation:
            rebuild(tournament, generation)
            at = timezone.now()
        else:
            at = stamp.computed_at
        latest = at if latest is None or at > latest else latest
    return latest


def places(tournaments: Iterable[Tournament]) -> dict[int, list[Place]]:
    """Tournament id → its final places (fresh), in place order; a tournament without
    confirmed results has none."""
    tournaments = list(tournaments)
    fresh(tournaments)
    fields = dict(PlacementSnapshot.objects.filter(tournament__in=tournaments)
                  .values_list("tournament_id", "field"))
    out: dict[int, list[Place]] = {t.pk: [] for t in tournaments}
    for tid, player, place, bp, sb, money in (
            FinalPlace.objects.filter(tournament__in=tournaments).order_by("tournament", "place")
            .values_list("tournament_id", "player_id", "place", "bp", "sb", "money")):
        out[tid].append(Place(tid, player, place, fields.get(tid, 0), number(bp),
                              number(sb), money))
    return out


def team_results(tournaments: Iterable[Tournament]) -> dict[int, list[TeamPlace]]:
    """Tournament id → its clubs' best placed teams (fresh), in place order; a tournament
    without a team competition or ranked club teams has none."""
    tournaments = list(tournaments)
    fresh(tournaments)
    out: dict[int, list[TeamPlace]] = {t.pk: [] for t in tournaments}
    for tid, club, place, team, bp, sb, money in (
            FinalTeamPlace.objects.filter(tournament__in=tournaments)
            .order_by("tournament", "place")
            .values_list("tournament_id", "club_id", "place", "team", "bp", "sb", "money")):
        out[tid].append(TeamPlace(tid, club, place, team, number(bp), number(sb), money))
    return out


def latest(tournaments: Iterable[Tournament]) -> datetime | None:
    """When the latest of these tournaments' places was calculated."""
    stamps = PlacementSnapshot.objects.filter(tournament__in=list(tournaments))
    return max((s.computed_at for s in stamps), default=None)
