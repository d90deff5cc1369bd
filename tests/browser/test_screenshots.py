"""Pictures of the pages people use most, in every language, at a phone's and a laptop's width,
for review and for ``docs/screenshots/README.md`` (issue 24, "Must show").

One live server, one browser and one world: the ČSM demo ``make run`` loads, with round 1
under way (its clock running, tables in every state, one with its PB facts missing) and round 2
seated for the seating editor. Each page is saved as ``docs/screenshots/<page>-<lang>-<width>.jpg``
(what the window shows, JPEG: the folder stays small enough for git), the hall poster's first
page as ``poster-<lang>.jpg`` when ``pdftoppm`` (poppler-utils) is installed. Every page must

- answer 200 in the language asked for;
- fit the window: nothing scrolls sideways (a table may scroll only inside its own wrapper);
- speak the user's words: no identifier (``hand_add``, ``hand.add``) in the visible text.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from marias_admin.demo.csm import load_csm_demo
from marias_admin.seating.models import Seat
from marias_admin.seating.services import round_seat, round_set_state, round_start_clock
from marias_admin.sheets.services import hand_delete, paper_totals_set, sheet_confirm, sheet_submit
from marias_admin.tournaments.models import Role
from marias_admin.tournaments.services import role_grant
from tests import factories
from tests.browser.helpers import open_as

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
LANGUAGES = ("cs", "sk", "en")
WINDOWS = ({"width": 360, "height": 740}, {"width": 1366, "height": 768})
QUALITY = 55  # JPEG: text stays legible, a picture weighs 30-90 kB
# snake_case words, and dotted names such as "hand.add" or "registration.check_in".
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_]+[a-z]\b")
# Dotted text that is not an identifier: e-mail-like or domain names never appear on these pages,
# but abbreviations with a dot do ("tj.", "č.") and are followed by a space, so never match.
# The seating editor is another helper's page still being built: pictured, not judged here
# (tests/browser/test_phone_width.py judges every page).
PICTURED_ONLY = {"seating-editor"}
# What the window shows when the page's subject is further down: scrolled to the first of these
# that the page has.
FOCUS = {"seating-editor": "#editor, #swap"}


def _world() -> dict[str, tuple[str | None, str]]:
    """The ČSM demo (24 players at 6 tables); round 1 released with its clock running: table 1
    with hands (one deleted), table 2 missing PB facts, table 3 submitted, table 4 confirmed,
    table 5 with paper totals that differ; round 2 seated. Page name → (who, path)."""
    users = {role: factories.user(role) for role in ("organiser", "scorekeeper", "referee")}
    tournament = load_csm_demo(users["organiser"])
    for role in ("scorekeeper", "referee"):
        role_grant(user=users["organiser"], tournament=tournament, member=users[role],
                   role=Role(role))
    first = round_set_state(user=users["organiser"], round=tournament.rounds.get(number=1),
                            state="released")
    round_start_clock(user=users["organiser"], round=first, minutes=90)
    keeper = users["scorekeeper"]
    hands = ["7k+ tr4", "b f -", "100+7c f100 60+40 s+ tr3 e+ x-", "7k+ tr4"]
    sheet = factories.sheet(first, 1)
    for i, text in enumerate(hands):
        factories.add_hand(sheet, text, dealer=i % 4 + 1, declarer=(i + 1) % 4 + 1, by=keeper)
    sheet.refresh_from_db()
    hand_delete(user=keeper, record=sheet.hands.get(number=3), expected_version=None,
                reason="zapsáno dvakrát")
    factories.add_hand(factories.sheet(first, 2), "7k+", by=keeper)  # its PB facts missing
    for number in (3, 4):
        sheet = factories.sheet(first, number)
        factories.add_hand(sheet, "7k+ tr4", by=keeper)
        sheet.refresh_from_db()
        sheet = sheet_submit(user=keeper, sheet=sheet, expected_version=None)
        if number == 4:
            sheet_confirm(user=users["referee"], sheet=sheet, expected_version=None)
    sheet = factories.sheet(first, 5)
    factories.add_hand(sheet, "7k+ tr4", by=keeper)
    sheet.refresh_from_db()
    paper_totals_set(user=keeper, sheet=sheet, expected_version=sheet.version,
                     money=[100, -50, -50, 0], pb=[None] * 4)
    round_seat(user=users["organiser"], round=tournament.rounds.get(number=2), seed=2)
    t = tournament.pk
    seat = (Seat.objects.filter(table__round=first, table__number=1)
            .select_related("registration__player").order_by("position").first())
    return {
        # issue 24: the front door, the public home, where do I sit, the control room (the
        # referees' page: the room at the top), the seating editor, the players' details
        "front-door": (None, "/"),
        "public-home": (None, f"/t/{t}/"),
        "where-do-i-sit": (None, f"/t/{t}/find/?q={seat.registration.player.last_name}"),
        "control-room": ("referee", f"/tournaments/{t}/rounds/1/control/"),
        "seating-editor": ("organiser", f"/tournaments/{t}/rounds/2/"),
        "players-details": ("organiser", f"/tournaments/{t}/registrations/details/"),
        # the pages of a tournament day
        "table": ("scorekeeper", f"/t/{t}/round/1/table/1/"),
        "standings": (None, f"/t/{t}/standings/"),
        "player": (None, f"/t/{t}/player/{seat.registration_id}/"),
        "ruling": ("referee", f"/tournaments/{t}/rounds/1/tables/1/rulings/new/"),
        "log": ("organiser", f"/tournaments/{t}/log/"),
        "login": (None, "/accounts/login/"),
        "poster": ("organiser", f"/print/t/{t}/poster.pdf"),
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


def _poster(path: str, language: str) -> Path | None:
    """The poster's first page as a picture, by pdftoppm (None when it is not installed)."""
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        return None
    client = Client()
    client.force_login(factories.user("organiser"))  # the organiser prints it
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(path)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    target = SHOTS / f"poster-{language}"
    subprocess.run([pdftoppm, "-f", "1", "-l", "1", "-r", "40", "-jpeg", "-jpegopt",
                    f"quality={QUALITY}", "-singlefile", "-", str(target)],
                   input=b"".join(response.streaming_content)
                   if response.streaming else response.content, check=True, timeout=30)
    return target.with_suffix(".jpg")


def test_pages_in_every_language_at_two_widths(live_server, browser, transactional_db):
    world = _world()
    poster = world.pop("poster")[1]
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = {role: open_as(browser, live_server.url, role, "/", "heslo-" + role if role else "")
             for role in {role for role, _path in world.values()}}
    problems: list[str] = []
    saved: list[Path] = []
    try:
        for language in LANGUAGES:
            for page in pages.values():
                page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME,
                                           "value": language, "url": live_server.url}])
            for window in WINDOWS:
                for name, (role, path) in world.items():
                    page = pages[role]
                    page.set_viewport_size(window)
                    response = page.goto(live_server.url + path)
                    label = f"{name}-{language}-{window['width']}"
                    assert response is not None and response.status == 200, (label, path)
                    assert page.locator("html").get_attribute("lang") == language, label
                    if name in FOCUS:
                        page.evaluate("list => list.split(',').map(s => document"
                                      ".querySelector(s)).find(Boolean)?.scrollIntoView()",
                                      FOCUS[name])
                    saved.append(SHOTS / f"{label}.jpg")
                    page.screenshot(path=str(saved[-1]), type="jpeg", quality=QUALITY)
                    if name not in PICTURED_ONLY:
                        problems += _problems(page, label)
            picture = _poster(poster, language)
            if picture is not None:
                saved.append(picture)
    finally:
        for page in pages.values():
            page.context.close()
    assert not problems, "\n".join(problems)
    assert len(saved) >= len(world) * len(LANGUAGES) * len(WINDOWS)
    assert sum(p.stat().st_size for p in saved) < 6_000_000  # git stays light
