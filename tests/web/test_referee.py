"""The referee's pages: the ruling form (renonc, PB, flek, cards, contumation), the rulings on
the table page, a hand's history and the tournament's log (filters, paging, constant queries)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.conf import settings
from django.db import connection
from django.shortcuts import resolve_url
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import RoundState
from marias_admin.seating.services import round_set_state
from marias_admin.sheets.models import HandRecord, Ruling, RulingKind
from marias_admin.sheets.selectors import live_hands, seats_of
from marias_admin.sheets.services import ruling_add
from scoring import get_preset
from scoring.jsonio import hand_from_dict
from tests.factories import (
    HUNDRED_TWO_TRUMPS,
    referee_world,
    registration_at,
)
from tests.factories import csm_hand as shorthand
from tests.factories import world_hand_add as add_hand
from tests.web.helpers import messages_of, text

pytestmark = pytest.mark.django_db
CSM = get_preset("csm-licitovany-2023")
PAUSAL_1 = 10 * 20  # ČSM 2023 A: 10 × 0,20 Kč, in haléř


# -- the world ---------------------------------------------------------------------------------


@pytest.fixture
def world():
    """A seated table with a referee (``ref_client`` comes from the conftest)."""
    return referee_world()


def form_url(world, **query) -> str:
    url = reverse("sheets:ruling_add", args=(world["t"].pk, 1, world["table"].number))
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def post_ruling(client, world, **data):
    world["sheet"].refresh_from_db()
    payload = {"version": world["sheet"].version, "reason": "rozhodnutí rozhodčího", **data}
    payload = {k: v for k, v in payload.items() if v is not None}
    return client.post(form_url(world), payload)


def money_of(record: HandRecord) -> list[int]:
    record.refresh_from_db()
    return record.money


# -- renonc ------------------------------------------------------------------------------------


def test_form_offers_the_catalogue_grouped_by_class(ref_client, world):
    add_hand(world, shorthand("7k+", 1, 2))
    response = ref_client.get(form_url(world))
    assert response.status_code == 200
    html = response.content.decode()
    for label in ("Technický renonc", "Renonc ve hře", "Renonc – paušál 2"):
        assert f'<optgroup label="{label}' in html
    for rule in CSM.renoncs:
        assert f'value="{rule.code}"' in html and rule.name_cs in html
    # The hand and the table's four players are offered; PB only after a renonc.
    assert "1. sedma kule" in html
    assert all(s.registration.player.full_name in html for s in seats_of(world["table"]))
    assert 'value="premium_granted"' not in html and 'value="renonc"' in html


def test_technical_renonc_makes_the_offender_pay_the_pausal(ref_client, world):
    record = add_hand(world, shorthand("7k+", 1, 2))
    assert money_of(record) == [-60, 180, -60, -60]
    response = post_ruling(ref_client, world, kind="renonc", hand=record.pk, code="E.3.b",
                           offender=registration_at(world, 3).pk,
                           reason="nezamíchal karty")
    assert response.status_code == 302
    # Seat 3 pays paušál 1 to each of the three others; the hand's result stands (E.6.a).
    assert money_of(record) == [-60 + PAUSAL_1, 180 + PAUSAL_1, -60 - 3 * PAUSAL_1,
                                -60 + PAUSAL_1]
    assert record.hand["renonc"] == {"code": "E.3.b", "offender": 3}
    ruling = Ruling.objects.get()
    assert (ruling.kind, ruling.code, ruling.hand, ruling.by) == (
        "renonc", "E.3.b", record, world["users"]["referee"])
    page = ref_client.get(response["Location"])
    message = " ".join(messages_of(page))
    assert "E.3.b" in message and "nezamíchání nebo chybné míchání" in message
    offender = registration_at(world, 3).player.full_name
    assert f"{offender}: −0,60 Kč → −6,60 Kč" in message.replace("\xa0", " ")


def test_in_play_renonc_loses_the_hand_and_the_offender_pays_for_his_side(ref_client, world):
    # The declarer (seat 2) lost his sedma on the cards, but defender 3 had not followed suit:
    # the defence loses every component and seat 3 alone pays for it (E.6.b, E.6.c), no paušál.
    record = add_hand(world, shorthand("7k-", 1, 2))
    assert money_of(record) == [60, -180, 60, 60]
    response = post_ruling(ref_client, world, kind="renonc", hand=record.pk, code="E.2.a",
                           offender=registration_at(world, 3).pk, reason="nepřiznal barvu")
    assert response.status_code == 302
    assert money_of(record) == [0, 180, -180, 0]


def test_pb_of_a_fifty_pb_hand_after_a_renonc_wait_then_are_granted(ref_client, world):
    record = add_hand(world, hand_from_dict({"players": 4, "dealer": 1, "declarer": 3,
                                             **HUNDRED_TWO_TRUMPS}))
    assert record.pb_3 == 60 and not record.premium_pending
    post_ruling(ref_client, world, kind="renonc", hand=record.pk, code="E.3.a",
                offender=registration_at(world, 4).pk, reason="řezal karty")
    record.refresh_from_db()
    assert record.premium_pending and record.pb_3 == 0
    page = ref_client.get(form_url(world, hand=record.pk, kind="premium_granted"))
    assert 'value="premium_granted" selected' in page.content.decode()
    response = post_ruling(ref_client, world, kind="premium_granted", hand=record.pk,
                           reason="hra byla vyhratelná i bez renoncu")
    assert response.status_code == 302
    record.refresh_from_db()
    assert not record.premium_pending and record.pb_3 == Decimal(60)
    message = " ".join(messages_of(ref_client.get(response["Location"])))
    assert "PB: " in message and "0 → 60" in message


def test_pb_ruling_on_a_hand_without_renonc_is_refused_next_to_the_field(ref_client, world):
    plain = add_hand(world, shorthand("7k+", 1, 2))
    other = add_hand(world, hand_from_dict({"players": 4, "dealer": 2, "declarer": 3,
                                            **HUNDRED_TWO_TRUMPS}))
    post_ruling(ref_client, world, kind="renonc", hand=other.pk, code="E.3.a",
                offender=registration_at(world, 4).pk, reason="řezal karty")
    response = post_ruling(ref_client, world, kind="premium_refused", hand=plain.pk)
    assert response.status_code == 200
    assert "hand" in response.context["form"].errors
    assert Ruling.objects.count() == 1


def test_flek_cancelled_resettles_without_that_flek(ref_client, world):
    record = add_hand(world, shorthand("b f -", 1, 2))
    assert money_of(record) == [600, -1800, 600, 600]
    page = ref_client.get(form_url(world, hand=record.pk))
    assert f'value="{record.pk}:betl"' in page.content.decode()
    response = post_ruling(ref_client, world, kind="flek_cancelled", flek=f"{record.pk}:betl",
                           reason="flek po uzavření komentování")
    assert response.status_code == 302
    assert money_of(record) == [300, -900, 300, 300]
    ruling = Ruling.objects.get()
    assert ruling.hand == record and ruling.code == "betl"


def test_after_saving_the_referee_returns_where_he_came_from(ref_client, world):
    record = add_hand(world, shorthand("7k+", 1, 2))
    table_url = reverse("sheets:table", args=(world["t"].pk, 1, 1))
    response = post_ruling(ref_client, world, kind="renonc", hand=record.pk, code="E.3.b",
                           offender=registration_at(world, 3).pk, reason="x", next=table_url)
    assert response.status_code == 302 and response["Location"] == table_url
    response = post_ruling(ref_client, world, kind="yellow_card", reason="x",
                           offender=registration_at(world, 3).pk, next="https://evil.example/")
    assert response["Location"] == form_url(world)


# -- rulings without a hand --------------------------------------------------------------------


def test_yellow_card_is_recorded_without_a_hand(ref_client, world):
    record = add_hand(world, shorthand("7k+", 1, 2))
    offender = registration_at(world, 2)
    response = post_ruling(ref_client, world, kind="yellow_card", offender=offender.pk,
                           hand=record.pk, reason="nevhodné chování")
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.kind == RulingKind.YELLOW_CARD and ruling.hand is None
    assert ruling.offender == offender
    assert money_of(record) == [-60, 180, -60, -60]
    assert not AuditEntry.objects.filter(action="hand.ruling").exists()


def test_contumation_is_recorded(ref_client, world):
    absent = registration_at(world, 4)
    response = post_ruling(ref_client, world, kind="contumation", offender=absent.pk,
                           reason="hráč nepřišel ke stolu do 10 minut")
    assert response.status_code == 302
    ruling = Ruling.objects.get(kind=RulingKind.CONTUMATION)
    assert ruling.offender == absent and ruling.by == world["users"]["referee"]
    assert AuditEntry.objects.filter(action="ruling.contumation",
                                     reason__startswith="hráč nepřišel").exists()


# -- errors, conflicts, access ----------------------------------------------------------------


def test_missing_fields_are_shown_next_to_them_in_the_users_language(ref_client, world):
    record = add_hand(world, shorthand("7k+", 1, 2))
    response = post_ruling(ref_client, world, kind="renonc", hand=record.pk, reason="")
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert set(errors) >= {"offender", "code", "reason"}
    assert "Choose who committed the renonc." not in text(response)
    assert "Vyberte, kdo se renoncu dopustil." in text(response)
    response = post_ruling(ref_client, world, kind="yellow_card", reason="x")
    assert "offender" in response.context["form"].errors
    ref_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = post_ruling(ref_client, world, kind="renonc", hand=record.pk, reason="x")
    assert "Choose who committed the renonc." in text(response)
    assert not Ruling.objects.exists()


def test_engine_refusal_is_a_form_error_not_a_500(ref_client, world):
    # A line with a renonc alone (a misdeal) cannot take an in-play renonc: it has no contract.
    record = add_hand(world, hand_from_dict({"players": 4, "dealer": 1, "declarer": 2,
                                             "contract": None,
                                             "renonc": {"code": "E.3.f", "offender": 1}}))
    response = post_ruling(ref_client, world, kind="renonc", hand=record.pk, code="E.2.a",
                           offender=registration_at(world, 3).pk, reason="x")
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not Ruling.objects.exists()


def test_stale_version_gets_the_conflict_message_and_the_current_state(ref_client, world):
    record = add_hand(world, shorthand("7k+", 1, 2))
    world["sheet"].refresh_from_db()
    stale = world["sheet"].version
    add_hand(world, shorthand("d+", 2, 3))  # someone else writes meanwhile
    response = ref_client.post(form_url(world), {
        "version": stale, "kind": "renonc", "hand": record.pk, "code": "E.3.a",
        "offender": registration_at(world, 3).pk, "reason": "řezal"})
    assert response.status_code == 409
    assert "Někdo jiný mezitím lístek změnil" in text(response)
    assert "2. durch" in text(response)  # the current state is shown
    world["sheet"].refresh_from_db()
    assert response.context["form"]["version"].value() == str(world["sheet"].version)
    assert not Ruling.objects.exists()


@pytest.mark.parametrize("role", ["scorekeeper", "plain"])
def test_only_referees_and_organisers_open_the_referee_pages(client, world, role):
    record = add_hand(world, shorthand("7k+", 1, 2))
    client.force_login(world["users"][role])
    urls = [form_url(world), reverse("sheets:log", args=(world["t"].pk,)),
            reverse("sheets:hand_history", args=(world["t"].pk, 1, 1, record.pk))]
    for url in urls:
        assert client.get(url).status_code == 403, url
    assert post_ruling(client, world, kind="yellow_card",
                       offender=registration_at(world, 1).pk).status_code == 403
    assert not Ruling.objects.exists()


def test_anonymous_goes_to_the_login_page(client, world):
    response = client.get(form_url(world))
    assert response.status_code == 302
    assert response["Location"].startswith(resolve_url(settings.LOGIN_URL))
    assert post_ruling(client, world, kind="yellow_card",
                       offender=registration_at(world, 1).pk).status_code == 302
    assert client.get(reverse("sheets:log", args=(world["t"].pk,))).status_code == 302


@pytest.mark.parametrize("role", ["organiser", "referee"])
def test_organiser_and_referee_open_every_referee_page(client, world, role):
    record = add_hand(world, shorthand("7k+", 1, 2))
    client.force_login(world["users"][role])
    for url in (form_url(world), reverse("sheets:log", args=(world["t"].pk,)),
                reverse("sheets:hand_history", args=(world["t"].pk, 1, 1, record.pk))):
        assert client.get(url).status_code == 200, url


def test_other_tournaments_table_or_hand_is_404(ref_client, world):
    record = add_hand(world, shorthand("7k+", 1, 2))
    assert ref_client.get(reverse("sheets:ruling_add", args=(world["t"].pk, 1, 99))
                          ).status_code == 404
    assert ref_client.get(reverse("sheets:hand_history", args=(world["t"].pk, 1, 2, record.pk))
                          ).status_code == 404


# -- where rulings show ------------------------------------------------------------------------


def _partial_context(world, can_referee: bool) -> dict:
    sheet = world["sheet"]
    return {"sheet": sheet, "hands": list(live_hands(sheet)), "seats": seats_of(world["table"]),
            "rulings": sheet.rulings.select_related("hand", "offender__player", "by"),
            "can_referee": can_referee, "tournament": world["t"], "ruleset": world["t"].ruleset()}


def _record_two_rulings(world):
    referee = world["users"]["referee"]
    record = add_hand(world, shorthand("7k+", 1, 2))
    ruling_add(user=referee, sheet=world["sheet"], kind=RulingKind.RENONC, hand=record,
               offender=registration_at(world, 3), code="E.3.b", reason="nezamíchal karty")
    ruling_add(user=referee, sheet=world["sheet"], kind=RulingKind.YELLOW_CARD,
               offender=registration_at(world, 1), reason="hlasité komentování")
    return record


def test_rulings_partial_shows_who_when_why_and_the_hands_money(world):
    record = _record_two_rulings(world)
    with translation.override("cs"):
        html = render_to_string("sheets/_rulings.html", _partial_context(world, True))
    page = " ".join(html.replace("\xa0", " ").split())
    assert "renonc" in page and "E.3.b" in page and "nezamíchání nebo chybné míchání" in page
    assert "žlutá karta" in page and "hlasité komentování" in page
    assert "nezamíchal karty" in page and "Karel Sudí" in page  # the referee's name
    assert f"Hra 1: {record.description}" in page
    offender = registration_at(world, 3).player.full_name
    assert f"3. {offender}" in page and f"{offender}: −6,60 Kč" in page
    assert form_url(world) in html
    assert reverse("sheets:hand_history", args=(world["t"].pk, 1, 1, record.pk)) in html
    # Without the referee's role: the rulings, but no links to the referee's pages.
    html = render_to_string("sheets/_rulings.html", _partial_context(world, False))
    assert "E.3.b" in html and form_url(world) not in html


def test_rulings_show_on_the_table_page(client, world):
    _record_two_rulings(world)
    client.force_login(world["users"]["referee"])
    url = reverse("sheets:table", args=(world["t"].pk, 1, 1))
    round_ = world["table"].round
    round_set_state(user=world["users"]["organiser"], round=round_, state=RoundState.CONFIRMED)
    round_set_state(user=world["users"]["organiser"], round=round_, state=RoundState.RELEASED)
    response = client.get(url)
    assert "sheets/_rulings.html" in [t.name for t in response.templates]
    page = text(response)
    assert "nezamíchání nebo chybné míchání" in page and "hlasité komentování" in page


def test_ruling_form_page_lists_the_rulings(ref_client, world):
    _record_two_rulings(world)
    page = text(ref_client.get(form_url(world)))
    assert "nezamíchal karty" in page and "hlasité komentování" in page


def test_hand_history_shows_every_change_with_before_and_after(ref_client, world):
    record = _record_two_rulings(world)
    response = ref_client.get(reverse("sheets:hand_history",
                                      args=(world["t"].pk, 1, 1, record.pk)))
    page = text(response).replace("\xa0", " ")
    labels = [row.label for row in response.context["rows"]]
    assert labels == [str(AuditAction.HAND_ADD.label), str(AuditAction.HAND_RULING.label),
                      str(AuditAction.RULING_RENONC.label)]
    assert "nezamíchal karty" in page and "Karel Sudí" in page
    assert "−0,60 Kč → −6,60 Kč" in page
    assert "hlasité komentování" not in page  # the yellow card concerns no hand


# -- the log -----------------------------------------------------------------------------------


def test_log_shows_rulings_with_who_when_why_and_filters(ref_client, world):
    _record_two_rulings(world)
    url = reverse("sheets:log", args=(world["t"].pk,))
    response = ref_client.get(url)
    page = text(response)
    assert str(AuditAction.RULING_RENONC.label) in page
    assert "nezamíchání nebo chybné míchání" in page
    assert str(AuditAction.RULING_YELLOW_CARD.label) in page and "hlasité komentování" in page
    assert "Karel Sudí" in page
    rows = response.context["rows"]
    assert rows[0].entry.action == "ruling.yellow_card"  # newest first
    assert rows[0].round_number == 1 and rows[0].table_number == 1
    actions = {r.entry.action for r in ref_client.get(url + "?what=rulings").context["rows"]}
    assert actions == {"ruling.renonc", "ruling.yellow_card"}
    actions = {r.entry.action for r in ref_client.get(url + "?what=hands").context["rows"]}
    assert actions == {"hand.add", "hand.ruling"}
    actions = {r.entry.action for r in ref_client.get(url + "?what=seating").context["rows"]}
    assert actions == {"round.seat"}
    # A round shows its seating and its tables; a table only its own sheet.
    actions = {r.entry.action for r in ref_client.get(url + "?round=1").context["rows"]}
    assert actions == {"round.seat", "hand.add", "hand.ruling", "ruling.renonc",
                       "ruling.yellow_card"}
    assert ref_client.get(url + "?round=1&table=2").context["rows"] == []
    assert len(ref_client.get(url + "?round=1&table=1").context["rows"]) == 4


def _fill_log(world, total: int, state: RoundState = RoundState.CONFIRMED) -> None:
    """``total`` entries: setup, hands, then a ruling and a round change on top."""
    organiser = world["users"]["organiser"]
    record = add_hand(world, shorthand("7k+", 1, 2))
    existing = AuditEntry.objects.filter(tournament=world["t"]).count()
    world["t"].refresh_from_db()  # the first hand already started the tournament (issue 13)
    starts = int(state == RoundState.RELEASED and world["t"].state != "running")
    for _ in range(total - existing - 3 - starts):
        add_hand(world, shorthand("7k+", 1, 2))
    ruling_add(user=world["users"]["referee"], sheet=world["sheet"], kind=RulingKind.RENONC,
               hand=record, offender=registration_at(world, 3), code="E.3.b", reason="x")
    round_set_state(user=organiser, round=world["table"].round, state=state)
    assert AuditEntry.objects.filter(tournament=world["t"]).count() == total


def _log_queries(client, world) -> tuple[int, int]:
    url = reverse("sheets:log", args=(world["t"].pk,))
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    return len(ctx.captured_queries), len(response.context["rows"])


def test_log_query_count_does_not_grow_with_entries(ref_client, world):
    _fill_log(world, 30)  # the setup alone (registrations through the services) logs ~17
    few, shown = _log_queries(ref_client, world)
    assert shown == 30
    _fill_log(world, 60, RoundState.RELEASED)
    many, shown = _log_queries(ref_client, world)
    assert shown == 50  # paginated
    # Related objects are looked up once per model (users, players…), so the count depends on
    # the kinds of entries a page shows, never on how many: fifty hands cost no more than the
    # first page's thirty entries of every kind.
    assert many <= few


def test_log_pages_by_fifty(ref_client, world):
    _fill_log(world, 60)
    url = reverse("sheets:log", args=(world["t"].pk,))
    second = ref_client.get(url + "?page=2")
    assert len(second.context["rows"]) == 10
    assert second.context["rows"][-1].entry.action == "tournament.create"
