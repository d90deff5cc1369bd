"""Loading a table's sheet page for a request, shared by the page's views and the access
views: the tournament, round and table from the URL, who the visitor is to it (roles, a seat,
the table link's grant), 404 or the dead-link page when hidden, and the page rendered with
what the request asks to see."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from marias_admin.core.params import positive_int
from marias_admin.seating.models import Round
from marias_admin.sheets import access
from marias_admin.sheets.models import TableSheet
from marias_admin.sheets.presenters.offline import offline_context
from marias_admin.sheets.presenters.page import SheetPage
from marias_admin.sheets.presenters.table import PageReads, PageRequest, table_context
from marias_admin.sheets.selectors import (
    can_confirm,
    can_write,
    hand_audit_entries,
    is_referee,
    round_by_number,
    round_is_seated,
    scorekeeper_candidates,
    seated_user_ids,
    seats_of,
    sheet_hands,
    sheet_rulings,
    stored_sheet,
    table_by_number,
    tournament_by_id,
)
from marias_admin.tournaments.middleware import tournament_of
from marias_admin.tournaments.models import Role, Tournament
from marias_admin.tournaments.selectors import user_roles


def _not_seated(request: HttpRequest, tournament: Tournament, round: Round) -> HttpResponse:
    return render(request, "seating/public_not_seated.html",
                  {"tournament": tournament, "round": round}, status=404)


def link_ended(request: HttpRequest) -> HttpResponse:
    """A phone whose table link was replaced or whose round closed: the link's own page says
    so (a login page would mean nothing to a player without an account)."""
    return render(request, "sheets/table_link.html", {"dead": True}, status=403)


def _tournament_and_round(request: HttpRequest, tournament_id: int,
                          number: int) -> tuple[Tournament, Round]:
    # The language middleware read the tournament when its language was not cached.
    tournament = tournament_of(request, tournament_id) or tournament_by_id(tournament_id)
    round = round_by_number(tournament, number) if tournament is not None else None
    if tournament is None or round is None:
        raise Http404
    return tournament, round


def load_page(request: HttpRequest, tournament_id: int, number: int,
              table_number: int) -> SheetPage | HttpResponse:
    tournament, round = _tournament_and_round(request, tournament_id, number)
    table = table_by_number(round, table_number)
    seats = seats_of(table) if table is not None else []
    grant = (table is not None and access.has_grant(request, table)
             and access.grant_registration(request, table) in seat_registrations(seats))
    user = request.user
    roles = user_roles(user, tournament)
    seated = bool(user.is_authenticated and user.pk in seated_user_ids(seats))
    privileged = bool(roles) or seated or grant
    if not privileged and not tournament.public_seating:
        if access.grant_ended(request, table):
            return link_ended(request)
        raise Http404
    if table is None or not seats:
        if not round_is_seated(round):
            return _not_seated(request, tournament, round)
        raise Http404
    sheet = stored_sheet(table) or TableSheet(table=table)
    by_account = can_write(user, sheet, seats, tournament, roles=roles)
    page = SheetPage(
        tournament=tournament, round=round, table=table, seats=seats, sheet=sheet, roles=roles,
        privileged=privileged, show_account=privileged or tournament.public_results,
        can_write=by_account or can_write(user, sheet, seats, tournament, table_grant=grant,
                                          roles=roles),
        can_confirm=can_confirm(user, sheet, seats, tournament, roles=roles),
        can_referee=is_referee(user, tournament, roles=roles),
        can_organise=Role.ORGANISER in roles,
        table_grant=grant,
    )
    page.by_link = page.can_write and not by_account
    if sheet.pk is not None and page.show_account:
        page.hands = sheet_hands(sheet)
    return page


def seat_registrations(seats: list[Any]) -> set[int]:
    return {s.registration_id for s in seats}


def link_holder(request: HttpRequest, page: SheetPage) -> Any:
    """The seated player this phone writes as (he opened the table's link with his own PIN),
    or None when it has no such grant."""
    if not page.table_grant:
        return None
    registration_id = access.grant_registration(request, page.table)
    seat = next((s for s in page.seats if s.registration_id == registration_id), None)
    return access.link_player_actor(page.table, seat.registration) if seat else None


def write_author(request: HttpRequest, page: SheetPage) -> Any:
    """The author of a write: the visitor's account, or for a phone that writes by the
    table's link, the seated player who opened it with his own PIN."""
    return link_holder(request, page) if page.by_link else request.user


def _asked(request: HttpRequest, page: SheetPage, forms: dict[str, Any],
           preview: dict[str, Any] | None, conflict: str | None) -> PageRequest:
    """What the URL asks to see (?deleted=1, ?hand=N, ?entry=form), with a refused POST's
    forms: its open entry form wins over ?entry=."""
    use_form = (forms["open"].endswith("form") if "open" in forms
                else request.GET.get("entry") == "form")
    return PageRequest(
        forms=forms, show_deleted=page.can_referee and request.GET.get("deleted") == "1",
        hand_number=positive_int(request.GET.get("hand") or forms.get("hand_number")),
        use_form=use_form, preview=preview, conflict=conflict, user=write_author(request, page))


def _reads(page: SheetPage, asked: PageRequest) -> PageReads:
    """What the page shows besides the hands, read only for whom it is shown."""
    record = page.hand(asked.hand_number) if asked.hand_number is not None else None
    return PageReads(
        rulings=sheet_rulings(page.sheet) if page.sheet.pk and page.show_account else [],
        history=(list(hand_audit_entries(record))
                 if record is not None and page.can_referee else None),
        candidates=scorekeeper_candidates(page.tournament) if page.can_organise else None)


def render_page(request: HttpRequest, page: SheetPage, *, forms: dict[str, Any] | None = None,
                preview: dict[str, Any] | None = None, conflict: str | None = None,
                status: int = 200) -> HttpResponse:
    asked = _asked(request, page, forms or {}, preview, conflict)
    context = table_context(page, asked, _reads(page, asked))
    # Whom the table's phone writes as (not shown to a login that writes as itself).
    context["link_holder"] = (link_holder(request, page)
                              if page.by_link or not page.can_write else None)
    if page.can_write and page.show_account:  # the offline queue (issue 25)
        context.update(offline_context(page))
    return render(request, "sheets/table.html", context, status=status)


def back_to_page(page: SheetPage, anchor: str = "", query: str = "") -> HttpResponse:
    return redirect(page.url + (f"?{query}" if query else "") + (f"#{anchor}" if anchor else ""))
