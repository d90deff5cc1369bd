"""``make bench``: settlements and shorthand parses per second, printed, never asserted."""

from __future__ import annotations

import time
from collections.abc import Callable

from scoring.hand import Doubling, Hand, Marriage, Points, Renonc, SilentSeven
from scoring.presets import get_preset
from scoring.settle import settle
from scoring.types import Component, Side, Suit

CSM = get_preset("csm-licitovany-2023")
SZMK = get_preset("szmk-voleny-2024")

# A mix like a real sheet: mostly sedma and sto, some betl/durch, the odd renonc.
SAMPLE_HANDS = (
    Hand(4, 1, 2, "seven", Suit.BELLS, game_won=True, seven_won=True),
    Hand(4, 2, 3, "seven_hearts", Suit.HEARTS, doublings=(Doubling(Component.SEVEN, 2),),
         points=Points(50, (Marriage(40),)), seven_won=False),
    Hand(4, 3, 4, "hundred", Suit.LEAVES, points=Points(80, (Marriage(40),))),
    Hand(4, 4, 1, "hundred_seven_hearts", Suit.HEARTS,
         doublings=(Doubling(Component.HUNDRED, 1),), points=Points(60, (Marriage(40),)),
         seven_won=True),
    Hand(4, 1, 3, "hundred", Suit.ACORNS, points=Points(60, (Marriage(40),)),
         silent_seven=SilentSeven(Side.DEFENCE, True)),
    Hand(4, 2, 4, "betl", None, doublings=(Doubling(Component.BETL, 1),), betl_won=False),
    Hand(4, 3, 1, "durch", None, durch_won=True, renonc=Renonc("E.3.b", 2)),
    Hand(3, 1, 2, "two_sevens", Suit.BELLS, helper=Suit.LEAVES, two_sevens_won=True),
)


# SZMK volený: farba with per-defender fleks, 100+7, malý, a menší renonce line.
SZMK_HANDS = (
    Hand(3, 3, 1, "game", Suit.LEAVES, doublings=(Doubling(Component.GAME, 1, (2,)),),
         points=Points(70, (Marriage(40),))),
    Hand(3, 1, 2, "hundred_seven", Suit.BELLS, doublings=(Doubling(Component.HUNDRED, 2, (3,)),),
         points=Points(60, (Marriage(40),)), seven_won=False),
    Hand(3, 2, 3, "betl", None, doublings=(Doubling(Component.BETL, 1, (1,)),), betl_won=True),
    Hand(3, 3, 1, None, renonc=Renonc("men.a", 2)),
)


def rate(fn: Callable[[], object], seconds: float = 1.0) -> float:
    """Calls per second of ``fn`` over about ``seconds``."""
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        fn()
        calls += 1
    return calls / (time.perf_counter() - start)


def bench_settle(seconds: float = 1.0, szmk: bool = False) -> float:
    hands, ruleset = (SZMK_HANDS, SZMK) if szmk else (SAMPLE_HANDS, CSM)
    index = 0

    def one() -> None:
        nonlocal index
        settle(hands[index % len(hands)], ruleset)
        index += 1

    return rate(one, seconds)


def main() -> None:
    print(f"settlements per second:      {bench_settle():>10,.0f}")
    print(f"SZMK settlements per second: {bench_settle(szmk=True):>10,.0f}")
    try:
        from scoring.notation import bench_parse
    except ImportError:
        print("shorthand parses per second: (parser not available)")
        return
    print(f"shorthand parses per second: {bench_parse(1.0):>10,.0f}")


if __name__ == "__main__":
    main()
