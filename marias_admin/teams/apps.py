from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def _invalidate(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A team, member or team setting changed: the tournament's public team standings are
    stale (the page cache keys them on the results generation too)."""
    if kwargs.get("raw"):
        return
    from marias_admin.core import pagecache

    tournament_id = getattr(instance, "tournament_id", None)
    if tournament_id is None and getattr(instance, "team_id", None) is not None:
        from marias_admin.teams.models import Team

        tournament_id = Team.objects.filter(pk=instance.team_id).values_list(
            "tournament_id", flat=True).first()
    pagecache.bump(tournament_id)


def _team_groups(tournament: Any) -> dict[int, int]:
    """Registration id → team id: what the seating keeps apart (``seating.probes.team_groups``)."""
    from marias_admin.teams.models import TeamMember

    return dict(TeamMember.objects.filter(team__tournament=tournament)
                .values_list("registration_id", "team_id"))


class TeamsConfig(AppConfig):
    name = "marias_admin.teams"
    label = "teams"
    verbose_name = _("Teams")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from marias_admin.seating import probes as seating_probes
        from marias_admin.teams.models import Team, TeamMember, TeamSettings

        # Answer what the seating below asks of the teams (marias_admin.core.probes).
        seating_probes.team_groups.provide(_team_groups)

        for model in (Team, TeamMember, TeamSettings):
            for signal in (post_save, post_delete):
                signal.connect(_invalidate, sender=model,
                               dispatch_uid=f"teams.cache.{model.__name__}.{signal is post_save}")
