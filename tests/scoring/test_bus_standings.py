"""Křížový standings: table points (BUS) 4-2-1-0 by money at each table of four, ties sharing
the points of their places (docs/csm-krizovy.md "Tournament scoring", docs/sloapslam-ctyrka.md
"Tournament scoring" default), byes (docs/readings.md §9.13)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring.standings import (
    DEFAULT_BYE_POINTS,
    PlacementKey,
    RankKey,
    RoundScore,
    StandingsRules,
    TieShare,
    compute_standings,
    rank_round,
    table_points,
)

# The křížový rules as marias_admin.tournaments.standings_rules.KRIZOVY_RULES states them (no
# Django here): ranked by money at the table, 4-2-1-0 shared, then points and money; no PB.
KRIZOVY = StandingsRules(
    premium_factor=0, round_chain=(RankKey.ZB,), placement=PlacementKey.TABLE_POINTS,
    table_points=(4, 2, 1, 0), placement_ties=TieShare.AVERAGE,
    tournament_chain=(RankKey.BP, RankKey.ZB),
)
F = Fraction


def test_plain_table_gives_4_2_1_0_by_money():
    assert table_points([120, -40, 300, -380], KRIZOVY) == [2, 1, 4, 0]


def test_two_tied_for_first_share_4_and_2():
    assert table_points([200, 200, -100, -300], KRIZOVY) == [3, 3, 1, 0]


def test_two_tied_in_the_middle_and_at_the_bottom():
    assert table_points([300, 0, 0, -300], KRIZOVY) == [4, F(3, 2), F(3, 2), 0]
    assert table_points([300, 100, -200, -200], KRIZOVY) == [4, 2, F(1, 2), F(1, 2)]


def test_three_tied_share_three_places():
    # (4 + 2 + 1) / 3 each for the first three; the places' points, exactly
    # (docs/sloapslam-ctyrka.md "Tournament scoring")
    assert table_points([100, 100, 100, -300], KRIZOVY) == [F(7, 3)] * 3 + [0]
    assert table_points([300, -100, -100, -100], KRIZOVY) == [4, 1, 1, 1]


def test_four_tied_and_a_zero_money_table():
    assert table_points([0, 0, 0, 0], KRIZOVY) == [F(7, 4)] * 4
    assert table_points([50, -50, 50, -50], KRIZOVY) == [3, F(1, 2), 3, F(1, 2)]


@given(st.lists(st.integers(min_value=-5, max_value=5), min_size=4, max_size=4))
def test_a_table_always_gives_seven_points(money):
    # Small money values make ties of two, three and four frequent.
    points = table_points([m * 20 for m in money], KRIZOVY)
    assert sum(points) == 7
    assert all(0 <= p <= 4 for p in points)
    # more money never gets fewer points
    for a, b in zip(money, points, strict=True):
        for c, d in zip(money, points, strict=True):
            if a > c:
                assert b > d


@given(st.lists(st.lists(st.integers(min_value=-3, max_value=3), min_size=4, max_size=4),
                min_size=1, max_size=5))
def test_each_table_of_a_round_gives_seven(tables):
    scores = [RoundScore(player=(t, s), round=1, table=t + 1, money=m)
              for t, table in enumerate(tables) for s, m in enumerate(table)]
    rows = rank_round(scores, KRIZOVY)
    for t in range(len(tables)):
        assert sum(r.bp for r in rows if r.table == t + 1) == 7


def test_bye_scores_fixed_points_and_no_money():
    scores = [RoundScore(player=p, round=1, table=1, money=m)
              for p, m in zip("abcd", (300, 100, -100, -300), strict=True)]
    scores.append(RoundScore(player="e", round=1, table=0, money=0, bye=True))
    rows = {r.player: r for r in rank_round(scores, KRIZOVY)}
    assert rows["e"].bp == DEFAULT_BYE_POINTS == 2
    assert rows["e"].bye and rows["e"].rank == 0 and rows["e"].money == 0
    assert [rows[p].bp for p in "abcd"] == [4, 2, 1, 0]  # the bye is not ranked with table 1
    custom = StandingsRules(**{**KRIZOVY.__dict__, "bye_points": F(3, 2)})
    assert {r.player: r.bp for r in rank_round(scores, custom)}["e"] == F(3, 2)


def test_tournament_by_table_points_then_money():
    def table(round_, number, money):
        return [RoundScore(player=p, round=round_, table=number, money=m)
                for p, m in money.items()]

    scores = [
        *table(1, 1, {"a": 400, "b": 100, "c": -200, "d": -300}),
        *table(1, 2, {"e": 500, "f": 0, "g": -100, "h": -400}),
        *table(2, 1, {"a": -100, "e": 100, "c": 300, "g": -300}),
        *table(2, 2, {"b": 50, "f": 50, "d": -20, "h": -80}),
    ]
    standings = compute_standings(scores, KRIZOVY, seed=1)
    points = {s.player: s.bp for s in standings}
    assert points == {"a": 5, "e": 6, "c": 5, "g": 1, "b": 5, "f": 5, "d": 1, "h": 0}
    order = [s.player for s in standings]
    # a, b, c and f have 5 points each: then money, a 300, b 150, c 100, f 50
    assert order[:5] == ["e", "a", "b", "c", "f"]
    assert [s.rank for s in standings[:5]] == [1, 2, 3, 4, 5]
