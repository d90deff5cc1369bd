"""Pagat's four-player game with a called partner, end to end (rules/pagat-marias-de.txt
L109-116, the variant ``all_four`` of ``pagat-voleny``): the organiser ticks it, the tournament
seats tables of four where all four play, and the scorekeeper enters a Durch mit Partner
(L115) through the table page's form, with the declarer's own tricks when it is lost.

Money: one unit = 20 h (the preset's base); durch 10 units. Seat 4 deals, seat 1 is forhont.
One tournament of four players for the module, each test in a savepoint.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from django.utils import translation

from marias_admin.printouts.selectors import round_info
from marias_admin.sheets.models import HandRecord
from marias_admin.sheets.selectors import live_hands
from marias_admin.tournaments.forms import TournamentForm
from marias_admin.tournaments.rule_variants import describe, overrides_with, variants_for
from tests import factories
from tests.factories import sheet_of, version
from tests.web.helpers import add_data, client_for, page_url, url
from tests.web.module_world import each_test_in_a_savepoint  # noqa: F401 (autouse)

pytestmark = pytest.mark.django_db

PAGAT = "pagat-voleny"


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Four players, the variant ``all_four``, round 1 seated; rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        setup = factories.tournament(players=4, ruleset_code=PAGAT, prefix="pagat4-",
                                     ruleset_overrides=overrides_with(PAGAT, ["all_four"]))
        factories.seated_round(setup)
        t = setup.tournament
        table = t.rounds.get(number=1).tables.get(number=1)
        factories.sheet(t.rounds.get(number=1))
        with django_db_blocker.block():
            yield {"t": t, "table": table, "args": (t.pk, 1, 1), "setup": setup}
        transaction.set_rollback(True)



@pytest.fixture
def keeper(world):
    return client_for(world["setup"].staff.scorekeeper)


def form_data(world: dict, **fields: Any) -> dict:
    """The structured form: seat 4 deals, seat 1 (forhont) declares."""
    data: dict[str, Any] = {"entry": "form", "form-version": version(world),
                            "form-dealer": 4, "form-declarer": 1}
    data.update({f"form-{name}": value for name, value in fields.items()})
    return data


def saved(client: Any, world: dict, data: dict) -> HandRecord:
    response = client.post(url(world, "hand_add"), data)
    assert response.status_code == 302, response.context["struct_form"].errors
    return live_hands(sheet_of(world)).order_by("-number").first()


def refused(client: Any, world: dict, data: dict, entry: str = "struct_form") -> Any:
    before = HandRecord.objects.count()
    response = client.post(url(world, "hand_add"), data)
    assert response.status_code == 200 and HandRecord.objects.count() == before
    return response.context[entry]


def test_the_organiser_can_choose_it_and_it_seats_tables_of_four(world):
    # L109: "alle vier Spieler am Spiel beteiligt": offered among pagat's variants.
    assert "all_four" in [v.name for v in variants_for(PAGAT)]
    t = world["t"]
    assert t.table_size == 4 and t.full_tables_only  # nobody sits out, byes for the rest
    assert [len(table.seats.all()) for table in t.rounds.get(number=1).tables.all()] == [4]
    ruleset = t.ruleset()
    assert ruleset.partnerships and {"durch_partner", "durch_clever"} <= {
        r.code for r in ruleset.ladder}
    with translation.override("en"):
        assert any("All four play" in str(line)
                   for line in describe(PAGAT, t.ruleset_overrides))
    # The table sheets' legend says how to write the declarer's tricks (L115).
    info = round_info(t, t.rounds.get(number=1))
    assert info.partnerships and info.declarer_tricks


def test_the_tournament_form_stores_the_variant():
    form = TournamentForm(data={
        "name": "Čtyřka", "date": "2026-11-21", "ruleset_code": PAGAT, "variants": ["all_four"],
        "rounds_planned": 2, "round_minutes": 90, "max_odd_tables": 1,
        "club_separation": "off", "team_separation": "off"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["ruleset_overrides"] == overrides_with(PAGAT, ["all_four"])
    # It changes the ladder: the variants that shorten it cannot go with it.
    form = TournamentForm(data={**form.data, "variants": ["all_four", "no_open_contracts"]})
    assert not form.is_valid() and "variants" in form.errors


def test_the_form_has_the_partner_and_the_declarers_tricks(world, keeper):
    response = keeper.get(page_url(world, entry="form"))
    form = response.context["struct_form"]
    html = response.content.decode()
    assert {"partner", "called_rank", "trick8", "declarer_tricks"} <= set(form.fields)
    # Shown by the page's script only for a lost Durch mit Partner (L115).
    widget = form.fields["declarer_tricks"].widget.attrs
    assert widget["data-contracts"] == "durch_partner"
    assert widget["data-shown-when-lost"] == "durch_won"
    assert 'name="form-declarer_tricks"' in html
    assert "novalidate data-dealer-sits-out" not in html and not form.dealer_sits_out


def test_a_lost_durch_with_a_partner_through_the_form(world, keeper):
    # L115: A names a card, D holds it; they lose a trick and A took 5 (< 6): "dann zahlt er
    # doppelt, und der Partner braucht nichts zu zahlen": A pays B and C 10 units (200 h).
    record = saved(keeper, world, form_data(world, contract="durch_partner", partner=4,
                                            durch_won="lost", declarer_tricks=5))
    assert record.money == [-400, 200, 200, 0] and sum(record.money) == 0
    assert record.hand["declarer_tricks"] == 5 and record.hand["all_play"] is True
    assert record.description == ("durch se spoluhráčem, spoluhráč 4, durch prohrán, "
                                  "zdvihy aktéra 5")
    # 6 tricks: pair by pair (L112), A pays B and D pays C.
    record = saved(keeper, world, form_data(world, contract="durch_partner", partner=4,
                                            durch_won="lost", declarer_tricks=6))
    assert record.money == [-200, 200, 200, -200] and sum(record.money) == 0


def test_the_declarers_tricks_stand_at_their_field(world, keeper):
    # L115: lost, who pays depends on A's own tricks, so they are needed.
    form = refused(keeper, world, form_data(world, contract="durch_partner", partner=4,
                                            durch_won="lost"))
    assert form.errors.get("declarer_tricks")
    # Left in the hidden field for another contract, they are not part of the hand.
    record = saved(keeper, world, form_data(world, contract="durch", durch_won="lost",
                                            declarer_tricks=3))
    assert "declarer_tricks" not in record.hand and record.money == [-600, 200, 200, 200]


def test_only_forhonts_opponents_flek_the_game(world, keeper):
    # L111: "die Gegner von Vorhand können Flek gegen das Spiel": C, forhont's partner, may
    # not; B may (and A says re).
    form = refused(keeper, world, form_data(world, contract="game", trump="bells", partner=3,
                                            raised_by_game="3", game_won="won"))
    assert "soupeři forhonta" in " ".join(form.errors.get("raised_by_game", []))
    record = saved(keeper, world, form_data(world, contract="game", trump="bells", partner=3,
                                            raised_by_game="2 1", game_won="won"))
    assert record.money == [80, -80, 80, -80]


def test_the_shorthand_reads_the_declarers_tricks(world, keeper):
    response = keeper.post(url(world, "hand_add"), add_data(world, "dsp sp@4 d- zd5", 4, 1))
    assert response.status_code == 302
    record = live_hands(sheet_of(world)).order_by("-number").first()
    assert record.money == [-400, 200, 200, 0]
    assert record.hand["contract"] == "durch_partner" and record.hand["declarer_tricks"] == 5
