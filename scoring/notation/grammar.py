"""Word tables compiled into patterns: the fixed ones once, the ruleset's ones once per ruleset.

A table maps phrases (as written in the lexicon, with diacritics) to what they mean. The parser
asks a table to match at its cursor; the alternation tries longer phrases first, so ``flek`` is
not read as ``f`` followed by garbage, and a phrase ends at a word boundary unless the table is
meant for glued shorthand (``fh``: flek na hru).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from scoring.notation import lexicon as lx
from scoring.notation.tokens import SEPARATORS, fold_phrase
from scoring.ruleset import RenoncRule, Ruleset, Rung
from scoring.types import Component, Suit

V = TypeVar("V")

_LETTER_END = "(?![a-zž])"
_DIGIT_END = "(?![0-9])"


def _key(text: str) -> str:
    """One spelling of a phrase for lookups: separators collapsed to one space."""
    return " ".join(part for part in SEPARATORS.split(text) if part)


def _phrase_regex(key: str, boundary: bool) -> str:
    body = r"[ ,]+".join(re.escape(word) for word in key.split(" "))
    if not boundary:
        return body
    last = key[-1]
    return body + (_LETTER_END if last.isalpha() else _DIGIT_END)


class Table(Generic[V]):
    """Phrases and their meanings, matched longest first; ``ž`` may be typed as ``z``."""

    def __init__(self, entries: Iterable[tuple[str, V]], *, boundary: bool = True):
        self.meaning: dict[str, V] = {}
        for phrase, value in entries:
            self.meaning.setdefault(_key(fold_phrase(phrase)), value)
        for key, value in list(self.meaning.items()):
            # žaludy typed as zaludy; never overrides a phrase of its own (z is zelené).
            self.meaning.setdefault(key.replace("ž", "z"), value)
        ordered = sorted(self.meaning, key=lambda k: (-len(k), k))
        alternation = "|".join(_phrase_regex(k, boundary) for k in ordered) or "(?!)"
        self.pattern = re.compile(f"(?:{alternation})")

    def lookup(self, matched: str) -> V:
        return self.meaning[_key(matched)]


def table(entries: Mapping[str, V] | Iterable[tuple[str, V]], *, boundary: bool = True
          ) -> Table[V]:
    items = entries.items() if isinstance(entries, Mapping) else entries
    return Table(items, boundary=boundary)


def _suits() -> list[tuple[str, Suit]]:
    return [(word, suit) for suit, words in lx.SUIT_WORDS.items() for word in words]


def _words(words: Iterable[str], value: V) -> list[tuple[str, V]]:
    return [(w, value) for w in words]


# -- fixed tables --------------------------------------------------------------------------------

SUIT = table(_suits())
COMPONENT_GLUED = table({**lx.COMPONENT_SHORT, **lx.COMPONENT_WORDS}, boundary=False)
COMPONENT_BOUNDED = table({**lx.COMPONENT_SHORT, **lx.COMPONENT_WORDS})
COMPONENT_WORD = table(lx.COMPONENT_WORDS)
RESULT_COMPONENT = table(
    [(w, c) for w, c in {**lx.COMPONENT_SHORT, **lx.COMPONENT_WORDS}.items()
     if c is not Component.HUNDRED],
    boundary=False,
)
WON_LOST = table(_words(lx.WON_WORDS, True) + _words(lx.LOST_WORDS, False))
SIDE = table(lx.SIDE_WORDS)
LAID_DOWN = table(_words(lx.LAID_DOWN_WORDS, True))
NOT_PLAYED = table(_words(lx.NOT_PLAYED_WORDS, True))
CONCESSION = table(_words(lx.CONCESSION_WORDS, True))
NO_CONTRACT = table(_words(lx.NO_CONTRACT_WORDS, True))
HELPER = table(_words(lx.HELPER_WORDS, True), boundary=False)
TRUMP_OVERRIDE = table(_words(lx.TRUMP_OVERRIDE_WORDS, True))
NO_TRUMP = table(_words(lx.NO_TRUMP_WORDS, True))
PLAYER = table(_words(lx.PLAYER_WORDS, True))
COUNT_KEY = table([(w, name) for name, words in lx.PREMIUM_COUNTS.items() for w in words])
COUNT_WORD = table(  # after a number only whole words count: "4 trumfy", not "4 tr"
    [(w, name) for name, words in lx.PREMIUM_COUNTS.items() for w in words if len(w) > 2]
)
SPACED_DIGIT = re.compile(r"[ ]*[0-9]")
HOLDING = table(
    [(f"{short}{sign}", (name, held))
     for name, (short, _) in lx.PREMIUM_HOLDINGS.items()
     for sign, held in (("+", True), ("-", False))]
    + [(phrase, (name, held))
       for name, (_, phrases) in lx.PREMIUM_HOLDINGS.items()
       for phrase, held in zip(phrases, (True, False), strict=True)]
)
NON_TRUMP_MARRIAGE = table(_words(lx.NON_TRUMP_MARRIAGE_WORDS, True))
CLAIM = table(_words(lx.CLAIM_WORDS, True), boundary=False)
RULING = table(_words(lx.RULING_WORDS, True), boundary=False)
RULING_RESULT = table(
    _words(lx.RULING_RESULT_WORDS[0], True) + _words(lx.RULING_RESULT_WORDS[1], False)
)

_SPACE = r"[ ]*"
SPACES = re.compile(_SPACE)
RENONC_START = re.compile(r"!|(?:renonc|ren)(?![a-zž])")
SILENT_SEVEN = table(_words(lx.SILENT_SEVEN_WORDS, True), boundary=False)
OVERALL = re.compile(r"[+-](?![0-9])")
AND_HUNDRED = table(_words(lx.AND_HUNDRED, True))
HELPER_MARK = re.compile(_SPACE + re.escape(lx.HELPER_MARK) + _SPACE)
# "dvě sedmy, červená trumf": the word after a contract's suit, unless it starts the next item
# ("trumfy 4", "trumf k").
TRUMP_AFTER_SUIT = re.compile(
    r"[ ]*(?:" + "|".join(sorted(lx.TRUMP_WORDS, key=len, reverse=True)) + r")(?![a-zž])"
    r"(?![ ]*[0-9])(?![ ]+" + SUIT.pattern.pattern + ")"
)
NUMBER = re.compile(r"[0-9]+(?![0-9])")
POINTS_WORD = table(_words(lx.POINTS_WORDS, True))
POINTS_START = re.compile(r"[0-9]+(?![0-9a-zž])")
MARRIAGE = re.compile(_SPACE + re.escape(lx.MARRIAGE_MARK) + _SPACE + r"([0-9]+)(?![0-9])")
DEFENCE = re.compile(_SPACE + re.escape(lx.DEFENCE_MARK) + _SPACE)
LEVEL_COUNT = table(_words(lx.LEVEL_COUNT_WORDS, True)).pattern.pattern
LEVEL_NUMBER = re.compile(r"([0-9]+)(?:[ ]*" + LEVEL_COUNT + "|" + lx.FLEK_LETTER + ")")  # 5 fleků
LEVEL_SPEC_NUMBER = re.compile(  # inside parentheses: hráč 4 2, hráč 4 2 fleky
    r"([0-9]+)(?:[ ]*(?:" + LEVEL_COUNT + "|" + lx.FLEK_LETTER + r"(?![a-zž])))?(?![0-9])"
)
LEVEL_SPEC_SHORT = re.compile(r"([0-9]+)f?(?![0-9a-zž])")  # /4=1, /4=2f; "/4=1 flek na sto"
TO = re.compile(r"[ ]+" + lx.TO_WORD + r"[ ]+")
JOINER = re.compile(r"[ ]*\+[ ]*|[ ]+(?:" + "|".join(lx.COMPONENT_JOIN_WORDS) + ")[ ]+")
BY = re.compile(
    _SPACE + re.escape(lx.BY_MARK) + _SPACE
    + "|[ ]+(?:" + "|".join(lx.BY_WORDS) + r")(?![a-zž])[ ]*"
)
SEAT = re.compile(r"[0-9]")
SEAT_RUN = re.compile(r"[0-9]+")
SEAT_JOIN = re.compile(r"[ ]*,[ ]*|[ ]+a[ ]+")
SINGLE_SEAT = re.compile(r"([0-9])(?![0-9a-zž])")
PER_DEFENDER_SHORT = re.compile(re.escape(lx.PER_DEFENDER_MARK) + r"([0-9])=?")  # /4=1, /4f
OPEN = re.compile(r"[ ]*\(")
CLOSE = re.compile(r"[ ]*\)")
COMMA = re.compile(r"[ ]*,[ ]*")
PER_DEFENDER_ENTRY = re.compile(
    r"[ ]*(?:(?:" + "|".join(lx.PER_DEFENDER_WORDS) + r")[ ]+)?"
    r"(?:" + PLAYER.pattern.pattern + r"[ ]*)?([0-9])(?![0-9])[ ]*:?[ ]*"
)
OFFENDER = re.compile(
    r"(?:[ ]*@[ ]*|[ ]*" + PLAYER.pattern.pattern + r"[ ]*|[ ]+)"
    r"([0-9])(?![0-9a-zž])"
)
BID = re.compile(r"(?:licitace|vylicitovano|lic)(?![a-zž])[ ]*|v[ ]*(?=[0-9a-zž])")
WORD_CHAR = re.compile(r"[0-9a-zž]")


# -- the ruleset's words -------------------------------------------------------------------------


@dataclass(frozen=True)
class Grammar:
    """What the parser needs from one ruleset, compiled."""

    ruleset: Ruleset
    contracts: Table[tuple[frozenset[Component], bool]]  # rung names and short forms
    levels: Table[int]  # flek, re, ... f, ff, r, t, b; bez fleku
    level_words: Table[int]  # the same, ending on a word boundary (inside parentheses)
    renonc_codes: Table[RenoncRule]
    renonc_names: dict[str, re.Pattern[str]]  # code → "(name)" as the description writes it
    renonc_known: str

    def rung_for(self, components: frozenset[Component], hearts: bool) -> Rung | None:
        """The ladder rung with these components, in hearts when there is such a rung."""
        plain = None
        for rung in self.ruleset.ladder:
            if rung.components == components:
                if rung.hearts == hearts:
                    return rung
                if not rung.hearts:
                    plain = rung
        return plain if hearts else None


def _level_entries(ruleset: Ruleset) -> list[tuple[str, int]]:
    entries = [(name, level) for level, name in enumerate(ruleset.doubling_names, start=1)]
    entries += [(lx.FLEK_LETTER * n, n) for n in range(1, 9)]
    entries += list(lx.LEVEL_LETTERS.items())
    entries += _words(lx.NO_DOUBLING_WORDS, 0)
    return entries


def _renonc_name(rule: RenoncRule) -> re.Pattern[str]:
    key = _key(fold_phrase(rule.name_cs))
    spellings = sorted({key, key.replace("ž", "z")}, key=len, reverse=True)
    body = "|".join(_phrase_regex(k, boundary=False) for k in spellings)
    return re.compile(rf"[ ]*(?:{body})[ ]*\)")


def _build(ruleset: Ruleset) -> Grammar:
    contracts: list[tuple[str, tuple[frozenset[Component], bool]]] = [
        (rung.name_cs, (rung.components, rung.hearts)) for rung in ruleset.ladder
    ]
    contracts += [(word, (components, False)) for word, components in lx.CONTRACT_CORES.items()]
    codes: list[tuple[str, RenoncRule]] = []
    for rule in ruleset.renoncs:
        codes.append((rule.code, rule))
        codes.append((rule.code.replace(".", ""), rule))
    return Grammar(
        ruleset=ruleset,
        contracts=table(contracts),
        levels=table(_level_entries(ruleset), boundary=False),
        level_words=table(_level_entries(ruleset)),
        renonc_codes=table(codes),
        renonc_names={rule.code: _renonc_name(rule) for rule in ruleset.renoncs},
        renonc_known=", ".join(rule.code for rule in ruleset.renoncs),
    )


_CACHE: dict[int, Grammar] = {}
_CACHE_SIZE = 16


def grammar_for(ruleset: Ruleset) -> Grammar:
    """The compiled grammar of ``ruleset`` (rulesets are immutable, so one build per object)."""
    found = _CACHE.get(id(ruleset))
    if found is not None and found.ruleset is ruleset:
        return found
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    built = _build(ruleset)
    _CACHE[id(ruleset)] = built
    return built
