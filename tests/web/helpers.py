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

from tests.factories import version


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


def pdf_pages(response: Any) -> list[str]:
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"] == "application/pdf"
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
