"""Who a view is for, declared on the view: the :class:`Audience` mark and the decorators that
need no tournament (the core app's own pages use them: it stands below the tournaments).

The project's views take their permission decorator from
:mod:`marias_admin.tournaments.permissions`, which re-exports these; the access matrix test
(``tests/web/test_access_matrix.py``) fails on a URL whose view carries no mark.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from django.contrib.auth.decorators import login_required

View = Callable[..., Any]


class Audience(StrEnum):
    """Who a view is for: what its permission decorator marks it with."""

    PUBLIC = "public"  # anyone, no login (a tournament's published pages, the QR link)
    ACCOUNT = "account"  # anyone logged in
    STAFF = "staff"  # the site's staff
    TABLE = "table"  # a table's phone, its scorekeeper, the referees and organisers
    REFEREE = "referee"  # the tournament's referees and organisers
    ORGANISER = "organiser"  # the tournament's organisers


def mark(view: View, audience: Audience) -> View:
    """Record who the view is for. The innermost declaration stands: an outer
    :func:`account_required` over an organiser view only puts the login check first (before
    the method check), the view stays the organisers'. ``functools.wraps`` carries the mark
    out through the method and cache decorators."""
    if getattr(view, "audience", None) is None:
        view.audience = audience  # type: ignore[attr-defined]
    return view


def audience_of(view: View) -> Audience | None:
    return getattr(view, "audience", None)


def account_required(view: View) -> View:
    """Anyone logged in (Django's ``login_required``); anonymous → login page."""
    return mark(login_required(view), Audience.ACCOUNT)


def checked_by_view(audience: Audience) -> Callable[[View], View]:
    """Declare the audience of a view whose check needs what only the view loads (a table's
    round for the referee's access pages): the view refuses everyone else itself."""

    def decorate(view: View) -> View:
        return mark(view, audience)

    return decorate


def open_to_all(view: View) -> View:
    """No check: anyone, logged in or not (the view may still 404 what is not published)."""
    return mark(view, Audience.PUBLIC)
