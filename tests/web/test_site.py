import os
import re
from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.shortcuts import resolve_url
from django.test import Client
from django.urls import reverse

from tests.demo_data import demo_loader

CZECH_TITLE = "Správa turnajů v mariáši"
ENGLISH_TITLE = "Mariáš tournament administration"
SLOVAK_TITLE = "Správa turnajov v mariáši"

pytestmark = pytest.mark.django_db


@pytest.fixture
def demos_from_snapshot(monkeypatch, demo_snapshot):
    """The command's demo tournaments put back from the session's real run
    (``tests/demo_data.py``) instead of built again: these tests are about the admin
    login and what the command prints."""
    from marias_admin.demo.management.commands.bootstrap import Command

    monkeypatch.setattr(Command, "_load_demos", demo_loader(demo_snapshot, Command._load_demos))


def run_bootstrap() -> str:
    out = StringIO()
    call_command("bootstrap", stdout=out)
    return out.getvalue()


def login_password(output: str) -> str:
    match = re.search(r"^Login: admin / (\S+)$", output, re.M)
    assert match, output
    return match.group(1)


# --- home page and languages ---------------------------------------------------------------


def test_home_is_czech_by_default(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert CZECH_TITLE in html
    assert ENGLISH_TITLE not in html
    assert '<html lang="cs">' in html
    # Issue 12: the main button leads to the login, not the admin; issue 24: after it every
    # login lands here again, on "Your tournaments" (settings.LOGIN_REDIRECT_URL).
    assert reverse("admin:index") not in html
    assert f'class="button" href="{reverse("login")}"' in html
    assert resolve_url(settings.LOGIN_REDIRECT_URL) == reverse("core:home")
    assert reverse("set_language") in html


def test_home_in_english_from_accept_language(client):
    response = client.get("/", headers={"accept-language": "en"})
    assert response.status_code == 200
    html = response.content.decode()
    assert ENGLISH_TITLE in html
    assert CZECH_TITLE not in html
    assert '<html lang="en">' in html


def test_home_language_from_cookie(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sk"
    html = client.get("/").content.decode()
    assert SLOVAK_TITLE in html
    assert '<html lang="sk">' in html


def test_set_language_switches_to_english(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    assert ENGLISH_TITLE in client.get("/").content.decode()


def test_set_language_requires_csrf_token():
    csrf_client = Client(enforce_csrf_checks=True)
    response = csrf_client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 403

    # The same request with the token from the page succeeds.
    csrf_client.get("/")
    token = csrf_client.cookies[settings.CSRF_COOKIE_NAME].value
    response = csrf_client.post(
        reverse("set_language"),
        {"language": "en", "next": "/", "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302


def test_static_stylesheet_is_served(client):
    html = client.get("/").content.decode()
    assert "core/site.css" in html


# --- admin -----------------------------------------------------------------------------------


def test_admin_login_page_reachable(client):
    response = client.get(reverse("admin:login"))
    assert response.status_code == 200
    assert 'name="password"' in response.content.decode()


def test_admin_login_works_for_superuser(client):
    get_user_model().objects.create_superuser("boss", "", "s3cret-Pa55word")
    response = client.post(
        reverse("admin:login"),
        {"username": "boss", "password": "s3cret-Pa55word", "next": reverse("admin:index")},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:index")
    assert client.get(reverse("admin:index")).status_code == 200


def test_admin_login_rejects_wrong_password(client):
    get_user_model().objects.create_superuser("boss", "", "s3cret-Pa55word")
    response = client.post(reverse("admin:login"), {"username": "boss", "password": "nope"})
    assert response.status_code == 200
    assert client.get(reverse("admin:index")).status_code == 302


# --- bootstrap command -----------------------------------------------------------------------


def test_bootstrap_creates_admin_and_is_idempotent(client, settings, demos_from_snapshot):
    first = run_bootstrap()
    password = login_password(first)
    assert "http://127.0.0.1:8000/admin/" in first
    user = get_user_model().objects.get(username="admin")
    assert user.is_superuser and user.is_staff
    assert user.check_password(password)
    assert settings.ADMIN_LOGIN_FILE.read_text().strip() == password

    second = run_bootstrap()
    assert login_password(second) == password
    assert "http://127.0.0.1:8000/admin/" in second
    assert get_user_model().objects.filter(username="admin").count() == 1

    assert client.login(username="admin", password=password)


def test_bootstrap_reuses_stored_password_after_database_reset(settings, demos_from_snapshot):
    password = login_password(run_bootstrap())
    # The admin login gone, as from a new database (the demo's staff wrote on sheets and are
    # protected by their results; the admin is bootstrap's own).
    get_user_model().objects.filter(username="admin").delete()
    assert login_password(run_bootstrap()) == password


def test_bootstrap_takes_password_from_environment(monkeypatch, settings, demos_from_snapshot):
    monkeypatch.setenv("MARIAS_ADMIN_PASSWORD", "from-env-Pa55")
    output = run_bootstrap()
    assert login_password(output) == "from-env-Pa55"
    assert get_user_model().objects.get(username="admin").check_password("from-env-Pa55")
    assert not settings.ADMIN_LOGIN_FILE.exists()


# --- database --------------------------------------------------------------------------------


def test_sqlite_runs_in_wal_mode():
    if connection.vendor != "sqlite":
        pytest.skip("WAL is a SQLite setting")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0].lower() == "wal"


def test_database_engine_matches_database_url():
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
    assert connection.vendor == expected
