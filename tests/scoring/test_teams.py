"""Team standings (scoring/teams.py): each rule traced to its source.

Sources: issue 16 ("the Slovak extraliga scores clubs: in each round six players of a club
count — its four nominated players and its two best substitutes"; "4-member teams (a captain
and three) ..., counting all four in the first four rounds with the individual tie-breaks";
"tie-breaks (the individual chain applied to team sums, then best single round)"; "Every team
row explains itself (which member counted in which round)") and
docs/csm-practice.md#championships-and-teams ("team entries = captain + 3").
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.reasons import render_reason, render_reasons
from scoring.standings import (
    PlacementKey,
    RankKey,
    RoundScore,
    RoundStanding,
    StandingsRules,
    TieShare,
    compute_standings,
)
from scoring.teams import (
    CHAMPIONSHIP_FOUR,
    SZMK_EXTRALIGA,
    Counting,
    Role,
    Team,
    TeamMember,
    TeamRules,
    championship_four,
    round_results,
    team_reasons,
    team_standings,
)


def rs(player, number, bp, money=0, premium=0):
    """An individual round result as compute_standings gives it (SB = money + PB here)."""
    return RoundStanding(player=player, round=number, table=1, money=money,
                         premium=Fraction(premium), sb=Fraction(money + 100 * premium), rank=1,
                         bp=Fraction(bp))


def club(team_id, nominated=4, substitutes=3, **kw):
    members = [TeamMember(f"{team_id}n{i}", Role.NOMINATED) for i in range(nominated)]
    members += [TeamMember(f"{team_id}s{i}", Role.SUBSTITUTE) for i in range(substitutes)]
    return Team(team_id, f"Klub {team_id}", tuple(members), **kw)


def four(team_id):
    members = [TeamMember(f"{team_id}0", Role.CAPTAIN)]
    members += [TeamMember(f"{team_id}{i}", Role.MEMBER) for i in (1, 2, 3)]
    return Team(team_id, f"Tým {team_id}", tuple(members))


# --- SZMK extraliga: 4 nominated + 2 best substitutes per round (issue 16) -------------------

def test_szmk_counts_the_four_nominated_and_the_two_best_substitutes():
    # issue 16: "its four nominated players and its two best substitutes", "by table points
    # then money": s0 and s1 both have 3 table points, s1 more money, so s1 counts, s0 not.
    results = [rs(f"An{i}", 1, 1, 10) for i in range(4)]
    results += [rs("As0", 1, 3, 5), rs("As1", 1, 3, 50), rs("As2", 1, 5, -10)]
    [row] = team_standings([club("A")], results, SZMK_EXTRALIGA)
    [r1] = row.rounds
    assert {m.player for m in r1.counted} == {"An0", "An1", "An2", "An3", "As1", "As2"}
    assert row.bp == 4 * 1 + 3 + 5 and row.money == 40 + 50 - 10
    left = next(m for m in r1.members if m.player == "As0")
    assert not left.counted and left.role is Role.SUBSTITUTE


def test_szmk_a_nominated_player_counts_even_when_a_substitute_did_better():
    # issue 16: the nominated count whatever their result; only substitutes compete.
    results = [rs(f"An{i}", 1, 0, -100) for i in range(4)]
    results += [rs(f"As{i}", 1, 5, 100) for i in range(3)]
    [row] = team_standings([club("A")], results, SZMK_EXTRALIGA)
    assert sum(m.counted for m in row.rounds[0].members) == 6
    assert row.bp == 10 and row.money == -400 + 200


def test_szmk_a_round_nomination_overrides_the_roles():
    # issue 16: "from nomination sheets handed in before the start": per round.
    team = club("A", nominations={2: frozenset({"An0", "An1", "An2", "As0"})})
    results = [rs(p, n, 1) for n in (1, 2) for p in
               ("An0", "An1", "An2", "An3", "As0", "As1", "As2")]
    [row] = team_standings([team], results, SZMK_EXTRALIGA)
    r1, r2 = row.rounds
    assert {m.player for m in r1.members if m.role is Role.NOMINATED} == {
        "An0", "An1", "An2", "An3"}
    assert {m.player for m in r2.members if m.role is Role.NOMINATED} == {
        "An0", "An1", "An2", "As0"}
    assert next(m for m in r2.members if m.player == "An3").role is Role.SUBSTITUTE


def test_szmk_an_absent_nominated_player_counts_nothing_and_is_not_replaced():
    # issue 16: six count: four nominated + two best substitutes; a missing nominated player
    # leaves his slot empty (the third substitute does not move up).
    results = [rs(f"An{i}", 1, 1) for i in range(3)] + [rs(f"As{i}", 1, 3) for i in range(3)]
    [row] = team_standings([club("A")], results, SZMK_EXTRALIGA)
    [r1] = row.rounds
    assert len(r1.counted) == 5 and row.bp == 3 + 6
    absent = next(m for m in r1.members if m.player == "An3")
    assert not absent.played and not absent.counted and "nehrál" in render_reason(absent.reason)


def test_szmk_orders_clubs_by_table_points_then_money_then_best_round():
    # issue 16: "by table points then money"; "then best single round".
    def field(team, bp_r1, bp_r2, money):
        return [rs(f"{team}n{i}", n, bp, money) for i in range(4)
                for n, bp in ((1, bp_r1), (2, bp_r2))]
    results = field("A", 1, 3, 0) + field("B", 2, 2, 10) + field("C", 2, 2, 10)
    results += field("D", 3, 1, 0)
    rows = team_standings([club("A", substitutes=0), club("B", substitutes=0),
                           club("C", substitutes=0), club("D", substitutes=0)], results,
                          SZMK_EXTRALIGA)
    # B and C: 16 BP and more money; A and D: 16 BP, equal money, D's best round is round 1
    # (12 BP) and A's round 2 (12 BP): equal again, so A and D share the place
    assert [(r.team, r.rank) for r in rows] == [("B", 1), ("C", 1), ("A", 3), ("D", 3)]
    assert [r.position for r in rows] == [1, 2, 3, 4]


def test_best_single_round_breaks_a_tie_on_the_sums():
    rules = TeamRules(chain=(RankKey.BP, RankKey.BEST_ROUND))
    results = [rs("a", 1, 5), rs("a", 2, 1), rs("b", 1, 3), rs("b", 2, 3)]
    rows = team_standings([Team("A", "A", (TeamMember("a"),)),
                           Team("B", "B", (TeamMember("b"),))], results, rules)
    assert [(r.team, r.rank, r.best_round) for r in rows] == [("A", 1, 1), ("B", 2, 1)]


def test_szmk_limits_a_nomination_to_four():
    with pytest.raises(ValueError, match="more than 4 nominated"):
        team_standings([club("A", nominated=5)], [], SZMK_EXTRALIGA)


# --- championship teams of four (issue 16; docs/csm-practice.md#championships-and-teams) ----------

def test_championship_four_counts_all_four_in_the_first_four_rounds():
    # issue 16: "counting all four in the first four rounds";
    # docs/csm-practice.md#championships-and-teams: captain + 3.
    results = [rs(f"A{i}", n, n * 10 + i, 100 * n) for i in range(4) for n in range(1, 6)]
    [row] = team_standings([four("A")], results, CHAMPIONSHIP_FOUR)
    assert [r.round for r in row.rounds] == [1, 2, 3, 4]
    assert all(len(r.counted) == 4 for r in row.rounds)
    assert row.bp == sum(n * 10 + i for i in range(4) for n in range(1, 5))
    assert row.money == 4 * 100 * (1 + 2 + 3 + 4)


def test_championship_four_uses_the_individual_chain_then_best_round():
    # issue 16: "with the individual tie-breaks"; "the individual chain applied to team sums,
    # then best single round". ČSM (docs/csm-licitovany.md#standings): BP, SB, ZB.
    assert CHAMPIONSHIP_FOUR.chain == (RankKey.BP, RankKey.SB, RankKey.ZB, RankKey.BEST_ROUND)
    assert CHAMPIONSHIP_FOUR.counting is Counting.FIRST_ROUNDS and CHAMPIONSHIP_FOUR.rounds == 4
    szmk = StandingsRules(tournament_chain=(RankKey.BP, RankKey.ZB, RankKey.ROUND_RECORD,
                                            RankKey.BEST_ROUND))
    assert championship_four(szmk).chain == szmk.tournament_chain


def test_championship_four_ties_go_down_the_individual_chain():
    # equal BP; SB decides (the ČSM chain BP, SB, ZB)
    results = [rs(f"A{i}", 1, 2, 10) for i in range(4)] + [rs(f"B{i}", 1, 2, 20)
                                                            for i in range(4)]
    rows = team_standings([four("A"), four("B")], results, CHAMPIONSHIP_FOUR)
    assert [(r.team, r.rank) for r in rows] == [("B", 1), ("A", 2)]


def test_championship_team_has_at_most_four_members():
    team = Team("A", "A", tuple(TeamMember(f"A{i}") for i in range(5)))
    with pytest.raises(ValueError, match="at most 4"):
        team_standings([team], [], CHAMPIONSHIP_FOUR)


# --- the other counting rules (issue 16: "all, the first N rounds, ..., the best K") ---------

def test_best_k_of_the_team_per_round():
    rules = TeamRules(counting=Counting.BEST, best=2, chain=(RankKey.BP,))
    results = [rs("a", 1, 5), rs("b", 1, 3), rs("c", 1, 4), rs("a", 2, 1), rs("b", 2, 2),
               rs("c", 2, 0)]
    team = Team("T", "T", (TeamMember("a"), TeamMember("b"), TeamMember("c")))
    [row] = team_standings([team], results, rules)
    assert [{m.player for m in r.counted} for r in row.rounds] == [{"a", "c"}, {"a", "b"}]
    assert row.bp == 9 + 3


def test_all_members_count_every_round():
    results = [rs("a", 1, 5), rs("b", 1, 3), rs("a", 2, 1)]
    team = Team("T", "T", (TeamMember("a"), TeamMember("b")))
    [row] = team_standings([team], results, TeamRules())
    assert row.bp == 9 and [len(r.counted) for r in row.rounds] == [2, 1]


def test_first_rounds_needs_n():
    with pytest.raises(ValueError):
        TeamRules(counting=Counting.FIRST_ROUNDS)


def test_a_player_on_two_teams_is_refused():
    a = Team("A", "A", (TeamMember("x"),))
    b = Team("B", "B", (TeamMember("x"),))
    with pytest.raises(ValueError, match="two teams"):
        team_standings([a, b], [], TeamRules())


# --- explanations (issue 16: "Every team row explains itself") -------------------------------

def test_each_row_names_who_counted_in_which_round_with_which_values():
    results = [rs(f"An{i}", 1, 1, 10) for i in range(4)]
    results += [rs("As0", 1, 3, 5), rs("As1", 1, 3, 50), rs("As2", 1, 5, -10)]
    names = {f"An{i}": f"Nominovaný {i}" for i in range(4)} | {"As0": "Dvořák"}
    [row] = team_standings([club("A")], results, SZMK_EXTRALIGA)
    explanation = render_reasons(team_reasons(row, SZMK_EXTRALIGA, names=names))
    line = explanation[0]
    assert line.startswith("1. kolo: BP 12, ZB 0,8 = Nominovaný 0 (nominovaný: BP 1, ZB 0,1)")
    assert "As2 (1. nejlepší náhradník: BP 5, ZB -0,1)" in line
    assert "nezapočteni: Dvořák (3. náhradník podle výsledku, počítají se 2: BP 3" in line
    assert explanation[1:] == ("BP 12 = 12", "ZB 0,8 = 0,8",
                                   "Nejlepší kolo: 1. kolo (BP 12, ZB 0,8)")


def test_fed_from_the_individual_standings():
    # The Django side passes what compute_standings gives: every round row of every player.
    szmk = StandingsRules(round_chain=(RankKey.ZB,), placement=PlacementKey.TABLE_POINTS,
                          table_points=(5, 3, 1, 0), placement_ties=TieShare.AVERAGE,
                          tournament_chain=(RankKey.BP, RankKey.ZB))
    scores = [RoundScore(p, n, table, money) for n in (1, 2)
              for table, p, money in ((1, "a", 30), (1, "b", 0), (1, "c", -30),
                                      (2, "d", 10), (2, "e", -10), (2, "f", 0))]
    standings = compute_standings(scores, szmk)
    teams = [Team("X", "X", (TeamMember("a"), TeamMember("d"))),
             Team("Y", "Y", (TeamMember("b"), TeamMember("e"), TeamMember("f")))]
    rows = team_standings(teams, round_results(standings), TeamRules(chain=(RankKey.BP,
                                                                            RankKey.ZB)))
    individual = {s.player: s for s in standings}
    assert rows[0].team == "X" and rows[0].bp == individual["a"].bp + individual["d"].bp


# --- properties ------------------------------------------------------------------------------

MEMBER_ORDERS = st.sampled_from([(RankKey.BP, RankKey.ZB), (RankKey.ZB,), (RankKey.SB,)])
CHAINS = st.sampled_from([(RankKey.BP, RankKey.ZB, RankKey.BEST_ROUND),
                          (RankKey.BP, RankKey.SB, RankKey.ZB),
                          (RankKey.ZB, RankKey.ROUND_RECORD)])


@st.composite
def competitions(draw):
    counting = draw(st.sampled_from(list(Counting)))
    rules = TeamRules(counting=counting, best=draw(st.integers(0, 3)),
                      rounds=draw(st.integers(1, 3)) if counting is Counting.FIRST_ROUNDS
                      else None,
                      member_order=draw(MEMBER_ORDERS), chain=draw(CHAINS))
    teams = []
    players = 0
    for t in range(draw(st.integers(1, 4))):
        size = draw(st.integers(1, 6))
        members = []
        for _ in range(size):
            role = draw(st.sampled_from([Role.NOMINATED, Role.SUBSTITUTE, Role.MEMBER,
                                         Role.CAPTAIN]))
            members.append(TeamMember(f"p{players}", role))
            players += 1
        teams.append(Team(f"t{t}", f"T{t}", tuple(members)))
    rounds = draw(st.integers(1, 4))
    value = st.integers(-3, 5)
    results = [rs(f"p{p}", n, draw(value), 10 * draw(value), draw(st.integers(0, 2)))
               for p in range(players) for n in range(1, rounds + 1)
               if draw(st.booleans()) or draw(st.booleans())]
    return teams, results, rules


@given(competitions())
def test_a_team_sum_is_the_sum_of_its_counted_members(case):
    teams, results, rules = case
    individual = {(r.player, r.round): r for r in results}
    for row in team_standings(teams, results, rules):
        counted = [m for r in row.rounds for m in r.counted]
        assert row.bp == sum((individual[m.player, m.round].bp for m in counted), Fraction(0))
        assert row.sb == sum((individual[m.player, m.round].sb for m in counted), Fraction(0))
        assert row.money == sum(individual[m.player, m.round].money for m in counted)
        for r in row.rounds:
            assert r.bp == sum((m.bp for m in r.counted), Fraction(0))
            assert all(m.played for m in r.counted)


@given(competitions())
def test_exactly_the_configured_count_counts_when_enough_played(case):
    teams, results, rules = case
    played = {(r.player, r.round) for r in results}
    by_team = {t.id: t for t in teams}
    for row in team_standings(teams, results, rules):
        team = by_team[row.team]
        for r in row.rounds:
            present = [m.player for m in team.members if (m.player, r.round) in played]
            if rules.counting is Counting.BEST:
                assert len(r.counted) == min(rules.best, len(present))
            elif rules.counting is Counting.NOMINATED_PLUS_BEST:
                nominated = team.nominated_in(r.round)
                subs = [p for p in present if p not in nominated]
                assert len(r.counted) == (len([p for p in present if p in nominated])
                                          + min(rules.best, len(subs)))
            else:
                assert len(r.counted) == len(present)
            if rules.rounds is not None:
                assert r.round <= rules.rounds


@given(competitions(), st.randoms(use_true_random=False))
def test_the_order_is_stable_under_renaming(case, rnd):
    teams, results, rules = case
    ids = [m.player for t in teams for m in t.members]
    shuffled = list(ids)
    rnd.shuffle(shuffled)
    rename = {old: f"q{new}" for old, new in zip(ids, shuffled, strict=True)}
    renamed_teams = [dataclasses.replace(
        t, id=f"team-{t.id}", name=f"Z{t.name}",
        members=tuple(dataclasses.replace(m, player=rename[m.player]) for m in t.members))
        for t in teams]
    renamed_results = [dataclasses.replace(r, player=rename[r.player]) for r in results]
    before = team_standings(teams, results, rules)
    after = team_standings(renamed_teams, renamed_results, rules)
    assert [(f"team-{r.team}", r.rank, r.bp, r.money) for r in before] == [
        (r.team, r.rank, r.bp, r.money) for r in after]
