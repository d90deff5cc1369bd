"""The demo tournament `make run` loads: 24 players, round 1 seated, confirmed and printable."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from marias_admin.demo.csm import CSM_DEMO_NAME
from marias_admin.seating.models import RoundState
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
