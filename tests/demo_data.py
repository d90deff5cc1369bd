"""The demo tournaments of `manage.py bootstrap`, loaded once per test session and put back
into any module's transaction.

The command builds every demo tournament through the services (rounds seated, hands entered,
sheets confirmed): about 15 s of CPU, and several modules need the result. The session runs
the real command once (``take``), keeps the rows it added and what it printed, and rolls
back; a module then inserts those rows into its own transaction (``restored``), in a
fraction of a second, and reads the same database the command would have left: the same rows
with the same primary keys, as the printed links say. The idempotency of the command is still
checked where it was (a second run over the restored rows must change nothing).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction
from django.test import override_settings

from tests.web.helpers import refresh_planner_statistics

Rows = list[tuple[Any, ...]]


@dataclass(frozen=True)
class DemoSnapshot:
    """What one `bootstrap` run added to an empty database, table by table."""

    output: str  # what the command printed
    site: str  # the site address its links were printed with
    rows: dict[str, tuple[list[str], Rows]]  # table -> (its columns, the rows added)
    admin_pk: int  # the superuser the command created (the demos' organiser)


def _tables() -> list[str]:
    return sorted(connection.introspection.django_table_names(only_existing=True,
                                                              include_views=False))


def _read(table: str) -> tuple[list[str], Rows]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
        columns = [c[0] for c in cursor.description]
        return columns, [tuple(bytes(v) if isinstance(v, memoryview) else v for v in row)
                         for row in cursor.fetchall()]


def take(admin_login_file: Path) -> DemoSnapshot:
    """Run `bootstrap` (the real command, demos included) in a transaction that is rolled back,
    and keep what it added. Fails if the command changed or removed a row that was there
    before (content types, permissions): a snapshot of additions could not restore that."""
    before = {table: set(_read(table)[1]) for table in _tables()}
    out = io.StringIO()
    saved_env = os.environ.pop("MARIAS_ADMIN_PASSWORD", None)
    try:
        with override_settings(ADMIN_LOGIN_FILE=admin_login_file), transaction.atomic():
            call_command("bootstrap", stdout=out)
            rows = {}
            for table in _tables():
                columns, after = _read(table)
                old = before.get(table, set())
                gone = old - set(after)
                if gone:
                    raise RuntimeError(f"bootstrap changed or removed rows of {table}: "
                                       f"{sorted(gone, key=repr)[:3]}")
                added = [row for row in after if row not in old]
                if added:
                    rows[table] = (columns, added)
            from django.contrib.auth import get_user_model

            admin_pk = get_user_model().objects.get(username="admin").pk
            transaction.set_rollback(True)
    finally:
        if saved_env is not None:
            os.environ["MARIAS_ADMIN_PASSWORD"] = saved_env
    from marias_admin.demo.management.commands.bootstrap import default_site_url

    return DemoSnapshot(out.getvalue(), default_site_url(), rows, admin_pk)


def restore(snapshot: DemoSnapshot, *, admin: Any = None) -> None:
    """Insert the snapshot's rows. With ``admin`` (a superuser the test's own `bootstrap` just
    created, with nothing pointing at it yet) that user takes the snapshot admin's primary key
    and keeps its own password, so the demos' rows find their organiser."""
    from django.contrib.auth import get_user_model

    user_table = get_user_model()._meta.db_table
    quote = connection.ops.quote_name
    # One transaction (a savepoint inside the caller's): the rows refer to each other in any
    # order, and the foreign keys are checked when it commits.
    with transaction.atomic(), connection.cursor() as cursor:
        if admin is not None and admin.pk != snapshot.admin_pk:
            cursor.execute(f"UPDATE {quote(user_table)} SET id = %s WHERE id = %s",
                           [snapshot.admin_pk, admin.pk])
        for table, (columns, rows) in snapshot.rows.items():
            if admin is not None and table == user_table:
                rows = [row for row in rows if row[columns.index("id")] != snapshot.admin_pk]
            if not rows:
                continue
            names = ", ".join(quote(c) for c in columns)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})",
                               rows)
        # PostgreSQL's sequences do not see explicit keys (SQLite's AUTOINCREMENT does).
        models = [m for m in apps.get_models(include_auto_created=True)
                  if m._meta.db_table in snapshot.rows or m._meta.db_table == user_table]
        for sql in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(sql)
    if admin is not None:
        admin.pk = admin.id = snapshot.admin_pk
    _forget_cached_pages()


def _forget_cached_pages() -> None:
    """Every restore gives the demos the same primary keys: a page an earlier module cached
    for them (public pages, standings) must not answer for this module's rows."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()


@contextmanager
def restored(snapshot: DemoSnapshot) -> Iterator[None]:
    """The demos in a transaction of their own, rolled back at the end (for a module-scoped
    fixture under ``django_db_blocker.unblock()``; each test's changes roll back inside it)."""
    with transaction.atomic():
        restore(snapshot)
        refresh_planner_statistics()
        yield
        transaction.set_rollback(True)
    _forget_cached_pages()


def demo_loader(snapshot: DemoSnapshot, real: Callable[..., None]) -> Callable[..., None]:
    """A stand-in for bootstrap's ``Command._load_demos`` (for the tests of the command's own
    work: the admin login, its password, what it prints): on a database without tournaments it
    restores the snapshot's demos for the admin the command just created and prints their
    lines as the real run printed them; with tournaments there (a second run) it is the real
    method, which must find every demo and change nothing."""

    def load(command: Any, admin: Any, site: str) -> None:
        from marias_admin.tournaments.models import Tournament

        if Tournament.objects.exists():
            real(command, admin, site)
            return
        restore(snapshot, admin=admin)
        for line in snapshot.output.splitlines():
            if line.startswith("Demo"):
                command.stdout.write(line.replace(snapshot.site, site))

    return load
