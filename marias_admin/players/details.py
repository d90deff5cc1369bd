"""Writing a player's details — sex, year of birth, region, club — in one place.

Every page that changes them (a player's category data, the bulk table of a tournament's
players, the player import) calls :func:`player_details_update`: it validates with the model's
own checks, writes in one transaction and records one audit entry with before → after.

**Finished tournaments.** A :class:`~marias_admin.players.models.Player` row is shared by every
tournament he played, and registrations keep no copy of his details: each tournament's
categories (women, seniors, juniors, region) and so its category rankings and prize list are
computed from the row as it is now. A changed detail would therefore silently move the
category results of tournaments long finished, prizes already handed out. The service refuses
such a change (:class:`FinishedTournamentsChange`, naming each finished tournament and category
the player would join or leave) unless the caller passes ``confirm_finished``, which the pages
ask of the organiser with an explicit tick; the audit entry of a confirmed change says which
finished results it moved. Why not a copy of the details per registration instead: a detail
is most often corrected because it was wrong (a woman entered as a man, a mistyped year), and
then the federation wants the corrected category ranking, knowingly; a frozen copy would keep
the mistake in every finished tournament with no way to mend it short of editing each one.
Only a change that really moves someone in or out of a finished tournament's category asks
for the confirmation; a change of the club never does (no category asks for the club; the
club standings and the seasons keep the club a result was played for), nor one that only
concerns running or future tournaments.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.core import pagecache
from marias_admin.players import probes
from marias_admin.players.models import Club, Player
from marias_admin.players.probes import (
    CATEGORY_FIELDS,
    CONFIRM_LABEL,
    FinishedEffect,
    effect_text,
)

__all__ = ["CONFIRM_LABEL", "DETAIL_FIELDS", "FinishedTournamentsChange", "details_of",
           "effect_text", "finished_effects", "player_details_update"]

DETAIL_FIELDS = ("sex", "birth_year", "region", "club")

# The model's fields a details change never touches: left out of its validation, so that a
# row is refused only for what it changes.
_OTHER_FIELDS = ["user", "club", "first_name", "last_name", "registration_number", "email",
                 "phone"]


class FinishedTournamentsChange(ValidationError):
    """Refused, nothing saved: the change moves finished tournaments' category results and the
    caller did not confirm it. ``effects``: player id → what would change."""

    def __init__(self, effects: Mapping[int, list[FinishedEffect]],
                 names: Mapping[int, str]) -> None:
        self.effects = dict(effects)
        super().__init__(
            [_("%(player)s: %(change)s.") % {"player": names.get(pk, ""),
                                              "change": effect_text(effect)}
             for pk, found in self.effects.items() for effect in found],
            code="finished_tournaments")


def details_of(player: Player) -> dict[str, Any]:
    """The audit picture of a player's details (the club by its name, never its number)."""
    return {"sex": player.sex, "birth_year": player.birth_year, "region": player.region,
            "club": player.club.name if player.club_id and player.club else ""}


def finished_effects(
        changes: Mapping[int, tuple[Mapping[str, Any], Mapping[str, Any]]],
) -> dict[int, list[FinishedEffect]]:
    """Player id → the finished tournaments' categories his change would move (one query for
    all players; players whose change moves none are left out). ``changes``: player id →
    (details before, details after); only sex, year of birth and region are looked at."""
    asked = {pk: (before, after) for pk, (before, after) in changes.items()
             if any(before.get(f) != after.get(f) for f in CATEGORY_FIELDS if f in after)}
    if not asked:
        return {}
    return {pk: found for pk, found in probes.finished_effects(asked).items() if found}


def _normalised(changes: Mapping[str, Any]) -> dict[str, Any]:
    unknown = set(changes) - set(DETAIL_FIELDS)
    if unknown:
        raise ValueError(f"not a player detail: {sorted(unknown)}")
    out = dict(changes)
    if "sex" in out:  # a wrong one is refused by the model's choices, by field
        out["sex"] = str(out["sex"] or "")
    if "region" in out:
        out["region"] = (out["region"] or "").strip()
    club = out.get("club")
    if club is not None and not isinstance(club, Club):
        raise TypeError("club: a Club or None (the caller resolves a typed name)")
    return out


@transaction.atomic
def player_details_update(
    *, user: Any, player: Player, changes: Mapping[str, Any], tournament: Any = None,
    confirm_finished: bool = False,
) -> Player:
    """Set the details named in ``changes`` (``sex``, ``birth_year``, ``region``, ``club``: a
    :class:`Club` or None) and leave the others; ``tournament``: the page it was done from,
    for the audit log. Raises :class:`ValidationError` by field for a wrong value and
    :class:`FinishedTournamentsChange` for a change that moves finished tournaments' category
    results without ``confirm_finished``; nothing is written then. ``player`` is updated in
    place and returned; an unchanged player gets no audit entry."""
    wanted = _normalised(changes)
    locked = Player.objects.select_for_update(of=("self",)).select_related("club").get(pk=player.pk)
    before = details_of(locked)
    club_before = locked.club_id
    for name, value in wanted.items():
        setattr(locked, name, value)
    try:
        locked.full_clean(exclude=_OTHER_FIELDS, validate_unique=False,
                          validate_constraints=False)
    except ValidationError as error:
        raise ValidationError(error.message_dict) from error
    after = details_of(locked)
    changed = [name for name in DETAIL_FIELDS
               if (locked.club_id != club_before if name == "club"
                   else before[name] != after[name])]
    if not changed:
        return _copy_into(player, locked)
    effects = finished_effects({locked.pk: (before, after)})
    if effects and not confirm_finished:
        raise FinishedTournamentsChange(effects, {locked.pk: locked.full_name})
    locked.save(update_fields=changed)
    audit_record(
        user=user, action=AuditAction.PLAYER_DETAILS, obj=locked, tournament=tournament,
        summary=locked.full_name,
        before={name: before[name] for name in changed},
        after={name: after[name] for name in changed},
        reason=" ".join(_("Confirmed: %(change)s.") % {"change": effect_text(effect)}
                        for effect in effects.get(locked.pk, [])))
    _stale_pages(locked.registrations.values_list("tournament_id", flat=True)
                 if any(name in CATEGORY_FIELDS for name in changed) else ())
    return _copy_into(player, locked)


def _stale_pages(tournament_ids: Iterable[int]) -> None:
    """The public pages of the player's tournaments show category rankings: made stale."""
    for tournament_id in sorted(set(tournament_ids)):
        pagecache.bump(tournament_id)


def _copy_into(player: Player, saved: Player) -> Player:
    """The caller's instance as saved (it may be shown again right after)."""
    player.sex, player.birth_year, player.region = saved.sex, saved.birth_year, saved.region
    player.club = saved.club
    return player
