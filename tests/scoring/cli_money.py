"""Money of a hand per seat, settled in process and through ``python -m scoring settle``: the
documented examples of each ruleset page run both ways (docs/<ruleset>.md, "Situations")."""

from __future__ import annotations

import json
import subprocess
import sys

from scoring import Hand, get_preset, settle


def money(hand: Hand, code: str) -> list[int]:
    result = settle(hand, get_preset(code))
    return [result.money[s] for s in hand.seats]


def cli(code: str, notation: str, seats: int = 3) -> list[int]:
    """``python -m scoring settle`` on the docs' shorthand: the money per seat (the last
    seat deals)."""
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "settle", "--ruleset", code, "--seats", str(seats),
         "--dealer", str(seats), "--lang", "en", "--notation", notation],
        capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert all(line["text"] and "line_" not in line["text"] for line in out["lines"])
    return list(out["money"])
