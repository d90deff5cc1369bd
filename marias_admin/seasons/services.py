"""Writing competitions: every change in one transaction with its audit entry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record, snapshot
from marias_admin.core import pagecache
from marias_admin.seasons.models import Competition, CompetitionTournament
from marias_admin.seasons.selectors import member_tournaments
from marias_admin.tournaments.models import Tournament

# The page cache's scope of the seasons' own data: competitions, rankings, memberships.
SEASONS_SCOPE = "seasons"

FIELDS = ("name", "season", "coefficient", "drop_worst", "ordering", "public")


def picture(competition: Competition) -> dict[str, Any]:
    data = snapshot(competition, FIELDS)
    data["coefficient"] = str(data["coefficient"])
    data["tournaments"] = list(competition.memberships.order_by("order", "id")
                               .values_list("tournament_id", flat=True))
    data["coefficients"] = {str(t): str(c) for t, c in competition.memberships.exclude(
        coefficient=None).values_list("tournament_id", "coefficient")}
    return data


def competition_save(*, user: Any, competition: Competition | None = None,
                     name: str | None = None, season: str | None = None,
                     coefficient: Decimal | int | str | None = None,
                     drop_worst: int | None = None, ordering: int | None = None,
                     public: bool | None = None,
                     tournaments: Sequence[Tournament] | None = None,
                     coefficients: Mapping[int, Decimal | None] | None = None) -> Competition:
    """Create (``competition=None``) or update a competition.

    On update, a field left ``None`` keeps its value; ``tournaments`` (in their order) replace
    the members when given.
    """
    with transaction.atomic():
        created = competition is None
        if competition is None:
            current = Competition(name="")
            before = None
        else:
            current = Competition.objects.select_for_update().get(pk=competition.pk)
            before = picture(current)
        name = (current.name if name is None else name).strip()
        season = (current.season if season is None else season).strip()
        coefficient = Decimal(str(current.coefficient if coefficient is None else coefficient))
        drop_worst = current.drop_worst if drop_worst is None else drop_worst
        ordering = current.ordering if ordering is None else ordering
        public = current.public if public is None else public
        if not name:
            raise ValidationError({"name": _("The name must not be empty.")})
        if coefficient <= 0:
            raise ValidationError({"coefficient": _("The coefficient must be greater than zero.")})
        if drop_worst < 0:
            raise ValidationError({"drop_worst": _("Cannot drop a negative number of results.")})
        if tournaments is not None and len({t.pk for t in tournaments}) != len(tournaments):
            raise ValidationError({"tournaments": _("A tournament is listed twice.")})
        competition = current
        competition.name, competition.season = name, season
        competition.coefficient, competition.drop_worst = coefficient, drop_worst
        competition.ordering, competition.public = ordering, public
        competition.full_clean(exclude=["tournaments"])
        competition.save()
        if tournaments is not None:
            sync_members(competition, tournaments, coefficients or {})
        elif coefficients:
            # the members as the pages list them, renumbered in that order
            sync_members(competition, member_tournaments(competition), coefficients)
        action = AuditAction.COMPETITION_CREATE if created else AuditAction.COMPETITION_UPDATE
        audit_record(user=user, action=action,
                     obj=competition, before=before, after=picture(competition),
                     summary=str(competition))
        pagecache.bump(SEASONS_SCOPE)
    return competition


def sync_members(competition: Competition, tournaments: Sequence[Tournament],
                 coefficients: Mapping[int, Decimal | None] | None = None) -> None:
    """Make the members exactly ``tournaments``, numbered in the given order."""
    coefficients = coefficients or {}
    for value in coefficients.values():
        if value is not None and Decimal(str(value)) <= 0:
            raise ValidationError({"coefficient": _(
                "The coefficient must be greater than zero.")})
    wanted = {t.pk: index for index, t in enumerate(tournaments, start=1)}
    competition.memberships.exclude(tournament_id__in=wanted).delete()
    existing = {m.tournament_id: m for m in competition.memberships.all()}
    for pk, order in wanted.items():
        member = existing.get(pk)
        if member is None:
            member = CompetitionTournament.objects.create(
                competition=competition, tournament_id=pk, order=order)
        elif member.order != order:
            member.order = order
            member.save(update_fields=["order"])
        if pk in coefficients:
            value = coefficients[pk]
            member.coefficient = None if value is None else Decimal(str(value))
            member.save(update_fields=["coefficient"])
