"""The table page's entry forms for the volený families without an auction (issue 14,
deliverable 4): ČSM obecná pravidla (``csm-voleny``) and pagat's traditional game
(``pagat-voleny``).

The structured form has, only where the ruleset has them, the defence's sedma proti and sto
proti (who announced, raises, the seven's result), who said each raise of a part, and a killed
seven; no auction and no PB fields. Expected money comes from the worked examples
(docs/notation.md "Volený examples" V1-V8, tests/scoring/test_voleny_examples.py =
docs/csm-voleny.md "Worked examples", tests/scoring/test_pagat_examples.py = docs/pagat-voleny.md
"Worked examples"); each test names its rule line. Base 20 h; a table of three: seat 3 deals, seat 1
is forhont.
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
from scoring.jsonio import hand_to_dict
from tests.factories import add_hand, make_world, sheet_of, version
from tests.web.helpers import add_data, client_for, page_url, text, url

pytestmark = pytest.mark.django_db

VOLENY = ("csm-voleny", "pagat-voleny")
ANNOUNCEMENT_FIELDS = ("against_seven_by", "against_seven_level", "against_seven_raised_by",
                       "against_seven_result", "against_hundred_by", "against_hundred_level",
                       "against_hundred_raised_by", "raised_by_game", "seven_killed")


def voleny_world(code: str, players: int = 9) -> dict:
    """Round 1 seated; 9 players: tables of three, 8 players: tables of four."""
    return make_world(players=players, ruleset_code=code)


@pytest.fixture
def csm():
    return voleny_world("csm-voleny")


@pytest.fixture
def pagat():
    return voleny_world("pagat-voleny")


def keeper(world: dict) -> Any:
    return client_for(world["users"]["keeper"])


def form_data(world: dict, *, dealer: int = 3, declarer: int | None = 1, prefix: str = "form",
              **fields: Any) -> dict:
    """The structured form filled in (field names without the prefix)."""
    data: dict[str, Any] = {"entry": prefix, f"{prefix}-version": version(world),
                            f"{prefix}-dealer": dealer}
    if declarer is not None:
        data[f"{prefix}-declarer"] = declarer
    data.update({f"{prefix}-{name}": value for name, value in fields.items()})
    return data


def saved(world: dict, data: dict) -> HandRecord:
    """POST a hand; it must be saved. The newest hand of the sheet."""
    response = keeper(world).post(url(world, "hand_add"), data)
    assert response.status_code == 302, _errors(response)
    return live_hands(sheet_of(world)).order_by("-number").first()


def refused(world: dict, data: dict, entry: str = "struct_form") -> Any:
    """POST a hand the engine or the form refuses: the page again, nothing saved."""
    before = HandRecord.objects.count()
    response = keeper(world).post(url(world, "hand_add"), data)
    assert response.status_code == 200
    assert HandRecord.objects.count() == before
    return response.context[entry]


def _errors(response: Any) -> Any:
    for name in ("struct_form", "text_form"):
        if response.context and name in response.context:
            return response.context[name].errors
    return response.status_code


def seats_of(world: dict) -> list[Seat]:
    return list(Seat.objects.filter(table=world["table"]).select_related(
        "registration__player").order_by("position"))


# --- which fields each ruleset's form has ------------------------------------------------------


@pytest.mark.parametrize("code", VOLENY)
def test_voleny_form_has_the_announcements_and_no_auction_or_pb(code):
    world = voleny_world(code)
    response = keeper(world).get(page_url(world, entry="form"))
    form = response.context["struct_form"]
    html = response.content.decode()
    for name in ANNOUNCEMENT_FIELDS:
        assert name in form.fields and f'name="form-{name}"' in html
    # docs/csm-voleny.md "No auction ... the bid field is not used"; no PB (premium_table None).
    assert "bid" not in form.fields and not any(n.startswith("pb_") for n in form.fields)
    assert "helper" not in form.fields  # no dvě sedmy rung
    assert "omyl" not in html
    page = text(response)
    assert "Sedma proti" in page
    # pagat L30-33, L80-81: the open contracts come with the ladder; ČSM obecná IV.1 has none.
    contracts = [value for value, _label in form.fields["contract"].choices]
    assert ("open_betl" in contracts and "open_durch" in contracts) == (code == "pagat-voleny")
    # pagat L57 "ohne eine Begrenzung": the named levels; ČSM obecná V.5: flek … boty (4).
    levels = len(form.fields["against_seven_level"].choices) - 1
    assert levels == (6 if code == "pagat-voleny" else 4)


@pytest.mark.parametrize("code", ["csm-licitovany-2023", "szmk-voleny-2024"])
def test_other_rulesets_keep_their_form(code, world):
    # ČSM 2023 and SZMK 2024 have no announcements of the defence: no such fields.
    form = StructuredHandForm(seats=seats_of(world), ruleset=get_preset(code))
    assert not set(ANNOUNCEMENT_FIELDS) & set(form.fields)
    assert not any(n.startswith(("against_", "raised_by_")) for n in form.fields)
    assert "bid" in form.fields  # ČSM 2023 B.7 (auction), SZMK: the sheet may record one
    assert ("pb_trumps" in form.fields) == (code == "csm-licitovany-2023")


def test_licitovany_page_has_no_announcement_fields(world):
    html = keeper(world).get(page_url(world, entry="form")).content.decode()
    assert "against_" not in html and "raised_by_" not in html and "seven_killed" not in html
    assert 'name="form-bid"' in html and 'name="form-helper"' in html


# --- ČSM obecná pravidla (csm-voleny) -----------------------------------------------------------


def test_csm_hra_with_sto_proti(csm):
    # ČSM obecná VII.1 L240-241 (notation.md V1, docs/csm-voleny.md example 2.6.5): seat 2 announces
    # sto proti, the defence makes 60 + 40 + 20 = 120; the sto replaces the hra.
    record = saved(csm, form_data(csm, contract="game", trump="bells",
                                  against_hundred_by=2, declarer_cards=30,
                                  defence_marriages="40k 20z"))
    assert record.money == [-480, 240, 240]
    assert record.hand["announcements"] == [{"component": "hundred", "by": 2}]
    assert record.description == ("hra kule, body 30 : 60 + 40 kule + 20 zelené, "
                                  "sto proti hráče 2")
    # The same hand by the shorthand.
    record = saved(csm, add_data(csm, "hk 100p@2 30:+40k+20z", 3, 1))
    assert record.money == [-480, 240, 240]
    page = text(keeper(csm).get(page_url(csm)))
    assert "hra kule, body 30 : 60 + 40 kule + 20 zelené, sto proti hráče 2" in page


def test_csm_raise_chain_on_the_game(csm):
    # ČSM obecná V.4 L158 (hearts double), V.5 L160-165 (flek by seat 2, re by the declarer):
    # notation.md V2 "hc rh#21 40:+20".
    record = saved(csm, form_data(csm, contract="game_hearts", trump="hearts",
                                  raised_by_game="2 1", declarer_cards=40,
                                  defence_marriages="20"))
    assert record.money == [-320, 160, 160]
    assert record.hand["doublings"] == {"game": {"raises": [2, 1]}}
    assert "re na hru (fleky 2, 1)" in record.description
    # A level chosen as well must agree with the chain.
    form = refused(csm, form_data(csm, contract="game_hearts", trump="hearts",
                                  doubling_game=1, raised_by_game="2 1", declarer_cards=40))
    assert "raised_by_game" in form.errors
    record = saved(csm, add_data(csm, "hc rh#21 40:+20", 3, 1))
    assert record.money == [-320, 160, 160]


@pytest.mark.parametrize(("result", "raise_fields", "money"), [
    # ČSM obecná VII.1 L240, V.2 L150 (sedma 2): won by the defence, hra +20, sedma -40.
    ("won", {}, [-40, 20, 20]),
    # notation.md V3: fleked by the declarer (V.5), lost: hra +20, sedma proti +80 each.
    ("lost", {"against_seven_raised_by": "1"}, [200, -100, -100]),
    # The same flek given as a level only.
    ("lost", {"against_seven_level": 1}, [200, -100, -100]),
    # Killed: csm-voleny has no killed-seven rate (docs/csm-voleny.md), so it costs as lost.
    ("killed", {"against_seven_raised_by": "1"}, [200, -100, -100]),
])
def test_csm_sedma_proti(csm, result, raise_fields, money):
    record = saved(csm, form_data(csm, contract="game", trump="bells", declarer_cards=60,
                                  against_seven_by=3, against_seven_result=result,
                                  **raise_fields))
    assert record.money == money
    announcement = record.hand["announcements"][0]
    assert announcement["won"] is (result == "won")
    assert announcement.get("killed", False) is (result == "killed")
    word = {"won": "uhrána", "lost": "prohrána", "killed": "zabitá"}[result]
    assert "sedma proti hráče 3" in record.description and word in record.description


@pytest.mark.parametrize(("notation", "money"), [
    ("hk 7p@3#1- 60", [200, -100, -100]),  # notation.md V3 (ČSM obecná VII.1, V.5)
    ("hk 7p@3+ 60", [-40, 20, 20]),  # test_voleny_examples.test_seven_against (L240, L150)
    ("hk 7p@3#1x 60", [200, -100, -100]),  # killed = lost under csm-voleny
])
def test_csm_sedma_proti_by_the_shorthand(csm, notation, money):
    assert saved(csm, add_data(csm, notation, 3, 1)).money == money


def test_csm_betl_of_another_player(csm):
    # ČSM obecná L235-239 (betl after "Barva?"), L140-141, L152 betl 15 (notation.md V4).
    record = saved(csm, form_data(csm, declarer=2, contract="betl", doubling_betl=1,
                                  betl_won="won"))
    assert record.money == [-600, 1200, -600]


def test_csm_invalid_hands_show_the_message_at_the_field(csm):
    # ČSM obecná VII.1 L240: only a defender announces against the declarer.
    form = refused(csm, form_data(csm, contract="game", trump="bells", declarer_cards=60,
                                  against_seven_by=1, against_seven_result="won"))
    assert "obrany" in " ".join(form.errors["against_seven_by"])
    # VII.1 L233-239: a trump game is forhont's (seat 1 when seat 3 deals).
    form = refused(csm, form_data(csm, declarer=2, contract="game", trump="bells",
                                  declarer_cards=60))
    assert "forhont" in " ".join(form.errors["declarer"])
    # A sedma proti needs its result; a raise, the announcing defender.
    form = refused(csm, form_data(csm, contract="game", trump="bells", declarer_cards=60,
                                  against_seven_by=2))
    assert "against_seven_result" in form.errors
    form = refused(csm, form_data(csm, contract="game", trump="bells", declarer_cards=60,
                                  against_seven_level=1, against_seven_result="lost"))
    assert "against_seven_by" in form.errors
    # V.5: the raises alternate; seat 3 cannot re a flek of seat 2 (the declarer says re).
    form = refused(csm, form_data(csm, contract="game", trump="bells", declarer_cards=60,
                                  raised_by_game="2 3"))
    assert "3" in " ".join(form.errors["raised_by_game"])
    # A character that is no seat: the message names the field and the character.
    form = refused(csm, form_data(csm, contract="game", trump="bells", declarer_cards=60,
                                  raised_by_game="2 x"))
    message = " ".join(form.errors["raised_by_game"])
    assert "„x“" in message and "3" in message and "hra" in message
    form = refused(csm, form_data(csm, contract="game", trump="bells", declarer_cards=60,
                                  against_seven_by=2, against_seven_result="lost",
                                  against_seven_raised_by="4"))
    assert "„4“" in " ".join(form.errors["against_seven_raised_by"])
    # The shorthand: the same rule, at the text field.
    form = refused(csm, add_data(csm, "hk 7p@1+ 60", 3, 1), entry="text_form")
    assert "obrany" in " ".join(form.errors["notation"])


# --- pagat (pagat-voleny) ----------------------------------------------------------------------


def test_pagat_killed_seven(pagat):
    # pagat L86 (Sieben 2), L57 (re), L103 (beaten in the last trick): notation.md V5
    # "7za r7#21 sx h+ s-"; without the L103 variant a killed seven costs as a lost one.
    record = saved(pagat, form_data(pagat, contract="seven", trump="acorns",
                                    raised_by_seven="2 1", game_won="won", seven_won="lost",
                                    seven_killed="on"))
    assert record.money == [-280, 140, 140]
    assert record.hand["seven_killed"] is True
    assert "sedma zabitá" in record.description
    assert saved(pagat, add_data(pagat, "7za r7#21 sx h+ s-", 3, 1)).money == [-280, 140, 140]
    # A killed seven is a lost one: the message stands at the checkbox.
    form = refused(pagat, form_data(pagat, contract="seven", trump="acorns", game_won="won",
                                    seven_won="won", seven_killed="on"))
    assert "seven_killed" in form.errors


def test_pagat_open_contracts(pagat):
    # pagat L81 offener Durch 20, lost by seat 3 (notation.md V7).
    record = saved(pagat, form_data(pagat, declarer=3, contract="open_durch",
                                    durch_won="lost"))
    assert record.money == [400, 400, -800]
    assert record.description.startswith("otevřený durch")
    # pagat L80 offener Betl 10 units, won by seat 2 (the rates table of docs/pagat-voleny.md).
    record = saved(pagat, form_data(pagat, declarer=2, contract="open_betl", betl_won="won"))
    assert record.money == [-200, 400, -200]
    assert saved(pagat, add_data(pagat, "ob b+", 3, 2)).money == [-200, 400, -200]


def test_pagat_seven_against_sto_proti(pagat):
    # pagat L89, L93: Sieben kule won against seat 3's 100 gegen at 110 (notation.md V8).
    record = saved(pagat, form_data(pagat, contract="seven", trump="bells", seven_won="won",
                                    against_hundred_by=3, declarer_cards=20,
                                    defence_marriages="40"))
    assert record.money == [-240, 120, 120]
    assert saved(pagat, add_data(pagat, "7k 100p@3 20:+40k s+", 3, 1)).money == [
        -240, 120, 120]


@pytest.mark.parametrize(("code", "expected"), [("csm-voleny", [160, -80, -80]),
                                                ("pagat-voleny", [-320, 160, 160])])
def test_sto_proti_beside_the_declarers_sto(code, expected):
    # OBE L239-241, PAG L46: each side announces its own sto; nothing excludes both. A: 30 +
    # 40 = 70, B's sto proti: 60 + 20 = 80, both failed (docs "Situations" tables).
    world = voleny_world(code)
    record = saved(world, form_data(world, contract="hundred", trump="bells",
                                    against_hundred_by=2, declarer_cards=30,
                                    declarer_marriages="40", defence_marriages="20z"))
    assert record.money == expected
    assert record.hand["announcements"] == [{"component": "hundred", "by": 2}]
    assert saved(world, add_data(world, "100k 100p@2 30+40k:60+20z", 3, 1)).money == expected


def test_pagat_quiet_farbe_and_forehand(pagat):
    # pagat L96: a quiet Farbe is not played, forhont gets one unit from each (V6).
    assert saved(pagat, form_data(pagat, contract="game", trump="bells")).money == [
        40, -20, -20]
    # L18, L25: Farbe is forhont's; seat 2 may not play it.
    form = refused(pagat, form_data(pagat, declarer=2, contract="game", trump="bells"))
    assert "declarer" in form.errors


def test_pagat_table_of_four_the_dealer_sits_out():
    # pagat L108 (pauzírák): seat 4 deals and sits out, paying as a defender;
    # test_pagat_examples.test_10: hundred in hearts at 60 + 40 = 24 units to seat 1.
    world = voleny_world("pagat-voleny", players=8)
    response = keeper(world).get(page_url(world, entry="form"))
    assert len(response.context["seats"]) == 4
    record = saved(world, form_data(world, dealer=4, declarer=1, contract="hundred_hearts",
                                    trump="hearts", declarer_cards=60, declarer_marriages="40"))
    assert record.money == [480, -160, -160, -160]
    # The next dealer (seat 1) sits out: his declarer button is disabled ...
    html = keeper(world).get(page_url(world, entry="form")).content.decode()
    assert re.search(r'name="form-declarer"[^>]*value="1"[^>]*disabled', html)
    # ... and he cannot announce against the declarer either (not a defender holding cards).
    form = refused(world, form_data(world, dealer=1, declarer=2, contract="game",
                                    trump="bells", declarer_cards=60, against_seven_by=1,
                                    against_seven_result="won"))
    assert "against_seven_by" in form.errors


# --- preview and editing ----------------------------------------------------------------------


def test_preview_shows_the_announcement(csm):
    data = form_data(csm, contract="game", trump="bells", against_hundred_by=2,
                     declarer_cards=30, defence_marriages="40 20")
    before = version(csm)
    response = keeper(csm).post(url(csm, "preview"), data, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and "+2,40" in html and "sto proti" in html
    assert not HandRecord.objects.exists() and version(csm) == before


ROUND_TRIPS = [
    ("csm-voleny", "hk 100p@2 30:+40k+20z"),
    ("csm-voleny", "hc rh#21 40:+20"),
    ("csm-voleny", "hk 7p@3#1- 60"),
    ("csm-voleny", "hk 7p@3*2- 60"),
    ("csm-voleny", "hk 7p@3#1x 60"),
    ("csm-voleny", "hk 100p@2#12 30:+40k+20z"),
    ("pagat-voleny", "7za r7#21 sx h+ s-"),
    ("pagat-voleny", "7k 100p@3 20:+40k s+"),
    ("pagat-voleny", "od d-"),
]


@pytest.mark.parametrize(("code", "notation"), ROUND_TRIPS)
def test_edit_form_round_trips_the_stored_hand(code, notation):
    world = voleny_world(code)
    declarer = 3 if notation.startswith("od") else 1
    record = add_hand(sheet_of(world), notation, dealer=3, declarer=declarer,
                      by=world["users"]["keeper"])
    panel = keeper(world).get(page_url(world, hand=str(record.number), entry="form"))
    form = panel.context["panel"]["struct_form"]
    data = {}
    for name, value in form.initial.items():
        if value is None or value is False or value == "" or value == []:
            continue
        key = f"edit-form-{name}"
        data[key] = (" ".join(map(str, value)) if name.endswith("raised_by")
                     or name.startswith("raised_by_") else value)
    data["edit-form-reason"] = "kontrola"
    again = StructuredHandForm(data, prefix="edit-form", seats=seats_of(world),
                               ruleset=get_preset(code), with_reason=True)
    assert again.is_valid(), again.errors
    assert hand_to_dict(again.hand) == record.hand
    assert again.settlement.money == dict(enumerate(record.money, start=1))


def test_edit_by_the_form_changes_the_sedma_proti(csm):
    # notation.md V3 lost (200) edited to won: ČSM obecná VII.1 L240, flek doubles (V.5).
    add_hand(sheet_of(csm), "hk 7p@3#1- 60", dealer=3, declarer=1, by=csm["users"]["keeper"])
    html = keeper(csm).get(page_url(csm, hand="1", entry="form")).content.decode()
    assert re.search(r'name="edit-form-against_seven_raised_by"[^>]*value="1"', html)
    data = form_data(csm, prefix="edit-form", contract="game", trump="bells",
                     declarer_cards=60, against_seven_by=3, against_seven_raised_by="1",
                     against_seven_result="won", reason="sedma proti uhrána")
    response = keeper(csm).post(url(csm, "hand_edit", 1), data)
    assert response.status_code == 302, _errors(response)
    # hra +20; sedma proti won at flek: -80 per payer.
    assert HandRecord.objects.get().money == [-120, 60, 60]
