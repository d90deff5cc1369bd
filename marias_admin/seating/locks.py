"""Locked seats honoured by the seating: the stored locks in the generator's terms, applied to
a fresh seating (``generator.editing.apply_locks``), and its refusals in the director's words.

Kept apart from ``services`` and ``editing`` so both can use it without importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from marias_admin.seating.generator.editing import Lock, LockError, apply_locks
from marias_admin.seating.models import Round, SeatLock
from marias_admin.tournaments.models import Registration

PlainSeating = list[tuple[int, ...]]


def round_locks(round: Round) -> dict[int, Lock]:
    """Registration id → its lock, as the generator takes them."""
    return {lock.registration_id: Lock(lock.table, lock.position)
            for lock in SeatLock.objects.filter(round=round)}


def keep_locked_playing(players: list[int], byes: list[int],
                        locks: dict[int, Lock]) -> tuple[list[int], list[int]]:
    """Tables of exactly four: a locked player never sits out; the last unlocked player
    drawn to play takes his bye instead."""
    players, byes = list(players), list(byes)
    for locked in [b for b in byes if b in locks]:
        free = next((p for p in reversed(players) if p not in locks), None)
        if free is None:
            break
        players[players.index(free)] = locked
        byes[byes.index(locked)] = free
    return players, byes


def honour_locks(seating: PlainSeating, locks: dict[int, Lock],
                 history: Sequence[PlainSeating]) -> PlainSeating:
    """The generator's seating with every locked player where locked; players who make room
    are those who met the moved player least before. Raises ValidationError naming the
    players and the table when the locks cannot hold."""
    if not locks:
        return seating
    met: dict[frozenset[int], int] = {}
    for earlier in history:
        for table in earlier:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    key = frozenset((a, b))
                    met[key] = met.get(key, 0) + 1
    try:
        result = apply_locks(seating, locks, met=lambda a, b: met.get(frozenset((a, b)), 0))
    except LockError as error:
        raise lock_error(error) from error
    return [tuple(table) for table in result]


def _reasons() -> dict[str, str]:
    return {
        "table_missing": _("%(player)s is locked at table %(table)s, but the round has fewer "
                           "tables."),
        "seat_twice": _("%(player)s and %(other)s are both locked at table %(table)s, seat "
                        "%(seat)s."),
        "table_too_small": _("Table %(table)s would need %(size)s seats for its locked "
                             "players."),
        "seat_missing": _("Table %(table)s has no seat %(seat)s."),
    }


def lock_error(error: LockError) -> ValidationError:
    """The generator's refusal in the director's words, naming the players and the table."""
    ids = [v for k, v in error.params.items() if k in ("player", "other")]
    names = {r.pk: r.player.full_name
             for r in Registration.objects.filter(pk__in=ids).select_related("player")}
    params: dict[str, object] = {"player": "", "other": "", "table": "", "seat": "", "size": ""}
    params.update({k: names.get(v, v) if k in ("player", "other") else v
                   for k, v in error.params.items()})
    return ValidationError(
        _("The round cannot be seated with its locks: %(reason)s")
        % {"reason": _reasons()[error.code] % params}, code="locks")
