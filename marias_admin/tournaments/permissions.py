"""Who may open which page: one decorator per view declares it, from this module only.

Every view of the project carries exactly one of these decorators, and each decorator marks
the view with its :class:`Audience` (``view.audience``), so a test can list every URL with
who it is for (``tests/web/test_access_matrix.py`` fails on a URL whose view has no mark).
The mark and the decorators that need no tournament live in :mod:`marias_admin.core.access`
(the core app's own pages stand below this app) and are re-exported here:

- :func:`organiser_required` — the tournament's organisers: anonymous → login page; logged in
  without the organiser role → 403;
- :func:`published_page` / :func:`published_or_organiser` — pages a tournament publishes
  (a flag of the tournament): everyone while it does; otherwise its organisers only, anyone
  else a 404 (an unpublished tournament does not show) or the organiser's refusal (login, 403);
- :func:`referee_required` — the tournament's referees and organisers (the sheets app's
  referee pages hand the check its tournament loader);
- :func:`account_required` — anyone logged in; :func:`staff_required` — staff (creating a
  tournament);
- :func:`table_access` — a table's sheet: who holds its phone (link and PIN), its scorekeeper,
  the referees and organisers; the sheet's page loader decides, it needs the sheet;
- :func:`open_to_all` — no check: the home page, the login, public seasons, the QR link;
- :func:`checked_by_view` — only declares: for the few views whose check needs what the view
  itself loads (a sheet action's page, the organisers' narrower refusal of the public address).

Two stack in one case: ``account_required`` outside a method check over ``organiser_required``
keeps the player import's order (login, then the method's 405, then the organiser's 403); the
innermost mark stands.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from marias_admin.core.access import (
    Audience,
    View,
    account_required,
    audience_of,
    checked_by_view,
    mark,
    open_to_all,
)
from marias_admin.tournaments.middleware import tournament_of
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.selectors import can_organise

__all__ = [
    "Audience", "account_required", "audience_of", "can_create_tournament", "checked_by_view",
    "loaded_organiser_required", "mark", "open_to_all", "organiser_denial", "organiser_required",
    "published_or_organiser", "published_page", "referee_required", "staff_required",
    "table_access",
]


def can_create_tournament(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False)
                and (user.is_staff or user.is_superuser))


def organiser_denial(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    """``None`` for the tournament's organisers; anonymous → login page; others → 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_organise(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's organisers can do this."))
    return None


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament, as the language middleware already read it when it did, else 404."""
    return tournament_of(request, tournament_id) or get_object_or_404(Tournament,
                                                                        pk=tournament_id)


def organiser_required(view: View) -> View:
    """Load ``tournament_id`` and hand the view the tournament, for its organisers only."""

    @wraps(view)
    def wrapper(request: HttpRequest, tournament_id: int, *args: Any,
                **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return organiser_denial(request, tournament) or view(request, tournament, *args,
                                                             **kwargs)

    return mark(wrapper, Audience.ORGANISER)


def loaded_organiser_required(view: View) -> View:
    """:func:`organiser_required` for views that read the tournament first (a 404 before the
    login check), as the language middleware may have read it already: the printouts and
    the team import."""

    @wraps(view)
    def wrapper(request: HttpRequest, tournament_id: int, *args: Any,
                **kwargs: Any) -> HttpResponse:
        tournament = _tournament(request, tournament_id)
        return organiser_denial(request, tournament) or view(request, tournament, *args,
                                                             **kwargs)

    return mark(wrapper, Audience.ORGANISER)


def published_page(flag: str) -> Callable[[View], View]:
    """A page the tournament publishes with its boolean field ``flag``: everyone while it
    does, its organisers always; anyone else a 404. The view gets the tournament."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, tournament_id: int, *args: Any,
                    **kwargs: Any) -> HttpResponse:
            tournament = _tournament(request, tournament_id)
            if not getattr(tournament, flag) and not can_organise(request.user, tournament):
                raise Http404
            return view(request, tournament, *args, **kwargs)

        return mark(wrapper, Audience.PUBLIC)

    return decorate


def published_or_organiser(flag: str) -> Callable[[View], View]:
    """A page the tournament publishes with ``flag``; unpublished it is the organiser's
    (login page, 403) rather than a 404: the seating lists printed for the wall."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, tournament_id: int, *args: Any,
                    **kwargs: Any) -> HttpResponse:
            tournament = _tournament(request, tournament_id)
            denial = None if getattr(tournament, flag) else organiser_denial(request, tournament)
            return denial or view(request, tournament, *args, **kwargs)

        return mark(wrapper, Audience.PUBLIC)

    return decorate


def referee_required(load: Callable[[HttpRequest, int], Tournament | None],
                     allowed: Callable[[Any, Tournament], bool],
                     message: str | Promise) -> Callable[[View], View]:
    """The tournament's referees and organisers: anonymous → login page; a tournament that
    ``load`` does not find → 404; a visitor ``allowed`` refuses → 403 with ``message``. The
    view gets the tournament. The sheets app passes its loader and role check (it stands
    above this app); ``message`` is lazy, translated when the refusal is shown."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, tournament_id: int, *args: Any,
                    **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            tournament = load(request, tournament_id)
            if tournament is None:
                raise Http404
            if not allowed(request.user, tournament):
                raise PermissionDenied(message)
            return view(request, tournament, *args, **kwargs)

        return mark(wrapper, Audience.REFEREE)

    return decorate


def staff_required(view: View | None = None, *,
                   message: str | Promise | None = None) -> Any:
    """The site's staff (and superusers): anonymous → login page, others → 403.

    ``@staff_required`` refuses with the words of its first use (creating a tournament);
    ``@staff_required(message=gettext_lazy(...))`` says what else the page is for."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not can_create_tournament(request.user):
                raise PermissionDenied(str(message) if message is not None
                                       else _("Only staff can create tournaments."))
            return view(request, *args, **kwargs)

        return mark(login_required(wrapper), Audience.STAFF)

    return decorate(view) if view is not None else decorate


def table_access(view: View) -> View:
    """A table's sheet and its writes: the sheet's page loader (``sheets.page_loading``)
    decides who may read and write, as it needs the sheet, its seats and the phone's grant
    (the table page itself is public while the tournament publishes it)."""
    return mark(view, Audience.TABLE)
