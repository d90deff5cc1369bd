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
is stored as a placeholder and filled in for each response; a round clock's remaining
seconds (``data-remaining``) are counted down by the copy's age.

This module sits in ``core`` and knows no model; which models feed which tournament is the
business of the apps that wire the signals.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import secrets
import time
import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation

CSRF_PLACEHOLDER = "__marias_csrf_token__"
NONCE_PLACEHOLDER = "__marias_csp_nonce__"
KEPT_HEADERS = ("Content-Type", "Content-Language")
_CSRF_INPUT = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
_REMAINING = re.compile(r'data-remaining="(\d+)"')
_INDENT = re.compile(r"\n[ \t]*(?:\n[ \t]*)*")
GLOBAL = "all"


def _cache() -> Any:
    return caches[getattr(settings, "PUBLIC_PAGE_CACHE", "default")]


def _timeout() -> int:
    return int(getattr(settings, "PUBLIC_PAGE_CACHE_SECONDS", 600))


def _after_response() -> bool:
    """Whether a stale results-only page (standings, projector) is rendered after the
    response that found it stale, rather than before (``PUBLIC_PAGE_RENDER_AFTER_RESPONSE``):
    under a round's confirmations the spectators then never wait for a render (issue 27, a
    loaded p95 within 5 × a cache hit), and the new copy is there from the next request."""
    return bool(getattr(settings, "PUBLIC_PAGE_RENDER_AFTER_RESPONSE", False))


def _min_age(results_only: bool) -> float:
    """How young a stale copy is still served instead of rendering anew. Pages of confirmed
    results only go stale when a result is confirmed, a few times a round: they are rendered
    at the first request after it (``PUBLIC_RESULTS_CACHE_MIN_SECONDS``, 0 by default), so a
    result confirmed on any node is in the standings every node serves at once. Pages that
    follow every hand entered keep the floor of ``PUBLIC_PAGE_CACHE_MIN_SECONDS``."""
    name = ("PUBLIC_RESULTS_CACHE_MIN_SECONDS" if results_only
            else "PUBLIC_PAGE_CACHE_MIN_SECONDS")
    return float(getattr(settings, name, 0))


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
    with contextlib.suppress(Exception):  # a cache outage must never fail a saved result
        _cache().set(_generation_key(scope), uuid.uuid4().hex[:12], None)


def bump(scope: int | str | None, *, results: bool = True) -> None:
    """Make cached public pages stale: now, and once more when the current transaction commits.

    ``scope`` is a tournament id (``GLOBAL`` or None: every tournament). With ``results``
    (the default) the pages made of confirmed results only — the standings and the projector —
    go stale too; a hand entered into a sheet still being played leaves them as they are, so
    the standings are not rendered again for every hand of the day."""
    scopes = [GLOBAL] if scope is None or scope == GLOBAL else (
        [scope, f"{scope}:results"] if results else [scope])

    def now() -> None:
        for one in scopes:
            _bump_now(one)

    now()
    transaction.on_commit(now)


def _keys(request: HttpRequest, tournament_id: int | None,
          results_only: bool) -> tuple[str, str]:
    """The page's key in this generation, and its generation-free base (lock, last copy).
    A page of no tournament (the home page's list of them) is kept under the global
    generation and the day: "today" and "upcoming" change at midnight."""
    path = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:32]
    htmx = "h" if request.headers.get("HX-Request") else "p"
    owner = tournament_id if tournament_id is not None else f"{GLOBAL}:{timezone.localdate()}"
    base = f"pagecache:page:{owner}:{translation.get_language()}:{htmx}:{path}"
    scope: int | str = GLOBAL if tournament_id is None else (
        f"{tournament_id}:results" if results_only else tournament_id)
    return f"{base}:{generation(GLOBAL)}:{generation(scope)}", base


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
    return {"status": response.status_code, "body": body, "at": time.time(),
            "headers": {h: response[h] for h in KEPT_HEADERS if h in response},
            "vary": response.get("Vary", "")}


def _serve(entry: dict[str, Any], request: HttpRequest) -> HttpResponse:
    body = entry["body"]
    if 'data-remaining="' in body:  # a round clock counts down from the page's render time
        age = int(time.time() - entry.get("at", time.time()))
        body = _REMAINING.sub(lambda m: f'data-remaining="{max(0, int(m.group(1)) - age)}"',
                              body)
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


def public_page(view: Callable[..., HttpResponse] | None = None, *,
                results_only: bool = False,
                version: Callable[..., str] | None = None) -> Any:
    """Serve the view's anonymous 200 responses from the cache (see the module docstring).

    The view takes ``tournament_id`` (or none: a page of every tournament, stale with the
    global generation); its response may depend only on the tournament's data,
    the language, htmx and the URL (never on the visitor). ``results_only``: the page shows
    confirmed results only (stays cached while hands are entered).

    While one request renders a stale page anew, the others get the previous copy (at most
    one render behind) instead of all rendering it at once when a result comes in; and a page
    that follows the hands is rendered anew at most every ``PUBLIC_PAGE_CACHE_MIN_SECONDS``
    (the previous copy is served meanwhile), so a round of 80 tables entering hands costs a
    few renders a minute, not one per hand; a results-only page, at each confirmation.

    ``version`` (called with the view's keyword arguments) adds to the key what a page of
    several tournaments depends on, e.g. a season page: its tournaments' generations."""
    if view is None:
        return lambda fn: public_page(fn, results_only=results_only, version=version)

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not cacheable(request):
            return view(request, *args, **kwargs)
        try:
            cache = _cache()
            # The generation is read before the data: a result saved meanwhile bumps it.
            key, base = _keys(request, kwargs.get("tournament_id"), results_only)
            if version is not None:
                key = f"{key}:{version(**kwargs)}"
            entry = cache.get(key)
            last = None
            locked = False
            if entry is None:
                # the key of the last copy rendered, not a second copy: a page is written once
                last_key = cache.get(f"{base}:last")
                last = cache.get(last_key) if last_key is not None else None
                if last is not None:
                    young = time.time() - last.get("at", 0) < _min_age(results_only)
                    if young or not cache.add(f"{base}:lock", 1, 30):
                        response = _serve(last, request)
                        response["X-Page-Cache"] = "stale"
                        return response
                    locked = True
        except Exception:  # without a cache the page is simply rendered
            return view(request, *args, **kwargs)
        if entry is not None:
            return _serve(entry, request)

        language = translation.get_language()  # the key's, also for a render after the response

        def render() -> HttpResponse:
            try:
                with translation.override(language):
                    response = view(request, *args, **kwargs)
                if response.status_code == 200 and not response.streaming:
                    stored = _store(response, request)
                    with contextlib.suppress(Exception):
                        cache.set(key, stored, _timeout())
                        cache.set(f"{base}:last", key, _timeout())
                    response = _serve(stored, request)
                    response["X-Page-Cache"] = "miss"
                return response
            finally:
                if locked:
                    with contextlib.suppress(Exception):
                        cache.delete(f"{base}:lock")

        if locked and last is not None and results_only and _after_response():
            # Nobody waits for the new copy: this visitor gets the previous one at once and
            # the page is rendered right after his response has been sent (the server calls
            # the response's closers then), for every request after it.
            response = _serve(last, request)
            response["X-Page-Cache"] = "stale"
            response._resource_closers.append(lambda: _after(request, render))
            return response
        return render()

    return wrapped


def _after(request: HttpRequest, render: Callable[[], HttpResponse]) -> None:
    """Render a page after its request's response: the CSP middleware's nonce may no longer
    be read then, so the render gets one of its own (the stored copy holds a placeholder in
    its place, filled in per visitor by :func:`_serve`)."""
    if hasattr(request, "csp_nonce"):
        request.csp_nonce = secrets.token_urlsafe(16)
    render()


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
            if not getattr(request, "_pagecache_live_only", False):
                _bump_now(f"{tournament_id}:results")
        return response

    def process_view(self, request: HttpRequest, view_func: Callable[..., Any],
                     view_args: tuple[Any, ...], view_kwargs: dict[str, Any]) -> None:
        if request.method not in ("GET", "HEAD", "OPTIONS", "TRACE"):
            tournament_id = view_kwargs.get("tournament_id")
            if isinstance(tournament_id, int):
                request._pagecache_tournament = tournament_id
                # The table sheet's writes all send model signals, which know whether a
                # confirmed result changed; the standings need not go stale for every hand.
                module = getattr(view_func, "__module__", "") or ""
                request._pagecache_live_only = module.startswith("marias_admin.sheets")
        return None
