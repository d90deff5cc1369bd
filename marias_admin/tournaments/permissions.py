"""Who may open which page: one place for the checks every organiser view repeats.

- organiser pages: anonymous → login page; logged in without the organiser role → 403;
- public pages: open to everyone while the tournament publishes them, otherwise to its
  organisers only — anyone else gets a 404, so an unpublished tournament does not show.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.selectors import can_organise

View = Callable[..., HttpResponse]


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

    return wrapper


def public_seating_tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament if its seating may be shown to this visitor, else 404."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not tournament.public_seating and not can_organise(request.user, tournament):
        raise Http404
    return tournament
