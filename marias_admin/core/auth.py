"""Login throttling with django-axes, for logins over the web.

Settings (``AXES_*`` in ``settings.py``) lock a user name after too many wrong passwords from
anywhere and an address after too many for any user names, for a cool-off period.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.http import HttpRequest


class ThrottledLoginBackend(AxesStandaloneBackend):
    """Axes' check, for authentication that comes with a request.

    A password typed into a login form always arrives with its request (Django's login views
    and the admin pass it). Authentication without one — a management command, the test
    client's ``login`` — has no address to throttle and is no guessing attack from the web,
    so it is left to the next backend instead of failing as Axes' own backend does.
    """

    def authenticate(self, request: HttpRequest | None, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def client_ip(request: HttpRequest) -> str | None:
    """The visitor's address for throttling.

    Behind the HTTPS proxy (``DJANGO_HTTPS=1``, whose ``X-Forwarded-Proto`` Django already
    trusts) or our own plain-HTTP one (``DJANGO_BEHIND_PROXY=1``, ``make cluster``) every
    request comes from the proxy, so one address's failures would lock everyone
    out: take the address the proxy appended last to ``X-Forwarded-For`` (earlier entries are
    the client's own claims). Served directly, the connection's address is the visitor's.
    """
    if getattr(settings, "HTTPS", False) or getattr(settings, "BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1]
    return request.META.get("REMOTE_ADDR")


USERNAME_MAX = 150  # Django's own user name length; django-axes stores at most 255


def throttled_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    """The user name Axes counts failures for, cut to a length it can store.

    A typed name longer than any account's cannot log in anyway; cutting it keeps a hostile
    5 000-character name from overflowing Axes' column (a database error on PostgreSQL) while
    still counting the attempt against the address.
    """
    name = (credentials or {}).get("username")
    if name is None:
        name = request.POST.get("username", "") if request is not None else ""
    return str(name)[:USERNAME_MAX]
