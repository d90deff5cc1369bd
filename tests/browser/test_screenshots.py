"""The pages a phone user sees most, in every language, at a phone's and a laptop's width.

Each page is saved as ``docs/screenshots/<page>-<lang>-<width>.png`` (for review) and must

- fit the window: nothing scrolls sideways (a table may scroll only inside its own wrapper);
- speak the user's words: no identifier (``hand_add``, ``hand.add``) in the visible text.

One live server, one browser and one world (built once through the services) for all pages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from tests import factories
from tests.browser.helpers import open_as

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
LANGUAGES = ("cs", "sk", "en")
WIDTHS = (360, 1366)
# snake_case words, and dotted names such as "hand.add" or "registration.check_in".
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_]+[a-z]\b")
# Dotted text that is not an identifier: e-mail-like or domain names never appear on these pages,
# but abbreviations with a dot do ("tj.", "č.") and are followed by a space, so never match.


def _world() -> dict:
    """12 players; round 1 played and confirmed at its three tables; round 2 under way, table 1
    with a few hands (one deleted)."""
    from marias_admin.sheets.services import hand_delete, sheet_confirm, sheet_submit

    setup = factories.tournament(players=12, name="Velká cena Brna")
    factories.running(setup)
    # Complete hands (issue 21): a made sedma or sto with the trump facts its PB need.
    hands = ["7k+ tr4", "b f -", "100+7c f100 60+40 s+ tr3 e+ x-", "7k+ tr4", "b f -", "7k-"]
    first = factories.seated_round(setup, 1, state="released")
    for number in (1, 2, 3):
        sheet = factories.sheet(first, number)
        for i, text in enumerate(hands[number - 1:number + 3]):
            factories.add_hand(sheet, text, dealer=i % 4 + 1, declarer=(i + 1) % 4 + 1)
        sheet.refresh_from_db()
        sheet = sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None)
        sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=None)
    second = factories.seated_round(setup, 2, state="released", seed=2)
    sheet = factories.sheet(second, 1)
    for i, text in enumerate(hands):
        factories.add_hand(sheet, text, dealer=i % 4 + 1, declarer=(i + 1) % 4 + 1)
    sheet.refresh_from_db()
    hand_delete(user=setup.staff.scorekeeper, record=sheet.hands.get(number=3),
                expected_version=None, reason="zapsáno dvakrát")
    t = setup.tournament
    player = setup.registrations[0]
    return {
        "table": ("scorekeeper", f"/t/{t.pk}/round/2/table/1/"),
        "standings": (None, f"/t/{t.pk}/standings/"),
        "player": (None, f"/t/{t.pk}/player/{player.pk}/"),
        "ruling": ("referee", f"/tournaments/{t.pk}/rounds/2/tables/1/rulings/new/"),
        "login": (None, "/accounts/login/"),
        "log": ("organiser", f"/tournaments/{t.pk}/log/"),
    }


def _problems(page, name: str) -> list[str]:
    found = []
    scroll, inner = page.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth]")
    if scroll > inner:
        wide = page.evaluate("""() => {
            const w = window.innerWidth; const out = [];
            for (const el of document.querySelectorAll('body *')) {
                const r = el.getBoundingClientRect();
                if (r.right > w + 1 && r.width > 0) {
                    let inside = false;
                    for (let p = el.parentElement; p; p = p.parentElement) {
                        const s = getComputedStyle(p).overflowX;
                        if (['auto', 'scroll', 'hidden'].includes(s)) { inside = true; break; }
                    }
                    if (!inside) out.push(el.tagName.toLowerCase() + '.' + el.className);
                }
            }
            return out.slice(0, 5);
        }""")
        found.append(f"{name}: {scroll} px wide in a {inner} px window ({', '.join(wide)})")
    text = page.evaluate("() => document.body.innerText")
    words = sorted(set(IDENTIFIER.findall(text)))
    if words:
        found.append(f"{name}: identifiers in the text: {', '.join(words)}")
    return found


def test_pages_fit_and_speak_words(live_server, browser, transactional_db):
    world = _world()
    SHOTS.mkdir(parents=True, exist_ok=True)
    password = {role: "heslo-" + role for role in ("scorekeeper", "referee", "organiser")}
    pages = {}
    for role in {role for role, _path in world.values()}:
        page = open_as(browser, live_server.url, role, "/", password.get(role, ""))
        pages[role] = page
    problems: list[str] = []
    try:
        for language in LANGUAGES:
            for page in pages.values():
                page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME,
                                           "value": language, "url": live_server.url}])
            for width in WIDTHS:
                for name, (role, path) in world.items():
                    page = pages[role]
                    page.set_viewport_size({"width": width, "height": 800})
                    response = page.goto(live_server.url + path)
                    label = f"{name}-{language}-{width}"
                    assert response is not None and response.status == 200, (label, path)
                    assert page.locator("html").get_attribute("lang") == language, label
                    page.screenshot(path=str(SHOTS / f"{label}.png"), full_page=True)
                    problems += _problems(page, label)
    finally:
        for page in pages.values():
            page.context.close()
    assert not problems, "\n".join(problems)
