"""Ranking schemes as data (scoring/ranking): the worked examples of docs/season-rankings.md
reproduced number by number, and each option on its own."""

from fractions import Fraction as F

import pytest

from scoring.ranking import (
    LINEAR_EMA,
    PRAGUE_LEAGUE,
    SUPERLIGA,
    Event,
    LineStatus,
    Placement,
    RankingOptions,
    TieBreak,
    club_results,
    rank_season,
    superliga_coefficients,
)
from scoring.ranking.schemes import half_up


def ranks(rows):
    return [(row.player, row.rank, row.total) for row in rows]


# -- the Superliga example (docs/season-rankings.md) --------------------------------------------


def test_superliga_coefficients_from_attendance():
    coefficients = superliga_coefficients({"A": F(40), "B": F(30), "C": F(21)})
    assert coefficients == {"A": F(1), "B": F(3, 4), "C": F(53, 100)}  # 0,525 → 0,53


def test_superliga_first_place_rounds_halves_up():
    assert SUPERLIGA.first_points(F(1)) == 50
    assert SUPERLIGA.first_points(F(3, 4)) == 38  # 37,5
    assert SUPERLIGA.first_points(F(53, 100)) == 27  # 26,5 (banker's rounding would give 26)
    assert half_up(F(5, 2)) == 3


def test_superliga_one_less_per_place_never_below_one():
    assert [SUPERLIGA.points(p, 40, F(53, 100)) for p in (1, 2, 26, 27, 28, 40)] == [
        27, 26, 2, 1, 1, 1]
    assert SUPERLIGA.points(25, 30, F(1, 2)) == 1  # the source's own example: 25 … 1


SUPERLIGA_EVENTS = (Event("T1", 1, F(1)), Event("T2", 2, F(3, 4)), Event("T3", 3, F(53, 100)))
SUPERLIGA_PLACES = {
    "T1": ["Adam", "Bára", "Cyril", "Dana", "Emil"],
    "T2": ["Cyril", "Adam", "Emil", "Bára"],
    "T3": ["Bára", "Dana", "Adam"],
}


def placements(table, scores=None):
    out: dict = {}
    for event, names in table.items():
        for place, name in enumerate(names, start=1):
            score, money = (scores or {}).get((event, name), (0, 0))
            out.setdefault(name, {})[event] = Placement(place, len(names), F(score), money)
    return out


def test_superliga_worked_example():
    results = placements(SUPERLIGA_PLACES)
    del results["Emil"]  # dues not paid: not ranked (his places stay, nobody moves up)
    rows = rank_season(SUPERLIGA_EVENTS, results, SUPERLIGA)
    assert ranks(rows) == [("Adam", 1, 112), ("Bára", 2, 111), ("Cyril", 3, 86),
                           ("Dana", 4, 73)]
    adam = rows[0]
    assert [line.points for line in adam.lines] == [50, 37, 25]
    dana = rows[3]
    assert [line.status for line in dana.lines] == [
        LineStatus.COUNTED, LineStatus.MISSED, LineStatus.COUNTED]


# -- the Pražská liga example -----------------------------------------------------------------

PRAGUE_EVENTS = tuple(Event(f"T{i}", i) for i in range(1, 5))
PRAGUE_PLACES = {
    "T1": ["A", "B", "C", "D", "E"],
    "T2": ["B", "A", "E", "C"],
    "T3": ["C", "D", "B", "A"],
    "T4": ["A", "C", "B", "E", "D"],
}
PRAGUE_SCORES = {  # (the tournament's BP, money in haléř) for the tie-break
    ("T1", "B"): (7, 12000), ("T2", "B"): (8, 30000), ("T3", "B"): (5, -4000),
    ("T4", "B"): (6, 5000),
    ("T1", "C"): (6, 8000), ("T2", "C"): (3, -20000), ("T3", "C"): (9, 41000),
    ("T4", "C"): (8, 9000),
}


def test_prague_small_field_table():
    assert [PRAGUE_LEAGUE.points(p, 5) for p in range(1, 6)] == [10, 8, 6, 5, 4]
    assert PRAGUE_LEAGUE.points(9, 9) == 0  # beyond the small table
    assert PRAGUE_LEAGUE.points(1, 12) == 15 and PRAGUE_LEAGUE.points(30, 30) == 1


def test_prague_worked_example():
    options = RankingOptions(drop_worst=2, tie_breaks=(TieBreak.SCORE, TieBreak.MONEY))
    rows = rank_season(PRAGUE_EVENTS, placements(PRAGUE_PLACES, PRAGUE_SCORES), PRAGUE_LEAGUE,
                       options)
    assert ranks(rows) == [("A", 1, 20), ("B", 2, 18), ("C", 3, 18), ("D", 4, 13),
                           ("E", 5, 11)]
    by = {row.player: row for row in rows}
    assert (by["B"].score, by["B"].money) == (26, 43000)
    assert (by["C"].score, by["C"].money) == (26, 38000)  # same score: money decides
    status = {p: "".join(line.status.value[0] for line in by[p].lines) for p in by}
    # c counted, d dropped, m missed (not dropped)
    assert status == {"A": "cddc", "B": "ccdd", "C": "ddcc", "D": "cdcd", "E": "dcdc"}
    assert [line.placement is None for line in by["D"].lines] == [False, True, False, False]


def test_equal_on_the_whole_chain_share_a_place():
    results = {"x": {"T1": Placement(1, 2)}, "y": {"T2": Placement(1, 2)}}
    rows = rank_season(PRAGUE_EVENTS[:2], results, PRAGUE_LEAGUE)
    assert [row.rank for row in rows] == [1, 1]


# -- the linear scheme, best-of, decay, minimum participation -------------------------------


def test_linear_ema():
    assert [LINEAR_EMA.points(r, 5) for r in range(1, 6)] == [1000, 750, 500, 250, 0]
    assert LINEAR_EMA.points(1, 1) == 1000
    assert LINEAR_EMA.points(2, 4) == F(2000, 3)


def test_best_of_keeps_the_best_k():
    events = PRAGUE_EVENTS
    results = {"a": {e.id: Placement(place, 5) for e, place in zip(events, (1, 5, 3, 2),
                                                                    strict=True)}}
    row = rank_season(events, results, LINEAR_EMA, RankingOptions(best_of=2))[0]
    assert row.total == 1000 + 750
    assert [line.status for line in row.lines] == [
        LineStatus.COUNTED, LineStatus.BEYOND_BEST, LineStatus.BEYOND_BEST, LineStatus.COUNTED]


def test_time_decay_weights_by_age():
    events = (Event("old", 0), Event("mid", 400), Event("new", 800))
    results = {"a": {"old": Placement(1, 5), "mid": Placement(1, 5), "new": Placement(1, 5)}}
    options = RankingOptions(decay=((365, F(1)), (730, F(1, 2))))
    row = rank_season(events, results, LINEAR_EMA, options, as_of=800)[0]
    assert [line.weight for line in row.lines] == [0, F(1, 2), 1]
    assert row.lines[0].status is LineStatus.DECAYED
    assert row.total == 1500


def test_minimum_participation_lists_but_does_not_rank():
    results = {"once": {"T1": Placement(1, 3)}, "twice": {"T1": Placement(2, 3),
                                                          "T2": Placement(3, 3)}}
    rows = rank_season(PRAGUE_EVENTS[:2], results, PRAGUE_LEAGUE, RankingOptions(min_played=2))
    assert [(row.player, row.rank) for row in rows] == [("twice", 1), ("once", None)]


def test_drop_keeps_at_least_one_result():
    rows = rank_season(PRAGUE_EVENTS[:1], {"a": {"T1": Placement(1, 3)}}, PRAGUE_LEAGUE,
                       RankingOptions(drop_worst=2))
    assert rows[0].total == 10


def test_clubs_sum_their_best_members():
    results = placements({"T1": ["a", "b", "c", "d", "e"]})
    clubs = club_results(results, {"a": "X", "c": "X", "d": "X", "e": "X", "b": "Y"},
                         PRAGUE_EVENTS[:1], PRAGUE_LEAGUE, counted=3)
    assert clubs == {"X": {"T1": 10 + 6 + 5}, "Y": {"T1": 8}}


def test_bad_place_is_refused():
    with pytest.raises(ValueError):
        SUPERLIGA.points(0, 5)
