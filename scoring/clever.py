"""Durch s chytrým: the flek of the player who then takes trick 8 (OBE L251-253).

"Durch se může hrát s chytrým, aktérovi stačí uhrát pouze prvních sedm zdvihů, poslední může
přepustit jinému hráči. Ten se pak bere pro účely platby jako hráč volící strany" (L251-253,
SLS B/18 L202 "CHYTRÝ"): the taker of trick 8 was a defender in the auction, so his flek was
said correctly (validation reads the sides of :attr:`Hand.auction_side`); only the payment moves
him. What his own flek is then worth the text does not say, so it is the ruleset's reading
``trick8_flek_stands`` (docs/readings.md §9.31a):

- True (default): it stands at its level like any flek once said (OBE V.5), and the pairs settle
  at the reached level (with per-defender binding, SLS L36, it bound only him, so nobody);
- False: his raises and the answers to them are void; a flek another defender joined stays.
"""

from __future__ import annotations

import dataclasses

from scoring.explain import Line
from scoring.hand import Doubling, Hand, Seat
from scoring.messages import register
from scoring.ruleset import Ruleset


def trick8_fleker(hand: Hand) -> Seat | None:
    """The trick-8 taker of a won durch s chytrým who fleked as a defender, else None."""
    taker = hand.side_partner if hand.partner is None else None
    if taker is None or not any(taker in d.by for d in hand.doublings if d.level):
        return None
    return taker


def clever_flek(hand: Hand, ruleset: Ruleset, lines: list[Line]) -> Hand:
    """The hand as it is paid, with a line saying what became of the taker's flek."""
    taker = trick8_fleker(hand)
    if taker is None:
        return hand
    if ruleset.trick8_flek_stands:
        lines.append(Line("trick8_flek_stands", value=0, params={"seat": taker}))
        return hand
    lines.append(Line("trick8_flek_void", value=0, params={"seat": taker}))
    doublings = tuple(_without(d, taker) for d in hand.doublings)
    return dataclasses.replace(hand, doublings=doublings)


def _without(doubling: Doubling, taker: Seat) -> Doubling:
    """The doubling without the taker's raises: kept as it stands when other defenders joined
    it (their flek binds), void (level 0) when he alone fleked."""
    if taker not in doubling.by:
        return doubling
    others = tuple(s for s in doubling.by if s != taker)
    if not others:
        return Doubling(doubling.component, 0)
    per_defender = tuple((s, level) for s, level in doubling.per_defender if s != taker)
    return Doubling(doubling.component, doubling.level, others, per_defender)


register({
    "line_trick8_flek_stands": {
        "cs": "hráč {seat} flekoval v obraně a vzal osmý zdvih: za platbu patří k volící "
              "straně, jeho flek platí",
        "sk": "hráč {seat} flekoval v obrane a vzal ôsmy zdvih: pre platbu patrí k voliacej "
              "strane, jeho flek platí",
        "en": "seat {seat} fleked as a defender and took trick 8: he pays with the declaring "
              "side, his flek stands",
    },
    "line_trick8_flek_void": {
        "cs": "hráč {seat} flekoval v obraně a vzal osmý zdvih: za platbu patří k volící "
              "straně, jeho flek propadá",
        "sk": "hráč {seat} flekoval v obrane a vzal ôsmy zdvih: pre platbu patrí k voliacej "
              "strane, jeho flek prepadá",
        "en": "seat {seat} fleked as a defender and took trick 8: he pays with the declaring "
              "side, his flek is void",
    },
})
