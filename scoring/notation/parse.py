"""The shorthand (and the canonical description) into a :class:`~scoring.hand.Hand`.

The parser reads syntax only: it maps what was typed to the fields of a hand and leaves every
rule (hearts contract in hearts, marriages of 20 or 40, who may flek) to
:mod:`scoring.validate`, so a hand typed on a phone and a hand sent as JSON are judged by the
same code. What it does refuse is text it cannot map, and it says where: one
:class:`~scoring.errors.ScoringError` with the position of the offending character.

Grammar (docs/notation.md): a contract first, then items in any order, separated by spaces or
commas (an item that starts or ends with a sign needs no separator: ``7k+``, ``h+s-``). A
ruleset with Slovak sheets (SZMK) reads the Slovak words on top of the Czech ones
(:class:`~scoring.notation.grammar.Words`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring.errors import ScoringError
from scoring.hand import (
    CARD_POINTS_TOTAL,
    Announcement,
    Doubling,
    Hand,
    Honour,
    Late,
    Marriage,
    Points,
    PremiumFacts,
    Renonc,
    SilentSeven,
)
from scoring.notation import families as fm
from scoring.notation import grammar as gm
from scoring.notation import simple_items as si
from scoring.notation.simple_items import ItemSpec
from scoring.notation.sloapslam_items import SloapSlamItems
from scoring.ruleset import CONCESSION, Ruleset, Rung
from scoring.types import COMPONENT_ORDER, Component, HandEffect, Rank, Side, Suit

_RESULT_FIELD: dict[Component, str] = {
    Component.GAME: "game_won",
    Component.SEVEN: "seven_won",
    Component.BETL: "betl_won",
    Component.DURCH: "durch_won",
    Component.TWO_SEVENS: "two_sevens_won",
}


def parse(text: str, *, ruleset: Ruleset, players: int, dealer: int, declarer: int) -> Hand:
    """The hand ``text`` describes; seats and the table come from the sheet, not the text."""
    try:
        return _Parser(text, ruleset).run(players, dealer, declarer)
    except ScoringError:
        raise
    except Exception as exc:  # pragma: no cover - a parser bug must still reach the user as one
        raise ScoringError.single("notation_internal", "notation", 0) from exc


class _Parser(SloapSlamItems):
    """One parse: the hand's fields as they are found."""

    def __init__(self, text: str, ruleset: Ruleset):
        super().__init__(text, ruleset)
        self.rung: Rung | None = None
        self.contract: str | None = None
        self.trump: Suit | None = None
        self.helper: Suit | None = None
        self.bid: str | None = None
        self.doublings: dict[Component, Doubling] = {}
        self.points: Points | None = None
        self.results: dict[Component, bool] = {}
        self.overall: tuple[bool, int] | None = None
        self.silent_seven: SilentSeven | None = None
        self.laid_down = False
        self.not_played = False
        self.renonc: Renonc | None = None
        self.premium: dict[str, Any] = {}
        self.ruling: bool | None = None
        self.cancelled = False
        self.incorrect_flek_by: tuple[int, ...] = ()
        self.late: Late | None = None
        self.unannounced: Marriage | None = None
        self.announcements: list[Announcement] = []  # sedma/sto proti (variants.py)
        self.seven_killed = False
        self.partner: int | None = None  # křížový
        self.called_rank: Rank | None = None
        self.trick8: int | None = None
        self.declarer_tricks: int | None = None  # pagat L115
        self.honours: list[Honour] = []  # SloapSlam
        self.forced: list[int] = []
        self.played_out = False
        self.further: list[Renonc] = []
        self.seven_by: int | None = None  # SloapSlam L42, L46: the partner's seven
        self.forced_parts: list[tuple[int, Component]] = []  # SloapSlam B/19, per part
        self.all_play = ruleset.partnerships
        # Tried in this order at each item; a row of simple_items or a method for an item with
        # a phrase of its own. A matcher that fails leaves the cursor where it was.
        self.items: tuple[ItemSpec | Callable[[], bool], ...] = (
            self._honour, self._seven_by, self._forced_part, si.FORCED_FLEK,  # SloapSlam
            si.PLAYED_OUT_ITEM, self._decisive,
            si.PARTNER_ITEM, si.ALONE_ITEM, si.CALLED_ITEM, si.TRICK8_ITEM,  # křížový
            si.DECLARER_TRICKS_ITEM,  # pagat's all-four game (L115)
            self._announcement, si.SEVEN_KILLED_ITEM,  # volený families (variants.py)
            self._renonc, self._late, self._unannounced, self._silent_seven, self._result,
            si.OVERALL_ITEM,
            self._count, si.HOLDING_ITEM, si.NON_TRUMP_MARRIAGE_ITEM, self._claims,  # PB facts
            self._ruling,
            si.CANCELLED_ITEM, self._incorrect_flek,  # rulings on doublings (SZMK E.1, E.2)
            self._doubling, self._points,
            si.LAID_DOWN_ITEM, si.NOT_PLAYED_ITEM, self._bid, self._helper,
            si.NO_TRUMP_ITEM, self._trump,
        )

    def run(self, players: int, dealer: int, declarer: int) -> Hand:
        cur = self.cur
        cur.skip_separators()
        if cur.at_end():
            raise cur.error("notation_empty")
        self._contract()
        while True:
            separated = cur.skip_separators()
            if cur.at_end():
                break
            if not separated and cur.glued_to_word():
                raise cur.error("notation_expected_separator")
            if not any(self._item(item) for item in self.items):
                raise cur.error("notation_expected_item")
        self._apply_overall()
        self._apply_forced_parts()
        if self.played_out:
            if self.renonc is None:
                raise cur.error("notation_played_out_without_renonc")
            self.renonc = Renonc(self.renonc.code, self.renonc.offender, self.renonc.forgiven,
                                 True)
        return Hand(
            players=players, dealer=dealer, declarer=declarer, contract=self.contract,
            trump=self.trump, helper=self.helper, bid=self.bid,
            doublings=tuple(self.doublings.values()), points=self.points,
            silent_seven=self.silent_seven, premium=PremiumFacts(**self.premium),
            laid_down=self.laid_down, not_played=self.not_played, renonc=self.renonc,
            premium_ruling=self.ruling, doublings_cancelled=self.cancelled,
            incorrect_flek_by=self.incorrect_flek_by, late=self.late,
            unannounced_marriage=self.unannounced,
            announcements=tuple(self.announcements), seven_killed=self.seven_killed,
            all_play=self.all_play, partner=self.partner, called_rank=self.called_rank,
            trick8=self.trick8, declarer_tricks=self.declarer_tricks,
            honours=tuple(self.honours),
            forced_flekers=tuple(self.forced), further_renoncs=tuple(self.further),
            seven_by=self.seven_by,
            **{_RESULT_FIELD[c]: won for c, won in self.results.items()},
        )

    def _item(self, item: ItemSpec | Callable[[], bool]) -> bool:
        return self._simple(item) if isinstance(item, ItemSpec) else item()

    def _simple(self, spec: ItemSpec) -> bool:
        """Any row of the simple items' table: its keyword, once, and the value into its field."""
        start = self.cur.pos
        found = self.cur.match(spec.compiled(self.w))
        if found is None:
            return False
        key = spec.key_for(found)
        if key is not None:
            self._once(key, start)
        if spec.field is None:
            return True
        value = spec.value(found, start)
        if spec.field == si.PREMIUM:
            assert key is not None
            self.premium[key.removeprefix(f"{si.PREMIUM}.")] = value
        elif spec.repeat:
            getattr(self, spec.field).append(value)
        else:
            setattr(self, spec.field, value)
        return True

    # -- contract --------------------------------------------------------------------------------

    def _contract(self) -> None:
        cur = self.cur
        if (cur.peek(self.w.renonc_start) or cur.peek(gm.LATE.pattern)
                or cur.match(gm.NO_CONTRACT.pattern)):
            # A sheet line with only a renonc (ČSM 2023 E.3.f second misdeal, ...) or lateness.
            return
        if cur.match(gm.CONCESSION.pattern):
            self.contract = CONCESSION
            return
        start = cur.pos
        if cur.match(fm.CLEVER_CONTRACT) is not None:  # durch s chytrým (VII.2 L251-253)
            clever = next((r for r in self.grammar.ruleset.ladder if r.clever), None)
            if clever is None:
                raise cur.error("notation_unknown_contract", at=start,
                                found=cur.text[start:cur.pos])
            self.rung, self.contract = clever, clever.code
            return
        if cur.match(fm.PARTNER_CONTRACT) is not None:  # Durch mit Partner (PAG L115)
            called = next((r for r in self.grammar.ruleset.ladder if r.called_partner), None)
            if called is None:
                raise cur.error("notation_unknown_contract", at=start,
                                found=cur.text[start:cur.pos])
            self.rung, self.contract = called, called.code
            return
        opened = cur.match(fm.OPEN_CONTRACT)
        if opened is not None:  # otevřený betl / durch (pagat L30-33)
            part = fm.OPEN_PART[opened.group(1)]
            rung_open = next((r for r in self.grammar.ruleset.ladder
                              if r.open and r.components == {part}), None)
            if rung_open is None:
                raise cur.error("notation_unknown_contract", at=start, found=opened.group())
            self.rung, self.contract = rung_open, rung_open.code
            return
        found = cur.match(self.grammar.contracts.pattern)
        if found is not None:
            components, hearts = self.grammar.contracts.lookup(found.group())
            suit = self._suit(spaced=True)
        else:
            # A letter core with its suit glued (SZMK farba: hz, hč); nothing else may follow.
            found = cur.match(self.w.glued_contract.pattern)
            if found is None:
                raise cur.error("notation_expected_contract")
            components, hearts = self.w.glued_contract.lookup(found.group()), False
            suit = self._suit(spaced=False)
            if suit is None:
                raise cur.error("notation_expected_suit", suits=self.w.suit_letters)
        if suit is not None:
            cur.match(self.w.trump_after_suit)  # "dvě sedmy, červená trumf"
            hearts = hearts or suit is Suit.HEARTS
        if components == {Component.TWO_SEVENS}:
            mark = cur.pos
            cur.match(gm.SPACES)
            if cur.match(gm.AND_HUNDRED.pattern):
                components = components | {Component.HUNDRED}
            else:
                self._restore(mark)
        rung = self.grammar.rung_for(components, hearts)
        if rung is None:
            raise cur.error("notation_unknown_contract", at=start, found=found.group())
        if suit is None and rung.has_trumps and cur.glued_to_word():
            raise cur.error("notation_expected_suit", suits=self.w.suit_letters)  # 7q
        self.rung, self.contract = rung, rung.code
        self.trump = suit if suit is not None else (Suit.HEARTS if rung.hearts else None)
        if cur.match(gm.HELPER_MARK):
            self.helper = self._required_suit()
            self.seen.add("helper")

    # -- items --------------------------------------------------------------------------------

    def _renonc(self) -> bool:
        cur = self.cur
        start = cur.pos
        if not cur.match(self.w.renonc_start):
            return False
        dohravka = any(
            r.effect is HandEffect.LOST_UNLESS_PLAYED_OUT for r in self.grammar.ruleset.renoncs)
        cur.match(gm.SPACES)
        codes = self.grammar.renonc_codes
        found = cur.match(codes.pattern)
        if found is None:
            raise cur.error("notation_unknown_renonc", known=self.grammar.renonc_known)
        rule = codes.lookup(found.group())
        # SloapSlam D4: a dohrávka may add renoncs, a paušál each; ČSM 2023 E.6.a, E.6.d: a
        # paušál-only renonc beside the first (validation judges the rest)
        first = self.grammar.ruleset.renonc(self.renonc.code) if self.renonc else None
        further = first is not None and (dohravka or rule.pausal_only or first.pausal_only)
        if not further:
            self._once("renonc", start)
        if cur.match(gm.OPEN) and not cur.match(self.grammar.renonc_names[rule.code]):
            cur.match(gm.SPACES)
            raise cur.error("notation_renonc_name", code=rule.code, name=rule.name_cs)
        offender = cur.match(self.w.offender)
        if offender is None:
            raise cur.error("notation_expected_offender")
        forgiven = cur.match(gm.FORGIVEN) is not None  # SZMK D.1
        if further and first is not None and first.pausal_only and not (
                dohravka or rule.pausal_only):
            # E.6.d: the renonc in play decides the hand, so it is the hand's first renonc
            assert self.renonc is not None
            self.further.insert(0, self.renonc)
            self.renonc = Renonc(rule.code, int(offender.group(1)), forgiven)
        elif further:
            self.further.append(Renonc(rule.code, int(offender.group(1)), forgiven))
        else:
            self.renonc = Renonc(rule.code, int(offender.group(1)), forgiven)
        return True

    def _late(self) -> bool:
        """SZMK E.5: ``nesk@2 7m``, ``oneskorený príchod hráča 2, 7 min``."""
        cur = self.cur
        start = cur.pos
        if not cur.match(gm.LATE.pattern):
            return False
        self._once("late", start)
        if cur.match(gm.LATE_SEAT_MARK) and cur.match(self.w.player.pattern):
            cur.match(gm.SPACES)
        seat = cur.match(gm.LATE_SEAT)
        if seat is None:
            raise cur.error("notation_expected_seat")
        minutes = cur.match(gm.LATE_MINUTES)
        if minutes is None:
            cur.skip_separators()  # point at what stands where the minutes should be
            raise cur.error("notation_expected_minutes")
        self.late = Late(int(seat.group(1)), cur.number(minutes, 1))
        cur.match(gm.MINUTE_UNIT)
        return True

    def _unannounced(self) -> bool:
        """SZMK C.6.e: ``nzh40``, ``nzh20g``, ``nezahlásená hláška 40 gule``."""
        cur = self.cur
        start = cur.pos
        if not cur.match(gm.UNANNOUNCED.pattern):
            return False
        self._once("unannounced", start)
        cur.match(gm.SPACES)
        value = cur.match(gm.NUMBER)
        if value is None:
            raise cur.error("notation_expected_marriage")
        suit = self._suit(spaced=True)
        if suit is None and cur.glued_to_word():
            raise cur.error("notation_expected_suit", suits=self.w.suit_letters)
        self.unannounced = Marriage(cur.number(value), suit)
        return True

    def _silent_seven(self) -> bool:
        cur = self.cur
        start = cur.pos
        if not cur.match(self.w.silent_seven.pattern):
            return False
        self._once("silent_seven", start)
        side = Side.DECLARER
        mark = cur.pos
        cur.match(gm.SPACES)
        found = cur.match(self.w.side.pattern)
        if found is not None:
            side = self.w.side.lookup(found.group())
        else:
            self._restore(mark)
        self.silent_seven = SilentSeven(side, self._required_outcome())
        return True

    def _result(self) -> bool:
        cur = self.cur
        start = cur.pos
        found = cur.match(self.w.result_component.pattern)
        if found is None:
            return False
        cur.match(gm.SPACES)
        outcome = cur.match(self.w.won_lost.pattern)
        if outcome is None:
            return self._restore(start)
        component = self.w.result_component.lookup(found.group())
        self._once(f"result.{component.value}", start)
        self.results[component] = self.w.won_lost.lookup(outcome.group())
        return True

    def _apply_overall(self) -> None:
        """``7k+``: every part of the contract with a won/lost result, unless given on its own."""
        if self.overall is None:
            return
        won, at = self.overall
        parts = [
            c for c in COMPONENT_ORDER
            if self.rung is not None and c in self.rung.components and c in _RESULT_FIELD
            and not (c is Component.GAME and self.points is not None)
        ]
        if not parts and not self.results:
            raise self.cur.error("notation_outcome_nothing", at=at)
        for component in parts:
            self.results.setdefault(component, won)

    # -- PB facts --------------------------------------------------------------------------------

    def _count(self) -> bool:
        cur = self.cur
        start = cur.pos
        key = cur.match(gm.COUNT_KEY.pattern)
        if key is not None:
            cur.match(gm.SPACES)
            number = cur.match(gm.NUMBER)
            if number is None:
                return self._restore(start)
        else:
            # "4 trumfy"; but in "70 tr4" the 70 are points and tr4 is the next item.
            number = cur.match(gm.NUMBER)
            if number is None:
                return False
            cur.match(gm.SPACES)
            key = cur.match(gm.COUNT_WORD.pattern)
            if key is None or cur.peek(gm.SPACED_DIGIT):
                return self._restore(start)
        name = gm.COUNT_KEY.lookup(key.group())
        self._once(f"premium.{name}", start)
        self.premium[name] = cur.number(number)
        return True

    def _claims(self) -> bool:
        cur = self.cur
        start = cur.pos
        if not cur.match(gm.CLAIM.pattern):
            return False
        self._once("premium.defender_claims", start)
        if not cur.match(gm.BY):
            cur.match(gm.SPACES)
        if cur.match(self.w.player.pattern):
            cur.match(gm.SPACES)
        self.premium["defender_claims"] = self._seats()
        return True

    def _ruling(self) -> bool:
        cur = self.cur
        start = cur.pos
        if not cur.match(gm.RULING.pattern):
            return False
        cur.match(gm.SPACES)
        found = cur.match(gm.RULING_RESULT.pattern)
        if found is None:
            raise cur.error("notation_expected_ruling")
        self._once("ruling", start)
        self.ruling = gm.RULING_RESULT.lookup(found.group())
        return True

    def _incorrect_flek(self) -> bool:
        """SZMK E.2: a flek the referee found incorrect, and who gave it."""
        cur = self.cur
        start = cur.pos
        if not cur.match(gm.INCORRECT_FLEK.pattern):
            return False
        self._once("incorrect_flek", start)
        if not cur.match(gm.BY):
            cur.match(gm.SPACES)
        if cur.match(self.w.player.pattern):
            cur.match(gm.SPACES)
        self.incorrect_flek_by = self._seats()
        return True

    # -- doublings --------------------------------------------------------------------------------

    def _doubling(self) -> bool:
        cur = self.cur
        start = cur.pos
        found = cur.match(self.w.level_number)
        if found is not None:
            level = cur.number(found, 1)
        else:
            found = cur.match(self.grammar.levels.pattern)
            if found is None:
                return False
            level = self.grammar.levels.lookup(found.group())
        components = self._components()
        if not components and cur.peek(gm.WORD_CHAR):
            return self._restore(start)  # tr4, ti+: not a flek after all
        by = self._by()
        raises = self._chain()
        per_defender = self._per_defender()
        if not components:
            if self.rung is None:
                raise cur.error("notation_doubling_nothing", at=start)
            components = list(self.grammar.whole(self.rung))
        elif (self.grammar.ruleset.hundred_seven_as_one and Component.HUNDRED in components
              and Component.SEVEN in components):
            # SZMK B.10: "f100+7" is the flek on the whole 100+7, recorded on the stovka.
            components = [c for c in components if c is not Component.SEVEN]
        for component in components:
            self._once(f"doubling.{component.value}", start)
            self.doublings[component] = Doubling(component, level, by, per_defender, raises)
        return True

    def _announcement(self) -> bool:
        """Sedma proti / sto proti (obecná pravidla VII.1): 7p@3#1+, sto proti hráče 2."""
        cur = self.cur
        start = cur.pos
        found = cur.match(fm.ANNOUNCE)
        if found is None:
            return False
        component = fm.ANNOUNCE_PART[found.group(1) or found.group(2)]
        self._once(f"announcement.{component.value}", start)
        raises, level = self._chain_or_level()
        won: bool | None = None
        killed = False
        result = cur.match(fm.ANNOUNCE_RESULT)
        if result is not None:
            word = result.group(1) or result.group(2)
            won = word in ("+", "uhrana")
            killed = word in ("x", "zabita")
        self.announcements.append(Announcement(component, int(found.group(3)), level, raises,
                                               won, killed))
        return True

    # -- points --------------------------------------------------------------------------------

    def _points(self) -> bool:
        cur = self.cur
        start = cur.pos
        if cur.match(gm.POINTS_WORD.pattern):
            cur.match(gm.SPACES)
            cards_found = cur.match(gm.POINTS_START)
            if cards_found is None:
                raise cur.error("notation_expected_number")
        else:
            cards_found = cur.match(gm.POINTS_START)
            if cards_found is None:
                return False
        self._once("points", start)
        cards = cur.number(cards_found)
        mine = self._marriages()
        theirs: tuple[Marriage, ...] = ()
        if cur.match(gm.DEFENCE):
            defence = cur.match(gm.POINTS_START)
            if defence is not None and cur.number(defence) != CARD_POINTS_TOTAL - cards:
                raise cur.error("notation_points_sum", at=defence.start(),
                                expected=CARD_POINTS_TOTAL - cards)
            theirs = self._marriages()
        self.points = Points(cards, mine, theirs)
        return True

    # -- auction, helper, trump --------------------------------------------------------------------

    def _bid(self) -> bool:
        cur = self.cur
        start = cur.pos
        if not cur.match(self.w.bid):
            return False
        self._once("bid", start)
        at = cur.pos
        found = cur.match(self.grammar.contracts.pattern)
        if found is not None:
            components, hearts = self.grammar.contracts.lookup(found.group())
            suit_at = cur.pos
            suit = self._suit(spaced=True)
        else:
            # A letter core with its suit glued, as after the contract (SZMK: vhc, the auction
            # at farba červená); the shorthand writes the bid so.
            found = cur.match(self.w.glued_contract.pattern)
            if found is None:
                raise cur.error("notation_expected_contract")
            components, hearts = self.w.glued_contract.lookup(found.group()), False
            suit_at = cur.pos
            suit = self._suit(spaced=False)
            if suit is None:
                raise cur.error("notation_expected_suit", suits=self.w.suit_letters)
        if suit is not None and suit is not Suit.HEARTS:
            cur.pos = suit_at
            cur.match(gm.SPACES)
            raise cur.error("notation_bid_suit")
        rung = self.grammar.rung_for(components, hearts or suit is Suit.HEARTS)
        if rung is None:
            raise cur.error("notation_unknown_contract", at=at, found=found.group())
        self.bid = rung.code
        return True

    def _helper(self) -> bool:
        cur = self.cur
        start = cur.pos
        if not cur.match(gm.HELPER.pattern):
            return False
        suit = self._suit(spaced=True)
        if suit is None:
            return self._restore(start)
        self._once("helper", start)
        self.helper = suit
        return True

    def _trump(self) -> bool:
        """A trump named after the contract (the no-trump word is a simple item)."""
        cur = self.cur
        start = cur.pos
        if not cur.match(gm.TRUMP_OVERRIDE.pattern):
            return False
        suit = self._suit(spaced=True)
        if suit is None:
            cur.match(gm.SPACES)
            raise cur.error("notation_expected_suit", suits=self.w.suit_letters)
        self._once("trump", start)
        self.trump = suit
        return True
