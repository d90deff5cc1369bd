"""Warnings of typical hands read in words: no contract, fact or table code leaks into them,
and the PB facts a made contract needs are asked for once per hand."""

from __future__ import annotations

import re

import pytest

from scoring import settle
from scoring.errors import ScoringError
from scoring.hand import Hand
from scoring.notation import parse
from scoring.presets import get_preset

CSM = get_preset("csm-licitovany-2023")
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_]+\b")


@pytest.mark.parametrize("notation", [
    "100+7c f100 60+40 s+", "7c s+ 70", "7k+", "100 60+40 +", "b f -", "d +", "hra 70",
])
@pytest.mark.parametrize("lang", ["cs", "sk", "en"])
def test_typical_hands_warn_in_words_and_at_most_once_about_pb(notation: str, lang: str) -> None:
    try:
        hand = parse(notation, ruleset=CSM, players=4, dealer=1, declarer=2)
        warnings = settle(hand, CSM).warnings
    except ScoringError as error:
        warnings = error.problems
    messages = [w.message(lang) for w in warnings]
    for message in messages:
        assert not IDENTIFIER.search(message), message
    assert sum(w.code == "premium_facts_missing" for w in warnings) <= 1


def test_a_missing_result_names_the_part_in_words() -> None:
    hand = Hand(players=4, dealer=1, declarer=2, contract="betl")
    with pytest.raises(ScoringError) as raised:
        settle(hand, CSM)
    [problem] = [p for p in raised.value.problems if p.code == "outcome_missing"]
    assert problem.message("sk") == "Chýba výsledok časti „malý“ (uhraná, alebo prehraná?)."
    assert "“betl”" in problem.message("en")
