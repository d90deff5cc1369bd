"""The table page: the digital stolový lístek of one table in one round, phone first.

The QR code on the printed sheet opens it (``sheets:table``). Everyone the tournament's
public toggles allow reads it; the table's scorekeeper, referees and organisers write through
the forms on it. Views stay thin: the selectors load, the presenters in
:mod:`marias_admin.sheets.presenters` shape the page, the forms shape the input, the services
in :mod:`marias_admin.sheets.services` settle (once per hand) and write (one transaction each,
audited, refused with :class:`~marias_admin.sheets.services.SheetConflict` when someone else
wrote first). A refusal is always a message in the visitor's language next to what caused it,
never an error page.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from marias_admin.core.forms import apply_service_error
from marias_admin.sheets import access, services
from marias_admin.sheets.forms import (
    HandForm,
    ReasonForm,
    ScorekeeperForm,
    TextHandForm,
    TotalsForm,
    VersionForm,
    at_version,
    bind_hand_form,
)
from marias_admin.sheets.models import HandRecord, TableSheet
from marias_admin.sheets.page_loading import (
    back_to_page,
    link_ended,
    load_page,
    render_page,
    write_author,
)
from marias_admin.sheets.presenters.page import SheetPage, symbol
from marias_admin.sheets.presenters.preview import hand_preview
from marias_admin.sheets.selectors import (
    scorekeeper_candidates,
)
from marias_admin.sheets.services import SheetConflict, sheet_assign_scorekeeper
from marias_admin.tournaments.models import TournamentState
from marias_admin.tournaments.permissions import Audience, checked_by_view, table_access


def _stored_sheet(page: SheetPage) -> TableSheet:
    """The sheet row, created on the first write (reading never creates one)."""
    if page.sheet.pk is None:
        page.sheet = services.sheet_for(page.table)
        page.sheet.table = page.table
    return page.sheet


def _page_or_response(request: HttpRequest, kwargs: dict[str, Any],
                      allowed: Callable[[SheetPage], bool]) -> SheetPage | HttpResponse:
    """Load the sheet for a write: 404 when hidden, login for anonymous, 403 when not allowed."""
    page = load_page(request, kwargs["tournament_id"], kwargs["number"], kwargs["table"])
    if isinstance(page, HttpResponse):
        return page
    if not request.user.is_authenticated and not page.table_grant:
        if access.grant_ended(request, page.table):
            return link_ended(request)
        return redirect_to_login(page.url)
    if not allowed(page):
        raise PermissionDenied(_("You cannot change this table sheet."))
    if _finished(page):
        messages.error(request, _("The tournament is finished; nothing can be entered or "
                                  "changed."))
        return redirect(page.url)
    return page


def _finished(page: SheetPage) -> bool:
    return page.tournament.state == TournamentState.FINISHED


def _read_only(request: HttpRequest, page: SheetPage) -> None:
    """A finished tournament's table page offers no form to anyone (phone or staff), and
    says why at once, before anybody types a hand the services would refuse."""
    page.can_write = page.can_confirm = page.can_referee = page.can_organise = False
    page.privileged = False  # no PIN confirmation either
    messages.info(request, _("The tournament is finished; results are final."))


def sheet_action(allowed: Callable[[SheetPage], bool],
                 audience: Audience = Audience.TABLE) -> Callable[..., Any]:
    """A POST on the sheet: the view gets the loaded page instead of the URL's numbers.
    ``allowed`` is the check (it needs the page); ``audience`` declares who that is."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @require_POST
        def wrapper(request: HttpRequest, **kwargs: Any) -> HttpResponse:
            page = _page_or_response(request, kwargs, allowed)
            if isinstance(page, HttpResponse):
                return page
            rest = {k: v for k, v in kwargs.items()
                    if k not in ("tournament_id", "number", "table")}
            return view(request, page, **rest)

        wrapper.__name__ = view.__name__
        wrapper.__doc__ = view.__doc__
        return checked_by_view(audience)(wrapper)

    return decorate


def _writer(page: SheetPage) -> bool:
    return page.can_write


def _referee(page: SheetPage) -> bool:
    return page.can_referee


def _organiser(page: SheetPage) -> bool:
    return page.can_organise


# -- the page ----------------------------------------------------------------------------------


@require_GET
@table_access
def table_page(request: HttpRequest, tournament_id: int, number: int,
               table: int) -> HttpResponse:
    page = load_page(request, tournament_id, number, table)
    if isinstance(page, HttpResponse):
        return page
    if _finished(page):
        _read_only(request, page)
    return render_page(request, page)


# -- preview -----------------------------------------------------------------------------------


def _bind_hand_form(request: HttpRequest, page: SheetPage, data: QueryDict | None = None,
                    *, edit: bool = False) -> HandForm:
    return bind_hand_form(data if data is not None else request.POST, seats=page.seats,
                          ruleset=page.ruleset(), edit=edit)


@sheet_action(_writer)
def preview_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    """The live preview (htmx, as the scorekeeper types); without JavaScript the whole page."""
    edit = request.POST.get("entry", "").startswith("edit-")
    form = _bind_hand_form(request, page, edit=edit)
    if edit:
        form.fields["reason"].required = False
    preview = hand_preview(page, form)
    if request.htmx:
        return render(request, "sheets/_preview.html",
                      {"preview": preview, "currency": symbol(page)})
    forms: dict[str, Any] = {form.prefix: form, "open": form.prefix}
    if edit:
        forms["hand_number"] = request.POST.get("hand")
    return render_page(request, page, forms=forms, preview=preview)


# -- writes ------------------------------------------------------------------------------------


def _conflict(request: HttpRequest, page: SheetPage, error: ValidationError,
              rebind: Callable[[SheetPage, QueryDict], dict[str, Any]] | None = None
              ) -> HttpResponse:
    """Someone else wrote first: the current state, the message, and the visitor's input kept
    (carrying the current version, so that saving it again is a deliberate second step)."""
    fresh = load_page(request, page.tournament.pk, page.round.number, page.table.number)
    if isinstance(fresh, HttpResponse):
        return fresh
    message = " ".join(error.messages)
    forms: dict[str, Any] = {}
    if rebind is not None:
        forms = rebind(fresh, at_version(request.POST, fresh.sheet.version))
    return render_page(request, fresh, forms=forms, conflict=message, status=409)



@sheet_action(_writer)
def hand_add_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    form = _bind_hand_form(request, page)
    forms: dict[str, Any] = {form.prefix: form, "open": form.prefix}
    if "preview" in request.POST:
        return render_page(request, page, forms=forms, preview=hand_preview(page, form))
    if not form.is_valid():
        return render_page(request, page, forms=forms, preview=hand_preview(page, form))
    unsaved = page.sheet
    try:
        # The service settles the hand; a first hand it refuses leaves no empty sheet behind.
        with transaction.atomic():
            record = services.hand_add(
                user=write_author(request, page), sheet=_stored_sheet(page),
                expected_version=form.cleaned_data["version"], hand=form.hand,
                notation=form.cleaned_data.get("notation", ""), paper_money=form.paper_money())
    except SheetConflict as error:
        return _conflict(request, page, error, lambda fresh, data: {
            "open": form.prefix, form.prefix: _bind_hand_form(request, fresh, data)})
    except ValidationError as error:
        if unsaved.pk is None:
            page.sheet = unsaved
        # The engine's refusal shows in the preview too, as every refusal of the typed hand
        # does; the sheet's own refusals only at the form.
        engine = form.add_service_error(error)
        return render_page(request, page, forms=forms,
                           preview=hand_preview(page, form) if engine else None)
    if record.mismatch:
        messages.warning(request, _("Hand %(number)s saved, but it differs from the paper "
                                    "sheet: correct it or ask a referee.")
                         % {"number": record.number})
    else:
        messages.success(request, _("Hand %(number)s saved: %(description)s")
                         % {"number": record.number, "description": record.description})
    return back_to_page(page, "entry")


def _live_record(page: SheetPage, number: int) -> HandRecord:
    record = next((h for h in page.hands if h.number == number and h.deleted_at is None), None)
    if record is None:
        raise Http404
    return record


@sheet_action(_writer)
def hand_edit_view(request: HttpRequest, page: SheetPage, hand: int) -> HttpResponse:
    record = _live_record(page, hand)
    form = _bind_hand_form(request, page, edit=True)
    forms: dict[str, Any] = {form.prefix: form, "hand_number": hand, "open": form.prefix}
    if "preview" in request.POST:
        form.fields["reason"].required = False
        return render_page(request, page, forms=forms, preview=hand_preview(page, form))
    if not form.is_valid():
        return render_page(request, page, forms=forms)
    paper = form.paper_money() if isinstance(form, TextHandForm) else record.paper_money
    try:
        record = services.hand_edit(
            user=write_author(request, page), record=record,
            expected_version=form.cleaned_data["version"],
            hand=form.hand, reason=form.cleaned_data["reason"],
            notation=form.cleaned_data.get("notation", ""), paper_money=paper)
    except SheetConflict as error:
        return _conflict(request, page, error, lambda fresh, data: {
            "hand_number": hand, "open": form.prefix,
            form.prefix: _bind_hand_form(request, fresh, data, edit=True)})
    except ValidationError as error:
        form.add_service_error(error)
        return render_page(request, page, forms=forms)
    messages.success(request, _("Hand %(number)s changed: %(description)s")
                     % {"number": record.number, "description": record.description})
    return back_to_page(page, f"hand-{record.number}")


@sheet_action(_writer)
def hand_delete_view(request: HttpRequest, page: SheetPage, hand: int) -> HttpResponse:
    record = _live_record(page, hand)
    form = ReasonForm(request.POST, prefix="delete")
    forms: dict[str, Any] = {"delete": form, "hand_number": hand}
    if not form.is_valid():
        return render_page(request, page, forms=forms)
    try:
        services.hand_delete(user=write_author(request, page), record=record,
                             expected_version=form.cleaned_data["version"],
                             reason=form.cleaned_data["reason"])
    except SheetConflict as error:
        return _conflict(request, page, error, lambda fresh, data: {
            "hand_number": hand, "delete": ReasonForm(data, prefix="delete")})
    except ValidationError as error:
        apply_service_error(form, error)
        return render_page(request, page, forms=forms)
    messages.success(request, _("Hand %(number)s deleted.") % {"number": hand})
    return back_to_page(page, "account")


def _totals_action(request: HttpRequest, page: SheetPage, *, paper: bool) -> HttpResponse:
    prefix = "paper" if paper else "totals"
    form = TotalsForm(request.POST, seats=page.seats, required=not paper, prefix=prefix,
                      currency=symbol(page))
    forms = {prefix: form}
    if not form.is_valid():
        return render_page(request, page, forms=forms)
    write = services.paper_totals_set if paper else services.totals_set
    try:
        write(user=write_author(request, page), sheet=_stored_sheet(page),
              expected_version=form.cleaned_data["version"], money=form.money(),
              pb=form.pb(None if paper else Decimal(0)))
    except SheetConflict as error:
        return _conflict(request, page, error, lambda fresh, data: {
            prefix: TotalsForm(data, seats=fresh.seats, required=not paper, prefix=prefix,
                               currency=symbol(fresh))})
    except ValidationError as error:
        form.add_service_error(error)
        return render_page(request, page, forms=forms)
    messages.success(request, _("The paper sheet's totals are saved.") if paper
                     else _("The totals are saved."))
    return back_to_page(page, "reconcile" if paper else "totals")


@sheet_action(_writer)
def totals_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    return _totals_action(request, page, paper=False)


@sheet_action(_writer)
def paper_totals_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    return _totals_action(request, page, paper=True)


def _state_action(request: HttpRequest, page: SheetPage, prefix: str,
                  write: Callable[..., Any], done: str, *, reason: bool = False
                  ) -> HttpResponse:
    form_class = ReasonForm if reason else VersionForm
    form = form_class(request.POST, prefix=prefix)
    if not form.is_valid():
        if reason:
            return render_page(request, page, forms={prefix: form})
        messages.error(request, _("The form was incomplete; try again."))
        return back_to_page(page, "state")
    kwargs: dict[str, Any] = {"user": write_author(request, page), "sheet": _stored_sheet(page)}
    if reason:
        kwargs["reason"] = form.cleaned_data["reason"]
    else:
        kwargs["expected_version"] = form.cleaned_data["version"]
    try:
        write(**kwargs)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return back_to_page(page, "state")
    messages.success(request, done)
    return back_to_page(page, "state")


@sheet_action(_writer)
def submit_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    return _state_action(request, page, "submit", services.sheet_submit,
                         _("The sheet is submitted; another player, a referee or the organiser "
                           "confirms it."))


@require_POST
@table_access
def confirm_view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    page = _page_or_response(
        request, kwargs,
        lambda p: p.can_confirm or (request.user.is_authenticated
                                    and p.sheet.submitted_by_id == request.user.pk))
    if isinstance(page, HttpResponse):
        return page
    return _state_action(request, page, "confirm", services.sheet_confirm,
                         _("The sheet is confirmed."))


@sheet_action(_referee, Audience.REFEREE)
def dispute_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    return _state_action(request, page, "dispute", services.sheet_dispute,
                         _("The sheet is marked as disputed."), reason=True)


@sheet_action(_referee, Audience.REFEREE)
def reopen_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    return _state_action(request, page, "reopen", services.sheet_reopen,
                         _("The sheet is open for changes again."), reason=True)


@sheet_action(_organiser, Audience.ORGANISER)
def scorekeeper_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    form = ScorekeeperForm(request.POST, candidates=scorekeeper_candidates(page.tournament),
                           prefix="scorekeeper")
    if not form.is_valid():
        return render_page(request, page, forms={"scorekeeper": form})
    try:
        sheet_assign_scorekeeper(user=request.user, sheet=_stored_sheet(page),
                                 scorekeeper=form.cleaned_data["scorekeeper"],
                                 expected_version=form.cleaned_data["version"])
    except SheetConflict as error:
        return _conflict(request, page, error)
    except ValidationError as error:
        apply_service_error(form, error)
        return render_page(request, page, forms={"scorekeeper": form})
    messages.success(request, _("The scorekeeper is set."))
    return back_to_page(page, "scorekeeper")
