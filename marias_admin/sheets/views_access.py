"""Table access without accounts: the table's link and PIN, a player's PIN, the organiser's list.

The QR code on the printed stolový lístek opens :func:`table_link_view`; the PIN printed beside
it lets that phone write to that table (a grant in its session, see
:mod:`marias_admin.sheets.access`). A seated player confirms a submitted sheet with his own PIN
(:func:`confirm_pin_view`). Organisers and referees see every table's link and PIN of a round
and can replace one (:func:`round_access_view`, :func:`access_regenerate_view`); organisers
set the public address the links are built on (:func:`public_address_view`).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marias_admin.core import public_address
from marias_admin.core import services as core_services
from marias_admin.core.forms import apply_service_error
from marias_admin.seating.models import Round, RoundState, Table
from marias_admin.sheets import access, services
from marias_admin.sheets.forms_access import PlayerPinForm, PublicAddressForm, TablePinForm
from marias_admin.sheets.models import SheetState
from marias_admin.sheets.page_loading import back_to_page, link_ended, load_page, render_page
from marias_admin.sheets.selectors import is_referee, seats_of
from marias_admin.tournaments import permissions
from marias_admin.tournaments.middleware import explicit_language, page_language
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.selectors import can_organise


def _table_url(table: Table) -> str:
    return reverse("sheets:table",
                   args=(table.round.tournament_id, table.round.number, table.number))


@never_cache
@require_http_methods(["GET", "POST"])
@permissions.open_to_all  # anyone with the phone in hand; an unknown token is a 404
def table_link_view(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code's link: the table's PIN and who holds the phone (his name and his own PIN),
    once; then the table's sheet, where the phone writes as him."""
    found = access.access_by_token(token)
    if found is None or not access.link_usable(found):
        return render(request, "sheets/table_link.html", {"dead": True}, status=404)
    # The link carries no tournament in its URL, so the language middleware cannot switch:
    # this page and its message ("This phone now enters …") speak the tournament's language
    # as the table's page it leads to does (the visitor's own choice still wins).
    language = (explicit_language(request)
                or page_language(found.table.round.tournament_id)[0])
    with translation.override(language):
        response = _table_link(request, found)
    if language:
        response.headers.setdefault("Content-Language", language)
    return response


def _table_link(request: HttpRequest, found: Any) -> HttpResponse:
    table = found.table
    if request.method == "GET" and access.has_grant(request, table):
        return redirect(_table_url(table))
    seats = seats_of(table)
    form = TablePinForm(request.POST if request.method == "POST" else None, seats=seats)
    if form.is_valid():
        try:
            actor = access.open_table(request, found, form.cleaned_data["pin"], seats=seats,
                                      registration_id=form.cleaned_data["registration"],
                                      player_pin=form.cleaned_data["player_pin"])
        except ValidationError as error:
            form.add_error(None if hasattr(error, "error_dict") else "pin", error)
        else:
            messages.success(request, _("This phone now enters the hands of table %(table)s as "
                                        "%(name)s, until the sheet is submitted.")
                             % {"table": table.number, "name": actor.label})
            return redirect(_table_url(table))
    throttled = any(form.has_error(name, "throttled") for name in (*form.fields, NON_FIELD_ERRORS))
    return render(request, "sheets/table_link.html",
                  {"form": form, "table": table, "round": table.round,
                   "tournament": table.round.tournament}, status=429 if throttled else 200)


@require_POST
@permissions.table_access
def leave_view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    """"Hand the phone to another player": this phone stops writing as its holder; the next
    one opens the table with the table's PIN and his own."""
    page = load_page(request, kwargs["tournament_id"], kwargs["number"], kwargs["table"])
    if isinstance(page, HttpResponse):
        return page
    access.leave_table(request, page.table)
    link = access.table_access(page.table, user=request.user)
    if not access.link_usable(link):
        return redirect(page.url)
    messages.info(request, _("Hand the phone over: the next player types the table's PIN and "
                             "his own."))
    return redirect(access.table_link_path(link))


@require_POST
@permissions.table_access
def confirm_pin_view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    """A seated player confirms the submitted sheet with his own PIN on the table's phone (or
    the phone of anyone with a role in the tournament or a seat at this table). The phone's
    own holder stays who it writes as; the services refuse anyone who wrote on the sheet."""
    page = load_page(request, kwargs["tournament_id"], kwargs["number"], kwargs["table"])
    if isinstance(page, HttpResponse):
        return page
    if not page.privileged:
        if not request.user.is_authenticated:
            if access.grant_ended(request, page.table):
                return link_ended(request)
            return redirect_to_login(page.url)
        raise PermissionDenied(_("Confirm on the table's phone, opened by its link."))
    form = PlayerPinForm(request.POST, seats=page.seats, prefix="pin")
    if page.sheet.pk is None or page.sheet.state != SheetState.SUBMITTED:
        messages.error(request, _("Only a submitted sheet can be confirmed."))
        return back_to_page(page, "state")
    if form.is_valid():
        try:
            actor = access.check_player_pin(request, page.table, page.seats,
                                            form.cleaned_data["registration"],
                                            form.cleaned_data["pin"])
        except ValidationError as error:
            form.add_error(None if hasattr(error, "error_dict") else "pin",
                           _player_error(error))
        else:
            try:
                services.sheet_confirm(user=actor, sheet=page.sheet,
                                       expected_version=form.cleaned_data["version"])
            except ValidationError as error:
                form.add_error("registration" if error.code in ("writer", "own_submission")
                               else None, error)
            else:
                messages.success(request, _("The sheet is confirmed."))
                return back_to_page(page, "state")
    throttled = any(form.has_error(name, "throttled") for name in (*form.fields, NON_FIELD_ERRORS))
    return render_page(request, page, forms={"pin": form}, status=429 if throttled else 200)


def _player_error(error: ValidationError) -> ValidationError:
    """The confirm form names its PIN field ``pin``, the table link's ``player_pin``."""
    if hasattr(error, "error_dict") and "player_pin" in error.error_dict:
        return ValidationError({"pin" if name == "player_pin" else name: errors
                                for name, errors in error.error_dict.items()})
    return error


# The round's access pages: its organisers and referees (anonymous → login, others → 403).
round_staff_required = permissions.referee_required(
    lambda _request, tournament_id: get_object_or_404(Tournament, pk=tournament_id),
    is_referee, gettext_lazy("Only the tournament's organisers and referees can do this."))


def _round(tournament: Tournament, number: int) -> Round:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    return round_


@never_cache
@require_GET
@round_staff_required
def round_access_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Every table's link and PIN of the round, to read out or open when a sheet got lost."""
    round_ = _round(tournament, number)
    tables = list(Table.objects.filter(round=round_).select_related("access").order_by("number"))
    for table in tables:
        table.round = round_
    # Showing the links issues the missing ones (an audited write), as printing them does.
    links = (access.table_accesses_issue(user=request.user, tables=tables)
             if round_.state != RoundState.CLOSED else {})
    failures = access.locked_tables(tables) if links else {}
    rows = [{"table": t, "access": links.get(t.pk), "table_url": _table_url(t),
             "link": (access.absolute_url(request, access.table_link_path(links[t.pk]))
                      if t.pk in links else ""),
             "failures": failures.get(t.pk, 0)}
            for t in tables]
    return render(request, "sheets/round_access.html", {
        "tournament": tournament, "round": round_, "rows": rows,
        "closed": round_.state == RoundState.CLOSED,
        "is_organiser": can_organise(request.user, tournament),
        "address": public_address.effective(request)})


@never_cache
@require_http_methods(["GET", "POST"])
@round_staff_required
@permissions.checked_by_view(permissions.Audience.ORGANISER)  # refused below, after the round
def public_address_view(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The public address printed QR codes and links are built on, for the tournament's
    organisers to change (a site setting: it applies to every tournament); a referee gets the
    organisers' refusal, after the round's staff check."""
    round_ = _round(tournament, number)
    if not can_organise(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's organisers can change the public "
                                 "address."))
    back = reverse("sheets:round_access", args=(tournament.pk, number))
    if request.method == "POST":
        form = PublicAddressForm(request.POST)
        if form.is_valid():
            try:
                setting = core_services.public_url_set(
                    user=request.user, url=form.cleaned_data["public_url"],
                    tournament=tournament)
            except ValidationError as error:
                apply_service_error(form, error)
            else:
                public_address.forget(request)
                address = public_address.effective(request)
                if setting.public_url:
                    messages.success(request, _("Printed QR codes and table links now use "
                                                "%(url)s. Print the table sheets again if they "
                                                "carry another address.") % {"url": address.url})
                else:
                    messages.success(request, _("The saved address is removed: links use %(url)s "
                                                "(%(source)s).")
                                     % {"url": address.url, "source": address.source.label})
                return redirect(back)
    else:
        form = PublicAddressForm(initial={"public_url": public_address.saved_url()})
    return render(request, "sheets/public_address.html", {
        "tournament": tournament, "round": round_, "form": form, "back": back,
        "is_organiser": True, "address": public_address.effective(request),
        "environment_url": public_address.environment_url(),
        "browser_url": request.build_absolute_uri("/").rstrip("/")},
        status=400 if form.is_bound else 200)


def _round_table(tournament: Tournament, number: int, table: int) -> Table:
    """The round's table by number (404 when the round has none), its round already loaded."""
    round_ = _round(tournament, number)
    target = Table.objects.filter(round=round_, number=table).first()
    if target is None:
        raise Http404
    target.round = round_
    return target


def _back_to_table(tournament: Tournament, number: int, table: Table) -> HttpResponse:
    return redirect(reverse("sheets:round_access", args=(tournament.pk, number))
                    + f"#table-{table.number}")


@require_POST
@round_staff_required
def access_regenerate_view(request: HttpRequest, tournament: Tournament, number: int,
                           table: int) -> HttpResponse:
    target = _round_table(tournament, number, table)
    access.table_access_regenerate(user=request.user, table=target)
    messages.success(request, _("Table %(table)s has a new link and PIN; the old ones no longer "
                                "work. Print its table sheet again or read the PIN out.")
                     % {"table": target.number})
    return _back_to_table(tournament, number, target)


@require_POST
@round_staff_required
def pins_unlock_view(request: HttpRequest, tournament: Tournament, number: int,
                     table: int) -> HttpResponse:
    """Clear a table's wrong PINs (its own and its players'): someone's guessing locked it."""
    target = _round_table(tournament, number, table)
    try:
        access.table_pins_unlock(user=request.user, table=target)
    except ValidationError as error:
        raise PermissionDenied(" ".join(error.messages)) from error
    messages.success(request, _("Table %(table)s: the wrong PINs are forgotten; its phones may "
                                "try again.") % {"table": target.number})
    return _back_to_table(tournament, number, target)
