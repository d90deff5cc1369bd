"""Checks of the outcome: each part won or lost as recorded, the hra on points, the tichá sedma
and facts about the last trick that cannot happen at a table (obecná pravidla III.1, V.8)."""

from __future__ import annotations

from scoring.dohravka import deciding_further
from scoring.errors import Problem
from scoring.hand import CARD_POINTS_TOTAL, Hand
from scoring.messages import Named
from scoring.ruleset import Ruleset, Rung
from scoring.types import Component, Side, UnplayedRule
from scoring.validation.names import component_name, rung_name
from scoring.validation.renonc import renonc_loses_hand, renonc_settles_contract
from scoring.variants import quiet_game, unplayed_rule

_RESULT_FIELDS = {
    Component.GAME: "game_won",
    Component.SEVEN: "seven_won",
    Component.BETL: "betl_won",
    Component.DURCH: "durch_won",
    Component.TWO_SEVENS: "two_sevens_won",
}


def outcome_implied(hand: Hand, ruleset: Ruleset) -> bool:
    """Laid-down, cancelled, in-play-renonc and unplayed hands need no per-component result."""
    return (
        hand.laid_down
        or hand.not_played
        or renonc_loses_hand(hand, ruleset)
        or not renonc_settles_contract(hand, ruleset)
        or _quiet_game(hand, ruleset)
        or deciding_further(hand) is not None  # SLS D4: a renonc ended the dohrávka
    )


def _quiet_game(hand: Hand, ruleset: Ruleset) -> bool:
    """Hands never played and needing no mark: pagat L96-97, SloapSlam čtyřka L20-24, B/20."""
    rung = ruleset.rung(hand.contract) if hand.contract else None
    return rung is not None and (quiet_game(hand, ruleset, rung) or unplayed_rule(
        hand, ruleset, rung) in (UnplayedRule.HONOURS_CONCEDED, UnplayedRule.FLEKED_WITHOUT_RE,
                                 UnplayedRule.SEVEN_VS_FLEKED_GAME))


def check_outcome(hand: Hand, ruleset: Ruleset, rung: Rung, errors: list[Problem]) -> None:
    implied = outcome_implied(hand, ruleset)
    for component, name in _RESULT_FIELDS.items():
        value = getattr(hand, name)
        if component not in rung.components:
            if value is not None:
                errors.append(Problem("outcome_not_in_contract", name,
                                      {"contract": rung_name(rung)}))
            continue
        if component is Component.GAME and hand.points is not None:
            if value is not None and value != game_won_on_points(hand, ruleset):
                errors.append(Problem("game_result_conflicts_points", name, {}))
            continue
        if value is None and not implied:
            errors.append(Problem("outcome_missing", name, {"part": component_name(component)}))
        if hand.laid_down and value is False:
            errors.append(Problem("laid_down_lost", name, {}))
    check_silent_seven(hand, rung, errors)
    if hand.not_played and unplayed_rule(hand, ruleset, rung) is None:
        # Obecná pravidla V.12: hra fleked, sedma accepted, declarer accepts the lost hra;
        # pagat L96: a quiet trump game (the ruleset's unplayed_rules).
        errors.append(Problem("not_played_invalid", "not_played", {}))
    if hand.laid_down and hand.not_played:
        errors.append(Problem("laid_down_not_played", "laid_down", {}))


def game_won_on_points(hand: Hand, ruleset: Ruleset) -> bool:
    """Hra decided by the recorded points: more than the defence (a tie as the ruleset says)."""
    assert hand.points is not None
    mine, theirs = hand.points.declarer_total, hand.points.defence_total
    return mine > theirs or (mine == theirs and ruleset.game_tie_won_by_declarer)


def check_silent_seven(hand: Hand, rung: Rung, errors: list[Problem]) -> None:
    if hand.silent_seven is None:
        return
    if rung.announces_seven:
        # ČSM 2023 A: no tichá sedma in contracts with an announced seven.
        errors.append(Problem("silent_seven_with_seven", "silent_seven", {}))
    elif not rung.has_trumps:
        errors.append(Problem("silent_seven_no_trumps", "silent_seven", {}))


_FACTS = {
    "silent_seven_declarer_won": Named("tichá sedma aktéra uhrána", "the declarer's silent "
                                       "seven won", "tichá sedma voliaceho uhraná"),
    "silent_seven_declarer_lost": Named("tichá sedma aktéra prohrána", "the declarer's silent "
                                        "seven lost", "tichá sedma voliaceho prehraná"),
    "silent_seven_defence_won": Named("tichá sedma obrany uhrána", "the defence's silent "
                                      "seven won", "tichá sedma obrany uhraná"),
    "silent_seven_defence_lost": Named("tichá sedma obrany prohrána", "the defence's silent "
                                       "seven lost", "tichá sedma obrany prehraná"),
    "seven_won": Named("sedma uhrána", "the seven won", "sedma uhraná"),
    "two_sevens_won": Named("dvě sedmy uhrány", "two sevens won", "dve sedmy uhrané"),
    "laid_down": Named("ložená hra", "a laid-down game", "vyložená hra"),
}


def last_trick_facts(hand: Hand, ruleset: Ruleset) -> list[tuple[str, str, Side]]:
    """The recorded facts that say who took the last trick: (field, fact key, side).

    A trump seven that wins the last trick takes it for its side; one beaten in it loses it
    to the other side (obecná pravidla V.8); an announced seven (or dvě sedmy) won took it for
    the declarer; a laid-down game leaves every trick still to play to the declarer (ČSM 2023
    C.4). None of it applies when an in-play renonc ended the hand (ČSM 2023 E.6.b: the play
    after it is void and the points are credited).
    """
    if renonc_loses_hand(hand, ruleset):
        return []
    facts: list[tuple[str, str, Side]] = []
    silent = hand.silent_seven
    if silent is not None:
        other = Side.DEFENCE if silent.side is Side.DECLARER else Side.DECLARER
        key = f"silent_seven_{silent.side.value}_{'won' if silent.won else 'lost'}"
        facts.append(("silent_seven", key, silent.side if silent.won else other))
    if hand.seven_won:
        facts.append(("seven_won", "seven_won", Side.DECLARER))
    if hand.two_sevens_won:  # ČSM 2023 D: the trump seven takes the last trick
        facts.append(("two_sevens_won", "two_sevens_won", Side.DECLARER))
    if hand.laid_down:
        facts.append(("laid_down", "laid_down", Side.DECLARER))
    return facts


def check_last_trick(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    """Facts that cannot happen at a table: the last trick is worth 10 card points, so the
    side that took it has at least 10 (obecná pravidla III.1)."""
    facts = last_trick_facts(hand, ruleset)
    sides = {side for _, _, side in facts}
    if len(sides) > 1:
        # A laid-down game against a silent seven that gives the last trick to the defence.
        field, key, _ = next(f for f in facts if f[2] is Side.DEFENCE)
        errors.append(Problem("silent_seven_laid_down", field, {"fact": _FACTS[key]}))
        return
    points = hand.points
    if points is None or not facts or not 0 <= points.declarer_cards <= CARD_POINTS_TOTAL:
        return
    field, key, side = facts[0]
    if side is Side.DECLARER and points.declarer_cards < LAST_TRICK:
        errors.append(Problem("last_trick_declarer_no_points", field, {"fact": _FACTS[key]}))
    elif side is Side.DEFENCE and points.defence_cards < LAST_TRICK:
        errors.append(Problem("last_trick_defence_no_points", field, {"fact": _FACTS[key]}))


LAST_TRICK = 10  # obecná pravidla III.1: the last trick counts 10 card points
