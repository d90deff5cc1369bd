"""Issue 13, item 4: dates read in the page's language, never always Czech.

Every date and time a template shows goes through the filters of ``core.templatetags.marias``
(``day``, ``moment``, ``time_of_day``, ``clock``), which follow :mod:`scoring.formatting`:
``23. 11. 2026`` in Czech and Slovak, ``23 Nov 2026`` in English, ``9:05`` everywhere. The
pages are checked in both languages, and no template may format with Django's ``|date:`` or
``|time:`` any more (the test names the file and line).
"""

from __future__ import annotations

import io
import re
from datetime import date, datetime, time
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone, translation
from openpyxl import load_workbook

from marias_admin.tournaments.services import (
    player_create,
    registration_check_in,
    registration_create,
    tournament_create,
)
from tests import factories

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_DIRS = [ROOT / "templates", *sorted((ROOT / "marias_admin").glob("*/templates"))]

CZECH, ENGLISH = "23. 11. 2026", "23 Nov 2026"


@pytest.fixture
def tournament(db):
    organiser = factories.user("dates-organiser", is_staff=True)
    t = tournament_create(user=organiser, name="Podzimní turnaj", date=date(2026, 11, 23),
                          venue="Hospoda U Tří", ruleset_code="csm-licitovany-2023")
    return t, organiser


def _pages(client, tournament, organiser, lang):
    client.force_login(organiser)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    urls = {
        "list": reverse("tournaments:list"),
        "overview": reverse("tournaments:detail", args=[tournament.pk]),
    }
    pages = {name: client.get(url) for name, url in urls.items()}
    client.logout()  # the public head as a spectator sees it
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    pages["public standings"] = client.get(reverse("standings:standings", args=[tournament.pk]))
    for name, response in pages.items():
        assert response.status_code == 200, name
    return {name: response.content.decode() for name, response in pages.items()}


def test_english_pages_show_english_dates(client, tournament):
    t, organiser = tournament
    for name, html in _pages(client, t, organiser, "en").items():
        assert ENGLISH in html, name
        assert CZECH not in html, name
    overview = _pages(client, t, organiser, "en")["overview"]
    assert "Monday 23 Nov 2026" in overview  # the overview names the day


def test_czech_pages_show_czech_dates(client, tournament):
    t, organiser = tournament
    for name, html in _pages(client, t, organiser, "cs").items():
        assert CZECH in html, name
        assert ENGLISH not in html, name
    assert "pondělí 23. 11. 2026" in _pages(client, t, organiser, "cs")["overview"]


def test_registration_export_writes_date_cells_in_the_language(client, tournament):
    t, organiser = tournament
    player = player_create(user=organiser, first_name="Jan", last_name="Novák")
    registration = registration_check_in(user=organiser, registration=registration_create(
        user=organiser, tournament=t, player=player))
    checked_in = timezone.localtime(registration.checked_in_at).replace(tzinfo=None,
                                                                        microsecond=0)
    client.force_login(organiser)
    url = reverse("players:export_registrations", args=[t.pk])
    formats = {}
    for lang in ("cs", "en"):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
        sheet = load_workbook(io.BytesIO(client.get(url).content)).active
        cell = sheet.cell(row=2, column=9)
        assert cell.is_date and cell.value == checked_in, lang  # a date cell, local time
        formats[lang] = cell.number_format
    assert formats == {"cs": "d. m. yyyy h:mm", "en": "[$-809]d mmm yyyy h:mm"}


def test_filters_read_the_convention():
    template = Template("{% load marias %}{{ d|day }}|{{ d|day:'weekday' }}|{{ at|moment }}|"
                        "{{ at|time_of_day }}|{{ at|clock }}|{{ t|time_of_day }}|{{ none|day }}")
    context = Context({"d": date(2026, 11, 23), "at": datetime(2026, 11, 23, 9, 5, 7),
                       "t": time(14, 30), "none": None})
    with translation.override("en"):
        assert template.render(context) == (
            "23 Nov 2026|Monday 23 Nov 2026|23 Nov 2026 9:05|9:05|9:05:07|14:30|")
    with translation.override("cs"):
        assert template.render(context) == (
            "23. 11. 2026|pondělí 23. 11. 2026|23. 11. 2026 9:05|9:05|9:05:07|14:30|")


# -- no template formats a date itself ---------------------------------------------------------

# Django's own formatting: |date and |time, with a format or without one (DATE_FORMAT).
DJANGO_DATE = re.compile(r"""\|\s*(date|time)\b(\s*:\s*("[^"]*"|'[^']*'|[\w.]+))?""")
# ISO 8601 in a <time datetime="…"> attribute is for machines, the same in every language.
MACHINE_READABLE = {"c"}

# Still to convert, in the templates of the table sheet that are being reworked into the
# presenter (the sheet's owner converts them; an entry converted must leave this list, so it
# only shrinks): file → how many uses of |date/|time remain.
PENDING: dict[str, int] = {}


def django_date_uses() -> dict[str, list[str]]:
    """file → "file:line: the use" of every |date or |time that shows a date to a reader."""
    found: dict[str, list[str]] = {}
    for directory in TEMPLATE_DIRS:
        for path in sorted(directory.rglob("*.html")) + sorted(directory.rglob("*.txt")):
            name = str(path.relative_to(ROOT))
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines, start=1):
                for match in DJANGO_DATE.finditer(line):
                    fmt = (match.group(3) or "").strip("\"'")
                    if fmt in MACHINE_READABLE:
                        continue
                    found.setdefault(name, []).append(f"{name}:{number}: {match.group(0)}")
    return found


def test_no_template_formats_dates_with_django_filters():
    found = django_date_uses()
    unexpected = [use for name, uses in found.items() if len(uses) > PENDING.get(name, 0)
                  for use in uses]
    assert not unexpected, ("format dates with |day, |moment, |time_of_day or |clock "
                            "({% load marias %}), not Django's |date or |time:\n"
                            + "\n".join(unexpected))
    converted = [f"{name}: {count} pending, {len(found.get(name, []))} left"
                 for name, count in PENDING.items() if len(found.get(name, [])) < count]
    assert not converted, "lower or remove these entries of PENDING:\n" + "\n".join(converted)


def test_the_scan_finds_a_literal_format():
    sample = 'x {{ t.date|date:"j. n. Y" }} {{ a|time:"H:i" }} {{ b|date:\'c\' }} {{ c|date }}'
    assert [m.group(0) for m in DJANGO_DATE.finditer(sample)
            if (m.group(3) or "").strip("\"'") not in MACHINE_READABLE] == [
        '|date:"j. n. Y"', '|time:"H:i"', "|date"]
