"""Read side of the teams: the teams with their members, and the team standings.

The team standings are :func:`scoring.teams.team_standings` fed with the individual round
results of the standings app (``tournament_standings``: every player's ``RoundStanding`` per
confirmed round) and the teams; this module only loads them (a constant number of queries,
whatever the field) and words each row for the pages in the visitor's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from marias_admin.core.ordering import name_key
from marias_admin.standings.presenters.formatting import fmt_money, fmt_number, key_name
from marias_admin.standings.selectors import (
    RoundProgress,
    results_progress,
    rules_from,
    tournament_standings,
)
from marias_admin.teams.models import MemberRole, Team, TeamMember, TeamRulesPreset
from marias_admin.teams.services import settings_of
from marias_admin.tournaments.models import Registration, Tournament
from scoring import teams as scoring_teams
from scoring.rank_keys import RANK_KEYS, SUMMED_KEYS
from scoring.standings import PlacementKey, RankKey, StandingsRules
from scoring.teams import Counting, MemberRound, TeamRules, TeamStanding

KEYS = SUMMED_KEYS  # what a team sums: BP, SB, ZB, PB (scoring/rank_keys.py)
ROLE_ORDER = {MemberRole.CAPTAIN: 0, MemberRole.NOMINATED: 1, MemberRole.MEMBER: 1,
              MemberRole.SUBSTITUTE: 2}


def _member_order(member: TeamMember) -> tuple[Any, ...]:
    player = member.registration.player
    return (ROLE_ORDER.get(MemberRole(member.role), 3),
            *name_key(player.last_name, player.first_name), member.pk)


def teams_of(tournament: Tournament) -> list[Team]:
    """The teams with their members (captain first, then by role and name): two queries."""
    members = TeamMember.objects.select_related("registration__player__club").order_by("id")
    teams = list(Team.objects.filter(tournament=tournament).select_related("club")
                 .prefetch_related(Prefetch("members", queryset=members)))
    for team in teams:
        team.sorted_members = sorted(
            team.members.all(), key=_member_order)
    return teams


def teams_of_one(team: Team) -> list[TeamMember]:
    """One team's members, captain first, then by role and name."""
    members = TeamMember.objects.filter(team=team).select_related("registration__player__club")
    return sorted(members, key=_member_order)


def captain_of(team: Team) -> TeamMember | None:
    return next((m for m in team.members.all() if m.role == MemberRole.CAPTAIN), None)


def free_registrations(tournament: Tournament) -> list[Registration]:
    """The tournament's players on no team yet (for the "add a member" choice)."""
    return list(Registration.objects.filter(tournament=tournament, team_memberships__isnull=True)
                .select_related("player__club"))


def team_rules(preset: str, individual: StandingsRules) -> TeamRules | None:
    """The scoring rules of a stored preset (None: no team competition)."""
    if preset == TeamRulesPreset.SZMK_EXTRALIGA:
        return scoring_teams.SZMK_EXTRALIGA
    if preset == TeamRulesPreset.CHAMPIONSHIP_FOUR:
        return scoring_teams.championship_four(individual)
    return None


# -- the team standings as shown ---------------------------------------------------------------


@dataclass(frozen=True)
class MemberShown:
    member: MemberRound
    registration: Registration
    reason: str
    values: str  # "BP 4, ZB 1,20"

    @property
    def player(self) -> Any:
        return self.registration.player


@dataclass(frozen=True)
class RoundShown:
    number: int
    sums: dict[RankKey, str]
    counted: list[MemberShown]
    others: list[MemberShown]
    text: str  # "Round 1: BP 8 = Novák 4 + Dvořák 2 + …"


@dataclass(frozen=True)
class TeamRow:
    standing: TeamStanding
    team: Team
    rounds: list[RoundShown]
    shown: dict[RankKey, str]
    sums: dict[RankKey, str]  # "BP 20 = 8 + 12"
    best_round: str

    @property
    def first_sums(self) -> list[str]:
        """Each round's sum of the chain's first key (as in the round columns)."""
        return [next(iter(r.sums.values()), "") for r in self.rounds]


@dataclass(frozen=True)
class TeamTable:
    preset: TeamRulesPreset
    rows: list[TeamRow]
    round_numbers: list[int]
    keys: list[RankKey]  # the summed keys of the chain, in its order
    labels: dict[RankKey, str]
    rules: TeamRules | None
    individual: StandingsRules
    progress: list[RoundProgress] = field(default_factory=list)
    chain_text: str = ""
    counting_text: str = ""

    @property
    def enabled(self) -> bool:
        return self.rules is not None

    @property
    def provisional(self) -> bool:
        return any(not p.complete for p in self.progress if p.confirmed)


def key_label(key: RankKey, individual: StandingsRules) -> str:
    if key is RankKey.BP and individual.placement is PlacementKey.TABLE_POINTS:
        return _("Points")
    return key_name(key)


def _value_text(key: RankKey, value: Fraction | int, individual: StandingsRules) -> str:
    spec = RANK_KEYS[key]
    if spec.money:
        return fmt_money(value, individual)
    return fmt_number(value, spec.places)


# The engine's reason why a member counts or not (scoring.teams.MemberRound.reason) as the
# team page words it; ``count``: how many substitutes or best members count.
REASON_TEXTS = {
    "member_nominated": lambda count: _("nominated"),
    "member_nominated_absent": lambda count: _("nominated, did not play"),
    "member_substitute_absent": lambda count: _("did not play"),
    "member_absent": lambda count: _("did not play"),
    "member_substitute_counted":
        lambda count: _("substitute, among the %(count)s best") % {"count": count},
    "member_substitute_not_counted":
        lambda count: _("substitute, not among the %(count)s best") % {"count": count},
    "member_best_counted": lambda count: _("among the team's %(count)s best") % {"count": count},
    "member_best_not_counted":
        lambda count: _("not among the team's %(count)s best") % {"count": count},
    "member_team": lambda count: _("team member"),
}


def _reason(member: MemberRound, rules: TeamRules) -> str:
    """The page's words for the engine's reason (its gettext translation, cs/sk/en)."""
    return str(REASON_TEXTS[member.reason.code](rules.best))


def _sum_text(parts: Sequence[str]) -> str:
    return " + ".join(p if not p.startswith("−") else f"({p})" for p in parts) or "0"


def _counting_text(rules: TeamRules) -> str:
    if rules.counting is Counting.NOMINATED_PLUS_BEST:
        text = _("in each round the nominated players and the %(count)s best substitutes "
                 "count") % {"count": rules.best}
    elif rules.counting is Counting.BEST:
        text = _("in each round the team's %(count)s best players count") % {"count": rules.best}
    else:
        text = _("every member counts")
    if rules.rounds:
        text += ", " + _("rounds 1 to %(rounds)s") % {"rounds": rules.rounds}
    return text


def _chain_text(rules: TeamRules, individual: StandingsRules) -> str:
    return ", ".join(key_label(k, individual) for k in rules.chain)


def team_table(tournament: Tournament) -> TeamTable:
    """The team standings of the tournament, rows worded for the pages. A constant number of
    queries: the individual standings (three or four), the teams (two), the progress (one)."""
    settings = settings_of(tournament)
    preset = TeamRulesPreset(settings.rules)
    individual = rules_from(tournament)
    rules = team_rules(preset, individual)
    progress = results_progress(tournament)
    if rules is None:
        return TeamTable(preset, [], [], [], {}, None, individual, progress)
    keys = [k for k in rules.chain if k in KEYS]
    labels = {k: key_label(k, individual) for k in KEYS}
    teams = teams_of(tournament)
    registrations = {m.registration_id: m.registration for t in teams for m in t.members.all()}
    standings = tournament_standings(tournament)
    results = scoring_teams.round_results(standings)
    scored = scoring_teams.team_standings(
        [scoring_teams.Team(id=t.pk, name=t.name, members=tuple(
            scoring_teams.TeamMember(m.registration_id, scoring_teams.Role(m.role))
            for m in t.members.all())) for t in teams],
        results, rules)
    by_id = {t.pk: t for t in teams}
    rows = [_row(s, by_id[s.team], registrations, keys, labels, rules, individual)
            for s in scored]
    numbers = sorted({r.round for s in scored for r in s.rounds})
    return TeamTable(preset, rows, numbers, keys, labels, rules, individual, progress,
                     chain_text=_chain_text(rules, individual),
                     counting_text=_counting_text(rules))


def _row(standing: TeamStanding, team: Team, registrations: dict[int, Registration],
         keys: list[RankKey], labels: dict[RankKey, str], rules: TeamRules,
         individual: StandingsRules) -> TeamRow:
    rounds = []
    first = keys[0]
    for r in standing.rounds:
        def shown(m: MemberRound) -> MemberShown:
            values = ", ".join(f"{labels[k]} {_value_text(k, _member_value(m, k), individual)}"
                               for k in keys) if m.played else ""
            return MemberShown(m, registrations[m.player], _reason(m, rules), values)
        counted = [shown(m) for m in r.members if m.counted]
        others = [shown(m) for m in r.members if not m.counted]
        sums = {k: _value_text(k, r.value(k), individual) for k in keys}
        text = _("Round %(number)s: %(key)s %(sum)s = %(parts)s") % {
            "number": r.round, "key": labels[first], "sum": sums[first],
            "parts": _sum_text([f"{m.player.full_name} " + _value_text(
                first, _member_value(m.member, first), individual) for m in counted])}
        rounds.append(RoundShown(r.round, sums, counted, others, text))
    shown_totals = {k: _value_text(k, standing.value(k), individual) for k in keys}
    sums_text = {k: f"{labels[k]} {shown_totals[k]} = "
                 + _sum_text([_value_text(k, r.value(k), individual) for r in standing.rounds])
                 for k in keys}
    best = ""
    if standing.best_round is not None:
        best = _("Best round: round %(number)s") % {"number": standing.best_round}
    return TeamRow(standing, team, rounds, shown_totals, sums_text, best)


def _member_value(member: MemberRound, key: RankKey) -> Fraction | int:
    value: Fraction | int = member.value(key)
    return value
