"""SloapSlam standings: SB = money rounded to whole crowns per player per round + factor × PB,
and BUS 4-2-1-0 at the table by that SB (docs/sloapslam-ctyrka.md "Tournament scoring", example
4.5.10, docs/sloapslam-krizovy.md "Tournament result", example 5.7.12; SLS L74 čtyřka, Čl. V L274
křížový)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import get_preset
from scoring.honours import round_money
from scoring.reasons import render_reason
from scoring.standings import (
    SLOAPSLAM_RULES,
    MoneyRounding,
    RankKey,
    RoundScore,
    StandingsRules,
    TieShare,
    compute_standings,
    rank_round,
    round_minor,
    round_reasons,
    with_ruleset,
)

F = Fraction
CTYRKA = with_ruleset(SLOAPSLAM_RULES, get_preset("sloapslam-ctyrka"))
KRIZOVY = with_ruleset(SLOAPSLAM_RULES, get_preset("sloapslam-krizovy"))


def table(money: dict[str, int], premium: dict[str, int] | None = None, round_: int = 1,
          number: int = 1) -> list[RoundScore]:
    return [RoundScore(player=p, round=round_, table=number, money=m,
                       premium=F((premium or {}).get(p, 0))) for p, m in money.items()]


def by_player(scores: list[RoundScore], rules: StandingsRules) -> dict[str, tuple]:
    return {r.player: (r.rounded_money, r.sb, r.bp) for r in rank_round(scores, rules)}


# -- the rules come from the rulesets ----------------------------------------------------------


def test_factor_and_rounding_from_the_rulesets() -> None:
    assert (CTYRKA.premium_factor, CTYRKA.money_rounding) == (2, 100)  # L74, L14
    assert (KRIZOVY.premium_factor, KRIZOVY.money_rounding) == (1, 100)  # Čl. V L274
    assert KRIZOVY.round_chain == (RankKey.SB,)
    assert KRIZOVY.placement_ties is TieShare.AVERAGE
    plain = with_ruleset(SLOAPSLAM_RULES, get_preset("csm-krizovy"))
    assert (plain.premium_factor, plain.money_rounding) == (0, None)
    # the ČSM default is untouched: no rounding
    assert StandingsRules().money_rounding is None
    (row,) = rank_round([RoundScore("a", 1, 1, money=1249)], StandingsRules())
    assert row.sb == 1249 and row.rounded_money == 1249


# -- rounding ----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode, cases", [
    (MoneyRounding.HALF_AWAY_FROM_ZERO,
     {3740: 3700, 1260: 1300, -2140: -2100, -2860: -2900, 50: 100, -50: -100, -150: -200,
      149: 100, -149: -100, 0: 0, 300: 300}),
    (MoneyRounding.HALF_UP, {50: 100, -50: 0, -150: -100, 150: 200, -151: -200}),
    (MoneyRounding.HALF_EVEN, {50: 0, 150: 200, -50: 0, -150: -200, 250: 200, 251: 300}),
    (MoneyRounding.DOWN, {199: 100, -199: -100, -2860: -2800, 3740: 3700}),
])
def test_rounding_modes(mode: MoneyRounding, cases: dict[int, int]) -> None:
    assert {m: round_minor(m, 100, mode) for m in cases} == cases


@given(st.integers(min_value=-10**7, max_value=10**7))
def test_rounding_is_to_the_nearest_whole_crown(amount: int) -> None:
    rounded = round_minor(amount, 100)
    assert rounded % 100 == 0 and abs(rounded - amount) <= 50
    assert round_minor(-amount, 100) == -rounded  # symmetric: halves away from zero
    assert round_minor(amount, None) == amount


def test_the_hands_helper_agrees() -> None:
    ruleset = get_preset("sloapslam-krizovy")
    for amount in (3740, 1260, -2140, -2860, 50, -150):
        assert round_money(amount, ruleset) == round_minor(amount, 100)


# -- example 5.7.12: the křížový round result -----------------------------------------------------


def test_5_7_12_round_result() -> None:
    scores = table({"A": 3740, "B": 1260, "C": -2140, "D": -2860}, {"A": 10, "C": 24})
    assert by_player(scores, KRIZOVY) == {
        "A": (3700, 4700, 4), "B": (1300, 1300, 2), "C": (-2100, 300, 1),
        "D": (-2900, -2900, 0)}
    rows = {r.player: r for r in rank_round(scores, KRIZOVY)}
    assert rows["A"].money == 3740  # ZB stays exact
    assert render_reason(round_reasons(rows["A"], KRIZOVY)[0]) == (
        "SB = ZB 37,4 → 37 + 1 × PB 10 = 47")


def test_5_7_12_hazard_rounded_money_need_not_sum_to_zero() -> None:
    scores = table({"A": 50, "B": 50, "C": 50, "D": -150})
    rows = by_player(scores, KRIZOVY)
    assert [rows[p][0] for p in "ABCD"] == [100, 100, 100, -200]  # Σ +1 Kč, accepted
    assert [rows[p][2] for p in "ABCD"] == [F(7, 3)] * 3 + [0]  # three tied by SB


def test_rounded_per_player_per_round_not_over_the_tournament() -> None:
    scores = [*table({"a": 50, "b": -50}, round_=1), *table({"a": 50, "b": -50}, round_=2)]
    rules = dataclasses.replace(KRIZOVY, placement_ties=TieShare.BEST)
    standings = {s.player: s for s in compute_standings(scores, rules)}
    assert standings["a"].sb == 200  # 1 + 1, where the exact total 1,00 would round to 1
    assert standings["b"].sb == -200
    assert standings["a"].money == 100  # ZB: the exact sum


# -- example 4.5.10: the čtyřka table result, BUS by SB -------------------------------------------


def test_4_5_10_table_result() -> None:
    scores = table({"A": 12500, "B": 4000, "C": -6000, "D": -10500},
                   {"A": 8, "B": 20, "C": 10, "D": 0})
    assert by_player(scores, CTYRKA) == {
        "A": (12500, 14100, 4), "B": (4000, 8000, 2), "C": (-6000, -4000, 1),
        "D": (-10500, -10500, 0)}
    rows = {r.player: r for r in rank_round(scores, CTYRKA)}
    assert render_reason(round_reasons(rows["B"], CTYRKA)[0]) == "SB = ZB 40 + 2 × PB 20 = 80"


def test_4_5_10_tie_of_c_and_d() -> None:
    # C −60 + 2 × 10 = −40 and D −100 + 2 × 30 = −40 (A +120 keeps Σ ZB = 0)
    scores = table({"A": 12000, "B": 4000, "C": -6000, "D": -10000},
                   {"A": 8, "B": 20, "C": 10, "D": 30})
    assert [r[2] for r in by_player(scores, CTYRKA).values()] == [4, 2, F(1, 2), F(1, 2)]
    best = dataclasses.replace(CTYRKA, placement_ties=TieShare.BEST)
    assert [r[2] for r in by_player(scores, best).values()] == [4, 2, 1, 1]


def test_bus_follow_sb_not_money() -> None:
    # b has less money but more PB: ahead by SB (SLS L74 "za pořadí podle SB")
    scores = table({"a": 1000, "b": 500, "c": -700, "d": -800}, {"b": 10})
    assert {p: r[2] for p, r in by_player(scores, KRIZOVY).items()} == {
        "a": 2, "b": 4, "c": 1, "d": 0}
    # the money-only key of csm-krizovy would put a first
    money_only = dataclasses.replace(KRIZOVY, round_chain=(RankKey.ZB,))
    assert by_player(scores, money_only)["a"][2] == 4


def test_rounding_decides_a_tie() -> None:
    # 12,40 and 11,60 Kč both round to 12: tied by SB, they share 4 + 2
    scores = table({"a": 1240, "b": 1160, "c": -1000, "d": -1400})
    assert {p: r[2] for p, r in by_player(scores, KRIZOVY).items()} == {
        "a": 3, "b": 3, "c": 1, "d": 0}
    exact = dataclasses.replace(KRIZOVY, money_rounding=None)
    assert {p: r[2] for p, r in by_player(scores, exact).items()} == {
        "a": 4, "b": 2, "c": 1, "d": 0}


def test_tournament_by_bus_then_sb_then_zb() -> None:
    scores = [
        *table({"a": 3740, "b": 1260, "c": -2140, "d": -2860}, {"a": 10, "c": 24}),
        *table({"a": -1000, "b": 3000, "c": 500, "d": -2500}, round_=2),
    ]
    standings = compute_standings(scores, KRIZOVY)
    assert [(s.player, s.bp, s.sb) for s in standings] == [
        ("b", 6, 4300), ("a", 5, 3700), ("c", 3, 800), ("d", 0, -5400)]
