"""Rulesets as data.

Clubs and federations differ in rates, limits and readings, and the official tables change, so
every number and every reading the settlement depends on is a field here rather than a constant
in code. A preset is one frozen value; a club's variant is a copy with overrides
(:meth:`Ruleset.override`), and a tournament stores the result as a plain dict.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from functools import cached_property
from typing import Any

from scoring import policies
from scoring.rule_parts import Rates as Rates  # re-exported: the types a ruleset is made of
from scoring.rule_parts import RenoncRule as RenoncRule
from scoring.rule_parts import Rung as Rung
from scoring.types import (
    Component,
    FlekBinding,
    FlekerLiability,
    HandEffect,
    HundredMarriage,
    IncorrectFlekVoids,
    Rank,
    RenoncGameValue,
    RenoncKind,
    Series,
    SilentHundredRule,
    UnplayedRule,
)

CONCESSION = "concession"  # omyl: not a ladder rung, but what a scorekeeper records instead


@dataclass(frozen=True)
class Ruleset:
    code: str
    name: str
    valid_from: date
    table_sizes: tuple[int, ...]
    base: int  # smallest currency unit per rate unit (haléř, cent)
    currency: str
    ladder: tuple[Rung, ...]
    rates: Rates
    hearts_factor: int = 2
    hearts_components: frozenset[Component] = frozenset(
        {Component.GAME, Component.SEVEN, Component.HUNDRED}
    )
    silent_seven_hearts: bool = True
    silent_seven_doubled: bool = False
    silent_hundred: SilentHundredRule = SilentHundredRule.DOUBLE_PER_TEN
    # Whether the per-ten part of a tiché sto is raised by the hra's flek (obecná pravidla
    # V.6-V.7 read together; False: the fleked tiché sto at 100, then the unfleked rate per ten).
    silent_hundred_tens_doubled: bool = True
    doubling_names: tuple[str, ...] = ("flek", "re", "tutti", "boty")
    doubling_cap: int | None = 4  # None: no cap (pagat L57 "ohne eine Begrenzung")
    doubling_cap_no_trumps: int | None = None  # betl/durch (SZMK C.9: 2); None: doubling_cap
    hundred_series: Series = Series.ARITHMETIC  # announced sto: each ten past 100
    hundred_seven_as_one: bool = False  # SZMK B.10: 100+7 is won, lost and fleked whole
    flek_binding: FlekBinding = FlekBinding.ALL_PAYERS
    flek_binding_no_trumps: FlekBinding | None = None  # betl/durch; None: flek_binding
    incorrect_flek_voids: IncorrectFlekVoids = IncorrectFlekVoids.ALL  # SZMK E.2
    hundred_marriages_to_reach: int = 1  # how many marriages count toward the 100
    hundred_marriage: HundredMarriage = HundredMarriage.BEST  # which of them (VII.1: first)
    # obecná pravidla V.6: a failed sto also pays a ten for every ten of the other side's
    # marriages; pagat L88 counts only the tens missing (False)
    hundred_failed_counts_opponent_marriages: bool = True
    # Marriages that count toward reaching a tiché sto (None: all, obecná V.7; 1: one, then
    # all for the tens past 100, pagat L53)
    silent_hundred_marriages: int | None = None
    # Parts the defence may announce against the declarer (sedma/sto proti, obecná VII.1)
    defence_announcements: frozenset[Component] = frozenset()
    # An announced sto of either side replaces the hra (pagat L93); False: the hra stays
    hundred_replaces_game: bool = True
    # A trump game is always the forehand's (obecná VII.1, pagat L25); betl/durch any seat
    trump_game_forehand_only: bool = False
    unplayed_rules: frozenset[UnplayedRule] = frozenset({UnplayedRule.SEVEN_VS_FLEKED_GAME})
    # PAG L97: Farbe + Sieben with a flek on the game only and nothing else is not played by
    # the rule, so the facts decide (True); OBE V.12 leaves it to the declaring side, so only
    # the sheet's "nehráno" makes it unplayed (False)
    seven_vs_fleked_game_by_rule: bool = False
    # Durch s chytrým (OBE L251-253): the trick-8 taker's own flek, said while he defended,
    # once he counts for the declaring side: True, it stands at its level like any flek once
    # said (the payment between the pairs at the reached level); False, his raises and the
    # answers to them are void (scoring/clever.py; docs/readings.md §9.31a)
    trick8_flek_stands: bool = True
    # SLS B/20 (L206) with B/22 (L210): a re on a hra that a sto proti then replaced makes the
    # hand played (True) or counts for nothing, so a hand otherwise fleked without re is not
    # played (False)
    dropped_game_re_plays: bool = True
    # A renonc on a hand not played (OBE V.12 with VI.3's items d-l, SLS B/20 L206, čtyřka
    # L20-24): False: the hand stays not played, the renonc adds its paušál; True: the
    # offender's side loses the game as the renonc says (SloapSlam's presets: a renonc makes
    # the hand played, as before)
    renonc_unplayed_loses_game: bool = False
    # SZMK 2024 C.6.d-e: a sto needs a marriage in the declarer's hand; without one it is the
    # renonce of ``hundred_without_marriage_renonc``, with one not announced it is lost.
    # False (ČSM 2023 B.18): a sto may be announced without a marriage and simply fails.
    hundred_needs_marriage: bool = False
    hundred_without_marriage_renonc: str | None = None
    game_tie_won_by_declarer: bool = False
    concession_rungs: frozenset[str] = frozenset({"seven"})
    renoncs: tuple[RenoncRule, ...] = ()
    first_in_play_renonc_only: bool = True
    renonc_min_basic_rate: bool = True  # ČSM 2023 E.6.b: never less than the basic rate
    renonc_game_value: RenoncGameValue = RenoncGameValue.POINTS_AS_THEY_STAND
    # SloapSlam D4 (L260) "základní sazbu hry" with ``basic_at_levels``: False: every part at
    # its reached level (the research default); True: at the unfleked rate
    renonc_basic_unfleked: bool = False
    premium_table: str | None = "csm-2023-default"  # None: the ruleset has no PB
    premium_referee_threshold: int = 50  # ČSM 2023 E.6.f and B.3: games of 50+ PB
    sb_premium_factor: int = 1
    round_budget: int | None = None  # SZMK C.8: money each player starts a round with
    forgiven_renonc_kinds: frozenset[RenoncKind] = frozenset()  # SZMK D.1: menší
    forgiven_per_round: int = 1  # how many of those each player has forgiven per round
    contumation_gain: int | None = None  # SZMK E.5: each present player's win, base units
    late_minutes_max: int = 10  # SZMK E.5: later than that is a contumation
    language: str = "cs"  # of the sheets and explanations the ruleset's players write
    part_names: tuple[tuple[str, str], ...] = ()  # local names of parts, e.g. betl → malý
    # Křížový (obecná pravidla VII.2 L243): all four play, nobody sits out, and the declarer may
    # have a partner (2v2) or play alone (1v3). False: the seat model of the other presets.
    partnerships: bool = False
    # Křížový readings (docs/csm-krizovy.md). VII.2 L246-248: odd raises come only from the
    # defence; True: the even ones (re, boty) from the declarer or his partner, False: only
    # from the declarer.
    partner_even_raises: bool = True
    # pagat's all-four game (PAG L111): "die Gegner von Vorhand können Flek gegen das Spiel":
    # the game is fleked only by forhont's opponents, never by forhont or his called partner.
    game_flek_forehand_opponents: bool = False
    # A defender's renonc in 2v2 (VI.3 L227 "za všechny hráče své strany"): True: the offender
    # pays the game to both opponents and his partner nothing; False: each defender pays his own.
    renonc_offender_pays_side: bool = True
    # SloapSlam čtyřka (scoring/honours.py): the honers a player may announce (L28-32), the
    # trump count at or under which their rate is raised (L30), and the premium points of an
    # accepted seven not played, as (trumps, with the lead, without it) (L62-68)
    honours: frozenset[Rank] = frozenset()
    honour_raised_at_most: int = 3
    accepted_seven_points: tuple[tuple[int, int, int], ...] = ()
    # SloapSlam křížový B/10 (L186): who pays for a fleked scored game the declaring side won,
    # and which parts are scored games (the club's PB table, missing, would say)
    fleker_liability: FlekerLiability = FlekerLiability.NONE
    scored_components: frozenset[Component] = frozenset()
    # B/10 readings (docs/readings.md §9.49, §9.50): False: what a non-fleker is relieved of
    # is at most what his pair owes over the whole hand (netted); True: part by part (hra,
    # sedma, sto).
    # A trhák's forced flek (B/19 L204) beside a free one: True: the forced fleker is relieved
    # like a non-fleker; False: he pays his own pair in full.
    fleker_liability_per_part: bool = False
    forced_fleker_relieved: bool = True
    # Money of a player's round rounded to this many smallest units before SB (SloapSlam
    # Čl. V L274: whole crowns, 100); None: not rounded (scoring.honours.round_money)
    money_rounding: int | None = None
    overrides: tuple[str, ...] = field(default=(), compare=False)

    # -- lookups -----------------------------------------------------------------------------

    def rung(self, code: str) -> Rung | None:
        for rung in self.ladder:
            if rung.code == code:
                return rung
        return None

    def renonc(self, code: str) -> RenoncRule | None:
        for rule in self.renoncs:
            if rule.code == code:
                return rule
        return None

    def cap_for(self, component: Component) -> int:
        """How many raises a component allows (SZMK C.9-C.10 differ for malý/veľký)."""
        return self.flek.cap_for(component)

    def per_defender(self, rung: Rung | None) -> bool:
        """Whether a flek binds only the defender who says it, for this contract."""
        return self.flek.per_defender(rung)

    # -- policies: the flat fields grouped by the rule question they answer (scoring.policies)

    @cached_property
    def hundred(self) -> policies.HundredPolicy:
        return _hundred_policy(self)

    @cached_property
    def flek(self) -> policies.FlekPolicy:
        return _flek_policy(self)

    @cached_property
    def penalties(self) -> policies.PenaltyPolicy:
        return _penalty_policy(self)

    @cached_property
    def premiums(self) -> policies.PremiumPolicy:
        return _premium_policy(self)

    @cached_property
    def partnership(self) -> policies.PartnershipPolicy:
        return _partnership_policy(self)

    @property
    def has_premium(self) -> bool:
        return self.premium_table is not None

    def doubling_name(self, level: int) -> str:
        if level <= 0:
            return ""
        return self.doubling_names[min(level, len(self.doubling_names)) - 1]

    # -- copies ------------------------------------------------------------------------------

    def override(self, code: str | None = None, **changes: Any) -> Ruleset:
        """A copy with some fields changed; ``rates`` may be a partial mapping."""
        rates = changes.pop("rates", None)
        if isinstance(rates, Mapping):
            changes["rates"] = dataclasses.replace(self.rates, **rates)
        elif rates is not None:
            changes["rates"] = rates
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise KeyError(f"unknown ruleset fields: {sorted(unknown)}")
        for name, kind in _ENUM_FIELDS.items():  # a tournament stores readings as JSON text
            if name in changes and changes[name] is not None and not isinstance(
                    changes[name], kind):
                changes[name] = kind(changes[name])
        if "defence_announcements" in changes:
            changes["defence_announcements"] = frozenset(
                Component(c) for c in changes["defence_announcements"])
        if "unplayed_rules" in changes:
            changes["unplayed_rules"] = frozenset(
                UnplayedRule(r) for r in changes["unplayed_rules"])
        if "ladder" in changes:  # ``--set ladder=[...]``: rungs as JSON objects (to_dict's form)
            changes["ladder"] = tuple(
                Rung(**{**r, "components": frozenset(Component(c) for c in r["components"])})
                if isinstance(r, Mapping) else r for r in changes["ladder"])
        if "table_sizes" in changes:
            changes["table_sizes"] = tuple(changes["table_sizes"])
        _sets_from_json(changes)
        names = tuple(sorted(set(self.overrides) | set(changes) | ({"rates"} if rates else set())))
        return dataclasses.replace(
            self, code=code or self.code, overrides=names, **changes
        )

    def to_dict(self) -> dict[str, Any]:
        plain: dict[str, Any] = _plain(dataclasses.asdict(self))
        return plain

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        values = dict(data)
        values["valid_from"] = date.fromisoformat(values["valid_from"])
        values["table_sizes"] = tuple(values["table_sizes"])
        values["ladder"] = tuple(
            Rung(**{**r, "components": frozenset(Component(c) for c in r["components"])})
            for r in values["ladder"]
        )
        values["rates"] = Rates(**values["rates"])
        values["hearts_components"] = frozenset(
            Component(c) for c in values.get("hearts_components", ())
        )
        values["silent_hundred"] = SilentHundredRule(values["silent_hundred"])
        if "hundred_series" in values:
            values["hundred_series"] = Series(values["hundred_series"])
        values["forgiven_renonc_kinds"] = frozenset(
            RenoncKind(k) for k in values.get("forgiven_renonc_kinds", ())
        )
        values["flek_binding"] = FlekBinding(values["flek_binding"])
        for name, kind in _ENUM_FIELDS.items():
            if values.get(name) is not None and not isinstance(values[name], kind):
                values[name] = kind(values[name])
        if "defence_announcements" in values:
            values["defence_announcements"] = frozenset(
                Component(c) for c in values["defence_announcements"])
        if "unplayed_rules" in values:
            values["unplayed_rules"] = frozenset(
                UnplayedRule(r) for r in values["unplayed_rules"])
        if "incorrect_flek_voids" in values:
            values["incorrect_flek_voids"] = IncorrectFlekVoids(values["incorrect_flek_voids"])
        _sets_from_json(values)
        values["doubling_names"] = tuple(values["doubling_names"])
        values["concession_rungs"] = frozenset(values["concession_rungs"])
        values["renoncs"] = tuple(
            RenoncRule(
                **{**r, "kind": RenoncKind(r["kind"]), "effect": HandEffect(r["effect"])}
            )
            for r in values["renoncs"]
        )
        values["overrides"] = tuple(values.get("overrides", ()))
        values["part_names"] = tuple(tuple(pair) for pair in values.get("part_names", ()))
        return cls(**values)


_ENUM_FIELDS: dict[str, type[Enum]] = {
    "silent_hundred": SilentHundredRule,
    "hundred_series": Series,
    "flek_binding": FlekBinding,
    "incorrect_flek_voids": IncorrectFlekVoids,
    "flek_binding_no_trumps": FlekBinding,
    "hundred_marriage": HundredMarriage,
    "renonc_game_value": RenoncGameValue,
    "fleker_liability": FlekerLiability,
}


def _sets_from_json(values: dict[str, Any]) -> None:
    """The club presets' collections (SloapSlam) from their JSON form, in place."""
    if "honours" in values:
        values["honours"] = frozenset(Rank(r) for r in values["honours"])
    if "scored_components" in values:
        values["scored_components"] = frozenset(
            Component(c) for c in values["scored_components"])
    if "accepted_seven_points" in values:
        values["accepted_seven_points"] = tuple(
            (int(t), int(w), int(wo)) for t, w, wo in values["accepted_seven_points"])


def _plain(value: Any) -> Any:
    """JSON-ready form: enums to values, sets to sorted lists, dates to ISO strings."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# -- the policies built from the stored fields (the fields stay the stored form)

def _hundred_policy(r: Ruleset) -> policies.HundredPolicy:
    return policies.HundredPolicy(
        series=r.hundred_series, seven_as_one=r.hundred_seven_as_one,
        marriages_to_reach=r.hundred_marriages_to_reach, marriage_choice=r.hundred_marriage,
        failed_counts_opponent_marriages=r.hundred_failed_counts_opponent_marriages,
        silent=r.silent_hundred, silent_tens_doubled=r.silent_hundred_tens_doubled,
        silent_marriages=r.silent_hundred_marriages, needs_marriage=r.hundred_needs_marriage,
        without_marriage_renonc=r.hundred_without_marriage_renonc)


def _flek_policy(r: Ruleset) -> policies.FlekPolicy:
    return policies.FlekPolicy(
        cap=r.doubling_cap, cap_no_trumps=r.doubling_cap_no_trumps, binding=r.flek_binding,
        binding_no_trumps=r.flek_binding_no_trumps, incorrect_voids=r.incorrect_flek_voids,
        fleker_liability=r.fleker_liability, scored_components=r.scored_components,
        liability_per_part=r.fleker_liability_per_part,
        forced_fleker_relieved=r.forced_fleker_relieved)


def _penalty_policy(r: Ruleset) -> policies.PenaltyPolicy:
    return policies.PenaltyPolicy(
        rates=r.rates, base=r.base, min_basic_rate=r.renonc_min_basic_rate,
        game_value=r.renonc_game_value, incorrect_flek=r.rates.incorrect_flek,
        late_minute=r.rates.late_minute, basic_unfleked=r.renonc_basic_unfleked)


def _premium_policy(r: Ruleset) -> policies.PremiumPolicy:
    return policies.PremiumPolicy(table=r.premium_table,
                                  referee_threshold=r.premium_referee_threshold)


def _partnership_policy(r: Ruleset) -> policies.PartnershipPolicy:
    return policies.PartnershipPolicy(
        partnerships=r.partnerships, partner_even_raises=r.partner_even_raises,
        offender_pays_side=r.renonc_offender_pays_side)
