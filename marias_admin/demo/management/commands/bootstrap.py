"""``manage.py bootstrap``: make a fresh database usable.

Run after ``migrate``. Steps (each a plain function, so new steps such as loading a demo
tournament can be added to :meth:`Command.handle` behind an option like ``--no-demo``):

1. :func:`ensure_admin` — make sure the superuser ``admin`` exists and we know its password.
2. Unless ``--no-demo``: load the demo tournaments, each once — ČSM (24 players, round 1
   seated; :mod:`marias_admin.demo.csm`), SZMK (30 players, six rounds played and
   confirmed; :mod:`marias_admin.demo.szmk`), ČSM volený (13 players, two rounds played),
   pagat (10 players, round 1 played; both :mod:`marias_admin.demo.voleny`), ČSM křížový
   (16 players at four tables of four, two rounds played; :mod:`marias_admin.demo.krizovy`)
   and SloapSlam's čtyřka and bodovaný křížový (the same; :mod:`marias_admin.demo.sloapslam`)
   — and print their URLs.
3. Print the login and the admin URL.

The URLs printed start with ``--site-url``: ``make run`` and ``make dev`` pass the address they
serve (``http://127.0.0.1:$(PORT)``); without it, ``http://127.0.0.1:$PORT`` from the
environment, port 8000 if ``PORT`` is unset.

The password comes from ``MARIAS_ADMIN_PASSWORD`` if set (and is then applied every run), or
is generated on first creation and kept in ``settings.ADMIN_LOGIN_FILE`` (``var/``, not in
git), so it stays the same across runs and database resets.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

ADMIN_USERNAME = "admin"
PASSWORD_ENV = "MARIAS_ADMIN_PASSWORD"


def default_site_url() -> str:
    """Where the site is served on this machine: port ``PORT`` (as gunicorn's bind, see
    ``marias_admin/gunicorn_conf.py``), 8000 without it."""
    return f"http://127.0.0.1:{os.environ.get('PORT') or '8000'}"


@dataclass(frozen=True)
class AdminLogin:
    username: str
    password: str | None  # None when unknown (user made elsewhere, no stored password)
    created: bool


def _read_stored_password(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return text or None


def _store_password(path: Path, password: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(password + "\n")


@transaction.atomic
def ensure_admin(username: str = ADMIN_USERNAME) -> AdminLogin:
    """Create the superuser ``username`` if missing; return its login."""
    login_file = Path(settings.ADMIN_LOGIN_FILE)
    env_password = os.environ.get(PASSWORD_ENV) or None
    User = get_user_model()
    user = User.objects.filter(username=username).first()

    if user is None:
        password = env_password or _read_stored_password(login_file) or secrets.token_urlsafe(12)
        User.objects.create_superuser(username=username, email="", password=password)
        if env_password is None:
            _store_password(login_file, password)
        return AdminLogin(username, password, created=True)

    if env_password is not None:
        if not user.check_password(env_password):
            user.set_password(env_password)
            user.save(update_fields=["password"])
        return AdminLogin(username, env_password, created=False)

    stored = _read_stored_password(login_file)
    if stored is not None and user.check_password(stored):
        return AdminLogin(username, stored, created=False)
    return AdminLogin(username, None, created=False)


class Command(BaseCommand):
    help = "Ensure the admin superuser exists and print how to log in."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--no-demo", action="store_true",
                            help="do not create the demo tournaments")
        parser.add_argument("--site-url", default=None,
                            help="the address the site is served on, for the printed links "
                                 "(default: http://127.0.0.1:$PORT, port 8000 without PORT)")

    def handle(self, *args: object, **options: object) -> None:
        site = str(options["site_url"] or default_site_url()).rstrip("/")
        login = ensure_admin()
        if not options["no_demo"]:
            self._load_demos(get_user_model().objects.get(username=login.username), site)
        self._print_login(login, site)

    def _load_demos(self, admin: object, site: str) -> None:
        from marias_admin.demo.csm import load_csm_demo
        from marias_admin.demo.krizovy import load_krizovy_demo
        from marias_admin.demo.sloapslam import load_ctyrka_demo, load_sloapslam_krizovy_demo
        from marias_admin.demo.szmk import load_szmk_demo
        from marias_admin.demo.voleny import load_csm_voleny_demo, load_pagat_demo

        csm = load_csm_demo(admin)
        self.stdout.write(f"Demo: {site}/tournaments/{csm.pk}/")
        szmk = load_szmk_demo(admin)
        self.stdout.write(f"Demo SZMK: {site}/tournaments/{szmk.pk}/ "
                          f"(standings: {site}/t/{szmk.pk}/standings/)")
        voleny = load_csm_voleny_demo(admin)
        self.stdout.write(f"Demo ČSM volený: {site}/tournaments/{voleny.pk}/ "
                          f"(standings: {site}/t/{voleny.pk}/standings/)")
        pagat = load_pagat_demo(admin)
        self.stdout.write(f"Demo pagat: {site}/tournaments/{pagat.pk}/ "
                          f"(standings: {site}/t/{pagat.pk}/standings/)")
        krizovy = load_krizovy_demo(admin)
        self.stdout.write(f"Demo ČSM křížový: {site}/tournaments/{krizovy.pk}/ "
                          f"(standings: {site}/t/{krizovy.pk}/standings/)")
        ctyrka = load_ctyrka_demo(admin)
        self.stdout.write(f"Demo SloapSlam čtyřka: {site}/tournaments/{ctyrka.pk}/ "
                          f"(standings: {site}/t/{ctyrka.pk}/standings/)")
        bodovany = load_sloapslam_krizovy_demo(admin)
        self.stdout.write(f"Demo SloapSlam bodovaný křížový: {site}/tournaments/"
                          f"{bodovany.pk}/ (standings: {site}/t/{bodovany.pk}/standings/)")
        from marias_admin.demo.season import load_season_demo

        season = load_season_demo(admin)
        self.stdout.write(f"Demo season: {site}/seasons/{season.pk}/ (six tournaments, "
                          f"four rankings)")

    def _print_login(self, login: AdminLogin, site: str) -> None:
        if login.created:
            self.stdout.write(self.style.SUCCESS(f"Created superuser '{login.username}'."))
        if login.password is not None:
            self.stdout.write(f"Login: {login.username} / {login.password}")
        else:
            self.stdout.write(
                f"Login: {login.username} / (password unknown: set {PASSWORD_ENV} and rerun, "
                f"or use 'manage.py changepassword {login.username}')"
            )
        self.stdout.write(f"Admin: {site}/admin/")
