"""The table page: the digital stolový lístek of one table in one round, phone first.

The QR code on the printed sheet opens it (``sheets:table``). Everyone the tournament's
public toggles allow reads it; the table's scorekeeper, referees and organisers write through
the forms on it. Views stay thin: the forms shape the input, the engine settles, the services in
:mod:`marias_admin.sheets.services` write (one transaction each, audited, refused with
:class:`~marias_admin.sheets.services.SheetConflict` when someone else wrote first). A refusal
is always a message in the visitor's language next to what caused it, never an error page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from marias_admin.core import formatting
from marias_admin.core.forms import apply_service_error
from marias_admin.core.params import positive_int
from marias_admin.core.templatetags.marias import money
from marias_admin.seating.models import Round, RoundState, Seat, Table
from marias_admin.sheets import access, services
from marias_admin.sheets.forms import (
    HAND_FORMS,
    HandForm,
    ReasonForm,
    ScorekeeperForm,
    StructuredHandForm,
    TextHandForm,
    TotalsForm,
    VersionForm,
    language,
    pb_text,
    signed,
)
from marias_admin.sheets.forms_access import PlayerPinForm
from marias_admin.sheets.log_story import author, local_time, story_label
from marias_admin.sheets.models import HandRecord, SheetMode, SheetState, TableSheet
from marias_admin.sheets.selectors import (
    EDITABLE_STATES,
    can_confirm,
    can_write,
    hand_audit_entries,
    is_referee,
    next_dealer,
    paper_differences,
    running_account,
    scorekeeper_candidates,
    seated_user_ids,
    seats_of,
)
from marias_admin.sheets.services import SheetConflict, sheet_assign_scorekeeper
from marias_admin.tournaments.models import Role, Tournament
from marias_admin.tournaments.selectors import user_roles
from scoring import ScoringError, settle
from scoring.jsonio import hand_from_dict
from scoring.notation import format_hand, format_shorthand
from scoring.ruleset import Ruleset
from scoring.table_round import holdings

# -- loading and access ------------------------------------------------------------------------


@dataclass
class SheetPage:
    """One table's sheet as the visitor may see it, with what the visitor may do."""

    tournament: Tournament
    round: Round
    table: Table
    seats: list[Seat]
    sheet: TableSheet
    roles: set[Role]
    privileged: bool  # a role in the tournament, or seated at this table
    show_account: bool
    can_write: bool
    can_confirm: bool
    can_referee: bool
    can_organise: bool
    hands: list[HandRecord] = field(default_factory=list)  # deleted ones too
    table_grant: bool = False  # this phone opened the table by its link and PIN
    by_link: bool = False  # it writes by that grant alone (no account that may write)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def url(self) -> str:
        return reverse("sheets:table",
                       args=(self.tournament.pk, self.round.number, self.table.number))

    @property
    def live(self) -> list[HandRecord]:
        return [h for h in self.hands if h.deleted_at is None]

    @property
    def editable(self) -> bool:
        return self.sheet.state in EDITABLE_STATES

    def ruleset(self) -> Any:
        if not hasattr(self, "_ruleset"):
            self._ruleset = self.tournament.ruleset()
        return self._ruleset

    def stored_sheet(self) -> TableSheet:
        """The sheet row, created on the first write (reading never creates one)."""
        if self.sheet.pk is None:
            self.sheet = services.sheet_for(self.table)
            self.sheet.table = self.table
        return self.sheet


def _not_seated(request: HttpRequest, tournament: Tournament, round: Round) -> HttpResponse:
    return render(request, "seating/public_not_seated.html",
                  {"tournament": tournament, "round": round}, status=404)


def _link_ended(request: HttpRequest) -> HttpResponse:
    """A phone whose table link was replaced or whose round closed: the link's own page says
    so (a login page would mean nothing to a player without an account)."""
    return render(request, "sheets/table_link.html", {"dead": True}, status=403)


def _load(request: HttpRequest, tournament_id: int, number: int,
          table_number: int) -> SheetPage | HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    round.tournament = tournament
    table = Table.objects.filter(round=round, number=table_number).first()
    seats = seats_of(table) if table is not None else []
    if table is not None:
        table.round = round
    grant = table is not None and access.has_grant(request, table)
    user = request.user
    roles = user_roles(user, tournament)
    seated = bool(user.is_authenticated and user.pk in seated_user_ids(seats))
    privileged = bool(roles) or seated or grant
    if not privileged and not tournament.public_seating:
        if access.grant_ended(request, table):
            return _link_ended(request)
        raise Http404
    if table is None or not seats:
        if not round.seats.exists():
            return _not_seated(request, tournament, round)
        raise Http404
    sheet = (TableSheet.objects.select_related("scorekeeper", "submitted_by", "confirmed_by")
             .filter(table=table).first()) or TableSheet(table=table)
    sheet.table = table
    by_account = can_write(user, sheet, seats, tournament)
    page = SheetPage(
        tournament=tournament, round=round, table=table, seats=seats, sheet=sheet, roles=roles,
        privileged=privileged, show_account=privileged or tournament.public_results,
        can_write=by_account or can_write(user, sheet, seats, tournament, table_grant=grant),
        can_confirm=can_confirm(user, sheet, seats, tournament),
        can_referee=is_referee(user, tournament),
        can_organise=Role.ORGANISER in roles,
        table_grant=grant,
    )
    page.by_link = page.can_write and not by_account
    if sheet.pk is not None and page.show_account:
        page.hands = list(sheet.hands.select_related("deleted_by", "mismatch_accepted_by")
                          .order_by("number"))
    return page


def _page_or_response(request: HttpRequest, kwargs: dict[str, Any],
                      allowed: Callable[[SheetPage], bool]) -> SheetPage | HttpResponse:
    """Load the sheet for a write: 404 when hidden, login for anonymous, 403 when not allowed."""
    page = _load(request, kwargs["tournament_id"], kwargs["number"], kwargs["table"])
    if isinstance(page, HttpResponse):
        return page
    if not request.user.is_authenticated and not page.table_grant:
        if access.grant_ended(request, page.table):
            return _link_ended(request)
        return redirect_to_login(page.url)
    if not allowed(page):
        raise PermissionDenied(_("You cannot change this table sheet."))
    return page


def sheet_action(allowed: Callable[[SheetPage], bool]) -> Callable[..., Any]:
    """A POST on the sheet: the view gets the loaded page instead of the URL's numbers."""

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
        return wrapper

    return decorate


def _who(request: HttpRequest, page: SheetPage) -> Any:
    """The author of a write: the visitor's account, or "table 7 (link)" for a phone that
    writes by the table's link alone."""
    return access.table_actor(page.table) if page.by_link else request.user


def _writer(page: SheetPage) -> bool:
    return page.can_write


def _referee(page: SheetPage) -> bool:
    return page.can_referee


def _organiser(page: SheetPage) -> bool:
    return page.can_organise


# -- formatting --------------------------------------------------------------------------------


def symbol(page: SheetPage) -> str:
    return formatting.currency_symbol(page.tournament.currency, formatting.language())


def page_language() -> str:
    return (get_language() or "cs")[:2]


@dataclass
class Cell:
    seat: Seat
    money: int | None
    text: str
    cumulative: str = ""
    pb: str = ""
    paper: str = ""
    differs: bool = False
    declarer: bool = False
    dealer: bool = False


@dataclass
class Row:
    hand: HandRecord
    cells: list[Cell]
    deleted: bool
    mismatch_open: bool
    declarer_name: str = ""
    marker: bool = False  # a deleted hand shown only as its number (the numbering has no gap)


def _rows(page: SheetPage, show_deleted: bool) -> tuple[list[Row], Any]:
    account = running_account(page.live, page.players)
    by_hand = {row.hand.pk: row for row in account.rows}
    rows = []
    for hand in page.hands:
        if hand.deleted_at is not None and not show_deleted:
            rows.append(Row(hand=hand, cells=[], deleted=True, mismatch_open=False, marker=True))
            continue
        money = hand.money[:page.players]
        pbs = [hand.pb_1, hand.pb_2, hand.pb_3, hand.pb_4][:page.players]
        paper = hand.paper_money or []
        account_row = by_hand.get(hand.pk)
        declarer = hand.hand.get("declarer") if hand.hand.get("contract") else None
        dealer = hand.hand.get("dealer")
        cells = []
        for i, seat in enumerate(page.seats):
            paper_value = paper[i] if i < len(paper) else None
            cells.append(Cell(
                seat=seat, money=money[i], text=signed(money[i]),
                cumulative=signed(account_row.cumulative[i]) if account_row else "",
                pb=pb_text(pbs[i]) if pbs[i] else "",
                paper=signed(paper_value) if paper_value is not None else "",
                differs=paper_value is not None and paper_value != money[i],
                declarer=seat.position == declarer, dealer=seat.position == dealer))
        name = next((c.seat.registration.player.full_name for c in cells if c.declarer), "")
        rows.append(Row(hand=hand, cells=cells, deleted=hand.deleted_at is not None,
                        mismatch_open=hand.mismatch and hand.mismatch_accepted_by_id is None,
                        declarer_name=name))
    return rows, account


# -- the page ----------------------------------------------------------------------------------


def _edit_forms(page: SheetPage, record: HandRecord) -> dict[str, HandForm]:
    ruleset = page.ruleset()
    stored = record.hand
    try:
        shorthand = format_shorthand(hand_from_dict(stored), ruleset)
    except ScoringError:
        shorthand = record.notation
    text_initial: dict[str, Any] = {
        "version": page.sheet.version, "dealer": stored.get("dealer"),
        "declarer": stored.get("declarer") if stored.get("contract") else None,
        "notation": shorthand}
    for seat, amount in zip(page.seats, record.paper_money or [], strict=False):
        text_initial[f"paper_{seat.position}"] = amount
    form_initial = {"version": page.sheet.version,
                    **StructuredHandForm.initial_from(stored)}
    kwargs = {"seats": page.seats, "ruleset": ruleset, "with_reason": True}
    return {"text": TextHandForm(initial=text_initial, prefix="edit-text", **kwargs),
            "form": StructuredHandForm(initial=form_initial, prefix="edit-form", **kwargs)}


def _explanation(page: SheetPage, record: HandRecord) -> tuple[list[str], list[str]]:
    """The itemised settlement in the page's language (the stored lines are Czech)."""
    try:
        result = settle(hand_from_dict(record.hand), page.ruleset())
    except ScoringError:
        return list(record.explanation or []), []
    lang = language()
    return ([line.as_dict(page.ruleset(), lang)["text"] for line in result.lines],
            [w.message(page_language()) for w in result.warnings])


def _history(record: HandRecord) -> list[dict[str, Any]]:
    out = []
    for entry in hand_audit_entries(record):
        out.append({
            "entry": entry,
            "label": story_label(entry),
            "who": author(entry),
            "when": local_time(entry.at),
            "before": (entry.before or {}).get("description", ""),
            "before_money": [signed(m) for m in (entry.before or {}).get("money", [])],
            "after": (entry.after or {}).get("description", ""),
            "after_money": [signed(m) for m in (entry.after or {}).get("money", [])],
        })
    return out


def _hand_panel(page: SheetPage, number: int, forms: dict[str, Any],
                use_form: bool) -> dict[str, Any] | None:
    record = next((h for h in page.hands if h.number == number), None)
    if record is None:
        return None
    lines, warnings = _explanation(page, record)
    editable = page.can_write and page.editable and record.deleted_at is None
    panel: dict[str, Any] = {
        "record": record, "lines": lines, "warnings": warnings,
        "money": [(seat, signed(m)) for seat, m in zip(page.seats, record.money, strict=False)],
        "history": _history(record) if page.can_referee else None,
        "editable": editable,
    }
    if editable:
        defaults = _edit_forms(page, record)
        if use_form:
            panel["struct_form"] = forms.get("edit-form") or defaults["form"]
        else:
            panel["text_form"] = forms.get("edit-text") or defaults["text"]
        panel["delete_form"] = forms.get("delete") or ReasonForm(
            initial={"version": page.sheet.version}, prefix="delete")
    return panel


def _totals_initial(sheet: TableSheet, seats: list[Seat], prefix: str) -> dict[str, Any]:
    initial: dict[str, Any] = {"version": sheet.version}
    for seat in seats:
        initial[f"money_{seat.position}"] = getattr(sheet, f"{prefix}_money_{seat.position}")
        initial[f"pb_{seat.position}"] = getattr(sheet, f"{prefix}_pb_{seat.position}")
    return initial


def _round_money(ruleset: Ruleset, totals: list[int]) -> list[str] | None:
    """Each seat's money of the round (SZMK C.8), or None where the rules start at zero."""
    if ruleset.round_budget is None:
        return None
    seats = range(1, len(totals) + 1)
    held = holdings(seats, [dict(zip(seats, totals, strict=True))], ruleset)
    return [money(held[seat]) for seat in seats]


def _context(request: HttpRequest, page: SheetPage, forms: dict[str, Any],
             preview: dict[str, Any] | None, conflict: str | None) -> dict[str, Any]:
    sheet, seats = page.sheet, page.seats
    show_deleted = page.can_referee and request.GET.get("deleted") == "1"
    rows, account = _rows(page, show_deleted)
    live = page.live
    dealer = next_dealer(live, page.players)
    mode_totals = sheet.mode == SheetMode.TOTALS
    context: dict[str, Any] = {
        "tournament": page.tournament, "round": page.round, "table": page.table,
        "table_number": page.table.number, "seats": seats, "sheet": sheet, "page": page,
        "players": page.players, "currency": symbol(page), "ruleset": page.ruleset(),
        "provisional": page.round.state == RoundState.SEATED,
        "show_account": page.show_account, "rows": rows, "hands": live,
        "deleted_count": sum(1 for h in page.hands if h.deleted_at is not None),
        "show_deleted": show_deleted,
        "totals": [(seat, signed(m), pb_text(p))
                   for seat, m, p in zip(seats, account.money, account.pb, strict=True)],
        # SZMK C.8: the money each player holds of the round's 10 € (nahratá suma).
        "round_money": _round_money(page.ruleset(), account.money),
        "next_dealer": dealer, "sitter": dealer if page.players == 4 else None,
        "next_number": max((h.number for h in page.hands), default=0) + 1,
        "can_write": page.can_write, "can_confirm": page.can_confirm,
        "can_referee": page.can_referee, "can_organise": page.can_organise,
        "editable": page.editable, "mode_totals": mode_totals,
        "conflict": conflict, "preview": preview,
        "open_entry": forms.get("open", "text"),
        "premium_hands": [r for r in rows if r.hand.premium_described and not r.deleted],
        "open_mismatches": [r for r in rows if r.mismatch_open and not r.deleted],
        "rulings": (list(sheet.rulings.select_related("by", "offender__player", "hand"))
                    if sheet.pk and page.show_account else []),
    }
    if mode_totals and page.show_account:
        context["typed_totals"] = [
            (seat, signed(getattr(sheet, f"total_money_{seat.position}")),
             pb_text(getattr(sheet, f"total_pb_{seat.position}")))
            for seat in seats]
    if page.show_account and not mode_totals and live:
        diffs = paper_differences(sheet, account)
        if diffs:
            context["differences"] = [
                {**d, "seat_obj": seat, "paper_text": signed(d["paper_money"]),
                 "money_text": signed(d["money"]), "paper_pb_text": pb_text(d["paper_pb"]),
                 "pb_text": pb_text(d["pb"]),
                 "diff_text": signed(d["money"] - d["paper_money"])
                 if d["paper_money"] is not None else ""}
                for d, seat in zip(diffs, seats, strict=True)]
    # One way of entering at a time (the structured form is long): ?entry=form switches.
    use_form = (forms["open"].endswith("form") if "open" in forms
                else request.GET.get("entry") == "form")
    context["use_form"] = use_form
    hand_number = positive_int(request.GET.get("hand") or forms.get("hand_number"))
    panel = None
    if hand_number is not None:
        panel = _hand_panel(page, hand_number, forms, use_form)
    context["panel"] = panel
    if page.can_write and page.editable:
        if not mode_totals and panel is None:
            context["entry_open"] = True
            if use_form:
                context["struct_form"] = forms.get("form") or StructuredHandForm(
                    initial={"version": sheet.version, "dealer": dealer}, seats=seats,
                    ruleset=page.ruleset())
            else:
                context["text_form"] = forms.get("text") or TextHandForm(
                    initial={"version": sheet.version, "dealer": dealer}, seats=seats,
                    ruleset=page.ruleset())
        if mode_totals or not live:
            context["totals_form"] = forms.get("totals") or TotalsForm(
                initial=_totals_initial(sheet, seats, "total"), seats=seats, required=True,
                prefix="totals")
        context["submit_form"] = VersionForm(initial={"version": sheet.version},
                                             prefix="submit")
    if page.can_write and not mode_totals and live:
        context["paper_form"] = forms.get("paper") or TotalsForm(
            initial=_totals_initial(sheet, seats, "paper"), seats=seats, required=False,
            prefix="paper")
    if page.can_confirm and sheet.state == SheetState.SUBMITTED:
        context["confirm_form"] = VersionForm(initial={"version": sheet.version},
                                              prefix="confirm")
    elif sheet.state == SheetState.SUBMITTED and page.privileged:
        # A seated player without an account confirms with his PIN, on the table's phone (or
        # any phone of someone with a role or a seat here): not open to every spectator, so
        # nobody can guess PINs from the stands.
        context["pin_confirm_form"] = PlayerPinForm(initial={"version": sheet.version},
                                                    seats=seats, prefix="pin")
    if page.can_referee:
        if sheet.state in (SheetState.SUBMITTED, SheetState.CONFIRMED):
            context["dispute_form"] = forms.get("dispute") or ReasonForm(
                initial={"version": sheet.version}, prefix="dispute")
        if sheet.state != SheetState.DRAFT:
            context["reopen_form"] = forms.get("reopen") or ReasonForm(
                initial={"version": sheet.version}, prefix="reopen")
    if page.can_organise:
        context["scorekeeper_form"] = forms.get("scorekeeper") or ScorekeeperForm(
            initial={"version": sheet.version, "scorekeeper": sheet.scorekeeper_id},
            candidates=scorekeeper_candidates(page.tournament), prefix="scorekeeper")
    return context



def _render(request: HttpRequest, page: SheetPage, *, forms: dict[str, Any] | None = None,
            preview: dict[str, Any] | None = None, conflict: str | None = None,
            status: int = 200) -> HttpResponse:
    context = _context(request, page, forms or {}, preview, conflict)
    return render(request, "sheets/table.html", context, status=status)


@require_GET
def table_page(request: HttpRequest, tournament_id: int, number: int,
               table: int) -> HttpResponse:
    page = _load(request, tournament_id, number, table)
    if isinstance(page, HttpResponse):
        return page
    return _render(request, page)


# -- preview -----------------------------------------------------------------------------------


def _preview(page: SheetPage, form: HandForm) -> dict[str, Any] | None:
    """The settlement the form's hand would get, or what is wrong with it (nothing saved)."""
    if isinstance(form, TextHandForm) and not (form.data.get(form.add_prefix("notation"))
                                               or "").strip():
        return None
    valid = form.is_valid()
    typing_paper = (not valid and isinstance(form, TextHandForm) and form.only_paper_missing
                    and "settlement" in form.cleaned_data)
    if not valid and not typing_paper:
        errors = [str(e) for e in form.non_field_errors()]
        for name, field_errors in form.errors.items():
            if name == "__all__" or name == "reason":
                continue
            label = form.fields[name].label if name in form.fields else name
            if name == "notation":  # the parser's message says where; the field is obvious
                errors += [str(e) for e in field_errors]
            else:
                errors += [f"{label}: {e}" for e in field_errors]
        if not errors:
            return None
        notation = form.data.get(form.add_prefix("notation"), "")
        return {"ok": False, "errors": errors, "notation": notation,
                "caret_pad": form.caret_pad}
    settlement, hand = form.settlement, form.hand
    paper = form.paper_values() if isinstance(form, TextHandForm) else []
    seats = []
    for i, seat in enumerate(page.seats):
        money = settlement.money.get(seat.position, 0)
        pb = settlement.premium.get(seat.position, 0)
        paper_value = paper[i] if paper else None
        seats.append({"seat": seat, "money": signed(money), "pb": pb_text(pb) if pb else "",
                      "paper": signed(paper_value) if paper_value is not None else "",
                      "differs": paper_value is not None and paper_value != money,
                      "declarer": hand.contract is not None and seat.position == hand.declarer,
                      "dealer": seat.position == hand.dealer})
    ruleset = page.ruleset()
    return {
        "ok": True, "seats": seats, "description": format_hand(hand, ruleset, language()),
        "lines": [line.as_dict(ruleset, language())["text"] for line in settlement.lines],
        "warnings": [w.message(page_language()) for w in settlement.warnings],
        "premium_described": settlement.premium_described,
        "premium_pending": settlement.premium_pending,
        "mismatch": any(s["differs"] for s in seats),
        "has_paper": any(v is not None for v in paper),
    }


def _bind_hand_form(request: HttpRequest, page: SheetPage, data: QueryDict | None = None,
                    *, edit: bool = False) -> HandForm:
    data = data if data is not None else request.POST
    entry = data.get("entry", "text").removeprefix("edit-")
    form_class = HAND_FORMS.get(entry, TextHandForm)
    prefix = f"edit-{form_class.entry}" if edit else form_class.entry
    return form_class(data, seats=page.seats, ruleset=page.ruleset(), prefix=prefix,
                      with_reason=edit)


@sheet_action(_writer)
def preview_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    """The live preview (htmx, as the scorekeeper types); without JavaScript the whole page."""
    edit = request.POST.get("entry", "").startswith("edit-")
    form = _bind_hand_form(request, page, edit=edit)
    if edit:
        form.fields["reason"].required = False
    preview = _preview(page, form)
    if request.htmx:
        return render(request, "sheets/_preview.html",
                      {"preview": preview, "currency": symbol(page)})
    forms: dict[str, Any] = {form.prefix: form, "open": form.prefix}
    if edit:
        forms["hand_number"] = request.POST.get("hand")
    return _render(request, page, forms=forms, preview=preview)


# -- writes ------------------------------------------------------------------------------------


def _conflict(request: HttpRequest, page: SheetPage, error: ValidationError,
              rebind: Callable[[SheetPage, QueryDict], dict[str, Any]] | None = None
              ) -> HttpResponse:
    """Someone else wrote first: the current state, the message, and the visitor's input kept
    (carrying the current version, so that saving it again is a deliberate second step)."""
    fresh = _load(request, page.tournament.pk, page.round.number, page.table.number)
    if isinstance(fresh, HttpResponse):
        return fresh
    message = " ".join(error.messages)
    forms: dict[str, Any] = {}
    if rebind is not None:
        data = request.POST.copy()
        for key in list(data):
            if key.endswith("version"):
                data[key] = str(fresh.sheet.version)
        forms = rebind(fresh, data)
    return _render(request, fresh, forms=forms, conflict=message, status=409)


def _back(page: SheetPage, anchor: str = "", query: str = "") -> HttpResponse:
    return redirect(page.url + (f"?{query}" if query else "") + (f"#{anchor}" if anchor else ""))


@sheet_action(_writer)
def hand_add_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    form = _bind_hand_form(request, page)
    forms: dict[str, Any] = {form.prefix: form, "open": form.prefix}
    if "preview" in request.POST:
        return _render(request, page, forms=forms, preview=_preview(page, form))
    if not form.is_valid():
        return _render(request, page, forms=forms, preview=_preview(page, form))
    try:
        record = services.hand_add(
            user=_who(request, page), sheet=page.stored_sheet(),
            expected_version=form.cleaned_data["version"], hand=form.hand,
            notation=form.cleaned_data.get("notation", ""), paper_money=form.paper_money())
    except SheetConflict as error:
        return _conflict(request, page, error, lambda fresh, data: {
            "open": form.prefix, form.prefix: _bind_hand_form(request, fresh, data)})
    except ValidationError as error:
        form.add_service_error(error)
        return _render(request, page, forms=forms)
    if record.mismatch:
        messages.warning(request, _("Hand %(number)s saved, but it differs from the paper "
                                    "sheet: correct it or ask a referee.")
                         % {"number": record.number})
    else:
        messages.success(request, _("Hand %(number)s saved: %(description)s")
                         % {"number": record.number, "description": record.description})
    return _back(page, "entry")


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
        return _render(request, page, forms=forms, preview=_preview(page, form))
    if not form.is_valid():
        return _render(request, page, forms=forms)
    paper = form.paper_money() if isinstance(form, TextHandForm) else record.paper_money
    try:
        record = services.hand_edit(
            user=_who(request, page), record=record,
            expected_version=form.cleaned_data["version"],
            hand=form.hand, reason=form.cleaned_data["reason"],
            notation=form.cleaned_data.get("notation", ""), paper_money=paper)
    except SheetConflict as error:
        return _conflict(request, page, error, lambda fresh, data: {
            "hand_number": hand, "open": form.prefix,
            form.prefix: _bind_hand_form(request, fresh, data, edit=True)})
    except ValidationError as error:
        form.add_service_error(error)
        return _render(request, page, forms=forms)
    messages.success(request, _("Hand %(number)s changed: %(description)s")
                     % {"number": record.number, "description": record.description})
    return _back(page, f"hand-{record.number}")


@sheet_action(_writer)
def hand_delete_view(request: HttpRequest, page: SheetPage, hand: int) -> HttpResponse:
    record = _live_record(page, hand)
    form = ReasonForm(request.POST, prefix="delete")
    forms: dict[str, Any] = {"delete": form, "hand_number": hand}
    if not form.is_valid():
        return _render(request, page, forms=forms)
    try:
        services.hand_delete(user=_who(request, page), record=record,
                             expected_version=form.cleaned_data["version"],
                             reason=form.cleaned_data["reason"])
    except SheetConflict as error:
        return _conflict(request, page, error, lambda fresh, data: {
            "hand_number": hand, "delete": ReasonForm(data, prefix="delete")})
    except ValidationError as error:
        apply_service_error(form, error)
        return _render(request, page, forms=forms)
    messages.success(request, _("Hand %(number)s deleted.") % {"number": hand})
    return _back(page, "account")


def _totals_action(request: HttpRequest, page: SheetPage, *, paper: bool) -> HttpResponse:
    prefix = "paper" if paper else "totals"
    form = TotalsForm(request.POST, seats=page.seats, required=not paper, prefix=prefix,
                      currency=symbol(page))
    forms = {prefix: form}
    if not form.is_valid():
        return _render(request, page, forms=forms)
    write = services.paper_totals_set if paper else services.totals_set
    try:
        write(user=_who(request, page), sheet=page.stored_sheet(),
              expected_version=form.cleaned_data["version"], money=form.money(),
              pb=form.pb(None if paper else Decimal(0)))
    except SheetConflict as error:
        return _conflict(request, page, error, lambda fresh, data: {
            prefix: TotalsForm(data, seats=fresh.seats, required=not paper, prefix=prefix,
                               currency=symbol(fresh))})
    except ValidationError as error:
        form.add_service_error(error)
        return _render(request, page, forms=forms)
    messages.success(request, _("The paper sheet's totals are saved.") if paper
                     else _("The totals are saved."))
    return _back(page, "reconcile" if paper else "totals")


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
            return _render(request, page, forms={prefix: form})
        messages.error(request, _("The form was incomplete; try again."))
        return _back(page, "state")
    kwargs: dict[str, Any] = {"user": _who(request, page), "sheet": page.stored_sheet()}
    if reason:
        kwargs["reason"] = form.cleaned_data["reason"]
    else:
        kwargs["expected_version"] = form.cleaned_data["version"]
    try:
        write(**kwargs)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _back(page, "state")
    messages.success(request, done)
    return _back(page, "state")


@sheet_action(_writer)
def submit_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    return _state_action(request, page, "submit", services.sheet_submit,
                         _("The sheet is submitted; another player, a referee or the organiser "
                           "confirms it."))


@require_POST
def confirm_view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    page = _page_or_response(
        request, kwargs,
        lambda p: p.can_confirm or (request.user.is_authenticated
                                    and p.sheet.submitted_by_id == request.user.pk))
    if isinstance(page, HttpResponse):
        return page
    return _state_action(request, page, "confirm", services.sheet_confirm,
                         _("The sheet is confirmed."))


@sheet_action(_referee)
def dispute_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    return _state_action(request, page, "dispute", services.sheet_dispute,
                         _("The sheet is marked as disputed."), reason=True)


@sheet_action(_referee)
def reopen_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    return _state_action(request, page, "reopen", services.sheet_reopen,
                         _("The sheet is open for changes again."), reason=True)


@sheet_action(_organiser)
def scorekeeper_view(request: HttpRequest, page: SheetPage) -> HttpResponse:
    form = ScorekeeperForm(request.POST, candidates=scorekeeper_candidates(page.tournament),
                           prefix="scorekeeper")
    if not form.is_valid():
        return _render(request, page, forms={"scorekeeper": form})
    try:
        sheet_assign_scorekeeper(user=request.user, sheet=page.stored_sheet(),
                                 scorekeeper=form.cleaned_data["scorekeeper"],
                                 expected_version=form.cleaned_data["version"])
    except SheetConflict as error:
        return _conflict(request, page, error)
    except ValidationError as error:
        apply_service_error(form, error)
        return _render(request, page, forms={"scorekeeper": form})
    messages.success(request, _("The scorekeeper is set."))
    return _back(page, "scorekeeper")
