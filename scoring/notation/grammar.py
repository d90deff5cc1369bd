"""Word tables compiled into patterns: the fixed ones once, the ruleset's ones once per ruleset.

A table maps phrases (as written in the lexicon, with diacritics) to what they mean. The parser
asks a table to match at its cursor; the alternation tries longer phrases first, so ``flek`` is
not read as ``f`` followed by garbage, and a phrase ends at a word boundary unless the table is
meant for glued shorthand (``fh``: flek na hru).

The tables whose words differ between a Czech and a Slovak sheet are grouped in :class:`Words`
(``CS_WORDS``, ``SK_WORDS``); a ruleset's grammar picks one by :func:`sheet_language`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from scoring.notation import lexicon as lx
from scoring.notation.tokens import SEPARATORS, fold_phrase
from scoring.ruleset import RenoncRule, Ruleset, Rung
from scoring.types import COMPONENT_ORDER, Component, Side, Suit

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


@dataclass(frozen=True)
class Words:
    """The word tables of one sheet language (Slovak sheets also accept the Czech words)."""

    language: str
    suit: Table[Suit]
    suit_letters: str  # for messages: what a suit looks like in the shorthand
    component_glued: Table[Component]
    component_bounded: Table[Component]
    component_word: Table[Component]
    result_component: Table[Component]
    won_lost: Table[bool]
    side: Table[Side]
    laid_down: Table[bool]
    not_played: Table[bool]
    player: Table[bool]
    silent_seven: Table[bool]
    renonc_start: re.Pattern[str]
    trump_after_suit: re.Pattern[str]
    level_number: re.Pattern[str]
    level_spec_number: re.Pattern[str]
    per_defender_entry: re.Pattern[str]
    offender: re.Pattern[str]
    bid: re.Pattern[str]
    level_letters: Mapping[str, int]
    contract_cores: Mapping[str, frozenset[Component]]
    glued_contract: Table[frozenset[Component]]


def _alternatives(words: Iterable[str]) -> str:
    """Folded words as one regex alternation, longest first."""
    folded = sorted({fold_phrase(w) for w in words}, key=lambda w: (-len(w), w))
    return "|".join(re.escape(w) for w in folded)


def _build_words(language: str, *, suits: Mapping[Suit, tuple[str, ...]], suit_letters: str,
                 short: Mapping[str, Component], words: Mapping[str, Component],
                 won: tuple[str, ...], lost: tuple[str, ...], sides: Mapping[str, Side],
                 laid_down: tuple[str, ...], not_played: tuple[str, ...],
                 players: tuple[str, ...], silent: tuple[str, ...], renonc: tuple[str, ...],
                 counts: tuple[str, ...], bids: tuple[str, ...], letters: Mapping[str, int],
                 cores: Mapping[str, frozenset[Component]],
                 glued: Mapping[str, frozenset[Component]]) -> Words:
    suit = table([(word, s) for s, ws in suits.items() for word in ws])
    player = table(_words(players, True))
    level_count = table(_words(counts, True)).pattern.pattern
    return Words(
        language=language,
        suit=suit,
        suit_letters=suit_letters,
        component_glued=table({**short, **words}, boundary=False),
        component_bounded=table({**short, **words}),
        component_word=table(words),
        result_component=table(
            [(w, c) for w, c in {**short, **words}.items() if c is not Component.HUNDRED],
            boundary=False,
        ),
        won_lost=table(_words(won, True) + _words(lost, False)),
        side=table(sides),
        laid_down=table(_words(laid_down, True)),
        not_played=table(_words(not_played, True)),
        player=player,
        silent_seven=table(_words(silent, True), boundary=False),
        renonc_start=re.compile(
            r"!|(?:" + _alternatives(w for w in renonc if w != "!") + r")(?![a-zž])"
        ),
        # "dvě sedmy, červená trumf": the word after a contract's suit, unless it starts the
        # next item ("trumfy 4", "trumf k").
        trump_after_suit=re.compile(
            r"[ ]*(?:" + "|".join(sorted(lx.TRUMP_WORDS, key=len, reverse=True)) + r")(?![a-zž])"
            r"(?![ ]*[0-9])(?![ ]+" + suit.pattern.pattern + ")"
        ),
        level_number=re.compile(  # 5 fleků, 2f
            r"([0-9]+)(?:[ ]*" + level_count + "|" + lx.FLEK_LETTER + ")"
        ),
        level_spec_number=re.compile(  # inside parentheses: hráč 4 2, hráč 4 2 fleky
            r"([0-9]+)(?:[ ]*(?:" + level_count + "|" + lx.FLEK_LETTER + r"(?![a-zž])))?"
            r"(?![0-9])"
        ),
        per_defender_entry=re.compile(
            r"[ ]*(?:(?:" + "|".join(lx.PER_DEFENDER_WORDS) + r")[ ]+)?"
            r"(?:" + player.pattern.pattern + r"[ ]*)?([0-9])(?![0-9])[ ]*:?[ ]*"
        ),
        offender=re.compile(
            r"(?:[ ]*@[ ]*|[ ]*" + player.pattern.pattern + r"[ ]*|[ ]+)"
            r"([0-9])(?![0-9a-zž])"
        ),
        bid=re.compile(
            r"(?:" + _alternatives(w for w in bids if w != "v") + r")(?![a-zž])[ ]*"
            r"|v[ ]*(?=[0-9a-zž])"
        ),
        level_letters=dict(letters),
        contract_cores=dict(cores),
        glued_contract=table(glued, boundary=False),
    )


_CS_WORDS: dict[str, Any] = {
    "suits": lx.SUIT_WORDS, "suit_letters": lx.SUIT_LETTERS, "short": lx.COMPONENT_SHORT,
    "words": lx.COMPONENT_WORDS, "won": lx.WON_WORDS, "lost": lx.LOST_WORDS,
    "sides": lx.SIDE_WORDS, "laid_down": lx.LAID_DOWN_WORDS, "not_played": lx.NOT_PLAYED_WORDS,
    "players": lx.PLAYER_WORDS, "silent": lx.SILENT_SEVEN_WORDS, "renonc": lx.RENONC_WORDS,
    "counts": lx.LEVEL_COUNT_WORDS, "bids": lx.BID_WORDS,
    "letters": lx.LEVEL_LETTERS_BY_LANGUAGE["cs"], "cores": lx.CONTRACT_CORES, "glued": {},
}
CS_WORDS = _build_words("cs", **_CS_WORDS)
SK_WORDS = _build_words(
    "sk",
    suits={s: lx.SUIT_WORDS[s] + lx.SK_SUIT_WORDS[s] for s in Suit},
    suit_letters=lx.SK_SUIT_LETTERS,
    short={**lx.COMPONENT_SHORT, **lx.SK_COMPONENT_SHORT},
    words={**lx.COMPONENT_WORDS, **lx.SK_COMPONENT_WORDS},
    won=lx.WON_WORDS + lx.SK_WON_WORDS,
    lost=lx.LOST_WORDS + lx.SK_LOST_WORDS,
    sides={**lx.SIDE_WORDS, **lx.SK_SIDE_WORDS},
    laid_down=lx.LAID_DOWN_WORDS + lx.SK_LAID_DOWN_WORDS,
    not_played=lx.NOT_PLAYED_WORDS + lx.SK_NOT_PLAYED_WORDS,
    players=lx.PLAYER_WORDS + lx.SK_PLAYER_WORDS,
    silent=lx.SILENT_SEVEN_WORDS + lx.SK_SILENT_SEVEN_WORDS,
    renonc=lx.RENONC_WORDS + lx.SK_RENONC_WORDS,
    counts=lx.LEVEL_COUNT_WORDS + lx.SK_LEVEL_COUNT_WORDS,
    bids=lx.BID_WORDS + lx.SK_BID_WORDS,
    letters=lx.LEVEL_LETTERS_BY_LANGUAGE["sk"],
    cores={**lx.CONTRACT_CORES, **lx.SK_CONTRACT_CORES},
    glued=lx.GLUED_CONTRACT_CORES,
)
WORDS: dict[str, Words] = {"cs": CS_WORDS, "sk": SK_WORDS}

# The Czech tables under their old names.
SUIT = CS_WORDS.suit
COMPONENT_GLUED = CS_WORDS.component_glued
COMPONENT_BOUNDED = CS_WORDS.component_bounded
COMPONENT_WORD = CS_WORDS.component_word
RESULT_COMPONENT = CS_WORDS.result_component
WON_LOST = CS_WORDS.won_lost
SIDE = CS_WORDS.side
LAID_DOWN = CS_WORDS.laid_down
NOT_PLAYED = CS_WORDS.not_played
PLAYER = CS_WORDS.player
SILENT_SEVEN = CS_WORDS.silent_seven
RENONC_START = CS_WORDS.renonc_start
TRUMP_AFTER_SUIT = CS_WORDS.trump_after_suit
LEVEL_NUMBER = CS_WORDS.level_number
LEVEL_SPEC_NUMBER = CS_WORDS.level_spec_number
PER_DEFENDER_ENTRY = CS_WORDS.per_defender_entry
OFFENDER = CS_WORDS.offender
BID = CS_WORDS.bid

# -- the same in every language ------------------------------------------------------------------

CONCESSION = table(_words(lx.CONCESSION_WORDS, True))
NO_CONTRACT = table(_words(lx.NO_CONTRACT_WORDS, True))
HELPER = table(_words(lx.HELPER_WORDS, True), boundary=False)
TRUMP_OVERRIDE = table(_words(lx.TRUMP_OVERRIDE_WORDS, True))
NO_TRUMP = table(_words(lx.NO_TRUMP_WORDS, True))
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
CANCELLED = table(_words(lx.CANCELLED_WORDS, True))
INCORRECT_FLEK = table(_words(lx.INCORRECT_FLEK_WORDS, True), boundary=False)
UNANNOUNCED = table(_words(lx.UNANNOUNCED_WORDS, True), boundary=False)
LATE = table(_words(lx.LATE_WORDS, True))
# The late seat: "@2", " hráča 2" or " 2"; the prefix is matched apart from the digit, so that
# a missing seat is reported where the seat should be.
LATE_SEAT_MARK = re.compile(r"[ ]*@[ ]*|[ ]+")
LATE_SEAT = re.compile(r"([0-9])(?![0-9])")
LATE_MINUTES = re.compile(r"[ ,]+([0-9]+)")  # the seat and the minutes are both digits
MINUTE_UNIT = re.compile(
    r"(?:[ ]*(?:" + _alternatives(lx.MINUTE_WORDS) + ")|" + lx.MINUTE_LETTER + r")(?![a-zž])"
)
FORGIVEN = re.compile(r"[ ,]+(?:" + _alternatives(lx.FORGIVEN_WORDS) + r")(?![a-zž])")

_SPACE = r"[ ]*"
SPACES = re.compile(_SPACE)
OVERALL = re.compile(r"[+-](?![0-9])")
AND_HUNDRED = table(_words(lx.AND_HUNDRED, True))
HELPER_MARK = re.compile(_SPACE + re.escape(lx.HELPER_MARK) + _SPACE)
NUMBER = re.compile(r"[0-9]+(?![0-9])")
POINTS_WORD = table(_words(lx.POINTS_WORDS, True))
POINTS_START = re.compile(r"[0-9]+(?![0-9a-zž])")
MARRIAGE = re.compile(_SPACE + re.escape(lx.MARRIAGE_MARK) + _SPACE + r"([0-9]+)(?![0-9])")
DEFENCE = re.compile(_SPACE + re.escape(lx.DEFENCE_MARK) + _SPACE)
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
# After a comma only a single digit is a seat, and not one that counts raises: in "od hráče 2,
# 5 fleků na sedmu" the 5 starts the next flek.
SINGLE_SEAT = re.compile(
    r"([0-9])(?![0-9a-zž])(?![ ]*(?:"
    + _alternatives(lx.LEVEL_COUNT_WORDS + lx.SK_LEVEL_COUNT_WORDS) + r")(?![a-zž]))"
)
PER_DEFENDER_SHORT = re.compile(re.escape(lx.PER_DEFENDER_MARK) + r"([0-9])=?")  # /4=1, /4f
OPEN = re.compile(r"[ ]*\(")
CLOSE = re.compile(r"[ ]*\)")
COMMA = re.compile(r"[ ]*,[ ]*")
WORD_CHAR = re.compile(r"[0-9a-zž]")


# -- the ruleset's words -------------------------------------------------------------------------


@dataclass(frozen=True)
class Grammar:
    """What the parser needs from one ruleset, compiled."""

    ruleset: Ruleset
    words: Words  # the sheet language's word tables
    contracts: Table[tuple[frozenset[Component], bool]]  # rung names and short forms
    levels: Table[int]  # flek, re, ... f, ff, r, t, b; bez fleku
    level_words: Table[int]  # the same, ending on a word boundary (inside parentheses)
    renonc_codes: Table[RenoncRule]
    renonc_names: dict[str, re.Pattern[str]]  # code → "(name)" as the description writes it
    renonc_known: str

    def rung_for(self, components: frozenset[Component], hearts: bool) -> Rung | None:
        """The ladder rung with these components, in hearts when there is such a rung. The
        durch s chytrým and the Durch mit Partner have words of their own (``dch``, ``dsp``):
        a plain ``d`` is the durch played alone."""
        plain = None
        for rung in self.ruleset.ladder:
            if (rung.components == components and not rung.open and not rung.clever
                    and not rung.called_partner):
                if rung.hearts == hearts:
                    return rung
                if not rung.hearts:
                    plain = rung
        return plain if hearts else None

    def whole(self, rung: Rung) -> tuple[Component, ...]:
        """The parts a flek said to the whole contract lands on, in component order.

        Where the rules flek 100+7 as a whole (SZMK B.10) the flek is recorded on the stovka
        alone, so the sedma of that contract is not a part of its own.
        """
        parts = [c for c in COMPONENT_ORDER if c in rung.components]
        if self.ruleset.hundred_seven_as_one and Component.HUNDRED in rung.components:
            parts = [c for c in parts if c is not Component.SEVEN]
        return tuple(parts)


def sheet_language(ruleset: Ruleset) -> str:
    """The language the ruleset's sheets are written in (``Ruleset.language``): cs or sk.

    A language the notation has no words for falls back to Czech.
    """
    return ruleset.language if ruleset.language in WORDS else "cs"


def _level_entries(ruleset: Ruleset, words: Words) -> list[tuple[str, int]]:
    entries = [(name, level) for level, name in enumerate(ruleset.doubling_names, start=1)]
    entries += [(lx.FLEK_LETTER * n, n) for n in range(1, 9)]
    entries += list(words.level_letters.items())
    entries += _words(lx.NO_DOUBLING_WORDS, 0)
    return entries


def _renonc_name(rule: RenoncRule) -> re.Pattern[str]:
    key = _key(fold_phrase(rule.name_cs))
    spellings = sorted({key, key.replace("ž", "z")}, key=len, reverse=True)
    body = "|".join(_phrase_regex(k, boundary=False) for k in spellings)
    return re.compile(rf"[ ]*(?:{body})[ ]*\)")


def _build(ruleset: Ruleset) -> Grammar:
    words = WORDS[sheet_language(ruleset)]
    if not words.glued_contract.meaning and any(
            r.components == {Component.GAME} for r in ruleset.ladder):
        # A Czech ruleset with a plain hra (volený): "hk", "hc" as on a Slovak sheet.
        words = dataclasses.replace(
            words, glued_contract=table(lx.GLUED_CONTRACT_CORES, boundary=False))
    contracts: list[tuple[str, tuple[frozenset[Component], bool]]] = [
        (rung.name_cs, (rung.components, rung.hearts)) for rung in ruleset.ladder
        if not rung.open  # otevřený betl/durch: read by the parser before these
    ]
    contracts += [(word, (components, False)) for word, components in words.contract_cores.items()]
    codes: list[tuple[str, RenoncRule]] = []
    for rule in ruleset.renoncs:
        codes.append((rule.code, rule))
        codes.append((rule.code.replace(".", ""), rule))
    return Grammar(
        ruleset=ruleset,
        words=words,
        contracts=table(contracts),
        levels=table(_level_entries(ruleset, words), boundary=False),
        level_words=table(_level_entries(ruleset, words)),
        renonc_codes=table(codes),
        renonc_names={rule.code: _renonc_name(rule) for rule in ruleset.renoncs},
        renonc_known=", ".join(rule.code for rule in ruleset.renoncs),
    )


# Keyed by the ruleset's value, not its identity: the web app makes a new (equal) ruleset for
# every request from the tournament's stored overrides, and the build costs milliseconds.
_CACHE: dict[Ruleset, Grammar] = {}
_CACHE_SIZE = 64


def grammar_for(ruleset: Ruleset) -> Grammar:
    """The compiled grammar of ``ruleset`` (rulesets are immutable values: one build each)."""
    found = _CACHE.get(ruleset)
    if found is not None:
        return found
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    built = _build(ruleset)
    _CACHE[ruleset] = built
    return built
