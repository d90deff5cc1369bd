"""The table page's entry for křížový mariáš (issue 15, deliverable 3: "entry form for pairs"),
ČSM obecná pravidla VII.2 (``csm-krizovy``).

All four play and nobody sits out (L243): the dealer may declare. The structured form adds,
only for a ruleset that plays in pairs, the partner (or nobody: alone, 1v3), the called rank
and who took trick 8 of a durch s chytrým; the engine's problems about them stand at those
fields. Expected money and descriptions come from docs/notation.md "Křížový examples" K1-K10
(tests/scoring/test_krizovy_examples.py, docs/csm-krizovy.md "Worked examples"); each test names its
rule line. Base 20 h; a table of four: seat 4 deals, seat 1 is forhont.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from marias_admin.seating.models import Seat
from marias_admin.sheets.forms import StructuredHandForm
from marias_admin.sheets.models import HandRecord
from marias_admin.sheets.selectors import live_hands
from scoring import get_preset
from tests import factories
from tests.factories import make_world, sheet_of, version
from tests.web.helpers import add_data, client_for, page_url, text, url

pytestmark = pytest.mark.django_db

KRIZOVY = "csm-krizovy"
PARTNERSHIP_FIELDS = ("partner", "called_rank", "trick8")


@pytest.fixture
def setup():
    """16 players seated at four tables of four (the tournament side's seating for křížový)."""
    setup = factories.tournament(players=16, ruleset_code=KRIZOVY)
    factories.seated_round(setup)
    return setup


@pytest.fixture
def world(setup):
    """Table 1 of round 1 in the shape of tests/web/helpers (``args``, ``table``)."""
    t = setup.tournament
    table = t.rounds.get(number=1).tables.get(number=1)
    factories.sheet(t.rounds.get(number=1))  # the table's sheet exists
    return {"t": t, "table": table, "args": (t.pk, 1, 1), "setup": setup}


@pytest.fixture
def keeper(world):
    """The tournament's scorekeeper: an unclaimed sheet is his to keep."""
    return client_for(world["setup"].staff.scorekeeper)


def form_data(world: dict, *, dealer: int = 4, declarer: int | None = 1, prefix: str = "form",
              **fields: Any) -> dict:
    """The structured form filled in (field names without the prefix)."""
    data: dict[str, Any] = {"entry": prefix, f"{prefix}-version": version(world),
                            f"{prefix}-dealer": dealer}
    if declarer is not None:
        data[f"{prefix}-declarer"] = declarer
    data.update({f"{prefix}-{name}": value for name, value in fields.items()})
    return data


def saved(client: Any, world: dict, data: dict) -> HandRecord:
    """POST a hand; it must be saved. The newest hand of the sheet."""
    response = client.post(url(world, "hand_add"), data)
    assert response.status_code == 302, _errors(response)
    return live_hands(sheet_of(world)).order_by("-number").first()


def refused(client: Any, world: dict, data: dict, entry: str = "struct_form") -> Any:
    """POST a hand the engine or the form refuses: the page again, nothing saved."""
    before = HandRecord.objects.count()
    response = client.post(url(world, "hand_add"), data)
    assert response.status_code == 200
    assert HandRecord.objects.count() == before
    return response.context[entry]


def _errors(response: Any) -> Any:
    for name in ("struct_form", "text_form"):
        if response.context and name in response.context:
            return response.context[name].errors
    return response.status_code


def errors_at(form: Any, name: str) -> str:
    return " ".join(str(e) for e in form.errors.get(name, []))


# --- the shorthand ------------------------------------------------------------------------------


@pytest.mark.parametrize(("notation", "declarer", "money", "description"), [
    # K1, VII.2 L243-250: seat 1 calls the ace, seat 3 holds it; 2v2, each loser pays X (20).
    ("hk =e sp@3 60+20z:+20za", 1, [20, -20, 20, -20],
     "hra kule, volá eso, spoluhráč 3, body 60 + 20 zelené : 30 + 20 žaludy"),
    # K2, L244: the called king is the declarer's own: alone (1v3), ±3X; sedma 40 + hra 20.
    ("7z =k h+ s+", 1, [180, -60, -60, -60],
     "sedma zelené, volá krále, sám, hra uhrána, sedma uhrána"),
    # K5, L250-251 (betl alone), V.2 L152 (betl 15 = 300 h): seat 2, not forhont, takes betl.
    ("b b+", 2, [-300, 900, -300, -300], "betl, betl uhrán"),
    # K6, L251-253: durch s chytrým at the durch rate (30 = 600 h); seat 4 took trick 8, 2v2.
    ("dch ch8@4 d+", 1, [600, -600, -600, 600],
     "durch s chytrým, durch uhrán, osmý zdvih hráče 4"),
    # K9, VI.3 L226-228: the partner (seat 2) revokes; the game for his whole side.
    ("7k sp@2 fh@3 !vi2g@2", 1, [200, -760, 280, 280],
     "sedma kule, spoluhráč 2, flek na hru od hráče 3, renonc VI.2.g (nepřiznání barvy) "
     "hráče 2"),
])
def test_the_shorthand_of_the_examples(world, keeper, notation, declarer, money, description):
    record = saved(keeper, world, add_data(world, notation, 4, declarer))
    assert record.money == money and sum(money) == 0
    assert record.description == description
    assert record.hand["all_play"] is True  # L243: nobody sits out
    page = text(keeper.get(page_url(world)))
    assert description in page


def test_the_shorthand_refusals_stand_at_the_text(world, keeper):
    # L244: the declarer calling himself is no partner.
    form = refused(keeper, world, add_data(world, "hk sp@1 60", 4, 1), entry="text_form")
    assert "Spoluhráčem nemůže být sám aktér" in errors_at(form, "notation")
    # L251-253: a won durch s chytrým needs trick 8.
    form = refused(keeper, world, add_data(world, "dch d+", 4, 1), entry="text_form")
    assert "osmý zdvih" in errors_at(form, "notation")


# --- the structured form ------------------------------------------------------------------------


def test_the_form_has_the_partnership_fields_and_the_announcements(world, keeper):
    response = keeper.get(page_url(world, entry="form"))
    form = response.context["struct_form"]
    html = response.content.decode()
    for name in PARTNERSHIP_FIELDS:
        assert name in form.fields and f'name="form-{name}"' in html
    # VII.2 L250: sedma proti and sto proti exist in křížový too (a defender's).
    for name in ("against_seven_by", "against_hundred_by", "raised_by_game"):
        assert name in form.fields
    # The called ranks in Czech words, highest first; nobody = alone (1v3).
    ranks = [str(label) for _value, label in form.fields["called_rank"].choices[1:]]
    assert [r.split("(")[-1].rstrip(")") for r in ranks] == [
        "eso", "král", "svršek", "spodek", "desítka", "devítka", "osma", "sedma"]
    assert form.fields["partner"].choices[0][0] == ""
    assert [v for v, _label in form.fields["partner"].choices[1:]] == [1, 2, 3, 4]
    # Trick 8 is for durch s chytrým only (the page's script shows it with that contract).
    assert 'data-contracts="durch_clever"' in html
    assert "data-partner" in html


@pytest.mark.parametrize("code", ["csm-licitovany-2023", "szmk-voleny-2024", "csm-voleny"])
def test_other_rulesets_have_no_partnership_fields(code):
    seats = list(Seat.objects.none())
    form = StructuredHandForm(seats=seats, ruleset=get_preset(code))
    assert not set(PARTNERSHIP_FIELDS) & set(form.fields)
    assert "all_play" not in form.partnership_facts({"partner": 2})


def test_k1_by_the_form_with_a_partner(world, keeper):
    # K1, VII.2 L243-250.
    record = saved(keeper, world, form_data(
        world, contract="game", trump="bells", partner=3, called_rank="ace",
        declarer_cards=60, declarer_marriages="20z", defence_marriages="20za"))
    assert record.money == [20, -20, 20, -20]
    assert record.hand["partner"] == 3 and record.hand["called_rank"] == "ace"
    assert record.description == ("hra kule, volá eso, spoluhráč 3, body 60 + 20 zelené : "
                                  "30 + 20 žaludy")
    # The account names the pair.
    row = keeper.get(page_url(world)).context["rows"][0]
    names = {s.position: s.registration.player.full_name
             for s in Seat.objects.filter(table=world["table"]).select_related(
                 "registration__player")}
    assert row.declarer_name == f"{names[1]} + {names[3]}"


def test_k2_by_the_form_alone(world, keeper):
    # K2, L244: nobody chosen as partner = alone (1v3); the description says "sám".
    record = saved(keeper, world, form_data(
        world, contract="seven", trump="leaves", called_rank="king", game_won="won",
        seven_won="won"))
    assert record.money == [180, -60, -60, -60]
    assert "partner" not in record.hand and record.hand["all_play"] is True
    assert record.description == "sedma zelené, volá krále, sám, hra uhrána, sedma uhrána"


def test_k6_durch_s_chytrym_by_the_form(world, keeper):
    # K6, L251-253: seat 4 took trick 8 and joins the declarer (2v2).
    record = saved(keeper, world, form_data(world, contract="durch_clever", durch_won="won",
                                            trick8=4))
    assert record.money == [600, -600, -600, 600]
    assert record.hand["trick8"] == 4
    assert record.description == "durch s chytrým, durch uhrán, osmý zdvih hráče 4"
    # Trick 8 left in the (hidden) field for another contract is not part of the hand.
    record = saved(keeper, world, form_data(world, contract="durch", durch_won="won",
                                            trick8=3))
    assert "trick8" not in record.hand and record.money == [1800, -600, -600, -600]


def test_refusals_stand_at_their_fields(world, keeper):
    # L244: the partner cannot be the declarer.
    form = refused(keeper, world, form_data(world, contract="game", trump="bells", partner=1,
                                            declarer_cards=60))
    assert "Spoluhráčem nemůže být sám aktér (místo 1)" in errors_at(form, "partner")
    # L246-248: the called partner (seat 3) may not flek the declarer's game.
    form = refused(keeper, world, form_data(world, contract="game", trump="bells", partner=3,
                                            raised_by_game="3", declarer_cards=60))
    assert "nesmí flekovat" in errors_at(form, "raised_by_game")
    # L251-253: a won durch s chytrým needs who took trick 8.
    form = refused(keeper, world, form_data(world, contract="durch_clever", durch_won="won"))
    assert "osmý zdvih" in errors_at(form, "trick8")
    # L250-253: betl and durch are played alone.
    form = refused(keeper, world, form_data(world, declarer=2, contract="betl", partner=3,
                                            betl_won="won"))
    assert "Betl a durch hraje aktér sám" in errors_at(form, "partner")
    # L250: a sedma proti is a defender's, never the partner's.
    form = refused(keeper, world, form_data(world, contract="game", trump="bells", partner=3,
                                            declarer_cards=60, against_seven_by=3,
                                            against_seven_result="won"))
    assert "ne spoluhráč" in errors_at(form, "against_seven_by")


def test_a_sedma_proti_of_a_defender(world, keeper):
    # K4, L250: hra žaludy of 1+2; seat 3's sedma proti won (the volený fields stay).
    record = saved(keeper, world, form_data(
        world, contract="game", trump="acorns", partner=2, declarer_cards=50,
        declarer_marriages="40za", defence_marriages="20k", against_seven_by=3,
        against_seven_result="won"))
    assert record.money == [-20, -20, 20, 20]


# --- nobody sits out ----------------------------------------------------------------------------


def test_the_dealer_may_declare(world, keeper):
    response = keeper.get(page_url(world))
    html = response.content.decode()
    form = response.context["text_form"]
    assert form["dealer"].value() == 1 and form.sitter is None and not form.dealer_sits_out
    assert not re.search(r"<form[^>]*data-dealer-sits-out", html)
    assert not re.search(r'name="text-declarer"[^>]*disabled', html)
    assert "rozdává" in text(response) and "pauzíruje" not in text(response)
    # Seat 1 deals and takes a betl himself (L250-251; any seat may take betl).
    record = saved(keeper, world, add_data(world, "b b+", 1, 1))
    assert record.money == [900, -300, -300, -300]
    # ... and by the form, seat 2 dealing and declaring a durch.
    record = saved(keeper, world, form_data(world, dealer=2, declarer=2, contract="durch",
                                            durch_won="lost"))
    assert record.money == [600, -1800, 600, 600]
    # The running account: four active players, no "sits out" anywhere.
    response = keeper.get(page_url(world, entry="form"))
    assert all(len(row.cells) == 4 for row in response.context["rows"])
    assert response.context["sitter"] is None and response.context["next_dealer"] == 3
    assert "pauzíruje" not in text(response)


def test_the_preview_for_text_and_form(world, keeper):
    response = keeper.post(url(world, "preview"), add_data(world, "hk =e sp@3 60+20z:+20za",
                                                           4, 1), HTTP_HX_REQUEST="true")
    preview = response.context["preview"]
    assert preview["ok"] and [s["money"] for s in preview["seats"]] == [
        "+0,20", "−0,20", "+0,20", "−0,20"]
    assert [s["sits_out"] for s in preview["seats"]] == [False] * 4
    assert [s["partner"] for s in preview["seats"]] == [False, False, True, False]
    assert "spoluhráč 3" in preview["description"]
    assert "pauzíruje" not in text(response) and HandRecord.objects.count() == 0
    response = keeper.post(url(world, "preview"), form_data(
        world, contract="durch_clever", durch_won="won", trick8=4), HTTP_HX_REQUEST="true")
    preview = response.context["preview"]
    assert preview["ok"] and preview["seats"][3]["partner"]
    assert preview["description"] == "durch s chytrým, durch uhrán, osmý zdvih hráče 4"
    # A refusal previews its message.
    response = keeper.post(url(world, "preview"), form_data(
        world, contract="durch_clever", durch_won="won"), HTTP_HX_REQUEST="true")
    assert not response.context["preview"]["ok"]
    assert any("osmý zdvih" in e for e in response.context["preview"]["errors"])


# --- editing ------------------------------------------------------------------------------------


def test_edit_round_trip(world, keeper):
    saved(keeper, world, form_data(
        world, contract="game", trump="bells", partner=3, called_rank="ace",
        declarer_cards=60, declarer_marriages="20z", defence_marriages="20za"))
    saved(keeper, world, form_data(world, dealer=1, declarer=2, contract="durch_clever",
                                   durch_won="won", trick8=2))
    panel = keeper.get(page_url(world, hand="1", entry="form")).context["panel"]
    form = panel["struct_form"]
    assert form.initial["partner"] == 3 and form.initial["called_rank"] == "ace"
    html = keeper.get(page_url(world, hand="1", entry="form")).content.decode()
    assert re.search(r'<option value="3" selected>3\.', html)
    # The shorthand edit form opens with the partner and the rank.
    text_form = keeper.get(page_url(world, hand="1")).context["panel"]["text_form"]
    assert text_form["notation"].value() == "hk =e sp@3 60+20z:+20za"
    # Edit: the partner was seat 2, not 3 (all other fields as the form shows them).
    data = {"entry": "edit-form", "edit-form-reason": "spoluhráč 2"}
    for name in form.fields:
        value = form[name].value()
        if value in (None, "", [], ()):
            continue
        data[f"edit-form-{name}"] = (" ".join(map(str, value))
                                     if isinstance(value, (list, tuple)) else value)
    data["edit-form-version"] = version(world)
    data["edit-form-partner"] = 2
    response = keeper.post(url(world, "hand_edit", 1), data)
    assert response.status_code == 302, response.context["panel"]["struct_form"].errors
    record = HandRecord.objects.get(number=1)
    assert record.hand["partner"] == 2 and record.hand["called_rank"] == "ace"
    assert record.money == [20, 20, -20, -20]
    # Trick 8 back into its field; the declarer's own seat: he took all eight (1v3).
    form = keeper.get(page_url(world, hand="2", entry="form")).context["panel"]["struct_form"]
    assert form.initial["trick8"] == 2 and form.initial["contract"] == "durch_clever"
    assert HandRecord.objects.get(number=2).money == [-600, 1800, -600, -600]


# --- ČSM licitovaný keeps its sitter ------------------------------------------------------------


def test_licitovany_table_of_four_still_has_the_sitter():
    world = make_world(players=8)  # ČSM 2023: tables of four, the dealer sits out (B.2)
    keeper = client_for(world["users"]["keeper"])
    for entry in ({}, {"entry": "form"}):
        response = keeper.get(page_url(world, **entry))
        html = response.content.decode()
        form = response.context["struct_form" if entry else "text_form"]
        assert form.dealer_sits_out and form.sitter == 1
        assert re.search(r"<form[^>]*data-dealer-sits-out", html)
        assert not set(PARTNERSHIP_FIELDS) & set(form.fields)
        assert re.search(rf'name="{form.prefix}-declarer"[^>]*value="1"[^>]*disabled', html)
    assert response.context["sitter"] == 1
    assert "rozdává · pauzíruje" in text(response)  # "deals next · sits out"

