"""The table page: entering hands (shorthand, form, paper copy), the live preview, corrections,
totals, reconciliation, confirmation, conflicts and the page's cost in queries.

The ``world`` (``factories.make_world()``) comes from the conftest.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Table
from marias_admin.sheets.models import HandRecord, SheetMode, SheetState
from marias_admin.sheets.selectors import live_hands
from tests.factories import (
    add_hands,
    make_world,
    sheet_of,
    version,
)
from tests.web.helpers import add_data, client_for, messages_of, page_url, text, url

pytestmark = pytest.mark.django_db


# --- the world and small helpers ------------------------------------------------------------


@pytest.fixture
def keeper(world):
    return client_for(world["users"]["keeper"])


# --- entering hands ---------------------------------------------------------------------------


def test_add_by_shorthand_shows_the_running_account(world, keeper):
    response = keeper.post(url(world, "hand_add"), add_data(world, "7k+", 1, 2))
    assert response.status_code == 302 and response["Location"].endswith("#entry")
    response = keeper.post(url(world, "hand_add"),
                           add_data(world, "100+7c f100 60+40 s+", 2, 3), follow=True)
    assert messages_of(response)[-1] == ("Hra 2 uložena: sto a sedma červených, flek na sto, "
                                         "body 60 + 40 : 30, sedma uhrána")
    hands = list(live_hands(sheet_of(world)))
    assert [h.money for h in hands] == [[-60, 180, -60, -60], [-400, -400, 1200, -400]]
    assert hands[1].notation == "100+7c f100 60+40 s+"
    page = text(keeper.get(page_url(world)))
    assert "sto a sedma červených, flek na sto, body 60 + 40 : 30, sedma uhrána" in page
    assert "−4,60" in page and "+11,40" in page  # seat 1 and seat 3 after two hands
    # The next hand is dealt by seat 3, who also sits out: preset and disabled.
    response = keeper.get(page_url(world))
    form = response.context["text_form"]
    assert form["dealer"].value() == 3 and form.sitter == 3
    assert re.search(r'name="text-declarer"[^>]*value="3"[^>]*disabled', response.content.decode())


@pytest.mark.parametrize("entry", ["text", "form"])
def test_a_hand_post_settles_once(world, keeper, monkeypatch, entry):
    # Issue 22: the form builds the hand, the service settles it once and stores what the
    # page shows (wherever the sheet app calls the engine, the calls are counted).
    from marias_admin.sheets.forms import hand as hand_forms
    from marias_admin.sheets.services import hands as hand_services

    calls = []

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    real = hand_services.settle
    for module in (hand_forms, hand_services):
        monkeypatch.setattr(module, "settle", counting)
    data = (add_data(world, "100+7c f100 60+40 s+", 2, 3) if entry == "text" else
            {"entry": "form", "form-version": version(world), "form-dealer": 2,
             "form-declarer": 3, "form-contract": "hundred_seven_hearts",
             "form-trump": "hearts", "form-doubling_hundred": 1, "form-declarer_cards": 60,
             "form-declarer_marriages": "40", "form-seven_won": "won"})
    response = keeper.post(url(world, "hand_add"), data)
    assert response.status_code == 302
    assert len(calls) == 1
    assert HandRecord.objects.get().money == [-400, -400, 1200, -400]


def test_a_hand_the_engine_refuses_on_saving_is_shown_as_before(world, keeper):
    # The engine's refusal now comes from the service's settlement: still at the field, and
    # in the preview, as when the form settled (issue 22). Seat 1 deals and sits out.
    before = version(world)
    response = keeper.post(url(world, "hand_add"), add_data(world, "7k+", 1, 1))
    assert response.status_code == 200
    errors = response.context["text_form"].errors
    assert list(errors) == ["declarer"]
    preview = response.context["preview"]
    assert preview["ok"] is False and preview["errors"] == [
        f"{response.context['text_form'].fields['declarer'].label}: {errors['declarer'][0]}"]
    assert not HandRecord.objects.exists() and version(world) == before


def test_add_by_the_structured_form(world, keeper):
    response = keeper.get(page_url(world, entry="form"))
    assert "struct_form" in response.context and "text_form" not in response.context
    assert 'name="form-doubling_hundred"' in response.content.decode()
    data = {"entry": "form", "form-version": version(world), "form-dealer": 2,
            "form-declarer": 3, "form-contract": "hundred_seven_hearts", "form-trump": "hearts",
            "form-doubling_hundred": 1, "form-declarer_cards": 60,
            "form-declarer_marriages": "40", "form-seven_won": "won"}
    response = keeper.post(url(world, "hand_add"), data)
    assert response.status_code == 302
    record = HandRecord.objects.get()
    assert record.money == [-400, -400, 1200, -400]
    assert record.description == ("sto a sedma červených, flek na sto, body 60 + 40 : 30, "
                                  "sedma uhrána")


def test_structured_form_errors_stand_next_to_their_fields(world, keeper):
    data = {"entry": "form", "form-version": version(world), "form-dealer": 1,
            "form-declarer": 2, "form-contract": "seven", "form-game_won": "won",
            "form-seven_won": "won", "form-declarer_cards": 75}
    response = keeper.post(url(world, "hand_add"), data)
    assert response.status_code == 200
    form = response.context["struct_form"]
    assert "trump" in form.errors and "declarer_cards" in form.errors
    assert not HandRecord.objects.exists()


def test_shorthand_errors_point_at_the_character(world, keeper):
    response = keeper.post(url(world, "hand_add"), add_data(world, "7q+", 1, 2))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<pre class="caret" aria-hidden="true">7q+\n ^</pre>' in html
    assert "na znaku 2" in text(response)
    # The sitter (the dealer at a table of four) cannot declare: the error is at the buttons.
    response = keeper.post(url(world, "hand_add"), add_data(world, "7k+", 2, 2))
    assert "declarer" in response.context["text_form"].errors
    # A contract without a declarer.
    data = add_data(world, "7k+", 1, 2)
    del data["text-declarer"]
    response = keeper.post(url(world, "hand_add"), data)
    assert "declarer" in response.context["text_form"].errors
    assert not HandRecord.objects.exists()


def test_a_renonc_line_needs_no_declarer(world, keeper):
    data = add_data(world, "!e3b@1", 1, 2)
    del data["text-declarer"]
    assert keeper.post(url(world, "hand_add"), data).status_code == 302
    record = HandRecord.objects.get()
    assert record.money == [-600, 200, 200, 200]


def test_paper_copy_with_a_mismatch_is_flagged_per_player(world, keeper):
    data = add_data(world, "sedma kule, hra uhrána, sedma uhrána", 1, 2,
                    paper=["−0,60", "2,00", "-0.80", "-0,60"])
    response = keeper.post(url(world, "hand_add"), data, follow=True)
    assert any("liší se od papírového lístku" in m for m in messages_of(response))
    record = HandRecord.objects.get()
    assert record.paper_money == [-60, 200, -80, -60] and record.mismatch
    rows = response.context["rows"]
    assert [c.differs for c in rows[0].cells] == [False, True, True, False]
    assert rows[0].mismatch_open
    html = response.content.decode()
    assert html.count('class="paper differs"') == 2
    # The paper must be complete: one amount missing is an error at that player.
    data = add_data(world, "7k+", 2, 3, paper=["1", "", "-1", "0"])
    response = keeper.post(url(world, "hand_add"), data)
    assert "paper_2" in response.context["text_form"].errors
    # Submitting is refused until the hand is corrected or accepted.
    response = keeper.post(url(world, "submit"), {"submit-version": version(world)},
                           follow=True)
    assert sheet_of(world).state == SheetState.DRAFT
    assert messages_of(response) == ["Hry 1 se liší od papírového lístku: opravte je, "
                                     "nebo zavolejte rozhodčího."]


def test_preview_saves_nothing(world, keeper):
    data = add_data(world, "100+7c f100 60+40 s+", 2, 3, paper=["-4", "-4", "12", "-4"])
    before = version(world)
    response = keeper.post(url(world, "preview"), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "+12,00" in html and "sto a sedma červených" in html
    assert "flek" in html  # the itemised lines
    # Without JavaScript: the Preview button of the add form renders the whole page.
    response = keeper.post(url(world, "hand_add"), {**data, "preview": "1"})
    assert response.status_code == 200
    page = text(response)
    assert "+12,00" in page and response.context["text_form"]["notation"].value() == (
        "100+7c f100 60+40 s+")
    # ... and the preview URL without htmx too.
    assert keeper.post(url(world, "preview"), data).status_code == 200
    # An error with its caret; empty text previews nothing.
    response = keeper.post(url(world, "preview"), add_data(world, "100+7q", 2, 3),
                           HTTP_HX_REQUEST="true")
    assert "100+7q\n     ^" in response.content.decode()
    response = keeper.post(url(world, "preview"), add_data(world, "", 2, 3),
                           HTTP_HX_REQUEST="true")
    assert response.content.decode().strip() == ""
    structured = {"entry": "form", "form-version": before, "form-dealer": 1,
                  "form-declarer": 2, "form-contract": "betl", "form-betl_won": "lost",
                  "form-doubling_betl": 1}
    response = keeper.post(url(world, "preview"), structured, HTTP_HX_REQUEST="true")
    assert "+6,00" in response.content.decode()
    assert not HandRecord.objects.exists() and version(world) == before


def test_the_page_carries_htmx_and_the_live_preview_trigger(world, keeper):
    html = keeper.get(page_url(world)).content.decode()
    trigger = "input changed delay:300ms, keyup changed delay:300ms, change"
    assert "htmx" in html and f'hx-trigger="{trigger}"' in html
    assert f'hx-post="{url(world, "preview")}"' in html


# --- corrections ------------------------------------------------------------------------------


def test_edit_and_delete_need_a_reason_and_show_in_the_history(world, keeper):
    add_hands(world, 1)
    organiser = client_for(world["users"]["organiser"])
    edit = {"entry": "edit-text", "edit-text-version": version(world), "edit-text-dealer": 1,
            "edit-text-declarer": 2, "edit-text-notation": "7k-", "edit-text-reason": ""}
    response = keeper.post(url(world, "hand_edit", 1), edit)
    assert response.status_code == 200
    assert "reason" in response.context["panel"]["text_form"].errors
    edit["edit-text-reason"] = "překlep"
    assert keeper.post(url(world, "hand_edit", 1), edit).status_code == 302
    assert HandRecord.objects.get().money == [60, -180, 60, 60]
    # The history is for referees and organisers.
    panel = organiser.get(page_url(world, hand="1")).context["panel"]
    assert [h["entry"].action for h in panel["history"]] == ["hand.add", "hand.edit"]
    assert panel["history"][1]["entry"].reason == "překlep"
    assert "sedma kule, hra prohrána, sedma prohrána" in panel["history"][1]["after"]
    assert keeper.get(page_url(world, hand="1")).context["panel"]["history"] is None
    # The edit form opens with the hand's shorthand.
    keeper_panel = keeper.get(page_url(world, hand="1")).context["panel"]
    assert keeper_panel["text_form"]["notation"].value() == "7k h- s-"
    # Delete: the reason again; then the hand is gone from the account but not the database.
    delete = {"delete-version": version(world), "delete-reason": ""}
    assert keeper.post(url(world, "hand_delete", 1), delete).status_code == 200
    delete["delete-reason"] = "duplicita"
    assert keeper.post(url(world, "hand_delete", 1), delete).status_code == 302
    response = keeper.get(page_url(world))
    # The deleted hand stays as a marker row, so the numbering has no silent gap (issue 13).
    assert [(r.marker, r.cells) for r in response.context["rows"]] == [(True, [])]
    assert HandRecord.objects.count() == 1
    assert "Ukázat" not in text(response)  # the toggle is for referees and organisers
    response = organiser.get(page_url(world, deleted="1"))
    assert [r.deleted for r in response.context["rows"]] == [True]
    assert "duplicita" in text(response)
    assert AuditEntry.objects.get(action="hand.delete").reason == "duplicita"
    # A deleted hand cannot be edited any more.
    edit["edit-text-version"] = version(world)
    assert keeper.post(url(world, "hand_edit", 1), edit).status_code == 404


def test_structured_edit_keeps_the_paper_amounts(world, keeper):
    keeper.post(url(world, "hand_add"), add_data(world, "7k+", 1, 2,
                                                 paper=["-0,60", "1,80", "-0,60", "-0,60"]))
    panel = keeper.get(page_url(world, hand="1", entry="form")).context["panel"]
    initial = panel["struct_form"].initial
    assert initial["contract"] == "seven" and initial["seven_won"] == "won"
    data = {"entry": "edit-form", "edit-form-version": version(world), "edit-form-dealer": 1,
            "edit-form-declarer": 2, "edit-form-contract": "seven", "edit-form-trump": "bells",
            "edit-form-game_won": "won", "edit-form-seven_won": "lost",
            "edit-form-reason": "sedma nevyšla"}
    assert keeper.post(url(world, "hand_edit", 1), data).status_code == 302
    record = HandRecord.objects.get()
    assert record.paper_money == [-60, 180, -60, -60] and record.mismatch


# --- totals and reconciliation ----------------------------------------------------------------


def test_totals_mode_enforces_zero_sum(world, keeper):
    data = {"totals-version": version(world), "totals-money_1": "1,00",
            "totals-money_2": "-0,50", "totals-money_3": "0", "totals-money_4": "0",
            "totals-pb_1": "20"}
    response = keeper.post(url(world, "totals"), data)
    assert response.status_code == 200
    assert "Součet ZB musí být nula; je +0,50 Kč." in text(response)
    data["totals-money_3"] = "-0,50"
    data["totals-pb_4"] = "7,5"
    assert keeper.post(url(world, "totals"), data).status_code == 302
    sheet = sheet_of(world)
    assert sheet.mode == SheetMode.TOTALS
    assert [sheet.total_money_1, sheet.total_money_2, sheet.total_money_3,
            sheet.total_money_4] == [100, -50, -50, 0]
    assert sheet.total_pb_4 == Decimal("7.5")
    response = keeper.get(page_url(world))
    assert "text_form" not in response.context  # no hand entry in totals mode
    assert "+1,00" in text(response) and "7,5" in text(response)
    assert keeper.post(url(world, "submit"), {"submit-version": version(world)}
                       ).status_code == 302
    assert sheet_of(world).state == SheetState.SUBMITTED


def test_reconciliation_flags_every_differing_player(world, keeper):
    add_hands(world, 2)  # 7k+ twice: seats [-60, 180, -60, -60] then [-60, -60, 180, -60]
    data = {"paper-version": version(world), "paper-money_1": "-1,20",
            "paper-money_2": "1,20", "paper-money_3": "1,00", "paper-money_4": ""}
    assert keeper.post(url(world, "paper_totals"), data).status_code == 302
    response = keeper.get(page_url(world))
    diffs = response.context["differences"]
    assert [d["money_differs"] for d in diffs] == [False, False, True, False]
    # the difference is named as one (hands minus paper), not a bare second amount
    assert re.search(r"≠ .*\+0,20", text(response)) and "≠ +0,20" not in text(response)


# --- state ------------------------------------------------------------------------------------


def test_submit_confirm_by_another_dispute_reopen(world, keeper):
    add_hands(world, 1)
    assert keeper.post(url(world, "submit"), {"submit-version": version(world)}
                       ).status_code == 302
    assert sheet_of(world).state == SheetState.SUBMITTED
    # The submitter sees no confirm button and is refused with a message.
    response = keeper.get(page_url(world))
    assert "confirm_form" not in response.context
    response = keeper.post(url(world, "confirm"), {"confirm-version": version(world)},
                           follow=True)
    assert sheet_of(world).state == SheetState.SUBMITTED
    assert any("musí potvrdit někdo jiný" in m for m in messages_of(response))
    # Another player at the table confirms.
    seated = client_for(world["users"]["seated"])
    assert "confirm_form" in seated.get(page_url(world)).context
    seated.post(url(world, "confirm"), {"confirm-version": version(world)})
    sheet = sheet_of(world)
    assert sheet.state == SheetState.CONFIRMED and sheet.confirmed_by == world["users"]["seated"]
    # Nobody writes into a confirmed sheet.
    response = keeper.post(url(world, "hand_add"), add_data(world, "7k+", 2, 3))
    assert response.status_code == 200 and HandRecord.objects.count() == 1
    # The referee disputes (a reason is required) and reopens.
    referee = client_for(world["users"]["referee"])
    response = referee.post(url(world, "dispute"), {"dispute-version": version(world),
                                                    "dispute-reason": ""})
    assert response.status_code == 200 and sheet_of(world).state == SheetState.CONFIRMED
    referee.post(url(world, "dispute"), {"dispute-version": version(world),
                                         "dispute-reason": "hráč 3 nesouhlasí"})
    assert sheet_of(world).state == SheetState.DISPUTED
    referee.post(url(world, "reopen"), {"reopen-version": version(world),
                                        "reopen-reason": "oprava hry 1"})
    assert sheet_of(world).state == SheetState.DRAFT
    assert AuditEntry.objects.filter(action="sheet.disputed", reason="hráč 3 nesouhlasí"
                                     ).exists()


def test_organiser_assigns_the_scorekeeper(world):
    organiser = client_for(world["users"]["organiser"])
    other = world["users"]["scorekeeper"]
    response = organiser.post(url(world, "scorekeeper"), {
        "scorekeeper-version": version(world), "scorekeeper-scorekeeper": other.pk})
    assert response.status_code == 302 and sheet_of(world).scorekeeper == other
    entry = AuditEntry.objects.filter(action="sheet.scorekeeper").latest("id")
    assert entry.after == {"scorekeeper": other.pk}
    # Only users with the scorekeeper role are offered.
    response = organiser.post(url(world, "scorekeeper"), {
        "scorekeeper-version": version(world),
        "scorekeeper-scorekeeper": world["users"]["plain"].pk})
    assert response.status_code == 200
    assert "scorekeeper" in response.context["scorekeeper_form"].errors
    # The old keeper no longer writes; the new one does.
    assert client_for(world["users"]["keeper"]).post(
        url(world, "hand_add"), add_data(world)).status_code == 403
    assert client_for(other).post(url(world, "hand_add"), add_data(world)).status_code == 302


# --- concurrency ------------------------------------------------------------------------------


def test_second_writer_gets_the_conflict_and_the_current_state(world):
    first = client_for(world["users"]["keeper"])
    second = client_for(world["users"]["referee"])
    seen_first = first.get(page_url(world)).context["sheet"].version
    seen_second = second.get(page_url(world)).context["sheet"].version
    assert seen_first == seen_second
    assert first.post(url(world, "hand_add"),
                      add_data(world, "7k+", 1, 2, ver=seen_first)).status_code == 302
    response = second.post(url(world, "hand_add"), add_data(world, "d+", 1, 3, ver=seen_second))
    assert response.status_code == 409
    page = text(response)
    assert "Někdo jiný" in page
    assert "sedma kule, hra uhrána, sedma uhrána" in page  # the first writer's hand
    form = response.context["text_form"]
    assert form["notation"].value() == "d+" and int(form["version"].value()) == version(world)
    assert HandRecord.objects.count() == 1
    # Saving again, now knowingly, works.
    data = add_data(world, "d+", 1, 3, ver=int(form["version"].value()))
    assert second.post(url(world, "hand_add"), data).status_code == 302
    assert HandRecord.objects.count() == 2


def test_conflicting_edit_and_totals_are_refused_too(world, keeper):
    add_hands(world, 1)
    stale = version(world)
    add_hands(world, 1)
    edit = {"entry": "edit-text", "edit-text-version": stale, "edit-text-dealer": 1,
            "edit-text-declarer": 2, "edit-text-notation": "7k-", "edit-text-reason": "x"}
    response = keeper.post(url(world, "hand_edit", 1), edit)
    assert response.status_code == 409
    assert response.context["panel"]["text_form"]["notation"].value() == "7k-"
    response = keeper.post(url(world, "paper_totals"), {"paper-version": stale,
                                                        "paper-money_1": "1"})
    assert response.status_code == 409 and sheet_of(world).paper_money_1 is None


# --- visibility -------------------------------------------------------------------------------


def test_public_toggles_decide_what_visitors_see(client):
    world = make_world(public_results=False)
    add_hands(world, 1)
    response = client.get(page_url(world))
    assert response.status_code == 200 and response.context["show_account"] is False
    assert "sedma kule" not in text(response)
    seated = client_for(world["users"]["seated"])
    assert "sedma kule" in text(seated.get(page_url(world)))
    world["t"].public_results = True
    world["t"].save()
    assert "sedma kule" in text(client.get(page_url(world)))
    world["t"].public_seating = False
    world["t"].save()
    assert client.get(page_url(world)).status_code == 404
    assert client_for(world["users"]["plain"]).get(page_url(world)).status_code == 404
    assert seated.get(page_url(world)).status_code == 200


def test_english_page_speaks_english(world, keeper):
    keeper.cookies["django_language"] = "en"
    response = keeper.post(url(world, "hand_add"), add_data(world, "7q", 1, 2))
    assert "at character 2" in text(response)
    assert "Running account" in text(response)


# --- cost -------------------------------------------------------------------------------------


def test_page_queries_do_not_grow_with_the_hands(world):
    organiser = client_for(world["users"]["organiser"])
    counts = []
    for total in (5, 25):
        add_hands(world, total - len(list(live_hands(sheet_of(world)))))
        with CaptureQueriesContext(connection) as queries:
            response = organiser.get(page_url(world))
        assert len(response.context["rows"]) == total
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_saving_a_hand_through_the_view_costs_constant_queries(world, keeper):
    counts = []
    for i in range(3):
        data = add_data(world, "7k+", i % 4 + 1, (i + 1) % 4 + 1)
        with CaptureQueriesContext(connection) as queries:
            assert keeper.post(url(world, "hand_add"), data).status_code == 302
        counts.append(len(queries))
    assert counts[1] == counts[2]


def test_garbage_input_is_a_message_never_an_error_page(world):
    add_hands(world, 1)
    organiser = client_for(world["users"]["organiser"])
    junk = [{}, {"entry": "nonsense"}, {"entry": "text", "text-version": "abc",
                                        "text-dealer": "9", "text-declarer": "x"},
            {"entry": "form", "form-version": "1", "form-dealer": "1", "form-contract": "zzz",
             "form-doubling_seven": "77", "form-declarer_cards": "-5",
             "form-declarer_marriages": "40 abc 20", "form-pb_defender_claims": ["9"]},
            {"entry": "text", "text-version": version(world), "text-dealer": "1",
             "text-declarer": "2", "text-notation": "7k+ " * 100,
             "text-paper_1": "1,234", "text-paper_2": "12e3"}]
    for name, extra in (("hand_add", ()), ("preview", ()), ("hand_edit", (1,)),
                        ("hand_delete", (1,)), ("totals", ()), ("paper_totals", ()),
                        ("submit", ()), ("confirm", ()), ("dispute", ()), ("reopen", ()),
                        ("scorekeeper", ())):
        for data in junk:
            response = organiser.post(url(world, name, *extra), data)
            assert response.status_code in (200, 302), (name, data, response.status_code)
    assert HandRecord.objects.count() == 1


def test_a_table_of_three(client):
    world = make_world(players=7)
    small = next(t for t in Table.objects.filter(round__tournament=world["t"])
                 if t.seats.count() == 3)
    world = {**world, "table": small, "args": (world["t"].pk, 1, small.number)}
    organiser = client_for(world["users"]["organiser"])
    data = {"entry": "text", "text-version": 0, "text-dealer": 1, "text-declarer": 1,
            "text-notation": "7k+"}
    assert organiser.post(url(world, "hand_add"), data).status_code == 302
    record = HandRecord.objects.get()
    assert record.money == [120, -60, -60] and record.money_4 is None
    response = organiser.get(page_url(world))
    assert response.context["sitter"] is None and len(response.context["seats"]) == 3
    assert "+1,20" in text(response)


def test_preview_compares_the_paper_amounts_typed_so_far(world, keeper):
    data = add_data(world, "7k+", 1, 2, paper=["-0,60", "2,00"])
    response = keeper.post(url(world, "preview"), data, HTTP_HX_REQUEST="true")
    preview = response.context["preview"]
    assert preview["ok"] and [s["differs"] for s in preview["seats"]] == [False, True, False,
                                                                        False]
    # Saving still wants every amount.
    response = keeper.post(url(world, "hand_add"), data)
    assert response.status_code == 200 and not HandRecord.objects.exists()
