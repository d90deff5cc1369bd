"""Byes: who sits a round out when every table must have exactly four players.

Křížový (ČSM obecná pravidla VII.2 L243 "Sehrávky se účastní 4 hráči"): all four at a table
play every hand, so there are no tables of 3 and no fifth player who sits out per hand. A field
of N players therefore plays at N // 4 tables and N mod 4 players have a bye. The rule texts
have no form for such fields (docs/csm-krizovy.md "Tournament scoring", docs/readings.md §9.13, an
open point); this is our documented decision: byes with a fixed result (scored by the standings,
``RoundScore.bye``).

Rotation: the byes go to the players with the fewest byes so far, so nobody has a second bye
before everyone present has had one; among equals a lot drawn from the seed and the round
number (reproducible, and independent of the order the caller lists the players in).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .counts import canonical_order
from .plan import Seed, derive_rng
from .types import ErrorCode, PlayerId, SeatingError

FULL_TABLE = 4


def bye_count(n: int, table_size: int = FULL_TABLE) -> int:
    """How many of ``n`` players sit out at tables of exactly ``table_size``.

    Raises ``SeatingError`` (``TOO_FEW_PLAYERS``) when not even one table fills."""
    if n < table_size:
        raise SeatingError(
            ErrorCode.TOO_FEW_PLAYERS, f"{n} players cannot fill a table of {table_size}"
        )
    return n % table_size


def choose_byes(
    players: Sequence[PlayerId],
    previous: Mapping[PlayerId, int],
    seed: Seed,
    round_number: int,
    table_size: int = FULL_TABLE,
) -> list[PlayerId]:
    """The players who sit this round out, in canonical order.

    ``previous`` counts each player's byes in the rounds before (missing: none). The fewest
    byes first, then the lot; so while the field stays the same, byes go round the field
    before anyone gets a second one.
    """
    count = bye_count(len(players), table_size)
    if count == 0:
        return []
    ordered = canonical_order(players)
    rng = derive_rng(seed, "byes", round_number)
    lot = list(range(len(ordered)))
    rng.shuffle(lot)
    chosen = sorted(range(len(ordered)), key=lambda i: (previous.get(ordered[i], 0), lot[i]))
    return canonical_order([ordered[i] for i in chosen[:count]])


def split_field(
    players: Sequence[PlayerId],
    previous: Mapping[PlayerId, int],
    seed: Seed,
    round_number: int,
    table_size: int = FULL_TABLE,
) -> tuple[list[PlayerId], list[PlayerId]]:
    """(the players who play this round, those with a bye)."""
    byes = choose_byes(players, previous, seed, round_number, table_size)
    out = set(byes)
    return [p for p in players if p not in out], byes
