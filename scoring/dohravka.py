"""SloapSlam křížový D4 (L260): the renoncs of a dohrávka, and the one that ends it.

"Dojde-li v průběhu dohrávky k dalšímu renoncu téže strany, je povinna zaplatit paušál i za
tento renonc a protistrana má i nadále nárok na dohrávku. Pokud další renonc udělá protistrana,
ztrácí nárok na dohrávku, zaplatí paušál a nárok na dohrávku získává strana první, atd."
Each renonc of the dohrávka costs its paušál (``Hand.further_renoncs``). When the side entitled
to a dohrávka does not ask for one after a renonc (``Renonc.decisive``, the last one), that
renonc decides the hand as a renonc not played out does (D4 first sentence: the basic rate of
the game and the paušál); the earlier renoncs, the first one included, cost their paušál only.
"""

from __future__ import annotations

import dataclasses

from scoring.errors import Problem
from scoring.hand import Hand, Renonc
from scoring.messages import register
from scoring.ruleset import Ruleset
from scoring.types import HandEffect


def deciding_further(hand: Hand) -> Renonc | None:
    """The renonc of the dohrávka that ended it (the last further renonc, marked decisive)."""
    if hand.further_renoncs and hand.further_renoncs[-1].decisive:
        return hand.further_renoncs[-1]
    return None


def as_decided(hand: Hand) -> Hand:
    """The hand settled by its deciding renonc: that renonc in ``renonc``, not played out, and
    every other renonc of the hand (the first, played out, too) in ``further_renoncs``, a
    paušál each."""
    last = deciding_further(hand)
    if last is None or hand.renonc is None:
        return hand
    first = dataclasses.replace(hand.renonc, played_out=False)
    return dataclasses.replace(
        hand, renonc=Renonc(last.code, last.offender),
        further_renoncs=(first, *hand.further_renoncs[:-1]))


def check_decisive(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    """Only the last renonc of a dohrávka may end it, and only one that loses the hand when
    not played out (SLS D1, D4: not a paušál-only renonc such as C7)."""
    if hand.renonc is not None and hand.renonc.decisive:  # the first renonc: "dohr" or not
        errors.append(Problem("renonc_decisive_not_last", "renonc.decisive", {}))
    for index, extra in enumerate(hand.further_renoncs):
        if not extra.decisive:
            continue
        where = f"further_renoncs.{index}.decisive"
        rule = ruleset.renonc(extra.code)
        if hand.renonc is not None and not hand.renonc.played_out:
            # no dohrávka to end: the renoncs beside an unplayed-out one cost their paušál
            # only (docs/readings.md §9.53)
            errors.append(Problem("renonc_decisive_without_dohravka", where, {}))
        elif index != len(hand.further_renoncs) - 1:
            errors.append(Problem("renonc_decisive_not_last", where, {}))
        elif rule is not None and rule.effect is not HandEffect.LOST_UNLESS_PLAYED_OUT:
            errors.append(Problem("renonc_decisive_not_in_rules", where, {"code": rule.code}))


register({
    "renonc_decisive_not_last": {
        "cs": "Dohrávku ukončuje jen poslední renonc v ní.",
        "sk": "Dohrávku ukončuje len posledný renonc v nej.",
        "en": "Only the last renonc of the dohrávka can end it.",
    },
    "renonc_decisive_without_dohravka": {
        "cs": "Bez dohrávky nemá další renonc co ukončit: hru rozhoduje první renonc.",
        "sk": "Bez dohrávky nemá ďalšia renonce čo ukončiť: hru rozhoduje prvá renonce.",
        "en": "Without a dohrávka a further renonc has nothing to end: the first renonc "
              "decides the hand.",
    },
    "renonc_decisive_not_in_rules": {
        "cs": "Renonc {code} se platí jen paušálem a hru nerozhoduje.",
        "sk": "Renonc {code} sa platí len paušálom a hru nerozhoduje.",
        "en": "Renonc {code} costs only its paušál and does not decide the hand.",
    },
})
