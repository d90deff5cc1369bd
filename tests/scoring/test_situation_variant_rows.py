"""The rows of the docs' "Situations" tables that name a rule variant of issue 23 (docs/
readings.md §9.31a, §9.36a, §9.48-9.53): the row's shorthand through ``python -m scoring
settle``, once as the preset reads it and once with the variant the row names (``--set FIELD=
VALUE``); each answer must be written in the row: the money per seat in seat order, or
"refused" / "asks for its results" where the command refuses the hand. And every page names,
in its table, each issue-23 variant its preset has (a switch nobody can find is not a switch).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from scoring.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs"

# page, preset, seats (the last deals, A = 1 declares), the issue-23 variants of the preset
PAGES = [
    ("csm-voleny.md", "csm-voleny", 3, {"renonc_unplayed_loses_game"}),
    ("csm-krizovy.md", "csm-krizovy", 4, {"renonc_unplayed_loses_game", "trick8_flek_stands"}),
    ("sloapslam-ctyrka.md", "sloapslam-ctyrka", 4,
     {"renonc_unplayed_loses_game", "defence_announcements"}),
    ("sloapslam-krizovy.md", "sloapslam-krizovy", 4,
     {"renonc_basic_unfleked", "fleker_liability_per_part", "forced_fleker_relieved",
      "renonc_unplayed_loses_game", "dropped_game_re_plays", "first_in_play_renonc_only",
      "trick8_flek_stands"}),
]
_SETTING = re.compile(r"`(\w+) ?= ?(true|false|\[\])`")
_NUMBER = re.compile(r"[+−-]?\d+(?: \d{3})*")


def _rows(page: str) -> list[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    section = text.split("## Situations", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| ")][1:]


def _numbers(text: str) -> list[int]:
    return [int(n.replace("−", "-").replace(" ", "")) for n in _NUMBER.findall(text)]


def _written(money: list[int], text: str) -> bool:
    numbers, width = _numbers(text), len(money)
    return any(numbers[i:i + width] == money for i in range(len(numbers) - width + 1))


def _command(code: str, seats: int, notation: str, *setting: str) -> tuple[int, list[int]]:
    out, err = io.StringIO(), io.StringIO()
    extra = ["--set", "=".join(setting)] if setting else []
    exit_code = main(["settle", "--ruleset", code, "--seats", str(seats), "--dealer",
                      str(seats), "--declarer", "1", "--lang", "en", "--notation", notation,
                      *extra], stdout=out, stderr=err)
    return exit_code, (json.loads(out.getvalue())["money"] if exit_code == 0 else [])


CASES = [(page, code, seats, row) for page, code, seats, _fields in PAGES
         for row in _rows(page) if _SETTING.search(row.split("|")[2])]


def test_every_page_names_its_variants() -> None:
    for page, _code, _seats, fields in PAGES:
        named = {m.group(1) for row in _rows(page) for m in _SETTING.finditer(row)}
        named |= {m.group(1) for row in _rows(page)
                  for m in re.finditer(r"`(\w+)`", row)}
        assert fields <= named, (page, fields - named)
    assert len(CASES) >= 10


@pytest.mark.parametrize(("page", "code", "seats", "row"), CASES,
                         ids=[f"{c[0]}:{c[3][2:40]}" for c in CASES])
def test_the_row_says_both_answers(page: str, code: str, seats: int, row: str) -> None:
    situation, settled = row.split("|")[1], row.split("|")[2]
    notation = re.search(r"`([^`]+)`", situation).group(1)  # type: ignore[union-attr]
    field, value = _SETTING.search(settled).groups()  # type: ignore[union-attr]
    for setting in ((), (field, value)):
        exit_code, money = _command(code, seats, notation, *setting)
        if exit_code == 0:
            assert _written(money, settled), (setting, money)
        else:
            assert "refused" in settled or "asks for its results" in settled, setting
