"""What the PDF builder tests share: players of a table, a sheet's data, a page's text."""

from __future__ import annotations

import io

from pypdf import PdfReader

from marias_admin.printouts.data import RoundInfo, SeatingTable, SheetData, SheetPlayer

URL = "https://marias.example.cz/t/17/round/3/table/{}/"

FOUR = (
    SheetPlayer(1, "Jan", "Řezníček", "TJ Sokol Dolní Břežany", "12345"),
    SheetPlayer(2, "Kateřina", "Šťastná", "MK Humpolec", "ČSM-0042"),
    SheetPlayer(3, "Ľubomír", "Ďurčo", "SZMK Ružomberok"),
    SheetPlayer(4, "Jiří", "Novák"),
)
THREE = FOUR[:3]


def sheet(info: RoundInfo, number: int, players: tuple[SheetPlayer, ...] = FOUR) -> SheetData:
    return SheetData(info, SeatingTable(number, players), URL.format(number))


def read(pdf: bytes) -> PdfReader:
    assert pdf.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(pdf))


def page_text(pdf: bytes, page: int = 0) -> str:
    return read(pdf).pages[page].extract_text()
