"""The rank keys of the standings, each declared once: value, reason, label, choice.

A rank key orders a round (``StandingsRules.round_chain``), the tournament
(``tournament_chain``) or the teams (``TeamRules.chain``). Everything that needs to know a
key reads its :class:`RankKeySpec` in :data:`RANK_KEYS`: the engine takes the value from the
attribute it names and explains it with its ``explain``; the settings form, the stored rules
and the pages list the keys from the table and word them with its message codes. Adding a key
is a row here (and its sum in :func:`scoring.standings.compute_standings` when the totals do
not have it yet).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from scoring.messages import register
from scoring.reasons import Amount, Reason, Series, Terms


class RankKey(StrEnum):
    SB = "sb"  # soutěžní body: ZB + factor × PB
    ZB = "zb"  # money
    PB = "pb"
    BP = "bp"  # placement points (tournament chain only)
    # Tournament chain only. The round record: the player's round points (BP) sorted from the
    # best to the worst and compared element by element, so more round wins beat fewer, then
    # more second places, and so on (our reading of SZMK's "better round records",
    # docs/szmk.md#tournament-and-seating).
    ROUND_RECORD = "round_record"
    # Tournament chain only: the money (ZB) of the player's best single round; with a round
    # budget (SZMK) that orders exactly like the best round money ("nahratá suma").
    BEST_ROUND = "best_round"



# What the reasons read of a round row, a player's totals and the rules. Described here rather
# than imported, because scoring.standings reads this table (no import runs in a circle).
class RoundStanding(Protocol):
    @property
    def round(self) -> int: ...
    @property
    def bp(self) -> Fraction: ...
    @property
    def money(self) -> int: ...


class Standing(Protocol):
    @property
    def rounds(self) -> Sequence[RoundStanding]: ...
    @property
    def dropped(self) -> Sequence[int]: ...
    @property
    def bp(self) -> Fraction: ...
    @property
    def sb(self) -> Fraction: ...
    @property
    def money(self) -> int: ...
    @property
    def premium(self) -> Fraction: ...
    @property
    def record(self) -> Sequence[Fraction]: ...
    @property
    def best_round(self) -> int: ...


class StandingsRules(Protocol):
    @property
    def minor_per_major(self) -> int: ...
    @property
    def round_budget(self) -> int | None: ...
    @property
    def tournament_chain(self) -> Sequence[RankKey]: ...


Explain = Callable[["Standing", "Sequence[RoundStanding]", "StandingsRules"], Reason]


@dataclass(frozen=True)
class RankKeySpec:
    """One rank key: where its value is, how it is explained, labelled and chosen.

    ``attribute``: the value on a player's totals (``Standing``) and, for a ``summed`` key, on
    every round row (``RoundStanding``, the teams' member and round rows) and team row;
    ``team_attribute``: where a team row keeps it when that differs. ``round_chain``: the key
    may rank a round. ``money``: in the smallest currency unit (shown ÷ ``minor_per_major``).
    ``label``/``choice``: message codes of the key in a chain and in the organiser's choice.
    """

    key: RankKey
    attribute: str
    explain: Explain
    label: str
    choice: str
    round_chain: bool = False
    summed: bool = False
    money: bool = False
    places: int = 2
    team_attribute: str | None = None

    def value(self, row: object) -> object:
        return getattr(row, self.attribute)

    def team_value(self, row: object) -> object:
        return getattr(row, self.team_attribute or self.attribute)

    def scale(self, minor_per_major: int) -> int:
        return minor_per_major if self.money else 1


def _kept(standing: Standing) -> list[RoundStanding]:
    return [r for r in standing.rounds if r.round not in standing.dropped]


def _bp(standing: Standing, kept: Sequence[RoundStanding], rules: StandingsRules) -> Reason:
    return Reason.of("standing_bp", total=standing.bp,
                     terms=Terms(tuple(Amount(r.bp) for r in kept)))


def _sb(standing: Standing, kept: Sequence[RoundStanding], rules: StandingsRules) -> Reason:
    return Reason.of("standing_sb", total=Amount(standing.sb, rules.minor_per_major))


def _zb(standing: Standing, kept: Sequence[RoundStanding], rules: StandingsRules) -> Reason:
    scale = rules.minor_per_major
    params: dict[str, object] = {
        "total": Amount(standing.money, scale),
        "terms": Terms(tuple(Amount(r.money, scale) for r in kept))}
    if rules.round_budget is None:
        return Reason.of("standing_zb", **params)
    return Reason.of("standing_zb_budget", **params, count=len(kept),
                     money=Amount(len(kept) * rules.round_budget + standing.money, scale),
                     budget=Amount(rules.round_budget, scale))


def _pb(standing: Standing, kept: Sequence[RoundStanding], rules: StandingsRules) -> Reason:
    return Reason.of("standing_pb", total=standing.premium)


def _record(standing: Standing, kept: Sequence[RoundStanding],
            rules: StandingsRules) -> Reason:
    return Reason.of("standing_record", record=Series(tuple(Amount(p) for p in standing.record)))


def _best_round(standing: Standing, kept: Sequence[RoundStanding],
                rules: StandingsRules) -> Reason:
    best = next((r for r in kept if r.money == standing.best_round), None)
    where = "" if best is None else Reason.of("standing_best_round_where", round=best.round)
    if rules.round_budget is None:
        return Reason.of("standing_best_round", money=Amount(standing.best_round,
                                                             rules.minor_per_major), where=where)
    return Reason.of("standing_best_round_budget", where=where,
                     money=Amount(rules.round_budget + standing.best_round,
                                  rules.minor_per_major))


RANK_KEYS: dict[RankKey, RankKeySpec] = {spec.key: spec for spec in (
    RankKeySpec(RankKey.BP, "bp", _bp, "rank_key_bp", "rank_key_bp_choice", summed=True),
    RankKeySpec(RankKey.SB, "sb", _sb, "rank_key_sb", "rank_key_sb_choice", round_chain=True,
                summed=True, money=True),
    RankKeySpec(RankKey.ZB, "money", _zb, "rank_key_zb", "rank_key_zb_choice",
                round_chain=True, summed=True, money=True),
    RankKeySpec(RankKey.PB, "premium", _pb, "rank_key_pb", "rank_key_pb_choice",
                round_chain=True, summed=True, places=1),
    RankKeySpec(RankKey.ROUND_RECORD, "record", _record, "rank_key_round_record",
                "rank_key_round_record_choice"),
    RankKeySpec(RankKey.BEST_ROUND, "best_round", _best_round, "rank_key_best_round",
                "rank_key_best_round_choice", team_attribute="best_round_values"),
)}

# The keys that may rank a round, and those a team sums, in the table's order.
ROUND_KEYS = tuple(k for k, spec in RANK_KEYS.items() if spec.round_chain)
SUMMED_KEYS = tuple(k for k, spec in RANK_KEYS.items() if spec.summed)
TOURNAMENT_KEYS = tuple(RANK_KEYS)


def standing_reasons(standing: Standing, rules: StandingsRules) -> tuple[Reason, ...]:
    """One reason per key of the tournament chain: the value and where it comes from.

    Computed on demand, for the rows a caller shows (not stored on every standing)."""
    kept = _kept(standing)
    return tuple(RANK_KEYS[key].explain(standing, kept, rules) for key in rules.tournament_chain)


register({
    "rank_key_bp": {"cs": "BP", "sk": "BP", "en": "BP"},
    "rank_key_sb": {"cs": "SB", "sk": "SB", "en": "SB"},
    "rank_key_zb": {"cs": "ZB", "sk": "ZB", "en": "ZB"},
    "rank_key_pb": {"cs": "PB", "sk": "PB", "en": "PB"},
    "rank_key_round_record": {"cs": "bilance kol", "sk": "umiestnenia v kolách",
                              "en": "round record"},
    "rank_key_best_round": {"cs": "nejlepší kolo", "sk": "najlepšie kolo", "en": "best round"},
    "rank_key_bp_choice": {"cs": "BP (body za umístění)", "sk": "BP (body za umiestnenie)",
                           "en": "BP (placement points)"},
    "rank_key_sb_choice": {"cs": "SB (soutěžní body)", "sk": "SB (súťažné body)",
                           "en": "SB (competition points)"},
    "rank_key_zb_choice": {"cs": "ZB (peníze)", "sk": "ZB (peniaze)", "en": "ZB (money)"},
    "rank_key_pb_choice": {"cs": "PB (prémiové body)", "sk": "PB (prémiové body)",
                           "en": "PB (premium points)"},
    "rank_key_round_record_choice": {
        "cs": "Bilance kol (více vítězství v kolech, pak více druhých míst, …)",
        "sk": "Umiestnenia v kolách (viac víťazstiev v kolách, potom viac druhých miest, …)",
        "en": "Round record (more round wins, then more second places, …)"},
    "rank_key_best_round_choice": {"cs": "Nejvyšší peníze v jednom kole",
                                   "sk": "Najvyššia nahratá suma v jednom kole",
                                   "en": "Best single-round money"},
    # The reasons of a player's tournament totals (standing_reasons), one per key.
    "standing_bp": {"cs": "BP {total} = {terms}", "sk": "BP {total} = {terms}",
                    "en": "BP {total} = {terms}"},
    "standing_sb": {"cs": "SB {total}", "sk": "SB {total}", "en": "SB {total}"},
    "standing_zb": {"cs": "ZB {total} = {terms}", "sk": "ZB {total} = {terms}",
                    "en": "ZB {total} = {terms}"},
    "standing_zb_budget": {
        "cs": "ZB {total} = {terms}; nahraná suma {money} = {count} × {budget} + ZB",
        "sk": "ZB {total} = {terms}; nahratá suma {money} = {count} × {budget} + ZB",
        "en": "ZB {total} = {terms}; money {money} = {count} × {budget} + ZB"},
    "standing_pb": {"cs": "PB {total}", "sk": "PB {total}", "en": "PB {total}"},
    "standing_record": {
        "cs": "Bilance kol {record} (body kol od nejlepšího, porovnané postupně: víc vítězství "
              "v kole, pak víc druhých míst …)",
        "sk": "Umiestnenia v kolách {record} (body kôl od najlepšieho, porovnané postupne: viac "
              "víťazstiev v kole, potom viac druhých miest …)",
        "en": "Round record {record} (the round points from the best, compared one by one: "
              "more round wins, then more second places …)"},
    "standing_best_round": {"cs": "Nejlepší kolo: ZB {money}{where}",
                            "sk": "Najlepšie kolo: ZB {money}{where}",
                            "en": "Best round: ZB {money}{where}"},
    "standing_best_round_budget": {"cs": "Nejlepší kolo: nahraná suma {money}{where}",
                                   "sk": "Najlepšie kolo: nahratá suma {money}{where}",
                                   "en": "Best round: money {money}{where}"},
    "standing_best_round_where": {"cs": " ({round}. kolo)", "sk": " ({round}. kolo)",
                                  "en": " (round {round})"},
})
