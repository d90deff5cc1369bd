"""Standings maths (docs/csm-licitovany.md#standings): SB, round ranks, BP keys, tournament
order, lot, drops."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rank_keys import standing_reasons
from scoring.reasons import render_reasons
from scoring.standings import (
    PlacementKey,
    RankKey,
    RoundScore,
    StandingsRules,
    TieShare,
    compute_standings,
    rank_round,
    round_reasons,
    shared_ranks,
)

RULES = StandingsRules()


def explained(row, rules, lang="cs"):
    """A round row's reasons (SB or money, BP) worded in ``lang``, as the engine explains it."""
    return render_reasons(round_reasons(row, rules), lang)


def test_sb_is_money_plus_premium_in_crowns() -> None:
    # docs/csm-licitovany.md#premium-points: SB = ZB in Kč + PB × 1; money is in haléř, so PB count
    # 100 each.
    (row,) = rank_round([RoundScore("a", 1, 1, money=1240, premium=Fraction(20))], RULES)
    assert row.sb == 1240 + 2000
    assert explained(row, RULES)[0] == "SB = ZB 12,4 + 1 × PB 20 = 32,4"


def test_round_rank_by_sb_then_zb_and_n_minus_rank_plus_one() -> None:
    scores = [RoundScore("a", 1, 1, 500, Fraction(0)), RoundScore("b", 1, 1, 300, Fraction(2)),
              RoundScore("c", 1, 2, -300, Fraction(0)), RoundScore("d", 1, 2, -500, Fraction(0))]
    rows = {r.player: r for r in rank_round(scores, RULES)}
    # b: SB 300 + 200 = 500 equals a's 500; ZB breaks the tie in a's favour.
    assert (rows["a"].rank, rows["b"].rank, rows["c"].rank, rows["d"].rank) == (1, 2, 3, 4)
    assert [rows[p].bp for p in "abcd"] == [4, 3, 2, 1]


def test_equal_players_share_a_rank() -> None:
    assert shared_ranks([(5,), (7,), (5,), (1,)]) == [2, 1, 2, 4]
    scores = [RoundScore(p, 1, 1, m) for p, m in (("a", 100), ("b", 100), ("c", -200))]
    best = {r.player: r.bp for r in rank_round(scores, RULES)}
    assert best == {"a": 3, "b": 3, "c": 1}
    average = StandingsRules(placement_ties=TieShare.AVERAGE)
    assert {r.player: r.bp for r in rank_round(scores, average)} == {
        "a": Fraction(5, 2), "b": Fraction(5, 2), "c": 1}


def test_superliga_key_never_below_one() -> None:
    rules = StandingsRules(placement=PlacementKey.SUPERLIGA, coefficient=Fraction(1, 10))
    scores = [RoundScore(i, 1, 1, 100 - i) for i in range(8)]
    assert [r.bp for r in sorted(rank_round(scores, rules), key=lambda r: r.rank)] == [
        5, 4, 3, 2, 1, 1, 1, 1]


def test_table_points_4_2_1_0() -> None:
    # SloapSlam: placement points by the rank at the table.
    rules = StandingsRules(placement=PlacementKey.TABLE_POINTS)
    scores = [RoundScore(p, 1, t, m) for p, t, m in (
        ("a", 1, 300), ("b", 1, 100), ("c", 1, -100), ("d", 1, -300),
        ("e", 2, 50), ("f", 2, 0), ("g", 2, -20), ("h", 2, -30))]
    assert {r.player: r.bp for r in rank_round(scores, rules)} == {
        "a": 4, "b": 2, "c": 1, "d": 0, "e": 4, "f": 2, "g": 1, "h": 0}


def test_tournament_by_bp_then_sb_then_zb_with_a_reproducible_lot() -> None:
    scores = [RoundScore("a", 1, 1, 100), RoundScore("b", 1, 1, -100),
              RoundScore("a", 2, 1, -100), RoundScore("b", 2, 1, 100),
              RoundScore("c", 1, 2, 0), RoundScore("c", 2, 2, 0)]
    table = compute_standings(scores, RULES, seed=7)
    assert [s.rank for s in table] == [1, 1, 1]  # equal on BP, SB and ZB
    assert all(s.by_lot for s in table)
    assert [s.player for s in table] == [s.player for s in compute_standings(scores, RULES, 7)]
    assert {tuple(s.player for s in compute_standings(scores, RULES, seed)) for seed in
            range(20)} != {tuple(s.player for s in table)}  # the lot depends on the seed


def test_drop_best_and_worst_round() -> None:
    rules = StandingsRules(drop_best=1, drop_worst=1)
    scores = [RoundScore("a", n, 1, m) for n, m in ((1, 500), (2, 0), (3, -500))]
    scores += [RoundScore("b", n, 1, -m) for n, m in ((1, 500), (2, 0), (3, -500))]
    table = {s.player: s for s in compute_standings(scores, rules)}
    assert table["a"].dropped == (1, 3) and table["a"].money == 0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(1, 4), st.integers(-5000, 5000)),
                min_size=1, max_size=60, unique_by=lambda t: (t[0], t[1])))
def test_order_respects_the_chain(rows: list[tuple[int, int, int]]) -> None:
    scores = [RoundScore(p, r, 1, m) for p, r, m in rows]
    table = compute_standings(scores, RULES, seed=1)
    keys = [(s.bp, s.sb, s.money) for s in table]
    assert keys == sorted(keys, reverse=True)
    assert [s.position for s in table] == list(range(1, len(table) + 1))
    assert all(a.rank <= b.rank for a, b in itertools.pairwise(table))
    for s in table:
        assert s.rank == 1 + sum(1 for o in table if (o.bp, o.sb, o.money) > (s.bp, s.sb, s.money))


def test_chain_is_configurable() -> None:
    rules = StandingsRules(tournament_chain=(RankKey.ZB,))
    scores = [RoundScore("a", 1, 1, 100, Fraction(50)), RoundScore("b", 1, 1, 200)]
    assert [s.player for s in compute_standings(scores, rules)] == ["b", "a"]


# -- SZMK volený (docs/szmk.md#round-result; rules E.5) -----------------------------------------

SZMK = StandingsRules(
    round_chain=(RankKey.ZB,), placement=PlacementKey.TABLE_POINTS, table_points=(5, 3, 1, 0),
    placement_ties=TieShare.AVERAGE,
    tournament_chain=(RankKey.BP, RankKey.ZB, RankKey.ROUND_RECORD, RankKey.BEST_ROUND),
    contumation_points=4, round_budget=1000)


def _table(rules: StandingsRules, *money: int) -> list[Fraction]:
    scores = [RoundScore(i, 1, 1, m) for i, m in enumerate(money)]
    return [r.bp for r in sorted(rank_round(scores, rules), key=lambda r: r.player)]


def test_szmk_table_points_5_3_1_shared_by_tied_players() -> None:
    assert _table(SZMK, 300, -100, -200) == [5, 3, 1]
    assert _table(SZMK, 100, 100, -200) == [4, 4, 1]  # two first: (5 + 3) / 2 each
    assert _table(SZMK, 0, 0, 0) == [3, 3, 3]  # three-way tie: (5 + 3 + 1) / 3
    assert _table(SZMK, 300, -150, -150) == [5, 2, 2]  # tie for second: (3 + 1) / 2


def test_szmk_table_of_four_gives_the_fourth_nothing() -> None:
    assert _table(SZMK, 300, 100, -100, -300) == [5, 3, 1, 0]
    assert _table(SZMK, 300, 100, -200, -200) == [5, 3, Fraction(1, 2), Fraction(1, 2)]
    assert _table(SZMK, 100, 100, 100, -300) == [3, 3, 3, 0]


def test_szmk_round_explains_the_round_money() -> None:
    (row,) = rank_round([RoundScore("a", 1, 1, 120)], SZMK)
    assert explained(row, SZMK, "sk")[0] == "Nahratá suma = 10 + ZB 1,2 = 11,2"
    assert explained(row, SZMK)[0] == "Nahraná suma = 10 + ZB 1,2 = 11,2"  # Czech in Czech
    assert explained(row, SZMK)[1].startswith("BP = 5 (1. místo u stolu")


def _rounds(*tables: tuple[int, tuple[tuple[str, int], ...]]) -> list[RoundScore]:
    """(round, ((player, money), ...)) per table; table numbers by order within a round."""
    scores, counts = [], {}
    for number, seats in tables:
        counts[number] = counts.get(number, 0) + 1
        scores += [RoundScore(p, number, counts[number], m) for p, m in seats]
    return scores


def test_szmk_chain_points_money_record_best_round_then_lot() -> None:
    scores = _rounds(
        (1, (("a", 200), ("b", 50), ("c", -250))),
        (1, (("d", 100), ("e", 100), ("f", -200))),
        (1, (("g", 500), ("h", -100), ("i", -400))),
        (2, (("c", 250), ("b", -50), ("a", -200))),
        (2, (("d", 0), ("e", 0), ("f", 0))),
        (2, (("i", 200), ("h", 100), ("g", -300))),
    )
    table = compute_standings(scores, SZMK, seed=3)
    by = {s.player: s for s in table}
    # points: d and e 4 + 3 = 7; a b c g h i 6; f 1 + 3 = 4
    assert {p: by[p].bp for p in "abcdefghi"} == {
        "a": 6, "b": 6, "c": 6, "d": 7, "e": 7, "f": 4, "g": 6, "h": 6, "i": 6}
    # d and e are equal on everything: both first, their order by lot
    assert {table[0].player, table[1].player} == {"d", "e"}
    assert table[0].rank == table[1].rank == 1 and table[0].by_lot and table[1].by_lot
    # among the 6-point players: g by money (+2); c, a, h, b all 0: c and a have the record
    # 5 · 1, h and b 3 · 3; c beats a by the best round (2,50 against 2,00), h beats b (1 vs
    # 0,50); i has −2
    assert [s.player for s in table[2:]] == ["g", "c", "a", "h", "b", "i", "f"]
    assert [s.rank for s in table] == [1, 1, 3, 4, 5, 6, 7, 8, 9]
    assert not any(s.by_lot for s in table[2:])
    assert by["a"].record == (5, 1) and by["b"].record == (3, 3)
    assert by["c"].best_round == 250 and by["a"].best_round == 200
    # Czech throughout (the engine once mixed in the Slovak "nahratá"), Slovak in Slovak
    assert render_reasons(standing_reasons(by["a"], SZMK)) == (
        "BP 6 = 5 + 1",
        "ZB 0 = 2 + (-2); nahraná suma 20 = 2 × 10 + ZB",
        "Bilance kol 5 · 1 (body kol od nejlepšího, porovnané postupně: víc vítězství v kole, "
        "pak víc druhých míst …)",
        "Nejlepší kolo: nahraná suma 12 (1. kolo)",
    )
    slovak = render_reasons(standing_reasons(by["a"], SZMK), "sk")
    assert slovak[1] == "ZB 0 = 2 + (-2); nahratá suma 20 = 2 × 10 + ZB"
    assert slovak[3] == "Najlepšie kolo: nahratá suma 12 (1. kolo)"


def test_szmk_money_tie_broken_by_the_round_record() -> None:
    # Same points (6) and money (0): one round win and a third beat two second places.
    scores = _rounds(
        (1, (("win", 200), ("two", 50), ("x", -250))),
        (2, (("y", 250), ("two", -50), ("win", -200))),
    )
    table = {s.player: s for s in compute_standings(scores, SZMK)}
    assert (table["win"].bp, table["win"].money) == (table["two"].bp, table["two"].money)
    assert table["win"].rank < table["two"].rank
    assert not table["win"].by_lot
    # without the record in the chain the two are equal and go to the lot
    plain = StandingsRules(**{**SZMK.__dict__, "tournament_chain": (RankKey.BP, RankKey.ZB)})
    again = {s.player: s for s in compute_standings(scores, plain)}
    assert again["win"].rank == again["two"].rank and again["win"].by_lot


def test_best_round_money_breaks_an_equal_record() -> None:
    rules = StandingsRules(placement=PlacementKey.TABLE_POINTS, table_points=(5, 3, 1),
                           tournament_chain=(RankKey.BP, RankKey.ROUND_RECORD,
                                             RankKey.BEST_ROUND))
    scores = _rounds((1, (("a", 300), ("b", 100), ("x", -400))),
                     (2, (("b", 200), ("a", 100), ("y", -300))))
    table = compute_standings(scores, rules)
    assert [s.player for s in table[:2]] == ["a", "b"]  # records 5 · 3 both; best 3 > 2
    assert table[0].rank == 1 and table[1].rank == 2


def test_fixed_points_replace_the_placement_points() -> None:
    # E.5 contumation: the two present players +1 €, the absent one −2 €; 4, 4 and 0 points.
    scores = [RoundScore("p", 1, 1, 100, fixed_points=Fraction(4)),
              RoundScore("q", 1, 1, 100, fixed_points=Fraction(4)),
              RoundScore("absent", 1, 1, -200, fixed_points=Fraction(0))]
    rows = {r.player: r for r in rank_round(scores, SZMK)}
    assert {p: r.bp for p, r in rows.items()} == {"p": 4, "q": 4, "absent": 0}
    assert rows["absent"].rank == 3 and rows["absent"].fixed and rows["p"].fixed
    assert explained(rows["absent"], SZMK)[1] == "BP = 0 pevně (kontumace), 3. místo u stolu"
    # by money alone the absent player would have had 1 point
    assert _table(SZMK, 100, 100, -200) == [4, 4, 1]
    # a fixed score counts in the tournament like any other round
    table = compute_standings([*scores, RoundScore("p", 2, 1, 0), RoundScore("q", 2, 1, 10),
                               RoundScore("absent", 2, 1, -10)], SZMK)
    assert [(s.player, s.bp) for s in table] == [("q", 9), ("p", 7), ("absent", 1)]
    assert table[2].record == (1, 0)


def test_fixed_points_leave_the_other_players_alone() -> None:
    scores = [RoundScore("a", 1, 1, 300), RoundScore("b", 1, 1, -100, fixed_points=Fraction(0)),
              RoundScore("c", 1, 1, -200)]
    assert {r.player: r.bp for r in rank_round(scores, SZMK)} == {"a": 5, "b": 0, "c": 1}


def test_round_and_total_money_start_from_the_budget() -> None:
    # SZMK C.8: each round's money is the 10 € budget plus the round's ZB.
    from scoring.standings import round_money, total_money

    rules = StandingsRules(round_budget=1000)
    assert round_money(-250, rules) == 750
    assert round_money(-250, StandingsRules()) is None
    scores = [RoundScore("a", 1, 1, 100), RoundScore("b", 1, 1, -100),
              RoundScore("a", 2, 1, -30), RoundScore("b", 2, 1, 30)]
    standings = {s.player: s for s in compute_standings(scores, rules)}
    assert total_money(standings["a"], rules) == 2000 + 70
