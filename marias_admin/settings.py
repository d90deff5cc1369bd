"""Django settings for marias_admin.

Everything deployment-specific comes from the environment:

- ``DJANGO_SECRET_KEY``: secret key; if unset, one is generated once into ``var/secret_key``
  (``secrets.token_urlsafe(50)``: 67 characters, strong enough for ``check --deploy``).
- ``DJANGO_DEBUG``: ``1``/``true`` for local development only (``make dev``); default off, so
  a visitor never sees Django's technical error pages or the URL list.
- ``DJANGO_ALLOWED_HOSTS``: comma-separated host names (default: localhost only; ``make run``
  adds the machine's LAN address so that phones on the hall's Wi-Fi can connect).
- ``DJANGO_CSRF_TRUSTED_ORIGINS``: comma-separated origins (e.g. ``https://example.org``).
- ``DJANGO_HTTPS``: ``1`` when the site is served over HTTPS (behind a TLS-terminating proxy
  that sets ``X-Forwarded-Proto``): redirects HTTP to HTTPS, sends HSTS and marks the session,
  CSRF and language cookies Secure. Leave it unset on a hall laptop serving plain HTTP over
  Wi-Fi: a browser never sends a Secure cookie over HTTP, so nobody could log in.
- ``DJANGO_EMAIL_HOST`` (with ``DJANGO_EMAIL_PORT``, ``DJANGO_EMAIL_HOST_USER``,
  ``DJANGO_EMAIL_HOST_PASSWORD``, ``DJANGO_EMAIL_USE_TLS``, ``DJANGO_EMAIL_USE_SSL``,
  ``DJANGO_DEFAULT_FROM_EMAIL``): outgoing mail. Password reset by e-mail exists only when a
  mail server is configured; without one the link is hidden and its pages answer 404 rather
  than claim a mail was sent.
- ``DATABASE_URL``: e.g. ``postgres://user:pw@127.0.0.1:5432/marias``
  (default: SQLite in ``var/db.sqlite3``, WAL mode).
- ``MARIAS_VAR_DIR``: directory for local state (default: ``var/`` in the repository).
- ``DJANGO_CACHE_URL``: cache of the public pages, e.g. ``redis://127.0.0.1:6379/0`` or
  ``db://marias_cache`` (default: files in ``var/cache``, shared by the server's processes).
- ``REDIS_URL``: e.g. ``redis://127.0.0.1:6379/0``: the shared cache of several application
  nodes (when ``DJANGO_CACHE_URL`` is unset) and the sessions' read-through cache.
- ``DJANGO_BEHIND_PROXY``: ``1`` when a reverse proxy of ours (nginx, ``make cluster``) is in
  front of plain HTTP: the visitor's address is taken from ``X-Forwarded-For`` (as with
  ``DJANGO_HTTPS``), or every phone would share the proxy's address for throttling.
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("MARIAS_VAR_DIR") or BASE_DIR / "var")
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def _load_or_create_secret_key(path: Path) -> str:
    """Read the secret key from ``path``, creating it atomically on first use."""
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        pass
    key = secrets.token_urlsafe(50)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process won the race
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(key + "\n")
    return key


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or _load_or_create_secret_key(
    VAR_DIR / "secret_key"
)
DEBUG = _env_bool("DJANGO_DEBUG", False)
HTTPS = _env_bool("DJANGO_HTTPS", False)
BEHIND_PROXY = HTTPS or _env_bool("DJANGO_BEHIND_PROXY", False)
# The test run's own settings (a cheap hasher, a memory cache, no throttles …) are in
# ``settings_test``, which pytest names as its DJANGO_SETTINGS_MODULE; a server never reads it.
TESTING = False
ALLOWED_HOSTS = _env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = _env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "django_filters",
    "axes",
    "rest_framework",
    "drf_spectacular",
    # The site's apps in their layers, bottom first: each imports only those above it in this
    # list (README, "Layout"; tests/test_layers.py).
    "marias_admin.audit",
    "marias_admin.core",
    "marias_admin.players",
    "marias_admin.tournaments",
    "marias_admin.seating",
    "marias_admin.sheets",
    "marias_admin.standings",
    "marias_admin.printouts",
    "marias_admin.teams",
    "marias_admin.prizes",
    "marias_admin.seasons",
    "marias_admin.archive",
    "marias_admin.api",
    "marias_admin.demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # After LocaleMiddleware: a tournament's pages in its language (Slovak for SZMK) unless
    # the visitor chose one with the language switcher.
    "marias_admin.tournaments.middleware.TournamentLanguageMiddleware",
    # Any successful write to a tournament's URL makes its cached public pages stale.
    "marias_admin.core.pagecache.InvalidateOnWriteMiddleware",
    # Last, as django-axes asks: turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "marias_admin.urls"
WSGI_APPLICATION = "marias_admin.wsgi.application"
ASGI_APPLICATION = "marias_admin.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "marias_admin.core.context_processors.site",
            ],
        },
    },
]

# Database: DATABASE_URL, or SQLite in var/ with WAL journaling so that the web server and
# management commands can read while one of them writes.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        }
    )
    # Tests use a file database too (not :memory:), so WAL behaves as in production.
    DATABASES["default"].setdefault("TEST", {}).setdefault(
        "NAME", str(VAR_DIR / "test-db.sqlite3")
    )
else:
    # PostgreSQL: each server thread keeps its connection for a minute instead of opening one
    # (a process and a password exchange) per request; checked before reuse.
    DATABASES["default"]["CONN_MAX_AGE"] = 60
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def _cache_from_env(url: str) -> dict:
    """``DJANGO_CACHE_URL``: ``redis://host:6379/0``, ``db://table`` (run ``createcachetable``),
    ``file:///path``, ``locmem://`` or ``dummy://`` (no caching)."""
    scheme, _, rest = url.partition("://")
    backends = {
        "redis": ("django.core.cache.backends.redis.RedisCache", url),
        "rediss": ("django.core.cache.backends.redis.RedisCache", url),
        "db": ("django.core.cache.backends.db.DatabaseCache", rest or "marias_cache"),
        "file": ("django.core.cache.backends.filebased.FileBasedCache", rest),
        "locmem": ("django.core.cache.backends.locmem.LocMemCache", rest or "marias"),
        "dummy": ("django.core.cache.backends.dummy.DummyCache", ""),
    }
    if scheme not in backends:
        raise ValueError(f"DJANGO_CACHE_URL: unknown cache {scheme!r}")
    backend, location = backends[scheme]
    if scheme.startswith("redis"):  # Redis bounds itself (maxmemory); OPTIONS go to its client
        return {"BACKEND": backend, "LOCATION": location}
    return {"BACKEND": backend, "LOCATION": location, "OPTIONS": {"MAX_ENTRIES": 5000}}


# Cache of the public pages (marias_admin.core.pagecache). `make run` serves with several
# processes, so the default is shared between them: files in var/cache (tests: memory).
# A federation server with several machines sets DJANGO_CACHE_URL (Redis or the database).
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if os.environ.get("DJANGO_CACHE_URL"):
    CACHES = {"default": _cache_from_env(os.environ["DJANGO_CACHE_URL"])}
elif REDIS_URL:
    CACHES = {"default": _cache_from_env(REDIS_URL)}
else:
    CACHES = {"default": _cache_from_env(f"file://{VAR_DIR / 'cache'}")}
# Sessions: in the database, so that a login survives a restart of any node; with Redis
# (several nodes, `make cluster`) read through the shared cache and still written to the
# database, so that losing Redis loses no login either.
if REDIS_URL:
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
PUBLIC_PAGE_CACHE_SECONDS = 600
# A public page that follows the hands entered is rendered anew at most this often (a hand
# shows within 10 s; spectators poll every 10–30 s anyway). Pages of confirmed results only
# (standings, projector) at the first request after each confirmation: a result confirmed
# through any node is in the standings every node serves at once (issue 27).
PUBLIC_PAGE_CACHE_MIN_SECONDS = 10
PUBLIC_RESULTS_CACHE_MIN_SECONDS = 0
# ... and rendered right after the response of the visitor who found them stale (he gets the
# previous copy): under a round's confirmations no spectator waits for a render.
PUBLIC_PAGE_RENDER_AFTER_RESPONSE = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login throttling (django-axes): a user name is locked after AXES_FAILURE_LIMIT wrong
# passwords from anywhere, and an address after as many for any user names, for
# AXES_COOLOFF_TIME; a successful login clears the count. The lockout answers with the login
# page and a message in the visitor's language (marias_admin.core.views.login_locked_out).
# The backend below throttles web logins only (authentication with a request).
AUTHENTICATION_BACKENDS = [
    "marias_admin.core.auth.ThrottledLoginBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "marias_admin.core.views.login_locked_out"
AXES_CLIENT_IP_CALLABLE = "marias_admin.core.auth.client_ip"
AXES_USERNAME_CALLABLE = "marias_admin.core.auth.throttled_username"
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "core:home"  # "Your tournaments": where each role works
LOGOUT_REDIRECT_URL = "core:home"
# Federation registration numbers accepted by the player import (CZ-01234, SK01234, 01234).
MARIAS_REGISTRATION_NUMBER_PATTERN = r"^[A-Z]{2}-?\d{3,6}$|^\d{3,6}$"
# Largest player list (xlsx or csv) the import accepts; bigger uploads are dropped on the way in.
MARIAS_IMPORT_MAX_BYTES = 2 * 1024 * 1024

# Internationalisation: Czech by default, Slovak and English available.
LANGUAGE_CODE = "cs"
LANGUAGES = [
    ("cs", _("Czech")),
    ("sk", _("Slovak")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switcher's choice is explicit and outranks a tournament's own language: keep it a year,
# not only for the browser session.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
USE_I18N = True
TIME_ZONE = "Europe/Prague"
USE_TZ = True

# Static files, served by WhiteNoise (also under runserver, via runserver_nostatic). Serving
# for real (DEBUG off), file names carry a content hash from ``collectstatic``'s manifest so
# browsers may cache them for ever; under DEBUG and in tests the files come straight from the
# apps' static folders (a test run must not depend on a collected, possibly stale manifest).
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns about a missing directory
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedStaticFilesStorage"
            if DEBUG
            else "marias_admin.core.storage.StaticStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# The address phones use (e.g. http://192.168.1.20:8000 on a hall's Wi-Fi, or the federation's
# https://…): printed QR codes and table links are built on it, never on the address of the
# organiser's own browser. `make run` sets it to the laptop's LAN address unless given.
MARIAS_PUBLIC_URL = os.environ.get("DJANGO_PUBLIC_URL", "").strip().rstrip("/")

# Files owned by the bootstrap command.
ADMIN_LOGIN_FILE = VAR_DIR / "admin-login.txt"

# Security headers. X-Frame-Options and nosniff for every page; no referrer leaves the site
# (links to other sites get none).
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content Security Policy (django-csp): everything from this site only; inline scripts need the
# page's nonce (``<script nonce="{{ request.csp_nonce }}">``). Styles allow 'unsafe-inline'
# for the pages' <style> blocks and htmx's indicator style; no script can run from them.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", NONCE],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
# Only behind HTTPS (DJANGO_HTTPS=1): Secure cookies on a plain-HTTP hall laptop would never
# come back from the browser, and nobody could log in.
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = 365 * 24 * 60 * 60
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True

# The embeddable standings widget (/t/<id>/widget/): the sites that may frame it, as CSP
# frame-ancestors sources (DJANGO_EMBED_ANCESTORS, comma-separated, e.g.
# "https://csm-marias.cz,https://*.example.org"). Default: any site; every other page keeps
# frame-ancestors 'none' and X-Frame-Options DENY.
MARIAS_EMBED_ANCESTORS = _env_list("DJANGO_EMBED_ANCESTORS", ["*"])

# The open results API (/api/v1/, marias_admin.api): read-only, anonymous, public data only,
# JSON only (no browsable pages). Throttled per client address through the shared cache
# (CACHES["default"]: files, Redis or the database, so all server processes count together);
# DJANGO_API_RATE overrides the rate ("120/minute"; the test run's is far higher).
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    "DEFAULT_THROTTLE_CLASSES": ["marias_admin.api.throttling.PublicApiThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "public_api": os.environ.get("DJANGO_API_RATE") or "120/minute",
    },
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mariáš tournaments: open results",
    "DESCRIPTION": "Read-only public data: tournaments, rounds, seating, results, standings, "
                   "teams and seasons, each behind its tournament's public toggles.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SERVE_AUTHENTICATION": [],
    "SCHEMA_PATH_PREFIX": r"/api/v1",
}

# Error pages: a failed CSRF check gets the site's friendly 403 in the visitor's language.
CSRF_FAILURE_VIEW = "marias_admin.core.views.csrf_failure"

# Outgoing mail, only when a server is configured; password reset depends on it.
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "").strip()
EMAIL_CONFIGURED = bool(EMAIL_HOST)
if EMAIL_CONFIGURED:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT") or 25)
    EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = _env_bool("DJANGO_EMAIL_USE_TLS", False)
    EMAIL_USE_SSL = _env_bool("DJANGO_EMAIL_USE_SSL", False)
    DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL") or "webmaster@localhost"
    SERVER_EMAIL = DEFAULT_FROM_EMAIL
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
