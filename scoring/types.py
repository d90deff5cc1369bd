"""Vocabulary shared by every rules module.

The values are the stable codes used in JSON, the database and the shorthand parser's output;
the Czech names live in the ruleset data and in :mod:`scoring.messages`.
"""

from __future__ import annotations

from enum import StrEnum


class Suit(StrEnum):
    HEARTS = "hearts"  # červené
    BELLS = "bells"  # kule
    LEAVES = "leaves"  # zelené
    ACORNS = "acorns"  # žaludy


class Component(StrEnum):
    """A part of a contract that is won, lost and doubled on its own (ČSM 2023 A, obecná V.3)."""

    GAME = "game"  # hra
    HUNDRED = "hundred"  # sto (announced)
    SEVEN = "seven"  # sedma (announced)
    BETL = "betl"
    DURCH = "durch"
    TWO_SEVENS = "two_sevens"  # dvě sedmy


COMPONENT_ORDER: tuple[Component, ...] = tuple(Component)


class Side(StrEnum):
    DECLARER = "declarer"
    DEFENCE = "defence"


class RenoncKind(StrEnum):
    """The classes of ČSM 2023 E.2 (in play), E.3 (technical, paušál 1) and E.4 (paušál 2)."""

    TECHNICAL = "technical"
    IN_PLAY = "in_play"
    PAUSAL_2 = "pausal_2"


class HandEffect(StrEnum):
    """What a renonc does to the hand in which it happened."""

    CONTINUES = "continues"  # play goes on, the result stands (E.6.a)
    LOST_BY_OFFENDER = "lost_by_offender"  # the offending side loses every component (E.6.b)
    REPLAYED = "replayed"  # the hand is dealt again (SZMK)
    MAY_BE_PLAYED_OUT = "may_be_played_out"  # SZMK
    NOT_PLAYED = "not_played"  # SZMK


class SilentHundredRule(StrEnum):
    """How tiché sto changes the hra part of a sedma contract (obecná pravidla V.7)."""

    NONE = "none"  # not recognised
    DOUBLE = "double"  # hra counts twice, no steps above 100
    DOUBLE_PER_TEN = "double_per_ten"  # twice, times (1 + tens above 100): domain.md default


class FlekBinding(StrEnum):
    """Whom a defender's flek binds (domain.md §2: configurable)."""

    ALL_PAYERS = "all_payers"
    PER_DEFENDER = "per_defender"
