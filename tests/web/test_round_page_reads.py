"""The organiser's round page reads the entries playing in the round once a request (issue 27:
at 320 players each read costs milliseconds; the page and its seating editor used to read them
three times), and its editor still offers what it offered."""

from __future__ import annotations

import pytest
from django.urls import reverse

from marias_admin.seating import editing, views_editing, views_round
from marias_admin.tournaments import selectors
from tests.factories import make_tournament, make_user, seat

pytestmark = pytest.mark.django_db


def test_round_page_reads_the_playing_entries_once(client, monkeypatch):
    organiser = make_user("organiser")
    tournament = make_tournament(organiser, players=12)
    seat(tournament, 1, organiser)
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return selectors.playing_in_round(*args, **kwargs)

    for module in (views_round, views_editing, editing):
        monkeypatch.setattr(module, "playing_in_round", counted)
    client.force_login(organiser)
    response = client.get(reverse("seating:round", args=(tournament.pk, 1)))
    assert response.status_code == 200
    assert len(calls) == 1
    editor = response.context["editor"]
    # the seated round's editor: every player may be locked, nobody waits for a late seat
    assert len(editor["lock_players"]) == 12 and editor["late"] == []
    assert response.context["playing_count"] == 12
