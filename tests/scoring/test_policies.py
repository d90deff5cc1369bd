"""Rule policies (scoring/policies.py): each group answers from the flat ruleset fields, which
stay the stored form, and the rule questions they answer give the readings' answers."""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

import scoring.policies
from scoring import Hand, Marriage, Renonc, get_preset
from scoring.policies import NO_CAP
from scoring.presets import PRESETS
from scoring.types import Component, FlekBinding, HundredMarriage, Series, Suit

CSM = get_preset("csm-licitovany-2023")


@pytest.mark.parametrize("code", sorted(PRESETS))
def test_policies_read_the_flat_fields(code: str) -> None:
    ruleset = PRESETS[code]
    assert ruleset.hundred.series is ruleset.hundred_series
    assert ruleset.hundred.seven_as_one is ruleset.hundred_seven_as_one
    assert ruleset.flek.binding is ruleset.flek_binding
    assert ruleset.penalties.min_basic_rate is ruleset.renonc_min_basic_rate
    assert ruleset.premiums.table == ruleset.premium_table
    assert ruleset.partnership.partnerships is ruleset.partnerships
    for component in Component:
        assert ruleset.cap_for(component) == ruleset.flek.cap_for(component)


def test_overrides_build_fresh_policies() -> None:
    """A club's variant is a copy: its policies follow its own fields, not the preset's."""
    assert CSM.flek.cap_for(Component.GAME) == 4
    variant = CSM.override(doubling_cap=None, flek_binding="per_defender",
                           hundred_series="geometric")
    assert variant.flek.cap_for(Component.GAME) == NO_CAP
    assert variant.flek.binding is FlekBinding.PER_DEFENDER
    assert variant.hundred.series is Series.GEOMETRIC
    assert CSM.flek.cap_for(Component.GAME) == 4


def test_marriages_counted_best_or_first_announced() -> None:
    held = (Marriage(20), Marriage(40), Marriage(20))
    assert CSM.hundred.counted(held) == 40
    assert CSM.hundred.counted(held, count=2) == 60
    first = CSM.override(hundred_marriage=HundredMarriage.FIRST_ANNOUNCED.value).hundred
    assert first.counted(held) == 20


def test_series_of_tens_past_hundred() -> None:
    """SZMK C.1 arithmetic, pagat L101 geometric and half steps (4+2+2+2)."""
    assert CSM.hundred.series_steps(1, 3) == 4
    assert CSM.override(hundred_series="geometric").hundred.series_steps(1, 3) == 8
    assert CSM.override(hundred_series="half_step").hundred.series_steps(1, 3) == Fraction(5, 2)


def _renonc_hand(offender: int) -> Hand:
    return Hand(4, 1, 2, "seven", Suit.BELLS, game_won=True, seven_won=True,
                renonc=Renonc("E.2.a", offender))


def test_premium_grant_offender_side_or_seat() -> None:
    """ČSM 2023 E.6.e: the offender's side; SloapSlam D5: the offender alone."""
    hand = _renonc_hand(offender=3)  # seats 3 and 4 defend against the declarer 2
    side = CSM.premiums.grant(per_seat_table=False)
    seat = CSM.premiums.grant(per_seat_table=True)
    assert side.refused_as_offender(hand, 4) and side.refused_as_offender(hand, 3)
    assert not side.refused_as_offender(hand, 2)
    assert seat.refused_as_offender(hand, 3) and not seat.refused_as_offender(hand, 4)


def test_premium_grant_referee_threshold() -> None:
    """ČSM 2023 E.6.f: 50 PB and more; SloapSlam D6: more than 50."""
    threshold = CSM.premium_referee_threshold
    assert CSM.premiums.grant(per_seat_table=False).needs_ruling(Fraction(threshold))
    assert not CSM.premiums.grant(per_seat_table=True).needs_ruling(Fraction(threshold))
    assert CSM.premiums.grant(per_seat_table=True).needs_ruling(Fraction(threshold + 1))


def test_policies_never_import_the_settlement() -> None:
    """The settlement reads the policies; the other way round would be a circle."""
    tree = ast.parse(Path(scoring.policies.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module}
    assert not {m for m in imported if m.startswith(("scoring.settle", "scoring.validat"))}
