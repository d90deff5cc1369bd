"""Writing rankings and memberships: one transaction, validated, one audit entry each, and
the season pages made stale (the page cache's ``SEASONS_SCOPE``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record, snapshot
from marias_admin.core import pagecache
from marias_admin.players.models import Club, Player
from marias_admin.seasons.models import Audience, Competition, Membership, Ranking
from marias_admin.seasons.services import SEASONS_SCOPE

RANKING_FIELDS = ("name", "audience", "seniors_born_by", "scheme", "drop_worst", "best_of",
                  "min_played", "decay_full_days", "decay_half_days", "tie_breaks",
                  "members_only", "club_counted", "ordering")
MEMBERSHIP_FIELDS = ("season", "player", "paid", "club", "licence", "disqualified", "note")


def _check_ranking(ranking: Ranking) -> None:
    ranking.name = ranking.name.strip()
    errors: dict[str, str] = {}
    if not ranking.name:
        errors["name"] = _("The name must not be empty.")
    if ranking.audience == Audience.SENIORS and ranking.seniors_born_by is None:
        errors["seniors_born_by"] = _("A seniors' ranking needs the year of birth.")
    if ranking.best_of is not None and ranking.best_of < 1:
        errors["best_of"] = _("At least one result must count.")
    if (ranking.decay_half_days is not None and
            (ranking.decay_full_days is None or
             ranking.decay_half_days <= ranking.decay_full_days)):
        errors["decay_half_days"] = _("The half weight must come after the full weight.")
    if ranking.audience == Audience.CLUBS and ranking.club_counted < 1:
        errors["club_counted"] = _("At least one member of a club must count.")
    if errors:
        raise ValidationError(errors)
    ranking.full_clean()


def ranking_save(*, user: Any, competition: Competition, ranking: Ranking | None = None,
                 **fields: Any) -> Ranking:
    """Create (``ranking=None``) or update one ranking of a competition; fields not given
    keep their value (or the model's default)."""
    unknown = set(fields) - set(RANKING_FIELDS)
    if unknown:
        raise TypeError(f"unknown ranking fields: {sorted(unknown)}")
    with transaction.atomic():
        if ranking is None:
            current, before = Ranking(competition=competition), None
        else:
            current = Ranking.objects.select_for_update().get(pk=ranking.pk,
                                                               competition=competition)
            before = snapshot(current, RANKING_FIELDS)
        for name, value in fields.items():
            setattr(current, name, value)
        _check_ranking(current)
        current.save()
        audit_record(user=user, action=AuditAction.RANKING_SAVE, obj=current, before=before,
                     after=snapshot(current, RANKING_FIELDS), summary=str(current))
        pagecache.bump(SEASONS_SCOPE)
    return current


def membership_picture(membership: Membership) -> dict[str, Any]:
    return {"season": membership.season, "player": membership.player_id,
            "paid": membership.paid, "club": membership.club_id,
            "licence": membership.licence, "disqualified": membership.disqualified,
            "note": membership.note}


def apply_membership(season: str, player: Player, *, paid: bool, club: Club | None = None,
                     licence: str = "", disqualified: bool = False,
                     note: str = "") -> tuple[Membership, dict[str, Any] | None]:
    """Create or update the player's membership of the season (inside the caller's
    transaction); returns it and its picture before (None: new)."""
    season = season.strip()
    if not season:
        raise ValidationError({"season": _("The season must not be empty.")})
    current = Membership.objects.select_for_update().filter(season=season, player=player).first()
    before = membership_picture(current) if current is not None else None
    current = current or Membership(season=season, player=player)
    current.paid, current.club, current.licence = paid, club, licence.strip()
    current.disqualified, current.note = disqualified, note.strip()
    current.full_clean(validate_unique=False)
    current.save()
    return current, before


def membership_save(*, user: Any, season: str, player: Player, paid: bool,
                    club: Club | None = None, licence: str = "", disqualified: bool = False,
                    note: str = "") -> Membership:
    """One player's membership of a season, with its audit entry."""
    with transaction.atomic():
        membership, before = apply_membership(season, player, paid=paid, club=club,
                                               licence=licence, disqualified=disqualified,
                                               note=note)
        audit_record(user=user, action=AuditAction.MEMBERSHIP_SAVE, obj=membership,
                     before=before, after=membership_picture(membership),
                     summary=str(membership))
        pagecache.bump(SEASONS_SCOPE)
    return membership
