"""Carrying the members of one season over into the next (issue 26).

A federation's members mostly stay from one season to the next, and only the dues have to be
paid again: the staff copy the list instead of importing it anew, then import the payments
(or tick them in the admin). What carries over is the membership itself — the player, his club
and licence; the dues start unpaid, and a disqualification (a ruling about one season) and the
note stay behind. A player already a member of the new season is left as he is: the copy never
overwrites what was entered there, so running it twice adds nothing the second time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.core import pagecache
from marias_admin.seasons.models import Membership
from marias_admin.seasons.services import SEASONS_SCOPE


@dataclass(frozen=True)
class CopyResult:
    source: str
    target: str
    copied: int  # new memberships of the target season
    kept: int  # players already members of the target season, left as they were


def member_seasons() -> list[str]:
    """The seasons that have members, newest first (the choices to copy from)."""
    return sorted(set(Membership.objects.values_list("season", flat=True)), reverse=True)


def membership_copy(*, user: Any, source: str, target: str) -> CopyResult:
    """Copy every member of season ``source`` into season ``target`` with the dues unpaid;
    one audit entry. Refuses an empty or identical season and a season without members."""
    source, target = source.strip(), target.strip()
    if not target:
        raise ValidationError({"target": _("The season must not be empty.")})
    if source == target:
        raise ValidationError({"target": _("Choose a different season to copy the members "
                                           "into.")})
    with transaction.atomic():
        members = list(Membership.objects.filter(season=source).order_by("player_id"))
        if not members:
            raise ValidationError({"source": _("The season %(season)s has no members.")
                                   % {"season": source}})
        present = set(Membership.objects.select_for_update().filter(
            season=target, player__in=[m.player_id for m in members])
            .values_list("player_id", flat=True))
        new = [Membership(season=target, player_id=m.player_id, club_id=m.club_id,
                          licence=m.licence, paid=False)
               for m in members if m.player_id not in present]
        for membership in new:
            membership.full_clean(validate_unique=False)
        written = Membership.objects.bulk_create(new)
        result = CopyResult(source, target, len(written), len(present))
        if written:  # copying again adds nothing: nothing to record
            audit_record(user=user, action=AuditAction.MEMBERSHIP_COPY, obj=written[0],
                         summary=f"{source} → {target}: {len(written)}",
                         after={"source": source, "target": target, "kept": len(present),
                                "players": [m.player_id for m in written]})
            pagecache.bump(SEASONS_SCOPE)
    return result
