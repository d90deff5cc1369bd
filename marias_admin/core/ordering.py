"""Name order in database queries: the same Czech/Slovak alphabet as the printed lists.

A plain ``order_by("last_name")`` sorts by the database's default collation (bytes on SQLite,
usually ``C.UTF-8`` on PostgreSQL): Hájek after Hrubý, every Č, Ř, Š and Ž name after Z. Every
query that orders people or clubs by name goes through :func:`czech_order` instead, which
collates the columns with one of two collations of the same names on both databases:

- PostgreSQL: ICU's ``cs-CZ`` and ``sk-SK``, created by the migration
  ``core/0002_name_collations`` (with a fallback when the server has no ICU);
- SQLite: :func:`marias_admin.core.collation.compare`, registered on every new connection by
  :func:`register_sqlite_collations` (``CoreConfig.ready``).

The Python key reproduces ICU's order, so both databases and every Python-side sort (PDFs,
exports) agree; ``tests/web/test_czech_order.py`` holds them to it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db.models import F, OrderBy
from django.db.models.functions import Collate

from marias_admin.core.collation import DEFAULT_LANGUAGE, LANGUAGES, compare, sort_key

# Collation name per alphabet, the same on PostgreSQL and SQLite.
COLLATIONS = {language: f"marias_{language}" for language in LANGUAGES}


def collation_for(language: str | None = None) -> str:
    """The collation of ``language`` (a page language: anything but Slovak sorts as Czech)."""
    return COLLATIONS.get(language or DEFAULT_LANGUAGE, COLLATIONS[DEFAULT_LANGUAGE])


def czech_order(*fields: str, language: str | None = None) -> list[OrderBy]:
    """``order_by`` arguments sorting text ``fields`` ("-field" descending) alphabetically.

    ``language`` is the tournament's page language when the list belongs to one (a Slovak
    tournament's lists follow the Slovak alphabet, as its printouts do); Czech otherwise.
    Add a non-text tie-breaker ("id") after these where the order must be total."""
    collation = collation_for(language)
    return [Collate(F(field.removeprefix("-")), collation).desc() if field.startswith("-")
            else Collate(F(field), collation).asc()
            for field in fields]


def name_key(last_name: str, first_name: str = "", language: str | None = None) -> tuple[Any, ...]:
    """Python-side sort key of a person: last name, then first name (what
    ``czech_order("last_name", "first_name")`` does in the database)."""
    language = language or DEFAULT_LANGUAGE
    return sort_key(last_name, language), sort_key(first_name, language)


def register_sqlite_collations(sender: Any, connection: Any, **kwargs: Any) -> None:
    """``connection_created`` receiver: SQLite learns the collations of :data:`COLLATIONS`."""
    if connection.vendor != "sqlite":
        return
    for language, name in COLLATIONS.items():
        connection.connection.create_collation(name, partial(compare, language=language))
