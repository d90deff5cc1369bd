"""Entry points: seat one round, plan several, re-plan after a change in the field.

Everything here is deterministic: the same players, history, options and seed give the same
seating, whatever order the caller lists the players in (ids are put in a canonical order
first) and on any machine (search budgets count work, not seconds). Each round and each block
of optimised rounds draws from its own ``random.Random`` derived from the seed and the round
number, so re-planning round 4 does not disturb how round 5 would be drawn by lot.

Rounds already played are input only and are never changed. A plan returns only the rounds it
was asked for; ``replan`` is the same with "how many rounds in total" instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .bounds import groups_per_round
from .counts import Counts, canonical_order
from .designs import KNOWN_MAXIMA, design_rounds
from .editing import Lock, LockError
from .groups import Groupings, before_repeats, clash_matrix, group_bound
from .lot import seat_lot
from .optimiser import Search, round_budget
from .search_cost import RoundSpec
from .seeded import complete_ranking, seat_pots, seat_snake
from .sizing import CSM_TABLE, table_sizes
from .szmk import SzmkRule, fit_sizes, rule_for, slide, swiss, thirds
from .types import ErrorCode, History, Method, PlayerId, Seating, SeatingError

Seed = int | str
Locks = Mapping[PlayerId, Lock] | None
"""The director's locked seats of the round seated (player → table, seat; 1-based)."""


def derive_rng(seed: Seed, *parts: object) -> random.Random:
    """A generator for one purpose (round, block) that depends only on the seed and the parts."""
    return random.Random("/".join(str(part) for part in (seed, *parts)))


def _ids(players: Sequence[PlayerId], tables: Sequence[Sequence[int]]) -> Seating:
    return [tuple(players[p] for p in table) for table in tables]


def _field_sizes(n: int, table_size: int, max_odd_tables: int | None) -> list[int]:
    return table_sizes(n, table_size, max_small_tables=max_odd_tables)


def _known_floor(n: int, table_size: int, sizes: list[int], history: History, rounds: int) -> int:
    """At least one repeat when a whole field exceeds its known zero-repeat maximum."""
    maximum = KNOWN_MAXIMA.get((n, table_size))
    if history or maximum is None or rounds <= maximum or len(set(sizes)) > 1:
        return 0
    return 1


def _search(
    counts: Counts,
    specs: list[RoundSpec],
    rng: random.Random,
    history: History,
    keep_apart: Groupings,
    pair_floor: int = 0,
) -> Search:
    """The search over ``specs`` with the group criterion when any two players share a group."""
    players = counts.players
    groups = groups_per_round(history, set(players))
    clash = clash_matrix(players, keep_apart)
    floor = 0
    if clash is not None:
        floor = sum(group_bound(players, keep_apart, len(spec.sizes)) for spec in specs)
    return Search(
        counts,
        specs,
        rng,
        pair_floor=pair_floor,
        history_groups=groups,
        clash=clash,
        group_floor=floor,
        groups_first=before_repeats(keep_apart),
    )


def optimise_block(
    players: Sequence[PlayerId],
    rounds: int,
    sizes: list[int],
    table_size: int,
    rng: random.Random,
    history: History = (),
    effort: float = 1.0,
    keep_apart: Groupings = None,
    locks: Locks = None,
) -> list[Seating]:
    """``rounds`` consecutive rounds optimised together after ``history``.

    ``players`` must already be in canonical order. A fresh field that a stored design fits
    starts from the design (zero repeats); otherwise a greedy seating per round starts the
    tabu search, which then works on all the rounds at once. ``keep_apart`` adds the group
    criterion (clubmates at a table, see ``groups.py``). ``locks`` hold players of the first
    round where the director locked them, and the search seats everyone else around them
    (locks of players not in the field are ignored; contradicting ones raise ``LockError``
    naming players by id).
    """
    counts = Counts.build(players, history, table_size, len(sizes))
    initial = None
    if counts.rounds == 0:
        initial = design_rounds(len(players), table_size, sizes, rounds, rng)
    initial = initial or []
    specs = [
        RoundSpec(sizes=list(sizes), initial=initial[r] if r < len(initial) else None)
        for r in range(rounds)
    ]
    if locks and specs:
        specs[0].locked = _locked_indices(players, locks)
    floor = _known_floor(len(players), table_size, sizes, history, rounds)
    if specs and specs[0].locked:
        floor = max(floor, _locked_floor(counts, specs[0].locked))
    try:
        search = _search(counts, specs, rng, history, keep_apart, pair_floor=floor)
    except LockError as error:  # indices back to the caller's ids
        raise LockError(error.code, **{k: players[v] if k in ("player", "other") else v
                                       for k, v in error.params.items()}) from error
    result = search.run(int(round_budget(len(players)) * rounds * effort))
    return [_ids(players, tables) for tables in result]


def _locked_floor(counts: Counts, locked: Mapping[int, tuple[int, int | None]]) -> int:
    """Repeats the locks force: players locked to one table meet again as often as they met
    before (each meeting adds its count to C(m, 2)); the search stops once it gets there."""
    by_table: dict[int, list[int]] = {}
    for p, (table, _seat) in locked.items():
        by_table.setdefault(table, []).append(p)
    met = counts.met
    return sum(met[p][q] for group in by_table.values()
               for i, p in enumerate(group) for q in group[i + 1:])


def _locked_indices(players: Sequence[PlayerId],
                    locks: Mapping[PlayerId, Lock]) -> dict[int, tuple[int, int | None]] | None:
    """The locks of players in the field as the search takes them: index → 0-based places."""
    index = {p: i for i, p in enumerate(players)}
    locked = {index[p]: (lock.table - 1, None if lock.seat is None else lock.seat - 1)
              for p, lock in locks.items() if p in index}
    return locked or None


def repair(
    players: Sequence[PlayerId],
    prescribed: Sequence[Sequence[PlayerId]],
    table_size: int,
    rng: random.Random,
    history: History = (),
    by_seat: bool = True,
    effort: float = 1.0,
    keep_apart: Groupings = None,
) -> Seating:
    """A rule's seating (or a lot) with repeated pairs, and group pairs when ``keep_apart``,
    removed by the fewest, shortest moves.

    When the prescription has neither, it is returned as it is. Otherwise the optimiser may
    swap players (only those in the same seat when ``by_seat``: seeding pots and bands stay
    whole), each paying the distance from the table the rule gave him, below the repeats and
    the groups but above every other criterion.
    """
    counts = Counts.build(players, history, table_size, len(prescribed))
    tables = counts.to_indices(prescribed)
    met = counts.met
    clash = clash_matrix(players, keep_apart) or met
    if not any(met[p][q] or clash[p][q] for table in tables for p in table for q in table):
        return [tuple(table) for table in prescribed]
    home = {p: t for t, table in enumerate(tables) for p in table}
    count = len(tables)
    static = [[abs(t - home[p]) for t in range(count)] for p in range(len(players))]
    classes = None
    if by_seat:
        classes = [0] * len(players)
        for table in tables:
            for seat, p in enumerate(table):
                classes[p] = seat
    spec = RoundSpec(
        sizes=[len(table) for table in tables],
        initial=tables,
        classes=classes,
        static=static,
        renumber=False,
        reseat=False,
    )
    search = _search(counts, [spec], rng, history, keep_apart)
    result = search.run(int(round_budget(len(players)) * effort))
    return _ids(players, result[0])


def _order(
    players: Sequence[PlayerId], ranking: Sequence[PlayerId] | None, rng: random.Random
) -> list[PlayerId]:
    return complete_ranking(players, ranking, rng)


def _standings(
    players: Sequence[PlayerId], standings: Sequence[PlayerId] | None, round_number: int
) -> list[PlayerId]:
    if standings is None:
        raise SeatingError(
            ErrorCode.MISSING_STANDINGS, f"round {round_number} is seated by the standings"
        )
    present = set(players)
    ordered = [p for p in dict.fromkeys(standings) if p in present]
    listed = set(ordered)
    return ordered + [p for p in players if p not in listed]


def _szmk_round(
    players: list[PlayerId],
    sizes: list[int],
    table_size: int,
    round_number: int,
    history: History,
    rng: random.Random,
    ranking: Sequence[PlayerId] | None,
    standings: Sequence[PlayerId] | None,
    effort: float,
    keep_apart: Groupings,
) -> Seating:
    rule = rule_for(round_number)
    if rule is SzmkRule.SLIDE and not history:
        rule = SzmkRule.POTS
    if rule is SzmkRule.POTS:
        prescribed = seat_pots(_order(players, ranking, rng), sizes, rng)
        return repair(players, prescribed, table_size, rng, history, True, effort, keep_apart)
    if rule is SzmkRule.SLIDE:
        prescribed = fit_sizes(slide(history[-1], players), sizes)
    elif rule is SzmkRule.THIRDS:
        prescribed = thirds(_standings(players, standings, round_number), sizes)
    else:
        prescribed = swiss(_standings(players, standings, round_number), sizes)
    by_seat = rule is not SzmkRule.SWISS
    # Slides and the standings' thirds and Swiss pairs prescribe each player's table: only
    # repeats may move anyone there, clubmates may not.
    return repair(players, prescribed, table_size, rng, history, by_seat, effort)


def seat_round(
    players: Sequence[PlayerId],
    method: Method,
    seed: Seed,
    *,
    history: History = (),
    table_size: int = CSM_TABLE,
    max_odd_tables: int | None = None,
    round_number: int | None = None,
    ranking: Sequence[PlayerId] | None = None,
    standings: Sequence[PlayerId] | None = None,
    rounds_total: int | None = None,
    effort: float = 1.0,
    keep_apart: Groupings = None,
    locks: Locks = None,
) -> Seating:
    """Seat one round of ``players`` after the played ``history``.

    ``round_number`` defaults to the round after the history (it picks the SZMK rule and the
    random stream). ``ranking`` seeds ``POTS``/``SNAKE`` and SZMK round 1; ``standings`` (best
    first) is required by SZMK rounds 4 and later. With ``OPTIMISE`` and ``rounds_total`` the
    remaining rounds are planned together and the first of them is returned, which avoids
    seating a small field into a corner that forces repeats in its last rounds.

    ``keep_apart`` (clubs; see ``groups.py``) keeps players of the same group at different
    tables where it can: ``OPTIMISE`` counts them in its cost; ``LOT``, ``POTS``, ``SNAKE``
    and the SZMK pots of round 1 are drawn first and then repaired by the fewest swaps (repeats
    first, as always), those of ``POTS``/``SNAKE`` only within a seed band (the same seat), so
    every table still gets one player of each band. The SZMK slides, thirds and Swiss rounds
    ignore it (their rule says where each player goes). Without any two players sharing a
    group, every method seats exactly as it does without ``keep_apart``.

    ``locks`` (``OPTIMISE`` only) keep the director's locked players at their tables and seats
    while the search optimises the others around them; the other methods prescribe tables by
    a rule or a lot, and their caller moves locked players afterwards
    (``editing.apply_locks``).
    """
    method = Method(method)
    number = round_number or len(history) + 1
    ordered = canonical_order(players)
    sizes = _field_sizes(len(ordered), table_size, max_odd_tables)
    if method is Method.OPTIMISE:
        rounds = max(1, (rounds_total or number) - number + 1)
        rng = derive_rng(seed, Method.OPTIMISE, number)
        return optimise_block(
            ordered, rounds, sizes, table_size, rng, history, effort, keep_apart, locks
        )[0]
    rng = derive_rng(seed, method, number)
    if method is Method.LOT:
        lot = seat_lot(ordered, sizes, rng)
        if clash_matrix(ordered, keep_apart) is None:
            return [tuple(t) for t in lot]
        # Repaired as a seeding is, against the history: moving clubmates apart never makes
        # anyone meet again (and a repeat the lot drew goes too).
        return repair(ordered, lot, table_size, rng, history, False, effort, keep_apart)
    if method is Method.POTS or method is Method.SNAKE:
        order = _order(ordered, ranking, rng)
        tables = seat_pots(order, sizes, rng) if method is Method.POTS else seat_snake(order, sizes)
        return repair(ordered, tables, table_size, rng, history, True, effort, keep_apart)
    return _szmk_round(
        ordered, sizes, table_size, number, history, rng, ranking, standings, effort, keep_apart
    )


def plan_rounds(
    players: Sequence[PlayerId],
    rounds: int,
    table_size: int,
    seed: Seed,
    method: Method | Sequence[Method] = Method.OPTIMISE,
    *,
    history: History = (),
    max_odd_tables: int | None = None,
    ranking: Sequence[PlayerId] | None = None,
    standings: Sequence[PlayerId] | None = None,
    effort: float = 1.0,
    keep_apart: Groupings = None,
) -> list[Seating]:
    """Plan ``rounds`` rounds after ``history`` (all rounds when there is none).

    ``method`` is one method for every round or one per round. Consecutive ``OPTIMISE`` rounds
    are optimised together, so a plan avoids repeats better than seating round by round. For
    SZMK planned ahead, the standings of later rounds are not known yet: ``standings`` stands in
    for all of them, and without it the seeding order (ranking, then lot) does.
    """
    if rounds < 0:
        raise SeatingError(ErrorCode.BAD_ROUNDS, f"cannot plan {rounds} rounds")
    methods = [Method(method)] * rounds if isinstance(method, str) else [Method(m) for m in method]
    if len(methods) != rounds:
        raise SeatingError(
            ErrorCode.BAD_ROUNDS, f"{len(methods)} methods given for {rounds} rounds"
        )
    ordered = canonical_order(players)
    sizes = _field_sizes(len(ordered), table_size, max_odd_tables)
    if standings is None and Method.SZMK in methods:
        standings = _order(ordered, ranking, derive_rng(seed, Method.SZMK, "standings"))
    done: list[Sequence[Sequence[PlayerId]]] = list(history)
    planned: list[Seating] = []
    i = 0
    while i < rounds:
        number = len(done) + 1
        if methods[i] is Method.OPTIMISE:
            j = i
            while j < rounds and methods[j] is Method.OPTIMISE:
                j += 1
            rng = derive_rng(seed, Method.OPTIMISE, number)
            block = optimise_block(
                ordered, j - i, sizes, table_size, rng, done, effort, keep_apart
            )
            i = j
        else:
            block = [
                seat_round(
                    ordered,
                    methods[i],
                    seed,
                    history=done,
                    table_size=table_size,
                    max_odd_tables=max_odd_tables,
                    round_number=number,
                    ranking=ranking,
                    standings=standings,
                    effort=effort,
                    keep_apart=keep_apart,
                )
            ]
            i += 1
        planned.extend(block)
        done.extend(block)
    return planned


def replan(
    history: History,
    players: Sequence[PlayerId],
    rounds_total: int,
    table_size: int,
    seed: Seed,
    method: Method | Sequence[Method] = Method.OPTIMISE,
    *,
    max_odd_tables: int | None = None,
    ranking: Sequence[PlayerId] | None = None,
    standings: Sequence[PlayerId] | None = None,
    effort: float = 1.0,
    keep_apart: Groupings = None,
) -> list[Seating]:
    """The rounds after the played ``history`` for a changed field (late entry, withdrawal).

    Returns only the new rounds (``rounds_total - len(history)`` of them); ``method`` and the
    options are as for ``plan_rounds`` and refer to those rounds. ``history`` is not modified.
    """
    remaining = rounds_total - len(history)
    if remaining < 0:
        raise SeatingError(
            ErrorCode.BAD_ROUNDS, f"{len(history)} rounds played, only {rounds_total} planned"
        )
    return plan_rounds(
        players,
        remaining,
        table_size,
        seed,
        method,
        history=history,
        max_odd_tables=max_odd_tables,
        ranking=ranking,
        standings=standings,
        effort=effort,
        keep_apart=keep_apart,
    )
