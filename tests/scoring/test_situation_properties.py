"""Issue 23: a property test per preset over the situations the texts allow.

``situation_hands`` (tests/scoring/strategies.py) draws, for each of the seven presets, hands
with a sto proti beside the declarer's own sto, a sedma or sto proti, the partner's seven
(``seven_by``), a compulsory flek on one part, renoncs of a dohrávka and the one ending it,
several renoncs in a hand, the trick-8 taker's flek in a durch s chytrým and a bare accepted
hra. Whatever is drawn, validation answers (never an exception): either problems, each worded
in every language and naming its fact, or a hand that settles to a zero sum within the limit.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import settle
from scoring.hand import Hand
from scoring.presets import PRESETS
from scoring.ruleset import Ruleset
from scoring.validate import check
from tests.scoring.strategies import situation_hands

# The presets, and SloapSlam křížový with every issue-23 reading on its other side.
RULESETS = [*PRESETS.values(), PRESETS["sloapslam-krizovy"].override(
    first_in_play_renonc_only=False, renonc_basic_unfleked=True,
    fleker_liability_per_part=True, forced_fleker_relieved=False,
    renonc_unplayed_loses_game=False, dropped_game_re_plays=False, trick8_flek_stands=False)]
IDS = [*PRESETS, "sloapslam-krizovy-other-readings"]


def _answer(hand: Hand, ruleset: Ruleset) -> None:
    errors, _warnings = check(hand, ruleset)
    if errors:
        for problem in errors:  # named and worded, never a bare code
            for lang in ("cs", "sk", "en"):
                text = problem.message(lang)
                assert text and problem.code not in text, (problem, lang)
            assert problem.field
        return
    result = settle(hand, ruleset)
    assert sum(result.money.values()) == 0, (hand, result.money)
    assert set(result.money) == set(hand.seats)


@pytest.mark.parametrize("ruleset", RULESETS, ids=IDS)
def test_every_drawn_situation_is_refused_or_zero_sum(ruleset: Ruleset) -> None:
    @settings(max_examples=150, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(st.data())
    def run(data: st.DataObject) -> None:
        _answer(data.draw(situation_hands(ruleset)), ruleset)

    run()
