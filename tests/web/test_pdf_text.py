"""No PDF ever cuts a text: every PDF of every demo tournament, in Czech, Slovak and English,
read back and compared with the data it prints.

The seven demos `make run` loads (one per ruleset) are built once for the module. For each, in
each language: the table sheets, the seating lists by table and by name of every seated round,
the player slips, the standings, the team standings and nomination sheets (where it has teams)
and the prize list (where it has prizes). In each PDF every player's name and club, every
team, every prize entry (what for, the prize, the winner, why) and the table sheet's header
instruction must appear whole in the extracted text (whitespace aside: wrapped lines are
fine, "…" is not), and every piece of text must lie inside the page's printable box.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, time

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.urls import reverse
from django.utils import translation

from marias_admin.demo.csm import CSM_DEMO_NAME
from marias_admin.demo.krizovy import KRIZOVY_DEMO
from marias_admin.demo.sloapslam import CTYRKA_DEMO
from marias_admin.demo.sloapslam import KRIZOVY_DEMO as SLOAPSLAM_KRIZOVY_DEMO
from marias_admin.demo.szmk import SZMK_DEMO_NAME
from marias_admin.demo.voleny import CSM_VOLENY_DEMO, PAGAT_DEMO
from marias_admin.printouts import selectors as printout_selectors
from marias_admin.printouts.data import (
    RoundInfo,
    SeatingData,
    SeatingTable,
    SheetData,
    SheetPlayer,
)
from marias_admin.printouts.player_slips import PlayerSlip, build_player_slips
from marias_admin.printouts.seating_lists import build_seating_by_table
from marias_admin.printouts.table_sheets import build_table_sheets, seat_instruction
from marias_admin.prizes.selectors import prize_list
from marias_admin.seating.models import Bye, Round, RoundState, Seat
from marias_admin.standings.pdf import table_pdf
from marias_admin.standings.presenters.table import standings_table
from marias_admin.tournaments.models import Registration, RegistrationStatus, Tournament
from tests.demo_data import restored
from tests.web.helpers import MARGIN, pdf_pages_and_pieces

pytestmark = pytest.mark.django_db

DEMOS = {"csm": CSM_DEMO_NAME, "szmk": SZMK_DEMO_NAME, "csm-voleny": CSM_VOLENY_DEMO.name,
         "pagat": PAGAT_DEMO.name, "krizovy": KRIZOVY_DEMO.name, "ctyrka": CTYRKA_DEMO.name,
         "sloapslam-krizovy": SLOAPSLAM_KRIZOVY_DEMO.name}
# A table sheet's players' table says which hands each seat deals: "1, 5, 9, 13, …" is the
# one "…" a PDF may print.
DEALS = re.compile(r"\d+, …")


@pytest.fixture(scope="module")
def demos(django_db_setup, django_db_blocker, demo_snapshot) -> Iterator[None]:
    """The demo tournaments, as `make run` loads them (built once for the session,
    ``tests/demo_data.py``), in the module's transaction (rolled back)."""
    with django_db_blocker.unblock(), restored(demo_snapshot):
        yield


@dataclass
class Expected:
    """One PDF: where it is, the texts it must show somewhere and those of each page (by
    index: the table sheets, one page per table)."""

    url: str
    anywhere: list[str] = field(default_factory=list)
    per_page: dict[int, list[str]] = field(default_factory=dict)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _player(registration: Registration) -> list[str]:
    player = registration.player
    return [player.full_name, *([player.club.name] if player.club else [])]


def _round_pdfs(tournament: Tournament, round_: Round) -> dict[str, Expected]:
    seats = list(Seat.objects.filter(round=round_)
                 .select_related("table", "registration__player__club")
                 .order_by("table__number", "position"))
    byes = [b.registration for b in Bye.objects.filter(round=round_)
            .select_related("registration__player__club")]
    info = printout_selectors.round_info(tournament, round_)
    with translation.override(tournament.page_language):
        instruction = seat_instruction(info)
    tables = sorted({seat.table.number for seat in seats})
    sheets: dict[int, list[str]] = {page: [instruction] for page in range(len(tables))}
    for seat in seats:
        sheets[tables.index(seat.table.number)] += _player(seat.registration)
    everybody = [text for seat in seats for text in _player(seat.registration)]
    everybody += [text for registration in byes for text in _player(registration)]
    args = (tournament.pk, round_.number)
    return {
        f"sheets {round_.number}": Expected(reverse("printouts:sheets", args=args),
                                            per_page=sheets),
        f"by table {round_.number}": Expected(reverse("printouts:seating_tables", args=args),
                                              everybody),
        # By name: the clubs only where two players share a name.
        f"by name {round_.number}": Expected(
            reverse("printouts:seating_alpha", args=args),
            [s.registration.player.full_name for s in seats]
            + [r.player.full_name for r in byes]),
    }


def _expected(tournament: Tournament) -> dict[str, Expected]:
    found: dict[str, Expected] = {}
    for round_ in tournament.rounds.exclude(state=RoundState.DRAFT).order_by("number"):
        found.update(_round_pdfs(tournament, round_))
    registrations = list(Registration.objects.filter(tournament=tournament)
                         .exclude(status=RegistrationStatus.WITHDRAWN)
                         .select_related("player__club"))
    players = [text for r in registrations for text in _player(r)]
    found["player slips"] = Expected(
        reverse("printouts:player_slips", args=[tournament.pk]), players)
    ranked = [text for row in standings_table(tournament).rows
              for text in (row.player.full_name, *([row.player.club.name] if row.player.club
                                                    else []))]
    found["standings"] = Expected(reverse("exports:standings_pdf", args=[tournament.pk]),
                                  ranked)
    for paper in ("a4", "a3"):  # the hall poster: name, place and the public home's address
        found[f"poster {paper}"] = Expected(
            reverse("printouts:poster", args=[tournament.pk]) + f"?paper={paper}",
            [tournament.name, tournament.venue, f"/t/{tournament.pk}/"])
    teams = list(tournament.teams.select_related("club")
                 .prefetch_related("members__registration__player__club"))
    if teams:
        found["team standings"] = Expected(
            reverse("teams:standings_pdf", args=[tournament.pk]),
            [text for team in teams for text in (team.name, *([team.club.name] if team.club
                                                               else []))])
        found["nominations"] = Expected(
            reverse("teams:nominations_pdf", args=[tournament.pk]),
            [team.name for team in teams]
            + [m.registration.player.full_name for team in teams for m in team.members.all()])
    with translation.override(tournament.page_language):
        lines = prize_list(tournament)
    if lines:
        entries = []
        for line in lines:
            entries += [line.what, line.prize.label, line.value_text, line.reason]
            if line.registration is not None:
                entries += _player(line.registration)
        found["prize list"] = Expected(reverse("prizes:prize_list_pdf", args=[tournament.pk]),
                                       [e for e in entries if e])
    return found


def _problems(kind: str, response: HttpResponse, expected: Expected) -> list[str]:
    """What the PDF cuts, leaves out or prints outside the printable box, as sentences."""
    texts, pieces = pdf_pages_and_pieces(response)
    pages = [_flat(page) for page in texts]
    problems = []
    for number, page in enumerate(pages):
        if "…" in DEALS.sub("", page):
            cut = re.findall(r"\S*\s?\S*…", DEALS.sub("", page))
            problems.append(f"{kind} p. {number + 1}: cut with “…”: {cut}")
    whole = " ".join(pages)
    for text in expected.anywhere:
        if _flat(text) not in whole:
            problems.append(f"{kind}: {text!r} missing")
    for number, texts in expected.per_page.items():
        for text in texts:
            if _flat(text) not in pages[number]:
                problems.append(f"{kind} p. {number + 1}: {text!r} missing")
    for page, text, x, y, right, width, height in pieces:
        if not (x >= MARGIN and right <= width - MARGIN and MARGIN <= y <= height - MARGIN):
            problems.append(f"{kind} p. {page + 1}: {text!r} at ({x:.1f}, {y:.1f})–{right:.1f}"
                            f" outside the printable box")
    return problems


@pytest.mark.parametrize("language", ["cs", "sk", "en"])
@pytest.mark.parametrize("demo", DEMOS)
def test_every_pdf_prints_its_data_whole(client, demos, demo, language):
    tournament = Tournament.objects.get(name=DEMOS[demo])
    Tournament.objects.filter(pk=tournament.pk).update(language=language)
    tournament.refresh_from_db()
    client.force_login(get_user_model().objects.get(username="admin"))
    expected = _expected(tournament)
    assert {"sheets 1", "by table 1", "by name 1", "standings"} <= set(expected), expected
    if demo in ("csm", "szmk"):  # the demos with teams, categories and a prize table
        assert {"team standings", "nominations", "prize list"} <= set(expected), expected
    problems = []
    for kind, pdf in expected.items():
        problems += _problems(kind, client.get(pdf.url), pdf)
    assert not problems, "\n".join(problems)


def test_a_name_wider_than_its_column_wraps_whole_in_a_ranked_table():
    """A squeezed standings table (twenty rounds on A4): a long name and club take two lines
    of their cells; before, they were cut with "…"."""
    tournament = Tournament(name="Turnaj", date=date(2025, 4, 12), venue="")
    name = "Kolowrat-Krakovský Maxmilián Ferdinand Vojtěch"
    club = "Mariášový klub Dolní Břežany u Prahy"
    rounds = [f"{n}." for n in range(1, 21)]
    data = [["#", "Player", "Club", "Points", "ZB", *rounds],
            ["1.", name, club, "60", "+1 234,50", *["+123,50"] * 20]]
    with translation.override("cs"):
        content = table_pdf(tournament, "Standings", data, has_rows=True, provisional=False)
    pdf = HttpResponse(content, content_type="application/pdf")
    assert not _problems("standings", pdf, Expected("", [name, club]))


def test_long_clubs_and_tournament_names_wrap_whole_on_the_round_printouts():
    """A club and a tournament name longer than their places take a second line on the table
    sheet, the seating list by table and the player slips; before, they were cut with "…"
    (and a text shrunk to fit exactly lost its last letter to float rounding)."""
    club = "Mariášový klub Sokol Kostelec nad Černými lesy"
    name = "Velká cena Kostelce nad Černými lesy a okolí 2025"
    info = RoundInfo(name, date(2025, 4, 12), "Hostinec U Řeky, Kostelec nad Černými lesy", 3,
                     time(9, 30), 90)
    players = tuple(SheetPlayer(seat, first, last, club, "ČSM-00042") for seat, (last, first)
                    in enumerate((("Kolowrat-Krakovský", "Maxmilián"), ("Šťastná", "Kateřina"),
                                  ("Ďurčo", "Ľubomír"), ("Novák", "Jiří")), start=1))
    full = [f"{p.last_name} {p.first_name}" for p in players]
    slips = [PlayerSlip(p.last_name, p.first_name, club, "1234") for p in players]
    with translation.override("cs"):
        built = {
            "sheets": build_table_sheets([SheetData(info, SeatingTable(1, players), "x")]),
            "by table": build_seating_by_table(SeatingData(info, (SeatingTable(1, players),))),
            "slips": build_player_slips(slips, name, "cs"),
        }
    for kind, content in built.items():
        pdf = HttpResponse(content, content_type="application/pdf")
        assert not _problems(kind, pdf, Expected("", [*full, club, name])), kind
