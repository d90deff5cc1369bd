"""Rules of the other families: ČSM volený by the general rules, pagat's traditional game.

What is here (docs/families.md §8.2): the parts the defence announces (sedma proti,
sto proti) with their own doubling chains (who may say each raise: :mod:`scoring.raises`), the
hands the rules settle without play (obecná pravidla V.12, pagat L96-97), and the checks of
roles and announcements. The money itself stays in :mod:`scoring.settle`.
"""

from __future__ import annotations

from scoring.dohravka import deciding_further
from scoring.errors import Problem
from scoring.hand import Hand
from scoring.honours import fleked_without_re, honours_conceded
from scoring.messages import register
from scoring.raises import check_chain
from scoring.ruleset import Ruleset, Rung
from scoring.types import Component, HandEffect, UnplayedRule

ANNOUNCEABLE = (Component.SEVEN, Component.HUNDRED)


def unplayed_rule(hand: Hand, ruleset: Ruleset, rung: Rung) -> UnplayedRule | None:
    """The rule by which ``hand`` is settled without play, or None when it is played.

    V.12 needs the sheet's "nehráno" (the declaring side may still play); pagat L97 and the
    quiet trump game of L96 are never played by the rule, so they need no mark (and may carry
    one): ``Ruleset.seven_vs_fleked_game_by_rule``.
    """
    rules = ruleset.unplayed_rules
    if honours_conceded(hand, ruleset, rung):  # SloapSlam čtyřka L20-24
        return UnplayedRule.HONOURS_CONCEDED
    if fleked_without_re(hand, ruleset, rung):  # SloapSlam křížový B/20 L206
        return UnplayedRule.FLEKED_WITHOUT_RE
    if hand.announcements:
        return None
    if (UnplayedRule.SEVEN_VS_FLEKED_GAME in rules
            and (hand.not_played or (ruleset.seven_vs_fleked_game_by_rule
                                     and not hand.laid_down and not hand.doublings_cancelled))
            and rung.components == {Component.GAME, Component.SEVEN}
            and hand.doubling(Component.GAME).level == 1
            and hand.doubling(Component.SEVEN).level == 0):
        return UnplayedRule.SEVEN_VS_FLEKED_GAME
    if (UnplayedRule.QUIET_TRUMP_GAME in rules and rung.components == {Component.GAME}
            and not any(d.level for d in hand.doublings) and hand.renonc is None
            and not hand.laid_down and not hand.doublings_cancelled):
        return UnplayedRule.QUIET_TRUMP_GAME
    return None


def quiet_game(hand: Hand, ruleset: Ruleset, rung: Rung) -> bool:
    """A trump game nobody raised or announced against: not played (pagat L96)."""
    return unplayed_rule(hand, ruleset, rung) is UnplayedRule.QUIET_TRUMP_GAME


def hundred_announced(hand: Hand, rung: Rung) -> bool:
    """Whether either side announced a sto (then no tiché sto, and the hra may be dropped)."""
    return Component.HUNDRED in rung.components or any(
        a.component is Component.HUNDRED for a in hand.announcements)


def game_dropped(hand: Hand, ruleset: Ruleset) -> bool:
    """A sto announced by the defence replaces the hra (pagat L93; docs/readings.md §9.5)."""
    return ruleset.hundred_replaces_game and any(
        a.component is Component.HUNDRED for a in hand.announcements)


def replaces_hand(effect: HandEffect) -> bool:
    return effect is HandEffect.PAY_MAX_OF_PAUSAL_AND_CONTRACT


# -- checks ------------------------------------------------------------------------------------


def check_variants(hand: Hand, ruleset: Ruleset, rung: Rung | None,
                   errors: list[Problem]) -> None:
    """Roles, announcements against the declarer, raise chains, killed sevens, open rungs."""
    if rung is None:
        for name in ("announcements", "seven_killed", "honours"):
            if getattr(hand, name):
                errors.append(Problem("variant_fact_without_contract", name, {}))
        return
    if (ruleset.trump_game_forehand_only and rung.has_trumps
            and hand.declarer != hand.forehand):
        # obecná pravidla VII.1, pagat L25: the trumps are the forehand's choice.
        errors.append(Problem("trump_game_not_forehand", "declarer",
                              {"seat": hand.forehand}))
    if hand.seven_killed and (Component.SEVEN not in rung.components
                              or hand.seven_won is not False):
        errors.append(Problem("seven_killed_not_lost", "seven_killed", {}))
    for d in hand.doublings:
        check_chain(hand, ruleset, d.raises, d.level, owner_declarer=True,
                     where=f"doublings.{d.component.value}", errors=errors)
    seen: set[Component] = set()
    for index, a in enumerate(hand.announcements):
        where = f"announcements.{index}"
        if a.component not in ruleset.defence_announcements or not rung.has_trumps:
            errors.append(Problem("announcement_not_in_rules", where,
                                  {"part": a.component.value}))
            continue
        if a.component in seen or _owned_by_declarer(a.component, rung):
            errors.append(Problem("announcement_twice", where, {"part": a.component.value}))
        seen.add(a.component)
        if a.by == hand.side_partner:
            # obecná pravidla VII.2 L250: announcements are against the declaring side.
            errors.append(Problem("announcement_by_partner", where, {"seat": a.by}))
        elif a.by not in hand.defenders:
            errors.append(Problem("announcement_by_not_defender", where, {"seat": a.by}))
        if a.level < 0:
            errors.append(Problem("doubling_negative", where, {}))
        check_chain(hand, ruleset, a.raises, a.level, owner_declarer=False, where=where,
                     errors=errors)
        if a.component is Component.SEVEN:
            if rung.announces_seven or hand.silent_seven is not None:
                errors.append(Problem("announcement_seven_twice", where, {}))
            if a.killed and a.won is not False:
                errors.append(Problem("seven_killed_not_lost", where, {}))
            if a.won is None and not _implied(hand, ruleset):
                errors.append(Problem("announcement_result_missing", where, {}))
        else:
            if a.won is not None:
                errors.append(Problem("announcement_hundred_by_points", where, {}))
            if hand.points is None and not _implied(hand, ruleset):
                errors.append(Problem("points_missing", "points", {}))


def _owned_by_declarer(component: Component, rung: Rung) -> bool:
    """Whether the declarer's contract already holds this part, so the defence cannot say it.

    A sto proti stands beside the declarer's own sto: each side may announce its premiums
    (OBE L239–241, PAG L46) and nothing excludes both hundreds; each is counted by its own
    side's cards and marriages. A seven has one trump seven behind it, so it stays one side's.
    """
    return component is not Component.HUNDRED and component in rung.components


def _implied(hand: Hand, ruleset: Ruleset) -> bool:
    rule = ruleset.renonc(hand.renonc.code) if hand.renonc else None
    rung = ruleset.rung(hand.contract) if hand.contract else None
    if rung is not None and fleked_without_re(hand, ruleset, rung):
        return True  # SloapSlam B/20: conceded, not played
    if deciding_further(hand) is not None:
        return True  # SloapSlam D4: a renonc ended the dohrávka
    if (rule is not None and rule.effect is HandEffect.LOST_UNLESS_PLAYED_OUT
            and hand.renonc is not None and not hand.renonc.played_out):
        return True
    return hand.laid_down or (rule is not None and rule.effect in (
        HandEffect.LOST_BY_OFFENDER, HandEffect.PAUSAL_AND_LOST,
        HandEffect.PAY_MAX_OF_PAUSAL_AND_CONTRACT, HandEffect.REPLAYED, HandEffect.NOT_PLAYED))


register({
    "trump_game_not_forehand": {
        "cs": "Hru s trumfy hraje vždy forhont (místo {seat}); betl a durch smí kdokoli.",
        "sk": "Hru s tromfami hrá vždy forhont (miesto {seat}); malý a veľký smie ktokoľvek.",
        "en": "A trump game is always the forehand's (seat {seat}); betl and durch any seat.",
    },
    "seven_killed_not_lost": {
        "sk": "Zabitá sedma je prehraná hlásená sedma.",
        "cs": "Zabitá sedma je prohraná hlášená sedma.",
        "en": "A killed seven is an announced seven that was lost.",
    },
    "variant_fact_without_contract": {
        "sk": "Hlášky obrany a zabitá sedma patria len k hre so záväzkom.",
        "cs": "Hlášky obrany a zabitá sedma patří jen ke hře se závazkem.",
        "en": "Defence announcements and a killed seven need a contract.",
    },
    "announcement_not_in_rules": {
        "sk": "Obrana túto hlášku ({part}) podľa týchto pravidiel hlásiť nesmie.",
        "cs": "Obrana tuto hlášku ({part}) podle těchto pravidel hlásit nesmí.",
        "en": "Under these rules the defence may not announce this ({part}).",
    },
    "announcement_twice": {
        "sk": "Táto hláška ({part}) už v záväzku je.",
        "cs": "Tato hláška ({part}) už v závazku je.",
        "en": "This part ({part}) is already announced.",
    },
    "announcement_by_not_defender": {
        "sk": "Hlášku proti smie dať len hráč obrany (nie miesto {seat}).",
        "cs": "Hlášku proti smí dát jen hráč obrany (ne místo {seat}).",
        "en": "Only a defender may announce against the declarer (not seat {seat}).",
    },
    "announcement_seven_twice": {
        "sk": "Sedma proti nejde so sedmou voliaceho ani s tichou sedmou.",
        "cs": "Sedma proti nejde se sedmou aktéra ani s tichou sedmou.",
        "en": "A seven against cannot stand with the declarer's seven or a silent seven.",
    },
    "announcement_result_missing": {
        "sk": "Pri sedme proti chýba, či bola uhraná.",
        "cs": "U sedmy proti chybí, zda byla uhrána.",
        "en": "The result of the seven against is missing.",
    },
    "announcement_hundred_by_points": {
        "sk": "Stovku proti rozhodujú body, výsledok sa nezadáva.",
        "cs": "Sto proti rozhodují body, výsledek se nezadává.",
        "en": "A hundred against is decided by the points; give no result.",
    },
    "line_quiet_game": {
        "sk": "hra bez hlášok a bez fleku sa nehrá: {units} × základ = {amount}",
        "cs": "hra bez hlášek a bez fleku se nehraje: {units} × základ = {amount}",
        "en": "a game without announcements or flek is not played: {units} × base = {amount}",
    },
    "line_renonc_pays_max": {
        "sk": "renonce hráča {seat}: platí každému vyšší z paušálu {pausal} a hodnoty hry "
              "{contract}: {amount}",
        "cs": "renonc hráče {seat}: platí každému vyšší z paušálu {pausal} a hodnoty hry "
              "{contract}: {amount}",
        "en": "renonc by seat {seat}: pays every other player the larger of the paušál "
              "{pausal} and the contract {contract}: {amount}",
    },
    "note_open": {"cs": "otevřený", "sk": "otvorený", "en": "open"},
    "note_seven_killed": {"cs": "zabitá", "sk": "zabitá", "en": "killed"},
    "note_seven_against": {"cs": "hlásil hráč {seat}", "sk": "hlásil hráč {seat}",
                           "en": "announced by seat {seat}"},
    "note_hundred_against_made": {"cs": "hlásil hráč {seat}, obrana {total}",
                                  "sk": "hlásil hráč {seat}, obrana {total}",
                                  "en": "announced by seat {seat}, the defence {total}"},
    "note_hundred_against_failed": {"cs": "hlásil hráč {seat}, obrana {total}",
                                    "sk": "hlásil hráč {seat}, obrana {total}",
                                    "en": "announced by seat {seat}, the defence {total}"},
})
