"""The docs pages' tables and worked examples, run through ``python -m scoring settle``.

- Every row of the "Situations" table of docs/csm-licitovany.md and docs/szmk.md: the shorthand
  settles to the money the row gives (A / B / C), or is refused where the row says so.
- Every worked example of the čtyřka (docs/sloapslam-ctyrka.md 4.5.x) and of the SloapSlam
  křížový (docs/sloapslam-krizovy.md 5.7.x), written in the shorthand, settles through the
  command to the documented result.

The command runs in this process (``scoring.cli.main``): the same code path, no interpreter
start per example.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from scoring import Hand
from scoring.cli import main
from scoring.notation.shorthand import format_shorthand
from tests.scoring.ctyrka_examples import CTY
from tests.scoring.ctyrka_examples import EXAMPLES as CTYRKA_EXAMPLES
from tests.scoring.sloapslam_examples import EXAMPLES as KRIZOVY_EXAMPLES
from tests.scoring.sloapslam_examples import SLS

DOCS = Path(__file__).resolve().parents[2] / "docs"
_MONEY = re.compile(r"[+−-]?\s?\d[\d ]*")


def settle_command(code: str, notation: str, seats: int, dealer: int,
                   declarer: int) -> tuple[int, list[int] | str]:
    out, err = io.StringIO(), io.StringIO()
    exit_code = main(["settle", "--ruleset", code, "--seats", str(seats), "--dealer",
                      str(dealer), "--declarer", str(declarer), "--lang", "en",
                      "--notation", notation], stdout=out, stderr=err)
    if exit_code:
        return exit_code, err.getvalue()
    return 0, list(json.loads(out.getvalue())["money"])


def situation_rows(page: str) -> list[tuple[str, str, str]]:
    """(situation, shorthand, money cell) of each row of the page's "Situations" table."""
    text = (DOCS / page).read_text(encoding="utf-8")
    section = text.split("## Situations", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[1].startswith("`"):
            rows.append((cells[0], cells[1].strip("`"), cells[3]))
    return rows


def parse_money(cell: str) -> list[int] | None:
    """"+320 / −460 / +140" → [320, -460, 140]; "refused" → None."""
    if cell == "refused":
        return None
    return [int(part.replace("−", "-").replace(" ", "").replace("+", ""))
            for part in cell.split("/")]


TABLES = [("csm-licitovany.md", "csm-licitovany-2023"), ("szmk.md", "szmk-voleny-2024")]
ROWS = [(page, code, *row) for page, code in TABLES for row in situation_rows(page)]


def test_each_table_has_its_rows() -> None:
    """The tables exist and are read (a renamed heading must not silently empty them)."""
    for page, _code in TABLES:
        assert len(situation_rows(page)) >= 5, page


@pytest.mark.parametrize(("page", "code", "situation", "notation", "cell"), ROWS,
                         ids=[f"{r[0]}:{r[2][:30]}" for r in ROWS])
def test_situation_row_through_the_command(page: str, code: str, situation: str,
                                           notation: str, cell: str) -> None:
    expected = parse_money(cell)
    exit_code, answer = settle_command(code, notation, 3, 3, 1)
    if expected is None:
        assert exit_code != 0 and str(answer).strip(), (situation, answer)
    else:
        assert (exit_code, answer) == (0, expected), (situation, answer)
        assert sum(expected) == 0


def _documented(page: str, number: str) -> bool:
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.search(rf"\b{re.escape(number)}\b", text) is not None


@pytest.mark.parametrize(("number", "hand", "shorthand", "expected"), CTYRKA_EXAMPLES,
                         ids=[f"4.5.{e[0]}" for e in CTYRKA_EXAMPLES])
def test_every_ctyrka_example_through_the_command(number: str, hand: Hand, shorthand: str,
                                                  expected: list[int]) -> None:
    """docs/sloapslam-ctyrka.md "Worked examples", each in its shorthand."""
    assert _documented("sloapslam-ctyrka.md", f"4.5.{number.rstrip('abc')}")
    assert settle_command("sloapslam-ctyrka", shorthand, 4, hand.dealer,
                          hand.declarer) == (0, expected)
    assert settle_command("sloapslam-ctyrka", format_shorthand(hand, CTY), 4, hand.dealer,
                          hand.declarer) == (0, expected)


@pytest.mark.parametrize(("number", "hand", "expected"), KRIZOVY_EXAMPLES,
                         ids=[f"5.7.{e[0]}" for e in KRIZOVY_EXAMPLES])
def test_every_sloapslam_example_through_the_command(number: str, hand: Hand,
                                                     expected: list[int]) -> None:
    """docs/sloapslam-krizovy.md "Worked examples", each written in the shorthand."""
    assert _documented("sloapslam-krizovy.md", f"5.7.{number.rstrip('abc')}")
    notation = format_shorthand(hand, SLS)
    assert settle_command("sloapslam-krizovy", notation, 4, hand.dealer,
                          hand.declarer) == (0, expected), notation
