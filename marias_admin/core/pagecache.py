"""Public pages served from Django's cache, invalidated by a per-tournament generation.

On a tournament day a few hundred spectators poll the standings, the projector and the round
results every few seconds, while the data behind them changes only when a table enters a hand
or a sheet is confirmed. Rendering the 320-player standings afresh for every poll saturates a
2-core laptop, so :func:`public_page` keeps each anonymous page's rendered body in the cache.

Invalidation is by generation, not by deleting keys: every cached page's key holds the
tournament's current generation (and a global one, for what several tournaments share, such
as a player's name), and any write that may feed a public page bumps the generation (see
:func:`bump`, called from model signals wired in ``standings.apps`` and, as a safety net for
bulk writes that send no signal, from :class:`InvalidateOnWriteMiddleware`). Old entries are
never read again and expire on their own. A generation is bumped at once and again when the
transaction commits: a page rendered from the old data between the two is stored under the
intermediate generation, which nobody reads after the commit.

Only anonymous responses are cached: organisers, referees and scorekeepers see the live page
(they may see pages switched off for the public, and their header shows their login). The key
holds the language the page was rendered in, htmx partial or not, and the full path with its
query. What differs per visitor — the CSRF token of the language switcher and the CSP nonce —
is stored as a placeholder and filled in for each response.

This module sits in ``core`` and knows no model; which models feed which tournament is the
business of the apps that wire the signals.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import translation

CSRF_PLACEHOLDER = "__marias_csrf_token__"
NONCE_PLACEHOLDER = "__marias_csp_nonce__"
KEPT_HEADERS = ("Content-Type", "Content-Language")
_CSRF_INPUT = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
_INDENT = re.compile(r"\n[ \t]*(?:\n[ \t]*)*")
GLOBAL = "all"


def _cache() -> Any:
    return caches[getattr(settings, "PUBLIC_PAGE_CACHE", "default")]


def _timeout() -> int:
    return int(getattr(settings, "PUBLIC_PAGE_CACHE_SECONDS", 600))


def _generation_key(scope: int | str) -> str:
    return f"pagecache:gen:{scope}"


def generation(scope: int | str) -> str:
    """The current generation of a tournament (its id) or of everything (``GLOBAL``)."""
    cache = _cache()
    key = _generation_key(scope)
    value = cache.get(key)
    if value is None:
        value = uuid.uuid4().hex[:12]
        if not cache.add(key, value, None):  # another process was first: take its value
            value = cache.get(key) or value
    return value


def _bump_now(scope: int | str) -> None:
    try:
        _cache().set(_generation_key(scope), uuid.uuid4().hex[:12], None)
    except Exception:  # noqa: BLE001 - a cache outage must never fail a result being saved
        pass


def bump(scope: int | str | None) -> None:
    """Make every cached public page of the tournament (or of all, with ``GLOBAL`` or None)
    stale: now, and once more when the current transaction commits."""
    scope = GLOBAL if scope is None else scope
    _bump_now(scope)
    transaction.on_commit(lambda: _bump_now(scope))


def _key(request: HttpRequest, tournament_id: int) -> str:
    path = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:32]
    htmx = "h" if request.headers.get("HX-Request") else "p"
    return (f"pagecache:page:{generation(GLOBAL)}:{tournament_id}:{generation(tournament_id)}:"
            f"{translation.get_language()}:{htmx}:{path}")


def cacheable(request: HttpRequest) -> bool:
    """Only anonymous GETs are cached; everyone logged in sees the live page."""
    user = getattr(request, "user", None)
    return request.method == "GET" and not (user is not None and user.is_authenticated)


def _lean(body: str) -> str:
    """Drop the templates' indentation and blank lines (a newline stays, so inline spacing is
    unchanged); public pages hold no <pre> or <textarea>."""
    return _INDENT.sub("\n", body)


def _store(response: HttpResponse, request: HttpRequest) -> dict[str, Any]:
    body = _lean(response.content.decode(response.charset))
    body = _CSRF_INPUT.sub(rf"\g<1>{CSRF_PLACEHOLDER}\g<2>", body)
    nonce = getattr(request, "csp_nonce", None)
    if nonce is not None:
        value = str(nonce)
        if value and value in body:
            body = body.replace(value, NONCE_PLACEHOLDER)
    return {"status": response.status_code, "body": body,
            "headers": {h: response[h] for h in KEPT_HEADERS if h in response},
            "vary": response.get("Vary", "")}


def _serve(entry: dict[str, Any], request: HttpRequest) -> HttpResponse:
    body = entry["body"]
    if CSRF_PLACEHOLDER in body:
        body = body.replace(CSRF_PLACEHOLDER, get_token(request))
    if NONCE_PLACEHOLDER in body:
        body = body.replace(NONCE_PLACEHOLDER, str(request.csp_nonce))
    response = HttpResponse(body, status=entry["status"])
    for header, value in entry["headers"].items():
        response[header] = value
    if entry["vary"]:
        response["Vary"] = entry["vary"]
    response["X-Page-Cache"] = "hit"
    return response


def public_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve the view's anonymous 200 responses from the cache (see the module docstring).

    The view takes ``tournament_id``; its response may depend only on the tournament's data,
    the language, htmx and the URL (never on the visitor)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not cacheable(request):
            return view(request, *args, **kwargs)
        try:
            cache = _cache()
            key = _key(request, kwargs["tournament_id"])  # generation read before the data
            entry = cache.get(key)
        except Exception:  # noqa: BLE001 - without a cache the page is simply rendered
            return view(request, *args, **kwargs)
        if entry is not None:
            return _serve(entry, request)
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            entry = _store(response, request)
            try:
                cache.set(key, entry, _timeout())
            except Exception:  # noqa: BLE001
                pass
            response = _serve(entry, request)
            response["X-Page-Cache"] = "miss"
        return response

    return wrapped


class InvalidateOnWriteMiddleware:
    """A safety net for writes that send no model signal (bulk creates, queryset updates):
    any successful POST (or other unsafe method) to a URL of one tournament makes that
    tournament's public pages stale."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        tournament_id = getattr(request, "_pagecache_tournament", None)
        if tournament_id is not None and response.status_code < 500:
            _bump_now(tournament_id)
        return response

    def process_view(self, request: HttpRequest, view_func: Callable[..., Any],
                     view_args: tuple[Any, ...], view_kwargs: dict[str, Any]) -> None:
        if request.method not in ("GET", "HEAD", "OPTIONS", "TRACE"):
            tournament_id = view_kwargs.get("tournament_id")
            if isinstance(tournament_id, int):
                request._pagecache_tournament = tournament_id
        return None
