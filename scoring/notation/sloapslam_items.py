"""The shorthand items only the SloapSlam games write: the čtyřka's honers and the partner's
seven (SLS L28-32, L42, L46), the křížový's end of the dohrávka (D4) and a trhák's compulsory
flek on one part (B/19). A part of the parser (:mod:`scoring.notation.parse`), kept apart so the
parser stays readable; it fills the same fields the parser turns into a hand.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from scoring.hand import Doubling, Honour, Renonc
from scoring.notation import families as fm
from scoring.notation.reader import Reader
from scoring.types import Component


class SloapSlamItems(Reader):
    """Readers of the SloapSlam items; the fields are the parser's (set in its ``__init__``)."""

    honours: list[Honour]
    further: list[Renonc]
    seven_by: int | None
    premium: dict[str, Any]
    forced_parts: list[tuple[int, Component]]
    doublings: dict[Component, Doubling]

    def _honour(self) -> bool:
        """An honer of the čtyřka (SloapSlam L28-32): 9@1t5#31+, osma hráče 2 na 3 trumfy."""
        cur = self.cur
        start = cur.pos
        found = cur.match(fm.HONOUR)
        if found is None:
            return False
        rank = fm.HONOUR_RANK[found.group(1) or found.group(2)]
        self._once(f"honour.{rank.value}", start)
        trumps = self._trumps()
        raises, level = self._chain_or_level()
        won: bool | None = None
        result = cur.match(fm.HONOUR_RESULT)
        if result is not None:
            won = (result.group(1) or result.group(2)) in ("+", "uhrana")
        self.honours.append(Honour(rank, int(found.group(3)), trumps, level, raises, won))
        return True

    def _seven_by(self) -> bool:
        """The sedma announced by the declarer's partner, with his trumps (SloapSlam L42, L46):
        7@2t3, sedma hráče 2 na 3 trumfy. The trumps go to ``premium.seat_trumps``."""
        cur = self.cur
        start = cur.pos
        found = cur.match(fm.SEVEN_BY)
        if found is None:
            return False
        self._once("seven_by", start)
        self.seven_by = int(found.group(1))
        trumps = self._trumps()
        if trumps is not None:
            self.premium["seat_trumps"] = ((self.seven_by, trumps),)
        return True

    def _trumps(self) -> int | None:
        """How many trumps a player held, after his honer or his seven: t3, na 3 trumfy."""
        found = self.cur.match(fm.HONOUR_TRUMPS)
        return int(found.group(1) or found.group(2)) if found is not None else None

    def _decisive(self) -> bool:
        """SloapSlam D4 (L260): ``!c1@3 dohr !c3@1 bez dohr``, no dohrávka followed the last
        renonc of the dohrávka, so it decides the hand."""
        cur = self.cur
        start = cur.pos
        if cur.match(fm.ENDS_PLAY_OUT) is None:
            return False
        if not self.further:
            cur.pos = start
            raise cur.error("notation_played_out_without_renonc")
        self._once("decisive", start)
        self.further[-1] = dataclasses.replace(self.further[-1], decisive=True)
        return True

    def _forced_part(self) -> bool:
        """A trhák's compulsory flek on one part (SloapSlam B/19 L204): trh7@3, povinný flek
        hráče 3 na sedmu; his fleks on the other parts stay free."""
        found = self.cur.match(fm.FORCED_PART)
        if found is None:
            return False
        seat = int(found.group(2) or found.group(3))
        self.forced_parts.append((seat, fm.FORCED_PART_NAME[found.group(1) or found.group(4)]))
        return True

    def _apply_forced_parts(self) -> None:
        """Each part's compulsory flekers onto its doubling (``Doubling.forced``)."""
        for seat, component in self.forced_parts:
            doubling = self.doublings.get(component) or Doubling(component, 0)
            self.doublings[component] = dataclasses.replace(
                doubling, forced=(*doubling.forced, seat))
