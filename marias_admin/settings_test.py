"""The test run's settings: :mod:`marias_admin.settings` with what only tests want.

pytest names this module as its DJANGO_SETTINGS_MODULE (``pyproject.toml``, and
``scripts/test-both.sh`` exports it); ``manage.py``, gunicorn and the scripts' servers read
``marias_admin.settings`` and never import this file, so nothing here can weaken a server. A
test that starts a server or ``manage.py`` of its own in a subprocess names
``marias_admin.settings`` for it (the variable would otherwise be inherited).
"""

import os
from typing import cast

from marias_admin.settings import *  # noqa: F403
from marias_admin.settings import (
    DATABASES,
    REDIS_URL,
    REST_FRAMEWORK,
    STORAGES,
    _cache_from_env,
)

TESTING = True

# PBKDF2's million rounds cost ~0.4 s of CPU per password set or checked, and the suite
# creates hundreds of users; what the tests check is the login flow, not the hasher.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The public page cache in memory (unless the run is pointed at Redis or a database cache
# on purpose), rendered anew at every request: a test sees its own writes at once.
if not os.environ.get("DJANGO_CACHE_URL") and not REDIS_URL:
    CACHES = {"default": _cache_from_env("locmem://marias-tests")}
PUBLIC_PAGE_CACHE_MIN_SECONDS = 0
PUBLIC_PAGE_RENDER_AFTER_RESPONSE = False  # tests/web/test_public_cache.py turns it on

# PostgreSQL: one connection per test, closed by the test case (no kept connections).
DATABASES["default"].pop("CONN_MAX_AGE", None)
DATABASES["default"].pop("CONN_HEALTH_CHECKS", None)

# Static files straight from the apps' folders: a test run must not depend on a collected,
# possibly stale manifest.
STORAGES["staticfiles"]["BACKEND"] = "whitenoise.storage.CompressedStaticFilesStorage"
WHITENOISE_USE_FINDERS = True

# The open API's throttle: tests do not hit the limit by accident.
_rates = cast(dict[str, str], REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
_rates["public_api"] = os.environ.get("DJANGO_API_RATE") or "100000/minute"
