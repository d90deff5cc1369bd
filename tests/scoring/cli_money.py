"""Money of a hand per seat, settled in process and through ``python -m scoring settle``: the
documented examples of each ruleset page run both ways (docs/<ruleset>.md, "Situations",
"Worked examples")."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from scoring import Hand, get_preset, settle
from scoring.cli import main
from scoring.errors import ScoringError
from scoring.jsonio import hand_to_dict
from scoring.ruleset import Ruleset
from scoring.settle import Settlement


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


def _settings(ruleset: Ruleset, preset: Ruleset) -> list[str]:
    """``--set`` arguments turning the preset into ``ruleset`` (its overridden fields; a
    changed ladder as its rungs in JSON, e.g. pagat's all-four game)."""
    mine, base = ruleset.to_dict(), preset.to_dict()
    changed = [key for key in sorted(mine) if key not in ("code", "name", "overrides")
               and mine[key] != base.get(key)]
    return [arg for key in changed
            for arg in ("--set", f"{key}={json.dumps(mine[key], ensure_ascii=False)}")]


def settled_both_ways(hand: Hand, ruleset: Ruleset, preset: Ruleset) -> Settlement:
    """The engine's settlement, checked against ``python -m scoring settle`` run in this
    process (issue 23, "Must show"): the hand as JSON on stdin (docs/hand-format.md), the
    preset's code and ``--set`` for each field the example overrides. The command must give
    the same money, or refuse what the engine refuses."""
    settings = _settings(ruleset, preset)
    out, err = io.StringIO(), io.StringIO()
    exit_code = main(["settle", "--ruleset", preset.code, "--lang", "en", *settings],
                     stdin=io.StringIO(json.dumps(hand_to_dict(hand))), stdout=out,
                     stderr=err)
    try:
        result = settle(hand, ruleset)
    except ScoringError:
        assert exit_code != 0, out.getvalue()
        raise
    assert exit_code == 0, err.getvalue()
    assert json.loads(out.getvalue())["money"] == [result.money[s] for s in hand.seats]
    return result
