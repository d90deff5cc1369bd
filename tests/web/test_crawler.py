"""Keep it true: no URL of the project answers anyone with a 500, whatever they send.

Every URL pattern (walked from the root URLconf; of the admin only its index) is requested by
every kind of visitor — anonymous, logged in without a role, the tournament's organiser,
scorekeeper and referee, a superuser — with the ids of a small real world (a ČSM tournament with
a seated round, a sheet with hands and a ruling, a prize category, a prize, a team; an SZMK
tournament with a submitted sheet; a competition; the real token of a table's link), with ids
that do not exist (0, and a number beyond every integer column), with hostile query strings
(every parameter the views read, set to unicode digits, huge numbers, "inf", "NaN", 5000
characters, a NUL …) and, where the URL takes a POST, with hostile values in the fields of the
forms that post there (scraped from the pages, so a new form is crawled without touching this
file). Anonymous POSTs also go through a client that enforces CSRF: 403, never 500.

The world is built once per module inside a transaction rolled back after the last test; each
request runs in a savepoint rolled back at once, so a POST never changes what the next request
sees. One test per URL pattern collects every 500 of that pattern into one message naming the
visitor, the URL, what was sent and where it broke.

The PIN forms (the table link's and the player's confirmation) are also posted with the real
PINs, right and wrong (empty, over-long, other scripts' digits, a NUL …): a wrong one is
refused without a 500 and writes nothing but its count for the throttle.
"""

from __future__ import annotations

import logging
import os
import re
import traceback
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.shortcuts import resolve_url
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, Resolver404, resolve, reverse

import marias_admin
from marias_admin.prizes.services import category_save, prize_save
from marias_admin.seasons.ranking_services import ranking_save
from marias_admin.seasons.services import competition_save
from marias_admin.sheets import access
from marias_admin.sheets.models import HandRecord, RulingKind
from marias_admin.sheets.services import ruling_add, sheet_assign_scorekeeper, sheet_submit
from marias_admin.teams.models import MemberRole
from tests import factories
from tests.web.helpers import named_routes

ROLES = ("anonymous", "plain", "organiser", "scorekeeper", "referee", "superuser")
HUGE = "99999999999999999999"  # beyond bigint: the database must never see it
COLUMN = "2147483648"  # 2³¹: one past PostgreSQL's integer column
HOSTILE = ("²", "①", "-1", "0", HUGE, COLUMN, "1e999999", "inf", "NaN", "", "x" * 5000,
           "<script>", "\x00")
# Who sends which hostile value where the visitor does not matter much: each role several.
ROTATION = ("superuser", "scorekeeper", "organiser", "referee", "plain", "superuser",
            "anonymous", "organiser", "scorekeeper", "superuser", "referee", "organiser",
            "scorekeeper")


def query_params() -> tuple[str, ...]:
    """Every name a view reads from the query string: found in the source (``GET.get("x")``,
    ``GET.getlist("x")``), with the filter forms' fields, which the source does not name."""
    source = "\n".join(path.read_text(encoding="utf-8")
                       for path in Path(marias_admin.__file__).parent.rglob("*.py"))
    found = re.findall(r"GET\.(?:get|getlist)\(\s*[\"']([\w-]+)[\"']", source)
    return tuple(sorted({*found, "q", "club", "status", "page", "next"}))


QUERY_PARAMS = query_params()
# Forms that only appear with a query string, on table 2 (ČSM: no hands yet, the totals form;
# SZMK: submitted, the confirmation, dispute and reopening forms) or for round 2 (not seated).
FORM_PAGES = (("sheets:table", {"hand": "1"}, {}),
              ("sheets:table", {"entry": "form"}, {}),
              ("sheets:table", {"hand": "1", "entry": "form"}, {}),
              ("sheets:table", {}, {"table": 2}),
              ("seating:round", {}, {"number": 2}))

# Pages whose forms differ by the rules (SZMK: who doubled, who came late …).
SZMK_FORMS = ("sheets:table", "sheets:", "standings:settings")


# -- the URL patterns ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Pattern:
    name: str  # namespace:name
    route: str
    params: tuple[str, ...]

    def __str__(self) -> str:
        return self.name


def all_patterns() -> list[Pattern]:
    found: dict[str, Pattern] = {}
    for name, route in named_routes():
        if name == "admin:index" or not name.startswith("admin:"):
            params = tuple(re.findall(r"<(?:\w+:)?(\w+)>", route))
            found.setdefault(name, Pattern(name, route, params))
    return sorted(found.values(), key=lambda p: p.name)


PATTERNS = all_patterns()
LOGIN = resolve_url(settings.LOGIN_URL)


def fill(pattern: Pattern, values: dict[str, Any], **override: Any) -> str:
    """The pattern's URL with these path values (1 for a parameter the world does not know)."""
    kwargs = {name: override.get(name, values.get(name, 1)) for name in pattern.params}
    try:
        return reverse(pattern.name, kwargs=kwargs)
    except NoReverseMatch:  # a value the converter refuses: build the path by hand
        path = "/" + pattern.route
        for name, value in kwargs.items():
            path = re.sub(rf"<(?:\w+:)?{name}>", quote(str(value)), path)
        return path


# -- the world -----------------------------------------------------------------------------------


def build_world() -> dict[str, Any]:
    csm = factories.tournament(players=8, rounds=2, name="Crawl ČSM", prefix="crawl-")
    round_1 = factories.seated_round(csm)
    sheet = factories.sheet(round_1)
    staff = csm.staff
    sheet_assign_scorekeeper(user=staff.organiser, sheet=sheet, scorekeeper=staff.scorekeeper,
                             expected_version=sheet.version)
    factories.add_hand(sheet, "7k+", dealer=1, declarer=2, by=staff.scorekeeper)
    factories.add_hand(sheet, "7z+ 2 trumfy", dealer=2, declarer=3, by=staff.scorekeeper)
    renonc = factories.add_hand(sheet, "!e3b@1", dealer=3, declarer=4, by=staff.scorekeeper)
    sheet.refresh_from_db()
    offender = round_1.tables.get(number=1).seats.get(position=1).registration
    ruling_add(user=staff.referee, sheet=sheet, kind=RulingKind.YELLOW_CARD, offender=offender,
               reason="crawl", expected_version=sheet.version)
    szmk = factories.tournament(players=6, rounds=2, name="Crawl SZMK",
                                ruleset_code="szmk-voleny-2024", prefix="crawl-szmk-")
    szmk_round = factories.seated_round(szmk)
    factories.add_hand(factories.sheet(szmk_round), "7k+", dealer=1, declarer=2,
                       by=szmk.staff.scorekeeper)
    # Table 2 submitted: its page offers confirming, disputing and reopening.
    submitted = factories.sheet(szmk_round, 2)
    factories.add_hand(submitted, "7k+", dealer=1, declarer=2, by=szmk.staff.scorekeeper)
    submitted.refresh_from_db()
    sheet_submit(user=szmk.staff.scorekeeper, sheet=submitted,
                 expected_version=submitted.version)
    competition = competition_save(user=staff.organiser, name="Crawl cup", season="2026",
                                   public=True, tournaments=[csm.tournament, szmk.tournament])
    # Real ids for the prize and team pages, and real PINs: the table's link (its token in
    # every ``<token>``) and the players' own, so that the PIN forms get past their choices.
    category = category_save(user=staff.organiser, tournament=csm.tournament, name="Ženy",
                             kind="women")
    prize = prize_save(user=staff.organiser, tournament=csm.tournament, place=1, label="Pohár")
    team = factories.team(csm.tournament, "Crawl A", [(offender, MemberRole.CAPTAIN)],
                          by=staff.organiser)
    for each in (csm.tournament, szmk.tournament):
        access.player_pins(user=staff.organiser, tournament=each)
    link = access.table_access(round_1.tables.get(number=1))
    submitted_link = access.table_access(submitted.table)
    users = {
        "anonymous": None,
        "plain": factories.user("crawl-plain"),
        "organiser": staff.organiser,
        "scorekeeper": staff.scorekeeper,
        "referee": staff.referee,
        "superuser": get_user_model().objects.create_superuser("crawl-root", password=None),
    }
    values = {
        "tournament_id": csm.tournament.pk, "number": 1, "table": 1, "hand": 1,
        "hand_id": renonc.pk, "registration_id": offender.pk, "from_round": 1,
        "competition_id": competition.pk, "category_id": category.pk, "prize_id": prize.pk,
        "team_id": team.pk, "member_id": team.members.get().pk,
        "ranking_id": ranking_save(user=staff.organiser, competition=competition,
                                   name="Crawl ranking").pk,
        "player_id": offender.player_id,
        # The table link's token (the password reset confirmation, which shares the name,
        # answers 404 whatever it gets while mail is not configured).
        "uidb64": "MQ", "token": link.token,
    }
    szmk_values = {
        **values, "tournament_id": szmk.tournament.pk,
        "hand_id": HandRecord.objects.get(sheet__table__round=szmk_round,
                                          sheet__table__number=1).pk,
        "registration_id": szmk.registrations[0].pk,
    }
    return {"users": users, "values": values, "szmk_values": szmk_values,
            "link": link, "submitted": submitted, "submitted_link": submitted_link,
            "szmk_organiser": szmk.staff.organiser}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once, in a transaction rolled back after the module's last test; the forms of
    every page are scraped once (by the view they post to)."""
    # Thousands of 403s and 404s: their log lines cost time; a 500 is reported by the test.
    quiet = {logging.getLogger(name): logging.getLogger(name).level
             for name in ("django.request", "django.security")}
    fast = override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    with fast, django_db_blocker.unblock():
        for logger in quiet:
            logger.setLevel(logging.CRITICAL)
        try:
            with transaction.atomic():
                built = build_world()
                built["forms"] = scrape_forms(built)
                with django_db_blocker.block():
                    yield built
                transaction.set_rollback(True)
        finally:
            for logger, level in quiet.items():
                logger.setLevel(level)


# -- forms ---------------------------------------------------------------------------------------


@dataclass
class ScrapedForm:
    values: dict[str, str] = field(default_factory=dict)  # every field, as the page fills it
    free: list[str] = field(default_factory=list)  # typed by the visitor: text, numbers

    def hostile(self, value: str, variant: str, turn: int = 0) -> dict[str, str]:
        """``all`` fields set to ``value``; the ``free`` ones only (choices and hidden fields
        as on the page, so the form gets past them to its deeper checks); or ``one`` free
        field (the ``turn``-th), so that the rest of the form is valid."""
        if variant == "all":
            return dict.fromkeys(self.values, value)
        if variant == "free":
            return {**self.values, **dict.fromkeys(self.free, value)}
        if not self.free:
            return dict(self.values)
        return {**self.values, self.free[turn % len(self.free)]: value}


FREE_TYPES = ("text", "number", "search", "email", "password", "tel", "url", "date", "")


class FormScraper(HTMLParser):
    """The fields of every form on a page, by the path it posts to."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, ScrapedForm]] = []
        self.current: ScrapedForm | None = None
        self.option_of: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        targets = [a[k] for k in ("action", "hx-post", "formaction") if a.get(k)]
        if tag == "form":
            self.current = ScrapedForm()
            for target in targets or [""]:
                self.forms.append((urlsplit(target).path, self.current))
            return
        for target in targets:  # a button or field posting elsewhere than its form
            self.forms.append((urlsplit(target).path, self.current or ScrapedForm()))
        if self.current is None:
            return
        values = self.current.values
        if tag == "option" and self.option_of and (self.option_of not in values
                                                   or "selected" in a):
            values[self.option_of] = a.get("value", "")
        name = a.get("name")
        if not name or name == "csrfmiddlewaretoken":
            return
        kind = a.get("type", "").lower()
        if tag == "select":
            self.option_of = name
        elif tag == "input" and kind in ("checkbox", "radio"):
            if "checked" in a or name not in values:
                values[name] = a.get("value", "on")
        else:
            values[name] = a.get("value", "")
            if tag == "textarea" or (tag == "input" and kind in FREE_TYPES):
                self.current.free.append(name)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.option_of = None


def scrape_forms(world: dict[str, Any]) -> dict[str, list[ScrapedForm]]:
    """View name → the distinct forms posting to it, as a superuser (every role) sees them."""
    crawl = Crawl(world)
    pages = [(p, {}, {}) for p in PATTERNS if not p.route.endswith((".pdf", ".xlsx"))]
    pages += [(next(p for p in PATTERNS if p.name == name), query, path)
              for name, query, path in FORM_PAGES]
    forms: dict[str, list[ScrapedForm]] = {}
    for pattern, query, path in pages:
        for values in (world["values"], world["szmk_values"]):
            url = fill(pattern, {**values, **path})
            response = crawl.request("superuser", "get", url, query)
            if "html" not in response.get("Content-Type", "") or response.status_code != 200:
                continue
            scraper = FormScraper()
            scraper.feed(response.content.decode(errors="replace"))
            for target, form in scraper.forms:
                try:
                    name = resolve(target or urlsplit(url).path).view_name
                except Resolver404:
                    continue
                known = forms.setdefault(name, [])
                if form.values and all(set(f.values) != set(form.values) for f in known):
                    known.append(form)
            if not pattern.name.startswith(SZMK_FORMS):
                break
    return forms


# -- requests ------------------------------------------------------------------------------------


def where(exc_info: Any) -> str:
    """The exception and the project's innermost frame it passed."""
    if not exc_info:
        return ""
    frames = [f for f in traceback.extract_tb(exc_info[2])
              if "/marias_admin/" in f.filename or "/scoring/" in f.filename]
    frame = frames[-1] if frames else traceback.extract_tb(exc_info[2])[-1]
    return (f"{exc_info[0].__name__}: {str(exc_info[1])[:120]} "
            f"at {os.path.relpath(frame.filename, settings.BASE_DIR)}:{frame.lineno}")


@dataclass
class Crawl:
    world: dict[str, Any]
    clients: dict[str, Client] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    count: int = 0
    responses: dict[Any, Any] = field(default_factory=dict)  # each request is sent once

    def client(self, role: str, *, csrf: bool = False) -> Client:
        key = f"{role}:{csrf}"
        if key not in self.clients:
            client = Client(enforce_csrf_checks=csrf, raise_request_exception=False)
            if self.world["users"][role] is not None:
                client.force_login(self.world["users"][role])
            self.clients[key] = client
        return self.clients[key]

    def request(self, role: str, method: str, url: str, data: dict[str, Any] | None = None,
                *, csrf: bool = False) -> Any:
        key = (role, method, url, csrf, tuple(sorted((data or {}).items())))
        if key in self.responses:  # e.g. a form without free fields: every variant is the same
            return self.responses[key]
        client = self.client(role, csrf=csrf)
        sid = transaction.savepoint()
        try:
            response = getattr(client, method)(url, data or {})
        finally:
            transaction.savepoint_rollback(sid)
        self.count += 1
        self.responses[key] = response
        if response.status_code >= 500:
            sent = {k: (v[:12] + "…" if len(v) > 12 else v) for k, v in (data or {}).items()}
            self.failures.append(f"{role} {method.upper()}{' (CSRF)' if csrf else ''} {url} "
                                 f"{sent}: {response.status_code} "
                                 f"{where(getattr(response, 'exc_info', None))}")
        if method == "post" and "logout" in url:
            self.clients.pop(f"{role}:{csrf}", None)  # logged out: log in again next time
        client.cookies.pop("django_language", None)  # the language switcher's choice
        return response


# -- the test ------------------------------------------------------------------------------------


def _params() -> list[Any]:
    return [pytest.param(p, id=p.name) for p in PATTERNS]


@pytest.mark.django_db
@pytest.mark.parametrize("pattern", _params())
def test_no_url_answers_500(world, pattern):
    crawl = Crawl(world)
    url = fill(pattern, world["values"])
    # Real ids: every visitor; the SZMK tournament's too.
    statuses = {role: crawl.request(role, "get", url).status_code for role in ROLES}
    if "tournament_id" in pattern.params:
        for role in ("anonymous", "superuser"):
            crawl.request(role, "get", fill(pattern, world["szmk_values"]))
    # Ids that do not exist: each path number beyond every column; all of them 0 or 999999.
    for param in pattern.params:
        crawl.request("superuser", "get", fill(pattern, world["values"], **{param: HUGE}))
    if pattern.params:
        for bad, role in ((0, "organiser"), (999999, "anonymous")):
            crawl.request(role, "get", fill(pattern, dict.fromkeys(pattern.params, bad)))
    # Hostile query strings: every parameter at once, each value by some visitor.
    if statuses["superuser"] != 405:
        for value, role in zip(HOSTILE, ROTATION, strict=True):
            crawl.request(role, "get", url, dict.fromkeys(QUERY_PARAMS, value))
    # POSTs: whoever may not gets a refusal, never a 500; a superuser (every role) gets each
    # form's deeper checks with every value.
    forms = world["forms"].get(pattern.name, [])
    if forms or statuses["superuser"] == 405:
        for role in ROLES:
            crawl.request(role, "post", url, {})
        forms = forms or [ScrapedForm()]
        for i, (value, role) in enumerate(zip(HOSTILE, ROTATION, strict=True)):
            form = forms[i % len(forms)]
            variant = "free" if i % 2 else "one"
            crawl.request("superuser", "post", url, form.hostile(value, variant, i // 2))
            crawl.request(role, "post", url, form.hostile(value, "all"))
    response = crawl.request("anonymous", "post", url, {"x": "1"}, csrf=True)
    to_login = response.status_code == 302 and response["Location"].startswith(LOGIN)
    if response.status_code != 403 and not to_login:  # (the upload checks login first)
        crawl.failures.append(f"anonymous POST without a CSRF token {url}: "
                              f"{response.status_code}, expected 403")
    assert not crawl.failures, (f"{len(crawl.failures)} of {crawl.count} requests failed:\n"
                                + "\n".join(crawl.failures))


# -- the PIN forms, posted for real --------------------------------------------------------------
#
# The hostile values above never get past the PIN forms' choices (who holds the phone, who
# confirms) with a right PIN beside them. Here each form is posted with the world's real table
# link, real seated players and their real PINs, one PIN field at a time set to each wrong
# input; each attempt from a fresh phone (Client), in a savepoint rolled back at once, since a
# wrong PIN counts per phone and address (the throttle may answer 429: allowed).

# A wrong PIN may record itself (the throttle) and the phone's session; nothing else.
PIN_FAILURE_WRITES = ("sheets_pinfailure", "django_session")
WRITE_SQL = re.compile(r"\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+\"?(\w+)", re.IGNORECASE)
FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def wrong_pins(right: str) -> dict[str, str]:
    """Label → a PIN that must be refused (with a message, never a 500) instead of ``right``."""
    return {
        "wrong": str((int(right) + 1) % 10 ** len(right)).zfill(len(right)),
        "empty": "",
        "over-long": right + "0" * 17,
        "5000 digits": "1" * 5000,
        "arabic-indic": "١٢٣٤٥",
        "fullwidth": "１２３４５",
        "the right one, fullwidth": right.translate(FULLWIDTH),
        "the right one, arabic-indic": right.translate(ARABIC_INDIC),
        "letter": "12é45",
        "no-break space": "12\u00a0345",
        "emoji": "12😀45",
        "NUL": "\x00",
        "right with a NUL": right + "\x00",
    }


@dataclass
class Attempt:
    status: int
    location: str
    writes: list[str]  # the tables written to
    seen: Any  # what ``probe`` found before the rollback
    error: str  # where a 500 broke


def post_from_fresh_phone(url: str, data: dict[str, Any], *, user: Any = None,
                          before: Any = None, probe: Any = None) -> Attempt:
    """One POST from a new phone (logged in as ``user``, opened first by ``before``), its
    writes, and what ``probe(client)`` sees of the result, all rolled back afterwards."""
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    sid = transaction.savepoint()
    try:
        if before is not None:
            before(client)
        with CaptureQueriesContext(connection) as queries:
            response = client.post(url, data)
        seen = probe(client) if probe is not None else None
    finally:
        transaction.savepoint_rollback(sid)
    written = [m.group(1) for q in queries.captured_queries
               if (m := WRITE_SQL.match(q["sql"]))]
    return Attempt(response.status_code, response.get("Location", ""), written, seen,
                   where(getattr(response, "exc_info", None)))


def refused(label: str, attempt: Attempt, *, state: Any = None, expected_state: Any = None,
            counted: bool = False) -> list[str]:
    """What is wrong with a refused attempt: a 500, a redirect (success), a write; a PIN of
    the right form but wrong (``counted``) must reach the comparison and count for the
    throttle."""
    problems = []
    if attempt.status not in (200, 429):
        problems.append(f"{label}: {attempt.status} {attempt.location} {attempt.error}")
    extra = sorted({t for t in attempt.writes if not t.startswith(PIN_FAILURE_WRITES)})
    if extra:
        problems.append(f"{label}: wrote to {extra}")
    if state != expected_state:
        problems.append(f"{label}: {state!r}, expected {expected_state!r}")
    if counted and "sheets_pinfailure" not in attempt.writes:
        problems.append(f"{label}: not counted as a wrong PIN (stopped before the comparison)")
    return problems


def _seated(table: Any) -> list[Any]:
    return [s.registration for s in table.seats.select_related("registration")
            .order_by("position")]


@pytest.mark.django_db
def test_table_link_pin_form(world):
    """The QR code's form: the table's PIN and the holder's own. The right ones let the phone
    in (a grant in its session, an audit entry); anything else is refused without a grant or
    any write but the failure count."""
    link = world["link"]
    holder, other = _seated(link.table)[:2]
    url = reverse("sheets:table_link", args=(link.token,))
    right = {"pin": link.pin, "registration": holder.pk, "player_pin": holder.pin}

    def grant(client: Client) -> Any:
        return client.session.get(access.SESSION_KEY, {}).get(str(link.table_id))

    opened = post_from_fresh_phone(url, right, probe=grant)
    assert opened.status == 302, opened
    assert opened.location == fill(next(p for p in PATTERNS if p.name == "sheets:table"),
                                   world["values"])
    assert opened.seen == {"version": link.version, "registration": holder.pk}
    assert "audit_auditentry" in opened.writes, opened.writes

    problems = []
    for field_name, pin in (("pin", link.pin), ("player_pin", holder.pin)):
        for label, value in wrong_pins(pin).items():
            attempt = post_from_fresh_phone(url, {**right, field_name: value}, probe=grant)
            problems += refused(f"{field_name} {label} {value[:12]!r}", attempt,
                                state=attempt.seen, counted=label == "wrong")
    # The other player's PIN for the holder, and the holder's PIN for the other player.
    for label, data in (("another player's PIN", {**right, "player_pin": other.pin}),
                        ("registration of no seat here",
                         {**right, "registration": world["values"]["registration_id"] + 10**6}),
                        ("registration not a number", {**right, "registration": "١"}),
                        ("nothing", {})):
        if label == "another player's PIN" and other.pin == holder.pin:
            continue
        attempt = post_from_fresh_phone(url, data, probe=grant)
        problems += refused(label, attempt, state=attempt.seen)
    assert not problems, "\n".join(problems)


@pytest.mark.django_db
def test_player_pin_confirmation(world):
    """A seated player confirms the submitted sheet with his own PIN, on the organiser's phone
    or on a phone the table's link let in (as another player). The right PIN confirms; any
    other input leaves the sheet submitted and writes nothing but the failure count."""
    sheet = world["submitted"]
    sheet.refresh_from_db()
    table = sheet.table
    holder, confirmer = _seated(table)[:2]
    link = world["submitted_link"]
    url = reverse("sheets:confirm_pin", args=(table.round.tournament_id, table.round.number,
                                              table.number))
    right = {"pin-version": sheet.version, "pin-registration": confirmer.pk,
             "pin-pin": confirmer.pin}

    def open_link(client: Client) -> None:
        response = client.post(reverse("sheets:table_link", args=(link.token,)),
                               {"pin": link.pin, "registration": holder.pk,
                                "player_pin": holder.pin})
        assert response.status_code == 302, response

    def state(client: Client) -> str:
        return type(sheet).objects.get(pk=sheet.pk).state

    phones = {"organiser's phone": {"user": world["szmk_organiser"]},
              "table's phone": {"before": open_link}}
    problems = []
    for phone, how in phones.items():
        confirmed = post_from_fresh_phone(url, right, probe=state, **how)
        assert confirmed.status == 302 and confirmed.seen == "confirmed", (phone, confirmed)
        for label, value in wrong_pins(confirmer.pin).items():
            attempt = post_from_fresh_phone(url, {**right, "pin-pin": value}, probe=state, **how)
            problems += refused(f"{phone}: {label} {value[:12]!r}", attempt,
                                state=attempt.seen, expected_state="submitted",
                                counted=label == "wrong")
        for label, data in (("registration of no seat here",
                             {**right, "pin-registration": confirmer.pk + 10**6}),
                            ("version not a number", {**right, "pin-version": "１"}),
                            ("nothing", {})):
            attempt = post_from_fresh_phone(url, data, probe=state, **how)
            problems += refused(f"{phone}: {label}", attempt, state=attempt.seen,
                                expected_state="submitted")
    assert not problems, "\n".join(problems)
