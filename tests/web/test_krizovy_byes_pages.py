"""Křížový byes where the players look up their seat (docs/readings.md §9.13): the public
round page, "where do I sit", the player page and the printed seating lists name the players
left out of a round at tables of exactly four, anonymously where the page is public; a field
divisible by four shows no bye at all.

The texts are compared in the tournament's language (the pages and PDFs speak it), looked up
through gettext, so the tests hold before and after the strings are translated."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext, pgettext

from marias_admin.seating.models import Bye, Round
from marias_admin.sheets.services import sheet_confirm, sheet_submit, totals_set
from marias_admin.tournaments.models import Registration
from tests import factories
from tests.web.helpers import pdf_pages

pytestmark = pytest.mark.django_db

KRIZOVY = "csm-krizovy"


def _setup(players: int = 18, state: str | None = "released",
           prefix: str = "") -> tuple[factories.TournamentSetup, Round]:
    setup = factories.tournament(players=players, ruleset_code=KRIZOVY, prefix=prefix)
    factories.running(setup)
    return setup, factories.seated_round(setup, 1, seed=3, state=state)


def _byes(round_: Round) -> list[Registration]:
    return [b.registration for b in
            Bye.objects.filter(round=round_).select_related("registration__player")]


def _say(setup: factories.TournamentSetup, text: str, *args: object,
         context: str = "", plural: str = "", count: int = 0) -> str:
    """``text`` as the tournament's pages say it (its language, translated or not)."""
    with translation.override(setup.tournament.page_language):
        if context:
            said = pgettext(context, text)
        elif plural:
            said = ngettext(text, plural, count)
        else:
            said = gettext(text)
    return said % args[0] if args else said


def _bye_word(setup: factories.TournamentSetup) -> str:
    return _say(setup, "bye", context="no table this round")


def _html(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def _confirm_round(setup: factories.TournamentSetup, round_: Round) -> None:
    """Every table's result in totals mode, submitted and confirmed."""
    for table in round_.tables.order_by("number"):
        sheet = factories.sheet(round_, table.number)
        sheet = totals_set(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None,
                           money=[300, 100, -100, -300], pb=[Decimal(0)] * 4)
        sheet = sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None)
        sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=None)


# --- the public round page ------------------------------------------------------------------


@pytest.mark.parametrize("state", ["released", None])  # None: seated, the provisional page
def test_public_round_page_names_the_byes(client, state):
    setup, round_ = _setup(state=state)
    byes = _byes(round_)
    assert len(byes) == 2
    html = _html(client.get(reverse("seating:round_public", args=(setup.tournament.pk, 1))))
    heading = _say(setup, "Bye this round:", plural="Byes this round:", count=2)
    notice = re.search(r'<p class="notice byes" id="byes">(.*?)</p>', html, re.S)
    assert notice is not None and heading in notice.group(1)
    assert all(b.player.full_name in notice.group(1) for b in byes)
    # the list by name: each bye has "bye" instead of a table, in its place in the alphabet
    rows = re.findall(r'<tr class="bye"><td>(.*?)</td>\s*<td[^>]*>(.*?)</td></tr>', html, re.S)
    assert sorted(name.split(" <span")[0] for name, _cell in rows) == sorted(
        b.player.full_name for b in byes)
    assert all(_bye_word(setup) in cell for _name, cell in rows)
    by_name = html[html.index('id="by-name"'):]
    assert by_name.count("<tr") == 1 + 18  # the head row and every player, byes included


def test_public_round_page_without_byes_in_a_field_of_sixteen(client):
    setup, round_ = _setup(players=16)
    assert not Bye.objects.filter(round=round_).exists()
    html = _html(client.get(reverse("seating:round_public", args=(setup.tournament.pk, 1))))
    assert 'id="byes"' not in html and 'class="bye"' not in html
    assert _say(setup, "Bye this round:", plural="Byes this round:", count=2) not in html


# --- where do I sit -------------------------------------------------------------------------


def test_find_tells_a_bye_instead_of_not_seated(client):
    setup, round_ = _setup()
    url = reverse("standings:find", args=(setup.tournament.pk,))
    bye_text = _say(setup, "bye in round %(number)s", {"number": 1})
    not_seated = _say(setup, "not seated in round %(number)s", {"number": 1})
    for registration in _byes(round_):
        html = _html(client.get(url, {"q": registration.player.last_name}))
        assert registration.player.full_name in html
        assert bye_text in html and not_seated not in html
        assert reverse("seating:round_public", args=(setup.tournament.pk, 1)) + "#byes" in html
    # the htmx partial says the same
    html = _html(client.get(url, {"q": _byes(round_)[0].player.last_name},
                            headers={"HX-Request": "true"}))
    assert bye_text in html
    # a seated player still gets his table
    seated = round_.seats.select_related("registration__player", "table").first()
    html = _html(client.get(url, {"q": seated.registration.player.last_name}))
    assert bye_text not in html
    assert _say(setup, "Table %(number)s", {"number": seated.table.number}) in html


def test_find_in_a_field_of_sixteen_says_no_bye(client):
    setup, _round = _setup(players=16)
    html = _html(client.get(reverse("standings:find", args=(setup.tournament.pk,)),
                            {"q": factories.SURNAMES[0]}))
    assert _say(setup, "bye in round %(number)s", {"number": 1}) not in html
    assert 'found-bye' not in html


# --- the player page ------------------------------------------------------------------------


def _bye_points_text(setup: factories.TournamentSetup) -> str:
    return _say(setup, "Bye: no table in this round (tables of exactly four). A bye scores "
                       "%(points)s points and no money.", {"points": "2"})


def test_player_page_says_bye_with_its_points(client):
    setup, round_ = _setup()
    bye = _byes(round_)[0]
    url = reverse("standings:player", args=(setup.tournament.pk, bye.pk))
    html = _html(client.get(url))
    assert _bye_points_text(setup) in html
    assert reverse("seating:round_public", args=(setup.tournament.pk, 1)) + "#byes" in html
    assert _say(setup, "Not seated in any round yet.") not in html
    assert _say(setup, "No confirmed result yet (sheet: %(state)s).",
                {"state": _say(setup, "not started")}) not in html

    _confirm_round(setup, round_)  # the round counts: the bye's 2 points in the figures
    html = _html(client.get(url))
    assert _bye_points_text(setup) in html
    assert _say(setup, "Bye in round %(number)s", {"number": 1}) in html
    figures = re.search(r'<dl class="round-figures">(.*?)</dl>', html, re.S)
    assert figures is not None
    assert re.search(r"BP</abbr></dt><dd>2</dd>", figures.group(1))
    assert _say(setup, "Place") not in figures.group(1)  # a bye has no place at a table


def test_player_page_of_a_seated_player_has_no_bye(client):
    setup, round_ = _setup()
    seated = round_.seats.first().registration
    html = _html(client.get(reverse("standings:player", args=(setup.tournament.pk, seated.pk))))
    assert _bye_points_text(setup) not in html
    setup16, round16 = _setup(players=16, prefix="b-")
    anyone = round16.seats.first().registration
    html = _html(client.get(reverse("standings:player",
                                    args=(setup16.tournament.pk, anyone.pk))))
    assert _bye_points_text(setup16) not in html


# --- the printed seating lists --------------------------------------------------------------


def _pdf_text(client, name: str, setup: factories.TournamentSetup) -> str:
    return "\n".join(pdf_pages(client.get(reverse(f"printouts:{name}",
                                                  args=(setup.tournament.pk, 1)))))


def test_seating_list_by_table_ends_with_the_byes(client):
    setup, round_ = _setup()
    text = _pdf_text(client, "seating_tables", setup)  # public: anonymous
    title = _say(setup, "Bye this round", plural="Byes this round", count=2)
    assert text.count(title) == 1
    last_table = _say(setup, "Table %(number)s", {"number": 4})
    assert text.index(last_table) < text.index(title)
    after = text[text.index(title):]
    for registration in _byes(round_):
        assert registration.player.last_name in after
        assert re.search(rf"\b{registration.player.first_name}\b", after)


def test_seating_list_by_name_shows_bye_instead_of_a_table(client):
    setup, round_ = _setup()
    text = _pdf_text(client, "seating_alpha", setup)
    word = _bye_word(setup)
    lines = [line.strip() for line in text.splitlines()]
    # each name is drawn as surname, first name, then the table and seat (or "bye")
    named = [" ".join(lines[i - 2:i]) for i, line in enumerate(lines) if line == word]
    assert sorted(named) == sorted(r.player.full_name for r in _byes(round_))
    for registration in Registration.objects.filter(tournament=setup.tournament):
        assert registration.player.last_name in text  # everyone, byes included


def test_seating_lists_of_sixteen_have_no_bye(client):
    setup, _round = _setup(players=16)
    by_table = _pdf_text(client, "seating_tables", setup)
    by_name = _pdf_text(client, "seating_alpha", setup)
    assert _say(setup, "Bye this round", plural="Byes this round", count=1) not in by_table
    assert _say(setup, "Bye this round", plural="Byes this round", count=2) not in by_table
    assert not re.search(rf"\b{_bye_word(setup)}\b", by_name)


def test_table_sheets_are_only_for_the_tables(client):
    setup, _round = _setup()
    client.force_login(setup.staff.organiser)
    pages = pdf_pages(client.get(reverse("printouts:sheets", args=(setup.tournament.pk, 1))))
    assert len(pages) == 4  # four tables; a bye gets no sheet


# --- query counts -----------------------------------------------------------------------------


def _queries(client, url: str, **query: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, query).status_code == 200
    return len(queries)


def test_bye_pages_cost_the_same_queries_for_a_bigger_field(client):
    small, small_round = _setup(players=18, prefix="s-")
    big, big_round = _setup(players=38, prefix="l-")  # nine tables and two byes
    counts = []
    for setup, round_ in ((small, small_round), (big, big_round)):
        client.force_login(setup.staff.organiser)  # the live page, never the cached one
        t = setup.tournament.pk
        bye = _byes(round_)[0]
        counts.append((
            _queries(client, reverse("seating:round_public", args=(t, 1))),
            _queries(client, reverse("standings:find", args=(t,)), q="Hráč"),
            _queries(client, reverse("standings:player", args=(t, bye.pk))),
            _queries(client, reverse("printouts:seating_tables", args=(t, 1))),
            _queries(client, reverse("printouts:seating_alpha", args=(t, 1))),
        ))
    assert counts[0] == counts[1]
