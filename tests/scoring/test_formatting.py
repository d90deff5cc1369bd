"""The one convention for money, points, signed amounts and dates (scoring.formatting)."""

from __future__ import annotations

from datetime import date, datetime, time
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.formatting import (
    MINUS,
    NBSP,
    NNBSP,
    Money,
    currency_symbol,
    format_amount,
    format_date,
    format_datetime,
    format_money,
    format_number,
    format_pb,
    format_points,
    format_signed,
    format_time,
    language,
)
from scoring.messages import render


@pytest.mark.parametrize(("lang", "expected"), [
    ("cs", f"{MINUS}6,00{NBSP}Kč"), ("sk", f"{MINUS}6,00{NBSP}Kč"), ("en", f"{MINUS}6.00{NBSP}CZK"),
])
def test_negative_money_has_a_minus_sign_never_a_hyphen(lang, expected):
    assert format_money(-600, "CZK", lang) == expected
    assert "-" not in format_money(-600, "CZK", lang)


@pytest.mark.parametrize(("lang", "expected"), [
    ("cs", f"1{NNBSP}234,50{NBSP}€"), ("sk", f"1{NNBSP}234,50{NBSP}€"),
    ("en", f"1,234.50{NBSP}EUR"),
])
def test_thousands_are_grouped(lang, expected):
    assert format_money(123450, "EUR", lang) == expected


def test_grouping_from_a_thousand_on_and_across_millions():
    assert format_amount(99999, "cs") == "999,99"
    assert format_amount(100000, "cs") == f"1{NNBSP}000,00"
    assert format_amount(-123456789, "en") == f"{MINUS}1,234,567.89"
    assert format_number(1234567, "sk", 0) == f"1{NNBSP}234{NNBSP}567"


def test_zero_has_no_sign_and_two_decimals():
    assert format_money(0, "CZK", "cs") == f"0,00{NBSP}Kč"
    assert format_signed(0, "cs") == "0,00"
    assert format_signed(0, "en") == "0.00"


def test_signed_amounts():
    assert format_signed(1240, "cs") == "+12,40"
    assert format_signed(-50, "cs") == f"{MINUS}0,50"
    assert format_signed(1240, "en") == "+12.40"
    assert format_money(20, "EUR", "sk", signed=True) == f"+0,20{NBSP}€"
    assert format_signed(Fraction(1, 3), "cs") == "0,00"  # rounds to zero: no plus


def test_money_without_a_currency_and_other_units():
    assert format_money(1050) == "10,50"
    assert format_amount(Fraction(251, 2), "cs") == "1,26"  # SB with a half haléř
    assert format_amount(1050, "cs", per_major=1000) == "1,05"


@pytest.mark.parametrize(("value", "cs", "en"), [
    (12, "12", "12"), (Fraction(55, 2), "27,5", "27.5"), (Decimal("12.5"), "12,5", "12.5"),
    (-Fraction(3, 2), f"{MINUS}1,5", f"{MINUS}1.5"), (0, "0", "0"),
    (Fraction(2500), f"2{NNBSP}500", "2,500"),
])
def test_points_show_only_the_decimals_they_have(value, cs, en):
    assert format_points(value, "cs") == cs
    assert format_points(value, "sk") == cs
    assert format_points(value, "en") == en


def test_pb_keeps_halves_and_unending_shares():
    assert format_pb(Fraction(55, 2)) == "27,5"
    assert format_pb(Fraction(55, 2), "en") == "27.5"
    assert format_pb(Fraction(1, 4), "cs") == "0,25"
    assert format_pb(Fraction(1, 3)) == "1/3"
    assert format_pb(Fraction(40)) == "40"


def test_dates_and_times():
    day = date(2025, 4, 12)
    assert format_date(day, "cs") == "12. 4. 2025"
    assert format_date(day, "sk") == "12. 4. 2025"
    assert format_date(day, "en") == "12 Apr 2025"
    assert format_time(time(9, 5)) == "9:05"
    assert format_datetime(datetime(2025, 4, 12, 14, 30), "en") == "12 Apr 2025 14:30"
    assert format_date(datetime(2025, 12, 1, 23, 59), "cs") == "1. 12. 2025"


def test_currency_symbols_and_languages():
    assert currency_symbol("CZK", "cs") == "Kč" and currency_symbol("Kč", "en") == "CZK"
    assert currency_symbol("€", "en") == "EUR" and currency_symbol("EUR", "sk") == "€"
    assert currency_symbol("USD", "cs") == "USD"
    assert language("en-gb") == "en" and language(None) == "cs" and language("de") == "cs"


def test_an_amount_in_a_message_reads_in_the_message_language():
    needed = Money(50, "EUR")
    text = render("flek_over_budget", "en", seat=2, needed=needed, holds=Money(-800, "EUR"))
    assert f"0.50{NBSP}EUR" in text and f"{MINUS}8.00{NBSP}EUR" in text
    assert needed.in_language("en") == f"0.50{NBSP}EUR" and str(needed) == f"0,50{NBSP}€"
