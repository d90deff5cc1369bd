"""Organiser pages of a tournament: list, create, dashboard, edit, registrations, roles.

Every page but the list is for the tournament's organisers (see :mod:`.permissions`); every
write goes through :mod:`.services`, and a refusal there is shown next to the field or as a
message in the visitor's language.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marias_admin.core import public_address
from marias_admin.core.errors import error_text
from marias_admin.core.forms import apply_service_error
from marias_admin.core.params import positive_ints
from marias_admin.core.people import by_sex
from marias_admin.players.models import Player
from marias_admin.tournaments import services
from marias_admin.tournaments.filters import RegistrationFilter, player_search
from marias_admin.tournaments.forms import (
    ExistingPlayerForm,
    NewPlayerForm,
    PlayerSearchForm,
    ReopenForm,
    RoleGrantForm,
    RoleRevokeForm,
    StaffLoginForm,
    TournamentForm,
    WithdrawForm,
)
from marias_admin.tournaments.models import (
    Registration,
    RegistrationStatus,
    Role,
    Tournament,
    TournamentState,
)
from marias_admin.tournaments.permissions import (
    account_required,
    can_create_tournament,
    organiser_required,
    staff_required,
)
from marias_admin.tournaments.probes import open_work, seated_rounds_with, stale_rounds
from marias_admin.tournaments.readings import reading_rows
from marias_admin.tournaments.rule_variants import describe as describe_variants
from marias_admin.tournaments.selectors import (
    namesakes,
    registration_counts,
    registrations,
    submitted_registration,
    team_grants,
    tournaments_for,
)
from marias_admin.tournaments.tables import RegistrationTable

# The service's field names that the tournament form shows under another name.
TOURNAMENT_FORM_FIELDS = {"ruleset_overrides": "variants"}


def _first_open_round(rounds: list[Any]) -> int:
    """The first round not played yet (rounds played never change)."""
    return max((r.number for r in rounds if r.is_fixed), default=0) + 1


def _back(request: HttpRequest, tournament: Tournament, anchor: str = "") -> HttpResponse:
    """Back to the registration list, keeping its filter and scroll position."""
    url = request.POST.get("next", "")
    # Only a path: redirect() would take "NaN" for the name of a view and fail to reverse it.
    if not url.startswith("/") or not url_has_allowed_host_and_scheme(
            url, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        url = reverse("tournaments:registrations", args=(tournament.pk,))
    return redirect(f"{url}{anchor}")


# --- tournaments ----------------------------------------------------------------------------


@require_GET
@account_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = tournaments_for(request.user).annotate(
        entries=Count("registrations", distinct=True))
    return render(request, "tournaments/list.html", {
        "tournaments": tournaments, "can_create": can_create_tournament(request.user),
    })


@require_http_methods(["GET", "POST"])
@staff_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(user=request.user, **form.service_kwargs())
        except ValidationError as error:
            apply_service_error(form, error, TOURNAMENT_FORM_FIELDS)
        else:
            messages.success(request, _("Tournament “%(name)s” created with %(rounds)s rounds.")
                             % {"name": tournament.name, "rounds": tournament.rounds_planned})
            return redirect("tournaments:detail", tournament_id=tournament.pk)
    return render(request, "tournaments/form.html", {"form": form, "tournament": None})


@require_GET
@organiser_required
def tournament_detail(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    rounds = list(tournament.rounds.annotate(table_count=Count("tables")))
    next_state = services.tournament_next_state(tournament)
    finished = tournament.state == TournamentState.FINISHED
    return render(request, "tournaments/detail.html", {
        "tournament": tournament, "rounds": rounds, "counts": registration_counts(tournament),
        "next_state": next_state, "stale": stale_rounds(tournament),
        "reopen_form": ReopenForm() if finished else None,
        "readings": reading_rows(tournament.ruleset()),
        "variants": describe_variants(tournament.ruleset_code, tournament.ruleset_overrides),
    })


@require_POST
@organiser_required
def tournament_reopen(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ReopenForm(request.POST)
    if form.is_valid():
        try:
            services.tournament_reopen(user=request.user, tournament=tournament,
                                       reason=form.cleaned_data["reason"])
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(request, _("The tournament is running again; the reopening is "
                                        "recorded in the log."))
            return redirect("tournaments:detail", tournament_id=tournament.pk)
    else:
        messages.error(request, _("Say why the tournament is reopened."))
    return redirect("tournaments:detail", tournament_id=tournament.pk)


@require_http_methods(["GET", "POST"])
@organiser_required
def tournament_edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = TournamentForm(request.POST or None, instance=tournament,
                          locked=services.locked_fields(tournament),
                          locked_reason=services.results_locked_message())
    finished = tournament.state == TournamentState.FINISHED
    if finished and request.method == "GET":
        messages.info(request, _("The tournament is finished and can no longer change. An "
                                 "organiser can reopen it on the tournament's page."))
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(user=request.user, tournament=tournament,
                                       **form.service_kwargs())
        except ValidationError as error:
            apply_service_error(form, error, TOURNAMENT_FORM_FIELDS)
            tournament.refresh_from_db()
        else:
            messages.success(request, _("Changes saved."))
            return redirect("tournaments:detail", tournament_id=tournament.pk)
    return render(request, "tournaments/form.html", {"form": form, "tournament": tournament,
                                                     "finished": finished})


@require_POST
@organiser_required
def tournament_state(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    state = request.POST.get("state", "")
    finishing = (state == TournamentState.FINISHED
                 and services.tournament_next_state(tournament) == TournamentState.FINISHED)
    if finishing and (request.POST.get("confirm") != "1" or not request.POST.get("seen")):
        return _finish_confirm_page(request, tournament)
    try:
        if state not in TournamentState.values:
            raise ValidationError(_("Unknown tournament state."), code="tournament_state")
        services.tournament_advance(user=request.user, tournament=tournament,
                                    state=TournamentState(state), confirmed_open=finishing,
                                    seen=request.POST.get("seen") if finishing else None)
    except ValidationError as error:
        if finishing and getattr(error, "code", None) in ("open_work", "open_work_changed"):
            return _finish_confirm_page(request, tournament, changed=True)
        messages.error(request, error_text(error))
    else:
        messages.success(request, _("The tournament is now in the state “%(state)s”.")
                         % {"state": tournament.get_state_display()})
    return redirect("tournaments:detail", tournament_id=tournament.pk)


def _finish_confirm_page(request: HttpRequest, tournament: Tournament, *,
                         changed: bool = False) -> HttpResponse:
    """Ask before finishing: list the rounds not closed and every sheet not confirmed, which
    finishing makes final; the answer carries the list's token, so a list changed meanwhile
    is asked again (``changed`` says so)."""
    work = open_work(tournament)
    return render(request, "tournaments/finish_confirm.html", {
        "tournament": tournament, "work": work, "seen": work.token(), "changed": changed,
    })


# --- registrations --------------------------------------------------------------------------


@require_GET
@organiser_required
def registration_list(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    queryset = registrations(tournament).select_related("tournament")
    filterset = RegistrationFilter(request.GET or None, queryset=queryset, tournament=tournament)
    table = RegistrationTable(filterset.qs, language=tournament.page_language)
    tables.RequestConfig(request, paginate=False).configure(table)
    rounds = list(tournament.rounds.all())
    return render(request, "tournaments/registrations.html", {
        "tournament": tournament, "filter": filterset, "table": table,
        "counts": registration_counts(tournament), "stale": stale_rounds(tournament),
        "play_started": _first_open_round(rounds) > 1,
        "waiting_ids": ",".join(str(pk) for pk in Registration.objects.filter(
            tournament=tournament, status=RegistrationStatus.REGISTERED)
            .order_by("pk").values_list("pk", flat=True)),
    })


def _tournament_registration(tournament: Tournament, registration_id: int) -> Registration:
    return get_object_or_404(Registration.objects.select_related("player", "tournament"),
                             tournament=tournament, pk=registration_id)


@require_POST
@organiser_required
def registration_check_in(request: HttpRequest, tournament: Tournament,
                          registration_id: int) -> HttpResponse:
    registration = _tournament_registration(tournament, registration_id)
    late = request.POST.get("late") == "1"
    try:
        services.registration_check_in(user=request.user, registration=registration, late=late)
    except ValidationError as error:
        messages.error(request, error_text(error))
        return _back(request, tournament)
    if late:
        messages.success(request, _("%(player)s checked in late: plays from round %(number)s.")
                         % {"player": registration.player.full_name,
                            "number": registration.first_round})
    else:
        messages.success(request, _("%(player)s checked in.")
                         % {"player": registration.player.full_name})
    return _back(request, tournament, f"#reg-{registration.pk}")


@require_POST
@organiser_required
def registration_check_in_all(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    # The entries the page listed (and counted on the button); without them (an old page),
    # everyone still registered.
    shown = sorted(positive_ints(request.POST.get("shown", "").split(",")))
    try:
        done = services.registrations_check_in_all(
            user=request.user, tournament=tournament,
            only=shown if "shown" in request.POST else None)
    except ValidationError as error:
        messages.error(request, error_text(error))
        return _back(request, tournament)
    messages.success(request, ngettext("%(count)d player checked in.",
                                       "%(count)d players checked in.", len(done))
                     % {"count": len(done)})
    if len(done) < len(shown):
        missed = len(shown) - len(done)
        messages.warning(request, ngettext(
            "%(count)d of the players listed had been checked in or withdrawn meanwhile.",
            "%(count)d of the players listed had been checked in or withdrawn meanwhile.",
            missed) % {"count": missed})
    return _back(request, tournament)


@require_POST
@organiser_required
def registration_check_in_undo(request: HttpRequest, tournament: Tournament,
                               registration_id: int) -> HttpResponse:
    registration = _tournament_registration(tournament, registration_id)
    try:
        services.registration_check_in_undo(user=request.user, registration=registration)
    except ValidationError as error:
        messages.error(request, error_text(error))
        return _back(request, tournament)
    messages.success(request, by_sex(
        registration.player.sex,
        female=pgettext("female", "The check-in of %(player)s was taken back: registered "
                        "again."),
        male=_("The check-in of %(player)s was taken back: registered again."),
        neutral=pgettext("sex unknown", "The check-in of %(player)s was taken back: "
                         "registered again."),
    ) % {"player": registration.player.full_name})
    return _back(request, tournament, f"#reg-{registration.pk}")


@require_http_methods(["GET", "POST"])
@organiser_required
def registration_withdraw(request: HttpRequest, tournament: Tournament,
                          registration_id: int) -> HttpResponse:
    registration = _tournament_registration(tournament, registration_id)
    rounds = list(tournament.rounds.all())
    first_open = _first_open_round(rounds)
    open_rounds = [n for n in range(first_open, tournament.rounds_planned + 1)]
    if registration.status == RegistrationStatus.WITHDRAWN:
        messages.info(request, by_sex(
            registration.player.sex,
            female=pgettext("female", "%(player)s has already withdrawn."),
            male=_("%(player)s has already withdrawn."),
            neutral=pgettext("sex unknown", "%(player)s has already withdrawn."),
        ) % {"player": registration.player.full_name})
        return redirect("tournaments:registrations", tournament_id=tournament.pk)
    form = WithdrawForm(request.POST or None, rounds=open_rounds)
    if request.method == "POST" and form.is_valid():
        before_round = form.cleaned_data["before_round"]
        try:
            services.registration_withdraw(user=request.user, registration=registration,
                                           before_round=before_round,
                                           reason=form.cleaned_data["reason"])
        except ValidationError as error:
            apply_service_error(form, error)
        else:
            messages.success(request, by_sex(
                registration.player.sex,
                female=pgettext("female", "%(player)s withdrawn before round %(number)s."),
                male=_("%(player)s withdrawn before round %(number)s."),
                neutral=pgettext("sex unknown", "%(player)s withdrawn before round %(number)s."),
            ) % {"player": registration.player.full_name, "number": before_round})
            if seated_rounds_with(registration, before_round):
                return redirect("seating:replan", tournament_id=tournament.pk,
                                from_round=before_round)
            return redirect("tournaments:registrations", tournament_id=tournament.pk)
    return render(request, "tournaments/withdraw.html", {
        "tournament": tournament, "registration": registration, "form": form,
        "open_rounds": open_rounds, "first_open": first_open,
    })


@require_http_methods(["GET", "POST"])
@organiser_required
def registration_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Register a new player (created on the way) or one the federation already knows."""
    first_open = _first_open_round(list(tournament.rounds.all()))
    new_form = NewPlayerForm(request.POST if "new" in request.POST else None)
    search_form = PlayerSearchForm(request.GET or None)
    if request.method == "POST":
        if "new" in request.POST:
            # Looked up before the form is checked: the number or name it carries now belongs
            # to the player this very form created.
            earlier = submitted_registration(tournament, request.POST.get("submission_key", ""))
            if earlier is not None:
                earlier.repeated_submission = True
            registration = earlier or _add_new_player(request, tournament, new_form)
        else:
            registration = _add_existing_player(request, tournament)
        if registration is not None:
            name = registration.player.full_name
            if getattr(registration, "repeated_submission", False):
                # The same form sent again (double click, reload): nothing new was made.
                messages.info(request, by_sex(
                    registration.player.sex,
                    female=pgettext("female", "%(player)s was already registered by this "
                                    "form; nothing was added twice."),
                    male=_("%(player)s was already registered by this form; nothing was "
                           "added twice."),
                    neutral=pgettext("sex unknown", "%(player)s was already registered by "
                                     "this form; nothing was added twice."),
                ) % {"player": name})
            elif registration.status == RegistrationStatus.REGISTERED:
                messages.success(request, by_sex(
                    registration.player.sex, female=pgettext("female", "%(player)s registered."),
                    male=_("%(player)s registered."),
                    neutral=pgettext("sex unknown", "%(player)s registered.")) % {"player": name})
            else:
                messages.success(request, by_sex(
                    registration.player.sex,
                    female=pgettext("female", "%(player)s registered and checked in."),
                    male=_("%(player)s registered and checked in."),
                    neutral=pgettext("sex unknown", "%(player)s registered and checked in."),
                ) % {"player": name})
            return redirect("tournaments:registration_add", tournament_id=tournament.pk)
    found: list[Player] = []
    if search_form.is_valid() and search_form.cleaned_data["q"]:
        found = player_search(tournament, search_form.cleaned_data["q"])
    same_name: list[Player] = []
    if new_form.is_bound and "confirm_namesake" in new_form.errors:
        data = new_form.cleaned_data
        same_name = namesakes(data.get("first_name", ""), data.get("last_name", ""),
                              data.get("club", ""),
                              registration_number=data.get("registration_number", ""))
    return render(request, "tournaments/registration_add.html", {
        "tournament": tournament, "new_form": new_form, "search_form": search_form,
        "found": found, "first_open": first_open, "club_names": new_form.club_names(),
        "namesakes": same_name,
    })


def _add_new_player(request: HttpRequest, tournament: Tournament,
                    form: NewPlayerForm) -> Registration | None:
    if not form.is_valid():
        return None
    data = form.cleaned_data
    try:
        return services.registration_enter_new_player(
            user=request.user, tournament=tournament, first_name=data["first_name"],
            last_name=data["last_name"], club_name=data["club"],
            registration_number=data["registration_number"], present=data["present"],
            seed_rank=data["seed_rank"], submission_key=data["submission_key"],
            namesake_confirmed=data["confirm_namesake"], sex=data["sex"],
            birth_year=data["birth_year"], region=data["region"])
    except ValidationError as error:
        apply_service_error(form, error)
        return None


def _add_existing_player(request: HttpRequest, tournament: Tournament) -> Registration | None:
    form = ExistingPlayerForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a player from the list."))
        return None
    try:
        return services.registration_enter(
            user=request.user, tournament=tournament, player=form.cleaned_data["player"],
            present=form.cleaned_data["present"])
    except ValidationError as error:
        messages.error(request, error_text(error))
        return None


# --- roles ----------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@organiser_required
def roles(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if request.method == "POST" and "last_name" in request.POST:
        return _staff_login_create(request, tournament)
    form = RoleGrantForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        member, role = form.cleaned_data["username"], Role(form.cleaned_data["role"])
        services.role_grant(user=request.user, tournament=tournament, member=member, role=role)
        messages.success(request, _("%(user)s now has the role “%(role)s”.")
                         % {"user": member.get_username(), "role": role.label})
        return redirect("tournaments:roles", tournament_id=tournament.pk)
    grants = team_grants(tournament)
    return render(request, "tournaments/roles.html", {
        "tournament": tournament, "form": form, "grants": grants,
        "login_form": StaffLoginForm(),
    })


def _staff_login_create(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Make the login and show its password once, on the page the organiser hands it from."""
    form = StaffLoginForm(request.POST)
    if form.is_valid():
        try:
            member, password = services.staff_login_create(
                user=request.user, tournament=tournament,
                first_name=form.cleaned_data["first_name"],
                last_name=form.cleaned_data["last_name"], role=Role(form.cleaned_data["role"]))
        except ValidationError as error:
            apply_service_error(form, error)
        else:
            return render(request, "tournaments/login_created.html", {
                "tournament": tournament, "member": member, "password": password,
                "role": Role(form.cleaned_data["role"]).label,
                "login_url": public_address.effective(request).url + reverse("login"),
            })
    grants = team_grants(tournament)
    return render(request, "tournaments/roles.html", {
        "tournament": tournament, "form": RoleGrantForm(), "grants": grants,
        "login_form": form,
    }, status=400)


@require_POST
@organiser_required
def role_revoke(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = RoleRevokeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a role to revoke."))
        return redirect("tournaments:roles", tournament_id=tournament.pk)
    member, role = form.cleaned_data["user"], Role(form.cleaned_data["role"])
    try:
        services.role_revoke(user=request.user, tournament=tournament, member=member, role=role)
    except ValidationError as error:
        messages.error(request, error_text(error))
    else:
        messages.success(request, _("%(user)s no longer has the role “%(role)s”.")
                         % {"user": member.get_username(), "role": role.label})
    return redirect("tournaments:roles", tournament_id=tournament.pk)
