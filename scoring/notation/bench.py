"""Parse speed, for ``make bench``: a scorekeeper's phone waits on every keystroke preview."""

from __future__ import annotations

import time

from scoring.presets import get_preset

# A mix of what a table types: short entries mostly, a few long canonical descriptions.
SAMPLES: tuple[str, ...] = (
    "7k+",
    "7c r7 h+ s-",
    "100z 80+40",
    "100z 40+40:+20",
    "100+7c f100 60+40 s+",
    "b f b-",
    "d+",
    "2x7k/z+",
    "100c b 90+40+20",
    "omyl",
    "100k 60+40 ti+",
    "!e3b@1",
    "7z f@34 70+40 s+ tr3 e+",
    "sto a sedma červených, flek na sto, body 60 + 40 : 30, sedma uhrána",
    "dvě sedmy, červená trumf a sto, pomocná kulová, re na dvě sedmy od hráčů 3 a 4,"
    " body 50 + 40 : 40, dvě sedmy uhrány, pomocných 4",
)


def bench_parse(n: float = 1.0) -> float:
    """Parses per second: over ``n`` seconds when ``n`` is a float, over ``n`` parses when an int.

    ``scoring.bench`` calls ``bench_parse(1.0)`` (one second); an int count is for quick checks.
    """
    from scoring.notation.parse import parse

    ruleset = get_preset("csm-licitovany-2023")
    count = 0
    start = time.perf_counter()
    deadline = start + n if isinstance(n, float) else None
    while True:
        for text in SAMPLES:
            parse(text, ruleset=ruleset, players=4, dealer=1, declarer=2)
        count += len(SAMPLES)
        if deadline is not None:
            if time.perf_counter() >= deadline:
                break
        elif count >= n:
            break
    return count / (time.perf_counter() - start)


if __name__ == "__main__":
    print(f"shorthand parses per second: {bench_parse(1.0):,.0f}")
