"""Standings maths: round ranks, placement points (BP) and the tournament order.

Pure: plain scores in, ranked rows out, every number with the reason it has (ČSM practice of
docs/csm-licitovany.md#standings, SZMK volený of docs/szmk.md#round-result; the keys and chains
are configurable because leagues differ). The web layer feeds it only confirmed table results.

SZMK (docs/szmk.md#round-result): the table ranks by money, table points 5/3/1 (0 for a 4th
player) shared by tied players (``TieShare.AVERAGE``), and the tournament orders by points,
money, the round record (``RankKey.ROUND_RECORD``) and the best single round
(``RankKey.BEST_ROUND``). A contumation (SZMK 2024 E.5) fixes a round's points: see
``RoundScore.fixed_points``.

Křížový (ČSM obecná pravidla VII.2; docs/csm-krizovy.md "Tournament scoring",
docs/sloapslam-ctyrka.md "Tournament scoring", docs/sloapslam-krizovy.md "Tournament result"): all
four at a table play every hand, so each table ranks its four by money (SB where a ruleset has PB:
SloapSlam čtyřka L74 "za pořadí podle SB jsou přiděleny BUS (4,2,1,0 bodů)") and gives table points
(BUS) 4/2/1/0 (``PlacementKey.TABLE_POINTS``). Ties: no text says; docs/sloapslam-ctyrka.md
"Tournament scoring" default: tied players share the points of the places they hold
(``TieShare.AVERAGE``), exactly, so a table always hands out 4 + 2 + 1 + 0 = 7 points (two tied for
first get (4 + 2) / 2 = 3 each, three tied for first 7/3 each). A field not divisible by four
(docs/readings.md §9.13, open in the texts) leaves N mod 4 players out of a round with a bye
(``RoundScore.bye``): no table, no rank, money 0 and ``StandingsRules.bye_points`` (default 2, see
there).

SloapSlam (docs/sloapslam-ctyrka.md "Tournament scoring", docs/sloapslam-krizovy.md "Tournament
result"): SB = the round's money rounded to whole crowns + factor × PB, the rounding per player per
round and before SB (křížový Čl. V L274 "nejprve zaokrouhlí na celé koruny"; čtyřka L14 "korunový",
L74 "Kč + 2 × PB"): ``StandingsRules.money_rounding`` (100 = whole crowns, from
``Ruleset.money_rounding``) and ``rounding`` (the text says "dohodou hráčů u stolu": default halves
away from zero). The table points (BUS 4-2-1-0, L74) are given by that SB (:data:`SLOAPSLAM_RULES`,
:func:`with_ruleset`). ZB stays the exact money: the rounded amounts need not sum to zero
(example 5.7.12), and only SB uses them.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any, TypeVar

from scoring.money import MoneyRounding, round_minor
from scoring.rank_keys import RANK_KEYS
from scoring.rank_keys import RankKey as RankKey  # re-exported: the keys were declared here
from scoring.reasons import Amount, Reason

if TYPE_CHECKING:
    from scoring.ruleset import Ruleset

PlayerId = Hashable
_Frozen = TypeVar("_Frozen")


class PlacementKey(StrEnum):
    N_MINUS_RANK = "n_minus_rank_plus_1"  # N − rank + 1: every player scores
    SUPERLIGA = "superliga"  # round(50 × coefficient) for the first, one less per place, ≥ 1
    CUSTOM = "custom"  # a table of points by rank
    TABLE_POINTS = "table_points"  # by the rank at the table, e.g. SloapSlam 4-2-1-0


class TieShare(StrEnum):
    BEST = "best"  # tied players all get the points of the best place they share
    AVERAGE = "average"  # tied players share the points of the places they hold


@dataclass(frozen=True)
class RoundScore:
    """One player's confirmed result of one round."""

    player: PlayerId
    round: int
    table: int
    money: int  # ZB in the smallest currency unit
    premium: Fraction = Fraction(0)  # PB
    # When set, the round's placement points are this value whatever the rank: a referee's
    # contumation (SZMK E.5) gives the absent player 0 and each present player fixed points.
    fixed_points: Fraction | None = None
    # Left out of the round (a field not divisible by the table size, docs/readings.md §9.13): no
    # table and no rank; the round's points are ``fixed_points``, else the rules' bye points.
    bye: bool = False


def round_score(player: PlayerId, round: int, table: int, money: int, premium: Fraction,
                fixed_points: Fraction | None = None) -> RoundScore:
    """A seat's RoundScore built without the frozen dataclass's ``__init__`` (one
    ``object.__setattr__`` per field): equal to ``RoundScore(...)`` with the same values, in a
    third of the time; a standings render reads one per player and round (issue 27)."""
    return _built(RoundScore, player=player, round=round, table=table, money=money,
                  premium=premium, fixed_points=fixed_points, bye=False)


# A bye's table points when the rules do not say otherwise: 2, the points of the 2nd place.
# Our default (docs/readings.md §9.13 leaves it open): the average of a 4-2-1-0 table is
# 7/4; the project shows whole and half points only, and 2 (not 1,5) keeps a player who sat
# out through no fault of his own level with the average of the field rather than below it.
# The money of a bye is 0, the average money of a table (a table's money sums to zero).
DEFAULT_BYE_POINTS = Fraction(2)


@dataclass(frozen=True)
class StandingsRules:
    premium_factor: int = 1  # SB = ZB (in crowns/euros) + factor × PB
    minor_per_major: int = 100
    round_chain: tuple[RankKey, ...] = (RankKey.SB, RankKey.ZB)
    placement: PlacementKey = PlacementKey.N_MINUS_RANK
    placement_ties: TieShare = TieShare.BEST
    coefficient: Fraction = Fraction(1)  # Superliga
    custom_points: tuple[int, ...] = ()
    table_points: tuple[int, ...] = (4, 2, 1, 0)
    tournament_chain: tuple[RankKey, ...] = (RankKey.BP, RankKey.SB, RankKey.ZB)
    drop_best: int = 0
    drop_worst: int = 0
    # SZMK E.5: the fixed points of each present player in a round ended by contumation (the
    # absent player gets 0); None: contumation rulings leave the points to the ranking.
    contumation_points: int | None = None
    # SZMK C.8: the money each player starts a round with, from the ruleset (not stored with
    # the standings rules); when set, a round's money is shown as budget + ZB.
    round_budget: int | None = None
    # The table points of a round's bye (``RoundScore.bye``); see DEFAULT_BYE_POINTS.
    bye_points: Fraction = DEFAULT_BYE_POINTS
    # SloapSlam Čl. V L274, čtyřka L14: each player's money of a round is rounded to this many
    # smallest units (100: whole crowns) before SB, from ``Ruleset.money_rounding`` like the
    # premium factor; None: SB takes the exact money.
    money_rounding: int | None = None
    rounding: MoneyRounding = MoneyRounding.HALF_AWAY_FROM_ZERO


@dataclass(frozen=True)
class RoundStanding:
    player: PlayerId
    round: int
    table: int
    money: int
    premium: Fraction
    sb: Fraction  # in the smallest currency unit
    rank: int  # shared by equal players
    bp: Fraction
    fixed: bool = False  # the BP came from RoundScore.fixed_points, not from the rank
    bye: bool = False  # left out of the round: rank 0, no table (RoundScore.bye)
    # The money SB counted: ``money`` rounded by the rules (SloapSlam), else ``money``
    rounded_money: int | None = None
    ranked_among: int = 0  # the players ranked together: the round's field, or the table


@dataclass(frozen=True)
class Standing:
    player: PlayerId
    rank: int  # shared by players equal on the whole chain
    position: int  # unique: remaining ties ordered by the seeded lot
    by_lot: bool  # the position among equals came from the lot
    bp: Fraction
    sb: Fraction
    money: int
    premium: Fraction
    rounds: tuple[RoundStanding, ...]
    dropped: tuple[int, ...] = field(default=())  # round numbers left out of the sums
    record: tuple[Fraction, ...] = ()  # counted rounds' BP, best first (RankKey.ROUND_RECORD)
    best_round: int = 0  # ZB of the best counted round (RankKey.BEST_ROUND)


def sb_money(score: RoundScore, rules: StandingsRules) -> int:
    """The money SB counts: the round's money rounded per player when the rules say so."""
    return round_minor(score.money, rules.money_rounding, rules.rounding)


def sb_of(score: RoundScore, rules: StandingsRules) -> Fraction:
    """SB = (rounded) ZB + factor × PB, in the smallest currency unit.

    In integers over PB's denominator (one normalisation instead of three Fraction
    operations: the standings rank thousands of these per render)."""
    return _sb(score, sb_money(score, rules), rules)


def _sb(score: RoundScore, rounded: int, rules: StandingsRules) -> Fraction:
    premium = score.premium
    if type(premium) is not Fraction:
        premium = Fraction(premium)
    denominator = premium.denominator
    if denominator == 1:
        return Fraction(rounded + rules.premium_factor * rules.minor_per_major * premium.numerator)
    return Fraction(rounded * denominator
                    + rules.premium_factor * rules.minor_per_major * premium.numerator,
                    denominator)


# SloapSlam (čtyřka L74; křížový by the same club's key, docs/sloapslam-krizovy.md "Tournament
# result"): each table ranks its four by SB alone (ties share the points of their places,
# docs/sloapslam-ctyrka.md "Tournament scoring" default) and gives BUS 4-2-1-0; the tournament by
# BUS, then SB, then ZB. The premium factor and the rounding come from the ruleset
# (:func:`with_ruleset`): 2 and whole crowns for the čtyřka, 1 and whole crowns for the křížový.
SLOAPSLAM_RULES = StandingsRules(
    round_chain=(RankKey.SB,), placement=PlacementKey.TABLE_POINTS, table_points=(4, 2, 1, 0),
    placement_ties=TieShare.AVERAGE, tournament_chain=(RankKey.BP, RankKey.SB, RankKey.ZB),
    money_rounding=100,
)


def with_ruleset(rules: StandingsRules, ruleset: Ruleset) -> StandingsRules:
    """``rules`` with what belongs to the ruleset: the SB premium factor, the money rounding
    before SB and the round budget (SZMK)."""
    return dataclasses.replace(rules, premium_factor=ruleset.sb_premium_factor,
                               money_rounding=ruleset.money_rounding,
                               round_budget=ruleset.round_budget)


def _common_denominator(values: Iterable[Any]) -> int | None:
    """The least common denominator of exact numbers (ints, fractions, tuples of them),
    or None when a value is anything else (then the column is compared as it is)."""
    denominators = set()
    for value in values:
        kind = type(value)
        if kind is Fraction:
            denominators.add(value.denominator)
        elif kind is tuple:
            for number in value:
                if type(number) is Fraction:
                    denominators.add(number.denominator)
                elif type(number) is not int:
                    return None
        elif kind is not int:
            return None
    return lcm(*denominators) if denominators else 1


def _scaled(value: Any, common: int) -> Any:
    if type(value) is tuple:
        return tuple(_scaled(v, common) for v in value)
    if common == 1:
        return value.numerator
    return value.numerator * (common // value.denominator)


def integer_keys(keys: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The same keys with each column of fractions scaled to integers by the column's common
    denominator: exactly the same order and equalities (a positive factor per column), but
    compared as machine integers instead of ``Fraction`` objects, whose comparisons cost
    microseconds each (issue 27: most of a standings render)."""
    if not keys:
        return []
    width = len(keys[0])
    columns = [list(column) for column in zip(*keys, strict=True)] if width else []
    for index, column in enumerate(columns):
        common = _common_denominator(column)
        if common is not None:
            columns[index] = [_scaled(v, common) for v in column]
    return list(zip(*columns, strict=True)) if width else [() for _k in keys]


def shared_ranks(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """Competition ranking (1, 2, 2, 4) of keys, higher first; equal keys share a rank."""
    keys = integer_keys(keys)
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    ranks = [0] * len(keys)
    for place, i in enumerate(order, start=1):
        previous = order[place - 2] if place > 1 else None
        ranks[i] = ranks[previous] if previous is not None and keys[previous] == keys[i] else place
    return ranks


def _points_for(rank: int, size: int, rules: StandingsRules, table: bool) -> Fraction:
    if table:
        table_points = rules.table_points
        return Fraction(table_points[rank - 1] if rank <= len(table_points) else 0)
    if rules.placement is PlacementKey.SUPERLIGA:
        first = round(50 * rules.coefficient)
        return Fraction(max(1, first - (rank - 1)))
    if rules.placement is PlacementKey.CUSTOM:
        points = rules.custom_points
        return Fraction(points[rank - 1] if rank <= len(points) else 0)
    return Fraction(size - rank + 1)


# Placement points are small whole numbers, the same few hundred on every render: Fractions
# are immutable, so one object per value serves every row (no constructor call per player).
_WHOLE = tuple(Fraction(n) for n in range(1025))


def _whole(n: int) -> Fraction:
    return _WHOLE[n] if 0 <= n < len(_WHOLE) else Fraction(n)


def _placement(ranks: list[int], rules: StandingsRules, table: bool) -> list[Fraction]:
    size = len(ranks)
    if (rules.placement_ties is TieShare.BEST and not table
            and rules.placement is PlacementKey.N_MINUS_RANK):  # the usual case, inlined
        return [_whole(size - r + 1) for r in ranks]
    counts: dict[int, int] = defaultdict(int)
    for r in ranks:
        counts[r] += 1
    result = []
    for r in ranks:
        if rules.placement_ties is TieShare.AVERAGE:
            places = range(r, r + counts[r])
            result.append(sum((_points_for(p, size, rules, table) for p in places),
                              Fraction(0)) / counts[r])
        else:
            result.append(_points_for(r, size, rules, table))
    return result


def rank_round(scores: Sequence[RoundScore], rules: StandingsRules) -> list[RoundStanding]:
    """Rank one round's field (or, with table points, each table) and give placement points."""
    by_table = rules.placement is PlacementKey.TABLE_POINTS
    groups: dict[int, list[RoundScore]] = defaultdict(list)
    result: list[RoundStanding] = []
    for score in scores:
        if score.bye:
            result.append(_bye_row(score, rules))
        else:
            groups[score.table if by_table else 0].append(score)
    for group in groups.values():
        rounded = [sb_money(s, rules) for s in group]
        sbs = [_sb(s, money, rules) for s, money in zip(group, rounded, strict=True)]
        values = {RankKey.SB: sbs, RankKey.ZB: [s.money for s in group],
                  RankKey.PB: [s.premium for s in group]}
        ranks = shared_ranks(list(zip(*(values[k] for k in rules.round_chain), strict=True)))
        points = _placement(ranks, rules, by_table)
        size = len(group)
        for score, sb, rank, bp, money in zip(group, sbs, ranks, points, rounded, strict=True):
            fixed = score.fixed_points is not None
            if score.fixed_points is not None:
                bp = Fraction(score.fixed_points)
            result.append(_round_standing(
                player=score.player, round=score.round, table=score.table, money=score.money,
                premium=score.premium, sb=sb, rank=rank, bp=bp, fixed=fixed, bye=False,
                rounded_money=money, ranked_among=size,
            ))
    return result


def _built(cls: type[_Frozen], **values: Any) -> _Frozen:
    """A frozen dataclass instance with EVERY field given, built without its ``__init__``
    (one ``object.__setattr__`` per field): the same object in a third of the time, and a
    standings render builds one RoundScore and RoundStanding per player and round and one
    PlayerTotals and Standing per player (issue 27). The property test in
    tests/scoring/test_standings_integer.py compares the rows with the constructor-built ones
    of the code before."""
    built: _Frozen = object.__new__(cls)
    built.__dict__.update(values)
    return built


def _round_standing(**values: Any) -> RoundStanding:
    return _built(RoundStanding, **values)


def _bye_row(score: RoundScore, rules: StandingsRules) -> RoundStanding:
    """A bye: no table and no rank; fixed points, else the rules' bye points."""
    bp = Fraction(score.fixed_points if score.fixed_points is not None else rules.bye_points)
    sb = sb_of(score, rules)
    return RoundStanding(
        player=score.player, round=score.round, table=0, money=score.money,
        premium=score.premium, sb=sb, rank=0, bp=bp, fixed=True, bye=True,
        rounded_money=sb_money(score, rules),
    )


def round_money(money: int, rules: StandingsRules) -> int | None:
    """SZMK C.8: the money a player ends a round with ("nahratá suma") = budget + ZB."""
    return None if rules.round_budget is None else rules.round_budget + money


def total_money(standing: Standing, rules: StandingsRules) -> int | None:
    """SZMK: the sum of the counted rounds' money (budget + ZB each); None elsewhere."""
    if rules.round_budget is None:
        return None
    counted = sum(1 for r in standing.rounds if r.round not in standing.dropped)
    return counted * rules.round_budget + standing.money


def table_points(money: Sequence[int], rules: StandingsRules) -> list[Fraction]:
    """The placement points of one table's round money, in the given order (for planning a
    result before it is entered, e.g. the demo's last round)."""
    scores = [RoundScore(player=i, round=0, table=0, money=m) for i, m in enumerate(money)]
    return [row.bp for row in rank_round(scores, rules)]


def round_reasons(row: RoundStanding, rules: StandingsRules) -> tuple[Reason, Reason]:
    """Why a round row has its SB (at SZMK: its round money) and its BP, as reasons.

    Computed on demand, for the rows a caller shows (:mod:`scoring.reasons`)."""
    return _money_reason(row, rules), _bp_reason(row, rules)


def _money_reason(row: RoundStanding, rules: StandingsRules) -> Reason:
    scale = rules.minor_per_major
    if rules.round_budget is not None:  # SZMK C.8: the round money starts at the budget
        return Reason.of("round_money_budget", budget=Amount(rules.round_budget, scale),
                         zb=Amount(row.money, scale),
                         total=Amount(rules.round_budget + row.money, scale))
    sb = {"zb": Amount(row.money, scale), "factor": rules.premium_factor,
          "pb": row.premium, "sb": Amount(row.sb, scale)}
    rounded = row.money if row.rounded_money is None else row.rounded_money
    if rounded != row.money:  # SloapSlam Čl. V: rounded first, then PB added
        return Reason.of("round_sb_rounded", **sb, rounded=Amount(rounded, scale))
    return Reason.of("round_sb", **sb)


def _bp_reason(row: RoundStanding, rules: StandingsRules) -> Reason:
    if row.bye:
        return Reason.of("round_bp_bye", bp=row.bp)
    table = rules.placement is PlacementKey.TABLE_POINTS
    where = Reason.of("round_bp_at_table" if table else "round_bp_in_round")
    if row.fixed:
        return Reason.of("round_bp_fixed", bp=row.bp, rank=row.rank, where=where)
    if not table and rules.placement is PlacementKey.N_MINUS_RANK:
        return Reason.of("round_bp_n_minus_rank", bp=row.bp, rank=row.rank,
                         size=row.ranked_among, where=where)
    return Reason.of("round_bp_key", bp=row.bp, rank=row.rank, where=where,
                     key=rules.placement.value)


def _dropped(rounds: list[RoundStanding], rules: StandingsRules) -> set[int]:
    """Round numbers left out: the best and worst by BP (then SB), when the rules say so."""
    dropping = rules.drop_best + rules.drop_worst
    if not dropping or len(rounds) <= dropping:
        return set()
    ordered = sorted(rounds, key=lambda r: (r.bp, r.sb, -r.round))
    worst = ordered[: rules.drop_worst]
    best = ordered[len(ordered) - rules.drop_best:] if rules.drop_best else []
    return {r.round for r in (*worst, *best)}


@dataclass(frozen=True)
class PlayerTotals:
    """One player's rounds summed for the tournament chain (the counted rounds only)."""

    player: PlayerId
    rounds: tuple[RoundStanding, ...]  # every round, in order
    dropped: frozenset[int]  # round numbers left out (drop_best, drop_worst)
    bp: Fraction
    sb: Fraction
    money: int  # ZB, in the smallest currency unit
    premium: Fraction  # PB
    # Compared as tuples: (5, 5, 1) beats (5, 3, 3) – more wins first, then seconds.
    record: tuple[Fraction, ...]
    best_round: int  # the money of the best single round

    def key(self, chain: Sequence[RankKey]) -> tuple[Any, ...]:
        """The values of ``chain``'s keys, compared as a tuple (higher first)."""
        return tuple(RANK_KEYS[k].value(self) for k in chain)


def compute_standings(
    scores: Iterable[RoundScore], rules: StandingsRules, seed: int = 0
) -> list[Standing]:
    """The tournament order: every round ranked, BP summed, ties by the chain, then a lot."""
    per_round: dict[int, list[RoundScore]] = defaultdict(list)
    for score in scores:
        per_round[score.round].append(score)
    by_player: dict[PlayerId, list[RoundStanding]] = defaultdict(list)
    for number in sorted(per_round):
        for row in rank_round(per_round[number], rules):
            by_player[row.player].append(row)
    players = sorted(by_player, key=repr)
    totals = []
    for player in players:
        rounds = by_player[player]  # appended round by round above: already in order
        dropped = _dropped(rounds, rules)
        kept = [r for r in rounds if r.round not in dropped] if dropped else rounds
        totals.append(_built(
            PlayerTotals, player=player, rounds=tuple(rounds), dropped=frozenset(dropped),
            bp=exact_sum(r.bp for r in kept),
            sb=exact_sum(r.sb for r in kept),
            money=sum(r.money for r in kept),
            premium=exact_sum(r.premium for r in kept),
            record=_descending([r.bp for r in kept]),
            best_round=max((r.money for r in kept), default=0),
        ))
    keys = [t.key(rules.tournament_chain) for t in totals]
    ranks = shared_ranks(keys)
    lot = _lot(players, seed)
    order = sorted(range(len(totals)), key=lambda i: (ranks[i], lot[players[i]]))
    tied = {r for r, count in Counter(ranks).items() if count > 1}
    return [
        _built(
            Standing, player=t.player, rank=ranks[i], position=position, by_lot=ranks[i] in tied,
            bp=t.bp, sb=t.sb, money=t.money, premium=t.premium, rounds=t.rounds,
            dropped=tuple(sorted(t.dropped)), record=t.record, best_round=t.best_round,
        )
        for position, i in enumerate(order, start=1)
        for t in (totals[i],)
    ]


def _descending(values: list[Fraction]) -> tuple[Fraction, ...]:
    """The values sorted from the highest, compared as integers over their common denominator
    (equal keys are equal values, so the tuple is the one ``sorted(reverse=True)`` gives)."""
    common = _common_denominator(values)
    if common is None:
        return tuple(sorted(values, reverse=True))
    return tuple(sorted(values, key=lambda v: _scaled(v, common), reverse=True))


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """The sum as a Fraction, added as integers over the common denominator: one
    normalisation instead of one per term (the same value as ``sum(values, Fraction(0))``).
    Whole numbers (the usual BP, SB and PB) are summed as plain integers."""
    numbers = list(values)
    common = 1
    for number in numbers:
        denominator = number.denominator
        if denominator != 1 and common % denominator:
            common = lcm(common, denominator)
    if common == 1:
        return Fraction(sum([number.numerator for number in numbers]))
    return Fraction(sum(n.numerator * (common // n.denominator) for n in numbers), common)


def _lot(players: Sequence[PlayerId], seed: int) -> dict[PlayerId, int]:
    """A reproducible draw: the same seed and field give the same order among equals."""
    rng = random.Random(f"standings-lot:{seed}")
    shuffled = list(players)
    rng.shuffle(shuffled)
    return {p: i for i, p in enumerate(shuffled)}

