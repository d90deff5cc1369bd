"""Which writes make which tournament's cached public pages stale.

The page cache itself (:mod:`marias_admin.core.pagecache`) knows no model. Here, at the layer
that reads them all for the public pages, every model that feeds the standings, the round
results, the player pages or the seating is tied to its tournament, and its saves and deletes
bump that tournament's generation. A player's or club's name appears in every tournament he
played, so those bump the global generation. Bulk writes send no signal; they happen in the
seating and sheet services next to a saved round or sheet, and the POST safety net
(``InvalidateOnWriteMiddleware``) covers the rest.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import caches
from django.db.models import Model
from django.db.models.signals import post_delete, post_save

from marias_admin.core import pagecache

T = TypeVar("T")


def _tournament_of(instance: Any) -> tuple[int | None, bool]:
    """The tournament id the instance feeds (None if unknown: then every tournament), and
    whether confirmed results (the standings) may have changed: a hand or a ruling of a sheet
    still being played changes only the live pages."""
    from marias_admin.seating.models import Round, Table
    from marias_admin.sheets.models import SheetState, TableSheet
    from marias_admin.tournaments.models import Tournament

    if isinstance(instance, Tournament):
        return instance.pk, True
    if getattr(instance, "tournament_id", None) is not None:  # Round, Registration
        return instance.tournament_id, True
    results = True
    round_id = getattr(instance, "round_id", None)  # Table, Seat
    if round_id is None and getattr(instance, "table_id", None) is not None:  # TableSheet
        round_id = Table.objects.filter(pk=instance.table_id).values_list(
            "round_id", flat=True).first()
    if round_id is None and getattr(instance, "sheet_id", None) is not None:  # hand, ruling
        row = TableSheet.objects.filter(pk=instance.sheet_id).values_list(
            "table__round_id", "state").first()
        if row is not None:
            round_id, state = row
            results = state == SheetState.CONFIRMED
    if round_id is None:
        return None, True
    tournament_id = Round.objects.filter(pk=round_id).values_list(
        "tournament_id", flat=True).first()
    return tournament_id, results


def invalidate(sender: Any, instance: Any, **kwargs: Any) -> None:
    """Signal receiver: the tournament's public pages are stale (all of them if unknown)."""
    if kwargs.get("raw"):  # loading fixtures
        return
    tournament_id, results = _tournament_of(instance)
    pagecache.bump(tournament_id, results=results)


def connect() -> None:
    from marias_admin.players.models import Club, Player
    from marias_admin.seating.models import Round, Seat, Table
    from marias_admin.sheets.models import HandRecord, Ruling, TableSheet
    from marias_admin.tournaments.models import Registration, Tournament

    model: type[Model]
    for model in (Tournament, Registration, Round, Table, Seat, TableSheet, HandRecord, Ruling):
        for signal in (post_save, post_delete):
            signal.connect(invalidate, sender=model,
                           dispatch_uid=f"standings.cache.{model.__name__}.{signal is post_save}")
    for model in (Player, Club):
        for signal in (post_save, post_delete):
            signal.connect(_invalidate_all, sender=model,
                           dispatch_uid=f"standings.cache.{model.__name__}.{signal is post_save}")


def _invalidate_all(sender: Any, instance: Any, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        pagecache.bump(pagecache.GLOBAL)


def fragment(tournament_id: int, parts: Sequence[object], build: Callable[[], T]) -> T:
    """``build()``, kept in the cache for this tournament's current results (issue 27).

    Logged-in visitors — organisers polling their standings every 30 s — are never served the
    public page cache (their pages show their login, messages and pages the public does not
    see). What costs is the table itself, and it depends only on the confirmed results, the
    names and the language: it is kept under the same generations the public pages are
    (bumped by every write that may change a result, see above), and ``parts`` (the variant:
    language, links shown …). The generations are read before ``build`` reads the data, so a
    result saved meanwhile makes the stored copy stale at once. Without a cache the fragment
    is simply built."""
    try:
        store = caches[getattr(settings, "PUBLIC_PAGE_CACHE", "default")]
        variant = hashlib.sha256(repr(tuple(parts)).encode()).hexdigest()[:24]
        key = (f"standings:fragment:{tournament_id}:{pagecache.generation(pagecache.GLOBAL)}:"
               f"{pagecache.generation(f'{tournament_id}:results')}:{variant}")
        found = store.get(key)
    except Exception:  # a cache outage never costs the page
        return build()
    if found is not None:
        return found
    value = build()
    with contextlib.suppress(Exception):
        store.set(key, value, int(getattr(settings, "PUBLIC_PAGE_CACHE_SECONDS", 600)))
    return value
