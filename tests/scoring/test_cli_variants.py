"""`python -m scoring settle --ruleset csm-voleny | pagat-voleny`: examples through the command.

The hands are the worked examples of docs/csm-voleny.md and docs/pagat-voleny.md as JSON
(docs/hand-format.md), so the new fields (announcements, raises, seven_killed) are read from outside
as well.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, check=False)


CASES: list[tuple[str, str, dict[str, Any], list[int]]] = [
    # ČSM obecná L240-241: sto proti on the defence's first announced marriage (example 2.6.5)
    ("csm-voleny", "hundred_against", {
        "players": 3, "dealer": 3, "declarer": 1, "contract": "game", "trump": "bells",
        "announcements": [{"component": "hundred", "by": 2}],
        "points": {"declarer_cards": 30, "defence_marriages": [
            {"value": 40, "suit": "bells"}, {"value": 20, "suit": "leaves"}]},
    }, [-480, 240, 240]),
    # ČSM obecná L160-165, L158: hra červená, flek by B, re by A, lost (example 2.6.2)
    ("csm-voleny", "raises", {
        "players": 3, "dealer": 3, "declarer": 1, "contract": "game_hearts", "trump": "hearts",
        "doublings": {"game": {"raises": [2, 1]}},
        "points": {"declarer_cards": 40, "defence_marriages": [20]},
    }, [-320, 160, 160]),
    # ČSM obecná L226-228: renonc = paušál and the game, at a table of four (example 2.6.9)
    ("csm-voleny", "renonc", {
        "players": 4, "dealer": 4, "declarer": 1, "contract": "seven_hearts",
        "trump": "hearts", "doublings": {"game": {"level": 1, "by": [2]}},
        "renonc": {"code": "VI.2.g", "offender": 3},
    }, [680, 200, -1080, 200]),
    # pagat L86, L103 (default rate 2): Sieben fleked by B, re by A, beaten (example 6.9.3)
    ("pagat-voleny", "seven_killed", {
        "players": 3, "dealer": 3, "declarer": 1, "contract": "seven", "trump": "acorns",
        "doublings": {"seven": {"raises": [2, 1]}}, "game_won": True, "seven_won": False,
        "seven_killed": True,
    }, [-280, 140, 140]),
    # pagat L96: a quiet Farbe is not played (example 6.9.1)
    ("pagat-voleny", "quiet", {
        "players": 3, "dealer": 3, "declarer": 1, "contract": "game", "trump": "bells",
    }, [40, -20, -20]),
    # pagat L81: offener Durch lost (example 6.9.8)
    ("pagat-voleny", "open_durch", {
        "players": 3, "dealer": 3, "declarer": 3, "contract": "open_durch", "durch_won": False,
    }, [400, 400, -800]),
    # pagat L91: renonc, the larger of 10 units and the contract (example 6.9.9)
    ("pagat-voleny", "renonc", {
        "players": 3, "dealer": 3, "declarer": 1, "contract": "hundred_hearts",
        "trump": "hearts", "doublings": {"hundred": 1}, "renonc": {"code": "R", "offender": 3},
    }, [320, 320, -640]),
]


@pytest.mark.parametrize(("ruleset", "name", "hand", "expected"), CASES,
                         ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_settle_through_the_command(ruleset: str, name: str, hand: dict[str, Any],
                                    expected: list[int]) -> None:
    done = run("settle", "--ruleset", ruleset, stdin=json.dumps(hand))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["ruleset"] == ruleset and out["money"] == expected
    assert all(line["text"] and "line_" not in line["text"] for line in out["lines"])
    parsed = run("parse", "--ruleset", ruleset, stdin=json.dumps(hand))
    assert parsed.returncode == 0, parsed.stderr


def test_ruleset_readings_of_the_new_presets() -> None:
    for code in ("csm-voleny", "pagat-voleny"):
        done = run("ruleset", code)
        assert done.returncode == 0, done.stderr
        shown = json.loads(done.stdout)
        assert shown["code"] == code and shown["readings"]


def test_trump_game_of_another_seat_is_refused() -> None:
    hand = {"players": 3, "dealer": 3, "declarer": 2, "contract": "game", "trump": "bells",
            "points": {"declarer_cards": 60}}
    done = run("settle", "--ruleset", "csm-voleny", "--lang", "en", stdin=json.dumps(hand))
    assert done.returncode == 2
    assert done.stderr.startswith("declarer: ") and "forehand" in done.stderr
