"""Rulesets are data: presets hold the sazebník, copies override, dicts round-trip."""

from __future__ import annotations

from datetime import date

import pytest

from scoring import get_preset
from scoring.ruleset import Ruleset
from scoring.types import Component, RenoncKind

CSM = get_preset("csm-licitovany-2023")


def test_csm_preset_numbers() -> None:
    # ČSM 2023 A: the sazebník in units of the 0,20 Kč base.
    r = CSM.rates
    assert CSM.base == 20 and CSM.currency == "CZK" and CSM.valid_from == date(2023, 1, 1)
    assert (r.game, r.seven, r.hundred, r.betl, r.durch, r.two_sevens) == (1, 2, 4, 15, 30, 40)
    assert (r.concession, r.pausal_1, r.pausal_2, r.limit, r.raised_limit) == (
        6, 10, 50, 500, 750)
    assert r.two_sevens_hearts == 60 and CSM.hearts_factor == 2
    assert CSM.doubling_names == ("flek", "re", "tutti", "boty") and CSM.doubling_cap == 4


def test_ladder_has_twelve_rungs_in_order() -> None:
    assert [r.rank for r in CSM.ladder] == list(range(1, 13))
    assert CSM.rung("hundred_seven_hearts").components == {Component.HUNDRED, Component.SEVEN}
    assert CSM.rung("two_sevens_hearts_hundred").hearts


def test_renonc_catalogue_covers_e2_to_e4() -> None:
    kinds = {rule.code: rule.kind for rule in CSM.renoncs}
    assert sum(k is RenoncKind.IN_PLAY for k in kinds.values()) == 8  # E.2.a–h
    assert all(kinds[f"E.3.{c}"] is RenoncKind.TECHNICAL for c in "abcdefgh")
    assert all(kinds[f"E.4.{c}"] is RenoncKind.PAUSAL_2 for c in "abc")


def test_override_copies_and_keeps_the_preset() -> None:
    club = CSM.override(code="club-x", rates={"betl": 20}, doubling_cap=3)
    assert club.rates.betl == 20 and club.rates.durch == 30 and club.doubling_cap == 3
    assert CSM.rates.betl == 15 and CSM.doubling_cap == 4
    assert set(club.overrides) == {"rates", "doubling_cap"}


def test_override_rejects_unknown_fields() -> None:
    with pytest.raises(KeyError):
        CSM.override(no_such_field=1)


def test_dict_round_trip() -> None:
    club = CSM.override(code="club-y", rates={"limit": 400})
    assert Ruleset.from_dict(club.to_dict()) == club
    assert Ruleset.from_dict(CSM.to_dict()) == CSM


def test_readings_given_as_text_become_their_enums() -> None:
    # A tournament keeps its overrides as JSON, so a reading arrives as its text value.
    from scoring.types import IncorrectFlekVoids, Series

    szmk = get_preset("szmk-voleny-2024").override(incorrect_flek_voids="own",
                                                   hundred_series="geometric")
    assert szmk.incorrect_flek_voids is IncorrectFlekVoids.OWN
    assert szmk.hundred_series is Series.GEOMETRIC
    with pytest.raises(ValueError):
        get_preset("szmk-voleny-2024").override(hundred_series="harmonic")


def test_voleny_presets_round_trip_and_override() -> None:
    # scoring/presets/csm_voleny.py, pagat_voleny.py: stored as JSON text, read back equal.
    from scoring.presets.pagat_voleny import VARIANTS
    from scoring.types import HundredMarriage, Series

    for code in ("csm-voleny", "pagat-voleny"):
        preset = get_preset(code)
        assert Ruleset.from_dict(preset.to_dict()) == preset
    voleny = get_preset("csm-voleny").override(hundred_marriage="best",
                                               flek_binding_no_trumps="per_defender")
    assert voleny.hundred_marriage is HundredMarriage.BEST
    assert Ruleset.from_dict(voleny.to_dict()) == voleny
    half = get_preset("pagat-voleny").override(**VARIANTS["half_step_hundreds"])
    assert half.hundred_series is Series.HALF_STEP and half.doubling_cap is None
