"""Several nodes share what one node would keep to itself (README, "Cluster"): with
``REDIS_URL`` the cache is Redis and the sessions are in the database read through it; behind
our proxy the visitor's address for throttling is the one the proxy saw."""

from __future__ import annotations

import runpy
from pathlib import Path

from django.test import RequestFactory, override_settings

from marias_admin.core.auth import client_ip

SETTINGS = Path(__file__).resolve().parents[2] / "marias_admin" / "settings.py"


def settings_with(monkeypatch, tmp_path: Path, **env: str) -> dict:
    """The settings module read afresh under this environment (it only reads and computes)."""
    for name in ("DJANGO_CACHE_URL", "REDIS_URL", "DJANGO_BEHIND_PROXY", "DJANGO_HTTPS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MARIAS_VAR_DIR", str(tmp_path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))


def test_redis_url_gives_the_shared_cache_and_sessions_in_the_database(monkeypatch, tmp_path):
    read = settings_with(monkeypatch, tmp_path, REDIS_URL="redis://127.0.0.1:6390/0",
                         DJANGO_BEHIND_PROXY="1")
    assert read["CACHES"]["default"] == {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                     "LOCATION": "redis://127.0.0.1:6390/0"}  # no options its client refuses
    assert read["SESSION_ENGINE"] == "django.contrib.sessions.backends.cached_db"
    assert read["BEHIND_PROXY"] is True
    read = settings_with(monkeypatch, tmp_path)
    assert "Redis" not in read["CACHES"]["default"]["BACKEND"]
    assert "SESSION_ENGINE" not in read  # Django's default: the database; a restart keeps logins
    assert read["BEHIND_PROXY"] is False


def test_behind_our_proxy_the_address_is_the_one_it_appended():
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1",
                                   HTTP_X_FORWARDED_FOR="6.6.6.6, 10.1.2.3")
    with override_settings(HTTPS=False, BEHIND_PROXY=False):
        assert client_ip(request) == "127.0.0.1"  # served directly: the connection's address
    with override_settings(HTTPS=False, BEHIND_PROXY=True):
        assert client_ip(request) == "10.1.2.3"  # not the client's own claim before it
