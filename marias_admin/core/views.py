"""Home page, the login's lockout page, friendly error pages and the mail-only account pages."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils.translation import ngettext

from marias_admin.core.access import open_to_all
from marias_admin.core.pagecache import public_page
from marias_admin.core.probes import Probe

#: The home page's tournaments: ``{"listed": {"today"|"upcoming"|"finished": [...]},
#: "staff_tournaments": [...]}`` for this visitor (provided by the prizes app, which stands
#: above every page a tournament's public home links: ``prizes.front``).
home_sections: Probe[[HttpRequest], dict[str, Any]] = Probe("core.home_sections")


@open_to_all
@public_page  # anonymous visitors: the list is cached under the global generation and the day
def home(request: HttpRequest) -> HttpResponse:
    """The front door: the tournaments of today, the upcoming and the finished ones (those
    that publish anything, and an organiser's own), each linking to its public home; a login
    with roles first sees "Your tournaments" with the pages its roles use."""
    return render(request, "core/home.html", home_sections(request))


def lockout_message() -> str:
    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    return ngettext(
        "Too many failed login attempts; try again in %(minutes)d minute or ask the "
        "organiser.",
        "Too many failed login attempts; try again in %(minutes)d minutes or ask the "
        "organiser.",
        minutes,
    ) % {"minutes": minutes}


def login_locked_out(request: HttpRequest, original_response: HttpResponse | None = None,
                     credentials: dict[str, Any] | None = None) -> HttpResponse:
    """What django-axes answers to a login attempt while the name or address is locked.

    The login page again (not Axes' bare English text), with the message in the visitor's
    language and the status 429 Too Many Requests. The right password is refused too until the
    cool-off ends: that is the point of the lock.
    """
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    form = AuthenticationForm(request, initial={"username": username})
    return render(request, "registration/login.html", {
        "form": form, "locked_out": lockout_message(),
        "next": request.POST.get("next") or request.GET.get("next", ""),
    }, status=429)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A failed CSRF check (mostly an expired page) on the site's own 403 page, in the
    visitor's language, instead of Django's English developer text."""
    return render(request, "403_csrf.html", status=403)


View = Callable[..., HttpResponseBase]


def mail_required(view: View) -> View:
    """Pages that promise an e-mail exist only when a mail server is configured: otherwise
    "we have sent you a link" would be a lie, so they answer 404 (and the link is hidden).
    With mail, they are anyone's (the audience mark)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not getattr(settings, "EMAIL_CONFIGURED", False):
            raise Http404
        return view(request, *args, **kwargs)

    return open_to_all(wrapper)
