"""Issue 27: the standings maths counts in integers where it used to add and compare Fraction
objects. The results must not change: random fields and rules, ranked by the engine and by the
verbatim copy of the engine before the change (``standings_before``), give equal rows."""

from __future__ import annotations

import dataclasses
from enum import Enum
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import standings as now
from scoring.money import MoneyRounding
from scoring.standings import (
    PlacementKey,
    RankKey,
    RoundScore,
    StandingsRules,
    TieShare,
    exact_sum,
    integer_keys,
    shared_ranks,
)
from tests.scoring import standings_before as before

PROPERTY = settings(max_examples=100, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

premiums = st.builds(Fraction, st.integers(-60, 120), st.sampled_from((1, 1, 1, 2, 3, 4, 10)))
round_keys = st.lists(st.sampled_from((RankKey.SB, RankKey.ZB, RankKey.PB)), min_size=1,
                      max_size=3, unique=True).map(tuple)
tournament_keys = st.lists(st.sampled_from(tuple(RankKey)), min_size=1, max_size=4,
                           unique=True).map(tuple)


@st.composite
def fields(draw: Any) -> list[RoundScore]:
    """Rounds of a small field: tables of three or four, money in steps of 10 haléř (often
    equal, so ties happen), some fractional PB, a few contumations and byes."""
    players = draw(st.integers(3, 14))
    rounds = draw(st.integers(1, 4))
    scores = []
    for number in range(1, rounds + 1):
        for player in range(players):
            bye = draw(st.integers(0, 12)) == 0
            fixed = draw(st.one_of(st.none(), st.sampled_from((Fraction(0), Fraction(3)))))
            scores.append(RoundScore(
                player=f"p{player}", round=number, table=0 if bye else 1 + player // 4,
                money=0 if bye else draw(st.integers(-30, 30)) * draw(st.sampled_from((10, 35))),
                premium=Fraction(0) if bye else draw(premiums),
                fixed_points=fixed if draw(st.integers(0, 9)) == 0 else None, bye=bye))
    return scores


rules_strategy = st.builds(
    StandingsRules,
    premium_factor=st.sampled_from((0, 1, 2)),
    round_chain=round_keys,
    placement=st.sampled_from(tuple(PlacementKey)),
    placement_ties=st.sampled_from(tuple(TieShare)),
    coefficient=st.sampled_from((Fraction(1), Fraction(3, 2), Fraction(4, 5))),
    custom_points=st.sampled_from(((), (10, 8, 6, 5), (3, 1))),
    table_points=st.sampled_from(((4, 2, 1, 0), (5, 3, 1, 0))),
    tournament_chain=tournament_keys,
    drop_best=st.integers(0, 1),
    drop_worst=st.integers(0, 1),
    bye_points=st.sampled_from((Fraction(2), Fraction(7, 4))),
    money_rounding=st.sampled_from((None, 100)),
    rounding=st.sampled_from(tuple(MoneyRounding)),
)


def _old(value: Any) -> Any:
    """An argument for the reference module: its own enums (compared there with ``is``)."""
    if isinstance(value, PlacementKey):
        return before.PlacementKey(value.value)
    if isinstance(value, TieShare):
        return before.TieShare(value.value)
    return value


def _old_rules(rules: StandingsRules) -> Any:
    return before.StandingsRules(**{f.name: _old(getattr(rules, f.name))
                                    for f in dataclasses.fields(rules)})


def _old_scores(scores: list[RoundScore]) -> list[Any]:
    return [before.RoundScore(**dataclasses.asdict(s)) for s in scores]


def _plain(rows: list[Any]) -> list[Any]:
    """Rows as nested tuples of values (the two modules' dataclasses are different types)."""
    return [tuple(v.value if isinstance(v, Enum) else v for v in dataclasses.astuple(r))
            for r in rows]


@PROPERTY
@given(scores=fields(), rules=rules_strategy, seed=st.integers(0, 5))
def test_standings_equal_the_fraction_computation(scores: list[RoundScore],
                                                  rules: StandingsRules, seed: int) -> None:
    new = now.compute_standings(scores, rules, seed)
    old = before.compute_standings(_old_scores(scores), _old_rules(rules), seed)
    assert _plain(new) == _plain(old)
    for mine, theirs in zip(new, old, strict=True):  # the types too: Fractions stay Fractions
        assert [type(v) for v in (mine.bp, mine.sb, mine.premium)] == [
            type(v) for v in (theirs.bp, theirs.sb, theirs.premium)]


@PROPERTY
@given(scores=fields(), rules=rules_strategy)
def test_round_rows_equal_the_fraction_computation(scores: list[RoundScore],
                                                   rules: StandingsRules) -> None:
    first = [s for s in scores if s.round == 1]
    assert _plain(now.rank_round(first, rules)) == _plain(
        before.rank_round(_old_scores(first), _old_rules(rules)))


@PROPERTY
@given(st.lists(st.tuples(premiums, st.integers(-5, 5),
                          st.lists(premiums, max_size=3).map(tuple)), max_size=30))
def test_integer_keys_keep_order_and_ties(keys: list[tuple[Any, ...]]) -> None:
    scaled = integer_keys(keys)
    assert all(type(n) is int for key in scaled for n in (key[0], key[1], *key[2]))
    for i, a in enumerate(keys):
        for j, b in enumerate(keys):
            assert (a < b) == (scaled[i] < scaled[j]) and (a == b) == (scaled[i] == scaled[j])
    assert shared_ranks(keys) == before.shared_ranks(keys)


def test_keys_that_are_not_numbers_are_compared_as_they_are() -> None:
    keys = [("b", Fraction(1, 2)), ("a", Fraction(1, 3)), ("b", Fraction(1, 2))]
    assert integer_keys(keys) == [("b", 3), ("a", 2), ("b", 3)]
    assert shared_ranks(keys) == [1, 3, 1]


def test_exact_sum_is_the_fraction_sum() -> None:
    values = [Fraction(1, 3), Fraction(1, 6), 2, Fraction(-5, 4)]
    assert exact_sum(values) == sum(values, Fraction(0)) == Fraction(5, 4)
    assert exact_sum([]) == Fraction(0) and type(exact_sum([3])) is Fraction


def test_round_rows_hold_every_field() -> None:
    """``rank_round`` builds its rows without the dataclass constructor: a field added to
    RoundStanding must be given there too, not left to the class default."""
    (row,) = now.rank_round([RoundScore("a", 1, 1, money=10)], StandingsRules())
    assert set(vars(row)) == {f.name for f in dataclasses.fields(now.RoundStanding)}
    assert row == now.RoundStanding(**vars(row))
