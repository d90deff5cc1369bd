"""Writes about teams: each in one transaction, validated, audited.

Every write is refused in a finished tournament, and after the team deadline unless the
organiser gives a reason (then it is written and the reason is in the log). A team is
deleted only while the tournament has no results.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record, snapshot
from marias_admin.core import formatting, pagecache
from marias_admin.players.models import Club
from marias_admin.teams.models import (
    MemberRole,
    Team,
    TeamKind,
    TeamMember,
    TeamRulesPreset,
    TeamSettings,
)
from marias_admin.tournaments.guards import refuse_if_finished
from marias_admin.tournaments.models import Registration, Tournament
from marias_admin.tournaments.selectors import has_results


class TeamAction:
    """The audit actions of this app, by their short names here (``audit.actions``)."""

    SETTINGS_UPDATE = AuditAction.TEAM_SETTINGS
    CREATE = AuditAction.TEAM_CREATE
    UPDATE = AuditAction.TEAM_UPDATE
    DELETE = AuditAction.TEAM_DELETE
    MEMBER_ADD = AuditAction.TEAM_MEMBER_ADD
    MEMBER_REMOVE = AuditAction.TEAM_MEMBER_REMOVE
    MEMBER_ROLE = AuditAction.TEAM_MEMBER_ROLE
    IMPORT = AuditAction.TEAMS_IMPORT


TEAM_FIELDS = ("name", "kind", "club")
MAX_REASON = 500

# The roles each team competition knows, and how many members of a role (or of the whole
# team) a team may have. SZMK extraliga: four nominated players and substitutes (a captain is
# one of the players, nominated or not: his role here is the captain's, counted as nominated
# by the scoring); championship: a captain and three members.
ROLES_OF = {
    TeamRulesPreset.NONE: tuple(MemberRole),
    TeamRulesPreset.SZMK_EXTRALIGA: (MemberRole.CAPTAIN, MemberRole.NOMINATED,
                                     MemberRole.SUBSTITUTE),
    TeamRulesPreset.CHAMPIONSHIP_FOUR: (MemberRole.CAPTAIN, MemberRole.MEMBER),
}
TEAM_SIZE = {TeamRulesPreset.CHAMPIONSHIP_FOUR: 4}
NOMINATED_AT_MOST = {TeamRulesPreset.SZMK_EXTRALIGA: 4}
MAX_TEAM_SIZE = 30


# -- reads the writes need ---------------------------------------------------------------------


def settings_of(tournament: Tournament) -> TeamSettings:
    """The tournament's team settings (unsaved defaults when none were stored)."""
    found = TeamSettings.objects.filter(tournament=tournament).first()
    return found or TeamSettings(tournament=tournament)


def deadline_passed(tournament: Tournament, now: datetime | None = None) -> bool:
    deadline = settings_of(tournament).deadline
    return deadline is not None and (now or timezone.now()) > deadline


def _lock(tournament: Tournament) -> None:
    """Serialise team writes of one tournament (a no-op on SQLite, which locks anyway)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()


def _check_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if len(reason) > MAX_REASON:
        raise ValidationError({"reason": _("The reason is too long (at most %(max)d "
                                           "characters).") % {"max": MAX_REASON}})
    return reason


def refuse_after_deadline(tournament: Tournament, reason: str) -> str:
    """The common guard: finished tournaments are read-only; after the team deadline a write
    needs a reason. Returns the cleaned reason."""
    _lock(tournament)
    refuse_if_finished(tournament)
    reason = _check_reason(reason)
    settings = settings_of(tournament)
    if settings.deadline is not None and timezone.now() > settings.deadline and not reason:
        raise ValidationError(
            _("The deadline for teams and nominations passed on %(deadline)s. A change now "
              "needs a reason, which is recorded in the tournament log.")
            % {"deadline": formatting.moment(settings.deadline)},
            code="team_deadline")
    return reason


def _bump(tournament: Tournament) -> None:
    pagecache.bump(tournament.pk)  # the public team standings show teams and members


# -- settings -------------------------------------------------------------------------------------


@transaction.atomic
def team_settings_update(*, user: Any, tournament: Tournament, rules: str,
                         deadline: datetime | None, reason: str = "") -> TeamSettings:
    """Choose the team rules and the deadline. Moving the deadline is always allowed (it is
    how an organiser gives the teams more time); the change is logged."""
    _lock(tournament)
    refuse_if_finished(tournament)
    reason = _check_reason(reason)
    if rules not in TeamRulesPreset.values:
        raise ValidationError({"rules": _("Choose one of the team rules offered.")})
    settings = settings_of(tournament)
    before = snapshot(settings, ("rules", "deadline"))
    settings.rules, settings.deadline = rules, deadline
    if rules != before["rules"]:
        _refuse_roles_unfit(tournament, TeamRulesPreset(rules))
    settings.full_clean()
    settings.save()
    after = snapshot(settings, ("rules", "deadline"))
    if after != before:
        audit_record(user=user, action=TeamAction.SETTINGS_UPDATE, obj=settings,
                     tournament=tournament, before=before, after=after, reason=reason,
                     summary=str(settings.get_rules_display()))
        _bump(tournament)
    return settings


def _refuse_roles_unfit(tournament: Tournament, rules: TeamRulesPreset) -> None:
    allowed = set(ROLES_OF[rules])
    unfit = (TeamMember.objects.filter(team__tournament=tournament)
             .exclude(role__in=allowed).select_related("registration__player", "team"))
    first = unfit.first()
    if first is not None:
        raise ValidationError({"rules": _(
            "%(player)s (%(team)s) has the role “%(role)s”, which these team rules do not "
            "know. Change the roles first.") % {
                "player": first.registration.player.full_name, "team": first.team.name,
                "role": first.get_role_display()}})


# -- teams --------------------------------------------------------------------------------------


def _clean_team(team: Team) -> None:
    team.name = " ".join((team.name or "").split())
    if team.kind not in TeamKind.values:
        raise ValidationError({"kind": _("Choose a club team or a free team.")})
    if team.kind == TeamKind.CLUB and team.club_id is None:
        raise ValidationError({"club": _("A club team needs its club.")})
    clash = Team.objects.filter(tournament_id=team.tournament_id,
                                name__iexact=team.name).exclude(pk=team.pk)
    if team.name and clash.exists():
        raise ValidationError({"name": _("The tournament has a team named “%(name)s” "
                                         "already.") % {"name": team.name}})
    team.full_clean(exclude=["tournament"], validate_constraints=False)


def _save(obj: models.Model) -> None:
    try:
        with transaction.atomic():
            obj.save()
    except IntegrityError as error:  # a concurrent write got there first
        raise ValidationError(_("Someone changed the teams meanwhile; reload the page and try "
                                "again.")) from error


@transaction.atomic
def team_create(*, user: Any, tournament: Tournament, name: str,
                kind: str = TeamKind.FREE, club: Club | None = None, reason: str = "") -> Team:
    reason = refuse_after_deadline(tournament, reason)
    team = Team(tournament=tournament, name=name, kind=kind, club=club)
    _clean_team(team)
    _save(team)
    audit_record(user=user, action=TeamAction.CREATE, obj=team, tournament=tournament,
                 after=snapshot(team, TEAM_FIELDS), reason=reason, summary=team.name)
    _bump(tournament)
    return team


@transaction.atomic
def team_update(*, user: Any, team: Team, reason: str = "", **changes: Any) -> Team:
    """Change a team's name, kind or club."""
    tournament = team.tournament
    reason = refuse_after_deadline(tournament, reason)
    team = Team.objects.get(pk=team.pk)
    for name in changes:
        if name not in TEAM_FIELDS:
            raise ValidationError({name: _("This field cannot be changed here.")})
    before = snapshot(team, TEAM_FIELDS)
    for name, value in changes.items():
        setattr(team, name, value)
    _clean_team(team)
    after = snapshot(team, TEAM_FIELDS)
    if after != before:
        _save(team)
        audit_record(user=user, action=TeamAction.UPDATE, obj=team, tournament=tournament,
                     before=before, after=after, reason=reason, summary=team.name)
        _bump(tournament)
    return team


@transaction.atomic
def team_delete(*, user: Any, team: Team, reason: str = "") -> None:
    """Delete a team with its members; refused once the tournament has results (the team
    standings were published from them)."""
    tournament = team.tournament
    reason = refuse_after_deadline(tournament, reason)
    if has_results(tournament):
        raise ValidationError(
            _("The tournament has results already: the team “%(team)s” stays in the team "
              "standings. Change its members instead.") % {"team": team.name},
            code="team_has_results")
    members = [snapshot(m, ("registration", "role")) for m in team.members.all()]
    before = {**snapshot(team, TEAM_FIELDS), "members": members}
    audit_record(user=user, action=TeamAction.DELETE, obj=team, tournament=tournament,
                 before=before, reason=reason, summary=team.name)
    team.delete()
    _bump(tournament)


# -- members ------------------------------------------------------------------------------------


def _check_role(team: Team, role: str, member: TeamMember | None = None) -> MemberRole:
    """The role, if the team's competition knows it and the team has room for it."""
    if role not in MemberRole.values:
        raise ValidationError({"role": _("Choose one of the roles offered.")})
    role = MemberRole(role)
    rules = TeamRulesPreset(settings_of(team.tournament).rules)
    if role not in ROLES_OF[rules]:
        raise ValidationError({"role": _("The team rules “%(rules)s” have no role "
                                         "“%(role)s”.") % {
            "rules": rules.label, "role": role.label}})
    others = TeamMember.objects.filter(team=team)
    if member is not None:
        others = others.exclude(pk=member.pk)
    if role == MemberRole.CAPTAIN:
        captain = others.filter(role=MemberRole.CAPTAIN).select_related(
            "registration__player").first()
        if captain is not None:
            raise ValidationError({"role": _(
                "%(team)s has a captain already: %(player)s. Give him another role first.")
                % {"team": team.name, "player": captain.registration.player.full_name}},
                code="team_captain_taken")
    if member is None:
        size = TEAM_SIZE.get(rules, MAX_TEAM_SIZE)
        if others.count() >= size:
            raise ValidationError({"registration": _(
                "%(team)s is full: a team has at most %(count)d members.")
                % {"team": team.name, "count": size}}, code="team_full")
    most = NOMINATED_AT_MOST.get(rules)
    if most is not None and role in (MemberRole.NOMINATED, MemberRole.CAPTAIN):
        counted = others.filter(role__in=(MemberRole.NOMINATED, MemberRole.CAPTAIN)).count()
        if counted >= most:
            raise ValidationError({"role": _(
                "%(team)s has %(count)d nominated players already (the captain counts among "
                "them); make this player a substitute.") % {"team": team.name,
                                                           "count": most}},
                code="team_nominated_full")
    return role


@transaction.atomic
def member_add(*, user: Any, team: Team, registration: Registration,
               role: str = MemberRole.MEMBER, reason: str = "") -> TeamMember:
    tournament = team.tournament
    reason = refuse_after_deadline(tournament, reason)
    if registration.tournament_id != tournament.pk:
        raise ValidationError({"registration": _("This player is not registered in the "
                                                 "tournament.")})
    taken = (TeamMember.objects.filter(registration=registration).select_related("team")
             .first())
    if taken is not None:
        raise ValidationError({"registration": _(
            "%(player)s plays for the team “%(team)s” already.") % {
                "player": registration.player.full_name, "team": taken.team.name}},
            code="team_member_taken")
    role = _check_role(team, role)
    member = TeamMember(team=team, registration=registration, role=role)
    _save(member)
    audit_record(user=user, action=TeamAction.MEMBER_ADD, obj=member, tournament=tournament,
                 after={"team": team.pk, "registration": registration.pk, "role": role.value},
                 reason=reason,
                 summary=f"{team.name}: {registration.player.full_name} ({role.label})")
    _bump(tournament)
    return member


@transaction.atomic
def member_set_role(*, user: Any, member: TeamMember, role: str,
                    reason: str = "") -> TeamMember:
    team = member.team
    tournament = team.tournament
    reason = refuse_after_deadline(tournament, reason)
    member = TeamMember.objects.select_related("registration__player").get(pk=member.pk)
    if member.role == role:
        return member
    before = member.role
    member.role = _check_role(team, role, member)
    _save(member)
    audit_record(user=user, action=TeamAction.MEMBER_ROLE, obj=member, tournament=tournament,
                 before={"role": before}, after={"role": member.role}, reason=reason,
                 summary=f"{team.name}: {member.registration.player.full_name} "
                         f"({member.get_role_display()})")
    _bump(tournament)
    return member


@transaction.atomic
def member_remove(*, user: Any, member: TeamMember, reason: str = "") -> None:
    team = member.team
    tournament = team.tournament
    reason = refuse_after_deadline(tournament, reason)
    member = TeamMember.objects.select_related("registration__player").get(pk=member.pk)
    audit_record(user=user, action=TeamAction.MEMBER_REMOVE, obj=member, tournament=tournament,
                 before={"team": team.pk, "registration": member.registration_id,
                         "role": member.role}, reason=reason,
                 summary=f"{team.name}: {member.registration.player.full_name}")
    member.delete()
    _bump(tournament)
