"""The shorthand parser's contract with its callers, and the worked examples of
docs/notation.md, shared by the notation tests of every ruleset."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scoring import ScoringError
from scoring.hand import Hand


def assert_parses_or_refuses(read: Callable[[str], Hand], text: str, lang: str) -> None:
    """Any text gives a hand or one ScoringError that points at a character, in the
    sheet's language and in English; never an internal error."""
    try:
        got = read(text)
    except ScoringError as error:
        assert error.code != "notation_internal"
        assert error.field == "notation"
        assert error.position is not None and 0 <= error.position <= len(text)
        assert error.message(lang) and error.message("en")
    else:
        assert isinstance(got, Hand)


NOTATION_DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
_FIELD = re.compile(r"- (ruleset|shorthand|description|hand|money|also): `(.*)`$")


def doc_examples(section: str) -> list[dict[str, Any]]:
    """Every "#### title" of the docs/notation.md section headed ``## <section>`` with its
    bulleted fields (``also``: the other spellings, a list): the document is the test data."""
    text = NOTATION_DOC.read_text(encoding="utf-8").split(f"\n## {section}", 1)[1]
    text = text.split("\n## ", 1)[0]
    examples: list[dict[str, Any]] = []
    for line in text.splitlines():
        if line.startswith("#### "):
            examples.append({"title": line[5:], "also": []})
            continue
        found = _FIELD.match(line)
        if found and examples:
            key, value = found.groups()
            if key == "also":
                examples[-1]["also"].append(value)
            else:
                examples[-1][key] = value
    return examples
