"""One amount reads the same on the standings page, the table's page and the exports."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from marias_admin.core.formatting import amount
from marias_admin.standings.columns import money_format
from tests.factories import make_user, played_field

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_a_players_loss_reads_alike_everywhere(client, settings, lang):
    organiser = make_user("organiser")
    gen = played_field(12, 1, seed=11, organiser=organiser)
    tournament = gen.tournament
    client.force_login(organiser)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    # The biggest loser of the only round: his ZB is his table's total.
    _registration, (table, _seat, money, _pb) = min(
        ((r, rounds[1]) for r, rounds in gen.results.items()), key=lambda item: item[1][2])
    assert money < -100
    with settings_language(lang):
        shown = amount(money)
    assert shown.startswith("\N{MINUS SIGN}")
    standings = client.get(reverse("standings:standings", args=[tournament.pk]))
    table_page = client.get(reverse("sheets:table", args=[tournament.pk, 1, table]))
    assert shown in standings.content.decode()
    assert shown in table_page.content.decode()
    # The xlsx holds the number with the money format; the PDF (Czech: the tournament's
    # language) the same text as the Czech pages.
    sheet = load_workbook(io.BytesIO(client.get(
        reverse("exports:standings_xlsx", args=[tournament.pk])).content)).active
    header = [c.value for c in sheet[1]]
    column = header.index("ZB") + 1
    cells = [sheet.cell(row=r, column=column) for r in range(2, sheet.max_row + 1)]
    assert money / 100 in [c.value for c in cells]
    assert {c.number_format for c in cells} == {money_format("CZK")}
    pdf = client.get(reverse("exports:standings_pdf", args=[tournament.pk])).content
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    with settings_language("cs"):
        assert amount(money) in text.split("\n")


def settings_language(lang: str):
    from django.utils import translation

    return translation.override(lang)
