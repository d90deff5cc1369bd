"""Season ranking maths: the worst results dropped (a missed tournament the worst), ties."""

from fractions import Fraction

from scoring.season import EventResult, dropped_indexes, season_standings

E = ("t1", "t2", "t3", "t4")


def r(bp, sb=0, zb=0):
    return EventResult(Fraction(bp), Fraction(sb), zb)


def by_player(rows):
    return {row.player: row for row in rows}


def test_no_drop_sums_everything_and_ranks_by_bp():
    rows = season_standings(E, {"a": {"t1": r(10), "t2": r(5)}, "b": {"t1": r(20)}})
    assert [row.player for row in rows] == ["b", "a"]
    assert by_player(rows)["a"].reduced_bp == 15 == by_player(rows)["a"].bp
    assert [row.rank for row in rows] == [1, 2]
    assert by_player(rows)["a"].results == (r(10), r(5), None, None)


def test_drop_worst_drops_the_lowest_bp():
    played = {e: r(bp) for e, bp in zip(E, (7, 3, 9, 5), strict=True)}
    rows = by_player(season_standings(E, {"a": played}, 2))
    assert rows["a"].dropped == {1, 3}
    assert rows["a"].reduced_bp == 16 and rows["a"].bp == 24


def test_missed_tournament_counts_as_the_worst():
    # a missed t2 is dropped before the played 1 BP result
    rows = by_player(season_standings(E, {"a": {"t1": r(1), "t3": r(9), "t4": r(5)}}, 1))
    assert rows["a"].dropped == {1}
    assert rows["a"].reduced_bp == 15
    # two dropped: the missed one and the weakest played one
    rows = by_player(season_standings(E, {"a": {"t1": r(1), "t3": r(9), "t4": r(5)}}, 2))
    assert rows["a"].dropped == {0, 1} and rows["a"].reduced_bp == 14


def test_two_missed_both_dropped_before_played():
    rows = by_player(season_standings(E, {"a": {"t1": r(0), "t4": r(2)}}, 2))
    assert rows["a"].dropped == {1, 2}
    assert rows["a"].reduced_bp == 2


def test_equal_bp_worst_decided_by_sb_then_zb_then_later_tournament():
    assert dropped_indexes([r(5, 10), r(5, 3), r(8)], 1) == {1}
    assert dropped_indexes([r(5, 3, 1), r(5, 3, 0), r(8)], 1) == {1}
    assert dropped_indexes([r(5, 3, 0), r(5, 3, 0), r(8)], 1) == {1}


def test_at_least_one_result_is_kept():
    assert dropped_indexes([r(5), None], 5) == {1}
    assert dropped_indexes([r(5)], 1) == frozenset()


def test_order_reduced_bp_then_bp_then_sb_then_zb():
    results = {
        "more_bp": {"t1": r(10), "t2": r(2), "t3": r(0)},  # reduced 12 (t3 dropped), BP 12
        "dropped_more": {"t1": r(10), "t2": r(2), "t3": r(1)},  # reduced 12, BP 13
        "sb": {"t1": r(12, 500)},  # reduced 12, BP 12, SB 500
        "zb": {"t1": r(12, 500, 300)},  # reduced 12, BP 12, SB 500, ZB 300
        "top": {"t1": r(20)},
    }
    rows = season_standings(("t1", "t2", "t3"), results, 1)
    assert [row.player for row in rows] == ["top", "dropped_more", "zb", "sb", "more_bp"]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5]


def test_equal_players_share_a_rank_and_keep_the_given_order():
    results = {"x": {"t1": r(5, 1, 1)}, "y": {"t2": r(5, 1, 1)}, "z": {"t1": r(9)},
               "w": {"t1": r(1)}}
    rows = season_standings(("t1", "t2"), results)
    assert [(row.player, row.rank) for row in rows] == [("z", 1), ("x", 2), ("y", 2), ("w", 4)]


def test_players_without_any_result_are_left_out():
    assert season_standings(E, {"a": {}, "b": {"t1": r(1)}}) == season_standings(
        E, {"b": {"t1": r(1)}})
