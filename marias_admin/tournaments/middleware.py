"""A tournament's pages speak the tournament's language.

Django's ``LocaleMiddleware`` picks the language from the language cookie (set by the
switcher at the bottom of every page, ``set_language``) or else the browser's
``Accept-Language``. On a page of one tournament — every URL that carries its
``tournament_id``: the organiser pages under ``/tournaments/<id>/``, the public ones under
``/t/<id>/`` and the printouts under ``/print/t/<id>/`` — :class:`TournamentLanguageMiddleware`
then switches to the tournament's language (its own choice, or its rules': Slovak for SZMK),
unless the visitor chose a language explicitly with the switcher.

The tournament is read once here and kept on the request; a view that needs it anyway can take
it with :func:`tournament_of` instead of a second query.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from marias_admin.tournaments.models import Tournament

TOURNAMENT_KWARG = "tournament_id"


def explicit_language(request: HttpRequest) -> str | None:
    """The language the visitor chose with the switcher (Django's language cookie), if any."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if code and translation.check_for_language(code):
        return translation.get_supported_language_variant(code)
    return None


def tournament_of(request: HttpRequest, tournament_id: int) -> Tournament | None:
    """The tournament the middleware already loaded for this request, if it is this one."""
    tournament = getattr(request, "tournament", None)
    if tournament is not None and tournament.pk == tournament_id:
        return tournament
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
        if not isinstance(tournament_id, int) or explicit_language(request):
            return None
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            return None  # the view answers 404 in the visitor's language
        request.tournament = tournament
        request._language_before_tournament = translation.get_language()
        translation.activate(tournament.page_language)
        request.LANGUAGE_CODE = translation.get_language()
        return None
