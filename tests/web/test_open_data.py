"""Open results (issue 26 item 4): the read-only API and its OpenAPI schema, the standings
widget's framing headers, the iCalendar feed.

One played tournament (12 players, two rounds of totals sheets), one that publishes nothing,
one that publishes everything but its standings and table results, and a public competition:
built once for the module.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
from django.core.cache import caches
from django.db import transaction
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation
from drf_spectacular.validation import validate_schema

from marias_admin.api.calendar import Event, calendar, escape, fold
from marias_admin.api.identity import tournament_uid
from marias_admin.api.public_data import number
from marias_admin.api.throttling import PublicApiThrottle
from marias_admin.seasons.services import competition_save
from marias_admin.teams.models import MemberRole
from marias_admin.tournaments.models import PUBLIC_TOGGLES, Registration, Tournament
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        organiser = factories.make_user("open-organiser")
        played = factories.played_field(12, rounds=2, organiser=organiser, name="Otevřený turnaj")
        t = played.tournament
        factories.team_rules(t, "championship_four", by=organiser)
        registrations = list(Registration.objects.filter(tournament=t).order_by("pk"))
        factories.team(t, "Družstvo A", [(r, MemberRole.MEMBER) for r in registrations[:4]],
                       by=organiser)
        hidden = factories.make_tournament(organiser, players=3, name="Skrytý",
                                           **dict.fromkeys(PUBLIC_TOGGLES, False))
        partial = factories.make_tournament(organiser, players=3, name="Jen rozlosování",
                                            public_standings=False, public_results=False)
        competition = competition_save(user=organiser, name="Liga", season="2026",
                                       tournaments=[t, hidden])
        private_competition = competition_save(user=organiser, name="Tajná", public=False)
        with django_db_blocker.block():
            yield {"t": t, "hidden": hidden, "partial": partial, "competition": competition,
                   "private_competition": private_competition, "organiser": organiser}
        transaction.set_rollback(True)


def api(name: str, *args: Any) -> str:
    return reverse(f"api:{name}", args=args)


# -- the schema ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def schema(world) -> dict[str, Any]:
    response = Client().get(api("schema"), {"format": "json"})
    assert response.status_code == 200
    return json.loads(response.content)


def test_the_openapi_schema_is_valid_and_names_every_endpoint(schema):
    validate_schema(schema)  # drf-spectacular's validation against the OpenAPI 3 meta-schema
    assert set(schema["paths"]) == {
        "/api/v1/tournaments/", "/api/v1/tournaments/{tournament_id}/",
        "/api/v1/tournaments/{tournament_id}/rounds/",
        "/api/v1/tournaments/{tournament_id}/rounds/{number}/seating/",
        "/api/v1/tournaments/{tournament_id}/rounds/{number}/results/",
        "/api/v1/tournaments/{tournament_id}/standings/",
        "/api/v1/tournaments/{tournament_id}/teams/",
        "/api/v1/seasons/", "/api/v1/seasons/{competition_id}/"}
    for path, operations in schema["paths"].items():
        assert set(operations) == {"get"}, path  # read-only: no write is even described


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0 → JSON Schema: ``nullable: true`` becomes a null alternative."""
    if isinstance(node, list):
        return [_json_schema(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: _json_schema(v) for k, v in node.items() if k != "nullable"}
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


def _matches_schema(schema: dict[str, Any], path: str, body: Any) -> None:
    response = schema["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
    document = {**_json_schema(response["schema"]),
                "components": _json_schema(schema["components"])}
    jsonschema.Draft202012Validator(document).validate(body)


def endpoints(w: dict[str, Any]) -> list[tuple[str, str, tuple[Any, ...]]]:
    """(schema path, URL name, args) of every endpoint, for the played tournament."""
    t = w["t"].pk
    return [
        ("/api/v1/tournaments/", "tournaments", ()),
        ("/api/v1/tournaments/{tournament_id}/", "tournament", (t,)),
        ("/api/v1/tournaments/{tournament_id}/rounds/", "rounds", (t,)),
        ("/api/v1/tournaments/{tournament_id}/rounds/{number}/seating/", "seating", (t, 1)),
        ("/api/v1/tournaments/{tournament_id}/rounds/{number}/results/", "results", (t, 2)),
        ("/api/v1/tournaments/{tournament_id}/standings/", "standings", (t,)),
        ("/api/v1/tournaments/{tournament_id}/teams/", "teams", (t,)),
        ("/api/v1/seasons/", "seasons", ()),
        ("/api/v1/seasons/{competition_id}/", "season", (w["competition"].pk,)),
    ]


def test_every_endpoint_answers_anyone_in_the_shape_its_schema_says(world, schema):
    anonymous = Client()
    for path, name, args in endpoints(world):
        response = anonymous.get(api(name, *args))
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/json"
        _matches_schema(schema, path, response.json())


def test_writes_are_refused_with_405(world):
    anonymous = Client()
    for _path, name, args in endpoints(world):
        for method in ("post", "put", "patch", "delete"):
            assert getattr(anonymous, method)(api(name, *args)).status_code == 405, (name,
                                                                                      method)


def test_a_logged_in_organiser_gets_only_the_public_data_too(world):
    """Nobody logs in to the API: the organiser's session opens nothing unpublished."""
    organiser = Client()
    organiser.force_login(world["organiser"])
    assert organiser.get(api("tournament", world["hidden"].pk)).status_code == 404


# -- toggles ------------------------------------------------------------------------------------


def test_a_tournament_that_publishes_nothing_does_not_exist_for_the_api(world):
    anonymous, hidden = Client(), world["hidden"].pk
    listed = {row["id"] for row in anonymous.get(api("tournaments")).json()}
    assert world["t"].pk in listed and world["partial"].pk in listed
    assert hidden not in listed
    for name, args in (("tournament", (hidden,)), ("rounds", (hidden,)),
                       ("seating", (hidden, 1)), ("results", (hidden, 1)),
                       ("standings", (hidden,)), ("teams", (hidden,))):
        assert anonymous.get(api(name, *args)).status_code == 404, name


def test_each_part_needs_its_own_toggle(world):
    anonymous, partial = Client(), world["partial"].pk
    assert anonymous.get(api("tournament", partial)).json()["public"] == {
        "seating": True, "standings": False, "results": False, "players": True,
        "prizes": False}
    assert anonymous.get(api("rounds", partial)).status_code == 200
    assert anonymous.get(api("standings", partial)).status_code == 404
    assert anonymous.get(api("results", partial, 1)).status_code == 404
    assert anonymous.get(api("teams", partial)).status_code == 404
    # Seating is public, but round 1 is not seated yet: nothing to show.
    assert anonymous.get(api("seating", partial, 1)).status_code == 404


def test_switching_a_toggle_off_hides_the_part_at_once(world):
    t = world["t"]
    try:
        Tournament.objects.filter(pk=t.pk).update(public_seating=False)
        assert Client().get(api("seating", t.pk, 1)).status_code == 404
        assert Client().get(api("standings", t.pk)).status_code == 200
    finally:
        Tournament.objects.filter(pk=t.pk).update(public_seating=True)


def test_seasons_count_only_public_competitions_and_public_tournaments(world):
    anonymous = Client()
    listed = {row["id"] for row in anonymous.get(api("seasons")).json()}
    assert world["competition"].pk in listed
    assert world["private_competition"].pk not in listed
    assert anonymous.get(api("season", world["private_competition"].pk)).status_code == 404
    season = anonymous.get(api("season", world["competition"].pk)).json()
    assert [row["id"] for row in season["tournaments"]] == [world["t"].pk]
    assert season["counted"] == [world["t"].pk]
    assert len(season["players"]) == 12


def test_a_renamed_player_shows_at_once_in_the_cached_season(world):
    """The season's cached answer is keyed by the generation a rename bumps (the global one,
    as every tournament page's), not only by results and the seasons' own data."""
    from marias_admin.players.models import Player

    url = api("season", world["competition"].pk)
    first = Client().get(url).json()["players"][0]["player"]
    assert Client().get(url).json()["players"][0]["player"] == first  # from the cache now
    person = Player.objects.get(pk=first["id"])
    person.last_name = "Přejmenovaný"
    person.save()  # the admin's rename (no service renames a player); its signal bumps
    renamed = {row["player"]["id"]: row["player"]["last_name"]
               for row in Client().get(url).json()["players"]}
    assert renamed[first["id"]] == "Přejmenovaný"


def test_a_coefficient_alone_keeps_the_members_in_the_order_the_pages_show(world):
    """The services read the members where the pages do (``member_tournaments``: the order,
    then the date): members of equal order (as the admin adds them) are not reshuffled by
    saving a coefficient."""
    from datetime import timedelta
    from decimal import Decimal

    from marias_admin.seasons.models import CompetitionTournament
    from marias_admin.seasons.selectors import member_tournaments

    competition, t, hidden = world["competition"], world["t"], world["hidden"]
    CompetitionTournament.objects.filter(competition=competition).update(order=0)
    Tournament.objects.filter(pk=hidden.pk).update(date=t.date - timedelta(days=7))
    shown = [m.pk for m in member_tournaments(competition)]
    assert shown == [hidden.pk, t.pk]
    competition_save(user=world["organiser"], competition=competition,
                     coefficients={hidden.pk: Decimal("1.5")})
    assert [m.pk for m in member_tournaments(competition)] == shown
    assert CompetitionTournament.objects.get(competition=competition,
                                             tournament=hidden).coefficient == Decimal("1.5")


def test_the_numbers_are_the_engines(world):
    from marias_admin.standings.selectors import tournament_standings

    body = Client().get(api("standings", world["t"].pk)).json()
    engine = tournament_standings(world["t"])
    assert [(r["position"], r["player"]["id"], r["bp"], r["money"]) for r in body] == [
        (s.position, s.player, number(s.bp), s.money) for s in engine]
    assert all(len(r["rounds"]) == 2 for r in body)
    teams = Client().get(api("teams", world["t"].pk)).json()
    assert [team["name"] for team in teams["teams"]] == ["Družstvo A"]


def test_a_second_poll_computes_nothing_until_a_result_changes(world):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from marias_admin.core import pagecache

    url = api("standings", world["t"].pk)
    first = Client().get(url).json()
    with CaptureQueriesContext(connection) as polled:
        assert Client().get(url).json() == first
    assert len(polled) <= 2  # the tournament and its toggles: the standings came from the cache
    pagecache.bump(world["t"].pk)  # what a confirmed sheet does
    with CaptureQueriesContext(connection) as fresh:
        Client().get(url)
    assert len(fresh) > len(polled)


def test_points_are_integers_or_exact_decimals():
    from fractions import Fraction

    assert number(Fraction(12)) == 12
    assert number(Fraction(25, 2)) == "12.5"
    assert number(Fraction(-1, 4)) == "-0.25"
    assert number(Fraction(1, 3)) == "1/3"


def test_the_rate_limit_counts_in_the_shared_cache(world, monkeypatch):
    assert PublicApiThrottle.cache is caches["default"]
    monkeypatch.setattr(PublicApiThrottle, "THROTTLE_RATES", {"public_api": "3/minute"})
    caches["default"].clear()
    client = Client(REMOTE_ADDR="10.26.0.1")
    codes = [client.get(api("tournaments")).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    # Another address has its own count.
    assert Client(REMOTE_ADDR="10.26.0.2").get(api("tournaments")).status_code == 200
    caches["default"].clear()


# -- the widget ------------------------------------------------------------------------------


def _directives(response: Any) -> dict[str, str]:
    policy = response["Content-Security-Policy"]
    return {part.split()[0]: part.strip() for part in policy.split(";") if part.strip()}


def test_the_widget_may_be_framed_and_no_other_page_may(world):
    t = world["t"].pk
    widget = Client().get(reverse("opendata:standings_widget", args=[t]), {"rows": 3})
    assert widget.status_code == 200
    assert "X-Frame-Options" not in widget
    assert _directives(widget)["frame-ancestors"] == "frame-ancestors *"
    assert widget.content.decode().count("<tr>") == 1 + 3  # the head and three players
    page = Client().get(reverse("standings:standings", args=[t]))
    assert page["X-Frame-Options"] == "DENY"
    assert _directives(page)["frame-ancestors"] == "frame-ancestors 'none'"


@override_settings(MARIAS_EMBED_ANCESTORS=["https://csm-marias.example", "https://*.klub.example"])
def test_the_widget_allows_only_the_configured_sites(world):
    widget = Client().get(reverse("opendata:standings_widget", args=[world["t"].pk]))
    assert _directives(widget)["frame-ancestors"] == (
        "frame-ancestors https://csm-marias.example https://*.klub.example")


def test_the_widget_follows_the_standings_toggle(world):
    assert Client().get(reverse("opendata:standings_widget",
                                args=[world["partial"].pk])).status_code == 404
    with translation.override("en"):
        empty = Client(HTTP_ACCEPT_LANGUAGE="en").get(
            reverse("opendata:standings_widget", args=[world["t"].pk]), {"rows": "x"})
    assert empty.status_code == 200


# -- the calendar ------------------------------------------------------------------------------


def test_the_calendar_lists_published_tournaments_with_stable_uids(world):
    first = Client().get(reverse("opendata:calendar"))
    assert first.status_code == 200
    assert first["Content-Type"] == "text/calendar; charset=utf-8"
    body = first.content.decode()
    assert body.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    assert body.endswith("END:VCALENDAR\r\n")
    assert "\n" not in body.replace("\r\n", "")  # every line ends in CRLF
    unfolded = body.replace("\r\n ", "")
    assert f"UID:{tournament_uid(world['t'])}\r\n" in unfolded
    assert "Skrytý" not in unfolded
    assert Client().get(reverse("opendata:calendar")).content.decode() == body
    assert all(len(line.encode()) <= 75 for line in body.split("\r\n"))


def test_calendar_text_is_escaped_and_folded_per_rfc_5545():
    from datetime import UTC, date, datetime

    assert escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne"
    long = "SUMMARY:" + "Žluťoučký kůň; " * 10
    folded = fold(long)
    lines = folded.split("\r\n")
    assert all(len(line.encode("utf-8")) <= 75 for line in lines)
    assert all(line.startswith(" ") for line in lines[1:])
    assert "".join([lines[0], *(line[1:] for line in lines[1:])]) == long
    text = calendar([Event(uid="x@y", day=date(2026, 5, 9), summary="Pohár, Brno; 2026",
                           stamp=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))], "Turnaje")
    assert "DTSTART;VALUE=DATE:20260509\r\nDTEND;VALUE=DATE:20260510\r\n" in text
    assert "SUMMARY:Pohár\\, Brno\\; 2026\r\n" in text
    assert "DTSTAMP:20260102T030405Z\r\n" in text


def test_the_schema_document_is_a_copy_not_shared(schema):
    """The converted schemas leave the served one untouched (the helper copies)."""
    before = copy.deepcopy(schema)
    _json_schema(schema)
    assert schema == before
