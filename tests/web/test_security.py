"""Issue 10 items 14–17: login throttling, DEBUG off with friendly error pages and security
headers, the player page obeying every public toggle, password reset only with mail."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core import mail
from django.test import Client, RequestFactory
from django.urls import reverse
from django.views import defaults

from marias_admin.seating.models import Seat
from marias_admin.sheets.services import sheet_confirm, sheet_submit
from marias_admin.tournaments.models import Tournament
from tests import factories

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
LOCKED = "Too many failed login attempts; try again in 15 minutes or ask the organiser."


@pytest.fixture(autouse=True)
def _english_and_fast_hashes(settings):
    settings.LANGUAGE_CODE = "en"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _client(address: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def _login(client: Client, username: str, password: str, url: str = "login"):
    return client.post(reverse(url), {"username": username, "password": password})


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


# --- item 14: login throttling --------------------------------------------------------------


def test_right_password_refused_after_too_many_wrong_ones(settings):
    factories.user("alice")
    attacker = _client("10.0.0.1")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(attacker, "alice", "guess")
    response = _login(attacker, "alice", "heslo-alice")
    assert response.status_code == 429
    assert LOCKED in response.content.decode()
    assert 'name="password"' in response.content.decode()  # still the login page
    assert not _logged_in(attacker)

    factories.user("bob")  # another user from another address is not affected
    other = _client("10.0.0.2")
    assert _login(other, "bob", "heslo-bob").status_code == 302
    assert _logged_in(other)


def test_a_user_name_is_locked_whatever_the_address(settings):
    factories.user("alice")
    for n in range(settings.AXES_FAILURE_LIMIT):
        _login(_client(f"10.0.1.{n + 1}"), "alice", "guess")
    owner = _client("10.0.2.1")
    response = _login(owner, "alice", "heslo-alice")
    assert response.status_code == 429 and not _logged_in(owner)


def test_an_address_is_locked_whatever_the_user_name(settings):
    factories.user("bob")
    attacker = _client("10.0.3.1")
    for n in range(settings.AXES_FAILURE_LIMIT):
        _login(attacker, f"nobody{n}", "guess")
    assert _login(attacker, "bob", "heslo-bob").status_code == 429
    elsewhere = _client("10.0.3.2")
    assert _login(elsewhere, "bob", "heslo-bob").status_code == 302


def test_admin_login_is_throttled_too(settings):
    factories.user("boss", is_staff=True)
    attacker = _client("10.0.4.1")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(attacker, "boss", "guess", url="admin:login")
    response = _login(attacker, "boss", "heslo-boss", url="admin:login")
    assert response.status_code == 429 and not _logged_in(attacker)


def test_a_successful_login_clears_the_failures(settings):
    factories.user("carol")
    client = _client("10.0.5.1")
    for _round in range(2):
        for _ in range(settings.AXES_FAILURE_LIMIT - 1):
            _login(client, "carol", "typo")
        assert _login(client, "carol", "heslo-carol").status_code == 302
        client.post(reverse("logout"))


def test_the_lockout_ends_after_the_cool_off(settings):
    from axes.models import AccessAttempt

    factories.user("dave")
    client = _client("10.0.6.1")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(client, "dave", "guess")
    assert _login(client, "dave", "heslo-dave").status_code == 429
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.first().attempt_time - settings.AXES_COOLOFF_TIME * 2)
    assert _login(client, "dave", "heslo-dave").status_code == 302


# --- item 15: DEBUG, error pages, headers, check --deploy ------------------------------------


def _environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DJANGO_", "MARIAS_")) or k == "DJANGO_SETTINGS_MODULE"}
    env.update({"MARIAS_VAR_DIR": str(tmp_path), "PYTHONPATH": str(ROOT),
                "DJANGO_SETTINGS_MODULE": "marias_admin.settings"})
    env.update(extra)
    return env


def _settings_of(tmp_path: Path, *names: str, **extra: str) -> list[str]:
    code = ("import django; django.setup(); from django.conf import settings as s; "
            + "; ".join(f"print(repr(getattr(s, {n!r}, None)))" for n in names))
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, env=_environment(tmp_path, **extra), timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.split("\n")[: len(names)]


def test_debug_is_off_unless_asked_for(tmp_path):
    assert _settings_of(tmp_path, "DEBUG") == ["False"]
    assert _settings_of(tmp_path, "DEBUG", DJANGO_DEBUG="1") == ["True"]


def test_plain_http_keeps_cookies_usable(tmp_path):
    # A hall laptop on plain HTTP: Secure cookies would never come back, nobody could log in.
    assert _settings_of(tmp_path, "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
                        "SECURE_SSL_REDIRECT") == ["False", "False", "False"]


def _check_deploy(tmp_path: Path, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env=_environment(tmp_path, DJANGO_HTTPS="1", DJANGO_ALLOWED_HOSTS="example.org",
                         **extra))


def test_check_deploy_is_clean_behind_https(tmp_path):
    result = _check_deploy(tmp_path, DJANGO_SECRET_KEY=secrets.token_urlsafe(50))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout and "WARNING" not in result.stdout + result.stderr


def test_generated_secret_key_passes_check_deploy(tmp_path):
    result = _check_deploy(tmp_path)  # no DJANGO_SECRET_KEY: generated into var/secret_key
    assert result.returncode == 0, result.stdout + result.stderr
    assert len((tmp_path / "secret_key").read_text().strip()) >= 50


def test_404_is_the_sites_page_without_the_url_list(client):
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page not found" in html and 'class="site-header"' in html
    assert "URLconf" not in html and "urlpatterns" not in html


def test_403_shows_the_reason_on_the_sites_page(client):
    setup = factories.tournament(players=0)
    client.force_login(factories.user("stranger"))
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get(reverse("tournaments:edit", args=[setup.tournament.pk]))
    assert response.status_code == 403
    html = response.content.decode()
    assert "Access denied" in html and 'class="site-header"' in html
    assert "Only the tournament&#x27;s organisers can do this." in html


def test_csrf_failure_is_a_friendly_403():
    client = Client(enforce_csrf_checks=True)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.post(reverse("login"), {"username": "x", "password": "y"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "The form has expired" in html and "CSRF verification failed" not in html


def test_500_and_400_pages_need_no_request_context():
    request = RequestFactory().get("/")
    response = defaults.server_error(request)
    assert response.status_code == 500 and "Server error" in response.content.decode()
    response = defaults.bad_request(request, Exception("bad"))
    assert response.status_code == 400 and "Bad request" in response.content.decode()


def test_security_headers(client):
    response = client.get(reverse("core:home"))
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "object-src 'none'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"


def test_inline_scripts_carry_the_pages_nonce(client):
    setup = factories.tournament(players=8)
    factories.seated_round(setup, 1, state="released")
    client.force_login(setup.staff.scorekeeper)
    response = client.get(reverse("sheets:table", args=[setup.tournament.pk, 1, 1]))
    assert response.status_code == 200
    nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
    scripts = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)([^>]*)>",
                         response.content.decode())
    assert scripts, "the table page has an inline script"
    assert all(f'nonce="{nonce}"' in attributes for attributes in scripts)


# --- item 16: the player page obeys every toggle ---------------------------------------------

MARKERS = {
    "public_standings": 'class="stats player-totals"',  # totals, rank
    "public_results": 'class="round-figures"',  # per-round money and points
    "public_seating": 'class="opponents"',  # table, seat and opponents
}


@pytest.fixture
def played():
    setup = factories.tournament(players=8)
    round = factories.seated_round(setup, 1, state="released")
    for table in round.tables.all():
        sheet = factories.sheet(round, table.number)
        factories.add_hand(sheet, "7k+ tr4")  # complete: its trumps given (issue 21)
        sheet.refresh_from_db()
        sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=sheet.version)
        sheet.refresh_from_db()
        sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=sheet.version)
    return setup


@pytest.mark.parametrize("toggle", list(MARKERS))
def test_player_page_shows_only_what_the_toggles_allow(client, played, toggle):
    tournament = played.tournament
    Tournament.objects.filter(pk=tournament.pk).update(
        public_players=True, **{t: t != toggle for t in MARKERS})
    url = reverse("standings:player", args=[tournament.pk, played.registrations[0].pk])
    html = client.get(url).content.decode()
    assert MARKERS[toggle] not in html  # anonymous: the switched-off part is gone
    for other, marker in MARKERS.items():
        if other != toggle:
            assert marker in html, other
    if toggle == "public_seating":
        mine = Seat.objects.get(registration=played.registrations[0], round__number=1)
        for seat in Seat.objects.filter(table=mine.table).exclude(pk=mine.pk):
            assert seat.registration.player.last_name not in html  # who sat with whom
        assert reverse("sheets:table",
                       args=[tournament.pk, 1, mine.table.number]) not in html
    client.force_login(played.staff.organiser)  # the organiser sees everything
    html = client.get(url).content.decode()
    assert all(marker in html for marker in MARKERS.values())


def test_player_page_with_results_and_seating_off_shows_no_round_details(client, played):
    tournament = played.tournament
    Tournament.objects.filter(pk=tournament.pk).update(
        public_players=True, public_standings=False, public_results=False, public_seating=False)
    url = reverse("standings:player", args=[tournament.pk, played.registrations[0].pk])
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert played.registrations[0].player.last_name in html
    assert not any(marker in html for marker in MARKERS.values())
    assert "player-rounds" not in html and "big-hands" not in html


# --- item 17: password reset only with mail --------------------------------------------------


def test_without_mail_password_reset_is_hidden_and_404(client, settings):
    settings.EMAIL_CONFIGURED = False
    assert reverse("password_reset") not in client.get(reverse("login")).content.decode()
    assert client.get(reverse("password_reset")).status_code == 404
    response = client.post(reverse("password_reset"), {"email": "a@example.org"})
    assert response.status_code == 404
    assert client.get(reverse("password_reset_done")).status_code == 404
    assert not mail.outbox


def test_with_mail_password_reset_sends_the_link(client, settings):
    settings.EMAIL_CONFIGURED = True
    factories.user("erin", email="erin@example.org")
    assert reverse("password_reset") in client.get(reverse("login")).content.decode()
    assert client.get(reverse("password_reset")).status_code == 200
    response = client.post(reverse("password_reset"), {"email": "erin@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and "erin@example.org" in mail.outbox[0].to
