"""The shorthand parser's contract with its callers, shared by the ČSM and SZMK tests."""

from __future__ import annotations

from collections.abc import Callable

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
