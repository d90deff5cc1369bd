"""The whole table page: what it shows and which forms it offers to whom.

Each part is one small function returning only the keys it sets (a template tells an absent
form from a present one: no confirm button for who may not confirm).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import RoundState
from marias_admin.sheets.access import is_writer, may_confirm
from marias_admin.sheets.forms import (
    ReasonForm,
    ScorekeeperForm,
    StructuredHandForm,
    TextHandForm,
    TotalsForm,
    VersionForm,
)
from marias_admin.sheets.forms_access import PlayerPinForm
from marias_admin.sheets.models import Ruling, SheetState, TableSheet
from marias_admin.sheets.presenters.account import account_context, account_rows
from marias_admin.sheets.presenters.hand_panel import hand_panel
from marias_admin.sheets.presenters.page import SheetPage, symbol
from marias_admin.sheets.selectors import next_dealer


@dataclass(frozen=True)
class PageRequest:
    """What the visitor asked to see (read from the URL by the view), and what a refused POST
    brings back: its bound forms by prefix (with ``open``, the entry form to show, and
    ``hand_number``, the hand being edited), the preview and the conflict message."""

    forms: dict[str, Any] = field(default_factory=dict)
    show_deleted: bool = False
    hand_number: int | None = None
    use_form: bool = False  # the structured form instead of the shorthand
    preview: dict[str, Any] | None = None
    conflict: str | None = None
    user: Any = None  # the visitor, or the seated player the table's phone writes as


@dataclass(frozen=True)
class PageReads:
    """What the page shows besides the sheet and its hands, loaded by the view's selectors."""

    rulings: list[Ruling] = field(default_factory=list)
    history: list[AuditEntry] | None = None  # the open hand's audit trail, for referees
    candidates: Any = None  # the scorekeepers an organiser may name (a queryset)


def _frame(page: SheetPage, asked: PageRequest) -> dict[str, Any]:
    return {
        "tournament": page.tournament, "round": page.round, "table": page.table,
        "table_number": page.table.number, "seats": page.seats, "sheet": page.sheet,
        "page": page, "players": page.players, "currency": symbol(page),
        "ruleset": page.ruleset(), "provisional": page.round.state == RoundState.SEATED,
        "can_write": page.can_write, "can_confirm": page.can_confirm,
        "can_referee": page.can_referee, "can_organise": page.can_organise,
        "editable": page.editable, "mode_totals": page.mode_totals,
        "conflict": asked.conflict, "preview": asked.preview,
        "open_entry": asked.forms.get("open", "text"), "use_form": asked.use_form,
    }


def _totals_initial(sheet: TableSheet, page: SheetPage, prefix: str) -> dict[str, Any]:
    initial: dict[str, Any] = {"version": sheet.version}
    for seat in page.seats:
        initial[f"money_{seat.position}"] = getattr(sheet, f"{prefix}_money_{seat.position}")
        initial[f"pb_{seat.position}"] = getattr(sheet, f"{prefix}_pb_{seat.position}")
    return initial


def _new_hand_form(page: SheetPage, asked: PageRequest, dealer: int) -> dict[str, Any]:
    """One way of entering at a time (the structured form is long): ?entry=form switches."""
    initial = {"version": page.sheet.version, "dealer": dealer}
    if asked.use_form:
        return {"struct_form": asked.forms.get("form") or StructuredHandForm(
            initial=initial, seats=page.seats, ruleset=page.ruleset())}
    return {"text_form": asked.forms.get("text") or TextHandForm(
        initial=initial, seats=page.seats, ruleset=page.ruleset())}


def _entry_forms(page: SheetPage, asked: PageRequest, dealer: int,
                 panel: dict[str, Any] | None) -> dict[str, Any]:
    """Entering hands or totals and submitting, while the sheet may change."""
    if not (page.can_write and page.editable):
        return {}
    context: dict[str, Any] = {}
    if not page.mode_totals and panel is None:
        context["entry_open"] = True
        context.update(_new_hand_form(page, asked, dealer))
    if page.mode_totals or not page.live:
        context["totals_form"] = asked.forms.get("totals") or TotalsForm(
            initial=_totals_initial(page.sheet, page, "total"), seats=page.seats,
            required=True, prefix="totals")
    context["submit_form"] = VersionForm(initial={"version": page.sheet.version},
                                         prefix="submit")
    return context


def _paper_form(page: SheetPage, asked: PageRequest) -> dict[str, Any]:
    """The paper sheet's totals, to reconcile against the hands."""
    if not (page.can_write and not page.mode_totals and page.live):
        return {}
    return {"paper_form": asked.forms.get("paper") or TotalsForm(
        initial=_totals_initial(page.sheet, page, "paper"), seats=page.seats, required=False,
        prefix="paper")}


def _confirm_forms(page: SheetPage, asked: PageRequest, user: Any) -> dict[str, Any]:
    """Confirming needs someone who did not write on the sheet: a login's button (not for a
    writer), and the players' PIN form on the table's phone, handed across the table."""
    sheet = page.sheet
    if sheet.state != SheetState.SUBMITTED:
        return {}
    context: dict[str, Any] = {}
    if page.can_confirm and not is_writer(user, sheet, page.seats):
        context["confirm_form"] = VersionForm(initial={"version": sheet.version},
                                              prefix="confirm")
    if page.privileged:
        # A seated player confirms with his PIN, on the table's phone (or any phone of someone
        # with a role or a seat here): not open to every spectator, so nobody can guess PINs
        # from the stands.
        context["pin_confirm_form"] = asked.forms.get("pin") or PlayerPinForm(
            initial={"version": sheet.version}, seats=page.seats, prefix="pin")
        context["may_confirm"] = may_confirm(sheet, page.seats)
    return context


def _referee_forms(page: SheetPage, asked: PageRequest) -> dict[str, Any]:
    if not page.can_referee:
        return {}
    sheet = page.sheet
    context: dict[str, Any] = {}
    if sheet.state in (SheetState.SUBMITTED, SheetState.CONFIRMED):
        context["dispute_form"] = asked.forms.get("dispute") or ReasonForm(
            initial={"version": sheet.version}, prefix="dispute")
    if sheet.state != SheetState.DRAFT:
        context["reopen_form"] = asked.forms.get("reopen") or ReasonForm(
            initial={"version": sheet.version}, prefix="reopen")
    return context


def _organiser_forms(page: SheetPage, asked: PageRequest, reads: PageReads) -> dict[str, Any]:
    if not page.can_organise:
        return {}
    sheet = page.sheet
    return {"scorekeeper_form": asked.forms.get("scorekeeper") or ScorekeeperForm(
        initial={"version": sheet.version, "scorekeeper": sheet.scorekeeper_id},
        candidates=reads.candidates, prefix="scorekeeper")}


def _panel(page: SheetPage, asked: PageRequest, reads: PageReads) -> dict[str, Any] | None:
    record = page.hand(asked.hand_number) if asked.hand_number is not None else None
    if record is None:
        return None
    return hand_panel(page, record, asked.forms, asked.use_form, reads.history)


def _sitter(page: SheetPage, dealer: int) -> int | None:
    """The next dealer when he sits out: at a table of four, except in křížový, where all
    four play (ČSM obecná pravidla VII.2 L243)."""
    return dealer if page.players == 4 and not page.ruleset().partnerships else None


def table_context(page: SheetPage, asked: PageRequest, reads: PageReads) -> dict[str, Any]:
    """The table page's template context."""
    rows, account = account_rows(page, asked.show_deleted)
    dealer = next_dealer(page.live, page.players)
    panel = _panel(page, asked, reads)
    return {
        **_frame(page, asked),
        **account_context(page, rows, account, asked.show_deleted),
        "next_dealer": dealer, "sitter": _sitter(page, dealer),
        "next_number": max((h.number for h in page.hands), default=0) + 1,
        "rulings": reads.rulings,
        "panel": panel,
        **_entry_forms(page, asked, dealer, panel),
        **_paper_form(page, asked),
        **_confirm_forms(page, asked, asked.user),
        **_referee_forms(page, asked),
        **_organiser_forms(page, asked, reads),
    }
