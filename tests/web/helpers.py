"""HTTP-side helpers shared by the page tests: logged-in clients, a page's visible text and
messages, the table page's URLs and form data, a PDF's text. Test data comes from
``tests/factories.py``."""

from __future__ import annotations

import io
import re
from typing import Any

from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from marias_admin.printouts.fonts import text_width
from marias_admin.seating.models import Seat, Table
from marias_admin.sheets import access
from marias_admin.sheets.services import hand_add
from marias_admin.tournaments.models import Registration
from scoring.hand import Hand, Renonc
from tests.factories import version

MARGIN = 8.5  # points (3 mm): no text of a PDF closer to the paper's edge than this


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text(response: Any) -> str:
    """The page's visible text, whitespace collapsed (for assertions on sentences)."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def _assert_pdf(response: Any) -> None:
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"] == "application/pdf"


def pdf_pages(response: Any) -> list[str]:
    _assert_pdf(response)
    return [p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages]


# --- the table page of a ``factories.make_world()`` -------------------------------------------


def page_url(world: dict, **query: str) -> str:
    url = reverse("sheets:table", args=world["args"])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def url(world: dict, name: str, *extra: object) -> str:
    return reverse(f"sheets:{name}", args=(*world["args"], *extra))


def add_data(world: dict, notation: str = "7k+", dealer: int = 1, declarer: int = 2,
             paper: list[str] | None = None, ver: int | None = None) -> dict:
    """The table page's shorthand form, filled in."""
    data = {"entry": "text", "text-version": version(world) if ver is None else ver,
            "text-dealer": dealer, "text-declarer": declarer, "text-notation": notation}
    for i, amount in enumerate(paper or [], start=1):
        data[f"text-paper_{i}"] = amount
    return data


def pdf_pieces(content: bytes) -> list[tuple[int, str, float, float, float, float, float]]:
    """(page, text, x, y, right edge, page width, page height) of every piece of text."""
    return pdf_read(content)[1]


def pdf_pages_and_pieces(response: Any) -> tuple[list[str], list[tuple[int, str, float, float,
                                                                     float, float, float]]]:
    """``pdf_pages`` and ``pdf_pieces`` of one PDF, its text extracted once for both (the
    extraction is most of a PDF test's time)."""
    _assert_pdf(response)
    return pdf_read(response.content)


def pdf_read(content: bytes) -> tuple[list[str], list[tuple[int, str, float, float, float,
                                                             float, float]]]:
    """Each page's text (as ``pdf_pages``) and every piece of text (as ``pdf_pieces``)."""
    reader = PdfReader(io.BytesIO(content))
    found = []
    texts = []
    for number, page in enumerate(reader.pages):
        box = page.mediabox
        width, height = float(box.width), float(box.height)

        def visit(text, cm, tm, font, size, number=number, width=width, height=height):
            text = text.strip("\n")
            if not text.strip() or font is None:
                return
            a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
            e = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            f = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            scale = (a * a + b * b) ** 0.5
            bold = "Bold" in str(font.get("/BaseFont", ""))
            right = e + text_width(text, size * scale, bold)
            found.append((number, text, e, f, right, width, height))

        texts.append(page.extract_text(visitor_text=visit))
    return texts, found


def assert_pdf_inside(kind: str, content: bytes) -> None:
    """Every piece of text of the PDF lies inside its page, MARGIN from the edges."""
    pieces = pdf_pieces(content)
    assert pieces, kind
    for page, text, x, y, right, width, height in pieces:
        where = f"{kind} p. {page + 1}: {text!r} at ({x:.1f}, {y:.1f})–{right:.1f}"
        assert x >= MARGIN and right <= width - MARGIN, where
        assert MARGIN <= y <= height - MARGIN, where


def holder(table: Table, position: int = 2) -> Registration:
    """The seated player of ``position`` (seat 2 has no account), with his PIN issued."""
    seat = Seat.objects.select_related("registration__player", "registration__tournament").get(
        table=table, position=position)
    access.player_pins(user=None, tournament=seat.registration.tournament)
    seat.registration.refresh_from_db()
    return seat.registration


def open_data(table: Table, position: int = 2) -> dict:
    """What the link's form asks: the table's PIN, who holds the phone and his own PIN."""
    registration = holder(table, position)
    return {"pin": access.table_access(table).pin, "registration": registration.pk,
            "player_pin": registration.pin}


def renonce(world: dict, seat_no: int, code: str = "men.a") -> Any:
    """A renonce of ``seat_no`` entered as a hand of its own on ``world["sheet"]`` (SZMK)."""
    sheet = world["sheet"]
    sheet.refresh_from_db()
    hand = Hand(players=3, dealer=3, declarer=1, contract=None, renonc=Renonc(code, seat_no))
    return hand_add(user=world["org"], sheet=sheet, expected_version=sheet.version, hand=hand)


# --- every URL of the project -----------------------------------------------------------------


def named_routes(patterns: list[Any] | None = None, namespace: str = "",
                 route: str = "") -> list[tuple[str, str]]:
    """(``namespace:name``, route) of every named URL pattern, walked from the root URLconf
    through every include: the access matrix must cover them all and the crawler requests
    them all, so a new URL cannot slip past either."""
    from django.urls import URLPattern, URLResolver, get_resolver

    found: list[tuple[str, str]] = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = ":".join(filter(None, (namespace, entry.namespace or "")))
            found += named_routes(entry.url_patterns, inner, route + str(entry.pattern))
        elif isinstance(entry, URLPattern) and entry.name:
            name = f"{namespace}:{entry.name}" if namespace else entry.name
            found.append((name, route + str(entry.pattern)))
    return found


def refresh_planner_statistics() -> None:
    """After a bulk load (the demos) inside a test's transaction, PostgreSQL still plans from
    statistics that say "empty", and a join of seats, tables and players degrades into nested
    full scans of seconds each; ANALYZE gives it what autovacuum gives a real server. SQLite
    needs nothing."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
