"""Reading the scorekeeper's text: one spelling for every way of typing it, and a cursor.

Phones send diacritics or not, capitals or not, typographic dashes and non-breaking spaces, and
now and then decomposed accents. The grammar is written once for lower-case ASCII plus ``ž``
(kept apart from ``z``: žaludy are not zelené). Every folded character remembers the index of
the character it came from, so an error points at what the scorekeeper actually typed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from scoring.errors import Problem, ScoringError

FIELD = "notation"
SEPARATORS = re.compile(r"[ ,]+")
MAX_DIGITS = 4  # no number in a hand is longer; also keeps int() away from huge inputs

_CZECH = "áäčďéěíĺľňóôöŕřšťúůüýž"
_ASCII = "aacdeeillnooorrstuuuyž"
_SINGLE: dict[str, str] = {
    **dict(zip(_CZECH, _ASCII, strict=True)),
    **dict(zip(_CZECH.upper(), _ASCII, strict=True)),
    ";": ",",
    "×": "x",
    "\u2212": "-",  # minus sign
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
    "\uff0b": "+",  # fullwidth plus
}
_ASCII_TABLE = str.maketrans(
    {**{chr(c): " " for c in range(128) if chr(c).isspace()}, ";": ","}
)


@dataclass(frozen=True)
class Folded:
    """The text as the grammar sees it, with the way back to the typed characters."""

    text: str
    origin: tuple[int, ...] | None  # None: the n-th folded character is the n-th typed one
    length: int  # of the typed text

    def where(self, pos: int) -> int:
        """The index in the typed text of the folded character at ``pos`` (end: its length)."""
        if pos >= len(self.text):
            return self.length
        return pos if self.origin is None else self.origin[pos]


def fold_char(ch: str) -> str:
    """One typed character in the grammar's spelling (a single character, always)."""
    single = _SINGLE.get(ch)
    if single is not None:
        return single
    if ch.isspace():
        return " "
    lower = ch.lower()
    if len(lower) != 1:
        return ch
    parts = unicodedata.normalize("NFD", lower)
    if len(parts) > 1 and parts[0].isascii() and all(unicodedata.combining(p) for p in parts[1:]):
        return parts[0]
    return lower


def fold(text: str) -> Folded:
    """Lower-case, diacritics off (but ``ž``), one kind of space, dash and separator."""
    if text.isascii():
        return Folded(text.lower().translate(_ASCII_TABLE), None, len(text))
    chars: list[str] = []
    origin: list[int] = []
    last_typed = ""
    for index, ch in enumerate(text):
        if unicodedata.combining(ch):
            # A decomposed accent: compose it with the letter before, or drop it.
            composed = unicodedata.normalize("NFC", last_typed + ch)
            if chars and len(composed) == 1:
                chars[-1] = fold_char(composed)
                last_typed = composed
            continue
        chars.append(fold_char(ch))
        origin.append(index)
        last_typed = ch
    return Folded("".join(chars), tuple(origin), len(text))


def fold_phrase(phrase: str) -> str:
    """A lexicon entry in the grammar's spelling (entries are written with diacritics)."""
    return "".join(fold_char(ch) for ch in phrase)


class Cursor:
    """A position in the folded text; matching advances it, failing names the typed index."""

    __slots__ = ("folded", "pos", "text")

    def __init__(self, typed: str):
        self.folded = fold(typed)
        self.text = self.folded.text
        self.pos = 0

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def match(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        found = pattern.match(self.text, self.pos)
        if found is not None:
            self.pos = found.end()
        return found

    def peek(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        return pattern.match(self.text, self.pos)

    def skip_separators(self) -> bool:
        found = SEPARATORS.match(self.text, self.pos)
        if found is None:
            return False
        self.pos = found.end()
        return True

    def glued_to_word(self) -> bool:
        """True when the previous and the next character both belong to words (no separator)."""
        if self.pos == 0 or self.at_end():
            return False
        return self.text[self.pos - 1].isalnum() and self.text[self.pos].isalnum()

    def number(self, found: re.Match[str], group: int | str = 0) -> int:
        """The integer of a matched digit run, refusing runs no hand can contain."""
        digits = found.group(group)
        if len(digits) > MAX_DIGITS:
            raise self.error("notation_number_too_long", at=found.start(group), digits=MAX_DIGITS)
        return int(digits)

    def error(self, message_code: str, /, at: int | None = None, **params: Any) -> ScoringError:
        """The parser's one error: ``message_code`` at folded position ``at`` (default: here)."""
        pos = self.pos if at is None else at
        typed = self.folded.where(pos)
        return ScoringError(Problem(message_code, FIELD, params, typed))
