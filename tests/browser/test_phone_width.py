"""Every page of the demo tournaments on a 360 px phone, in Czech, Slovak and English (issue 24,
"Phone and print").

The demos `make run` loads are built once; then, for each demo tournament, one page of every
URL pattern of the project (its public pages anonymous, its organiser and referee pages logged
in as the site's administrator, who organises every tournament), and the table page reached
through its QR link and PINs, as the table's phone does. Every page is read in each of the
three languages, chosen with the language switch's cookie (which wins over a tournament's own
language): a Slovak or English label is longer or shorter than the Czech one and wraps
elsewhere. Each page must

- fit the phone: ``document.documentElement.scrollWidth`` is at most 360 (a wide table may
  scroll inside its own wrapper, never the page);
- offer tap targets: every link, button and form field in the page's main content is at least
  40 × 40 px, counting its label when the label wraps it or names it (a checkbox in a label is
  tapped by its label). Links inside running text (a sentence with words around the link) are
  exempt, as WCAG 2.5.8 exempts them: they cannot grow without breaking the line.

The failures name the page and the offending elements with their text. Exports (PDF, xlsx),
POST-only actions and pages a demo has nothing for (no category, no team) are not pages.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from playwright.sync_api import Browser, Page, expect

from marias_admin.core.access import Audience, audience_of
from marias_admin.demo.csm import CSM_DEMO_NAME
from marias_admin.demo.management.commands.bootstrap import Command
from marias_admin.demo.season import SEASON_DEMO_NAME
from marias_admin.seating.models import Seat
from marias_admin.sheets.models import HandRecord
from marias_admin.tournaments.models import Registration, Tournament
from tests import factories
from tests.browser import helpers
from tests.demo_data import demo_loader

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
LANGUAGES = ("cs", "sk", "en")  # the first pass also finds which URLs are pages
PASSWORD = "Telefon-360-px"
WAIT = 20_000
# Not pages: files, the language switch and logout (POST), Django's admin, password reset
# links that need a mailed token.
SKIP_ROUTE = re.compile(r"\.(pdf|xlsx)$|^admin/|^i18n/|logout/$|<uidb64>|<str:token>")


def _routes() -> list[tuple[str, str, Any]]:
    """(route, name, view) of every URL pattern."""
    found = []

    def walk(patterns: list, prefix: str, namespace: str) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                inner = ":".join(filter(None, (namespace, p.namespace)))
                walk(p.url_patterns, prefix + str(p.pattern), inner)
            elif isinstance(p, URLPattern) and p.name:
                found.append((prefix + str(p.pattern),
                              ":".join(filter(None, (namespace, p.name))), p.callback))

    walk(get_resolver().url_patterns, "", "")
    return [r for r in found if not SKIP_ROUTE.search(r[0])]


def _values(tournament: Tournament) -> dict[str, Any]:
    """A value for each URL parameter in ``tournament`` (None: it has none)."""
    seat = (Seat.objects.filter(table__round__tournament=tournament, table__round__number=1,
                                table__number=1).order_by("position").first())
    hand = HandRecord.objects.filter(sheet__table__round__tournament=tournament,
                                     sheet__table__round__number=1,
                                     sheet__table__number=1).order_by("number").first()
    team = tournament.teams.order_by("pk").first()
    member = team.members.order_by("pk").first() if team is not None else None
    category = tournament.prize_categories.order_by("pk").first()
    prize = tournament.prizes.order_by("pk").first()
    later = tournament.rounds.order_by("number").exclude(number=1).first()
    return {
        "tournament_id": tournament.pk, "number": 1, "table": 1,
        "registration_id": seat.registration_id if seat else None,
        "hand": hand.number if hand else None, "hand_id": hand.pk if hand else None,
        "team_id": team.pk if team else None, "member_id": member.pk if member else None,
        "category_id": category.pk if category else None,
        "prize_id": prize.pk if prize else None,
        "from_round": later.number if later else None,
    }


def _urls(values: dict[str, Any]) -> list[tuple[str, bool]]:
    """(path, logged in?) of one page per URL pattern, with ``values``' parameters."""
    from marias_admin.seasons.models import Competition  # the top apps only read here

    season = Competition.objects.order_by("pk").first()
    ranking = season.rankings.order_by("pk").first() if season else None
    place = Registration.objects.filter(
        tournament__competition_memberships__competition=season).order_by("pk").first()
    values = {**values, "competition_id": season.pk if season else None,
              "ranking_id": ranking.pk if ranking else None,
              "player_id": place.player_id if place else None}
    urls = []
    for route, name, view in _routes():
        params = re.findall(r"<(?:\w+:)?(\w+)>", route)
        if values.get("tournament_id") is None and "tournament_id" in params:
            continue
        if values.get("tournament_id") is not None and "tournament_id" not in params:
            continue
        kwargs = {p: values.get(p) for p in params}
        if None in kwargs.values():
            continue
        public = audience_of(view) == Audience.PUBLIC
        urls.append((reverse(name, kwargs=kwargs), not public))
        if name == "sheets:table":  # the form by fields too, not only the shorthand
            urls.append((reverse(name, kwargs=kwargs) + "?entry=form", not public))
    return urls


def _phone(browser: Browser, base: str, language: str) -> Page:
    """A phone whose visitor chose ``language`` with the language switch."""
    page = helpers.phone_page(browser, WAIT)
    _speak(page, base, language)
    return page


def _speak(page: Page, base: str, language: str) -> None:
    page.context.add_cookies([{"name": django_settings.LANGUAGE_COOKIE_NAME,
                               "value": language, "url": base}])


def _log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "admin")
    page.fill("input[name=password]", PASSWORD)
    page.locator("form:has(input[name=password]) button[type=submit]").click()
    page.wait_for_url(re.compile(r"^(?!.*/accounts/login/)"))


# Pages whose tables must show every column on a phone without scrolling sideways inside
# their wrapper (the round results' BP column, the table links' PINs), not only fit the page.
WHOLE_TABLES = re.compile(r"/round/\d+/(results|access)/$")
CUT = """() => [...document.querySelectorAll('main .table-scroll, main table')]
  .filter((el) => el.scrollWidth > el.clientWidth + 1)
  .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.scrollWidth} px in `
               + `${el.clientWidth}`)"""


def _check(page: Page, language: str, what: str, problems: list[str]) -> None:
    label = f"{language} {what}"
    spoken = page.evaluate("document.documentElement.lang")
    if spoken != language:  # the language cookie did not choose the page's language
        problems.append(f"{label}: in {spoken!r}")
    found = page.evaluate(helpers.MEASURE, helpers.TAP)
    if found["width"] > PHONE["width"]:
        problems.append(f"{label}: {found['width']} px wide ({', '.join(found['wide'])})")
    if WHOLE_TABLES.search(page.url.split("?")[0]):
        cut = page.evaluate(CUT)
        if cut:
            problems.append(f"{label}: columns cut: " + "; ".join(cut))
    if found["small"]:
        problems.append(f"{label}: tap targets under {helpers.TAP} px: "
                            + "; ".join(found["small"]))


def _is_page(page: Page, base: str, path: str) -> bool:
    """Whether ``path`` answers an HTML page. Asked first with the page's cookies, not by
    opening it: a POST-only action answers an empty 405, which would leave the tab on the
    browser's error page, and a file would start a download."""
    asked = page.request.get(base + path)
    if asked.status != 200 or "text/html" not in (asked.headers.get("content-type") or ""):
        return False
    return "<main" in asked.text()  # not a fragment a page polls (the control room's rows)


def _visit(page: Page, base: str, path: str, language: str, problems: list[str],
           seen: set[str]) -> bool:
    """Open ``path`` and measure it, unless it led to a page already measured (a redirect):
    then False."""
    page.goto(base + path)
    final = page.url.removeprefix(base)
    if final in seen:
        return False
    seen.add(final)
    _check(page, language, final, problems)
    return True


def _form_follows_the_contract(phone: Page, language: str, problems: list[str]) -> None:
    """The form by fields on the table's phone shows the chosen contract's fields only, each
    with its own label: a sedma has no flek on betl, durch or two sevens; a betl no trumps."""
    phone.goto(phone.url.split("#")[0].split("?")[0] + "?entry=form#entry")
    form = phone.locator("#entry form.struct-form")
    everything = form.locator("select, input:not([type=hidden])").count()
    shown = """(form) => [...form.querySelectorAll('select, input:not([type=hidden])')]
        .filter((el) => el.offsetParent !== null && !el.disabled)
        .map((el) => [el.name, el.labels && el.labels[0] ? el.labels[0].innerText.trim() : ''])"""
    form.locator("select[name$='-contract']").select_option("seven")
    fields = form.evaluate(shown)
    names = {name for name, _label in fields}
    assert {"form-doubling_game", "form-doubling_seven", "form-seven_won"} <= names, names
    assert not names & {"form-doubling_betl", "form-doubling_durch", "form-doubling_two_sevens",
                        "form-betl_won", "form-helper"}, names
    labels = [label for name, label in fields if label and name != "form-declarer"]
    assert len(labels) == len(set(labels)), labels
    assert len(fields) < everything - 6, (len(fields), everything)
    _check(phone, language, "the form by fields on a sedma", problems)
    form.locator("select[name$='-contract']").select_option("betl")
    names = {name for name, _label in form.evaluate(shown)}
    assert "form-doubling_betl" in names and not names & {"form-trump", "form-doubling_seven"}


def _table_link(boss: Page, base: str, tournament: Tournament) -> tuple[str, str] | None:
    """The QR link of table 1 in round 1 and the table's PIN (None: a closed round hands out
    no link)."""
    boss.goto(f"{base}/t/{tournament.pk}/round/1/access/")
    row = boss.locator("#table-1")
    if not row.locator("a.access-link").count():
        return None
    return (row.locator("a.access-link").get_attribute("href"),
            row.locator(".pin").inner_text().strip())


def _table_by_link(browser: Browser, base: str, tournament: Tournament, link: str,
                   table_pin: str, language: str, problems: list[str]) -> None:
    """The QR link of table 1 on a phone: its PIN page, then the table page as its phone (as
    ``helpers.open_table``, by the form's names rather than its Czech words)."""
    seat = Seat.objects.filter(table__round__tournament=tournament, table__round__number=1,
                               table__number=1).order_by("position").first()
    phone = _phone(browser, base, language)
    try:
        phone.goto(link)
        _check(phone, language, f"{tournament.pk}: QR link", problems)
        form = phone.locator("form:has(input[name=player_pin])")
        form.locator("input[name=pin]").fill(table_pin)
        form.locator("select[name=registration]").select_option(str(seat.registration_id))
        form.locator("input[name=player_pin]").fill(helpers.player_pin(seat.registration_id))
        form.locator("button[type=submit]").click()
        phone.wait_for_url(re.compile(r"/round/1/table/1/$"))
        expect(phone.locator("#identity")).to_be_visible()  # whom the phone writes as
        _check(phone, language, f"{phone.url.removeprefix(base)} (the table's phone)",
               problems)
        if phone.locator("#entry").count():
            _form_follows_the_contract(phone, language, problems)
    finally:
        phone.context.close()


def test_every_demo_page_fits_a_phone(live_server, browser, transactional_db, settings,
                                      tmp_path, monkeypatch, demo_snapshot):
    settings.ADMIN_LOGIN_FILE = tmp_path / "admin-login.txt"
    monkeypatch.setenv("MARIAS_ADMIN_PASSWORD", PASSWORD)
    # The demos put back from the session's real bootstrap run (tests/demo_data.py), for the
    # admin this run creates with the password above.
    monkeypatch.setattr(Command, "_load_demos", demo_loader(demo_snapshot, Command._load_demos))
    call_command("bootstrap", stdout=open("/dev/null", "w"))  # noqa: SIM115
    admin = get_user_model().objects.get(username="admin")
    assert admin.check_password(PASSWORD)
    # The ČSM demo's table 1 with two hands: its correction links show.
    csm = Tournament.objects.get(name=CSM_DEMO_NAME)
    sheet = factories.sheet(csm.rounds.get(number=1), 1)
    factories.add_hand(sheet, "7k+ tr4", dealer=1, declarer=2, by=admin)
    factories.add_hand(sheet, "b f -", dealer=2, declarer=3, by=admin)
    base = live_server.url
    anonymous, boss = _phone(browser, base, "cs"), _phone(browser, base, "cs")
    _log_in(boss, base)
    # The demo season's small tournaments have the pages of the others; its season pages
    # are among the pages of no tournament.
    tournaments = list(Tournament.objects.exclude(
        competition_memberships__competition__name=SEASON_DEMO_NAME).order_by("pk"))
    candidates = [url for values in [{"tournament_id": None}]
                  + [_values(tournament) for tournament in tournaments]
                  for url in _urls(values)]
    problems: list[str] = []
    pages: list[tuple[str, bool]] = []  # the candidates that are pages, found in Czech
    try:
        links = {tournament: _table_link(boss, base, tournament) for tournament in tournaments}
        for language in LANGUAGES:
            _speak(anonymous, base, language)
            _speak(boss, base, language)
            seen: set[str] = set()
            first = language == LANGUAGES[0]
            for path, logged_in in candidates if first else list(pages):
                page = boss if logged_in else anonymous
                if first and not _is_page(page, base, path):
                    continue
                if _visit(page, base, path, language, problems, seen) and first:
                    pages.append((path, logged_in))
            for tournament, link in links.items():
                if link is not None:
                    _table_by_link(browser, base, tournament, *link, language, problems)
    except Exception:
        helpers.screenshots(browser, "phone-width")
        raise
    finally:
        anonymous.context.close()
        boss.context.close()
    # The test looked at the pages it is about (a renamed URL must not make it pass empty).
    shown = [path for path, _logged_in in pages]
    for must in (r"/t/\d+/round/1/results/$", r"/t/\d+/round/1/access/$",
                 r"/t/\d+/round/1/table/1/$", r"/t/\d+/standings/$", r"/tournaments/\d+/$",
                 r"^/$"):
        assert any(re.search(must, p) for p in shown), (must, shown)
    linked = sum(link is not None for link in links.values())
    assert len(shown) > 7 * 20 and linked >= 5, (len(shown), linked)
    assert not problems, f"{len(problems)} pages do not fit a phone:\n" + "\n".join(problems)
