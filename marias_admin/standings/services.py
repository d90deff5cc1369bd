"""Writes about standings: the rules of a tournament (validated, locked at the start, audited)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record
from marias_admin.tournaments.models import Tournament, TournamentState
from marias_admin.tournaments.standings_rules import normalise

LOCKING_STATES = (TournamentState.RUNNING, TournamentState.FINISHED)


def rules_locked(tournament: Tournament) -> bool:
    """The chain and keys lock when the tournament starts."""
    return tournament.standings_locked_at is not None or tournament.state in LOCKING_STATES


def lock_rules_on_start(sender: Any, instance: Tournament, **kwargs: Any) -> None:
    """pre_save of Tournament: the first save in "running" (or later) stamps the lock."""
    if instance.state in LOCKING_STATES and instance.standings_locked_at is None:
        instance.standings_locked_at = timezone.now()
        partial = kwargs.get("update_fields")
        if instance.pk and partial is not None and "standings_locked_at" not in partial:
            # A partial save would drop the stamp; write it on its own.
            Tournament.objects.filter(pk=instance.pk, standings_locked_at__isnull=True) \
                .update(standings_locked_at=instance.standings_locked_at)


@transaction.atomic
def standings_rules_update(
    user: Any, tournament: Tournament, rules_dict: Mapping[str, Any], confirm: bool = False,
    *, reason: str = "",
) -> Tournament:
    """Validate and store the standings rules.

    Once the tournament is running the rules are locked: a change is refused with the code
    ``standings_locked`` unless ``confirm`` is true (the page asks first). Every change is
    audited with the rules before and after; an unchanged submission writes nothing.
    """
    rules = normalise(rules_dict)
    locked = (Tournament.objects.select_for_update()
              .only("id", "state", "rounds_planned", "standings_rules", "standings_locked_at")
              .get(pk=tournament.pk))
    dropping = rules["drop_best"] + rules["drop_worst"]
    if dropping and dropping >= locked.rounds_planned:
        raise ValidationError(
            {"drop_worst": _("With %(rounds)s rounds planned at most %(max)s rounds can be "
                             "dropped.") % {"rounds": locked.rounds_planned,
                                            "max": max(locked.rounds_planned - 1, 0)}},
            code="standings_drop")
    before = normalise(locked.standings_rules or {})
    if rules == before:
        tournament.standings_rules = before
        return tournament
    is_locked = rules_locked(locked)
    if is_locked and not confirm:
        raise ValidationError(
            _("The standings rules are locked since the tournament started. Changing them "
              "changes the standings; confirm the change first."), code="standings_locked")
    Tournament.objects.filter(pk=locked.pk).update(standings_rules=rules)
    tournament.standings_rules = rules
    audit_record(
        user=user, action=AuditAction.STANDINGS_RULES_UPDATE, obj=tournament, tournament=tournament,
        before=before, after=rules, reason=reason,
        summary=(_("Standings rules changed after the start") if is_locked
                 else _("Standings rules changed")),
    )
    return tournament
