"""Writes about tournaments, roles and registrations: one transaction, validated, audited."""

from __future__ import annotations

import json
from collections.abc import Collection
from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record, snapshot
from marias_admin.core.people import by_sex
from marias_admin.players.models import Club, Player
from marias_admin.players.registration_numbers import (
    normalise_registration_number,
    refuse_taken_registration_number,
)
from marias_admin.tournaments import probes
from marias_admin.tournaments.guards import refuse_if_finished
from marias_admin.tournaments.models import (
    PLAYING_STATUSES,
    Registration,
    RegistrationStatus,
    RegistrationSubmission,
    Role,
    Tournament,
    TournamentRole,
    TournamentState,
)
from marias_admin.tournaments.rule_variants import check as check_overrides
from marias_admin.tournaments.selectors import has_results, namesakes, next_unfixed_round
from marias_admin.tournaments.staff_logins import (  # the team page's logins, re-exported
    STAFF_ROLES as STAFF_ROLES,
)
from marias_admin.tournaments.staff_logins import staff_login_create as staff_login_create
from marias_admin.tournaments.standings_rules import default_rules_for
from scoring.presets import get_preset

TOURNAMENT_FIELDS = ("name", "date", "venue", "ruleset_code", "ruleset_overrides", "base_rate",
                     "currency", "rounds_planned", "round_minutes", "table_size",
                     "max_odd_tables", "state", "public_seating", "public_standings",
                     "public_results", "public_players", "public_prizes", "language",
                     "club_separation", "team_separation")
REGISTRATION_FIELDS = ("player", "status", "checked_in_at", "seed_rank", "first_round",
                       "withdrawn_before_round")
CURRENCY_OF = {"CZK": "CZK", "EUR": "EUR"}
# What the stored results were settled under: hands keep their money in the base rate's unit
# (haléř or cent) as the rules gave it, so none of these may change once results exist.
RESULT_FIELDS = ("ruleset_code", "ruleset_overrides", "base_rate", "currency", "table_size")


@transaction.atomic
def tournament_create(
    *, user: Any, name: str, date: date, ruleset_code: str = "csm-licitovany-2023",
    venue: str = "", rounds_planned: int = 4, round_minutes: int = 90, **extra: Any,
) -> Tournament:
    """A tournament with its rounds planned and its creator as organiser."""
    preset = get_preset(ruleset_code)
    tournament = Tournament(
        name=name, date=date, venue=venue, ruleset_code=ruleset_code,
        standings_rules=extra.pop("standings_rules", default_rules_for(ruleset_code)),
        base_rate=extra.pop("base_rate", preset.base),
        currency=extra.pop("currency", preset.currency),
        rounds_planned=rounds_planned, round_minutes=round_minutes,
        table_size=extra.pop("table_size", None) or _default_table_size(
            ruleset_code, extra.get("ruleset_overrides")), **extra,
    )
    tournament.full_clean()
    _refuse_bad_overrides(tournament)
    tournament.save()
    probes.sync_rounds(tournament)  # the seating app plans the rounds
    if getattr(user, "is_authenticated", False):
        TournamentRole.objects.create(tournament=tournament, user=user, role=Role.ORGANISER)
    audit_record(user=user, action=AuditAction.TOURNAMENT_CREATE, obj=tournament,
                 tournament=tournament,
                 after=snapshot(tournament, TOURNAMENT_FIELDS), summary=name)
    return tournament


def _default_table_size(ruleset_code: str, overrides: Any) -> int:
    """The rules' first table size, a variant's if it sets one (pagat's all-four game, L109:
    tables of four); bad overrides are refused later, by :func:`_refuse_bad_overrides`."""
    try:
        return check_overrides(ruleset_code, overrides or {}).table_sizes[0]
    except ValueError:
        return get_preset(ruleset_code).table_sizes[0]


def _refuse_bad_overrides(tournament: Tournament) -> None:
    """The rule overrides must be JSON the preset takes (see ``rule_variants``): a wrong one
    would break every page that settles a hand."""
    try:
        json.dumps(tournament.ruleset_overrides)
        check_overrides(tournament.ruleset_code, tournament.ruleset_overrides or {})
    except (TypeError, ValueError) as error:
        raise ValidationError({"ruleset_overrides": ValidationError(
            _("These rule overrides do not fit the rules “%(rules)s”: %(error)s"),
            params={"rules": tournament.get_ruleset_code_display(), "error": error},
            code="ruleset_overrides")}) from error


def locked_fields(tournament: Tournament) -> tuple[str, ...]:
    """The fields that can no longer change because results were entered under them."""
    return RESULT_FIELDS if tournament.pk and has_results(tournament) else ()


def results_locked_message() -> str:
    return _("Locked because hands have been entered: the results already entered were "
             "settled under it.")


@transaction.atomic
def tournament_update(*, user: Any, tournament: Tournament, **changes: Any) -> Tournament:
    """Change a tournament's settings; a finished tournament, and the rules and money of one
    with results, stay as they are (see :func:`tournament_reopen`)."""
    # Lock the row: a concurrent update (or reopening) waits instead of interleaving.
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    refuse_if_finished(tournament)
    before = snapshot(tournament, TOURNAMENT_FIELDS)
    for field in changes:
        if field not in TOURNAMENT_FIELDS:
            raise ValidationError({field: _("This field cannot be changed here.")})
    changed = [field for field, value in changes.items() if getattr(tournament, field) != value]
    frozen = [field for field in changed if field in RESULT_FIELDS]
    if frozen and has_results(tournament):
        raise ValidationError({field: ValidationError(results_locked_message(),
                                                      code="results_locked")
                               for field in frozen})
    if ("ruleset_code" in changed and tournament.standings_locked_at is None
            and tournament.standings_rules == default_rules_for(tournament.ruleset_code)):
        # Standings rules nobody touched follow the new rules (volený: by money, no PB); once
        # locked, they change only on the standings rules page, which asks first.
        changes["standings_rules"] = default_rules_for(changes["ruleset_code"])
    for field, value in changes.items():
        setattr(tournament, field, value)
    tournament.full_clean()
    _refuse_bad_overrides(tournament)
    tournament.save()
    probes.sync_rounds(tournament)
    audit_record(user=user, action=AuditAction.TOURNAMENT_UPDATE, obj=tournament,
                 tournament=tournament,
                 before=before, after=snapshot(tournament, TOURNAMENT_FIELDS))
    return tournament


@transaction.atomic
def role_grant(*, user: Any, tournament: Tournament, member: Any, role: Role) -> TournamentRole:
    grant, created = TournamentRole.objects.get_or_create(tournament=tournament, user=member,
                                                          role=role)
    if created:
        audit_record(user=user, action=AuditAction.ROLE_GRANT, obj=grant, tournament=tournament,
                     after={"user": member.username, "role": role.value})
    return grant


@transaction.atomic
def player_create(
    *, user: Any, first_name: str, last_name: str, club_name: str = "",
    registration_number: str | None = None, email: str = "", phone: str = "",
    sex: str = "", birth_year: int | None = None, region: str = "",
) -> Player:
    """A player; his registration number is stored in its one canonical spelling and refused
    if another player has it in any spelling."""
    try:
        number = normalise_registration_number(registration_number)
    except ValidationError as error:
        raise ValidationError({"registration_number": error}) from error
    if number:
        refuse_taken_registration_number(number)
    club = club_get_or_create(user=user, name=club_name) if club_name.strip() else None
    player = Player(first_name=first_name.strip(), last_name=last_name.strip(), club=club,
                    registration_number=number or None,
                    email=email.strip(), phone=phone.strip(), sex=sex,
                    birth_year=birth_year, region=region.strip())
    player.full_clean()
    player.save()
    audit_record(user=user, action=AuditAction.PLAYER_CREATE, obj=player, summary=player.full_name,
                 after=snapshot(player, ("first_name", "last_name", "club",
                                         "registration_number", "sex", "birth_year",
                                         "region")))
    return player


def club_get_or_create(*, user: Any, name: str) -> Club:
    name = name.strip()
    club = Club.objects.filter(name__iexact=name).first()
    if club is None:
        club = Club(name=name)
        club.full_clean()
        club.save()
        audit_record(user=user, action=AuditAction.CLUB_CREATE, obj=club, summary=name,
                     after={"name": name})
    return club


@transaction.atomic
def registration_create(
    *, user: Any, tournament: Tournament, player: Player,
    status: RegistrationStatus = RegistrationStatus.REGISTERED, seed_rank: int | None = None,
    first_round: int = 1,
) -> Registration:
    refuse_if_finished(tournament)
    if Registration.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError({"player": by_sex(
            player.sex, female=pgettext("female", "%(player)s is already registered."),
            male=_("%(player)s is already registered."),
            neutral=pgettext("sex unknown", "%(player)s is already registered."),
        ) % {"player": player.full_name}})
    registration = Registration(tournament=tournament, player=player, status=status,
                                seed_rank=seed_rank, first_round=first_round)
    if status in (RegistrationStatus.PRESENT, RegistrationStatus.LATE,
                  RegistrationStatus.SUBSTITUTE):
        registration.checked_in_at = timezone.now()
    registration.full_clean()
    registration.save()
    audit_record(user=user, action=AuditAction.REGISTRATION_CREATE, obj=registration,
                 tournament=tournament, summary=player.full_name,
                 after=snapshot(registration, REGISTRATION_FIELDS))
    return registration


@transaction.atomic
def registration_enter(
    *, user: Any, tournament: Tournament, player: Player, present: bool,
    seed_rank: int | None = None,
) -> Registration:
    """Register a player on the day or before it; once play has started he is a late entry
    from the first round not yet played."""
    refuse_if_finished(tournament)
    first_open = next_unfixed_round(tournament)
    if present:
        status = RegistrationStatus.PRESENT if first_open == 1 else RegistrationStatus.LATE
    else:
        status = RegistrationStatus.REGISTERED
    return registration_create(user=user, tournament=tournament, player=player, status=status,
                               seed_rank=seed_rank, first_round=first_open)


@transaction.atomic
def registration_enter_new_player(
    *, user: Any, tournament: Tournament, first_name: str, last_name: str, club_name: str = "",
    registration_number: str | None = None, present: bool = True,
    seed_rank: int | None = None, submission_key: str = "", namesake_confirmed: bool = False,
    sex: str = "", birth_year: int | None = None, region: str = "",
) -> Registration:
    """A new player and his registration, both or neither.

    ``submission_key`` is the one-time key of the form that sent this: the same key again
    (a double click, a reload) returns the registration made the first time, with
    ``repeated_submission`` set, instead of creating the player twice. With
    ``namesake_confirmed`` false a player of the same name and club refuses the entry until the
    organiser confirms that this is a different person (the form asks).
    """
    if submission_key:
        earlier = _claim_submission(submission_key, tournament)
        if earlier is not None:
            return earlier
    refuse_if_finished(tournament)
    if not namesake_confirmed:
        try:
            number = normalise_registration_number(registration_number)
        except ValidationError as error:
            raise ValidationError({"registration_number": error}) from error
        if namesakes(first_name, last_name, club_name, registration_number=number):
            raise ValidationError({"confirm_namesake": ValidationError(
                _("A player named %(name)s of the same club already exists. Register him from "
                  "the list below, or confirm that this is a different person."),
                params={"name": f"{last_name.strip()} {first_name.strip()}"},
                code="namesake")})
    player = player_create(user=user, first_name=first_name, last_name=last_name,
                           club_name=club_name, registration_number=registration_number,
                           sex=sex, birth_year=birth_year, region=region)
    registration = registration_enter(user=user, tournament=tournament, player=player,
                                      present=present, seed_rank=seed_rank)
    if submission_key:
        RegistrationSubmission.objects.filter(key=submission_key).update(
            registration=registration)
    return registration


def _claim_submission(key: str, tournament: Tournament) -> Registration | None:
    """Claim a form's one-time key; None when claimed now, else the registration the earlier
    submission made. The unique key makes a concurrent second submission wait for the first
    (PostgreSQL) and then find its result; a failed submission gives its key back with the
    rollback, so the corrected form can be sent again."""
    try:
        with transaction.atomic():
            RegistrationSubmission.objects.create(key=key, tournament=tournament)
        return None
    except IntegrityError:
        earlier = (RegistrationSubmission.objects.select_related("registration__player")
                   .filter(key=key).first())
    if earlier is None or earlier.tournament_id != tournament.pk or earlier.registration is None:
        raise ValidationError(_("This form has already been sent. Reload the page and enter "
                                "the player again."), code="submission_used")
    registration = earlier.registration
    registration.repeated_submission = True
    return registration


@transaction.atomic
def registration_check_in(*, user: Any, registration: Registration,
                          late: bool = False) -> Registration:
    refuse_if_finished(registration.tournament)
    if registration.status == RegistrationStatus.WITHDRAWN:
        raise ValidationError(by_sex(
            registration.player.sex, female=pgettext("female", "%(player)s has withdrawn."),
            male=_("%(player)s has withdrawn."),
            neutral=pgettext("sex unknown", "%(player)s has withdrawn."),
        ) % {"player": registration.player.full_name}, code="withdrawn")
    before = snapshot(registration, REGISTRATION_FIELDS)
    _mark_checked_in(registration, late=late)
    audit_record(user=user, action=AuditAction.REGISTRATION_CHECK_IN, obj=registration,
                 tournament=registration.tournament, summary=str(registration.player),
                 before=before, after=snapshot(registration, REGISTRATION_FIELDS))
    return registration


@transaction.atomic
def registration_check_in_undo(*, user: Any, registration: Registration) -> Registration:
    """Take back a check-in made by mistake: the entry is only registered again. Refused once
    the player is seated in a round (the seating counts on him: withdraw him instead)."""
    refuse_if_finished(registration.tournament)
    locked = (Registration.objects.select_for_update(of=("self",))
              .select_related("player", "tournament")
              .get(pk=registration.pk))
    if locked.status not in (RegistrationStatus.PRESENT, RegistrationStatus.LATE):
        raise ValidationError(_("%(player)s is not checked in.")
                              % {"player": locked.player.full_name}, code="not_checked_in")
    if locked.seats.exists():  # asked through the reverse relation: no seating import
        raise ValidationError(by_sex(
            locked.player.sex,
            female=pgettext("female", "%(player)s is already seated in a round; withdraw her "
                            "instead."),
            male=_("%(player)s is already seated in a round; withdraw him instead."),
            neutral=pgettext("sex unknown", "%(player)s is already seated in a round; record "
                             "the withdrawal instead."),
        ) % {"player": locked.player.full_name}, code="seated")
    before = snapshot(locked, REGISTRATION_FIELDS)
    locked.status = RegistrationStatus.REGISTERED
    locked.checked_in_at = None
    locked.save()
    audit_record(user=user, action=AuditAction.REGISTRATION_CHECK_IN_UNDO, obj=locked,
                 tournament=locked.tournament, summary=str(locked.player),
                 before=before, after=snapshot(locked, REGISTRATION_FIELDS))
    registration.status, registration.checked_in_at = locked.status, locked.checked_in_at
    return locked


@transaction.atomic
def registration_join_round(*, user: Any, registration: Registration,
                            round_number: int) -> Registration:
    """A late entry plays from round ``round_number``, earlier than his entry counted from.

    Checked in after a round was released, an entry counts from the next round
    (``_mark_checked_in``); when the director seats him in the round in play after all
    (seating's late entry), his entry must count from that round, or his results there would
    belong to nobody. Only earlier, never into a round before the one in play; audited."""
    refuse_if_finished(registration.tournament)
    locked = (Registration.objects.select_for_update(of=("self",))
              .select_related("player", "tournament").get(pk=registration.pk))
    name = locked.player.full_name
    if locked.status not in PLAYING_STATUSES:
        raise ValidationError(
            _("%(player)s is not playing in round %(number)s (not checked in or withdrawn).")
            % {"player": name, "number": round_number}, code="not_playing")
    if round_number >= locked.first_round:
        raise ValidationError(_("%(player)s already plays from round %(first)s.")
                              % {"player": name, "first": locked.first_round},
                              code="already_playing")
    if round_number < max(1, next_unfixed_round(locked.tournament) - 1):
        raise ValidationError(
            _("%(player)s cannot start in round %(number)s: it has already been played.")
            % {"player": name, "number": round_number}, code="round_played")
    before = snapshot(locked, REGISTRATION_FIELDS)
    locked.first_round = round_number
    locked.save(update_fields=["first_round"])
    audit_record(user=user, action=AuditAction.REGISTRATION_FIRST_ROUND, obj=locked,
                 tournament=locked.tournament, summary=str(locked.player),
                 before=before, after=snapshot(locked, REGISTRATION_FIELDS))
    registration.first_round = locked.first_round
    return locked


def _mark_checked_in(registration: Registration, *, late: bool = False) -> None:
    registration.status = RegistrationStatus.LATE if late else RegistrationStatus.PRESENT
    registration.checked_in_at = timezone.now()
    if late:
        registration.first_round = next_unfixed_round(registration.tournament)
    registration.save()


@transaction.atomic
def registration_withdraw(*, user: Any, registration: Registration, before_round: int | None = None,
                          reason: str = "") -> Registration:
    """Withdraw from ``before_round`` on (default: the first round not yet played).

    Rounds already played keep the player; the caller re-plans the rounds that follow
    (:func:`marias_admin.seating.services.rounds_replan`).
    """
    refuse_if_finished(registration.tournament)
    first_open = next_unfixed_round(registration.tournament)
    before_round = before_round or first_open
    if before_round < first_open:
        raise ValidationError({"before_round": _(
            "Round %(number)s has already been played; withdraw from round %(first)s on."
        ) % {"number": before_round, "first": first_open}})
    before = snapshot(registration, REGISTRATION_FIELDS)
    registration.status = RegistrationStatus.WITHDRAWN
    registration.withdrawn_before_round = before_round
    registration.save()
    audit_record(user=user, action=AuditAction.REGISTRATION_WITHDRAW, obj=registration,
                 tournament=registration.tournament, summary=str(registration.player),
                 before=before, after=snapshot(registration, REGISTRATION_FIELDS), reason=reason)
    return registration


@transaction.atomic
def tournament_set_state(*, user: Any, tournament: Tournament,
                         state: TournamentState) -> Tournament:
    return tournament_update(user=user, tournament=tournament, state=state)


@transaction.atomic
def role_revoke(*, user: Any, tournament: Tournament, member: Any, role: Role) -> None:
    """Take a role away; the last organiser of a tournament cannot be removed."""
    grant = (TournamentRole.objects.select_for_update()
             .filter(tournament=tournament, user=member, role=role).first())
    if grant is None:
        raise ValidationError(_("%(user)s does not have this role.")
                              % {"user": member.get_username()}, code="role_missing")
    if role == Role.ORGANISER and not TournamentRole.objects.filter(
            tournament=tournament, role=Role.ORGANISER).exclude(pk=grant.pk).exists():
        raise ValidationError(_("A tournament needs at least one organiser; grant the role to "
                                "someone else first."), code="last_organiser")
    audit_record(user=user, action=AuditAction.ROLE_REVOKE, obj=grant, tournament=tournament,
                 before={"user": member.get_username(), "role": Role(role).value})
    grant.delete()


# The tournament's life: each state has one way forward.
TOURNAMENT_NEXT_STATE: dict[TournamentState, TournamentState | None] = {
    TournamentState.DRAFT: TournamentState.REGISTRATION,
    TournamentState.REGISTRATION: TournamentState.RUNNING,
    TournamentState.RUNNING: TournamentState.FINISHED,
    TournamentState.FINISHED: None,
}


def tournament_next_state(tournament: Tournament) -> TournamentState | None:
    return TOURNAMENT_NEXT_STATE[TournamentState(tournament.state)]


@transaction.atomic
def tournament_advance(*, user: Any, tournament: Tournament, state: TournamentState,
                       confirmed_open: bool = False, seen: str | None = None) -> Tournament:
    """Move the tournament one step on (draft → registration → running → finished).

    Finishing makes every result final, so it is refused while rounds are not closed or
    sheets not confirmed unless the organiser confirmed finishing over them
    (``confirmed_open``); ``seen`` is the :meth:`~.probes.OpenWork.token` of the list he was
    shown, and a list changed since is asked again."""
    if state != tournament_next_state(tournament):
        raise ValidationError(
            _("A tournament cannot go from “%(old)s” to “%(new)s”.")
            % {"old": TournamentState(tournament.state).label,
               "new": TournamentState(state).label}, code="tournament_state")
    if state == TournamentState.FINISHED:
        return _finish(user, tournament, confirmed_open=confirmed_open, seen=seen)
    return tournament_set_state(user=user, tournament=tournament, state=state)


def open_work_text(work: probes.OpenWork) -> str:
    """The rounds and sheets still open, in one line (the refusal and the audit entry)."""
    parts = []
    if work.rounds:
        parts.append(_("rounds not closed: %(rounds)s") % {"rounds": ", ".join(
            f"{r.number} ({r.state_label})" for r in work.rounds)})
    if work.sheets:
        parts.append(_("sheets not confirmed: %(sheets)s") % {"sheets": ", ".join(
            _("round %(round)s table %(table)s (%(state)s)")
            % {"round": s.round, "table": s.table, "state": s.state_label}
            for s in work.sheets)})
    return "; ".join(parts)


def _finish(user: Any, tournament: Tournament, *, confirmed_open: bool,
            seen: str | None) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.state != TournamentState.RUNNING:
        raise ValidationError(
            _("A tournament cannot go from “%(old)s” to “%(new)s”.")
            % {"old": TournamentState(locked.state).label,
               "new": TournamentState.FINISHED.label}, code="tournament_state")
    work = probes.open_work(locked)
    if seen is not None and seen != work.token():
        raise ValidationError(_("Rounds or sheets changed since the list was shown: check "
                                "them again before finishing."), code="open_work_changed")
    if work and not confirmed_open:
        raise ValidationError(_("Finishing makes these results final, so it must be confirmed: "
                                "%(open)s.") % {"open": open_work_text(work)},
                              code="open_work")
    before = snapshot(locked, TOURNAMENT_FIELDS)
    locked.state = TournamentState.FINISHED
    locked.save(update_fields=["state"])
    tournament.state = locked.state
    summary = (_("Finished over %(open)s") % {"open": open_work_text(work)} if work
               else _("Finished"))
    audit_record(user=user, action=AuditAction.TOURNAMENT_UPDATE, obj=locked,
                 tournament=locked, before=before, after=snapshot(locked, TOURNAMENT_FIELDS),
                 summary=summary)
    return tournament


@transaction.atomic
def registrations_check_in_all(*, user: Any, tournament: Tournament,
                               only: Collection[int] | None = None) -> list[Registration]:
    """Check in every entry still only registered: one audit entry for the whole step, which
    names everyone it checked in. With ``only`` (the entries the organiser's page listed as
    not checked in), just those of them still waiting: an entry added or checked in by
    someone else since the page was shown is never counted or checked in unseen."""
    refuse_if_finished(tournament)
    queryset = Registration.objects.select_for_update().filter(
        tournament=tournament, status=RegistrationStatus.REGISTERED)
    if only is not None:
        queryset = queryset.filter(pk__in=list(only))
    waiting = list(queryset.select_related("player", "tournament").order_by("pk"))
    for registration in waiting:
        _mark_checked_in(registration)
    if waiting:
        audit_record(user=user, action=AuditAction.REGISTRATION_CHECK_IN_ALL, obj=tournament,
                     tournament=tournament,
                     summary=", ".join(r.player.full_name for r in waiting),
                     after={"count": len(waiting),
                            "registrations": [r.pk for r in waiting],
                            "status": RegistrationStatus.PRESENT.value})
    return waiting


@transaction.atomic
def tournament_reopen(*, user: Any, tournament: Tournament, reason: str) -> Tournament:
    """Take a finished tournament back to running, the one change a finished tournament
    allows: its results were published as final, so the step needs a reason and is logged on
    its own ("tournament.reopen") for anyone who later wonders why they moved."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": ValidationError(
            _("Say why the tournament is reopened."), code="required")})
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.state != TournamentState.FINISHED:
        raise ValidationError(_("Only a finished tournament can be reopened."),
                              code="tournament_state")
    before = snapshot(locked, TOURNAMENT_FIELDS)
    locked.state = TournamentState.RUNNING
    locked.save(update_fields=["state"])
    tournament.state = locked.state
    audit_record(user=user, action=AuditAction.TOURNAMENT_REOPEN, obj=locked, tournament=locked,
                 before=before, after=snapshot(locked, TOURNAMENT_FIELDS), reason=reason,
                 summary=locked.name)
    return locked


@transaction.atomic
def tournament_follow_round_release(*, user: Any, tournament: Tournament,
                                    round_number: int) -> Tournament:
    """Releasing a round means play has begun: a tournament still in draft or registration
    becomes running (logged as its own step, naming the round). A finished tournament is never
    touched; finishing stays the organiser's explicit step, because it makes the tournament
    read-only."""
    return _start_running(user, tournament, _("Round %(number)s released: the tournament is "
                                              "running") % {"number": round_number})


@transaction.atomic
def tournament_follow_play(*, user: Any, tournament: Tournament, round_number: int) -> Tournament:
    """A result entered means round ``round_number`` is being played, released or not: a
    tournament still in draft or registration becomes running, as on a round's release."""
    if tournament.state not in (TournamentState.DRAFT, TournamentState.REGISTRATION):
        return tournament
    return _start_running(user, tournament, _("Round %(number)s is being played: the "
                                              "tournament is running") % {"number": round_number})


def _start_running(user: Any, tournament: Tournament, summary: str) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.state not in (TournamentState.DRAFT, TournamentState.REGISTRATION):
        return locked
    before = snapshot(locked, TOURNAMENT_FIELDS)
    locked.state = TournamentState.RUNNING
    locked.save(update_fields=["state"])
    tournament.state = locked.state
    audit_record(user=user, action=AuditAction.TOURNAMENT_START, obj=locked, tournament=locked,
                 before=before, after=snapshot(locked, TOURNAMENT_FIELDS), summary=summary)
    return locked
