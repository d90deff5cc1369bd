"""Turning a query or form value into a number, strictly.

``str.isdigit()`` is True for "²" and "①", which ``int()`` then refuses; ``int()`` itself
accepts Arabic-Indic digits, surrounding spaces, underscores and thousands of digits. A URL
anyone can type must never turn any of that into an error page, so every value a view turns
into a number by hand goes through here: ASCII digits only, a bounded length, a bounded value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_DIGITS = re.compile(r"[0-9]{1,9}")  # fullmatch: no sign, no spaces, no other scripts' digits
MAXIMUM = 999_999_999  # nine digits: below every integer column, also PostgreSQL's 2³¹ − 1


def positive_int(value: Any, *, maximum: int = MAXIMUM) -> int | None:
    """A whole number from 1 to ``maximum`` written in ASCII digits, or None for anything else
    (missing, empty, zero, negative, "²", "1e9", "x" × 5000 …): the caller decides whether None
    means "not given" or a message to the visitor."""
    number = natural_int(value, maximum=maximum)
    return number if number else None


def natural_int(value: Any, *, maximum: int = MAXIMUM) -> int | None:
    """Like :func:`positive_int`, but zero is allowed."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        number = value
    else:
        text = str(value) if not isinstance(value, str) else value
        if len(text) > 9 or not _DIGITS.fullmatch(text):
            return None
        number = int(text)
    return number if 0 <= number <= maximum else None


def positive_ints(values: Iterable[Any], *, maximum: int = MAXIMUM) -> set[int]:
    """The valid numbers among several values (``?swapped=3&swapped=7``); the rest ignored."""
    found = (positive_int(v, maximum=maximum) for v in values)
    return {n for n in found if n is not None}
