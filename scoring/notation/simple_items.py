"""The simple shorthand items as data: a pattern, the field it fills and how to read the value.

Most items of the shorthand are a keyword, perhaps with a seat or a rank after it, that fills
one field of the hand once (``sp@3``, ``=e``, ``ch8@4``, ``dohr``, ``lož``). Writing each as a
method gave a dozen near-identical matchers; here each is one :class:`ItemSpec` row below, and
the one generic matcher (``_Parser._simple`` in :mod:`scoring.notation.parse`, which also
fixes the order the items are tried in) reads every row the same way: match at the cursor,
refuse a field given twice with the caret at the item's start, store the value.
The items that read a phrase of their own after the keyword (fleks, points, renoncs, honers,
the announcements against the declarer) stay methods of the parser.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from scoring.notation import grammar as gm
from scoring.notation.families import (
    ALONE,
    CALLED,
    CALLED_RANK,
    DECLARER_TRICKS,
    FORCED,
    PARTNER,
    PLAYED_OUT,
    SEVEN_KILLED,
    TRICK8,
)

PREMIUM = "premium"
"""The field of the PB facts: a row with it fills ``premium[name]``, its key ``premium.name``."""

Value = Callable[[re.Match[str], int], object]
"""What a row reads from its match (and the folded position the item starts at)."""


def _true(found: re.Match[str], start: int) -> object:
    return True


def _seat(found: re.Match[str], start: int) -> object:
    return int(found.group(1))


def _nothing(found: re.Match[str], start: int) -> object:
    return None


@dataclass(frozen=True)
class ItemSpec:
    """One simple item: where it matches, which field it fills once, what it puts there.

    ``pattern`` is a fixed pattern or the name of a table of the sheet's :class:`~.grammar.Words`
    (the Slovak sheet spells it differently). ``key`` names the field for "given twice" (none:
    the item may repeat); ``key_of`` derives it from the match when one row fills several
    fields. ``field`` is the parser's attribute (none: the item only takes the key); with
    ``repeat`` the value is appended to a list.
    """

    pattern: re.Pattern[str] | str
    key: str | None
    field: str | None
    value: Value = _true
    key_of: Callable[[re.Match[str]], str] | None = None
    repeat: bool = False

    def compiled(self, words: gm.Words) -> re.Pattern[str]:
        if isinstance(self.pattern, str):
            found: gm.Table[bool] = getattr(words, self.pattern)
            return found.pattern
        return self.pattern

    def key_for(self, found: re.Match[str]) -> str | None:
        return self.key_of(found) if self.key_of is not None else self.key


def _holding_name(found: re.Match[str]) -> str:
    return f"{PREMIUM}.{gm.HOLDING.lookup(found.group())[0]}"


def _holding_value(found: re.Match[str], start: int) -> object:
    return gm.HOLDING.lookup(found.group())[1]


def _called_rank(found: re.Match[str], start: int) -> object:
    return CALLED_RANK[found.group(1) or found.group(2)]


def _overall(found: re.Match[str], start: int) -> object:
    return (found.group() == "+", start)


FORCED_FLEK = ItemSpec(FORCED, None, "forced", _seat, repeat=True)  # trh@3, povinný flek hráče 3
PLAYED_OUT_ITEM = ItemSpec(PLAYED_OUT, "played_out", "played_out")  # dohr, dohrávka (D1-D4)
PARTNER_ITEM = ItemSpec(PARTNER, "partner", "partner", _seat)  # sp@3, spoluhráč 3
ALONE_ITEM = ItemSpec(ALONE, "partner", None)  # sám: the declarer plays alone, no partner
CALLED_ITEM = ItemSpec(CALLED, "called_rank", "called_rank", _called_rank)  # =e, volá eso
TRICK8_ITEM = ItemSpec(TRICK8, "trick8", "trick8", _seat)  # ch8@4, osmý zdvih hráče 4
# zd5, zdvihy aktéra 5: a lost Durch mit Partner's declarer took 5 tricks himself (PAG L115)
DECLARER_TRICKS_ITEM = ItemSpec(DECLARER_TRICKS, "declarer_tricks", "declarer_tricks", _seat)
SEVEN_KILLED_ITEM = ItemSpec(SEVEN_KILLED, "seven_killed", "seven_killed")  # sx, sedma zabitá
OVERALL_ITEM = ItemSpec(gm.OVERALL, "overall", "overall", _overall)  # 7k+: see _apply_overall
HOLDING_ITEM = ItemSpec(gm.HOLDING.pattern, None, PREMIUM, _holding_value, key_of=_holding_name)
NON_TRUMP_MARRIAGE_ITEM = ItemSpec(gm.NON_TRUMP_MARRIAGE.pattern, "premium.non_trump_marriage",
                                   PREMIUM)
CANCELLED_ITEM = ItemSpec(gm.CANCELLED.pattern, "cancelled", "cancelled")  # SZMK E.1
LAID_DOWN_ITEM = ItemSpec("laid_down", "laid_down", "laid_down")
NOT_PLAYED_ITEM = ItemSpec("not_played", "not_played", "not_played")
NO_TRUMP_ITEM = ItemSpec(gm.NO_TRUMP.pattern, "trump", "trump", _nothing)
