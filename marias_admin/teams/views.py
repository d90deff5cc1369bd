"""The organiser's team pages (under /tournaments/<id>/teams/): the team settings, the list
of teams, one team's members, the import from a file (upload → preview → confirm, as the
player import) and the nomination sheets PDF.

The public team standings are in :mod:`.views_public`, their downloads in
:mod:`.views_exports`.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marias_admin.core.errors import error_text
from marias_admin.core.forms import apply_service_error
from marias_admin.core.people import by_sex
from marias_admin.core.spreadsheet_import import (
    SpreadsheetImport,
    UploadLimitHandler,
    upload_limited,
)
from marias_admin.teams import selectors, services
from marias_admin.teams.forms import (
    MemberAddForm,
    MemberRoleForm,
    TeamForm,
    TeamImportConfirmForm,
    TeamImportUploadForm,
    TeamSettingsForm,
)
from marias_admin.teams.importing import (
    LABELS,
    TeamFile,
    TeamImportChanged,
    TeamImportResult,
    TeamPreview,
    import_teams,
    preview_teams,
)
from marias_admin.teams.models import MemberRole, Team, TeamKind, TeamMember, TeamRulesPreset
from marias_admin.teams.nomination_pdf import (
    NominatedPlayer,
    NominationSheet,
    build_nomination_sheets,
)
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.permissions import loaded_organiser_required, organiser_required


def _roles(tournament: Tournament) -> tuple[MemberRole, ...]:
    return services.ROLES_OF[TeamRulesPreset(services.settings_of(tournament).rules)]


def _reason(form: Any) -> str:
    return form.cleaned_data.get("reason", "") if form.is_valid() else ""


def _common(tournament: Tournament) -> dict[str, Any]:
    settings = services.settings_of(tournament)
    return {"tournament": tournament, "team_settings": settings,
            "deadline_passed": services.deadline_passed(tournament)}


# -- organiser: the list of teams ------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@organiser_required
def team_list(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    settings = services.settings_of(tournament)
    settings_form = TeamSettingsForm(initial={
        "rules": settings.rules,
        "deadline": timezone.localtime(settings.deadline) if settings.deadline else None})
    team_form = TeamForm()
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "settings":
            settings_form = TeamSettingsForm(request.POST)
            if settings_form.is_valid():
                data = settings_form.cleaned_data
                try:
                    services.team_settings_update(
                        user=request.user, tournament=tournament, rules=data["rules"],
                        deadline=data["deadline"], reason=data["reason"])
                except ValidationError as error:
                    apply_service_error(settings_form, error)
                else:
                    messages.success(request, _("Team settings saved."))
                    return redirect("teams:list", tournament_id=tournament.pk)
        elif action == "create":
            team_form = TeamForm(request.POST)
            if team_form.is_valid():
                data = team_form.cleaned_data
                try:
                    team = services.team_create(
                        user=request.user, tournament=tournament, name=data["name"],
                        kind=data["kind"], club=data["club"], reason=data["reason"])
                except ValidationError as error:
                    apply_service_error(team_form, error)
                else:
                    messages.success(request, _("Team “%(team)s” created.") % {"team": team.name})
                    return redirect("teams:edit", tournament_id=tournament.pk, team_id=team.pk)
        else:
            messages.error(request, _("Unknown action."))
    teams = selectors.teams_of(tournament)
    return render(request, "teams/list.html", {
        **_common(tournament), "teams": teams, "settings_form": settings_form,
        "team_form": team_form,
        "captains": {t.pk: selectors.captain_of(t) for t in teams},
    })


# -- organiser: one team -----------------------------------------------------------------------


def _team(tournament: Tournament, team_id: int) -> Team:
    return get_object_or_404(Team.objects.select_related("club"), pk=team_id,
                             tournament=tournament)


def _member(team: Team, member_id: int) -> TeamMember:
    return get_object_or_404(TeamMember.objects.select_related("registration__player"),
                             pk=member_id, team=team)


@require_http_methods(["GET", "POST"])
@organiser_required
def team_edit(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    team = _team(tournament, team_id)
    roles = _roles(tournament)
    form = TeamForm(initial={"name": team.name, "kind": team.kind, "club": team.club})
    add_form = MemberAddForm(registrations=selectors.free_registrations(tournament),
                             roles=roles)
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "update":
            form = TeamForm(request.POST)
            if form.is_valid():
                data = form.cleaned_data
                try:
                    services.team_update(user=request.user, team=team, name=data["name"],
                                         kind=data["kind"], club=data["club"],
                                         reason=data["reason"])
                except ValidationError as error:
                    apply_service_error(form, error)
                else:
                    messages.success(request, _("Team saved."))
                    return redirect("teams:edit", tournament_id=tournament.pk, team_id=team.pk)
        elif action == "add":
            add_form = MemberAddForm(request.POST, registrations=selectors.free_registrations(
                tournament), roles=roles)
            if add_form.is_valid():
                data = add_form.cleaned_data
                registration = tournament.registrations.select_related("player").get(
                    pk=data["registration"])
                try:
                    services.member_add(user=request.user, team=team, registration=registration,
                                        role=data["role"], reason=data["reason"])
                except ValidationError as error:
                    apply_service_error(add_form, error)
                else:
                    messages.success(request, by_sex(
                        registration.player.sex,
                        female=pgettext("female", "%(player)s added to the team."),
                        male=_("%(player)s added to the team."),
                        neutral=pgettext("sex unknown", "%(player)s added to the team."),
                    ) % {"player": registration.player.full_name})
                    return redirect("teams:edit", tournament_id=tournament.pk, team_id=team.pk)
        else:
            messages.error(request, _("Unknown action."))
    members = [(m, MemberRoleForm(initial={"role": m.role}, prefix=f"m{m.pk}"))
               for m in selectors.teams_of_one(team)]
    for _m, role_form in members:
        role_form.fields["role"].choices = [(r.value, r.label) for r in roles]
    return render(request, "teams/edit.html", {
        **_common(tournament), "team": team, "form": form, "add_form": add_form,
        "members": members,
    })


@require_POST
@organiser_required
def member_role(request: HttpRequest, tournament: Tournament, team_id: int,
                member_id: int) -> HttpResponse:
    team = _team(tournament, team_id)
    member = _member(team, member_id)
    form = MemberRoleForm(request.POST, prefix=f"m{member.pk}")
    if not form.is_valid():
        messages.error(request, _("Choose one of the roles offered."))
    else:
        try:
            services.member_set_role(user=request.user, member=member,
                                     role=form.cleaned_data["role"], reason=_reason(form))
        except ValidationError as error:
            messages.error(request, error_text(error))
        else:
            messages.success(request, _("Role of %(player)s saved.")
                             % {"player": member.registration.player.full_name})
    return redirect("teams:edit", tournament_id=tournament.pk, team_id=team.pk)


@require_POST
@organiser_required
def member_remove(request: HttpRequest, tournament: Tournament, team_id: int,
                  member_id: int) -> HttpResponse:
    team = _team(tournament, team_id)
    member = _member(team, member_id)
    try:
        services.member_remove(user=request.user, member=member,
                               reason=request.POST.get("reason", ""))
    except ValidationError as error:
        messages.error(request, error_text(error))
    else:
        messages.success(request, by_sex(
            member.registration.player.sex,
            female=pgettext("female", "%(player)s removed from the team."),
            male=_("%(player)s removed from the team."),
            neutral=pgettext("sex unknown", "%(player)s removed from the team."),
        ) % {"player": member.registration.player.full_name})
    return redirect("teams:edit", tournament_id=tournament.pk, team_id=team.pk)


@require_POST
@organiser_required
def team_delete(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    team = _team(tournament, team_id)
    try:
        services.team_delete(user=request.user, team=team, reason=request.POST.get("reason", ""))
    except ValidationError as error:
        messages.error(request, error_text(error))
        return redirect("teams:edit", tournament_id=tournament.pk, team_id=team.pk)
    messages.success(request, _("Team “%(team)s” deleted.") % {"team": team.name})
    return redirect("teams:list", tournament_id=tournament.pk)


# -- organiser: import ------------------------------------------------------------------------


class TeamImport(SpreadsheetImport[TeamFile]):
    """The team list: players named as registered, put on teams by the team services."""

    namespace = "teams"
    parsed_type = TeamFile
    upload_form = TeamImportUploadForm
    confirm_form = TeamImportConfirmForm
    upload_template = "teams/import_upload.html"
    preview_template = "teams/import_preview.html"
    column_labels = LABELS
    changed_error = TeamImportChanged
    cancel_url = done_url = "teams:list"
    log_name = "team import"
    upload_first = gettext_lazy("Upload a team list first.")
    nothing_to_confirm = gettext_lazy("There is no uploaded team list to import (it may have "
                                      "been imported already). Upload the file again.")
    confirm_incomplete = gettext_lazy("The confirmation was incomplete; confirm again.")

    def page_context(self, tournament: Tournament) -> dict[str, Any]:
        return _common(tournament)

    def preview(self, tournament: Tournament, parsed: TeamFile) -> TeamPreview:
        return preview_teams(tournament=tournament, parsed=parsed)

    def commit(self, request: HttpRequest, tournament: Tournament, parsed: TeamFile,
               confirmed: dict[str, Any]) -> TeamImportResult:
        return import_teams(user=request.user, tournament=tournament, parsed=parsed,
                            fingerprint=confirmed["fingerprint"], reason=confirmed["reason"])

    def report(self, request: HttpRequest, result: TeamImportResult) -> None:
        count = result.added + result.roles_changed
        messages.success(request, ngettext(
            "%(count)d player was put on a team.", "%(count)d players were put on teams.",
            count) % {"count": count})


TEAM_IMPORT = TeamImport()


@upload_limited
@require_http_methods(["GET", "POST"])
@csrf_protect
@loaded_organiser_required
def import_upload(request: HttpRequest, tournament: Tournament,
                  limiter: UploadLimitHandler) -> HttpResponse:
    return TEAM_IMPORT.upload_page(request, tournament, limiter)


@require_GET
@organiser_required
def import_preview(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return TEAM_IMPORT.preview_page(request, tournament)


@require_POST
@organiser_required
def import_confirm(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return TEAM_IMPORT.confirm(request, tournament)


# -- organiser: the nomination sheets ---------------------------------------------------------


@require_GET
@organiser_required
def nominations_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    teams = selectors.teams_of(tournament)
    if not teams:
        raise Http404
    language = tournament.page_language
    with translation.override(language):
        sheets = []
        for team in teams:
            captain = selectors.captain_of(team)
            sheets.append(NominationSheet(
                team=team.name, kind=str(TeamKind(team.kind).label),
                club=team.club.name if team.club else "",
                captain=captain.registration.player.full_name if captain else "",
                members=[NominatedPlayer(
                    last_name=m.registration.player.last_name,
                    first_name=m.registration.player.first_name,
                    registration_number=m.registration.player.registration_number or "",
                    club=m.registration.player.club.name if m.registration.player.club else "",
                    role=str(MemberRole(m.role).label))
                    for m in team.sorted_members]))
    content = build_nomination_sheets(sheets, tournament=tournament.name, date=tournament.date,
                                      language=language)
    response = HttpResponse(content, content_type="application/pdf")
    filename = f"{slugify(tournament.name) or 'tournament'}-nominations.pdf"
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response
