"""The standings widget framed by a page of another origin (a club's website on a second local
port), issue 26: it shows there; the ordinary standings page refuses to be framed; and with
``MARIAS_EMBED_ANCESTORS`` naming other sites the widget refuses this one too."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.browser


@pytest.fixture
def club_site() -> Iterator[tuple[str, dict[str, str]]]:
    """A plain HTTP server on another port serving one page: ``pages["/"]``."""
    pages: dict[str, str] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # the standard library names it
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", pages
    finally:
        server.shutdown()
        server.server_close()


def _frame_text(page, selector: str) -> str:
    """The text of a frame's body, or "" when the browser refused to show the frame."""
    handle = page.query_selector(selector)
    frame = handle.content_frame() if handle else None
    if frame is None or not frame.url.startswith("http"):
        return ""
    try:
        return frame.inner_text("body", timeout=2_000)
    except Exception:
        return ""


def test_a_club_site_frames_the_widget_but_not_the_standings_page(live_server, page, club_site,
                                                                  settings, transactional_db):
    t = factories.played_field(9, rounds=1, name="Turnaj pro web klubu").tournament
    widget = live_server.url + reverse("opendata:standings_widget", args=[t.pk]) + "?rows=5"
    standings = live_server.url + reverse("standings:standings", args=[t.pk])
    origin, pages = club_site
    assert origin.split(":")[-1] != live_server.url.split(":")[-1]  # another origin
    pages["/"] = (f'<!doctype html><title>Klub</title><h1>Náš klub</h1>'
                  f'<iframe id="widget" src="{widget}" width="360" height="400"></iframe>'
                  f'<iframe id="page" src="{standings}" width="360" height="400"></iframe>')
    page.goto(origin + "/")
    frame = page.frame_locator("#widget")
    frame.locator("[data-widget-standings]").wait_for()
    assert frame.locator("tbody tr").count() == 5
    assert "Turnaj pro web klubu" in frame.locator("h1").inner_text()
    assert "Turnaj pro web klubu" in _frame_text(page, "#widget")  # the check can see a frame
    page.wait_for_timeout(300)
    assert "Turnaj pro web klubu" not in _frame_text(page, "#page")  # frame-ancestors 'none'

    settings.MARIAS_EMBED_ANCESTORS = ["https://csm-marias.example"]
    page.goto(origin + "/")
    page.wait_for_timeout(500)
    assert "Turnaj pro web klubu" not in _frame_text(page, "#widget")
    # Opened directly (not framed) it still works.
    page.goto(widget)
    assert page.locator("[data-widget-standings] tbody tr").count() == 5
