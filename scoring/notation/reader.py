"""What the items of the shorthand have in common: the cursor and the phrases inside items.

Several items end in the same phrases: seats (``@23``, ``hráči 2, 3 a 4``), a suit, a raise
chain, marriages after points, a won/lost outcome. :class:`Reader` reads those and keeps the one
rule every item shares, that a field is given once; the items themselves are in
:mod:`scoring.notation.parse` (and the simple ones in :mod:`scoring.notation.simple_items`).
"""

from __future__ import annotations

import re

from scoring.hand import Marriage
from scoring.notation import families as fm
from scoring.notation import grammar as gm
from scoring.notation.field_names import what
from scoring.notation.tokens import Cursor
from scoring.ruleset import Ruleset
from scoring.types import Component, Suit


class Reader:
    """A cursor over one text, the ruleset's grammar, and the fields given so far."""

    def __init__(self, text: str, ruleset: Ruleset):
        self.cur = Cursor(text)
        self.grammar = gm.grammar_for(ruleset)
        self.w = self.grammar.words
        self.seen: set[str] = set()

    def _once(self, key: str, at: int) -> None:
        if key in self.seen:
            what_cs, what_en = what(key)
            raise self.cur.error("notation_twice", at=at, what_cs=what_cs, what_en=what_en)
        self.seen.add(key)

    def _restore(self, pos: int) -> bool:
        self.cur.pos = pos
        return False

    def _suit(self, spaced: bool) -> Suit | None:
        cur = self.cur
        mark = cur.pos
        if spaced:
            cur.match(gm.SPACES)
        found = cur.match(self.w.suit.pattern)
        if found is None:
            self._restore(mark)
            return None
        return self.w.suit.lookup(found.group())

    def _required_suit(self) -> Suit:
        suit = self._suit(spaced=True)
        if suit is None:
            self.cur.match(gm.SPACES)
            raise self.cur.error("notation_expected_suit", suits=self.w.suit_letters)
        return suit

    def _required_outcome(self) -> bool:
        cur = self.cur
        cur.match(gm.SPACES)
        found = cur.match(self.w.won_lost.pattern)
        if found is None:
            raise cur.error("notation_expected_outcome")
        return self.w.won_lost.lookup(found.group())

    def _chain(self) -> tuple[int, ...]:
        """The seats of each raise in order: #21, or (fleky 2, 1) in the description."""
        found = self.cur.match(fm.CHAIN)
        if found is None:
            return ()
        digits = found.group(1) or found.group(2).replace(", ", "")
        return tuple(int(ch) for ch in digits)

    def _chain_or_level(self) -> tuple[tuple[int, ...], int]:
        """How far an honer or an announcement was raised: the seats of each raise in order
        (#21), else only how many times when the seats are not written (2f, 2 fleky):
        ``(seats, 0)`` or ``((), level)``."""
        raises = self._chain()
        if raises:
            return raises, 0
        only = self.cur.match(fm.LEVEL_ONLY)
        return (), (int(only.group(1) or only.group(2)) if only is not None else 0)

    def _components(self) -> list[Component]:
        """What a flek is said to: glued (f7, fhs, f100+7), after "na", or a word after a space."""
        cur = self.cur
        if cur.match(gm.TO):
            first = cur.match(self.w.component_bounded.pattern)
            if first is None:
                raise cur.error("notation_expected_component")
        else:
            first = cur.match(self.w.component_glued.pattern)
            if first is None:
                mark = cur.pos
                cur.match(gm.SPACES)
                first = cur.match(self.w.component_word.pattern)
                if first is None:
                    self._restore(mark)
                    return []
        found = [self.w.component_glued.lookup(first.group())]
        while True:
            mark = cur.pos
            joiner = cur.match(gm.JOINER)
            spaced = joiner is not None and " " in joiner.group()
            # After a spaced joiner a part is a whole word: "f7 + bez fleku" is not "f7+b".
            table = self.w.component_bounded if spaced else self.w.component_glued
            more = cur.match(table.pattern)
            if more is None:
                self._restore(mark)
                return found
            found.append(table.lookup(more.group()))

    def _by(self) -> tuple[int, ...]:
        cur = self.cur
        if not cur.match(gm.BY):
            return ()
        if cur.match(self.w.player.pattern):
            cur.match(gm.SPACES)
        return self._seats()

    def _seats(self) -> tuple[int, ...]:
        """1..n seats: glued (23), or joined by commas and "a" (2, 3 a 4)."""
        cur = self.cur
        run = cur.match(gm.SEAT_RUN)
        if run is None:
            raise cur.error("notation_expected_seat")
        seats = [int(ch) for ch in run.group()]
        while True:
            mark = cur.pos
            if not cur.match(gm.SEAT_JOIN):
                return tuple(seats)
            seat = cur.match(gm.SINGLE_SEAT)
            if seat is None:  # "f@2, 70": the comma ended the flek, 70 are points
                self._restore(mark)
                return tuple(seats)
            seats.append(int(seat.group(1)))

    def _per_defender(self) -> tuple[tuple[int, int], ...]:
        cur = self.cur
        entries: list[tuple[int, int]] = []
        while True:
            found = cur.match(gm.PER_DEFENDER_SHORT)
            if found is None:
                break
            entries.append((int(found.group(1)), self._level_spec(gm.LEVEL_SPEC_SHORT)))
        if entries:
            return tuple(entries)
        mark = cur.pos
        if not cur.match(gm.OPEN):
            return ()
        while True:
            found = cur.match(self.w.per_defender_entry)
            if found is None:
                if not entries:
                    self._restore(mark)
                    return ()
                raise cur.error("notation_expected_seat")
            entries.append((int(found.group(1)), self._level_spec(self.w.level_spec_number)))
            if cur.match(gm.CLOSE):
                return tuple(entries)
            if not cur.match(gm.COMMA):
                raise cur.error("notation_expected_close")

    def _level_spec(self, number: re.Pattern[str]) -> int:
        """A level after a seat: 1, 2f, re; inside parentheses also "5 fleků"."""
        cur = self.cur
        found = cur.match(number)
        if found is not None:
            return cur.number(found, 1)
        found = cur.match(self.grammar.level_words.pattern)
        if found is None:
            raise cur.error("notation_expected_level")
        return self.grammar.level_words.lookup(found.group())

    def _marriages(self) -> tuple[Marriage, ...]:
        cur = self.cur
        found: list[Marriage] = []
        while True:
            mark = cur.pos
            marriage = cur.match(gm.MARRIAGE)
            if marriage is None:
                return tuple(found)
            suit = self._suit(spaced=True)
            if suit is None and cur.peek(gm.WORD_CHAR):
                if " " not in marriage.group():  # +20x: a typo in the suit
                    raise cur.error("notation_expected_suit", suits=self.w.suit_letters)
                self._restore(mark)  # "80+40 + 2f100": the + is a result, 2f100 a flek
                return tuple(found)
            found.append(Marriage(cur.number(marriage, 1), suit))
