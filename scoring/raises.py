"""The raise chain of a doubled part: who may say each flek, re, tutti, ... (obecná pravidla V.5).

Every doubled part follows it: the declarer's doublings and the defence's announcements
(:mod:`scoring.variants`) and SloapSlam's honers (:mod:`scoring.honours`). It stands below both
so that neither imports the other to check a chain.
"""

from __future__ import annotations

from scoring.errors import Problem
from scoring.hand import Hand
from scoring.messages import register
from scoring.ruleset import Ruleset


def check_chain(hand: Hand, ruleset: Ruleset, raises: tuple[int, ...], level: int, *,
                 owner_declarer: bool, where: str, errors: list[Problem]) -> None:
    """Raises alternate: the side that did not announce the part says flek, tutti, ...,
    the announcing side re, boty, ... (obecná pravidla V.5)."""
    if not raises:
        return
    if len(raises) != level:
        errors.append(Problem("raises_level_mismatch", where,
                              {"level": level, "raises": len(raises)}))
    side = hand.auction_side  # the sides as they were when raising (OBE L251-253)
    for position, seat in enumerate(raises):
        declarer_says = (position % 2 == 1) == owner_declarer
        wrong_seat = not 1 <= seat <= hand.players or seat == hand.sitter
        if (not declarer_says and seat in hand.forehand_side
                and ruleset.game_flek_forehand_opponents and where == "doublings.game"):
            continue  # pagat L111: scoring.partnerships.check_game_flek says it
        if owner_declarer and seat == hand.partner and not wrong_seat:
            # obecná pravidla VII.2 L246-248: odd raises only from the defence; the even
            # ones from the declarer or (ruleset.partner_even_raises) his partner.
            if not declarer_says:
                errors.append(Problem("partner_flek", where, {"seat": seat}))
            elif not ruleset.partner_even_raises:
                errors.append(Problem("partner_raise_not_allowed", where, {"seat": seat}))
            continue
        if wrong_seat or (seat in side) != declarer_says:
            errors.append(Problem("raise_by_wrong_side", where, {"seat": seat}))


register({
    "raises_level_mismatch": {
        "sk": "Počet flekov ({raises}) nezodpovedá stupňu {level}.",
        "cs": "Počet fleků ({raises}) neodpovídá stupni {level}.",
        "en": "The raises ({raises}) do not match the level {level}.",
    },
    "raise_by_wrong_side": {
        "sk": "Hráč na mieste {seat} tento flek dať nemohol (fleky sa striedajú medzi "
              "stranami).",
        "cs": "Hráč na místě {seat} tento flek dát nemohl (fleky se střídají mezi stranami).",
        "en": "Seat {seat} cannot have said this raise (raises alternate between the sides).",
    },
})
