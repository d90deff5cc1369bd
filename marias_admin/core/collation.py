"""Alphabetical order of names as Czech and Slovak readers expect it (pure Python, no Django).

Python's default order puts every accented letter after z (Čermák after Zeman) and upper case
before lower case. Lists of players on screen, in exports and in the PDFs must all agree, and
on PostgreSQL the database sorts with ICU (``marias_admin.core.ordering``), so this key
reproduces ICU's Czech and Slovak collations (CLDR) for names rather than inventing a third
order; on SQLite the same key is the database's collation. ``tests/web/test_czech_order.py``
checks both databases against each other.

Czech: č, ř, š, ž and the digraph ch are letters of their own (č after c, ch after h, ř after r,
š after s, ž after z); every other accent (á é ě í ó ú ů ý ď ť ň) only breaks ties, and an
unaccented letter comes first (Novak < Novák, Hájek < Hrubý, Němec < Novák).

Slovak: the alphabet of the Slovak rules (STN 01 0181) as CLDR has it: ä after a, ô after o,
č, š, ž and ch as in Czech, and ř after r as well (Czech names in Slovak lists); á, ĺ, ľ, ŕ, ď,
ť, ň and the rest only break ties. The Slovak digraphs dz and dž are not sorted as letters,
neither by ICU nor here.

Levels, as in ICU: (1) letters of the alphabet — spaces and punctuation before digits before
letters, letters of other alphabets after ours; (2) accents, left to right; (3) case, lower
case first (ICU's default, which PostgreSQL's ICU collations keep); (4) the text itself, so
that different texts never compare equal (PostgreSQL's collations are deterministic too).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

LANGUAGES = ("cs", "sk")
DEFAULT_LANGUAGE = "cs"

_ALPHABETS = {
    "cs": "a b c č d e f g h ch i j k l m n o p q r ř s š t u v w x y z ž",
    "sk": "a ä b c č d e f g h ch i j k l m n o ô p q r ř s š t u v w x y z ž",
}
_WEIGHTS = {lang: {letter: i for i, letter in enumerate(alpha.split())}
            for lang, alpha in _ALPHABETS.items()}

# Accents in the order ICU ranks them at the second level: acute, grave, breve, circumflex,
# caron, ring, diaeresis, double acute, tilde, dot above, ogonek, cedilla, macron.
_MARKS = {mark: rank for rank, mark in enumerate(
    "\u0301\u0300\u0306\u0302\u030c\u030a\u0308\u030b\u0303\u0307\u0328\u0327\u0304", start=1)}
_OTHER_MARK = len(_MARKS) + 1
_STROKE = _OTHER_MARK + 1

# Letters Unicode does not decompose, read as the letter they are drawn from (ICU: an accent).
_STROKED = {"ł": "l", "ŀ": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h"}
# Ligatures ICU sorts as two letters.
_EXPANSIONS = {"ß": "ss", "æ": "ae", "œ": "oe"}
# Spaces and punctuation, in ICU's order (before digits and letters, not ignored).
_PUNCTUATION = " _-‐‑‒–—,;:!¡?¿.…'‘’‚\"“”„«»()[]{}@*/\\&#%`^+<=>|~$"

SortKey = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...],
                tuple[tuple[int, ...], ...], str]


def _clusters(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """``text`` (decomposed) as (base character, its combining marks); "ch" is one base."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char):
            if out:
                base, marks = out[-1]
                out[-1] = (base, (*marks, char))
            continue
        if char in "hH" and out and out[-1][0] in "cC" and not out[-1][1]:
            out[-1] = (out[-1][0] + char, ())
            continue
        out.append((char, ()))
    return out


def _primary(char: str, weights: dict[str, int]) -> tuple[int, int]:
    """Weight of one character that is not a letter of the alphabet."""
    if char.isspace():
        return (0, 0)
    if char in _PUNCTUATION:
        return (0, _PUNCTUATION.index(char))
    digit = unicodedata.digit(char, None)
    if digit is not None:
        return (1, digit)
    if unicodedata.category(char)[0] in "PSZC":
        return (0, len(_PUNCTUATION) + ord(char))
    return (3, ord(char))


def _case(base: str) -> tuple[int, ...]:
    return tuple(1 if c.isupper() else 0 for c in base)


@lru_cache(maxsize=65536)
def sort_key(text: str, language: str = DEFAULT_LANGUAGE) -> SortKey:
    """Key for ``sorted``: Czech order by default, Slovak for ``language="sk"``; any other
    language (English pages) sorts as Czech."""
    weights = _WEIGHTS.get(language, _WEIGHTS[DEFAULT_LANGUAGE])
    primary: list[tuple[int, int]] = []
    secondary: list[tuple[int, ...]] = []
    tertiary: list[tuple[int, ...]] = []
    for base, marks in _clusters(text):
        lower = base.lower()
        composed = unicodedata.normalize("NFC", lower + "".join(marks))
        accents = tuple(_MARKS.get(m, _OTHER_MARK) for m in marks)
        if composed in weights:  # č, ř, š, ž (ä, ô): letters of their own
            primary.append((2, weights[composed]))
            secondary.append(())
        elif lower in weights:
            primary.append((2, weights[lower]))
            secondary.append(accents)
        elif lower in _STROKED:
            primary.append((2, weights[_STROKED[lower]]))
            secondary.append((_STROKE, *accents))
        elif lower in _EXPANSIONS:
            for letter in _EXPANSIONS[lower]:
                primary.append((2, weights[letter]))
                secondary.append(())
                tertiary.append((2,))
            continue
        else:
            primary.append(_primary(lower, weights))
            secondary.append(accents)
        tertiary.append(_case(base))
    return tuple(primary), tuple(secondary), tuple(tertiary), text


@lru_cache(maxsize=65536)
def _flat_key(text: str, language: str) -> str:
    """:func:`sort_key` as one string that compares the same way, several times faster than
    the nested tuples: SQLite calls :func:`compare` thousands of times per sorted list.

    Every character of the levels is >= 1 and the levels are joined by "\\0", so a shorter
    level sorts first as in tuples; a primary weight is two characters (class, weight), an
    accent or case group ends with "\\1", below its values (>= 2)."""
    primary, secondary, tertiary, raw = sort_key(text, language)
    weights = "".join(chr(1 + cls) + chr(1 + min(weight, 0x10FFFE)) for cls, weight in primary)
    groups = ["".join("".join(chr(2 + v) for v in group) + "\x01" for group in level)
              for level in (secondary, tertiary)]
    return "\x00".join((weights, *groups, raw))


def compare(first: str, second: str, language: str = DEFAULT_LANGUAGE) -> int:
    """-1, 0 or 1 as ``first`` sorts before, with or after ``second`` (SQLite's collation)."""
    if first == second:
        return 0
    a, b = _flat_key(first, language), _flat_key(second, language)
    return -1 if a < b else 1
