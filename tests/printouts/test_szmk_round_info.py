"""What the printouts of a round say follows the tournament's rules and language (no database:
unsaved model instances are enough for :func:`round_info`)."""

from __future__ import annotations

from datetime import date, time

from marias_admin.printouts.selectors import round_info
from marias_admin.printouts.table_sheets import build_table_sheets
from marias_admin.seating.models import Round
from marias_admin.tournaments.models import Tournament
from tests.printouts.helpers import THREE, page_text, sheet


def tournament(**fields) -> Tournament:
    values = {"name": "Turnaj SZMK Poprad", "date": date(2025, 5, 3), "venue": "Poprad",
              "ruleset_code": "szmk-voleny-2024", "base_rate": 5, "currency": "EUR",
              "table_size": 3, "round_minutes": 50}
    values.update(fields)
    return Tournament(**values)


def info(t: Tournament):
    return round_info(t, Round(tournament=t, number=2, starts_at=time(13, 0)))


def test_szmk_round_prints_slovak_in_euro_with_the_round_budget_and_no_pb():
    szmk = info(tournament())
    assert (szmk.language, szmk.currency, szmk.premium_points, szmk.starting_money) == (
        "sk", "€", False, 1000)
    text = page_text(build_table_sheets([sheet(szmk, 1, THREE)]))
    assert "Súťažný lístok" in text and "Nahratá suma (10,00 € + spolu)" in text
    assert "PB" not in text


def test_csm_round_prints_czech_with_pb_and_no_budget():
    csm = info(tournament(name="Velká cena Žďáru", ruleset_code="csm-licitovany-2023",
                          base_rate=20, currency="CZK", table_size=4, round_minutes=90))
    assert (csm.language, csm.currency, csm.premium_points, csm.starting_money) == (
        "cs", "Kč", True, None)


def test_the_organisers_language_wins_over_the_rules():
    assert info(tournament(language="en")).language == "en"
    assert info(tournament(language="cs")).language == "cs"
