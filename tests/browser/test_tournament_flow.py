"""The organiser's whole morning, tried as a new user would, through the real UI in Czech.

Issue 3, "Must show": create a tournament, import 37 players from an xlsx file (with two bad
rows reported), seat 3 rounds with no repeated pair, swap two players, withdraw one before
round 3 (rounds 1–2 unchanged), print the sheets.

The browser does every step; the ORM is only read, to check what the pages claim. Screenshots
of the key steps land in ``/tmp/flow-*.png`` for a human to look at.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from marias_admin.seating.models import Round, RoundState, Seat, Table
from marias_admin.seating.selectors import plain_seating
from marias_admin.tournaments.models import Registration, RegistrationStatus, Tournament

pytestmark = pytest.mark.browser

XLSX = Path(__file__).resolve().parents[2] / "fixtures" / "players-37.xlsx"
USERNAME, PASSWORD = "poradatel", "Mariáš-flow-Pa55"
TOURNAMENT_NAME = "Velká cena Bílé Hory"


def shot(page: Page, name: str) -> None:
    page.screenshot(path=f"/tmp/flow-{name}.png", full_page=True)


def repeated_pairs(tournament: Tournament) -> list[tuple[frozenset[int], int]]:
    """Pairs of registrations sharing a table in more than one round (from the database)."""
    tables: dict[tuple[int, int], list[int]] = {}
    for round_number, table_number, registration_id in Seat.objects.filter(
        round__tournament=tournament
    ).values_list("round__number", "table__number", "registration_id"):
        tables.setdefault((round_number, table_number), []).append(registration_id)
    met = Counter(
        frozenset(pair) for players in tables.values() for pair in combinations(players, 2)
    )
    return [(pair, times) for pair, times in met.items() if times > 1]


def seated_ids(round_: Round) -> set[int]:
    return set(Seat.objects.filter(round=round_).values_list("registration_id", flat=True))


def round_url(base: str, tournament: Tournament, number: int) -> str:
    return f"{base}/tournaments/{tournament.pk}/rounds/{number}/"


def log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/?next=/tournaments/")
    expect(page.get_by_role("heading", name="Přihlásit se")).to_be_visible()
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password]", PASSWORD)
    page.locator("form").get_by_role("button", name="Přihlásit se").click()
    page.wait_for_url(f"{base}/tournaments/")


def create_tournament(page: Page, base: str) -> Tournament:
    page.get_by_role("link", name="Nový turnaj").first.click()
    page.wait_for_url(f"{base}/tournaments/new/")
    page.fill("#id_name", TOURNAMENT_NAME)
    page.fill("#id_date", "2025-05-17")
    page.fill("#id_venue", "Praha 6, sokolovna")
    page.select_option("#id_ruleset_code", "csm-licitovany-2023")
    page.fill("#id_rounds_planned", "3")
    shot(page, "01-new-tournament")
    page.get_by_role("button", name="Založit turnaj").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    expect(page.locator("h1")).to_have_text(TOURNAMENT_NAME)
    expect(page.locator("ul.flash")).to_contain_text(
        f"Turnaj „{TOURNAMENT_NAME}“ založen, počet kol: 3.")
    shot(page, "02-tournament")
    tournament_id = int(re.search(r"/tournaments/(\d+)/$", page.url).group(1))
    tournament = Tournament.objects.get(pk=tournament_id)
    assert tournament.ruleset_code == "csm-licitovany-2023"
    assert tournament.table_size == 4
    assert list(tournament.rounds.values_list("number", "method")) == [
        (1, "lot"), (2, "optimise"), (3, "optimise")]
    return tournament


def import_players(page: Page, base: str, tournament: Tournament) -> None:
    page.get_by_role("link", name="Import ze souboru").click()
    page.wait_for_url(f"{base}/players/tournaments/{tournament.pk}/import/")
    page.set_input_files("input[type=file][name=file]", str(XLSX))
    shot(page, "03-import-upload")
    page.get_by_role("button", name="Nahrát a zkontrolovat").click()
    page.wait_for_url(f"{base}/players/tournaments/{tournament.pk}/import/preview/")

    errors = page.locator("tr.import-error")
    expect(errors).to_have_count(2)
    assert errors.locator("td.col-row").all_inner_texts() == ["15", "30"]
    expect(page.locator("tr.import-ok")).to_have_count(37)
    summary = page.locator("ul.summary")
    expect(summary).to_contain_text("37 k importu")
    expect(summary).to_contain_text("2 s chybami (řádky 15, 30)")
    assert Registration.objects.filter(tournament=tournament).count() == 0  # nothing written
    shot(page, "04-import-preview")

    page.get_by_role("button", name="Importovat 37 hráčů").click()
    # Issue 13: the organiser lands on the registrations once the players are in.
    page.wait_for_url(f"{base}/tournaments/{tournament.pk}/registrations/")
    expect(page.get_by_text("Do turnaje bylo přihlášeno 37 hráčů.")).to_be_visible()
    shot(page, "05-import-done")
    assert Registration.objects.filter(
        tournament=tournament, status=RegistrationStatus.PRESENT).count() == 37


def check_registrations(page: Page, base: str, tournament: Tournament) -> None:
    page.wait_for_url(f"{base}/tournaments/{tournament.pk}/registrations/")
    expect(page.locator("table.registrations tbody tr")).to_have_count(37)
    expect(page.locator("ul.stats li").first).to_contain_text("37")
    shot(page, "06-registrations")


def seat_round(page: Page, base: str, tournament: Tournament, number: int, method: str) -> None:
    page.goto(round_url(base, tournament, number))
    expect(page.locator("#id_method")).to_have_value(method)  # preselected for this round
    page.get_by_role("button", name=f"Rozsadit {number}. kolo").click()
    expect(page.locator("#report")).to_be_visible()
    expect(page.locator("ul.flash")).to_contain_text(
        re.compile(rf"{number}\. kolo rozsazeno \([^)]*\d+\) bez opakovaných soupeřů\."))
    expect(page.locator(".report-ok").first).to_contain_text("Žádní opakovaní soupeři")
    expect(page.locator(".seat-table")).to_have_count(10)  # 37 = 7 × 4 + 3 × 3
    shot(page, f"07-round-{number}-seated")
    round_ = tournament.rounds.get(number=number)
    assert round_.state == RoundState.SEATED and round_.method == method
    assert len(seated_ids(round_)) == 37
    assert repeated_pairs(tournament) == []


def release_round(page: Page, base: str, tournament: Tournament, number: int) -> None:
    page.goto(round_url(base, tournament, number))
    page.get_by_role("button", name="Potvrdit rozsazení").click()
    release = page.locator(".state-actions").get_by_role("button", name="Zahájit kolo")
    expect(release).to_be_visible()
    release.click()
    # A confirmation page asks first (released rounds never change again).
    confirm = page.locator(".confirm-box")
    expect(confirm).to_be_visible()
    if number == 1:
        shot(page, "08-release-confirm")
    confirm.get_by_role("button", name="Zahájit kolo").click()
    page.wait_for_url(round_url(base, tournament, number))
    expect(page.locator("p.notice")).to_contain_text(
        "měnit lze jen stoly, jejichž lístky zatím nemají výsledky")
    shot(page, f"08-round-{number}-released")
    assert tournament.rounds.get(number=number).state == RoundState.RELEASED


def swap_two(page: Page, base: str, tournament: Tournament) -> tuple[int, int]:
    """Swap two players of round 3 at different tables (chosen so no repeat arises)."""
    round3 = tournament.rounds.get(number=3)
    seating = plain_seating(round3)
    earlier = {frozenset(p) for r in (1, 2)
               for t in plain_seating(tournament.rounds.get(number=r))
               for p in combinations(t, 2)}

    def clean(player: int, table: tuple[int, ...]) -> bool:
        return all(frozenset((player, other)) not in earlier for other in table)

    first, second = next(
        (a, b)
        for ta, tb in combinations(seating, 2)
        for a in ta for b in tb
        if clean(a, tuple(p for p in tb if p != b)) and clean(b, tuple(p for p in ta if p != a))
    )
    names = {r.pk: r.player.full_name
             for r in Registration.objects.filter(pk__in=(first, second)).select_related("player")}

    page.goto(round_url(base, tournament, 3))
    places = {p: f"{n}/{i}" for n, t in enumerate(seating, start=1)
              for i, p in enumerate(t, start=1)}
    # the pickers are typed into (suggestions from a datalist), not 240-option selects
    page.fill("#id_first", f"{names[first]} ({places[first]})")
    page.fill("#id_second", f"{names[second]} ({places[second]})")
    page.locator("#swap").get_by_role("button", name="Vyměnit").click()
    page.wait_for_url(re.compile(r"/rounds/3/\?swapped="))
    expect(page.get_by_text(f"{names[first]} a {names[second]} si vyměnili místa.")).to_be_visible()
    swapped = page.locator("li.seat-table.swapped")
    expect(swapped).to_have_count(2)
    expect(swapped.locator("li.swapped")).to_have_count(2)
    table_before = {p: n for n, t in enumerate(seating, start=1) for p in t}
    # Each now sits, highlighted, at the other's table.
    expect(page.locator(f"#table-{table_before[second]} li.swapped .seat-name")).to_have_text(
        names[first])
    expect(page.locator(f"#table-{table_before[first]} li.swapped .seat-name")).to_have_text(
        names[second])
    shot(page, "09-swapped")
    table_after = {p: n for n, t in enumerate(plain_seating(round3), start=1) for p in t}
    assert table_after[first] == table_before[second]
    assert table_after[second] == table_before[first]
    assert repeated_pairs(tournament) == []
    return first, second


def withdraw_before_round_3(page: Page, base: str, tournament: Tournament,
                            registration: Registration) -> None:
    page.get_by_role("link", name="Hráči", exact=True).click()
    page.wait_for_url(f"{base}/tournaments/{tournament.pk}/registrations/")
    page.locator(f"#reg-{registration.pk}").get_by_role("link", name="Odstoupit").click()
    page.wait_for_url(re.compile(rf"/registrations/{registration.pk}/withdraw/$"))
    expect(page.locator("#id_before_round")).to_have_value("3")  # rounds 1–2 are played
    page.fill("#id_reason", "odjel domů")
    shot(page, "10-withdraw")
    page.get_by_role("button", name="Odhlásit hráče z turnaje").click()
    page.wait_for_url(f"{base}/tournaments/{tournament.pk}/replan/3/")
    expect(page.locator(".confirm-box")).to_contain_text(
        "Kola 1, 2 byla odehrána a zůstávají beze změny.")
    shot(page, "11-replan")
    page.get_by_role("button", name="Rozsadit tato kola znovu").click()
    page.wait_for_url(round_url(base, tournament, 3))
    expect(page.locator(".report-ok").first).to_be_visible()
    expect(page.locator(".seat-table")).to_have_count(9)  # 36 = 9 × 4
    expect(page.locator(".seat-tables")).not_to_contain_text(registration.player.full_name)
    shot(page, "12-round-3-replanned")


def check_sheets(page: Page, base: str, tournament: Tournament) -> None:
    link = page.get_by_role("link", name="Stolové lístky (PDF)")
    href = link.get_attribute("href")
    assert href == f"/print/t/{tournament.pk}/round/3/sheets.pdf"
    response = page.request.get(base + href)  # shares the page's session cookie
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
    body = response.body()
    assert body.startswith(b"%PDF")
    Path("/tmp/flow-13-sheets.pdf").write_bytes(body)
    tables = Table.objects.filter(round__tournament=tournament, round__number=3).count()
    assert tables == 9
    assert len(PdfReader(io.BytesIO(body)).pages) == tables


def test_tournament_morning(live_server, page: Page, transactional_db):
    get_user_model().objects.create_superuser(USERNAME, "", PASSWORD)
    base = live_server.url

    log_in(page, base)
    tournament = create_tournament(page, base)
    import_players(page, base, tournament)
    check_registrations(page, base, tournament)

    for number, method in ((1, "lot"), (2, "optimise"), (3, "optimise")):
        seat_round(page, base, tournament, number, method)

    release_round(page, base, tournament, 1)
    release_round(page, base, tournament, 2)
    played = {n: plain_seating(tournament.rounds.get(number=n)) for n in (1, 2)}

    swapped = swap_two(page, base, tournament)

    # Šťastný leaves, unless the seating's lot made him one of the two swapped players: then
    # the first other player of round 1 by name does.
    candidates = list(Registration.objects.filter(tournament=tournament)
                      .exclude(pk__in=swapped)
                      .filter(pk__in=[p for t in played[1] for p in t])
                      .select_related("player").order_by("player__last_name", "pk"))
    leaving = next((r for r in candidates if r.player.last_name == "Šťastný"), candidates[0])
    withdraw_before_round_3(page, base, tournament, leaving)

    leaving.refresh_from_db()
    assert leaving.status == RegistrationStatus.WITHDRAWN
    assert leaving.withdrawn_before_round == 3
    for number, seating in played.items():  # played rounds never change
        assert plain_seating(tournament.rounds.get(number=number)) == seating
    assert leaving.pk in {p for t in played[1] for p in t}
    round3 = tournament.rounds.get(number=3)
    assert leaving.pk not in seated_ids(round3)
    assert len(seated_ids(round3)) == 36
    assert repeated_pairs(tournament) == []

    check_sheets(page, base, tournament)

    page.get_by_role("link", name="Přehled").click()
    page.wait_for_url(f"{base}/tournaments/{tournament.pk}/")
    expect(page.locator("ul.round-rows li")).to_have_count(3)
    shot(page, "14-overview")
