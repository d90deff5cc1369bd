"""Standings maths: round ranks, placement points (BP) and the tournament order.

Pure: plain scores in, ranked rows out, every number with the reason it has (ČSM practice of
domain.md §2.2; the keys and chains are configurable because leagues differ). The web layer
feeds it only confirmed table results.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction

PlayerId = Hashable


class RankKey(StrEnum):
    SB = "sb"  # soutěžní body: ZB + factor × PB
    ZB = "zb"  # money
    PB = "pb"
    BP = "bp"  # placement points (tournament chain only)


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
    explanation: tuple[str, ...]


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


def sb_of(score: RoundScore, rules: StandingsRules) -> Fraction:
    return score.money + rules.premium_factor * score.premium * rules.minor_per_major


def _key(values: dict[RankKey, Fraction | int], chain: Sequence[RankKey]) -> tuple:
    return tuple(values[k] for k in chain)


def shared_ranks(keys: Sequence[tuple]) -> list[int]:
    """Competition ranking (1, 2, 2, 4) of keys, higher first; equal keys share a rank."""
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


def _placement(ranks: list[int], rules: StandingsRules, table: bool) -> list[Fraction]:
    size = len(ranks)
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


def _fmt(value: Fraction | int, scale: int = 1) -> str:
    """Exact for whole numbers, else rounded half up to at most two decimals, decimal comma."""
    number = Fraction(value) / scale
    if number.denominator == 1:
        return str(number.numerator)
    exact = Decimal(number.numerator) / Decimal(number.denominator)
    text = format(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), "f")
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("", "-", "-0") else text.replace(".", ",")


def rank_round(scores: Sequence[RoundScore], rules: StandingsRules) -> list[RoundStanding]:
    """Rank one round's field (or, with table points, each table) and give placement points."""
    by_table = rules.placement is PlacementKey.TABLE_POINTS
    groups: dict[int, list[RoundScore]] = defaultdict(list)
    for score in scores:
        groups[score.table if by_table else 0].append(score)
    result: list[RoundStanding] = []
    for group in groups.values():
        values = [{RankKey.SB: sb_of(s, rules), RankKey.ZB: s.money, RankKey.PB: s.premium}
                  for s in group]
        ranks = shared_ranks([_key(v, rules.round_chain) for v in values])
        points = _placement(ranks, rules, by_table)
        for score, value, rank, bp in zip(group, values, ranks, points, strict=True):
            result.append(RoundStanding(
                player=score.player, round=score.round, table=score.table, money=score.money,
                premium=score.premium, sb=value[RankKey.SB], rank=rank, bp=bp,
                explanation=(
                    f"SB = ZB {_fmt(score.money, rules.minor_per_major)} + "
                    f"{rules.premium_factor} × PB {_fmt(score.premium)} = "
                    f"{_fmt(value[RankKey.SB], rules.minor_per_major)}",
                    _bp_reason(rank, len(group), bp, rules, by_table),
                ),
            ))
    return result


def _bp_reason(rank: int, size: int, bp: Fraction, rules: StandingsRules, table: bool) -> str:
    where = "u stolu" if table else "v kole"
    if not table and rules.placement is PlacementKey.N_MINUS_RANK:
        return f"BP = {size} − {rank} + 1 = {_fmt(bp)} ({rank}. místo {where})"
    return f"BP = {_fmt(bp)} ({rank}. místo {where}, klíč {rules.placement.value})"


def _dropped(rounds: list[RoundStanding], rules: StandingsRules) -> set[int]:
    """Round numbers left out: the best and worst by BP (then SB), when the rules say so."""
    dropping = rules.drop_best + rules.drop_worst
    if not dropping or len(rounds) <= dropping:
        return set()
    ordered = sorted(rounds, key=lambda r: (r.bp, r.sb, -r.round))
    worst = ordered[: rules.drop_worst]
    best = ordered[len(ordered) - rules.drop_best:] if rules.drop_best else []
    return {r.round for r in (*worst, *best)}


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
        rounds = sorted(by_player[player], key=lambda r: r.round)
        dropped = _dropped(rounds, rules)
        kept = [r for r in rounds if r.round not in dropped]
        totals.append((player, rounds, dropped, {
            RankKey.BP: sum((r.bp for r in kept), Fraction(0)),
            RankKey.SB: sum((r.sb for r in kept), Fraction(0)),
            RankKey.ZB: sum(r.money for r in kept),
            RankKey.PB: sum((r.premium for r in kept), Fraction(0)),
        }))
    keys = [_key(t[3], rules.tournament_chain) for t in totals]
    ranks = shared_ranks(keys)
    lot = _lot(players, seed)
    order = sorted(range(len(totals)), key=lambda i: (ranks[i], lot[players[i]]))
    tied = {r for r in ranks if ranks.count(r) > 1}
    return [
        Standing(
            player=totals[i][0], rank=ranks[i], position=position, by_lot=ranks[i] in tied,
            bp=totals[i][3][RankKey.BP], sb=totals[i][3][RankKey.SB],
            money=int(totals[i][3][RankKey.ZB]), premium=totals[i][3][RankKey.PB],
            rounds=tuple(totals[i][1]), dropped=tuple(sorted(totals[i][2])),
        )
        for position, i in enumerate(order, start=1)
    ]


def _lot(players: Sequence[PlayerId], seed: int) -> dict[PlayerId, int]:
    """A reproducible draw: the same seed and field give the same order among equals."""
    rng = random.Random(f"standings-lot:{seed}")
    shuffled = list(players)
    rng.shuffle(shuffled)
    return {p: i for i, p in enumerate(shuffled)}

