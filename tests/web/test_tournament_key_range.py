"""A tournament id beyond the database's integers is no tournament: the tournament language
middleware answers 404 before any view (or its own language lookup) reads it, whoever asks
and whatever language cookie they carry; the round clock's poll included."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.http import Http404, HttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext

from marias_admin.tournaments.middleware import TournamentLanguageMiddleware, storable_key

pytestmark = pytest.mark.django_db

HUGE = 10 ** 20  # beyond bigint
BIGINT = 2 ** 63 - 1


def _process(tournament_id: int):
    middleware = TournamentLanguageMiddleware(lambda request: HttpResponse())
    request = RequestFactory().get("/")
    return middleware.process_view(request, lambda request: None, (),
                                   {"tournament_id": tournament_id})


def test_only_keys_the_database_can_hold_are_tournaments():
    assert storable_key(1) and storable_key(BIGINT)
    assert not storable_key(BIGINT + 1) and not storable_key(HUGE)


def test_the_middleware_refuses_a_key_beyond_the_integers_before_any_view():
    with pytest.raises(Http404):
        _process(HUGE)
    with pytest.raises(Http404):
        _process(BIGINT + 1)
    assert _process(BIGINT) is None  # no such tournament: the view answers its 404


@pytest.mark.parametrize("path", [
    "/t/{id}/round/1/clock/",  # the clock every screen polls
    "/t/{id}/",
    "/t/{id}/standings/",
    "/tournaments/{id}/rounds/1/control/",
    "/tournaments/{id}/",
])
def test_every_tournament_page_answers_404_without_asking_the_database(path):
    root = get_user_model().objects.create_superuser("root", password=None)
    for language_cookie in (None, "en"):
        client = Client()
        client.force_login(root)
        if language_cookie:
            client.cookies[settings.LANGUAGE_COOKIE_NAME] = language_cookie
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path.format(id=HUGE))
        assert response.status_code == 404
        assert not [q for q in queries.captured_queries if "tournament" in q["sql"]]
