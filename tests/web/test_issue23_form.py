"""Issue 23 groups 1 and 2 through the table page's structured form: the places where the
product contradicted the rule text, and the situations it could not record, settle from the form
as from the shorthand (tests/scoring/test_text_contradictions.py and test_allowed_situations.py
have the engine side, the docs' "Situations" tables the money).
Each test quotes its rule line ("PAG L91" = line 91 of the pagat text, "OBE L251" = ČSM
*Obecná pravidla*, "SLS L20" = SloapSlam; docs/sources.md). Base 20 h."""

from __future__ import annotations

from typing import Any

import pytest

from marias_admin.sheets.models import HandRecord
from marias_admin.sheets.selectors import live_hands
from tests import factories
from tests.factories import make_world, sheet_of, version
from tests.web.helpers import add_data, client_for, url

pytestmark = pytest.mark.django_db


def voleny(code: str) -> dict:
    """9 players: tables of three, seat 3 deals, seat 1 is forhont."""
    world = make_world(players=9, ruleset_code=code)
    world["keeper"] = client_for(world["users"]["keeper"])
    return world


def of_four(code: str, **overrides: Any) -> dict:
    """Table 1 of a 16-player tournament: seat 4 deals, seat 1 is forhont."""
    setup = factories.tournament(players=16, ruleset_code=code, ruleset_overrides=overrides)
    round = factories.seated_round(setup, 1, state="released")
    factories.sheet(round)
    t = setup.tournament
    return {"t": t, "table": round.tables.get(number=1), "args": (t.pk, 1, 1),
            "setup": setup, "keeper": client_for(setup.staff.scorekeeper)}


def form_data(world: dict, *, dealer: int, declarer: int = 1, **fields: Any) -> dict:
    data: dict[str, Any] = {"entry": "form", "form-version": version(world),
                            "form-dealer": dealer, "form-declarer": declarer}
    data.update({f"form-{name}": value for name, value in fields.items()})
    return data


def saved(world: dict, data: dict) -> HandRecord:
    response = world["keeper"].post(url(world, "hand_add"), data)
    errors = response.context["struct_form"].errors if response.context else None
    assert response.status_code == 302, errors or response.context["text_form"].errors
    return live_hands(sheet_of(world)).order_by("-number").first()


def test_pagat_renonc_without_a_contract_by_the_form() -> None:
    # PAG L91 "10 oder mehr ... den beiden anderen Spielern": B pays 10 units to each other.
    world = voleny("pagat-voleny")
    record = saved(world, form_data(world, dealer=3, contract="none", renonc_code="R",
                                    renonc_offender=2))
    assert record.money == [200, -400, 200]
    assert saved(world, add_data(world, "!R@2", 3, 1)).money == [200, -400, 200]


def test_pagat_l97_is_not_played_from_the_facts_by_the_form() -> None:
    # PAG L97 "Es wird nicht gespielt, und es gibt keine Zahlungen": Farbe + Sieben with a flek
    # on the game only; no "not played" mark and no result needed.
    world = voleny("pagat-voleny")
    record = saved(world, form_data(world, dealer=3, contract="seven", trump="bells",
                                    raised_by_game="2"))
    assert record.money == [0, 0, 0]
    # PAG L91 over L97: a renonc there still costs 10 units to each other player.
    record = saved(world, form_data(world, dealer=3, contract="seven", trump="bells",
                                    raised_by_game="2", renonc_code="R", renonc_offender=3))
    assert record.money == [200, 200, -400]


@pytest.mark.parametrize(("code", "raises", "expected"), [
    ("csm-krizovy", "4", 1200),
    ("sloapslam-krizovy", "4 1", 2400),  # SLS B/20 L206: a flek without re is not played
])
def test_clever_durch_flek_of_the_trick8_taker_by_the_form(code: str, raises: str,
                                                          expected: int) -> None:
    # OBE L251-253 "Ten se pak bere pro účely platby jako hráč volící strany": D fleked as a
    # defender, took trick 8 and joins A for the payment: 30 × 20 h × 2 (× 4 at re) a pair.
    world = of_four(code)
    record = saved(world, form_data(world, dealer=4, contract="durch_clever",
                                    durch_won="won", trick8=4, raised_by_durch=raises))
    assert record.money == [expected, -expected, -expected, expected]
    assert record.hand["trick8"] == 4


def test_ctyrka_bare_accepted_game_by_the_form() -> None:
    # SLS L20 "Hra se nehraje a protistrana rovnou platí danou sazbu", L24: a hra nobody
    # fleked, nothing announced: not played, no result asked, the defence pays 1 Kč.
    world = of_four("sloapslam-ctyrka")
    record = saved(world, form_data(world, dealer=4, contract="game", trump="acorns",
                                    partner=2))
    assert record.money == [100, 100, -100, -100]


@pytest.mark.parametrize("code", ["csm-krizovy", "sloapslam-krizovy"])
def test_sto_proti_beside_the_pairs_sto_by_the_form(code: str) -> None:
    # OBE L250 "Opět je povoleno hlásit závazky proti volící straně", L239-241, SLS B/22 L210:
    # A + C's sto at 70 and B's sto proti at 80 both fail: A and C +80, B and D −80.
    world = of_four(code)
    record = saved(world, form_data(world, dealer=4, contract="hundred", trump="bells",
                                    partner=3, against_hundred_by=2, declarer_cards=30,
                                    declarer_marriages="40", defence_marriages="20z"))
    assert record.money == [80, -80, 80, -80]
    assert record.hand["announcements"] == [{"component": "hundred", "by": 2}]


def test_ctyrka_sto_proti_of_the_other_side_by_the_form() -> None:
    # SLS L16 (only the departures from the ČSM honer rules), OBE L250, V.6: C + D's sto proti
    # at 80 fails by two tens and A + B's 40: 6 × 4 Kč a pair, the hra replaced.
    world = of_four("sloapslam-ctyrka")
    record = saved(world, form_data(world, dealer=4, contract="game", trump="bells",
                                    partner=2, against_hundred_by=3, declarer_cards=30,
                                    declarer_marriages="40", defence_marriages="20z"))
    assert record.money == [2400, 2400, -2400, -2400]


def test_several_renoncs_without_dohravka_by_the_form() -> None:
    # SLS D4 L260, D2 L256 under "every renonc counts" (docs/readings.md §9.53): C's renonc
    # decides the hand as example 5.7.8, D's further one costs his paušál to each other player.
    world = of_four("sloapslam-krizovy", first_in_play_renonc_only=False)
    record = saved(world, form_data(world, dealer=4, contract="game_hearts", trump="hearts",
                                    partner=2, raised_by_game="3 1", renonc_code="C1",
                                    renonc_offender=3, renonc2_code="C3", renonc2_offender=4))
    assert record.money == [560, 560, -720, -400]
    assert record.hand["further_renoncs"] == [{"code": "C3", "offender": 4}]
    assert saved(world, add_data(world, "hc sp@2 rh#31 !c1@3 !c3@4", 4, 1)).money == [
        560, 560, -720, -400]
