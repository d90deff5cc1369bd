"""Hostile and unlucky input on the sheet, referee and standings pages: a message in the
visitor's language next to the field, or the page as if the value were absent, never a 500.

Each test here failed before its fix (issue 10, "500s"); the crawler (``test_crawler.py``)
keeps the whole site honest, these pin the individual defects down.
"""

from __future__ import annotations

import time

import pytest
from django.test import Client
from django.urls import reverse

from marias_admin.core.params import natural_int, positive_int, positive_ints
from marias_admin.sheets.models import TableSheet
from marias_admin.standings.forms import StandingsRulesForm
from marias_admin.tournaments.standings_rules import default_rules_dict
from tests import factories

pytestmark = pytest.mark.django_db

UNICODE_DIGITS = ("²", "①", "١", "٣", "𝟗", "Ⅻ", "½")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def world():
    setup = factories.tournament(players=8)
    round_1 = factories.seated_round(setup)
    sheet = factories.sheet(round_1)
    factories.add_hand(sheet, "7k+")
    return {"setup": setup, "t": setup.tournament, "sheet": sheet,
            "args": (setup.tournament.pk, 1, 1)}


def client_for(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


# -- the strict parser ---------------------------------------------------------------------------


def test_positive_int_takes_ascii_digits_only():
    assert positive_int("7") == 7 and positive_int("007") == 7 and positive_int(12) == 12
    assert positive_int("999999999") == 999_999_999
    for value in (*UNICODE_DIGITS, "0", "-1", "+1", " 1", "1 ", "1_000", "1e3", "inf", "NaN",
                  "", None, True, "1000000000", "9" * 5000, "1\x00", "0x10", "1.0"):
        assert positive_int(value) is None, value
    assert positive_int("50", maximum=40) is None and positive_int("40", maximum=40) == 40
    assert natural_int("0") == 0 and natural_int("²") is None
    assert positive_ints(["3", "①", "7", "x", "3"]) == {3, 7}


# -- the live preview of a hand with PB ----------------------------------------------------------


def test_preview_of_a_hand_with_premium_points(world):
    """``7z+ 2 trumfy`` earns PB: the engine gives them as a Fraction, which the page's number
    formatting took for a Decimal (500 on every keystroke of such a hand)."""
    client = client_for(world["setup"].staff.scorekeeper)
    data = {"entry": "text", "text-version": TableSheet.objects.get().version,
            "text-dealer": 2, "text-declarer": 3, "text-notation": "7z+ 2 trumfy"}
    url = reverse("sheets:preview", args=world["args"])
    response = client.post(url, data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    preview = response.context["preview"]
    assert preview["ok"] and any(seat["pb"] for seat in preview["seats"])
    # The page without htmx, and the "preview" button of the add form, show it too.
    assert client.post(url, data).status_code == 200
    add = client.post(reverse("sheets:hand_add", args=world["args"]), {**data, "preview": "1"})
    assert add.status_code == 200 and add.context["preview"]["ok"]


# -- unicode digits in query strings ------------------------------------------------------------


def test_table_page_hand_parameter(world):
    url = reverse("sheets:table", args=world["args"])
    for user in (None, world["setup"].staff.scorekeeper, world["setup"].staff.referee):
        client = client_for(user)
        for value in UNICODE_DIGITS:
            response = client.get(url, {"hand": value})
            assert response.status_code == 200, (user, value)
            assert response.context["panel"] is None, (user, value)
        assert client.get(url, {"hand": "1"}).context["panel"]["record"].number == 1


def test_ruling_form_hand_parameter(world):
    url = reverse("sheets:ruling_add", args=world["args"])
    client = client_for(world["setup"].staff.referee)
    for value in UNICODE_DIGITS:
        response = client.get(url, {"hand": value})
        assert response.status_code == 200, value
        assert response.context["form"].initial.get("hand") is None, value


def test_log_round_and_table_parameters(world):
    url = reverse("sheets:log", args=(world["t"].pk,))
    client = client_for(world["setup"].staff.referee)
    for value in UNICODE_DIGITS:
        for query in ({"round": value}, {"round": value, "table": value}):
            response = client.get(url, query)
            assert response.status_code == 200, query
            assert response.context["round_number"] is None, query
        response = client.get(url, {"round": "1", "table": value})
        assert response.status_code == 200, value
        assert response.context["round_number"] == 1, value
        assert response.context["table_number"] is None, value


def test_round_page_swapped_parameter(world):
    url = reverse("seating:round", args=(world["t"].pk, 1))
    client = client_for(world["setup"].staff.organiser)
    for value in UNICODE_DIGITS:
        response = client.get(url, {"swapped": [value, "x"]})
        assert response.status_code == 200, value
        assert response.context["swapped"] == set(), value


# -- non-numbers in the standings rules ---------------------------------------------------------


def rules_data(**change: str) -> dict[str, object]:
    initial = StandingsRulesForm.initial_from(default_rules_dict())
    return {k: v for k, v in {**initial, **change}.items() if v is not None}


def test_standings_coefficient_that_is_no_number(world):
    """Decimal takes "Infinity" (then Fraction overflowed: 500) and "1e999999999" (whose
    Fraction is a billion-digit integer: the request never ends)."""
    client = client_for(world["setup"].staff.organiser)
    url = reverse("standings:settings", args=(world["t"].pk,))
    for value in ("Infinity", "inf", "-Infinity", "NaN", "sNaN", "1e999999", "1e-999999",
                  "1e999999999", "²", "①", "1/0", "x" * 20):
        started = time.monotonic()
        response = client.post(url, rules_data(placement="superliga", coefficient=value))
        assert time.monotonic() - started < 5, value
        assert response.status_code == 200, value
        assert "coefficient" in response.context["form"].errors, value
    world["t"].refresh_from_db()
    assert world["t"].standings_rules == default_rules_dict()


def test_standings_coefficient_is_bounded(world):
    client = client_for(world["setup"].staff.organiser)
    url = reverse("standings:settings", args=(world["t"].pk,))
    response = client.post(url, rules_data(placement="superliga", coefficient="201"),
                           headers={"Accept-Language": "en"})
    assert response.context["form"].errors["coefficient"] == [
        "The coefficient can be at most 200."]
    # The world's hands started the tournament: a change of its standings rules is confirmed.
    response = client.post(url, rules_data(placement="superliga", coefficient="0,8",
                                           confirm="on", reason="Superliga"))
    assert response.status_code == 302
    world["t"].refresh_from_db()
    assert world["t"].standings_rules["coefficient"] == "0.8"


def test_standings_whole_numbers_that_are_no_numbers(world):
    client = client_for(world["setup"].staff.organiser)
    url = reverse("standings:settings", args=(world["t"].pk,))
    for field in ("drop_best", "drop_worst", "contumation_points"):
        for value in ("Infinity", "NaN", "1e999999", "²", "99999999999999999999"):
            response = client.post(url, rules_data(**{field: value}))
            assert response.status_code == 200, (field, value)
            assert field in response.context["form"].errors, (field, value)


# -- amounts beyond the integer column ----------------------------------------------------------


def totals_data(sheet: TableSheet, prefix: str, amounts: list[str]) -> dict[str, object]:
    data: dict[str, object] = {f"{prefix}-version": sheet.version}
    for seat, amount in enumerate(amounts, start=1):
        data[f"{prefix}-money_{seat}"] = amount
    return data


def test_totals_beyond_the_integer_column_are_refused_on_the_field():
    """21 474 837 Kč is 2 147 483 700 haléř: one past PostgreSQL's integer column (500 there,
    stored on SQLite). Both databases now refuse it on the field, with the same message."""
    setup = factories.tournament(players=8)
    round_1 = factories.seated_round(setup)
    sheet = factories.sheet(round_1)  # no hands: the totals form is offered
    client = client_for(setup.staff.scorekeeper)
    url = reverse("sheets:totals", args=(setup.tournament.pk, 1, 1))
    data = totals_data(sheet, "totals", ["21474837", "-21474837", "0", "0"])
    response = client.post(url, data, headers={"Accept-Language": "en"})
    assert response.status_code == 200
    form = response.context["totals_form"]
    assert form.errors["money_1"] == [
        "Enter an amount between −999\u202f999,99 and 999\u202f999,99."]  # the sheet's Czech
    assert "money_2" in form.errors and "money_3" not in form.errors
    sheet.refresh_from_db()
    assert sheet.total_money_1 is None and sheet.version == data["totals-version"]
    # The largest amount allowed is saved on either database.
    ok = totals_data(sheet, "totals", ["999999,99", "-999999,99", "0", "0"])
    assert client.post(url, ok).status_code == 302
    sheet.refresh_from_db()
    assert sheet.total_money_1 == 99_999_999


def test_paper_totals_beyond_the_integer_column_are_refused_on_the_field(world):
    client = client_for(world["setup"].staff.scorekeeper)
    url = reverse("sheets:paper_totals", args=world["args"])
    sheet = TableSheet.objects.get(pk=world["sheet"].pk)
    for amount in ("99999999999", "21474837", "-2147483648"):
        response = client.post(url, totals_data(sheet, "paper", [amount, "", "", ""]))
        assert response.status_code == 200, amount
        assert "money_1" in response.context["paper_form"].errors, amount
    sheet.refresh_from_db()
    assert sheet.paper_money_1 is None


def test_paper_amounts_of_a_hand_are_bounded_too(world):
    client = client_for(world["setup"].staff.scorekeeper)
    sheet = TableSheet.objects.get(pk=world["sheet"].pk)
    data = {"entry": "text", "text-version": sheet.version, "text-dealer": 2,
            "text-declarer": 3, "text-notation": "7k+", "text-paper_1": "99999999999",
            "text-paper_2": "1", "text-paper_3": "1", "text-paper_4": "1"}
    response = client.post(reverse("sheets:hand_add", args=world["args"]), data)
    assert response.status_code == 200
    assert "paper_1" in response.context["text_form"].errors
    assert sheet.hands.count() == 1


def test_amounts_are_ascii_digits(world):
    """A Unicode digit ("١" is a decimal digit to Python's \\d) is no amount on a paper sheet."""
    client = client_for(world["setup"].staff.scorekeeper)
    sheet = TableSheet.objects.get(pk=world["sheet"].pk)
    for value in ("²", "①", "١٢", "Infinity", "NaN", "1e5"):
        response = client.post(reverse("sheets:paper_totals", args=world["args"]),
                               totals_data(sheet, "paper", [value, "", "", ""]))
        assert response.status_code == 200, value
        assert "money_1" in response.context["paper_form"].errors, value


# -- a "next" that is not a path -----------------------------------------------------------------


def test_registration_list_return_address_must_be_a_path(world):
    """``redirect("NaN#reg-7")`` took the text for the name of a view: NoReverseMatch, 500."""
    registration = world["setup"].registrations[0]
    url = reverse("tournaments:check_in", args=(world["t"].pk, registration.pk))
    client = client_for(world["setup"].staff.organiser)
    for value in ("NaN", "1e999999", "x", "tournaments:list"):
        response = client.post(url, {"next": value})
        assert response.status_code == 302, value
        assert response["Location"].startswith(
            reverse("tournaments:registrations", args=(world["t"].pk,))), value


# -- the ruling form ---------------------------------------------------------------------------


def test_ruling_form_with_ids_that_are_no_ids(world):
    """Every value of every choice is checked against the sheet: a message on the field."""
    client = client_for(world["setup"].staff.referee)
    url = reverse("sheets:ruling_add", args=world["args"])
    sheet = TableSheet.objects.get(pk=world["sheet"].pk)
    for value in ("99999999999999999999", "2147483648", "²", "-1", "0", "1e999999", "x" * 5000):
        for kind, field in (("renonc", "hand"), ("renonc", "offender"), ("yellow_card",
                                                                        "offender"),
                            ("flek_cancelled", "flek"), ("renonc", "code")):
            data = {"version": sheet.version, "kind": kind, "reason": "x", "hand": "",
                    "offender": "", "code": "", "flek": "", field: value}
            response = client.post(url, data)
            assert response.status_code == 200, (kind, field, value)
            assert response.context["form"].errors, (kind, field, value)
        response = client.post(url, {"version": value, "kind": "other", "reason": "x"})
        if value.isascii() and value.isdigit():  # not the version seen: a conflict
            assert response.status_code == 409
        else:
            assert response.status_code == 200 and "version" in response.context["form"].errors
    assert not sheet.rulings.exists()
