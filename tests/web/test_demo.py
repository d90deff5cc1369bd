"""The demo tournaments `make run` loads: ČSM with 24 players, round 1 seated, confirmed and
printable; ČSM volený and pagat with rounds played, ranked by money."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from marias_admin.demo.csm import CSM_DEMO_NAME
from marias_admin.demo.voleny import CSM_VOLENY_DEMO, PAGAT_DEMO
from marias_admin.seating.models import RoundState
from marias_admin.sheets.models import HandRecord, SheetState, TableSheet
from marias_admin.standings.selectors import tournament_standings
from marias_admin.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_bootstrap_loads_the_demo_once(client) -> None:
    call_command("bootstrap", stdout=io.StringIO())
    call_command("bootstrap", stdout=io.StringIO())
    demo = Tournament.objects.get(name=CSM_DEMO_NAME)
    assert demo.registrations.count() == 24
    first = demo.rounds.get(number=1)
    assert first.state == RoundState.CONFIRMED
    assert first.tables.count() == 6 and first.seats.count() == 24
    assert first.report["repeat_count"] == 0

    client.force_login(demo.roles.get().user)
    pdf = client.get(reverse("printouts:sheets", args=(demo.pk, 1)))
    assert pdf.status_code == 200
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) == 6


def test_bootstrap_without_demo() -> None:
    call_command("bootstrap", "--no-demo", stdout=io.StringIO())
    assert not Tournament.objects.exists()


def test_bootstrap_loads_the_voleny_demos(client) -> None:
    out = io.StringIO()
    call_command("bootstrap", stdout=out)
    csm = Tournament.objects.get(name=CSM_VOLENY_DEMO.name)
    pagat = Tournament.objects.get(name=PAGAT_DEMO.name)
    assert f"/tournaments/{csm.pk}/" in out.getvalue()
    assert f"/tournaments/{pagat.pk}/" in out.getvalue()
    assert (csm.ruleset_code, csm.table_size, csm.registrations.count()) == ("csm-voleny", 3, 13)
    assert (pagat.base_rate, pagat.ruleset().rates.seven_killed) == (50, 3)
    for tournament, played in ((csm, 2), (pagat, 1)):
        hands = HandRecord.objects.filter(sheet__table__round__tournament=tournament)
        assert hands.exists() and all(sum(h.money) == 0 for h in hands)  # zero-sum
        sheets = TableSheet.objects.filter(table__round__tournament=tournament)
        assert {s.state for s in sheets} == {SheetState.CONFIRMED}
        assert {s.table.round.number for s in sheets} == set(range(1, played + 1))
        # a table of four each round: the dealer sits out (obecná pravidla L27-28, pagat L108)
        assert all(r.tables.filter(seats__position=4).exists()
                   for r in tournament.rounds.filter(number__lte=played))
        # the standings: BP by money in each round (no PB), then BP and ZB
        standings = tournament_standings(tournament)
        assert all(s.premium == 0 for s in standings)
        for number in range(1, played + 1):
            rounds = [r for s in standings for r in s.rounds if r.round == number]
            for a in rounds:
                for b in rounds:
                    if a.money > b.money:
                        assert a.bp > b.bp
        assert [(s.bp, s.money) for s in standings] == sorted(
            ((s.bp, s.money) for s in standings), reverse=True)
    notations = " ".join(HandRecord.objects.filter(
        sheet__table__round__tournament=csm).values_list("notation", flat=True))
    assert "7p@" in notations and "100p@" in notations and "b+" in notations
    client.force_login(csm.roles.filter(role="organiser").get().user)
    html = client.get(reverse("standings:standings", args=(csm.pk,))).content.decode()
    assert ">ZB</abbr>" in html and ">PB</abbr>" not in html
    pdf = client.get(reverse("printouts:sheets", args=(pagat.pk, 1)))
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) == 3
