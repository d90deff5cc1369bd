"""Teams of a tournament: club teams (the SZMK extraliga) and free teams (a championship's
teams of four), their members with their roles, and the tournament's team settings.

A team's captain is the member whose role is "captain" (at most one per team, by a database
constraint); a registration belongs to at most one team (a registration is one tournament's,
so this is "one team per tournament"). Writes go through :mod:`.services`.
"""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from marias_admin.core.ordering import czech_order


class TeamRulesPreset(models.TextChoices):
    """Which rules of :mod:`scoring.teams` rank the teams (none: no team standings)."""

    NONE = "none", _("no team competition")
    SZMK_EXTRALIGA = "szmk_extraliga", _("SZMK extraliga (4 nominated + 2 best substitutes)")
    CHAMPIONSHIP_FOUR = "championship_four", _("championship teams of four (first four rounds)")


class TeamKind(models.TextChoices):
    CLUB = "club", _("club team")
    FREE = "free", _("free team")


class MemberRole(models.TextChoices):
    CAPTAIN = "captain", _("captain")
    MEMBER = "member", _("member")
    NOMINATED = "nominated", _("nominated")
    SUBSTITUTE = "substitute", _("substitute")


class TeamSettings(models.Model):
    """The team competition of one tournament: its rules and the deadline for changes."""

    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.CASCADE,
                                      related_name="team_settings")
    rules = models.CharField(_("team rules"), max_length=24, choices=TeamRulesPreset.choices,
                             default=TeamRulesPreset.NONE)
    deadline = models.DateTimeField(
        _("deadline for teams and nominations"), null=True, blank=True,
        help_text=_("After it teams and nominations change only with a reason, which is "
                    "recorded in the log. Empty: no deadline."),
    )

    class Meta:
        verbose_name = _("team settings")
        verbose_name_plural = _("team settings")

    def __str__(self) -> str:
        return str(self.get_rules_display())


class Team(models.Model):
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="teams")
    name = models.CharField(_("team name"), max_length=120)
    kind = models.CharField(_("kind"), max_length=8, choices=TeamKind.choices,
                            default=TeamKind.FREE)
    club = models.ForeignKey("players.Club", verbose_name=_("club"), null=True, blank=True,
                             on_delete=models.PROTECT, related_name="teams")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = (*czech_order("name"), "id")
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint("tournament", Lower("name"), name="team_name_unique_ci"),
            models.CheckConstraint(condition=~models.Q(name=""), name="team_name_not_empty"),
            models.CheckConstraint(
                condition=~models.Q(kind="club") | models.Q(club__isnull=False),
                name="team_club_team_has_club"),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    registration = models.ForeignKey("tournaments.Registration", on_delete=models.PROTECT,
                                     related_name="team_memberships")
    role = models.CharField(_("role"), max_length=12, choices=MemberRole.choices,
                            default=MemberRole.MEMBER)

    class Meta:
        ordering = ("team_id", "id")
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        constraints = [
            # A registration is one tournament's: one team per tournament.
            models.UniqueConstraint(fields=("registration",), name="team_member_once"),
            models.UniqueConstraint(fields=("team",), condition=models.Q(role="captain"),
                                    name="team_one_captain"),
        ]

    def __str__(self) -> str:
        return f"{self.registration} ({self.get_role_display()})"
