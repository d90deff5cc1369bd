"""The rank keys declared once (scoring/rank_keys.py) and the structured reasons
(scoring/reasons.py): every key and reason has its words in Czech, Slovak and English."""

from __future__ import annotations

from fractions import Fraction

from scoring.messages import MESSAGES
from scoring.rank_keys import RANK_KEYS, ROUND_KEYS, SUMMED_KEYS, TOURNAMENT_KEYS, RankKey
from scoring.reasons import Amount, Reason, Terms, render_reason, render_reasons
from scoring.standings import RoundScore, StandingsRules, compute_standings, round_reasons
from scoring.teams import SZMK_EXTRALIGA, Team, TeamMember, round_results, team_reasons
from scoring.teams import team_standings as rank_teams

PREFIXES = ("rank_key_", "standing_", "round_", "member_", "team_")


def test_every_key_is_declared_once_with_its_words() -> None:
    assert set(RANK_KEYS) == set(RankKey)
    assert TOURNAMENT_KEYS == (RankKey.BP, RankKey.SB, RankKey.ZB, RankKey.PB,
                               RankKey.ROUND_RECORD, RankKey.BEST_ROUND)
    assert ROUND_KEYS == (RankKey.SB, RankKey.ZB, RankKey.PB)
    assert SUMMED_KEYS == (RankKey.BP, RankKey.SB, RankKey.ZB, RankKey.PB)
    for spec in RANK_KEYS.values():
        for code in (spec.label, spec.choice):
            assert set(MESSAGES[code]) == {"cs", "sk", "en"}, code


def test_every_standings_reason_has_three_languages() -> None:
    codes = [c for c in MESSAGES if c.startswith(PREFIXES)]
    assert len(codes) > 30
    for code in codes:
        assert set(MESSAGES[code]) == {"cs", "sk", "en"}, code


def test_reasons_are_numbers_worded_on_demand() -> None:
    reason = Reason.of("standing_zb", total=Amount(-150, 100),
                       terms=Terms((Amount(50, 100), Amount(-200, 100))))
    assert hash(reason) == hash(Reason.of("standing_zb", total=Amount(-150, 100),
                                          terms=Terms((Amount(50, 100), Amount(-200, 100)))))
    assert render_reason(reason) == "ZB -1,5 = 0,5 + (-2)"
    assert render_reason(reason, "en") == "ZB -1.5 = 0.5 + (-2)"


def test_a_standing_explains_itself_in_three_languages() -> None:
    rules = StandingsRules()
    scores = [RoundScore("a", 1, 1, 1240, Fraction(20)), RoundScore("b", 1, 1, -1240)]
    first = compute_standings(scores, rules)[0]
    (row,) = first.rounds
    assert render_reasons(round_reasons(row, rules), "en") == (
        "SB = ZB 12.4 + 1 × PB 20 = 32.4", "BP = 2 − 1 + 1 = 2 (place 1 in the round)")
    assert render_reasons(round_reasons(row, rules), "sk")[1] == (
        "BP = 2 − 1 + 1 = 2 (1. miesto v kole)")


def test_a_team_row_explains_itself_in_slovak() -> None:
    rules = StandingsRules()
    scores = [RoundScore("a", 1, 1, 100), RoundScore("b", 1, 1, -100)]
    team = Team("A", "A", (TeamMember("a"), TeamMember("b")))
    [row] = rank_teams([team], round_results(compute_standings(scores, rules)), SZMK_EXTRALIGA)
    lines = render_reasons(team_reasons(row, SZMK_EXTRALIGA), "sk")
    assert lines[0].startswith("1. kolo: BP 3, ZB 0 = a (1. najlepší náhradník: BP 2, ZB 1)")
