"""The organiser's round page (seat, report, swap, states, confirmations) and the public
seating pages."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from marias_admin.seating.models import RoundState, Seat
from marias_admin.seating.services import round_set_state
from tests.factories import make_tournament, make_user, release, seat
from tests.web.helpers import messages_of
from tests.web.helpers import text as page_text

pytestmark = pytest.mark.django_db

NO_REPEATS = "Žádní opakovaní soupeři"


@pytest.fixture
def organiser():
    return make_user("organiser")


@pytest.fixture
def tournament(organiser):
    return make_tournament(organiser, players=24)


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


def round_url(tournament, number: int, name: str = "round") -> str:
    return reverse(f"seating:{name}", args=(tournament.pk, number))


def seat_via_page(client, tournament, number: int, method: str, seed: int | str = 11, **extra):
    return client.post(round_url(tournament, number, "round_seat"),
                       {"method": method, "seed": seed, **extra}, follow=True)


def test_unseated_round_offers_the_seating_form(org_client, tournament):
    response = org_client.get(round_url(tournament, 1))
    assert response.status_code == 200
    page = page_text(response)
    assert "24" in page
    assert 'name="method"' in response.content.decode()
    assert response.context["tables"] == []


def test_seat_round_by_lot_then_optimise_without_repeats(org_client, tournament):
    response = seat_via_page(org_client, tournament, 1, "lot")
    assert response.status_code == 200
    assert len(response.context["tables"]) == 6
    assert all(len(t.seats) == 4 for t in response.context["tables"])
    page = page_text(response)
    assert NO_REPEATS in page
    assert "Šťastný" in page and "Sokol Říčany" in page
    assert response.context["repeats"] == []
    for number in (2, 3):
        response = seat_via_page(org_client, tournament, number, "optimise", seed=number)
        assert response.context["round"].state == RoundState.SEATED
        assert response.context["repeats"] == [], response.context["round"].report
        assert NO_REPEATS in page_text(response)
    html = response.content.decode()
    for name in ("printouts:sheets", "printouts:seating_tables", "printouts:seating_alpha"):
        assert reverse(name, args=(tournament.pk, 3)) in html


def test_same_seed_gives_the_same_seating(org_client, tournament):
    seat_via_page(org_client, tournament, 1, "lot", seed=1234)
    first = list(Seat.objects.order_by("table__number", "position")
                 .values_list("registration_id", flat=True))
    seat_via_page(org_client, tournament, 1, "lot", seed=1234)
    again = list(Seat.objects.order_by("table__number", "position")
                 .values_list("registration_id", flat=True))
    assert first == again


def _creating_swap(tournament) -> tuple[int, int, int]:
    """(a, c, d): in round 2, moving c (who sat with a in round 1) onto d's seat at a's table
    makes a and c meet again."""
    seating = {n: {} for n in (1, 2)}
    for number, table, registration in Seat.objects.filter(round__tournament=tournament) \
            .values_list("round__number", "table__number", "registration_id"):
        seating[number].setdefault(table, []).append(registration)
    r2_table = {p: t for t, players in seating[2].items() for p in players}
    for players in seating[1].values():
        for a in players:
            for c in players:
                if c != a and r2_table[c] != r2_table[a]:
                    d = next(p for p in seating[2][r2_table[a]]
                             if p != a and p not in players)
                    return a, c, d
    raise AssertionError("no swap found")


def test_swap_highlights_the_repeat_it_creates(org_client, tournament, organiser):
    seat(tournament, 1, organiser, seed=1)
    seat(tournament, 2, organiser, method="optimise", seed=2)
    a, c, d = _creating_swap(tournament)
    response = org_client.post(round_url(tournament, 2, "round_swap"),
                               {"first": c, "second": d})
    assert response.status_code == 302
    assert "#report" in response["Location"] and f"swapped={c}" in response["Location"]
    response = org_client.get(response["Location"].split("#")[0])
    highlighted = [r for r in response.context["repeats"] if r.highlighted]
    assert {frozenset((r.first_id, r.second_id)) for r in highlighted} >= {frozenset((a, c))}
    html = response.content.decode()
    assert 'class="highlight"' in html
    assert "Výměna, kterou jste právě provedli, vytváří opakování" in page_text(response)
    assert Seat.objects.get(round__number=2, registration_id=c).table.seats.filter(
        registration_id=a).exists()


def test_swap_form_refuses_the_same_player_twice(org_client, tournament, organiser):
    seat(tournament, 1, organiser)
    reg = Seat.objects.first().registration_id
    response = org_client.post(round_url(tournament, 1, "round_swap"),
                               {"first": reg, "second": reg}, follow=True)
    assert response.status_code == 200
    assert messages_of(response)


def test_confirmed_round_asks_before_seating_again(org_client, tournament, organiser):
    seat(tournament, 1, organiser, seed=5)
    round_set_state(user=organiser, round=tournament.rounds.get(number=1),
                    state=RoundState.CONFIRMED)
    response = org_client.post(round_url(tournament, 1, "round_seat"),
                               {"method": "lot", "seed": "99"})
    assert response.status_code == 200
    assert "Kolo 1 je potvrzené — rozsadit ho znovu?" in page_text(response)
    assert 'name="confirm_reseat" value="1"' in response.content.decode()
    assert tournament.rounds.get(number=1).seed == 5  # nothing changed yet
    response = org_client.post(round_url(tournament, 1, "round_seat"),
                               {"method": "lot", "seed": "99", "confirm_reseat": "1"})
    assert response.status_code == 302
    round1 = tournament.rounds.get(number=1)
    assert (round1.seed, round1.state) == (99, RoundState.SEATED)


def test_confirmed_round_asks_before_a_swap(org_client, tournament, organiser):
    seat(tournament, 1, organiser)
    round_set_state(user=organiser, round=tournament.rounds.get(number=1),
                    state=RoundState.CONFIRMED)
    first = Seat.objects.filter(round__number=1, table__number=1).first()
    data = {"first": first.registration_id, "second": Seat.objects.filter(
        round__number=1, table__number=2).first().registration_id}
    response = org_client.post(round_url(tournament, 1, "round_swap"), data)
    assert response.status_code == 200 and "confirm_reseat" in response.content.decode()
    response = org_client.post(round_url(tournament, 1, "round_swap"),
                               {**data, "confirm_reseat": "1"})
    assert response.status_code == 302
    assert Seat.objects.get(registration_id=data["first"]).table.number == 2


def test_played_round_refuses_reseating_with_a_message(org_client, tournament, organiser):
    seat(tournament, 1, organiser)
    release(tournament, 1, organiser)
    response = seat_via_page(org_client, tournament, 1, "lot", confirm_reseat="1")
    assert response.status_code == 200
    assert any("odehráno" in m for m in messages_of(response))
    page = page_text(response)
    # Released, not finished (issue 13); the Czech text comes with the next translation round.
    assert "Toto kolo už začalo" in page or "This round has started" in page
    assert 'name="method"' not in response.content.decode()  # no seat form any more
    # A swap of two players is not a re-seating: in the round in play it goes through between
    # tables whose sheets are empty, as the seating editor's moves do (a table with results
    # refuses it: tests/web/test_seating_editor.py).
    first, last = Seat.objects.first(), Seat.objects.last()
    places = {first.registration_id: (first.table_id, first.position),
              last.registration_id: (last.table_id, last.position)}
    response = org_client.post(round_url(tournament, 1, "round_swap"),
                               {"first": first.registration_id,
                                "second": last.registration_id, "confirm_reseat": "1"},
                               follow=True)
    assert response.status_code == 200
    moved = Seat.objects.get(registration_id=first.registration_id)
    assert (moved.table_id, moved.position) == places[last.registration_id]


def test_earlier_round_must_be_seated_first(org_client, tournament):
    response = seat_via_page(org_client, tournament, 2, "optimise")
    assert response.status_code == 200
    assert any("Nejprve rozsaďte kolo 1" in m for m in messages_of(response))


def test_release_needs_confirmation_then_fixes_the_round(org_client, tournament, organiser):
    seat(tournament, 1, organiser)
    url = round_url(tournament, 1, "round_state")
    org_client.post(url, {"state": "confirmed"})
    assert tournament.rounds.get(number=1).state == RoundState.CONFIRMED
    response = org_client.post(url, {"state": "released"})
    assert response.status_code == 200 and "Zahájit 1. kolo?" in page_text(response)
    assert tournament.rounds.get(number=1).state == RoundState.CONFIRMED
    org_client.post(url, {"state": "released", "confirmed": "1"})
    assert tournament.rounds.get(number=1).state == RoundState.RELEASED
    response = org_client.post(url, {"state": "seated"}, follow=True)  # not allowed any more
    assert response.status_code == 200 and messages_of(response)


def test_impossible_field_is_a_message_not_an_error_page(org_client, organiser):
    tiny = make_tournament(organiser, players=2, name="Dva hráči")
    response = seat_via_page(org_client, tiny, 1, "lot")
    assert response.status_code == 200
    assert any("Kolo nelze rozsadit: hráčů je málo" in m for m in messages_of(response))


# --- public pages ---------------------------------------------------------------------------


def test_public_round_and_table_pages(client, tournament, organiser):
    seat(tournament, 1, organiser)
    response = client.get(round_url(tournament, 1, "round_public"))
    assert response.status_code == 200
    page = page_text(response)
    assert "Velká cena Žďáru" in page and "Šťastný" in page
    assert "Předběžné rozsazení" in page  # seated, not yet confirmed
    seats = list(Seat.objects.filter(table__number=3).order_by("position"))
    response = client.get(reverse("sheets:table", args=(tournament.pk, 1, 3)))
    assert response.status_code == 200
    names = [s.registration.player.full_name for s in seats]
    html = page_text(response)
    positions = [html.index(n) for n in names]
    assert positions == sorted(positions)  # seat order
    assert client.get(reverse("sheets:table", args=(tournament.pk, 1, 99))
                      ).status_code == 404
    assert client.get(round_url(tournament, 2, "round_public")).status_code == 404
    assert "zatím není rozsazeno" in page_text(client.get(round_url(tournament, 2, "round_public")))


def test_private_seating_is_hidden_from_everyone_but_organisers(client, tournament, organiser):
    seat(tournament, 1, organiser)
    tournament.public_seating = False
    tournament.save()
    url = reverse("sheets:table", args=(tournament.pk, 1, 1))
    assert client.get(url).status_code == 404
    client.force_login(make_user("stranger"))
    assert client.get(url).status_code == 404
    client.force_login(organiser)
    assert client.get(url).status_code == 200


# --- query counts ---------------------------------------------------------------------------


def test_round_page_query_count_does_not_grow_with_the_field(client, organiser):
    counts = []
    for players in (24, 96):
        tournament = make_tournament(organiser, players=players, name=f"Pole {players}")
        seat(tournament, 1, organiser, seed=1)
        seat(tournament, 2, organiser, method="optimise", seed=2)
        client.force_login(organiser)
        for url in (round_url(tournament, 2), round_url(tournament, 2, "round_public")):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            counts.append(len(queries))
    assert counts[:2] == counts[2:]
