"""Křížový mariáš (ČSM obecná pravidla VII.2): four active players and the declaring pair.

The sides are facts of the hand (:attr:`Hand.partner`, :attr:`Hand.trick8`,
:attr:`Hand.called_rank`) read by :class:`~scoring.hand.Hand` itself (``declaring_side``,
``payers``, ``receiver``); the money stays in :mod:`scoring.settle`. Here are the checks of
those facts (docs/csm-krizovy.md "Table and sides", docs/families.md §8.2 a and o). Lines cite
``rules/csm-obecna-pravidla-ocr.txt``.
"""

from __future__ import annotations

from scoring.errors import Problem
from scoring.explain import Line
from scoring.hand import Hand, Seat
from scoring.messages import register
from scoring.ruleset import Ruleset, Rung
from scoring.types import Component


def check_partnerships(hand: Hand, ruleset: Ruleset, rung: Rung | None,
                       errors: list[Problem]) -> None:
    """Partner, called rank and trick 8 against the ruleset and the contract."""
    if not ruleset.partnerships:
        for name in ("partner", "called_rank", "trick8", "declarer_tricks"):
            if getattr(hand, name) is not None:
                errors.append(Problem("partnership_not_in_rules", name, {}))
        if hand.all_play:
            errors.append(Problem("partnership_not_in_rules", "all_play", {}))
        return
    partner = hand.partner
    if partner is not None:
        if not 1 <= partner <= hand.players:
            errors.append(Problem("seat_range", "partner",
                                  {"seat": partner, "players": hand.players}))
        elif partner == hand.declarer:
            # L244: calling a card he holds himself means playing alone: no partner.
            errors.append(Problem("partner_is_declarer", "partner", {"seat": partner}))
        elif rung is not None and not rung.has_trumps and not rung.called_partner:
            # L250-251 (betl), L251-253 (durch): played alone; only trick 8 of a durch
            # s chytrým brings a partner.
            errors.append(Problem("partner_no_trumps", "partner", {}))
        elif rung is None and hand.contract is not None:
            errors.append(Problem("partner_no_trumps", "partner", {}))
    trick8 = hand.trick8
    clever = rung is not None and rung.clever
    if trick8 is not None:
        if not clever:
            errors.append(Problem("trick8_not_clever", "trick8", {}))
        elif not 1 <= trick8 <= hand.players:
            errors.append(Problem("seat_range", "trick8",
                                  {"seat": trick8, "players": hand.players}))
    elif clever and hand.durch_won and hand.renonc is None and not hand.laid_down:
        errors.append(Problem("trick8_missing", "trick8", {}))
    _check_called_durch(hand, rung, errors)
    check_game_flek(hand, ruleset, errors)
    if hand.called_rank is not None and hand.contract is None:
        errors.append(Problem("called_rank_without_contract", "called_rank", {}))


def game_flek_checked_here(ruleset: Ruleset, where: str) -> bool:
    """Whether a flek on ``where`` is judged by :func:`check_game_flek` (pagat L111), so the
    general checks of who may flek leave it alone (one problem for one fact)."""
    return ruleset.game_flek_forehand_opponents and where == f"doublings.{Component.GAME.value}"


def check_game_flek(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    """Pagat L111, the four-player game: "die Gegner von Vorhand können Flek gegen das Spiel".
    The flek on the game (and the defence's further raises on it: tutti, kalhoty, …) is said
    only by forhont's opponents, never by forhont or the holder of the card he called; the
    premiums of the other team anyone may flek (same line), so only the game is checked."""
    if not ruleset.game_flek_forehand_opponents:
        return
    game = hand.doubling(Component.GAME)
    said = {*game.by, *(seat for seat, _level in game.per_defender), *game.raises[0::2]}
    for seat in sorted(said & set(hand.forehand_side)):
        errors.append(Problem("game_flek_forehand_side", f"doublings.{Component.GAME.value}",
                              {"seat": seat, "forehand": hand.forehand}))


def declarer_pays_alone(hand: Hand, rung: Rung) -> bool:
    """A lost Durch mit Partner where the declarer took fewer than 6 tricks: "dann zahlt er
    doppelt, und der Partner braucht nichts zu zahlen" (pagat L115)."""
    tricks = hand.declarer_tricks
    return (rung.called_partner and hand.durch_won is False and tricks is not None
            and tricks < 6)


def settles_with(hand: Hand, rung: Rung, payer: Seat) -> Seat:
    """Who of the declaring side settles with ``payer``: as :meth:`Hand.receiver` (2v2 pair
    by pair), but the declarer for everyone when he pays alone (:func:`declarer_pays_alone`)."""
    return hand.declarer if declarer_pays_alone(hand, rung) else hand.receiver(payer)


def alone_line(hand: Hand, rung: Rung) -> Line | None:
    """The line saying why the partner pays nothing (pagat L115)."""
    if not declarer_pays_alone(hand, rung):
        return None
    return Line("durch_partner_alone", value=0,
                params={"seat": hand.declarer, "tricks": hand.declarer_tricks})


def _check_called_durch(hand: Hand, rung: Rung | None, errors: list[Problem]) -> None:
    """Durch mit Partner (pagat L115): the named card's holder is a partner the hand must
    name; the declarer's own tricks matter only when the pair lost (under 6 he pays double)."""
    called = rung is not None and rung.called_partner
    if called and hand.partner is None and hand.renonc is None and not hand.laid_down:
        errors.append(Problem("partner_missing", "partner", {}))
    tricks = hand.declarer_tricks
    if tricks is None:
        if called and hand.durch_won is False and hand.renonc is None:
            errors.append(Problem("declarer_tricks_missing", "declarer_tricks", {}))
        return
    if not called or hand.durch_won is not False:
        errors.append(Problem("declarer_tricks_not_lost_durch", "declarer_tricks", {}))
    elif not 0 <= tricks <= 7:
        errors.append(Problem("declarer_tricks_range", "declarer_tricks", {"tricks": tricks}))


# pagat's Durch mit Partner (L115), the all-four variant of ``pagat-voleny``
register({
    "partner_missing": {
        "cs": "U durchu se spoluhráčem chybí spoluhráč (držitel jmenované karty).",
        "sk": "Pri veľkom so spoluhráčom chýba spoluhráč (držiteľ menovanej karty).",
        "en": "A durch with a partner needs the partner (the holder of the named card).",
    },
    "declarer_tricks_missing": {
        "cs": "U prohraného durchu se spoluhráčem chybí, kolik zdvihů vzal aktér sám.",
        "sk": "Pri prehratom veľkom so spoluhráčom chýba, koľko zdvihov vzal voliaci hráč sám.",
        "en": "A lost durch with a partner needs the number of tricks the declarer took.",
    },
    "declarer_tricks_not_lost_durch": {
        "cs": "Zdvihy aktéra se zapisují jen u prohraného durchu se spoluhráčem.",
        "sk": "Zdvihy voliaceho hráča sa zapisujú len pri prehratom veľkom so spoluhráčom.",
        "en": "The declarer's tricks are recorded only for a lost durch with a partner.",
    },
    "line_durch_partner_alone": {
        "cs": "aktér (místo {seat}) vzal jen {tricks} zdvihů: platí sám oběma soupeřům, "
              "spoluhráč neplatí nic",
        "sk": "voliaci hráč (miesto {seat}) vzal len {tricks} zdvihov: platí sám obom "
              "súperom, spoluhráč neplatí nič",
        "en": "the declarer (seat {seat}) took only {tricks} tricks: he pays both opponents, "
              "his partner pays nothing",
    },
    "declarer_tricks_range": {
        "cs": "Aktér v prohraném durchu vzal 0 až 7 zdvihů, ne {tricks}.",
        "sk": "Voliaci hráč v prehratom veľkom vzal 0 až 7 zdvihov, nie {tricks}.",
        "en": "In a lost durch the declarer took 0 to 7 tricks, not {tricks}.",
    },
    # pagat L111: "die Gegner von Vorhand können Flek gegen das Spiel"
    "game_flek_forehand_side": {
        "cs": "Hru ve čtyřech flekují jen soupeři forhonta (místo {forehand}); hráč na místě "
              "{seat} hraje s forhontem.",
        "sk": "Hru vo štyroch flekujú len súperi forhonta (miesto {forehand}); hráč na mieste "
              "{seat} hrá s forhontom.",
        "en": "In the four-player game only forhont's opponents flek the game (forhont: seat "
              "{forehand}); seat {seat} plays on forhont's side.",
    },
})
