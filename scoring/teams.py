"""Team standings: which members count in each round, their results summed, teams ordered.

Pure (no Django): teams and the individual round results (``RoundStanding`` rows, what
:func:`scoring.standings.compute_standings` already gives each player) in, ordered team rows out.
Every team row names the member results it summed, so a page can show that the row can be
recomputed by hand from the individual standings (issue 16: "Every team row explains itself").

Why configurable: the competitions differ (issue 16, deliverable 2):

- SZMK extraliga clubs: in each round the four nominated players and the two best substitutes
  count (:data:`SZMK_EXTRALIGA`);
- world and national championships: 4-member teams (captain + 3,
  docs/csm-practice.md#championships-and-teams "team entries = captain + 3"), all four count
  in the first four rounds, ordered with the individual tie-breaks (:data:`CHAMPIONSHIP_FOUR`,
  :func:`championship_four`).

The keys are those of the individual standings (``RankKey``): BP are the placement points, which
under SZMK's ``PlacementKey.TABLE_POINTS`` are the table points 5/3/1/0; SB, ZB (money, minor
units) and PB are summed the same way. The team chain may end in ``RankKey.ROUND_RECORD`` (the
team's round sums of the first summed key, best first) and ``RankKey.BEST_ROUND`` (the team's
best single round, by the summed keys of the chain in order).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any, Protocol

from scoring import rank_keys
from scoring.rank_keys import RANK_KEYS, SUMMED_KEYS
from scoring.reasons import Amount, Listing, Reason, Series, Terms
from scoring.standings import RankKey, RoundStanding, Standing, StandingsRules, shared_ranks

PlayerId = Hashable
TeamId = Hashable

# The keys a round result has and a team sums (BP, SB, ZB, PB: scoring/rank_keys.py).
SUMMED = SUMMED_KEYS


class Role(StrEnum):
    """A member's role on the team (as entered on the nomination sheet)."""

    CAPTAIN = "captain"  # plays and counts as nominated unless a round's nomination says not
    MEMBER = "member"  # championship teams: everyone plays
    NOMINATED = "nominated"  # extraliga: one of the (usually four) nominated players
    SUBSTITUTE = "substitute"  # extraliga: counts only among the best K of a round


class Counting(StrEnum):
    """Which members count in a round."""

    ALL = "all"  # every member who played the round
    FIRST_ROUNDS = "first_rounds"  # every member, in rounds 1..TeamRules.rounds only
    NOMINATED_PLUS_BEST = "nominated_plus_best"  # the nominated + the best K substitutes
    BEST = "best"  # the best K members of the round


class RoundResult(rank_keys.RoundStanding, Protocol):
    """The individual result of one round, as ``RoundStanding`` has it (round, BP and money
    as the rank keys read them, and what a team sums besides)."""

    @property
    def player(self) -> PlayerId: ...
    @property
    def sb(self) -> Fraction: ...
    @property
    def premium(self) -> Fraction: ...


@dataclass(frozen=True)
class TeamMember:
    player: PlayerId
    role: Role = Role.MEMBER


@dataclass(frozen=True)
class Team:
    """A team of a tournament. ``nominations`` gives, for a round where it differs from the
    roles, the players nominated for that round (the extraliga's nomination sheet per round)."""

    id: TeamId
    name: str
    members: tuple[TeamMember, ...]
    nominations: Mapping[int, frozenset[PlayerId]] = field(default_factory=dict, hash=False)

    def nominated_in(self, round_number: int) -> frozenset[PlayerId]:
        """The round's nomination, else the members with the role NOMINATED or CAPTAIN."""
        if round_number in self.nominations:
            return frozenset(self.nominations[round_number])
        return frozenset(m.player for m in self.members
                         if m.role in (Role.NOMINATED, Role.CAPTAIN))


@dataclass(frozen=True)
class TeamRules:
    """How a team scores.

    ``rounds``: only rounds 1..N count (required by ``Counting.FIRST_ROUNDS``, also honoured by
    the others). ``best``: K of ``NOMINATED_PLUS_BEST`` (substitutes) and of ``BEST`` (members).
    ``member_order``: how the best members of a round are chosen (round values, higher first).
    ``chain``: what is summed and how teams are ordered (sums of ``SUMMED`` keys, then
    ``ROUND_RECORD``/``BEST_ROUND``); teams equal on the whole chain share a place.
    ``nominated``/``size``: the most players a round's nomination/a team may have (checked).
    """

    counting: Counting = Counting.ALL
    rounds: int | None = None
    best: int = 0
    member_order: tuple[RankKey, ...] = (RankKey.BP, RankKey.ZB)
    chain: tuple[RankKey, ...] = (RankKey.BP, RankKey.SB, RankKey.ZB, RankKey.BEST_ROUND)
    nominated: int | None = None
    size: int | None = None

    def __post_init__(self) -> None:
        if self.counting is Counting.FIRST_ROUNDS and not self.rounds:
            raise ValueError("Counting.FIRST_ROUNDS needs TeamRules.rounds")
        if self.counting in (Counting.NOMINATED_PLUS_BEST, Counting.BEST) and self.best < 0:
            raise ValueError("TeamRules.best must not be negative")
        if not any(k in SUMMED for k in self.chain):
            raise ValueError("the team chain must sum at least one of BP, SB, ZB, PB")
        if any(k not in SUMMED for k in self.member_order):
            raise ValueError("members are chosen by BP, SB, ZB or PB only")


def with_individual_chain(individual: StandingsRules, **changes: Any) -> TeamRules:
    """Team rules ordered by the individual tournament chain applied to team sums, then the
    best single round (issue 16: "the individual chain applied to team sums, then best single
    round"). ``changes`` are the other ``TeamRules`` fields."""
    chain = tuple(individual.tournament_chain)
    if RankKey.BEST_ROUND not in chain:
        chain += (RankKey.BEST_ROUND,)
    return TeamRules(chain=chain, **changes)


# Issue 16: "SZMK extraliga clubs (4 nominated + 2 best substitutes per round, by table points
# then money)". SZMK's table points are the BP of ``PlacementKey.TABLE_POINTS`` (5/3/1/0,
# tournaments/standings_rules.py SZMK_2024_RULES), its money is ZB; both the substitutes of a
# round and the clubs are ordered by them, then the best single round.
SZMK_EXTRALIGA = TeamRules(
    counting=Counting.NOMINATED_PLUS_BEST, best=2, nominated=4,
    member_order=(RankKey.BP, RankKey.ZB),
    chain=(RankKey.BP, RankKey.ZB, RankKey.BEST_ROUND),
)


def championship_four(individual: StandingsRules) -> TeamRules:
    """Issue 16: "4-member teams (a captain and three) ... counting all four in the first four
    rounds with the individual tie-breaks"; docs/csm-practice.md#championships-and-teams "team
    entries = captain + 3"."""
    return with_individual_chain(individual, counting=Counting.FIRST_ROUNDS, rounds=4, size=4)


# With the ČSM individual chain (docs/csm-licitovany.md#standings: BP, SB, ZB); a tournament
# with other standings rules calls :func:`championship_four` with its own.
CHAMPIONSHIP_FOUR = championship_four(StandingsRules())


ABSENT = Reason("member_absent")


@dataclass(frozen=True)
class MemberRound:
    """One member in one round: counted or not, with the values and the reason."""

    player: PlayerId
    round: int
    role: Role  # in this round: NOMINATED/SUBSTITUTE under the nomination rule, else the role
    played: bool
    counted: bool
    bp: Fraction = Fraction(0)
    sb: Fraction = Fraction(0)
    money: int = 0
    premium: Fraction = Fraction(0)
    reason: Reason = ABSENT  # why counted or not (scoring/reasons.py)

    def value(self, key: RankKey) -> Any:
        return RANK_KEYS[key].value(self)


@dataclass(frozen=True)
class TeamRound:
    round: int
    members: tuple[MemberRound, ...]  # the counted ones first, then the others
    bp: Fraction
    sb: Fraction
    money: int
    premium: Fraction

    @property
    def counted(self) -> tuple[MemberRound, ...]:
        return tuple(m for m in self.members if m.counted)

    def value(self, key: RankKey) -> Any:
        return RANK_KEYS[key].value(self)


@dataclass(frozen=True)
class TeamStanding:
    team: TeamId
    name: str
    rank: int  # the place, shared by teams equal on the whole chain
    position: int  # unique: equal teams keep the order they were given in
    bp: Fraction
    sb: Fraction
    money: int
    premium: Fraction
    rounds: tuple[TeamRound, ...]  # the rounds that count, in order
    record: tuple[Any, ...] = ()  # ROUND_RECORD: the rounds' sums, best first
    best_round: int | None = None  # BEST_ROUND: the round number
    best_round_values: tuple[Any, ...] = ()  # its sums of the chain's keys

    def value(self, key: RankKey) -> Any:
        return RANK_KEYS[key].team_value(self)


def round_results(standings: Iterable[Standing]) -> list[RoundStanding]:
    """Every round row of the individual standings: the input :func:`team_standings` takes."""
    return [r for s in standings for r in s.rounds]


def team_standings(
    teams: Sequence[Team], results: Iterable[RoundResult], rules: TeamRules,
) -> list[TeamStanding]:
    """The team order. ``results`` are the individual round results (any player; those of no
    team are ignored); :func:`team_reasons` explains a row.

    Raises ``ValueError`` for a player on two teams, a team larger than ``rules.size`` or a
    round nomination longer than ``rules.nominated``.
    """
    _check(teams, rules)
    by_player: dict[PlayerId, dict[int, RoundResult]] = {}
    numbers: set[int] = set()
    for r in results:
        by_player.setdefault(r.player, {})[r.round] = r
        numbers.add(r.round)
    if rules.rounds is not None:
        numbers = {n for n in numbers if n <= rules.rounds}
    rows = [_team_row(team, by_player, sorted(numbers), rules) for team in teams]
    ranks = shared_ranks([tuple(row.value(k) for k in rules.chain) for row in rows])
    order = sorted(range(len(rows)), key=lambda i: (ranks[i], i))
    return [replace(rows[i], rank=ranks[i], position=position)
            for position, i in enumerate(order, start=1)]


def _check(teams: Sequence[Team], rules: TeamRules) -> None:
    seen: dict[PlayerId, TeamId] = {}
    for team in teams:
        if rules.size is not None and len(team.members) > rules.size:
            raise ValueError(f"team {team.name}: {len(team.members)} members, at most "
                             f"{rules.size}")
        for m in team.members:
            if m.player in seen:
                raise ValueError(f"player {m.player!r} is on two teams: {seen[m.player]!r} "
                                 f"and {team.id!r}")
            seen[m.player] = team.id
        if rules.nominated is not None and rules.counting is Counting.NOMINATED_PLUS_BEST:
            for number in {*team.nominations, 0}:
                if len(team.nominated_in(number)) > rules.nominated:
                    raise ValueError(f"team {team.name}: more than {rules.nominated} "
                                     f"nominated" + (f" in round {number}" if number else ""))


def _member_key(r: RoundResult, order: Sequence[RankKey]) -> tuple[Any, ...]:
    return (*(RANK_KEYS[k].value(r) for k in order), r.bp, r.sb, r.money, r.premium)


def _select(team: Team, number: int, played: Mapping[PlayerId, RoundResult],
            rules: TeamRules) -> dict[PlayerId, tuple[Role, bool, Reason]]:
    """Each member's role, counted or not, and why, in one round."""
    index = {m.player: i for i, m in enumerate(team.members)}

    def best_first(players: Iterable[PlayerId]) -> list[PlayerId]:
        # the best first; equal results keep the team's order (never the names)
        in_team_order = sorted(players, key=index.__getitem__)
        return sorted(in_team_order, key=lambda p: _member_key(played[p], rules.member_order),
                      reverse=True)  # a stable sort: reverse keeps equal ones in order

    out: dict[PlayerId, tuple[Role, bool, Reason]] = {}
    if rules.counting is Counting.NOMINATED_PLUS_BEST:
        nominated = team.nominated_in(number)
        for m in team.members:
            if m.player in nominated:
                out[m.player] = (Role.NOMINATED, m.player in played,
                                 Reason.of("member_nominated" if m.player in played
                                           else "member_nominated_absent"))
        subs = [m.player for m in team.members if m.player not in nominated]
        ranked = best_first(p for p in subs if p in played)
        for place, p in enumerate(ranked, start=1):
            counted = place <= rules.best
            out[p] = (Role.SUBSTITUTE, counted,
                      Reason.of("member_substitute_counted", place=place) if counted else
                      Reason.of("member_substitute_not_counted", place=place, best=rules.best))
        for p in subs:
            out.setdefault(p, (Role.SUBSTITUTE, False, Reason.of("member_substitute_absent")))
        return out
    roles = {m.player: m.role for m in team.members}
    if rules.counting is Counting.BEST:
        ranked = best_first(p for p in roles if p in played)
        for place, p in enumerate(ranked, start=1):
            counted = place <= rules.best
            out[p] = (roles[p], counted,
                      Reason.of("member_best_counted", place=place) if counted else
                      Reason.of("member_best_not_counted", place=place, best=rules.best))
    else:
        for p in roles:
            if p in played:
                out[p] = (roles[p], True, Reason.of("member_team"))
    for p in roles:  # did not play (a nominated player says so, as under the nomination rule)
        out.setdefault(p, (roles[p], False, Reason.of(
            "member_nominated_absent" if roles[p] is Role.NOMINATED else "member_absent")))
    return out


def _team_row(team: Team, by_player: Mapping[PlayerId, Mapping[int, RoundResult]],
              numbers: Sequence[int], rules: TeamRules) -> TeamStanding:
    rounds: list[TeamRound] = []
    for number in numbers:
        played = {m.player: by_player[m.player][number] for m in team.members
                  if number in by_player.get(m.player, {})}
        chosen = _select(team, number, played, rules)
        members = []
        for m in team.members:
            role, chosen_now, reason = chosen[m.player]
            r = played.get(m.player)
            if r is None:
                members.append(MemberRound(player=m.player, round=number, role=role,
                                           played=False, counted=False, reason=reason))
            else:
                members.append(MemberRound(
                    player=m.player, round=number, role=role, played=True, counted=chosen_now,
                    bp=Fraction(r.bp), sb=Fraction(r.sb), money=r.money,
                    premium=Fraction(r.premium), reason=reason))
        counted = [m for m in members if m.counted]
        members = counted + [m for m in members if not m.counted]
        rounds.append(TeamRound(
            round=number, members=tuple(members),
            bp=sum((m.bp for m in counted), Fraction(0)),
            sb=sum((m.sb for m in counted), Fraction(0)),
            money=sum(m.money for m in counted),
            premium=sum((m.premium for m in counted), Fraction(0))))
    summed = [k for k in rules.chain if k in SUMMED]
    record = tuple(sorted((r.value(summed[0]) for r in rounds), reverse=True))
    best = max(rounds, key=lambda r: (tuple(r.value(k) for k in summed), -r.round),
               default=None)
    return TeamStanding(
        team=team.id, name=team.name, rank=0, position=0,
        bp=sum((r.bp for r in rounds), Fraction(0)), sb=sum((r.sb for r in rounds), Fraction(0)),
        money=sum(r.money for r in rounds),
        premium=sum((r.premium for r in rounds), Fraction(0)), rounds=tuple(rounds),
        record=record, best_round=None if best is None else best.round,
        best_round_values=() if best is None else tuple(best.value(k) for k in summed))


def team_reasons(row: TeamStanding, rules: TeamRules, *,
                 names: Mapping[PlayerId, str] | None = None,
                 minor_per_major: int = 100) -> tuple[Reason, ...]:
    """Why a team row has its numbers: one reason per round (who counted with which values,
    who did not), then one per key of the chain. ``names`` label the players (default
    ``str``). Computed on demand, for the rows a caller shows (:mod:`scoring.reasons`)."""
    summed = [k for k in rules.chain if k in SUMMED]

    def label(player: PlayerId) -> str:
        return str(player) if names is None else names.get(player, str(player))

    def amount(key: RankKey, value: Any) -> Amount:
        return Amount(value, RANK_KEYS[key].scale(minor_per_major))

    def values(pairs: Iterable[tuple[RankKey, Any]]) -> Listing:
        return Listing(tuple(Reason.of("team_key_value", key=Reason(RANK_KEYS[k].label),
                                       value=amount(k, v)) for k, v in pairs), ", ")

    def member(m: MemberRound) -> Reason:
        if not m.played:
            return Reason.of("team_member", name=label(m.player), reason=m.reason)
        return Reason.of("team_member_values", name=label(m.player), reason=m.reason,
                         values=values((k, m.value(k)) for k in summed))

    reasons = []
    for r in row.rounds:
        counted = tuple(member(m) for m in r.counted)
        others = tuple(member(m) for m in r.members if not m.counted)
        params: dict[str, object] = {
            "round": r.round, "sums": values((k, r.value(k)) for k in summed),
            "counted": Listing(counted) if counted else Reason("team_nobody")}
        reasons.append(Reason.of("team_round_others", **params, others=Listing(others))
                       if others else Reason.of("team_round", **params))
    for key in rules.chain:
        if key in SUMMED:
            reasons.append(Reason.of(
                "team_sum", key=Reason(RANK_KEYS[key].label), total=amount(key, row.value(key)),
                terms=Terms(tuple(amount(key, r.value(key)) for r in row.rounds))))
        elif key is RankKey.ROUND_RECORD:
            reasons.append(Reason.of(
                "team_record", key=Reason(RANK_KEYS[summed[0]].label),
                record=Series(tuple(amount(summed[0], v) for v in row.record))))
        elif key is RankKey.BEST_ROUND and row.best_round is not None:
            reasons.append(Reason.of(
                "team_best_round", round=row.best_round,
                values=values(zip(summed, row.best_round_values, strict=True))))
    return tuple(reasons)
