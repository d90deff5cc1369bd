"""A tournament's pages speak the tournament's language.

Django's ``LocaleMiddleware`` picks the language from the language cookie (set by the
switcher at the bottom of every page, ``set_language``) or else the browser's
``Accept-Language``. On a page of one tournament — every URL that carries its
``tournament_id``: the organiser pages under ``/tournaments/<id>/``, the public ones under
``/t/<id>/`` and the printouts under ``/print/t/<id>/`` — :class:`TournamentLanguageMiddleware`
then switches to the tournament's language (its own choice, or its rules': Slovak for SZMK),
unless the visitor chose a language explicitly with the switcher.

Only the language is needed here, and it is kept in the cache (:func:`page_language`): a
spectator's page served from the public page cache then costs no database query at all, which is
most of the hall's requests on a tournament day.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation

from marias_admin.tournaments.models import Tournament

TOURNAMENT_KWARG = "tournament_id"
# A tournament's save or delete forgets its language at once (``forget_page_language``); the
# timeout only bounds a change made without a model signal (a queryset update).
LANGUAGE_SECONDS = 60


def _language_key(tournament_id: int) -> str:
    return f"tournament:page-language:{tournament_id}"


def page_language(tournament_id: int) -> tuple[str | None, Tournament | None]:
    """The language of the tournament's pages (None if there is no such tournament), and the
    tournament when it had to be read for it (then the view need not read it again)."""
    key = _language_key(tournament_id)
    try:
        language = cache.get(key)
    except Exception:  # a cache outage costs a query, never the page
        language = None
    if language is not None:
        return language, None
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return None, None
    with contextlib.suppress(Exception):
        cache.set(key, tournament.page_language, LANGUAGE_SECONDS)
    return tournament.page_language, tournament


def storable_key(tournament_id: int) -> bool:
    """Whether the database's integers can hold ``tournament_id``. A larger one is no
    tournament: a lookup by the primary key finds nothing, but one through a foreign key
    (``Round.objects.filter(tournament_id=…)``) reaches the database with it and fails
    there (SQLite: an OverflowError, a server error)."""
    low, high = connection.ops.integer_field_range(Tournament._meta.pk.get_internal_type())
    return (low is None or low <= tournament_id) and (high is None or tournament_id <= high)


def tournament_of(request: HttpRequest, tournament_id: int) -> Tournament | None:
    """The tournament, if the middleware had to read it for its language (else None)."""
    tournament = getattr(request, "tournament", None)
    if tournament is not None and tournament.pk == tournament_id:
        return tournament
    return None


def forget_page_language(sender: Any, instance: Tournament, **kwargs: Any) -> None:
    """Signal receiver: the tournament's language (or rules) may have changed."""
    with contextlib.suppress(Exception):
        cache.delete(_language_key(instance.pk))


def explicit_language(request: HttpRequest) -> str | None:
    """The language the visitor chose with the switcher (Django's language cookie), if any."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if code and translation.check_for_language(code):
        return translation.get_supported_language_variant(code)
    return None


class TournamentLanguageMiddleware:
    """Activate the tournament's language on its pages; the visitor's explicit choice wins.

    Goes after ``LocaleMiddleware`` in ``MIDDLEWARE``. The page's ``Content-Language`` is the
    tournament's; once the response is made, the language the request started with is active
    again.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        before = getattr(request, "_language_before_tournament", None)
        if before is not None:
            # Announce the language the page was made in (LocaleMiddleware keeps this header),
            # then give the thread back the language the request started with.
            response.headers.setdefault("Content-Language", translation.get_language())
            translation.activate(before)
        return response

    def process_view(self, request: HttpRequest, view_func: Callable[..., Any],
                     view_args: tuple[Any, ...], view_kwargs: dict[str, Any]) -> None:
        tournament_id = view_kwargs.get(TOURNAMENT_KWARG)
        if not isinstance(tournament_id, int):
            return None
        if not storable_key(tournament_id):
            raise Http404  # before any view reads it (every tournament page, one check)
        if explicit_language(request):
            return None
        language, tournament = page_language(tournament_id)
        if language is None:
            return None  # the view answers 404 in the visitor's language
        if tournament is not None:
            request.tournament = tournament
        request._language_before_tournament = translation.get_language()
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        return None
