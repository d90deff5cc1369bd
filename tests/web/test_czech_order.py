"""Names in Czech (and Slovak) alphabetical order on every screen, export and query, on SQLite
and PostgreSQL alike (CI runs tests/web on both): ch after h, č after c, ř after r, š after s,
ž after z, the other accents only break ties. Issue 13, item 1.

The last test reads the source: no query or Python sort may order names by bytes any more.
"""

from __future__ import annotations

import ast
import io
import random
import re
from functools import cmp_to_key
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection
from django.urls import reverse
from openpyxl import load_workbook

from marias_admin.core.collation import compare, sort_key
from marias_admin.core.ordering import czech_order, name_key
from marias_admin.players.models import Player
from marias_admin.seating.models import Seat
from marias_admin.standings.selectors import find_seats
from marias_admin.tournaments.models import Registration, RegistrationStatus
from marias_admin.tournaments.selectors import registrations
from marias_admin.tournaments.services import player_create, registration_create
from tests import factories

# The names (and three more, for 16 players: four tables of four), in Czech order.
CZECH = ["Ábel", "Adam", "Cibulka", "Čermák", "Dvořák", "Hájek", "Hrubý", "Chalupa", "Němec",
         "Novák", "Rybář", "Řezníček", "Svoboda", "Šimek", "Zeman", "Žák"]
# Where Slovak differs: ä after a, ô after o (Czech: accents only).
SLOVAK_NAMES = ["Mazúr", "Mäsiar", "Masár", "Ozimý", "Ôsmy", "Orság"]
SLOVAK = ["Masár", "Mazúr", "Mäsiar", "Orság", "Ozimý", "Ôsmy"]
SLOVAK_IN_CZECH = ["Masár", "Mäsiar", "Mazúr", "Orság", "Ôsmy", "Ozimý"]

# PostgreSQL 15's ICU (cs-CZ-x-icu, ICU 72) on these strings, recorded: the Python key must give
# ICU's order, so that SQLite (the key) and PostgreSQL (ICU) never disagree.
ICU_CS = [
    "Ábel", "Adam", "Cap", "cáp", "Cibulka", "Čap", "Čáp", "Čermák", "De Witt", "Dewald",
    "Durica", "Ďurica", "Dusil", "Ez", "Ěž", "Hájek", "Hrubý", "Hz", "Ch", "CH", "Cha",
    "Chalupa", "Lukáč", "Lupták", "Ľupták", "Masár", "Mäsiar", "Mazúr", "Ňachaj", "Němec",
    "Novak", "novák", "Novák", "NOVÁK", "Novák Jan", "Novák-Svoboda", "Novák2", "Nováka",
    "Nováková", "Nyklíček", "O'Neill", "Olah", "Ólah", "Oneill", "Ořech", "Ôsmy", "Oubram",
    "Ozimý", "Rybář", "Rzeník", "Řezníček", "Svoboda", "Šimek", "Ťapák", "Ťažký", "Tichý",
    "Ulehla", "Úlehla", "Ůžek", "Zeman", "Zuzana", "Žák",
]
# The same in sk-SK-x-icu: Mäsiar after Mazúr, Ôsmy after Ozimý.
ICU_SK = [
    "Ábel", "Adam", "Cap", "cáp", "Cibulka", "Čap", "Čáp", "Čermák", "De Witt", "Dewald",
    "Durica", "Ďurica", "Dusil", "Ez", "Ěž", "Hájek", "Hrubý", "Hz", "Ch", "CH", "Cha",
    "Chalupa", "Lukáč", "Lupták", "Ľupták", "Masár", "Mazúr", "Mäsiar", "Ňachaj", "Němec",
    "Novak", "novák", "Novák", "NOVÁK", "Novák Jan", "Novák-Svoboda", "Novák2", "Nováka",
    "Nováková", "Nyklíček", "O'Neill", "Olah", "Ólah", "Oneill", "Ořech", "Oubram", "Ozimý",
    "Ôsmy", "Rybář", "Rzeník", "Řezníček", "Svoboda", "Šimek", "Ťapák", "Ťažký", "Tichý",
    "Ulehla", "Úlehla", "Ůžek", "Zeman", "Zuzana", "Žák",
]


def shuffled(names: list[str], seed: int = 13) -> list[str]:
    out = list(names)
    random.Random(seed).shuffle(out)
    return out


# --- the key, pure ---------------------------------------------------------------------------


def test_key_czech_alphabet():
    assert sorted(shuffled(CZECH), key=sort_key) == CZECH
    assert sorted(shuffled(SLOVAK_NAMES), key=sort_key) == SLOVAK_IN_CZECH


def test_key_slovak_alphabet():
    assert sorted(shuffled(SLOVAK_NAMES), key=lambda s: sort_key(s, "sk")) == SLOVAK
    assert sorted(shuffled(CZECH), key=lambda s: sort_key(s, "sk")) == CZECH


@pytest.mark.parametrize(("language", "expected"), [("cs", ICU_CS), ("sk", ICU_SK)])
def test_key_is_icus_order(language, expected):
    for seed in range(5):
        assert sorted(shuffled(expected, seed), key=lambda s: sort_key(s, language)) == expected


def test_key_levels():
    # accents only break ties, case only after accents, lower case first (as ICU)
    assert sorted(["NOVÁK", "Novák", "novák", "Novak"], key=sort_key) == [
        "Novak", "novák", "Novák", "NOVÁK"]
    assert sorted(["Hrubý", "Hájek"], key=sort_key) == ["Hájek", "Hrubý"]
    assert sorted(["Novák", "Němec"], key=sort_key) == ["Němec", "Novák"]
    # ch is one letter after h, whatever its case; c followed by h with an accent is not ch
    assert sorted(["Chalupa", "Hz", "CHALUPA", "Ci"], key=sort_key) == [
        "Ci", "Hz", "Chalupa", "CHALUPA"]
    # letters without a decomposition read as their base letter; ß as ss
    assert sorted(["Lz", "Łukasz", "Lukas"], key=sort_key) == ["Lukas", "Łukasz", "Lz"]
    assert sorted(["Strassz", "Straße"], key=sort_key) == ["Straße", "Strassz"]
    # anything other than cs or sk (English pages) sorts as Czech
    assert sort_key("Čáp", "en") == sort_key("Čáp", "cs")


@pytest.mark.parametrize("language", ["cs", "sk"])
def test_sqlite_comparison_is_the_key(language):
    """SQLite's collation (``compare``, on a flattened key) orders exactly as ``sort_key``."""
    rng = random.Random(language)
    letters = [*"aAáäbcCčČdďeéěhHiíoóôOÔrřŘsšSuúůzžZý -'2", "ch", "Ch", "CH", "ł", "ß", "Ж"]
    texts = list({"".join(rng.choice(letters) for _ in range(rng.randint(0, 6)))
                  for _ in range(3000)}) + ICU_CS
    by_key = sorted(texts, key=lambda s: sort_key(s, language))
    assert sorted(texts, key=cmp_to_key(lambda a, b: compare(a, b, language))) == by_key
    assert compare("Novák", "Novák", language) == 0


def test_name_key_orders_by_surname_then_first_name():
    people = [("Novák", "Zdeněk"), ("Novák", "Čeněk"), ("Němec", "Zbyněk"), ("Novák", "Cyril")]
    assert sorted(people, key=lambda p: name_key(*p)) == [
        ("Němec", "Zbyněk"), ("Novák", "Cyril"), ("Novák", "Čeněk"), ("Novák", "Zdeněk")]


# --- the database ----------------------------------------------------------------------------


@pytest.fixture
def czech(db):
    """A tournament whose 16 players carry the issue's surnames, entered in a shuffled order."""
    cache.clear()  # public pages are cached per tournament id, which a new test may reuse
    setup = factories.tournament(players=0, rounds=1, name="Abeceda")
    for last_name in shuffled(CZECH):
        player = player_create(user=setup.staff.organiser, first_name="Jan", last_name=last_name)
        setup.registrations.append(registration_create(
            user=setup.staff.organiser, tournament=setup.tournament, player=player,
            status=RegistrationStatus.PRESENT))
    yield setup
    cache.clear()


def surnames(queryset_or_list) -> list[str]:
    return [r.player.last_name for r in queryset_or_list]


def test_query_helper_on_this_database(czech):
    players = Player.objects.filter(registrations__tournament=czech.tournament)
    assert list(players.order_by(*czech_order("last_name")).values_list(
        "last_name", flat=True)) == CZECH
    assert list(players.order_by(*czech_order("-last_name")).values_list(
        "last_name", flat=True)) == CZECH[::-1]
    assert [p.last_name for p in players] == CZECH  # the models' default order
    assert surnames(Registration.objects.filter(tournament=czech.tournament)) == CZECH
    assert surnames(registrations(czech.tournament)) == CZECH


def test_database_sorts_as_the_python_key(db):
    """SQLite (the key) and PostgreSQL (ICU) agree with the key on awkward names too: case,
    spaces, hyphens, digits, every accent, in both alphabets."""
    organiser = factories.user("organiser")
    for i, last_name in enumerate(shuffled(sorted(set(ICU_CS)))):
        player_create(user=organiser, first_name=f"J{i}", last_name=last_name)
    for language, expected in (("cs", ICU_CS), ("sk", ICU_SK)):
        got = list(Player.objects.order_by(*czech_order("last_name", language=language))
                   .values_list("last_name", flat=True))
        assert got == expected, (connection.vendor, language)


def test_slovak_tournament_sorts_by_the_slovak_alphabet(client, db):
    setup = factories.tournament(players=0, rounds=1, name="Abeceda SK", language="sk")
    for last_name in shuffled(SLOVAK_NAMES):
        player = player_create(user=setup.staff.organiser, first_name="Ján", last_name=last_name)
        registration_create(user=setup.staff.organiser, tournament=setup.tournament,
                            player=player, status=RegistrationStatus.PRESENT)
    assert surnames(registrations(setup.tournament)) == SLOVAK
    client.force_login(setup.staff.organiser)
    page = client.get(reverse("tournaments:registrations", args=[setup.tournament.pk]))
    assert page_names(page) == SLOVAK
    # the models' default order is Czech: a list that belongs to no tournament
    assert list(Player.objects.values_list("last_name", flat=True)) == SLOVAK_IN_CZECH


# --- the pages and the export ----------------------------------------------------------------


def page_names(response) -> list[str]:
    """Surnames of the registration table, top to bottom."""
    assert response.status_code == 200
    return re.findall(r'<td class="name"><strong>([^<]+)</strong>', response.content.decode())


def test_registrations_page(client, czech):
    client.force_login(czech.staff.organiser)
    url = reverse("tournaments:registrations", args=[czech.tournament.pk])
    assert page_names(client.get(url)) == CZECH
    assert page_names(client.get(url, {"sort": "name"})) == CZECH
    assert page_names(client.get(url, {"sort": "-name"})) == CZECH[::-1]


def test_registrations_by_club_then_name(client, czech):
    organiser = czech.staff.organiser
    for last_name, club in (("Zelený", "Čáslav"), ("Adámek", "Čáslav"), ("Beran", "Zlín")):
        player = player_create(user=organiser, first_name="Jan", last_name=last_name,
                               club_name=club)
        registration_create(user=organiser, tournament=czech.tournament, player=player)
    client.force_login(organiser)
    url = reverse("tournaments:registrations", args=[czech.tournament.pk])
    names = page_names(client.get(url, {"sort": "club"}))
    clubbed = [n for n in names if n in ("Zelený", "Adámek", "Beran")]
    assert clubbed == ["Adámek", "Zelený", "Beran"]  # Čáslav after C…, before Zlín


def test_registration_export(client, czech):
    client.force_login(czech.staff.organiser)
    response = client.get(reverse("players:export_registrations", args=[czech.tournament.pk]))
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert [row[1] for row in rows] == CZECH
    assert [row[0] for row in rows] == list(range(1, len(CZECH) + 1))


def test_public_alphabetical_list_and_find(client, czech):
    factories.seated_round(czech, 1)
    czech.tournament.refresh_from_db()
    response = client.get(reverse("seating:round_public", args=[czech.tournament.pk, 1]))
    assert response.status_code == 200
    html = response.content.decode()
    by_name = html[html.index('id="by-name"'):]
    found = re.findall(r"<tr><td>Jan ?(\S+)|<tr><td>(\S+) Jan", by_name)
    assert [a or b for a, b in found] == CZECH
    search = find_seats(czech.tournament, "jan")
    assert [found.registration.player.last_name for found in search.results] == CZECH


def test_swap_form_lists_players_alphabetically(czech):
    from marias_admin.seating.forms import SwapForm

    round_ = factories.seated_round(czech, 1)
    seats = list(Seat.objects.filter(round=round_).select_related("registration__player", "table"))
    labels = [label for value, label in SwapForm(seats=seats).fields["first"].choices if value]
    assert [label.split(" ")[0] for label in labels] == CZECH


# --- no byte order left in the source --------------------------------------------------------

SOURCE = Path(__file__).resolve().parents[2] / "marias_admin"
NAME_FIELDS = {"name", "last_name", "first_name", "full_name", "username"}
KEYS = {"sort_key", "name_key", "czech_order", "get_username"}


def _is_name(text: object) -> bool:
    return isinstance(text, str) and text.lstrip("-").rsplit("__", 1)[-1] in NAME_FIELDS


def byte_ordered_names() -> list[str]:
    """``order_by("…name")``, ``ordering = ("…name", …)``, ``order_by=(…)`` of a table column
    and ``sorted``/``.sort`` keys reading ``.last_name`` etc. without the Czech key."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        where = path.relative_to(SOURCE.parent)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called == "order_by" and any(
                        isinstance(a, ast.Constant) and _is_name(a.value) for a in node.args):
                    found.append(f"{where}:{node.lineno}: order_by on a name")
                for keyword in node.keywords:
                    if keyword.arg == "order_by" and any(
                            isinstance(n, ast.Constant) and _is_name(n.value)
                            for n in ast.walk(keyword.value)):
                        found.append(f"{where}:{node.lineno}: order_by= on a name")
                    if called in ("sorted", "sort", "min", "max") and keyword.arg == "key":
                        names = [n for n in ast.walk(keyword.value)
                                 if isinstance(n, ast.Attribute) and n.attr in NAME_FIELDS]
                        keyed = [n for n in ast.walk(keyword.value)
                                 if (isinstance(n, ast.Name) and n.id in KEYS)
                                 or (isinstance(n, ast.Attribute) and n.attr in KEYS)]
                        if names and not keyed:
                            found.append(f"{where}:{node.lineno}: sort key reads a name")
            elif (isinstance(node, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == "ordering" for t in node.targets)
                  and isinstance(node.value, ast.Tuple | ast.List)
                  and any(isinstance(e, ast.Constant) and _is_name(e.value)
                          for e in node.value.elts)):
                found.append(f"{where}:{node.lineno}: Meta.ordering on a name")
    return found


def test_no_name_is_ordered_by_bytes():
    assert byte_ordered_names() == []


def test_the_source_check_finds_byte_order(tmp_path, monkeypatch):
    app = tmp_path / "marias_admin" / "x"
    app.mkdir(parents=True)
    (app / "views.py").write_text(
        "a = Player.objects.order_by('last_name')\n"
        "b = sorted(rows, key=lambda r: (r.player.last_name, r.id))\n"
        "c = sorted(rows, key=lambda r: sort_key(r.player.last_name))\n"
        "class Meta:\n    ordering = ('player__first_name',)\n", encoding="utf-8")
    monkeypatch.setattr(f"{__name__}.SOURCE", tmp_path / "marias_admin")
    assert [line.split(": ", 1)[1] for line in byte_ordered_names()] == [
        "order_by on a name", "sort key reads a name", "Meta.ordering on a name"]
