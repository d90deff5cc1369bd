"""The open hand's panel (``?hand=N``): its settlement in words, its money per seat, its
history for referees, and the edit and delete forms while the sheet may change."""

from __future__ import annotations

from typing import Any

from marias_admin.audit.models import AuditEntry
from marias_admin.core.people import person_name
from marias_admin.sheets.forms import (
    HandForm,
    ReasonForm,
    StructuredHandForm,
    TextHandForm,
    language,
    signed,
)
from marias_admin.sheets.log_story import author, local_time, story_label
from marias_admin.sheets.models import HandRecord
from marias_admin.sheets.presenters.page import SheetPage, page_language
from scoring import ScoringError, settle
from scoring.jsonio import hand_from_dict
from scoring.notation import format_shorthand


def _edit_forms(page: SheetPage, record: HandRecord) -> dict[str, HandForm]:
    """Both ways of editing, filled with the stored hand (its shorthand written anew)."""
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


def _history(entries: list[AuditEntry]) -> list[dict[str, Any]]:
    out = []
    for entry in entries:
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


def hand_panel(page: SheetPage, record: HandRecord, forms: dict[str, Any], use_form: bool,
               history: list[AuditEntry] | None) -> dict[str, Any]:
    """The panel of ``record``; ``forms`` are the bound forms of a refused edit or delete,
    ``history`` the hand's audit trail (None: not shown, the visitor is no referee)."""
    lines, warnings = _explanation(page, record)
    editable = page.can_write and page.editable and record.deleted_at is None
    panel: dict[str, Any] = {
        "record": record, "lines": lines, "warnings": warnings,
        "money": [(seat, signed(m)) for seat, m in zip(page.seats, record.money, strict=False)],
        "history": _history(history) if history is not None else None,
        "editable": editable,
        "deleted_by": person_name(record.deleted_by) if record.deleted_by_id else "",
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
