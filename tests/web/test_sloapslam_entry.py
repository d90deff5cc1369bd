"""The table page's structured entry for the SloapSlam club games (docs/sloapslam-ctyrka.md,
docs/sloapslam-krizovy.md): the čtyřka's honers (devítka, osma: announcer, trumps, raise
chain, result) and the trumps of an accepted seven; the bodovaný křížový's compulsory flek of
a trhák, the dohrávka after a renonc and the renoncs of the dohrávka.

The fields exist only where the ruleset has them (``marias_admin/sheets/forms_sloapslam.py``);
the engine's problems about them stand at those fields. Expected money comes from
docs/notation.md "SloapSlam examples" S1-S5 (tests/scoring/test_ctyrka_examples.py); lines
("SLS L28") cite ``rules/sloapslam-krizovy-a-honerovy.txt``. A table of four: seat 4 deals,
seat 1 is forhont and declares.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from marias_admin.printouts.selectors import table_sheets
from marias_admin.printouts.table_sheets import build_table_sheets, has_honours
from marias_admin.seating.models import Seat
from marias_admin.sheets.forms import StructuredHandForm
from marias_admin.sheets.models import HandRecord
from marias_admin.sheets.selectors import live_hands
from scoring import get_preset
from tests import factories
from tests.factories import sheet_of, version
from tests.web.helpers import (
    add_data,
    assert_pdf_inside,
    client_for,
    page_url,
    pdf_pieces,
    text,
    url,
)

pytestmark = pytest.mark.django_db

CTYRKA, KRIZOVY = "sloapslam-ctyrka", "sloapslam-krizovy"
HONOUR_FIELDS = {f"honour_{rank}_{part}" for rank in ("nine", "eight")
                 for part in ("by", "trumps", "level", "raised_by", "result")}
KRIZOVY_FIELDS = {"forced_flekers", "renonc_played_out", "renonc2_code", "renonc2_offender",
                  "renonc3_code", "renonc3_offender"}
ALL_FIELDS = HONOUR_FIELDS | KRIZOVY_FIELDS | {"seven_trumps"}


def make(code: str) -> dict:
    """Table 1 of round 1 (released) of a 16-player tournament under ``code``."""
    setup = factories.tournament(players=16, ruleset_code=code)
    round = factories.seated_round(setup, 1, state="released")
    factories.sheet(round)
    t = setup.tournament
    return {"t": t, "table": round.tables.get(number=1), "args": (t.pk, 1, 1),
            "setup": setup}


@pytest.fixture
def ctyrka():
    return make(CTYRKA)


@pytest.fixture
def krizovy():
    return make(KRIZOVY)


def keeper_of(world: dict) -> Any:
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


def refused(client: Any, world: dict, data: dict) -> Any:
    """POST a hand the engine or the form refuses: the page again, nothing saved."""
    before = HandRecord.objects.count()
    response = client.post(url(world, "hand_add"), data)
    assert response.status_code == 200
    assert HandRecord.objects.count() == before
    return response.context["struct_form"]


def _errors(response: Any) -> Any:
    for name in ("struct_form", "text_form"):
        if response.context and name in response.context:
            return response.context[name].errors
    return response.status_code


def errors_at(form: Any, name: str) -> str:
    return " ".join(str(e) for e in form.errors.get(name, []))


def edit_data(form: Any, world: dict, reason: str, **changes: Any) -> dict:
    """The edit form posted back as it opened, with ``changes``."""
    data = {"entry": "edit-form", "edit-form-reason": reason}
    for name in form.fields:
        value = form[name].value()
        if value in (None, "", [], (), False):
            continue
        if isinstance(value, (list, tuple)) and name in ("forced_flekers",):
            data[f"edit-form-{name}"] = list(value)
        elif isinstance(value, (list, tuple)):
            data[f"edit-form-{name}"] = " ".join(map(str, value))
        else:
            data[f"edit-form-{name}"] = value
    data["edit-form-version"] = version(world)
    data.update({f"edit-form-{name}": value for name, value in changes.items()})
    return data


# --- which fields ---------------------------------------------------------------------------


def test_the_ctyrka_form_has_the_honers(ctyrka):
    keeper = keeper_of(ctyrka)
    response = keeper.get(page_url(ctyrka, entry="form"))
    form = response.context["struct_form"]
    html = response.content.decode()
    assert HONOUR_FIELDS | {"seven_trumps"} <= set(form.fields)
    assert not KRIZOVY_FIELDS & set(form.fields)  # no trhák, no dohrávka (SLS L18, L38)
    for name in HONOUR_FIELDS | {"seven_trumps"}:
        assert f'name="form-{name}"' in html
    # In the scorekeeper's words: devítka (trick 6), osma (trick 7), trumfů.
    page = text(response)
    assert "devítka" in page and "osma" in page and "trumfů" in page
    assert html.index('data-honour="nine"') < html.index('data-honour="eight"')
    # The raise levels as the rules name them.
    assert [str(label) for _v, label in form.fields["honour_nine_level"].choices][1:3] == [
        "flek", "re"]


def test_the_krizovy_form_has_the_trhak_and_the_dohravka(krizovy):
    keeper = keeper_of(krizovy)
    response = keeper.get(page_url(krizovy, entry="form"))
    form = response.context["struct_form"]
    html = response.content.decode()
    assert set(form.fields) >= KRIZOVY_FIELDS
    assert not (HONOUR_FIELDS | {"seven_trumps"}) & set(form.fields)
    for name in KRIZOVY_FIELDS:
        assert f'name="form-{name}"' in html
    page = text(response)
    assert "trhák" in page and "dohrávka" in page
    # The renonc lines of the dohrávka offer the club's catalogue (C1-C8, B12, B5).
    codes = [v for v, _label in form.fields["renonc2_code"].choices]
    assert codes[0] == "" and "C1" in codes and "C3" in codes
    assert [v for v, _label in form.fields["forced_flekers"].choices] == [1, 2, 3, 4]


@pytest.mark.parametrize("code", ["csm-licitovany-2023", "szmk-voleny-2024", "csm-voleny",
                                  "pagat-voleny", "csm-krizovy"])
def test_other_rulesets_have_none_of_these_fields(code):
    form = StructuredHandForm(seats=list(Seat.objects.none()), ruleset=get_preset(code))
    assert not ALL_FIELDS & set(form.fields)
    hand: dict[str, Any] = {"renonc": {"code": "x", "offender": 1}}
    form.add_sloapslam_facts({}, hand)
    assert hand == {"renonc": {"code": "x", "offender": 1}}


def test_further_renoncs_are_labelled_by_the_reading():
    """§9.53: "in the dohrávka" only where a further renonc needs one (the default); under
    every_renonc_counts a hand without dohrávka has them too, so they are "further"."""
    from django.utils import translation

    from marias_admin.sheets.forms_sloapslam import FURTHER_LINES

    with translation.override("en"):
        labels = {}
        for only_first in (True, False):
            ruleset = get_preset(KRIZOVY).override(first_in_play_renonc_only=only_first)
            form = StructuredHandForm(seats=list(Seat.objects.none()), ruleset=ruleset)
            labels[only_first] = [str(form.fields[f"renonc{n}_code"].label)
                                  for n in FURTHER_LINES]
    assert labels[True] == ["Renonc 2 in the dohrávka", "Renonc 3 in the dohrávka"]
    assert labels[False] == ["Further renonc 2", "Further renonc 3"]


def test_every_compulsory_flek_part_is_translatable():
    """B/19's parts, betl and durch too, are worded in the page's language (a lazy text of
    the catalogue, not a literal the Slovak or English page would show as it is)."""
    from django.utils.functional import Promise

    from marias_admin.sheets.forms_sloapslam import FORCED_PARTS

    assert [value for value, _label in FORCED_PARTS] == ["", "game", "seven", "hundred", "betl",
                                                         "durch"]
    assert all(isinstance(label, Promise) for _value, label in FORCED_PARTS)


# --- S1-S5 by the form ------------------------------------------------------------------------


def test_s1_accepted_seven_by_its_trumps(ctyrka):
    # S1, SLS L24, L64-66: sedma kule accepted, not played; 2 trumps s výnosem: 2 points of
    # 2 Kč, the seven 2 and the hra 1 -> 7 Kč each loser pays one winner.
    keeper = keeper_of(ctyrka)
    record = saved(keeper, ctyrka, form_data(ctyrka, contract="seven", trump="bells",
                                             partner=2, seven_trumps=2))
    assert record.money == [700, 700, -700, -700]
    assert record.hand["premium"] == {"trumps": 2}
    assert record.description == "sedma kule, spoluhráč 2, trumfů 2"


def test_the_partners_seven_and_a_sedma_proti(ctyrka):
    # SLS L42, L46, L56: B (the partner) announced the accepted seven on 2 trumps, bez výnosu:
    # 3 points, 1 + 2 + 3 × 2 = 9 Kč (docs/sloapslam-ctyrka.md "Situations").
    keeper = keeper_of(ctyrka)
    record = saved(keeper, ctyrka, form_data(ctyrka, contract="seven", trump="bells",
                                             partner=2, seven_by=2, seven_trumps=2))
    assert record.money == [900, 900, -900, -900]
    assert record.hand["seven_by"] == 2
    assert record.hand["premium"] == {"seat_trumps": {"2": 2}}
    assert saved(keeper, ctyrka, add_data(ctyrka, "7k sp@2 7@2t2", 4, 1)).money == [
        900, 900, -900, -900]
    # SLS L16, OBE L250: C's sedma proti, won, against the hra won: −1 Kč a pair; played.
    record = saved(keeper, ctyrka, form_data(ctyrka, contract="game", trump="bells",
                                             partner=2, game_won="won", against_seven_by=3,
                                             against_seven_result="won"))
    assert record.money == [-100, -100, 100, 100]


def test_s2_devitka_fleked_and_re_d(ctyrka):
    # S2, SLS L28, L32: seat 1's devítka on 5 trumps, fleked by 3 and re'd by 1, so played;
    # it took trick 6.
    keeper = keeper_of(ctyrka)
    record = saved(keeper, ctyrka, form_data(
        ctyrka, contract="game", trump="acorns", partner=2, game_won="won",
        honour_nine_by=1, honour_nine_trumps=5, honour_nine_raised_by="3 1",
        honour_nine_result="won"))
    assert record.money == [900, 900, -900, -900]
    assert record.hand["honours"] == [{"rank": "nine", "by": 1, "trumps": 5,
                                       "raises": [3, 1], "won": True}]
    assert record.description == ("hra žaludy, spoluhráč 2, hra uhrána, devítka hráče 1 na "
                                  "5 trumfů (fleky 3, 1) uhrána")
    # The same hand by the shorthand is stored the same.
    text_record = saved(keeper, ctyrka, add_data(ctyrka, "hza sp@2 9@1t5#31+ h+", 4, 1))
    assert text_record.hand == record.hand and text_record.money == record.money
    # The level instead of the chain (the sheet without who raised): the same money.
    record = saved(keeper, ctyrka, form_data(
        ctyrka, contract="game", trump="acorns", partner=2, game_won="won",
        honour_nine_by=1, honour_nine_trumps=5, honour_nine_level=2,
        honour_nine_result="won"))
    assert record.money == [900, 900, -900, -900]


def test_two_honers_conceded_without_results(ctyrka):
    # L20-24: hra with a devítka (seat 1, 3 trumps: raised rate 4, L30) and an osma (seat 2,
    # 2 trumps: 4), nothing fleked: not played, the defence concedes 1 + 4 + 4 = 9 Kč.
    keeper = keeper_of(ctyrka)
    record = saved(keeper, ctyrka, form_data(
        ctyrka, contract="game", trump="acorns", partner=2, honour_nine_by=1,
        honour_nine_trumps=3, honour_eight_by=2, honour_eight_trumps=2))
    assert record.money == [900, 900, -900, -900]
    assert [h["rank"] for h in record.hand["honours"]] == ["nine", "eight"]


def test_s3_renonc_at_the_presumed_play(ctyrka):
    # S3, SLS L38: D revokes; the presumed play (re on the sedma) is paid by him for his side.
    # The čtyřka's form records the level (no chains of the volený families).
    keeper = keeper_of(ctyrka)
    record = saved(keeper, ctyrka, form_data(
        ctyrka, contract="seven", trump="bells", partner=2, doubling_seven=2,
        game_won="won", seven_won="won", renonc_code="L38", renonc_offender=4))
    assert record.money == [900, 900, 0, -1800]


def test_s4_the_fleker_pays_and_the_trhak_does_not(krizovy):
    # S4, B/10 L186: C fleks the scored sedma, A re; C pays above D's unfleked share.
    keeper = keeper_of(krizovy)
    record = saved(keeper, krizovy, form_data(
        krizovy, contract="seven", trump="bells", partner=2, raised_by_seven="3 1",
        game_won="won", seven_won="won"))
    assert record.money == [180, 180, -300, -60]
    # B/19 L204: the same flek compulsory (trhák): C pays only his own share.
    record = saved(keeper, krizovy, form_data(
        krizovy, contract="seven", trump="bells", partner=2, raised_by_seven="3 1",
        game_won="won", seven_won="won", forced_flekers=[3]))
    assert record.money == [180, 180, -180, -180]
    assert record.hand["forced_flekers"] == [3]
    text_record = saved(keeper, krizovy, add_data(krizovy, "7k sp@2 r7#31 h+ s+ trh@3", 4, 1))
    assert text_record.hand == record.hand and text_record.money == record.money


def test_trhak_forced_on_one_part_fleks_another_freely(krizovy):
    # B/19 L204, B/10 L186: C's flek on the hra is compulsory, his flek on the sedma free;
    # A re's both. He pays D's surplus on the sedma only (docs/sloapslam-krizovy.md
    # "Situations").
    keeper = keeper_of(krizovy)
    data = dict(contract="seven", trump="bells", partner=2, raised_by_game="3 1",
                raised_by_seven="3 1", game_won="won", seven_won="won", forced_flekers=[3])
    record = saved(keeper, krizovy, form_data(krizovy, **data, forced_part="game"))
    assert record.hand["doublings"]["game"] == {"raises": [3, 1], "forced": [3]}
    assert "forced_flekers" not in record.hand
    text_record = saved(keeper, krizovy, add_data(
        krizovy, "7k sp@2 rh#31 r7#31 h+ s+ trhh@3", 4, 1))
    assert text_record.hand == record.hand and text_record.money == record.money
    every = saved(keeper, krizovy, form_data(krizovy, **data))
    assert record.money != every.money and sum(record.money) == 0


def test_s5_dohravka_and_a_further_renonc(krizovy):
    # S5, D3-D4 L254-260: C revokes, the hand is played out (hra won), D revokes in the
    # dohrávka: the result stands and each renonc costs a paušál.
    keeper = keeper_of(krizovy)
    record = saved(keeper, krizovy, form_data(
        krizovy, contract="game_hearts", trump="hearts", partner=2, game_won="won",
        renonc_code="C1", renonc_offender=3, renonc_played_out="on",
        renonc2_code="C3", renonc2_offender=4))
    assert record.money == [440, 440, -440, -440]
    assert record.hand["renonc"] == {"code": "C1", "offender": 3, "played_out": True}
    assert record.hand["further_renoncs"] == [{"code": "C3", "offender": 4}]
    assert record.description == (
        "hra červená, spoluhráč 2, hra uhrána, renonc C1 (nepřiznání barvy) hráče 3, "
        "dohrávka, renonc C3 (nesprávné vynesení) hráče 4")
    text_record = saved(keeper, krizovy, add_data(krizovy, "hc sp@2 h+ !c1@3 dohr !c3@4", 4, 1))
    assert text_record.hand == record.hand and text_record.money == record.money
    # The third line alone (the second left empty) is the hand's one further renonc.
    record = saved(keeper, krizovy, form_data(
        krizovy, contract="game_hearts", trump="hearts", partner=2, game_won="won",
        renonc_code="C1", renonc_offender=3, renonc_played_out="on",
        renonc3_code="C3", renonc3_offender=4))
    assert record.money == [440, 440, -440, -440]


def test_a_renonc_that_ends_the_dohravka(krizovy):
    # D4 L260: A revokes in the dohrávka and C + D ask for no further dohrávka: A's renonc
    # decides the hand at the basic rate, each renonc a paušál (docs/sloapslam-krizovy.md
    # "Situations").
    keeper = keeper_of(krizovy)
    record = saved(keeper, krizovy, form_data(
        krizovy, contract="game_hearts", trump="hearts", partner=2, game_won="won",
        renonc_code="C1", renonc_offender=3, renonc_played_out="on",
        renonc2_code="C3", renonc2_offender=1, renonc_decisive="on"))
    assert record.money == [-480, 400, -360, 440]
    assert record.hand["further_renoncs"] == [{"code": "C3", "offender": 1, "decisive": True}]
    text_record = saved(keeper, krizovy, add_data(
        krizovy, "hc sp@2 h+ !c1@3 dohr !c3@1 bez dohr", 4, 1))
    assert text_record.hand == record.hand and text_record.money == record.money


# --- refusals ---------------------------------------------------------------------------------


def test_honer_refusals_stand_at_their_fields(ctyrka):
    keeper = keeper_of(ctyrka)
    base = {"contract": "game", "trump": "acorns", "partner": 2, "game_won": "won"}
    # L30, L46: the rate depends on the announcer's trumps.
    form = refused(keeper, ctyrka, form_data(ctyrka, **base, honour_nine_by=1,
                                             honour_nine_raised_by="3 1",
                                             honour_nine_result="won"))
    assert "počet trumfů" in errors_at(form, "honour_nine_trumps")
    # A played (fleked and re'd) honer needs its result.
    form = refused(keeper, ctyrka, form_data(ctyrka, **base, honour_nine_by=1,
                                             honour_nine_trumps=5,
                                             honour_nine_raised_by="3 1"))
    assert "zda vzal svůj zdvih" in errors_at(form, "honour_nine_result")
    # The other side says flek first: the declarer cannot flek his own devítka.
    form = refused(keeper, ctyrka, form_data(ctyrka, **base, honour_eight_by=1,
                                             honour_eight_trumps=5,
                                             honour_eight_raised_by="1 3",
                                             honour_eight_result="won"))
    assert errors_at(form, "honour_eight_raised_by")
    assert not errors_at(form, "honour_nine_by")
    # A chain longer than the level chosen beside it.
    form = refused(keeper, ctyrka, form_data(ctyrka, **base, honour_nine_by=1,
                                             honour_nine_trumps=5, honour_nine_level=1,
                                             honour_nine_raised_by="3 1",
                                             honour_nine_result="won"))
    assert errors_at(form, "honour_nine_raised_by")
    # A honer needs trumps: not in a betl.
    form = refused(keeper, ctyrka, form_data(ctyrka, contract="betl", betl_won="won",
                                             honour_nine_by=1, honour_nine_trumps=5))
    assert "hře s trumfy" in errors_at(form, "honour_nine_by")
    # The form's own: trumps without who announced; trumps outside 1..8.
    form = refused(keeper, ctyrka, form_data(ctyrka, **base, honour_eight_trumps=4))
    assert errors_at(form, "honour_eight_by")
    form = refused(keeper, ctyrka, form_data(ctyrka, **base, honour_eight_by=2,
                                             honour_eight_trumps=9))
    assert errors_at(form, "honour_eight_trumps")
    # S1 without the seven's trumps: the accepted seven cannot be paid (L62-68).
    form = refused(keeper, ctyrka, form_data(ctyrka, contract="seven", trump="bells",
                                             partner=2))
    assert "podle počtu trumfů" in errors_at(form, "seven_trumps")


def test_krizovy_refusals_stand_at_their_fields(krizovy):
    keeper = keeper_of(krizovy)
    base = {"contract": "game_hearts", "trump": "hearts", "partner": 2, "game_won": "won"}
    # B/19: a compulsory flek is a flek; seat 4 did not flek.
    form = refused(keeper, krizovy, form_data(
        krizovy, contract="seven", trump="bells", partner=2, raised_by_seven="3 1",
        game_won="won", seven_won="won", forced_flekers=[4]))
    assert "povinný flek" in errors_at(form, "forced_flekers")
    # D4: a further renonc only in a dohrávka.
    form = refused(keeper, krizovy, form_data(krizovy, **base, renonc_code="C1",
                                              renonc_offender=3, renonc2_code="C3",
                                              renonc2_offender=4))
    assert "dohrávky" in errors_at(form, "renonc2_code")
    # B/7, D1: commenting out of order (C7) costs the paušál only; no dohrávka.
    form = refused(keeper, krizovy, form_data(krizovy, **base, renonc_code="C7",
                                              renonc_offender=3, renonc_played_out="on"))
    assert "Dohrávku" in errors_at(form, "renonc_played_out")
    # The form's own: a dohrávka without the renonc; a renonc line without its offender or
    # an offender without the renonc.
    form = refused(keeper, krizovy, form_data(krizovy, **base, renonc_played_out="on"))
    assert errors_at(form, "renonc_code")
    form = refused(keeper, krizovy, form_data(krizovy, **base, renonc_code="C1",
                                              renonc_offender=3, renonc_played_out="on",
                                              renonc2_code="C3"))
    assert errors_at(form, "renonc2_offender")
    form = refused(keeper, krizovy, form_data(krizovy, **base, renonc_code="C1",
                                              renonc_offender=3, renonc_played_out="on",
                                              renonc3_offender=4))
    assert errors_at(form, "renonc3_code")


def test_the_preview_of_a_honer(ctyrka):
    keeper = keeper_of(ctyrka)
    response = keeper.post(url(ctyrka, "preview"), form_data(
        ctyrka, contract="game", trump="acorns", partner=2, game_won="won",
        honour_nine_by=1, honour_nine_trumps=5, honour_nine_raised_by="3 1",
        honour_nine_result="won"), HTTP_HX_REQUEST="true")
    preview = response.context["preview"]
    assert preview["ok"] and "devítka hráče 1" in preview["description"]
    assert HandRecord.objects.count() == 0
    response = keeper.post(url(ctyrka, "preview"), form_data(
        ctyrka, contract="game", trump="acorns", partner=2, game_won="won",
        honour_nine_by=1, honour_nine_raised_by="3 1", honour_nine_result="won"),
        HTTP_HX_REQUEST="true")
    assert not response.context["preview"]["ok"]


# --- editing ----------------------------------------------------------------------------------


def test_edit_round_trip_of_a_honer(ctyrka):
    keeper = keeper_of(ctyrka)
    saved(keeper, ctyrka, form_data(
        ctyrka, contract="game", trump="acorns", partner=2, game_won="won",
        honour_nine_by=1, honour_nine_trumps=5, honour_nine_raised_by="3 1",
        honour_nine_result="won"))
    saved(keeper, ctyrka, form_data(ctyrka, contract="seven", trump="bells", partner=2,
                                    seven_trumps=2))
    response = keeper.get(page_url(ctyrka, hand="1", entry="form"))
    form = response.context["panel"]["struct_form"]
    assert form.initial["honour_nine_by"] == 1 and form.initial["honour_nine_trumps"] == 5
    assert form.initial["honour_nine_raised_by"] == [3, 1]
    assert form.initial["honour_nine_result"] == "won"
    html = response.content.decode()
    assert re.search(r'name="edit-form-honour_nine_raised_by"[^>]*value="3 1"', html)
    # The devítka did not take trick 6 after all.
    response = keeper.post(url(ctyrka, "hand_edit", 1), edit_data(
        form, ctyrka, "devítka prohrána", honour_nine_result="lost"))
    assert response.status_code == 302, response.context["panel"]["struct_form"].errors
    record = HandRecord.objects.get(number=1)
    assert record.hand["honours"][0]["won"] is False
    assert record.money == [-700, -700, 700, 700]
    # The seven's trumps come back into their field; unchanged, the money stays.
    form = keeper.get(page_url(ctyrka, hand="2", entry="form")).context["panel"]["struct_form"]
    assert form.initial["seven_trumps"] == 2
    response = keeper.post(url(ctyrka, "hand_edit", 2), edit_data(form, ctyrka, "kontrola"))
    assert response.status_code == 302, response.context["panel"]["struct_form"].errors
    assert HandRecord.objects.get(number=2).money == [700, 700, -700, -700]


def test_edit_round_trip_of_a_dohravka(krizovy):
    keeper = keeper_of(krizovy)
    saved(keeper, krizovy, form_data(
        krizovy, contract="game_hearts", trump="hearts", partner=2, game_won="won",
        renonc_code="C1", renonc_offender=3, renonc_played_out="on",
        renonc2_code="C3", renonc2_offender=4))
    saved(keeper, krizovy, form_data(
        krizovy, contract="seven", trump="bells", partner=2, raised_by_seven="3 1",
        game_won="won", seven_won="won", forced_flekers=[3]))
    form = keeper.get(page_url(krizovy, hand="1", entry="form")).context["panel"][
        "struct_form"]
    assert form.initial["renonc_played_out"] is True
    assert (form.initial["renonc2_code"], form.initial["renonc2_offender"]) == ("C3", 4)
    # Edit: D's renonc in the dohrávka was C4, not C3.
    response = keeper.post(url(krizovy, "hand_edit", 1), edit_data(
        form, krizovy, "C4", renonc2_code="C4"))
    assert response.status_code == 302, response.context["panel"]["struct_form"].errors
    record = HandRecord.objects.get(number=1)
    assert record.hand["further_renoncs"] == [{"code": "C4", "offender": 4}]
    assert record.hand["renonc"]["played_out"] is True
    assert record.money == [440, 440, -440, -440]
    # The trhák comes back checked; removing it makes C pay above D's share again (B/10).
    response = keeper.get(page_url(krizovy, hand="2", entry="form"))
    form = response.context["panel"]["struct_form"]
    assert form.initial["forced_flekers"] == [3]
    assert re.search(r'name="edit-form-forced_flekers" value="3"[^>]*checked', response.content
                     .decode())
    data = edit_data(form, krizovy, "flek nebyl povinný")
    del data["edit-form-forced_flekers"]
    response = keeper.post(url(krizovy, "hand_edit", 2), data)
    assert response.status_code == 302, response.context["panel"]["struct_form"].errors
    record = HandRecord.objects.get(number=2)
    assert "forced_flekers" not in record.hand and record.money == [180, 180, -300, -60]


# --- the printed table sheet --------------------------------------------------------------------


def _pdf_text(content: bytes) -> str:
    return " ".join(piece[1] for piece in pdf_pieces(content))


def test_the_ctyrka_table_sheet_has_a_honers_column_and_fits(ctyrka):
    t = ctyrka["t"]
    sheets = table_sheets(t, t.rounds.get(number=1), lambda path: "http://hall" + path)
    assert has_honours(sheets[0].info)  # the preset's honers (SloapSlam L28-32)
    content = build_table_sheets(sheets)
    assert_pdf_inside("ctyrka sheets with honers", content)
    printed = _pdf_text(content)
    assert "Honéry" in printed and "9 / 8" in printed and "Spoluhráč" in printed
    # Other rules: no such column.
    other = factories.tournament(players=16, ruleset_code="csm-krizovy", prefix="k-")
    round_ = factories.seated_round(other, 1)
    sheets = table_sheets(other.tournament, round_, lambda path: "http://h" + path)
    assert not has_honours(sheets[0].info)
    content = build_table_sheets(sheets)
    assert_pdf_inside("krizovy sheets", content)
    assert "Honéry" not in _pdf_text(content)
