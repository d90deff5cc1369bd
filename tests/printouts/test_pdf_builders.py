"""The PDF builders on plain data: no database, no request; the PDFs are read back with pypdf."""

from __future__ import annotations

import re
from datetime import date, time

import pytest
from django.utils import translation

from marias_admin.core.collation import sort_key
from marias_admin.printouts import qr
from marias_admin.printouts.data import (
    RoundInfo,
    SeatingData,
    SeatingTable,
    SheetPlayer,
)
from marias_admin.printouts.drawing import format_money
from marias_admin.printouts.seating_lists import (
    build_seating_alphabetical,
    build_seating_by_table,
)
from marias_admin.printouts.table_sheets import (
    build_table_sheets,
    column_heads,
    dealer_seat,
    hands_dealt_by,
)
from tests.printouts.helpers import FOUR, THREE, URL, page_text, read, sheet

CSM = RoundInfo("Velká cena Žďáru 2025", date(2025, 4, 12), "Hostinec U Řeky", 3,
                time(9, 30), 90)
SZMK = RoundInfo("Turnaj SZMK Ľubovňa", date(2025, 5, 3), "Stará Ľubovňa", 2, time(13, 0),
                 50, language="sk", currency="€", premium_points=False, starting_money=1000)


def money_columns(text: str, currency: str) -> list[str]:
    """Seat numbers printed under the money column heads ("1 · Kč")."""
    return re.findall(rf"(\d) · {re.escape(currency)}", text)


# --- table sheets ------------------------------------------------------------------------


def test_one_page_per_table():
    pdf = build_table_sheets([sheet(CSM, n) for n in range(1, 7)])
    reader = read(pdf)
    assert len(reader.pages) == 6
    for n, page in enumerate(reader.pages, start=1):
        assert f"kolo 3 · stůl {n}" in page.extract_text()


def test_names_with_diacritics_are_extractable():
    text = page_text(build_table_sheets([sheet(CSM, 1)]))
    for word in ("Řezníček", "Šťastná", "Ľubomír", "Ďurčo", "Kateřina", "Břežany", "Žďáru"):
        assert word in text


def test_every_czech_and_slovak_letter_prints():
    letters = "ěščřžýáíéúůďťňľĺŕôä"
    odd = SheetPlayer(1, letters, letters.upper())
    text = page_text(build_table_sheets([sheet(CSM, 1, (odd, *FOUR[1:]))]))
    assert letters in text
    assert letters.upper() in text


def test_fonts_are_embedded_dejavu():
    reader = read(build_table_sheets([sheet(CSM, 1), sheet(SZMK, 2, THREE)]))
    for page in reader.pages:
        fonts = [f.get_object() for f in page["/Resources"]["/Font"].values()]
        assert {str(f["/BaseFont"]).split("+")[-1] for f in fonts} == {
            "DejaVuSans", "DejaVuSans-Bold"}
        for font in fonts:  # no standard, non-embedded font anywhere
            assert "/FontFile2" in font["/FontDescriptor"].get_object()


def test_qr_encodes_the_table_url_and_the_url_is_printed(monkeypatch):
    encoded: list[str] = []
    real = qr.segno.make_qr

    def spy(data, **kwargs):
        encoded.append(data)
        return real(data, **kwargs)

    monkeypatch.setattr(qr.segno, "make_qr", spy)
    pdf = build_table_sheets([sheet(CSM, 4), sheet(CSM, 5)])
    assert encoded == [URL.format(4), URL.format(5)]
    reader = read(pdf)
    assert URL.format(4) in reader.pages[0].extract_text()
    # The code is vector: a run of dark modules is one rectangle, a QR has hundreds.
    assert reader.pages[0].get_contents().get_data().count(b" re") > 200


def test_qr_matrix_is_a_square_qr():
    matrix = qr.qr_matrix(URL.format(12))
    assert len(matrix) >= 21 and all(len(row) == len(matrix) for row in matrix)
    assert all(matrix[0][:7]) and all(matrix[6][:7])  # the finder pattern's edges


def test_csm_sheet_has_four_money_columns_in_czk_and_the_50_pb_lines():
    text = page_text(build_table_sheets([sheet(CSM, 1)]))
    assert money_columns(text, "Kč") == ["1", "2", "3", "4"]
    for label in ("Stolový lístek", "Popis hry", "PB", "Součet ZB (Kč)", "Součet PB",
                  "Hry za 50 a více PB", "Podpis hráče", "Zapisovatel", "Rozhodčí",
                  "Začátek 9:30", "délka kola 90 min", "Hostinec U Řeky"):
        assert label in text


def test_csm_table_of_three_gets_three_money_columns():
    text = page_text(build_table_sheets([sheet(CSM, 1, THREE)]))
    assert money_columns(text, "Kč") == ["1", "2", "3"]
    assert "Novák" not in text


def test_szmk_sheet_is_slovak_with_three_money_columns_in_euro_and_no_pb():
    text = page_text(build_table_sheets([sheet(SZMK, 1, THREE)]))
    assert money_columns(text, "€") == ["1", "2", "3"]
    for label in ("Súťažný lístok", "Popis hry", "Podpis hráča", "Zapisovateľ", "Rozhodca",
                  "Nahratá suma (10,00 € + spolu)", "Poradie pri stole", "10,00 €"):
        assert label in text
    assert "PB" not in text
    assert "Kč" not in text


def test_language_follows_the_tournament_not_the_viewer():
    with translation.override("en"):
        csm = page_text(build_table_sheets([sheet(CSM, 1)]))
        szmk = page_text(build_table_sheets([sheet(SZMK, 1, THREE)]))
    assert "Stolový lístek" in csm and "Table sheet" not in csm
    assert "Súťažný lístok" in szmk
    assert translation.get_language() != "sk"  # the override did not leak


def test_dealer_order_starts_at_seat_one_and_goes_round():
    assert [dealer_seat(h, 4) for h in range(1, 10)] == [1, 2, 3, 4, 1, 2, 3, 4, 1]
    assert [dealer_seat(h, 3) for h in range(1, 7)] == [1, 2, 3, 1, 2, 3]
    assert hands_dealt_by(2, 4) == "2, 6, 10, 14, …"
    assert "2, 6, 10, 14, …" in page_text(build_table_sheets([sheet(CSM, 1)]))


def test_same_surnames_at_one_table_get_initials():
    players = (SheetPlayer(1, "Jan", "Novák"), SheetPlayer(2, "Petr", "Novák"),
               SheetPlayer(3, "Eva", "Malá"))
    assert column_heads(players) == ["Novák J.", "Novák P.", "Malá"]


def test_long_names_and_clubs_still_fit_one_page():
    long = SheetPlayer(1, "Maximilián-Bartoloměj", "Schwarzenberg-Kolowrat-Krakowský",
                       "Klub přátel mariáše a jiných karetních her při hostinci U Zlatého "
                       "lva v Horní Dolní", "REG-1234567890123")
    pdf = build_table_sheets([sheet(CSM, 1, (long, *FOUR[1:]))])
    assert len(read(pdf).pages) == 1


def test_no_tables_is_an_error_not_a_blank_page():
    with pytest.raises(ValueError):
        build_table_sheets([])


# --- seating lists -----------------------------------------------------------------------


def seating(tables: int, info: RoundInfo = CSM) -> SeatingData:
    names = ["Řezníček", "Šťastná", "Ďurčo", "Novák", "Čermák", "Chalupa", "Horák",
             "Cibulka", "Žák", "Zeman"]
    return SeatingData(info, tuple(
        SeatingTable(t, tuple(
            SheetPlayer(s, f"Jméno{t}x{s}", names[(t * 4 + s) % len(names)], "Klub")
            for s in range(1, 5)))
        for t in range(1, tables + 1)))


def test_seating_by_table_paginates_with_page_x_of_y():
    pdf = build_seating_by_table(seating(30))
    reader = read(pdf)
    pages = len(reader.pages)
    assert pages >= 2
    for n, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        assert f"strana {n}/{pages}" in text
        assert "Zasedací pořádek podle stolů" in text
        assert "3. kolo" in text and "12. 4. 2025" in text
    first = reader.pages[0].extract_text()
    assert "Stůl 1" in first and "Řezníček" in first


def test_alphabetical_list_in_czech_order_with_table_and_seat():
    data = seating(10)
    reader = read(build_seating_alphabetical(data))
    text = "".join(p.extract_text() for p in reader.pages)
    assert "Zasedací pořádek podle jmen" in text
    assert f"strana 1/{len(reader.pages)}" in text
    order = [text.index(n) for n in ("Cibulka", "Čermák", "Ďurčo", "Horák", "Chalupa",
                                     "Novák", "Řezníček", "Šťastná", "Zeman", "Žák")]
    assert order == sorted(order)
    # one line: "Čermák Jméno1x1 <table> <seat>"
    row = next(r for r in data.rows() if r.last_name == "Čermák")
    assert re.search(rf"Čermák\s+{row.first_name}\s+{row.table}\s+{row.seat}", text)


def test_alphabetical_list_uses_two_columns_unless_a_name_is_too_long():
    data = seating(3)
    assert page_text(build_seating_alphabetical(data)).count("Stůl") == 2  # two column heads
    giant = SheetPlayer(1, "Maximilián Bartoloměj Kryštof", "Schwarzenberg-Kolowrat-Krakowský")
    tables = (SeatingTable(1, (giant, *data.tables[0].players[1:])), *data.tables[1:])
    text = page_text(build_seating_alphabetical(SeatingData(CSM, tables)))
    assert text.count("Stůl") == 1
    assert re.search(r"Schwarzenberg-Kolowrat-Krakowský\s+Maximilián Bartoloměj Kryštof", text)


def test_alphabetical_list_is_slovak_for_szmk():
    text = page_text(build_seating_alphabetical(seating(2, SZMK)))
    assert "Zasadací poriadok podľa mien" in text
    assert "Stôl" in text and "Miesto" in text and "strana 1/1" in text


def test_czech_sort_key():
    names = ["Žák", "Chalupa", "Horák", "Čermák", "Cibulka", "Novák", "Novak", "Ábel", "Adam"]
    assert sorted(names, key=sort_key) == [
        "Ábel", "Adam", "Cibulka", "Čermák", "Horák", "Chalupa", "Novak", "Novák", "Žák"]


def test_format_money():
    assert format_money(1000, "€") == "10,00\u00a0€"
    assert format_money(1050, "€", "sk") == "10,50\u00a0€"
    assert format_money(-20, "Kč") == "\u22120,20\u00a0Kč"
    assert format_money(-20, "Kč", "en") == "\u22120.20\u00a0CZK"
