"""The cached number forms of ``marias_admin.core.formatting``: the one home of the standings
pages' numbers (the round results' rows, ``fmt_number``, the printouts' money), byte for byte
what the convention (``scoring.formatting``) writes. No database."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.utils import translation

from marias_admin.core import formatting
from marias_admin.printouts import drawing
from marias_admin.standings.presenters.formatting import fmt_money, fmt_number
from scoring import formatting as convention
from scoring.standings import StandingsRules

VALUES = [0, 1, -1, 5, 50, -50, 99, 100, 1234, -1240, 99_999, 1_234_567, -2_000_000,
          Fraction(1, 2), Fraction(-5, 2), Fraction(1, 3), Fraction(7, 8), Fraction(40, 1),
          Decimal("27.5"), Decimal("-0.25")]
LANGS = ["cs", "sk", "en"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_form_writes_what_the_convention_writes(lang):
    for value in VALUES:
        assert formatting.worded(value, lang) == convention.format_points(value, lang)
        assert formatting.worded(value, lang, 1) == convention.format_points(value, lang, 1)
        assert formatting.worded_amount(value, lang) == convention.format_amount(value, lang)
        assert formatting.worded_signed(value, lang) == convention.format_signed(value, lang)
        for places, scale, fixed in ((2, 1, False), (2, 100, True), (1, 1, False), (0, 1, True)):
            assert fmt_number(value, places, scale, fixed, lang) == convention.format_number(
                value, lang, places, scale=scale, fixed=fixed)


def test_equal_numbers_read_alike_whatever_their_type():
    """The cache is keyed by value: 5, Fraction(5) and Decimal(5) share an entry, so they
    must (and do) read the same."""
    for lang in LANGS:
        texts = {formatting.worded(v, lang) for v in (5, Fraction(5), Decimal(5))}
        assert texts == {"5"}
        amounts = {formatting.worded_signed(v, lang) for v in (250, Fraction(250), Decimal(250))}
        assert amounts == {"+2,50" if lang != "en" else "+2.50"}


def test_the_active_language_unless_one_is_given():
    with translation.override("en"):
        assert formatting.number(Fraction(27, 2)) == "13.5"
        assert formatting.signed(-50) == "\N{MINUS SIGN}0.50"
        assert formatting.amount(123_450, "cs") == "1\N{NARROW NO-BREAK SPACE}234,50"
        assert fmt_money(600, StandingsRules(), "sk") == "6,00"
    with translation.override("cs"):
        assert formatting.points(Fraction(1, 2)) == "0,5"


def test_one_home():
    """The standings presenters' and the printouts' formatters are the core's."""
    assert fmt_number is formatting.number
    assert drawing.format_money(1050, "€", "sk") == formatting.money(1050, "€", "sk")
    assert drawing.format_money(-20, "Kč", "en") == "\N{MINUS SIGN}0.20\N{NO-BREAK SPACE}CZK"
