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


class Rank(StrEnum):
    """A card's rank (hodnota, výška): in křížový the forehand calls one to pick his partner
    (obecná pravidla VII.2 L243-245), the holder of that rank in trumps."""

    SEVEN = "seven"  # sedma
    EIGHT = "eight"  # osma
    NINE = "nine"  # devítka
    TEN = "ten"  # desítka
    UNDER = "under"  # spodek
    OVER = "over"  # svršek
    KING = "king"  # král
    ACE = "ace"  # eso


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
    """Renonc classes: ČSM 2023 E.2-E.4, and the four SZMK 2024 D.2 tiers by paušál."""

    TECHNICAL = "technical"
    IN_PLAY = "in_play"
    PAUSAL_2 = "pausal_2"
    MINOR = "minor"  # SZMK menší
    CLASSIC = "classic"  # SZMK klasický
    MAJOR = "major"  # SZMK väčší
    EXTRAORDINARY = "extraordinary"  # SZMK mimoriadny


class HandEffect(StrEnum):
    """What a renonc does to the hand in which it happened."""

    CONTINUES = "continues"  # play goes on, the result stands (ČSM 2023 E.6.a)
    # the offending side loses every component (ČSM 2023 E.6.b)
    LOST_BY_OFFENDER = "lost_by_offender"
    REPLAYED = "replayed"  # SZMK D.4.a: dealt again, the contract is not settled
    MAY_BE_PLAYED_OUT = "may_be_played_out"  # SZMK D.4.c: settled only if played out
    NOT_PLAYED = "not_played"  # SZMK D.4.d: the contract is not settled
    # ČSM obecná pravidla VI.3: the paušál to every other player *and* the game lost by the
    # offending side, paid by the offender for his whole side
    PAUSAL_AND_LOST = "pausal_and_lost"
    # pagat L91: instead of the hand, the offender pays every other player the larger of the
    # paušál and the value of the contract with its announcements at their reached levels
    PAY_MAX_OF_PAUSAL_AND_CONTRACT = "pay_max_of_pausal_and_contract"
    # SloapSlam čtyřka L38: the table agrees the presumed result of the play; the offender
    # pays his side's share of a loss, or his partner the share of a win (scoring/honours.py)
    PRESUMED_RESULT = "presumed_result"
    # SloapSlam křížový D1-D4 (L254-260): as PAUSAL_AND_LOST unless the innocent side had the
    # hand played out (``Renonc.played_out``); then only the paušál, and the result stands
    LOST_UNLESS_PLAYED_OUT = "lost_unless_played_out"


class SilentHundredRule(StrEnum):
    """How tiché sto changes the hra part of a sedma contract (obecná pravidla V.7)."""

    NONE = "none"  # not recognised
    DOUBLE = "double"  # hra counts twice, no steps above 100
    # twice, times (1 + tens above 100): default, docs/csm-licitovany.md#readings
    DOUBLE_PER_TEN = "double_per_ten"
    # SZMK "nad 100 – pod 100": 100 counts the hra twice (C.5, the nahraná stovka), then each
    # ten past 100 grows it by the ruleset's series (SZMK 2024 C.1, C.6.b)
    SERIES = "series"


class Series(StrEnum):
    """How each full ten past 100 grows a part (SZMK 2024 C.1 "aritmetickým radom").

    The part's value at 100 is one step of the series: the announced stovka (SZMK 2024 C.5: 20 c) or
    the nahraná stovka of a farba (SZMK 2024 C.5: twice the hra, 10 c at the basic rate).
    """

    ARITHMETIC = "arithmetic"  # each ten adds the value at 100 once more (SZMK 2024 C.6.b)
    GEOMETRIC = "geometric"  # the part doubles per ten
    HALF_STEP = "half_step"  # each ten adds half the value at 100 (pagat L101: 4+2+2+2)


class IncorrectFlekVoids(StrEnum):
    """What the referee's SZMK 2024 E.2 ruling voids when it names some of the flekers."""

    ALL = "all"  # every raise of the hand, as an SZMK 2024 E.1 cancellation does
    OWN = "own"  # the named flekers' raises (and the answers to them) only


class FlekBinding(StrEnum):
    """Whom a defender's flek binds (docs/csm-licitovany.md#readings: configurable)."""

    ALL_PAYERS = "all_payers"
    PER_DEFENDER = "per_defender"


class HundredMarriage(StrEnum):
    """Which marriage counts toward the 100 of an announced sto (obecná pravidla IV.4)."""

    BEST = "best"  # the most valuable one (ČSM 2023, SZMK, pagat)
    FIRST_ANNOUNCED = "first_announced"  # ČSM obecná pravidla VII.1: "první nahlášená hláška"


class RenoncGameValue(StrEnum):
    """What "the game" is worth when a renonc makes the offending side lose it."""

    POINTS_AS_THEY_STAND = "points_as_they_stand"  # ČSM 2023 E.6.b: the recorded points
    BASIC_AT_LEVELS = "basic_at_levels"  # every part once at its reached level (obecná VI.3)


class UnplayedRule(StrEnum):
    """Hands the rules settle without playing them."""

    # obecná pravidla V.12, pagat L97: sedma accepted, hra fleked once, nothing else: 0
    SEVEN_VS_FLEKED_GAME = "seven_vs_fleked_game"
    # pagat L96: a trump game with no announcement and no flek: the forehand is paid the game
    QUIET_TRUMP_GAME = "quiet_trump_game"
    # SloapSlam čtyřka L20-24: a hra with honers only, the hra fleked at most once and no
    # honer fleked: not played; the defence concedes the honers (and an unfleked hra), the
    # declaring side a fleked hra (scoring/honours.py)
    HONOURS_CONCEDED = "honours_conceded"
    # SloapSlam křížový B/20 (L206): a fleked contract nobody answered with re is not played;
    # every fleked part is lost by its announcer at flek, every accepted one won unfleked
    FLEKED_WITHOUT_RE = "fleked_without_re"


class FlekerLiability(StrEnum):
    """Who pays for a fleked scored game the declaring side won (SloapSlam křížový B/10)."""

    NONE = "none"  # every payer his own pair's X
    # research default: every payer who did not flek pays the unfleked value, the flekers
    # share the rest equally (obecná pravidla V.10's ložené mechanism)
    SURPLUS = "surplus"
    # literal B/10 for 1v3 with two flekers: they pay everything in equal shares, the third
    # player nothing
    FLEKERS_PAY_ALL = "flekers_pay_all"
