"""The staff's import of the federation's member list for a season: upload, preview, confirm
(``membership_import``). The parsed file is kept in the session between the steps, never on
disk; the preview writes nothing. The same page carries the members of one season over into
the next (``membership_copy``)."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marias_admin.core.spreadsheet_import import (
    SpreadsheetUploadForm,
    UploadLimitHandler,
    spreadsheet_file_field,
    upload_limited,
)
from marias_admin.seasons.membership_copy import member_seasons, membership_copy
from marias_admin.seasons.membership_import import (
    MemberFile,
    MemberStatus,
    membership_import,
    membership_preview,
    read_members,
)
from marias_admin.tournaments.permissions import staff_required

SESSION_KEY = "seasons.members.import"
# Not the decorator's default words (creating a tournament): these pages are the member lists.
staff_only = staff_required(message=gettext_lazy("Only staff can manage the members of the "
                                                 "seasons."))
STATUS_LABELS = dict(MemberStatus.choices)


class MembersUploadForm(SpreadsheetUploadForm):
    season = forms.CharField(label=gettext_lazy("Season"), max_length=40,
                             help_text=gettext_lazy("As the competitions name it, e.g. 2026."))
    file = spreadsheet_file_field(
        gettext_lazy("Member list"),
        gettext_lazy("An .xlsx or .csv file with a header row: registration number, and any "
                     "of name, club, dues paid (yes/no), licence, disqualified (yes/no)."))

    def read(self, filename: str, data: bytes) -> MemberFile:
        return read_members(filename, data)


class CopyForm(forms.Form):
    """Carry the members over: the seasons that have members to copy from, any season to."""

    source = forms.ChoiceField(label=gettext_lazy("Members of the season"))
    target = forms.CharField(label=gettext_lazy("Into the season"), max_length=40,
                             help_text=gettext_lazy("Dues start unpaid; members already "
                                                    "there stay as they are."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["source"]).choices = [
            (s, s) for s in member_seasons()]


class ConfirmForm(forms.Form):
    fingerprint = forms.CharField(widget=forms.HiddenInput)


def _stored(request: HttpRequest) -> tuple[str, MemberFile] | None:
    data = request.session.get(SESSION_KEY)
    if not data:
        return None
    try:
        return data["season"], MemberFile.from_dict(data["file"])
    except (KeyError, TypeError, ValueError):
        request.session.pop(SESSION_KEY, None)
        return None


@upload_limited
@require_http_methods(["GET", "POST"])
@csrf_protect
@staff_only
def members_import(request: HttpRequest, limiter: UploadLimitHandler) -> HttpResponse:
    if request.method == "POST":
        form = MembersUploadForm(request.POST, request.FILES, too_large=limiter.exceeded)
        if form.is_valid():
            request.session[SESSION_KEY] = {"season": form.cleaned_data["season"].strip(),
                                            "file": form.cleaned_data["file"].as_dict()}
            return redirect("seasons:members_preview")
    else:
        form = MembersUploadForm()
    return render(request, "seasons/members_import.html",
                  {"form": form, "pending": _stored(request) is not None,
                   "copy_form": CopyForm()})


@require_POST
@staff_only
def members_copy(request: HttpRequest) -> HttpResponse:
    form = CopyForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the season to copy from and name the new one."))
        return redirect("seasons:members_import")
    try:
        result = membership_copy(user=request.user, source=form.cleaned_data["source"],
                                 target=form.cleaned_data["target"])
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("seasons:members_import")
    messages.success(request, _("Members of %(source)s carried over into %(target)s: "
                                "%(copied)s added with dues unpaid, %(kept)s already there "
                                "left as they were.") % {
        "source": result.source, "target": result.target, "copied": result.copied,
        "kept": result.kept})
    return redirect("seasons:members_import")


@require_GET
@staff_only
def members_preview(request: HttpRequest) -> HttpResponse:
    stored = _stored(request)
    if stored is None:
        messages.info(request, _("Upload the member list first."))
        return redirect("seasons:members_import")
    season, parsed = stored
    preview = membership_preview(season, parsed)
    return render(request, "seasons/members_preview.html", {
        "preview": preview, "form": ConfirmForm(initial={"fingerprint": preview.fingerprint}),
        "labels": STATUS_LABELS, "counts": _counts(preview.lines)})


def _counts(lines: list[Any]) -> dict[str, int]:
    return {status: sum(1 for line in lines if line.status == status) for status in STATUS_LABELS}


@require_POST
@staff_only
def members_confirm(request: HttpRequest) -> HttpResponse:
    stored = _stored(request)
    if "cancel" in request.POST or stored is None:
        request.session.pop(SESSION_KEY, None)
        return redirect("seasons:members_import")
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return redirect("seasons:members_preview")
    season, parsed = stored
    try:
        preview = membership_import(user=request.user, season=season, parsed=parsed,
                                    fingerprint=form.cleaned_data["fingerprint"])
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("seasons:members_preview")
    request.session.pop(SESSION_KEY, None)
    counts = _counts(preview.lines)
    messages.success(request, _("Member list of %(season)s: %(new)s new, %(changed)s changed, "
                                "%(same)s unchanged, %(errors)s rows with errors left out.") % {
        "season": season, "new": counts["new"], "changed": counts["changed"],
        "same": counts["same"], "errors": counts["error"]})
    return redirect("seasons:members_import")
