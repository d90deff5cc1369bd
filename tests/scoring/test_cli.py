"""`python -m scoring`: every worked example of docs/csm-licitovany.md through the real command,
and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tests.scoring.examples import EXAMPLES, Example


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_settle_examples_through_the_command(example: Example) -> None:
    done = run("settle", stdin=json.dumps(example.hand))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["money"] == example.money, example.source
    assert out["currency"] == "CZK" and all(line["text"] for line in out["lines"])


@pytest.mark.parametrize(
    ("stdin", "field"),
    [
        ("{not json", "stdin"),
        ('{"players": 4, "dealer": 1, "declarer": 2, "contract": "hundred", "trump": "bells",'
         ' "points": {"declarer_cards": 95}}', "points.declarer_cards"),
        ('{"players": 4, "dealer": 1, "declarer": 2, "contract": "betl", "colour": 1}', "colour"),
        ('{"players": 4, "dealer": 1, "declarer": 2, "contract": "seven", "trump": "spades"}',
         "trump"),
        ('{"players": 4, "dealer": 1}', "declarer"),
        ('[1, 2]', "hand"),
    ],
)
def test_invalid_input_exits_2_with_one_line(stdin: str, field: str) -> None:
    done = run("settle", stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{field}: ")


def test_english_messages() -> None:
    done = run("settle", "--lang", "en", stdin='{"players": 4, "dealer": 1, "declarer": 1,'
               ' "contract": "betl", "betl_won": true}')
    assert done.returncode == 2
    assert "sitter cannot be the declarer" in done.stderr


def test_unknown_ruleset() -> None:
    done = run("settle", "--ruleset", "nope", stdin='{"players": 4, "dealer": 1, "declarer": 2}')
    assert done.returncode == 2 and done.stderr.startswith("ruleset: ")


def test_ruleset_dump_is_json() -> None:
    done = run("ruleset")
    assert done.returncode == 0
    assert json.loads(done.stdout)["rates"]["limit"] == 500


def _readings(code: str) -> dict[str, dict[str, Any]]:
    done = run("ruleset", code)
    assert done.returncode == 0
    return {r["option"]: r for r in json.loads(done.stdout)["readings"]}


def test_the_ruleset_lists_its_readings_with_value_and_source() -> None:
    csm = _readings("csm-licitovany-2023")
    assert {k: v["value"] for k, v in csm.items()} == {
        "hundred_series": "arithmetic", "silent_hundred": "double_per_ten",
        "silent_hundred_tens_doubled": True, "rates.two_sevens_hearts": 60,
        "flek_binding": "all_payers"}
    tens = csm["silent_hundred_tens_doubled"]
    assert "V.6" in str(tens["source"])
    assert [(o["value"], "V.7" in o["source"]) for o in tens["options"]] == [
        (True, False), (False, True)]
    assert [o["value"] for o in csm["rates.two_sevens_hearts"]["options"]] == [60, 80]

    szmk = _readings("szmk-voleny-2024")
    assert {k: v["value"] for k, v in szmk.items()} == {
        "hundred_series": "arithmetic", "silent_hundred": "series",
        "silent_hundred_tens_doubled": True, "flek_binding": "per_defender",
        "incorrect_flek_voids": "all"}
    assert "C.6.b" in str(szmk["hundred_series"]["source"])
    assert [o["value"] for o in szmk["incorrect_flek_voids"]["options"]] == [
        "all", "own"]
    assert "E.2" in str(szmk["incorrect_flek_voids"]["options"][1]["source"])


@pytest.mark.parametrize(
    ("notation", "declarer_money"),
    [("7k+", 180), ("7c h+ rs s-", -840), ("100z 80+40", 720), ("100+7c f100 60+40 s+", 1200),
     ("b f -", -1800), ("d+", 1800), ("2x7k/z +", 2400), ("omyl", -360)],
)
def test_settle_from_the_shorthand(notation: str, declarer_money: int) -> None:
    # docs/csm-licitovany.md examples 4.1, 4.2, 4.3, 4.5, 4.6, 4.7, 4.8 and 4.10 typed as a
    # scorekeeper would.
    done = run("settle", "--notation", notation, "--seats", "4", "--dealer", "1",
               "--declarer", "2")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["money"][1] == declarer_money


def test_shorthand_error_names_the_character() -> None:
    done = run("settle", "--notation", "7q", "--dealer", "1", "--declarer", "2")
    assert done.returncode == 2
    assert done.stderr.startswith("notation: na znaku 2:")


def test_describe_prints_the_canonical_description() -> None:
    done = run("describe", "--notation", "100+7c f100 60+40 s+", "--declarer", "2")
    assert done.stdout.strip() == (
        "sto a sedma červených, flek na sto, body 60 + 40 : 30, sedma uhrána")


def test_szmk_hand_speaks_slovak_by_default() -> None:
    # SZMK 2024 C.5, C.6.b: farba zeleň fleked by seat 2, declarer 130: the nahraná stovka
    # (10 c) and one more per ten past 100, 4 × 10 c = 40 c, doubled for seat 2.
    args = ("--ruleset", "szmk-voleny-2024", "--seats", "3", "--dealer", "3", "--declarer",
            "1", "--notation", "hz fh@2 90+40")
    described = run("describe", *args)
    assert described.stdout.strip() == "farba zeleň, flek na hru od hráča 2, body 90 + 40 : 0"
    settled = json.loads(run("settle", *args).stdout)
    assert settled["money"] == [120, -80, -40]
    bad = run("settle", "--ruleset", "szmk-voleny-2024", "--seats", "3", "--notation", "hz fq")
    assert bad.returncode == 2 and "na znaku 4" in bad.stderr and "očakáva" in bad.stderr
