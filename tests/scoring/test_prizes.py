"""Categories and prizes (scoring/prizes.py).

Source: issue 16, deliverable 4: "categories per tournament (women, seniors by birth year,
juniors, region, custom) with their own ranking drawn from the main standings; a prize table
(places and categories, with a rule for a player who wins two prizes: the higher one, or the
organiser's order)"; "Must show: ... the prize list with a player who qualifies twice".
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scoring.prizes import (
    Category,
    CategoryKind,
    DoublePrize,
    PlayerInfo,
    Prize,
    PrizeTable,
    category_ranking,
    prize_list,
)


@dataclass(frozen=True)
class Row:
    player: str
    rank: int


def order(*ranks):
    """Main standings rows p1, p2, ... with the given ranks."""
    return [Row(f"p{i}", rank) for i, rank in enumerate(ranks, start=1)]


SENIORS = Category("sen", "Senioři", CategoryKind.SENIORS, year=1960)
WOMEN = Category("zeny", "Ženy", CategoryKind.WOMEN)
JUNIORS = Category("jun", "Junioři", CategoryKind.JUNIORS, year=2005)
REGION = Category("jm", "Jihomoravský kraj", CategoryKind.REGION, region="Jihomoravský")

PLAYERS = {
    "p1": PlayerInfo("p1", "male", 1950, "Jihomoravský"),  # senior
    "p2": PlayerInfo("p2", "female", 1980, "Praha"),  # woman
    "p3": PlayerInfo("p3", "male", 1955, "praha"),  # senior
    "p4": PlayerInfo("p4", "female", 2006, " jihomoravský "),  # woman, junior
    "p5": PlayerInfo("p5", "male", 1960, ""),  # senior (born in the limit year)
    "p6": PlayerInfo("p6", "", None, ""),  # nothing known
}


def winners(awarded):
    return [(a.prize.text, a.winner) for a in awarded]


def test_categories_as_predicates():
    assert [p for p in PLAYERS if SENIORS.admits(PLAYERS[p])] == ["p1", "p3", "p5"]
    assert [p for p in PLAYERS if WOMEN.admits(PLAYERS[p])] == ["p2", "p4"]
    assert [p for p in PLAYERS if JUNIORS.admits(PLAYERS[p])] == ["p4"]
    # region: case and spaces ignored; an empty region matches nobody
    assert [p for p in PLAYERS if REGION.admits(PLAYERS[p])] == ["p1", "p4"]
    assert not Category("x", "x", CategoryKind.REGION).admits(PLAYERS["p6"])
    custom = Category("c", "Host", CategoryKind.CUSTOM, players=frozenset({"p6", "p2"}))
    assert [p for p in PLAYERS if custom.admits(PLAYERS[p])] == ["p2", "p6"]


def test_category_ranking_is_the_main_order_filtered_and_renumbered():
    ranking = category_ranking(order(1, 2, 3, 4, 5, 6), PLAYERS, SENIORS)
    assert [(r.player, r.place, r.position, r.main_rank) for r in ranking] == [
        ("p1", 1, 1, 1), ("p3", 2, 2, 3), ("p5", 3, 3, 5)]


def test_category_ranking_keeps_shared_places():
    # p3 and p5 share the main 3rd place: they share the 2nd senior place
    ranking = category_ranking(order(1, 2, 3, 4, 3, 6), PLAYERS, SENIORS)
    assert [(r.player, r.place) for r in ranking] == [("p1", 1), ("p3", 2), ("p5", 2)]


TABLE = (
    Prize(None, 1, "1. místo", 3000),
    Prize(None, 2, "2. místo", 2000),
    Prize(None, 3, "3. místo", 1000),
    Prize("sen", 1, "1. senior", 1500),
    Prize("zeny", 1, "1. žena", 500),
)


def test_a_player_who_qualifies_twice_takes_the_higher_prize():
    # p1 wins the main 1st and would be the 1st senior; p3 (2nd senior) moves up, but p3 is
    # also 3rd overall (1000) and 1st senior pays more (1500), so p3 takes 1st senior and the
    # main 3rd passes to p4; p2 is 2nd overall (2000) and 1st woman (500): takes 2nd overall
    # and 1st woman passes to p4 ... who already has 3rd overall (1000 > 500), so to nobody.
    awarded = prize_list(order(1, 2, 3, 4, 5, 6), PLAYERS, [SENIORS, WOMEN],
                         PrizeTable(TABLE, DoublePrize.HIGHER))
    assert winners(awarded) == [("1. místo", "p1"), ("2. místo", "p2"), ("3. místo", "p4"),
                                ("1. senior", "p3"), ("1. žena", None)]
    first, _, third, senior, women = awarded
    assert first.also_won == (TABLE[3],)
    assert "by také vyhrál 1. místo Senioři (1. senior); vzal vyšší cenu" in first.why
    assert senior.passed_over == (("p1", TABLE[0]),)
    assert senior.place == 2
    assert third.passed_over == (("p3", TABLE[3]),)
    assert any("p3 by ji také vyhrál, bere 1. místo Senioři" in w for w in third.why)
    assert women.winner is None and women.why[0].startswith("nikdo další")
    # p2 (1st woman) took the 2nd overall: named on both; p4 (2nd woman) would not have won it
    assert women.passed_over == (("p2", TABLE[1]),)
    assert awarded[1].also_won == (TABLE[4],)


def test_the_organisers_order_decides_instead():
    # The table's order: the main places first, so p3 keeps the main 3rd and the 1st senior
    # passes to p5 (p1 has the main 1st).
    awarded = prize_list(order(1, 2, 3, 4, 5, 6), PLAYERS, [SENIORS, WOMEN],
                         PrizeTable(TABLE, DoublePrize.ORGANISER_ORDER))
    assert winners(awarded) == [("1. místo", "p1"), ("2. místo", "p2"), ("3. místo", "p3"),
                                ("1. senior", "p5"), ("1. žena", "p4")]
    assert "vzal cenu dřívější v pořadí organizátora" in awarded[0].why[-1]
    assert awarded[3].passed_over == (("p1", TABLE[0]), ("p3", TABLE[2]))
    assert awarded[4].passed_over == (("p2", TABLE[1]),)


def test_organiser_order_can_put_a_category_first():
    table = (Prize("sen", 1, "1. senior", 100), Prize(None, 1, "1. místo", 5000))
    awarded = prize_list(order(1, 2, 3), PLAYERS, [SENIORS],
                         PrizeTable(table, DoublePrize.ORGANISER_ORDER))
    assert winners(awarded) == [("1. senior", "p1"), ("1. místo", "p2")]
    higher = prize_list(order(1, 2, 3), PLAYERS, [SENIORS], PrizeTable(table))
    assert winners(higher) == [("1. senior", "p3"), ("1. místo", "p1")]


def test_a_category_with_fewer_players_than_prizes():
    table = tuple(Prize("jun", place, f"{place}. junior", 100) for place in (1, 2, 3))
    awarded = prize_list(order(1, 2, 3, 4, 5, 6), PLAYERS, [JUNIORS], PrizeTable(table))
    assert winners(awarded) == [("1. junior", "p4"), ("2. junior", None), ("3. junior", None)]
    assert awarded[1].why == ("nikdo další v pořadí (1 hráčů, 1 bez jiné ceny)",)


def test_a_shared_place_is_given_by_the_standings_order_and_said():
    # p2 and p3 share the main 2nd place (the lot ordered p2 first)
    awarded = prize_list(order(1, 2, 2, 4), PLAYERS, [], PrizeTable(TABLE[:3]))
    assert winners(awarded) == [("1. místo", "p1"), ("2. místo", "p2"), ("3. místo", "p3")]
    assert awarded[1].why == ("2. místo", "dělené místo s p3; rozhodlo pořadí výsledkové listiny")
    assert awarded[2].why[0] == "2. místo, 3. v pořadí"


def test_equal_values_under_the_higher_rule_follow_the_table():
    table = (Prize(None, 1, "1. místo", 500), Prize("sen", 1, "1. senior", 500))
    awarded = prize_list(order(1, 2, 3), PLAYERS, [SENIORS], PrizeTable(table))
    assert winners(awarded) == [("1. místo", "p1"), ("1. senior", "p3")]
    assert "rozhodlo pořadí v tabulce cen" in awarded[0].why[-1]


def test_names_label_the_reasons():
    awarded = prize_list(order(1, 2, 3, 4, 5, 6), PLAYERS, [SENIORS, WOMEN],
                         PrizeTable(TABLE), names={"p1": "Novák"})
    assert any(w.startswith("Novák by ji také vyhrál") for w in awarded[3].why)


def test_unknown_category_in_the_table_is_refused():
    with pytest.raises(ValueError, match="unknown categories"):
        prize_list(order(1), PLAYERS, [], PrizeTable((Prize("x", 1, "?"),)))
