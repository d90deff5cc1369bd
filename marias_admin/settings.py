"""Django settings for marias_admin.

Everything deployment-specific comes from the environment:

- ``DJANGO_SECRET_KEY``: secret key; if unset, one is generated once into ``var/secret_key``.
- ``DJANGO_DEBUG``: ``1``/``true`` (default, local development) or ``0``/``false``.
- ``DJANGO_ALLOWED_HOSTS``: comma-separated host names (default: localhost only).
- ``DJANGO_CSRF_TRUSTED_ORIGINS``: comma-separated origins (e.g. ``https://example.org``).
- ``DATABASE_URL``: e.g. ``postgres://user:pw@127.0.0.1:5432/marias``
  (default: SQLite in ``var/db.sqlite3``, WAL mode).
- ``MARIAS_VAR_DIR``: directory for local state (default: ``var/`` in the repository).
"""

import os
import secrets
from pathlib import Path

import dj_database_url
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
DEBUG = _env_bool("DJANGO_DEBUG", True)
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
    "marias_admin.core",
    "marias_admin.audit",
    "marias_admin.players",
    "marias_admin.tournaments",
    "marias_admin.seating",
    "marias_admin.sheets",
    "marias_admin.standings",
    "marias_admin.printouts",
    "marias_admin.seasons",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
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
    "marias_admin.core.middleware.TournamentLanguageMiddleware",
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

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:list"
LOGOUT_REDIRECT_URL = "core:home"
# Federation registration numbers accepted by the player import (CZ-01234, SK01234, 01234).
MARIAS_REGISTRATION_NUMBER_PATTERN = r"^[A-Z]{2}-?\d{3,6}$|^\d{3,6}$"

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

# Static files, served by WhiteNoise (also under runserver, via runserver_nostatic).
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns about a missing directory
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedStaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# Files owned by the bootstrap command.
ADMIN_LOGIN_FILE = VAR_DIR / "admin-login.txt"

# Security: cookies only over HTTPS outside local development.
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
