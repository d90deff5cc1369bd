"""Plausible hands of volený mariáš at a table of three, for the SZMK demo.

Pure: a seeded ``random.Random`` and the rules engine in, :class:`scoring.hand.Hand` values out,
each one settled by the engine before it is offered, so the demo never records a hand the
sheet would refuse. Two jobs:

* :func:`random_hand` — the next hand of a table: the forehand chooses trumps (farba, sedma,
  stovka, 100+7, hearts now and then), anyone may play malý or veľký; card points and
  marriages, silent sevens, and fleks by single defenders (per-defender binding), sometimes
  answered with a reflek. Fleks stay within the money each player still holds.
* :func:`hands_to_reach` — a few more hands that bring a table's money to an exact result,
  so the demo can build a tie in the standings on purpose.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import product

from scoring import Doubling, Hand, Marriage, Points, Renonc, ScoringError, SilentSeven, settle
from scoring.ruleset import Ruleset
from scoring.table_round import budget_problems
from scoring.types import Component, Side, Suit

PLAYERS = 3
SUITS = tuple(Suit)
PLAIN_SUITS = tuple(s for s in Suit if s is not Suit.HEARTS)
CARD_POINTS = tuple(range(0, 100, 10))

# What the chooser plays, with weights: mostly a plain farba, the big games now and then.
TRUMP_GAMES = {"game": 56, "seven": 12, "hundred": 8, "hundred_seven": 4}
NO_TRUMP_GAMES = {"betl": 14, "durch": 5}
HEARTS_SHARE = 0.22
SILENT_SEVEN_SHARE = 0.12

Money = tuple[int, ...]


def forehand(dealer: int) -> int:
    return dealer % PLAYERS + 1


def next_dealer(hand: Hand) -> int:
    """The deal passes clockwise, except after a renonc line (shuffle or deal again)."""
    return hand.dealer if hand.contract is None else forehand(hand.dealer)


def money_of(hand: Hand, ruleset: Ruleset) -> Money | None:
    """The hand's money per seat, or None when the engine refuses it."""
    try:
        result = settle(hand, ruleset)
    except ScoringError:
        return None
    return tuple(result.money[s] for s in sorted(result.money))


def renonc_line(dealer: int, code: str, offender: int) -> Hand:
    """A line that records only a renonc (e.g. the dealer shuffled or dealt wrongly)."""
    return Hand(players=PLAYERS, dealer=dealer, declarer=forehand(dealer), contract=None,
                renonc=Renonc(code, offender))


def _defenders(declarer: int) -> tuple[int, ...]:
    return tuple(s for s in range(1, PLAYERS + 1) if s != declarer)


def _marriages(rng: random.Random, trump: Suit | None, declarer_marriage: Suit | None,
               ) -> tuple[tuple[Marriage, ...], tuple[Marriage, ...]]:
    """Who announced which marriage (hláška): 40 in trumps, 20 otherwise."""
    mine: list[Marriage] = []
    theirs: list[Marriage] = []
    for suit in SUITS:
        value = 40 if suit is trump else 20
        if declarer_marriage is not None:
            if suit is declarer_marriage:
                mine.append(Marriage(value, suit))
            elif rng.random() < 0.25:
                theirs.append(Marriage(value, suit))
            continue
        roll = rng.random()
        if roll < (0.35 if suit is trump else 0.18):
            mine.append(Marriage(value, suit))
        elif roll < 0.45:
            theirs.append(Marriage(value, suit))
    return tuple(mine), tuple(theirs)


def _doubling(component: Component, flekers: Sequence[int], level: int) -> Doubling:
    return Doubling(component, level, tuple(flekers))


def _fleks(rng: random.Random, declarer: int, component: Component, chance: float,
           ) -> tuple[tuple[Doubling, ...], int]:
    """Per-defender fleks on one part: (doublings, level); level 0 when nobody fleked."""
    if rng.random() >= chance:
        return (), 0
    defenders = _defenders(declarer)
    flekers = defenders if rng.random() < 0.15 else (rng.choice(defenders),)
    level = 2 if rng.random() < 0.25 else 1  # the declarer answers with a reflek
    return (_doubling(component, flekers, level),), level


def _won(rng: random.Random, level: int, base: float) -> bool:
    """Fleks are given when the defence expects to win, a reflek when the declarer does."""
    chance = {0: base, 1: base - 0.2, 2: base + 0.15}[min(level, 2)]
    return rng.random() < chance


def _cards_for(rng: random.Random, win: bool, lowest_winning: int, spread: int,
               mine: Sequence[Marriage], theirs: Sequence[Marriage]) -> int:
    """Card points on the declarer's side: winning (at least ``lowest_winning``) or losing,
    by at most ``spread``; a side with a marriage took a trick (10 points at least)."""
    low = 10 if mine else 0
    high = 80 if theirs else 90
    if win:
        choices = [p for p in CARD_POINTS if lowest_winning <= p <= lowest_winning + spread]
    else:
        choices = [p for p in CARD_POINTS if lowest_winning - spread <= p < lowest_winning]
    return rng.choice([p for p in choices if low <= p <= high] or [max(low, min(high, 50))])


def _trump_hand(rng: random.Random, dealer: int, kind: str) -> Hand:
    declarer = forehand(dealer)
    hearts = rng.random() < HEARTS_SHARE
    trump = Suit.HEARTS if hearts else rng.choice(PLAIN_SUITS)
    contract = f"{kind}_hearts" if hearts else kind
    fields: dict = {}
    if kind in ("hundred", "hundred_seven"):
        # A stovka is declared on one marriage; the trump one most of the time.
        marriage = trump if rng.random() < 0.7 else rng.choice([s for s in SUITS if s != trump])
        mine, theirs = _marriages(rng, trump, marriage)
        doublings, level = _fleks(rng, declarer, Component.HUNDRED, 0.12)
        theirs = theirs[:1]
        cards = _cards_for(rng, _won(rng, level, 0.6), 100 - mine[0].value, 30, mine, theirs)
        if kind == "hundred_seven":
            fields["seven_won"] = _won(rng, level, 0.7)
    else:
        mine, theirs = _marriages(rng, trump, None)
        doublings, level = _fleks(rng, declarer, Component.GAME, 0.16)
        if kind == "seven":
            seven_fleks, seven_level = _fleks(rng, declarer, Component.SEVEN, 0.2)
            doublings += seven_fleks
            fields["seven_won"] = _won(rng, seven_level, 0.7)
        # The game goes to the side with more points, cards and marriages together.
        margin = sum(m.value for m in theirs) - sum(m.value for m in mine)
        lowest = next((p for p in CARD_POINTS if 2 * p > 90 + margin), 100)
        cards = _cards_for(rng, _won(rng, level, 0.68), lowest, 40, mine, theirs)
        if kind == "game" and rng.random() < SILENT_SEVEN_SHARE:
            fields["silent_seven"] = SilentSeven(
                Side.DECLARER if rng.random() < 0.6 else Side.DEFENCE, rng.random() < 0.75)
    return Hand(players=PLAYERS, dealer=dealer, declarer=declarer, contract=contract,
                trump=trump, doublings=doublings,
                points=Points(cards, mine, theirs), **fields)


def _no_trump_hand(rng: random.Random, dealer: int, kind: str) -> Hand:
    # Usually the chooser, sometimes another player who takes the talon for malý or veľký.
    chooser = forehand(dealer)
    declarer = chooser if rng.random() < 0.6 else rng.choice(_defenders(chooser))
    component = Component.BETL if kind == "betl" else Component.DURCH
    doublings, level = _fleks(rng, declarer, component, 0.22)
    won = _won(rng, level, 0.62 if kind == "betl" else 0.72)
    result = {"betl_won": won} if kind == "betl" else {"durch_won": won}
    return Hand(players=PLAYERS, dealer=dealer, declarer=declarer, contract=kind,
                doublings=doublings, **result)


def _draw(rng: random.Random, dealer: int) -> Hand:
    games = {**TRUMP_GAMES, **NO_TRUMP_GAMES}
    kind = rng.choices(list(games), weights=list(games.values()))[0]
    if kind in NO_TRUMP_GAMES:
        return _no_trump_hand(rng, dealer, kind)
    return _trump_hand(rng, dealer, kind)


def _plausible(hand: Hand, ruleset: Ruleset, held: Mapping[int, int]) -> bool:
    """Settles, keeps within the money held, and has no incorrect flek (the demo shows one
    on purpose, not by chance)."""
    if money_of(hand, ruleset) is None or budget_problems(hand, ruleset, held):
        return False
    fleked_game = any(d.component is Component.GAME and d.level for d in hand.doublings)
    return not (fleked_game and hand.points is not None and hand.points.declarer_total >= 120)


def random_hand(rng: random.Random, ruleset: Ruleset, dealer: int,
                held: Mapping[int, int]) -> Hand:
    """The next hand dealt by ``dealer``; ``held`` is each seat's money in the round so far
    (including the starting budget)."""
    while True:
        hand = _draw(rng, dealer)
        if _plausible(hand, ruleset, held):
            return hand
        if hand.doublings:  # over budget or incorrect: the same hand without fleks
            plain = dataclasses.replace(hand, doublings=())
            if _plausible(plain, ruleset, held):
                return plain


# -- reaching an exact result ------------------------------------------------------------------

LIBRARY_DRAWS = 2500
EXACT_HANDS = 3  # the last hands are found exactly; before them, greedy steps toward the goal
GREEDY_LIMIT = 12


@cache
def _library(ruleset: Ruleset, dealer: int) -> dict[Money, Hand]:
    """Distinct money vectors of plausible hands dealt by ``dealer``, each with one hand."""
    rng = random.Random(f"demo-library:{ruleset.code}:{dealer}")
    rich = dict.fromkeys(range(1, PLAYERS + 1), ruleset.round_budget or 10**6)
    found: dict[Money, Hand] = {}
    for _ in range(LIBRARY_DRAWS):
        hand = random_hand(rng, ruleset, dealer, rich)
        money = money_of(hand, ruleset)
        if money is not None and any(money):
            found.setdefault(money, hand)
    return found


def _add(a: Money, b: Money) -> Money:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _sub(a: Money, b: Money) -> Money:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _exact(ruleset: Ruleset, dealer: int, gap: Money) -> list[Hand] | None:
    """One, two or three hands (dealt in turn from ``dealer``) whose money is ``gap``."""
    dealers = [dealer]
    for _ in range(EXACT_HANDS - 1):
        dealers.append(forehand(dealers[-1]))
    libraries = [_library(ruleset, d) for d in dealers]
    if gap in libraries[0]:
        return [libraries[0][gap]]
    for first, hand in libraries[0].items():
        second = _sub(gap, first)
        if second in libraries[1]:
            return [hand, libraries[1][second]]
    pairs: dict[Money, tuple[Hand, Hand]] = {}
    for (m2, h2), (m3, h3) in product(libraries[1].items(), libraries[2].items()):
        pairs.setdefault(_add(m2, m3), (h2, h3))
    for first, hand in sorted(libraries[0].items()):
        rest = pairs.get(_sub(gap, first))
        if rest is not None:
            return [hand, *rest]
    return None


def hands_to_reach(rng: random.Random, ruleset: Ruleset, dealer: int, money: Money,
                   goal: Money) -> list[Hand]:
    """Hands, dealt in turn from ``dealer``, that take the table from ``money`` to ``goal``.

    Greedy steps (the library hand that brings the table nearest, with a little chance in the
    choice) until the rest can be closed exactly with at most three hands.
    """
    if sum(goal) != sum(money):
        raise ValueError("money at a table always sums to zero")
    hands: list[Hand] = []
    for _ in range(GREEDY_LIMIT):
        gap = _sub(goal, money)
        if not any(gap):
            return hands
        exact = _exact(ruleset, dealer, gap)
        if exact is not None:
            return hands + exact
        library = _library(ruleset, dealer)
        ranked = sorted(library.items(),
                        key=lambda item: sum(abs(g - m) for g, m in zip(gap, item[0],
                                                                      strict=True)))
        step_money, step = rng.choice(ranked[:3])
        hands.append(step)
        money = _add(money, step_money)
        dealer = forehand(dealer)
    raise ValueError(f"cannot reach {goal} from {money}")
