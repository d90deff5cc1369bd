"""The API's rate limit: per client address, counted in the shared cache.

DRF's throttles keep their history in Django's ``default`` cache, which the settings point at
files, Redis or the database (never one process's memory under ``make run``/``make cluster``),
so all server processes count one client together. The client's address is the one the login
throttle uses (``core.auth.client_ip``: the proxy's last ``X-Forwarded-For`` hop when behind
our proxy), so a client cannot reset its count by sending a header.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from rest_framework.throttling import SimpleRateThrottle

from marias_admin.core.auth import client_ip


class PublicApiThrottle(SimpleRateThrottle):
    scope = "public_api"
    cache = caches["default"]

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope,
                                    "ident": client_ip(request) or "unknown"}
