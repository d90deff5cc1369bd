"""Keep it true: no URL of the project answers anyone with a 500, whatever they send.

Every URL pattern (walked from the root URLconf; of the admin only its index) is requested by
every kind of visitor — anonymous, logged in without a role, the tournament's organiser,
scorekeeper and referee, a superuser — with the ids of a small real world (a ČSM tournament with
a seated round, a sheet with hands and a ruling; an SZMK tournament; a competition), with ids
that do not exist (0, and a number beyond every integer column), with hostile query strings
(every parameter the views read, set to unicode digits, huge numbers, "inf", "NaN", 5000
characters, a NUL …) and, where the URL takes a POST, with hostile values in the fields of the
forms that post there (scraped from the pages, so a new form is crawled without touching this
file). Anonymous POSTs also go through a client that enforces CSRF: 403, never 500.

The world is built once per module inside a transaction rolled back after the last test; each
request runs in a savepoint rolled back at once, so a POST never changes what the next request
sees. One test per URL pattern collects every 500 of that pattern into one message naming the
visitor, the URL, what was sent and where it broke.
"""

from __future__ import annotations

import logging
import re
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.shortcuts import resolve_url
from django.test import Client, override_settings
from django.urls import (
    NoReverseMatch,
    Resolver404,
    URLPattern,
    URLResolver,
    get_resolver,
    resolve,
    reverse,
)

import marias_admin
from marias_admin.seasons.services import competition_save
from marias_admin.sheets.models import HandRecord, RulingKind
from marias_admin.sheets.services import ruling_add, sheet_assign_scorekeeper, sheet_submit
from tests import factories

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


def _walk(patterns: list[Any], namespace: str = "", route: str = "") -> Iterator[Pattern]:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            ns = ":".join(filter(None, (namespace, entry.namespace or "")))
            yield from _walk(entry.url_patterns, ns, route + str(entry.pattern))
        elif isinstance(entry, URLPattern) and entry.name:
            full = route + str(entry.pattern)
            name = f"{namespace}:{entry.name}" if namespace else entry.name
            yield Pattern(name, full, tuple(re.findall(r"<(?:\w+:)?(\w+)>", full)))


def all_patterns() -> list[Pattern]:
    found: dict[str, Pattern] = {}
    for pattern in _walk(get_resolver().url_patterns):
        if pattern.name == "admin:index" or not pattern.name.startswith("admin:"):
            found.setdefault(pattern.name, pattern)
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
        "competition_id": competition.pk, "uidb64": "MQ", "token": "set-password",
    }
    szmk_values = {
        **values, "tournament_id": szmk.tournament.pk,
        "hand_id": HandRecord.objects.get(sheet__table__round=szmk_round,
                                          sheet__table__number=1).pk,
        "registration_id": szmk.registrations[0].pk,
    }
    return {"users": users, "values": values, "szmk_values": szmk_values}


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
            f"at {frame.filename.rsplit('/work/main/', 1)[-1]}:{frame.lineno}")


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
