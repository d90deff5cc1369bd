"""Plain data types shared by every seating module.

The seating code never sees the ORM: a player is any hashable id, a table is a tuple of ids in
seat order and a round's seating is a list of tables in table-number order. Keeping the types
this plain is what lets the Django layer store a round as JSON and replay it from the seed.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from enum import StrEnum
from typing import TypeAlias

PlayerId: TypeAlias = Hashable
"""A player's id: an int or a string in practice (any hashable works)."""

Table: TypeAlias = tuple[PlayerId, ...]
"""One table: the players in seat order, seat 1 first."""

Seating: TypeAlias = list[Table]
"""One round: the tables in table-number order, table 1 first."""

History: TypeAlias = Sequence[Sequence[Sequence[PlayerId]]]
"""Rounds already played (or fixed), oldest first; never modified by this package."""


class Method(StrEnum):
    """How one round is seated.

    ``POTS`` and ``SNAKE`` need a ranking; ``SZMK`` picks its rule from the round number
    (docs/szmk.md#tournament-and-seating); ``OPTIMISE`` avoids repeats against everything seated
    before.
    """

    LOT = "lot"
    POTS = "pots"
    SNAKE = "snake"
    OPTIMISE = "optimise"
    SZMK = "szmk"


class ErrorCode(StrEnum):
    """Stable machine-readable reasons, so the web layer can translate the message."""

    TOO_FEW_PLAYERS = "too_few_players"
    CANNOT_SPLIT = "cannot_split"
    TOO_MANY_ODD_TABLES = "too_many_odd_tables"
    UNSUPPORTED_TABLE_SIZE = "unsupported_table_size"
    DUPLICATE_PLAYER = "duplicate_player"
    UNKNOWN_PLAYER = "unknown_player"
    BAD_ROUNDS = "bad_rounds"
    MISSING_STANDINGS = "missing_standings"


class SeatingError(ValueError):
    """Raised when a field cannot be seated as asked; ``code`` says why in a stable form."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"SeatingError({self.code.value!r}, {self.message!r})"
