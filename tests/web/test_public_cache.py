"""The public pages' cache: anonymous visitors get a cached page, results make it stale,
staff see the live page, and languages never mix."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from marias_admin.sheets.models import TableSheet
from marias_admin.sheets.services import sheet_confirm, sheet_submit
from tests.factories import make_world, version
from tests.web.helpers import add_data, client_for, url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def standings_url(world: dict) -> str:
    return reverse("standings:standings", args=(world["t"].pk,))


def get_counted(client: Client, path: str, **headers: str):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path, **headers)
    assert response.status_code == 200
    return response, len(queries)


def test_second_anonymous_request_is_served_from_the_cache():
    world = make_world()
    spectator = Client()
    first, first_queries = get_counted(spectator, standings_url(world))
    second, second_queries = get_counted(Client(), standings_url(world))
    assert first["X-Page-Cache"] == "miss" and second["X-Page-Cache"] == "hit"
    assert second_queries < first_queries
    assert second_queries <= 2  # the tournament's language, at most the session
    assert second.content.decode().count("<h1>") == first.content.decode().count("<h1>")


@pytest.mark.parametrize("name,args", [
    ("standings:round_results", (1,)),
    ("standings:find", ()),
    ("seating:round_public", (1,)),
])
def test_other_public_pages_are_cached(name, args):
    world = make_world()
    from marias_admin.seating.models import RoundState
    from marias_admin.seating.services import round_set_state
    round = world["t"].rounds.get(number=1)
    round_set_state(user=world["users"]["organiser"], round=round, state=RoundState.CONFIRMED)
    round_set_state(user=world["users"]["organiser"], round=round, state=RoundState.RELEASED)
    path = reverse(name, args=(world["t"].pk, *args))
    assert Client().get(path)["X-Page-Cache"] == "miss"
    assert Client().get(path)["X-Page-Cache"] == "hit"


def test_a_hand_makes_live_pages_stale_and_a_confirmation_the_standings():
    world = make_world()
    standings = standings_url(world)
    results = reverse("standings:round_results", args=(world["t"].pk, 1))
    keeper = client_for(world["users"]["keeper"])
    # The day's first hand starts the tournament, which every public page shows: only the
    # hands after it are the ones measured here.
    # (complete hands, issue 21: a made sedma with its trumps, or the sheet is not submitted)
    assert keeper.post(url(world, "hand_add"), add_data(world, "7z+ tr4", 1, 2)).status_code == 302
    for path in (standings, results):
        Client().get(path)
        assert Client().get(path)["X-Page-Cache"] == "hit"
    assert keeper.post(url(world, "hand_add"), add_data(world, "7k+ tr4", 1, 2)).status_code == 302
    # A hand of a sheet still being played: the live pages follow, the standings (confirmed
    # sheets only) are not rendered again.
    assert Client().get(results)["X-Page-Cache"] == "miss"
    assert Client().get(standings)["X-Page-Cache"] == "hit"
    sheet = TableSheet.objects.get(table=world["table"])
    sheet_submit(user=world["users"]["keeper"], sheet=sheet, expected_version=sheet.version)
    sheet_confirm(user=world["users"]["seated"], sheet=sheet, expected_version=version(world))
    response = Client().get(standings)
    assert response["X-Page-Cache"] == "miss"
    declarer = sheet.table.seats.get(position=2).registration
    amount = sum(record.money_2 for record in sheet.hands.all())
    row = response.content.decode().split(f'id="p{declarer.pk}"')[1].split("</tr>")[0]
    assert f"{amount // 100}," in row.replace("\u2212", "-")  # the new amount is on the page
    assert Client().get(standings)["X-Page-Cache"] == "hit"


def test_staff_see_the_live_page():
    world = make_world()
    path = standings_url(world)
    Client().get(path)
    organiser = client_for(world["users"]["organiser"])
    response = organiser.get(path)
    assert "X-Page-Cache" not in response
    assert world["users"]["organiser"].username in response.content.decode()  # his own header


def test_languages_are_not_mixed():
    world = make_world()
    path = standings_url(world)
    czech = Client().get(path)
    english = Client()
    english.cookies["django_language"] = "en"
    first = english.get(path)
    assert first["X-Page-Cache"] == "miss"
    assert czech["Content-Language"] == "cs" and first["Content-Language"] == "en"
    assert "Standings" in first.content.decode() and "Pořadí" in czech.content.decode()
    second = english.get(path)
    assert second["X-Page-Cache"] == "hit" and second["Content-Language"] == "en"
    assert "Pořadí" in Client().get(path).content.decode()


def test_cached_page_carries_the_visitors_own_csrf_token_and_nonce():
    world = make_world()
    path = standings_url(world)
    Client().get(path)
    visitor = Client(enforce_csrf_checks=True)
    response = visitor.get(path)
    assert response["X-Page-Cache"] == "hit"
    body = response.content.decode()
    assert "__marias_" not in body
    token = body.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    switched = visitor.post(reverse("set_language"),
                            {"language": "en", "next": path, "csrfmiddlewaretoken": token})
    assert switched.status_code == 302  # the language switcher works from a cached page


def test_a_big_fields_standings_leave_the_explanations_to_the_player_page(monkeypatch):
    from marias_admin.standings import views

    world = make_world()
    sheet = TableSheet.objects.get(table=world["table"])
    keeper = client_for(world["users"]["keeper"])
    keeper.post(url(world, "hand_add"), add_data(world, "7k+ tr4", 1, 2))  # complete (issue 21)
    sheet_submit(user=world["users"]["keeper"], sheet=sheet, expected_version=version(world))
    sheet_confirm(user=world["users"]["seated"], sheet=sheet, expected_version=version(world))
    explained = Client().get(standings_url(world)).content.decode()
    assert 'title="SB = ZB' in explained
    monkeypatch.setattr(views, "EXPLAIN_UP_TO", 3)  # 4 ranked players: "big" here
    cache.clear()
    lean = Client().get(standings_url(world)).content.decode()
    assert 'title="SB = ZB' not in lean and "Pořadí" in lean
    assert len(lean) < len(explained)


def test_a_burst_of_results_renders_the_page_at_most_every_few_seconds(settings):
    settings.PUBLIC_PAGE_CACHE_MIN_SECONDS = 60
    world = make_world()
    path = reverse("standings:round_results", args=(world["t"].pk, 1))
    assert Client().get(path)["X-Page-Cache"] == "miss"
    keeper = client_for(world["users"]["keeper"])
    keeper.post(url(world, "hand_add"), add_data(world, "7k+", 1, 2))
    # Rendered less than a minute ago: the previous copy is served, not rendered again.
    assert Client().get(path)["X-Page-Cache"] == "stale"
    settings.PUBLIC_PAGE_CACHE_MIN_SECONDS = 0
    assert Client().get(path)["X-Page-Cache"] == "miss"
    assert Client().get(path)["X-Page-Cache"] == "hit"


def test_a_cached_round_clock_counts_down_from_the_render_time(rf):
    import time

    from marias_admin.core.pagecache import _serve

    request = rf.get("/")
    entry = {"status": 200, "body": '<div data-round-clock data-remaining="600">10:00</div>',
             "headers": {}, "vary": "", "at": time.time() - 90}
    assert 'data-remaining="510"' in _serve(entry, request).content.decode()
    entry["at"] = time.time() - 900
    assert 'data-remaining="0"' in _serve(entry, request).content.decode()


def test_a_confirmed_result_is_in_the_public_standings_from_the_next_request(settings):
    """Issue 27, with the server's settings: pages that follow every hand are rendered at most
    every PUBLIC_PAGE_CACHE_MIN_SECONDS; results-only pages (standings) at each confirmation,
    right after the response of the visitor who found them stale (he gets the previous copy,
    nobody waits for the render), so the very next visitor sees the confirmed result."""
    settings.PUBLIC_PAGE_CACHE_MIN_SECONDS = 60
    settings.PUBLIC_RESULTS_CACHE_MIN_SECONDS = 0
    settings.PUBLIC_PAGE_RENDER_AFTER_RESPONSE = True
    world = make_world()
    standings = standings_url(world)
    results = reverse("standings:round_results", args=(world["t"].pk, 1))
    keeper = client_for(world["users"]["keeper"])
    assert keeper.post(url(world, "hand_add"), add_data(world, "7z+ tr4", 1, 2)).status_code == 302
    for path in (standings, results):
        Client().get(path)
    sheet = TableSheet.objects.get(table=world["table"])
    sheet_submit(user=world["users"]["keeper"], sheet=sheet, expected_version=sheet.version)
    sheet_confirm(user=world["users"]["seated"], sheet=sheet, expected_version=version(world))
    assert Client().get(results)["X-Page-Cache"] == "stale"  # rendered under a minute ago
    first = Client().get(standings)
    assert first["X-Page-Cache"] == "stale"
    declarer = sheet.table.seats.get(position=2).registration
    amount = sum(record.money_2 for record in sheet.hands.all())

    def row(page: str) -> str:
        return page.split(f'id="p{declarer.pk}"')[1].split("</tr>")[0].replace("\u2212", "-")

    assert f'id="p{declarer.pk}"' not in first.content.decode()  # the previous copy, at once
    response = Client().get(standings)
    assert response["X-Page-Cache"] == "hit"  # rendered once, after the first response
    assert f"{amount // 100}," in row(response.content.decode())
