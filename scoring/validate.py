"""Rule checks on a recorded hand, before any money moves.

Everything wrong is collected (a form can then mark every bad field at once); only warnings
let a hand through. Sections of ČSM 2023 are cited where a check comes from a rule.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from scoring.errors import Problem, ScoringError
from scoring.hand import CARD_POINTS_TOTAL, Hand, Marriage
from scoring.honours import check_honours
from scoring.messages import Named
from scoring.partnerships import check_partnerships
from scoring.ruleset import CONCESSION, RenoncRule, Ruleset, Rung
from scoring.types import Component, HandEffect, RenoncKind, Side, Suit, UnplayedRule
from scoring.variants import check_variants, quiet_game, unplayed_rule

MARRIAGE_VALUES = (20, 40)
INCORRECT_FLEK_TOTAL = 120  # SZMK E.2.a


def _named(rung: Rung) -> Named:
    return Named(rung.name_cs, rung.name_en)


_COMPONENT_NAMES = {
    Component.GAME: Named("hra", "game"),
    Component.SEVEN: Named("sedma", "seven"),
    Component.HUNDRED: Named("sto", "hundred", "stovka"),
    Component.BETL: Named("betl", "betl", "malý"),
    Component.DURCH: Named("durch", "durch", "veľký"),
    Component.TWO_SEVENS: Named("dvě sedmy", "two sevens", "dve sedmy"),
}


def component_name(component: Component) -> Named:
    """A part of a contract as the sheet names it (hra, sedma, sto …)."""
    return _COMPONENT_NAMES[component]
_RESULT_FIELDS = {
    Component.GAME: "game_won",
    Component.SEVEN: "seven_won",
    Component.BETL: "betl_won",
    Component.DURCH: "durch_won",
    Component.TWO_SEVENS: "two_sevens_won",
}


def check(hand: Hand, ruleset: Ruleset) -> tuple[list[Problem], list[Problem]]:
    """All errors and warnings of ``hand`` under ``ruleset``."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    hand = for_ruleset(hand, ruleset)
    if not _check_seats(hand, ruleset, errors):
        return errors, warnings
    rung = ruleset.rung(hand.contract) if hand.contract else None
    _check_renonc(hand, ruleset, errors)
    _check_cancelled_doublings(hand, ruleset, errors)
    _check_late(hand, ruleset, errors)
    if hand.contract is None:
        _check_renonc_only(hand, ruleset, errors)
    elif hand.contract == CONCESSION:
        _check_concession(hand, ruleset, errors)
    elif rung is None:
        errors.append(Problem("contract_unknown", "contract", {"contract": hand.contract}))
    else:
        _check_contract(hand, ruleset, rung, errors)
        _check_doublings(hand, ruleset, rung, errors, warnings)
        _check_points(hand, ruleset, rung, errors)
        _check_hundred_marriage(hand, ruleset, rung, errors)
        _check_premium(hand, errors)
        _check_outcome(hand, ruleset, rung, errors)
        _check_last_trick(hand, ruleset, errors)
    check_variants(hand, ruleset, rung, errors)  # roles, announcements against, raise chains
    check_partnerships(hand, ruleset, rung, errors)  # křížový: partner, trick 8
    if hand.honours or (rung is not None and ruleset.honours):  # SloapSlam čtyřka
        check_honours(hand, ruleset, rung, rung is not None and (
            _outcome_implied(hand, ruleset)), errors)
    for seat in hand.forced_flekers:
        if seat not in hand.flekers:  # SloapSlam B/19: a trhák's flek, recorded as a flek
            errors.append(Problem("forced_not_fleker", "forced_flekers", {"seat": seat}))
    if hand.contract is None or rung is None:
        _check_no_unannounced(hand, errors)
    return errors, warnings


def for_ruleset(hand: Hand, ruleset: Ruleset) -> Hand:
    """The hand as ``ruleset`` seats it: with partnerships all four play, nobody sits out
    (obecná pravidla VII.2 L243)."""
    if ruleset.partnerships and not hand.all_play:
        return dataclasses.replace(hand, all_play=True)
    return hand


def validate(hand: Hand, ruleset: Ruleset) -> tuple[Problem, ...]:
    """Raise :class:`ScoringError` with every error; return the warnings otherwise."""
    errors, warnings = check(hand, ruleset)
    if errors:
        raise ScoringError(errors)
    return tuple(warnings)


# -- seats -------------------------------------------------------------------------------------


def _check_seats(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> bool:
    if hand.players not in ruleset.table_sizes:
        allowed = ", ".join(str(n) for n in ruleset.table_sizes)
        errors.append(
            Problem("table_size", "players", {"players": hand.players, "allowed": allowed})
        )
        return False
    for name in ("dealer", "declarer"):
        seat = getattr(hand, name)
        if not 1 <= seat <= hand.players:
            errors.append(Problem("seat_range", name, {"seat": seat, "players": hand.players}))
    if errors:
        return False
    if hand.declarer == hand.sitter:
        # ČSM 2023 B.2: the dealer sits the hand out at a table of four.
        errors.append(Problem("declarer_is_sitter", "declarer", {"seat": hand.declarer}))
    return not errors


# -- contract ----------------------------------------------------------------------------------


def _check_contract(hand: Hand, ruleset: Ruleset, rung: Rung, errors: list[Problem]) -> None:
    if hand.bid is not None:
        bid = ruleset.rung(hand.bid)
        if bid is None:
            errors.append(Problem("contract_unknown", "bid", {"contract": hand.bid}))
        elif bid.rank > rung.rank:
            # ČSM 2023 B.7: at least the rung won in the auction, or any higher one.
            errors.append(
                Problem("contract_below_bid", "contract",
                        {"bid": _named(bid), "contract": _named(rung)})
            )
    if not rung.has_trumps:
        if hand.trump is not None:
            errors.append(Problem("trumps_not_allowed", "trump", {"contract": _named(rung)}))
    elif hand.trump is None:
        errors.append(Problem("trump_missing", "trump", {"contract": _named(rung)}))
    elif rung.hearts and hand.trump is not Suit.HEARTS:
        errors.append(
            Problem("hearts_contract_without_hearts", "trump", {"contract": _named(rung)})
        )
    elif not rung.hearts and hand.trump is Suit.HEARTS:
        errors.append(Problem("hearts_need_hearts_contract", "trump", {"contract": _named(rung)}))
    if Component.TWO_SEVENS in rung.components:
        if hand.helper is None:
            errors.append(Problem("helper_missing", "helper", {}))
        elif hand.helper is hand.trump:
            errors.append(Problem("helper_is_trump", "helper", {}))
    elif hand.helper is not None:
        errors.append(Problem("helper_not_allowed", "helper", {"contract": _named(rung)}))


def _check_concession(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    if not ruleset.concession_rungs:
        errors.append(Problem("concession_not_in_rules", "contract", {}))
        return
    # ČSM 2023 B.8: only a plain sedma auction may be folded as omyl.
    if hand.bid is not None and hand.bid not in ruleset.concession_rungs:
        errors.append(Problem("concession_needs_seven", "bid", {"bid": hand.bid}))
    if hand.trump is not None:
        errors.append(Problem("trumps_not_allowed", "trump", {"contract": "omyl"}))
    if hand.helper is not None:
        errors.append(Problem("helper_not_allowed", "helper", {"contract": "omyl"}))
    _forbid_play_facts(hand, "concession_has_play", errors)


def _check_renonc_only(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    """A line of the sheet that records only a penalty, e.g. a second misdeal (ČSM 2023 E.3.f)."""
    rule = renonc_rule(hand, ruleset)
    if hand.renonc is None and hand.late is None:
        errors.append(Problem("contract_missing", "contract", {}))
    elif rule is not None and rule.effect is HandEffect.LOST_BY_OFFENDER:
        errors.append(Problem("renonc_needs_contract", "contract", {"code": rule.code}))
    _forbid_play_facts(hand, "renonc_only_has_play", errors)


def _forbid_play_facts(hand: Hand, code: str, errors: list[Problem]) -> None:
    recorded = [
        name
        for name in (
            "doublings", "points", "game_won", "seven_won", "silent_seven", "betl_won",
            "durch_won", "two_sevens_won",
        )
        if getattr(hand, name) not in (None, ())
    ]
    if hand.laid_down:
        recorded.append("laid_down")
    if hand.not_played:
        recorded.append("not_played")
    if not hand.premium.is_empty:
        recorded.append("premium")
    for name in recorded:
        errors.append(Problem(code, name, {}))


# -- doublings ---------------------------------------------------------------------------------


def _check_doublings(
    hand: Hand, ruleset: Ruleset, rung: Rung, errors: list[Problem], warnings: list[Problem]
) -> None:
    seen: set[Component] = set()
    for d in hand.doublings:
        where = f"doublings.{d.component.value}"
        if d.component in seen:
            errors.append(Problem("doubling_twice", where, {}))
        seen.add(d.component)
        if d.component not in rung.components:
            errors.append(Problem("doubling_not_in_contract", where, {"contract": _named(rung)}))
        levels = [d.level, *(level for _, level in d.per_defender)]
        cap = ruleset.cap_for(d.component)
        if any(level < 0 for level in levels):
            errors.append(Problem("doubling_negative", where, {}))
        elif max(levels) > cap:
            # ČSM 2023 E.5.b, SZMK D.3.b: a raise past the cap is void, the last allowed counts.
            warnings.append(Problem("doubling_capped", where, {"cap": cap}))
        if (d.component is Component.SEVEN and ruleset.hundred_seven_as_one
                and Component.HUNDRED in rung.components):
            # SZMK B.10: 100+7 is fleked as a whole; the flek is recorded on the sto.
            errors.append(Problem("doubling_hundred_seven_whole", where, {}))
        for seat in (*d.by, *(s for s, _ in d.per_defender)):
            if seat == hand.partner:
                # obecná pravidla VII.2 L246-248: the called partner never fleks the
                # declarer's contract (odd raises are the defence's).
                errors.append(Problem("partner_flek", where, {"seat": seat}))
            elif seat not in hand.defenders:
                errors.append(Problem("doubling_by_not_defender", where, {"seat": seat}))
    if hand.laid_down and hand.flekers == () and any(d.level > 0 for d in hand.doublings):
        # ČSM 2023 C.5 splits the payment by who fleked, so it must be recorded.
        errors.append(Problem("laid_down_flekers_missing", "doublings", {}))
    if _flek_looks_incorrect(hand, ruleset, rung):
        warnings.append(Problem("incorrect_flek_suspected", "doublings", {}))


def _flek_looks_incorrect(hand: Hand, ruleset: Ruleset, rung: Rung) -> bool:
    """SZMK E.2: a flek on a hra the declarer makes with 120+, or on a laid-down malý/veľký."""
    if not ruleset.rates.incorrect_flek or hand.doublings_cancelled:
        return False
    fleked = {d.component for d in hand.doublings if d.level > 0}
    if hand.laid_down and fleked & {Component.BETL, Component.DURCH}:
        return True
    points = hand.points
    return (Component.GAME in fleked and points is not None
            and points.declarer_total >= INCORRECT_FLEK_TOTAL)


def _check_late(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    """SZMK E.5: lateness is a line of its own, within the minutes before a contumation."""
    late = hand.late
    if late is None:
        return
    if not ruleset.rates.late_minute:
        errors.append(Problem("late_not_in_rules", "late", {}))
    if hand.contract is not None or hand.renonc is not None:
        errors.append(Problem("late_own_line", "late", {}))
    if not 1 <= late.seat <= hand.players:
        errors.append(Problem("seat_range", "late.seat", {"seat": late.seat,
                                                          "players": hand.players}))
    if not 1 <= late.minutes <= ruleset.late_minutes_max:
        errors.append(Problem("late_minutes_range", "late.minutes",
                              {"minutes": late.minutes, "max": ruleset.late_minutes_max}))


def _check_cancelled_doublings(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    if not (hand.doublings_cancelled or hand.incorrect_flek_by):
        return
    if not any(d.level > 0 for d in hand.doublings):
        errors.append(Problem("doublings_cancelled_none", "doublings_cancelled", {}))
    if hand.incorrect_flek_by and not ruleset.rates.incorrect_flek:
        errors.append(Problem("incorrect_flek_not_in_rules", "incorrect_flek_by", {}))
    named = set(hand.flekers)
    for seat in hand.incorrect_flek_by:
        if seat not in hand.defenders or (named and seat not in named):
            errors.append(Problem("incorrect_flek_not_fleker", "incorrect_flek_by",
                                  {"seat": seat}))


# -- points and marriages ----------------------------------------------------------------------


def _check_points(hand: Hand, ruleset: Ruleset, rung: Rung, errors: list[Problem]) -> None:
    points = hand.points
    counts_points = bool(rung.components & {Component.GAME, Component.HUNDRED})
    if points is None:
        if Component.HUNDRED in rung.components and not _outcome_implied(hand, ruleset):
            errors.append(Problem("points_missing", "points", {}))
        return
    if not counts_points:
        errors.append(Problem("points_not_counted", "points", {"contract": _named(rung)}))
        return
    cards = points.declarer_cards
    if not 0 <= cards <= CARD_POINTS_TOTAL:
        errors.append(Problem("card_points_range", "points.declarer_cards", {"points": cards}))
    elif cards % 10:
        errors.append(Problem("card_points_tens", "points.declarer_cards", {"points": cards}))
    hidden = (hand.unannounced_marriage,) if hand.unannounced_marriage is not None else ()
    _check_marriages(hand, points.declarer_marriages + points.defence_marriages + hidden,
                     errors)


def _check_hundred_marriage(hand: Hand, ruleset: Ruleset, rung: Rung,
                            errors: list[Problem]) -> None:
    """SZMK 2024 C.6.d-e: a sto is played on a marriage in the declarer's hand.

    Without one it is the catalogue's renonce (SZMK 2024 C.6.d, D.2 klasický m); with one held
    but not announced the sto is lost and paid by that marriage (SZMK 2024 C.6.e), which the
    sheet records.
    """
    hidden = hand.unannounced_marriage
    code = ruleset.hundred_without_marriage_renonc
    if hidden is not None:
        field = "unannounced_marriage"
        if not ruleset.hundred_needs_marriage:
            errors.append(Problem("unannounced_marriage_not_in_rules", field, {}))
        elif Component.HUNDRED not in rung.components:
            errors.append(Problem("unannounced_marriage_not_hundred", field,
                                  {"contract": _named(rung)}))
        elif hand.points is not None and hand.points.declarer_marriages:
            errors.append(Problem("unannounced_marriage_with_announced", field, {}))
        elif hand.renonc is not None and hand.renonc.code == code:
            errors.append(Problem("unannounced_marriage_with_renonc", field, {"code": code}))
        elif hand.laid_down:
            errors.append(Problem("laid_down_lost", field, {}))
        return
    points = hand.points
    if (ruleset.hundred_needs_marriage and Component.HUNDRED in rung.components
            and points is not None and not points.declarer_marriages
            and renonc_settles_contract(hand, ruleset)):
        errors.append(Problem("hundred_without_marriage", "points.declarer_marriages",
                              {"code": code or "?"}))


def _check_no_unannounced(hand: Hand, errors: list[Problem]) -> None:
    if hand.unannounced_marriage is not None:
        errors.append(Problem("unannounced_marriage_not_hundred", "unannounced_marriage",
                              {"contract": hand.contract or "—"}))


def _check_marriages(hand: Hand, marriages: tuple[Marriage, ...], errors: list[Problem]) -> None:
    field = "points.marriages"
    for m in marriages:
        if m.value not in MARRIAGE_VALUES:
            errors.append(Problem("marriage_value", field, {"value": m.value}))
            return
        if m.suit is not None and (m.value == 40) != (m.suit is hand.trump):
            code = "marriage_40_outside_trumps" if m.value == 40 else "marriage_20_in_trumps"
            errors.append(Problem(code, field, {}))
            return
    suits = Counter(m.suit or (hand.trump if m.value == 40 else None) for m in marriages)
    twice = [s for s, n in suits.items() if s is not None and n > 1]
    if twice:
        errors.append(Problem("marriage_suit_twice", field, {"suit": twice[0].value}))
    elif sum(1 for m in marriages if m.value == 20) > 3:
        errors.append(Problem("marriage_too_many", field, {}))


# -- outcome -----------------------------------------------------------------------------------


def _outcome_implied(hand: Hand, ruleset: Ruleset) -> bool:
    """Laid-down, cancelled, in-play-renonc and unplayed hands need no per-component result."""
    return (
        hand.laid_down
        or hand.not_played
        or renonc_loses_hand(hand, ruleset)
        or not renonc_settles_contract(hand, ruleset)
        or _quiet_game(hand, ruleset)
    )


def _quiet_game(hand: Hand, ruleset: Ruleset) -> bool:
    """Hands never played and needing no mark: pagat L96, SloapSlam čtyřka L20-24, B/20."""
    rung = ruleset.rung(hand.contract) if hand.contract else None
    return rung is not None and (quiet_game(hand, ruleset, rung) or unplayed_rule(
        hand, ruleset, rung) in (UnplayedRule.HONOURS_CONCEDED, UnplayedRule.FLEKED_WITHOUT_RE))


_NEVER_SETTLED = (HandEffect.REPLAYED, HandEffect.NOT_PLAYED)


def renonc_settles_contract(hand: Hand, ruleset: Ruleset) -> bool:
    """False when the hand's renonc leaves the contract unpaid (SZMK D.4: replayed, not
    played, or a hand that may be played out but was not)."""
    rule = renonc_rule(hand, ruleset)
    if rule is None:
        return True
    if rule.effect in _NEVER_SETTLED:
        return False
    if rule.effect is HandEffect.MAY_BE_PLAYED_OUT:
        return hand.played_out
    return True


def renonc_rule(hand: Hand, ruleset: Ruleset) -> RenoncRule | None:
    """The catalogue entry of the hand's renonc; None without a renonc or for an unknown code."""
    return ruleset.renonc(hand.renonc.code) if hand.renonc else None


def renonc_loses_hand(hand: Hand, ruleset: Ruleset) -> bool:
    """True when the hand's renonc makes the offending side lose every component
    (ČSM 2023 E.6.b; SloapSlam D1 unless the hand was played out)."""
    rule = renonc_rule(hand, ruleset)
    if rule is not None and rule.effect is HandEffect.LOST_UNLESS_PLAYED_OUT:
        assert hand.renonc is not None
        return not hand.renonc.played_out
    return rule is not None and rule.effect in _LOSES_HAND


# obecná pravidla VI.3 loses the game as E.6.b does (and adds the paušál); pagat L91 replaces
# the hand's result by its own payment
_LOSES_HAND = (HandEffect.LOST_BY_OFFENDER, HandEffect.PAUSAL_AND_LOST,
               HandEffect.PAY_MAX_OF_PAUSAL_AND_CONTRACT)


def _check_outcome(hand: Hand, ruleset: Ruleset, rung: Rung, errors: list[Problem]) -> None:
    implied = _outcome_implied(hand, ruleset)
    for component, name in _RESULT_FIELDS.items():
        value = getattr(hand, name)
        if component not in rung.components:
            if value is not None:
                errors.append(Problem("outcome_not_in_contract", name, {"contract": _named(rung)}))
            continue
        if component is Component.GAME and hand.points is not None:
            if value is not None and value != game_won_on_points(hand, ruleset):
                errors.append(Problem("game_result_conflicts_points", name, {}))
            continue
        if value is None and not implied:
            errors.append(Problem("outcome_missing", name, {"part": component_name(component)}))
        if hand.laid_down and value is False:
            errors.append(Problem("laid_down_lost", name, {}))
    _check_silent_seven(hand, rung, errors)
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


def _check_silent_seven(hand: Hand, rung: Rung, errors: list[Problem]) -> None:
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


def _check_last_trick(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
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


def _cancels_out(hand: Hand, rung: Rung) -> bool:
    return (
        rung.components == {Component.GAME, Component.SEVEN}
        and hand.doubling(Component.GAME).level == 1
        and hand.doubling(Component.SEVEN).level == 0
    )


# -- premium facts ----------------------------------------------------------------------------

MAX_TRUMPS = 8


def _check_premium(hand: Hand, errors: list[Problem]) -> None:
    facts = hand.premium
    if facts.trumps is not None and not 1 <= facts.trumps <= MAX_TRUMPS:
        errors.append(Problem("premium_trumps_range", "premium.trumps", {"trumps": facts.trumps}))
    if facts.helper_cards is not None and not 1 <= facts.helper_cards <= MAX_TRUMPS:
        errors.append(
            Problem("premium_trumps_range", "premium.helper_cards", {"trumps": facts.helper_cards})
        )
    for seat, count in facts.seat_trumps:  # per-seat PB tables (SloapSlam L214)
        if not 1 <= seat <= hand.players:
            errors.append(Problem("seat_range", f"premium.seat_trumps.{seat}",
                                  {"seat": seat, "players": hand.players}))
        elif not 0 <= count <= MAX_TRUMPS:
            errors.append(Problem("premium_trumps_range", f"premium.seat_trumps.{seat}",
                                  {"trumps": count}))
    counts = ("betl_catching_aces", "betl_six_card_single_catcher", "durch_unsolid_suits")
    for name in counts:
        if not 0 <= getattr(facts, name) <= len(Suit):
            errors.append(Problem("premium_count_range", f"premium.{name}", {}))
    for seat in facts.defender_claims:
        if seat not in hand.defenders:
            errors.append(Problem("premium_claim_not_defender", "premium.defender_claims",
                                  {"seat": seat}))


# -- renonc ------------------------------------------------------------------------------------


def _check_renonc(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    if hand.renonc is None:
        if hand.premium_ruling is not None:
            errors.append(Problem("premium_ruling_without_renonc", "premium_ruling", {}))
        if hand.further_renoncs:
            errors.append(Problem("further_renonc_without_played_out", "further_renoncs", {}))
        return
    rule = renonc_rule(hand, ruleset)
    if rule is None:
        errors.append(Problem("renonc_unknown", "renonc.code", {"code": hand.renonc.code}))
    if not 1 <= hand.renonc.offender <= hand.players:
        errors.append(
            Problem("seat_range", "renonc.offender", {"seat": hand.renonc.offender,
                                                     "players": hand.players})
        )
    if rule is not None and rule.kind is RenoncKind.IN_PLAY and hand.laid_down:
        errors.append(Problem("renonc_in_laid_down", "renonc.code", {}))
    if (rule is not None and hand.renonc.forgiven
            and rule.kind not in ruleset.forgiven_renonc_kinds):
        errors.append(Problem("renonc_not_forgivable", "renonc.code", {"code": rule.code}))
    if rule is not None and rule.code == ruleset.hundred_without_marriage_renonc and (
            hand.contract is not None and hand.contract != CONCESSION):
        # SZMK C.6.d, D.2 klasický m: the declarer announced a sto without the marriage.
        rung = ruleset.rung(hand.contract)
        if rung is not None and Component.HUNDRED not in rung.components:
            errors.append(Problem("renonc_needs_hundred", "renonc.code",
                                  {"code": rule.code, "contract": _named(rung)}))
        elif hand.renonc.offender != hand.declarer:
            errors.append(Problem("renonc_offender_not_declarer", "renonc.offender",
                                  {"code": rule.code, "seat": hand.declarer}))
    if hand.renonc.played_out and (rule is None or rule.effect
                                   is not HandEffect.LOST_UNLESS_PLAYED_OUT):
        errors.append(Problem("renonc_played_out_not_in_rules", "renonc.played_out", {}))
    for index, extra in enumerate(hand.further_renoncs):
        # SloapSlam D4 (L260): renoncs during a dohrávka, a paušál each
        where = f"further_renoncs.{index}"
        if not hand.renonc.played_out:
            errors.append(Problem("further_renonc_without_played_out", where, {}))
        if ruleset.renonc(extra.code) is None:
            errors.append(Problem("renonc_unknown", f"{where}.code", {"code": extra.code}))
        if not 1 <= extra.offender <= hand.players:
            errors.append(Problem("seat_range", f"{where}.offender",
                                  {"seat": extra.offender, "players": hand.players}))
    if (rule is not None and rule.effect in _NEVER_SETTLED and hand.contract is not None
            and hand.played_out):
        # SZMK D.4.a, D.4.d: such a hand has no result to record.
        errors.append(Problem("renonc_hand_has_no_result", "renonc.code", {"code": rule.code}))
