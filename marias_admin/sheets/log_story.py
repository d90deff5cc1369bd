"""Audit entries told in words: who, what, to whom, and each changed field by its label.

The tournament log and a hand's history read the stored before/after pictures
(:func:`marias_admin.audit.services.snapshot`), which hold field names, choice keys, primary
keys and ISO times. Here they become what the page shows: the model field's verbose name, the
choice's label, the related object's name and a local time. A field nobody named (an internal
version counter) is left out rather than shown by its identifier.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from marias_admin.audit.actions import AuditAction, action_label
from marias_admin.audit.models import AuditEntry
from marias_admin.core import formatting
from marias_admin.core.people import person_name
from marias_admin.seating.editing import edit_summary
from marias_admin.seating.models import SeatingMethod
from marias_admin.sheets.forms_referee import COMPONENT_NAMES, renonc_name
from marias_admin.sheets.models import RulingKind
from marias_admin.sheets.services import FLEK_INCORRECT, FLEK_REVIEW
from scoring.types import Component

NOTHING = "–"
TOTALS_KEY = re.compile(r"^(?P<kind>total|paper)_(?P<what>money|pb)_(?P<seat>\d)$")

# Keys of before/after pictures that are not model fields, in words; any other such key stays
# out of the page (the entry's summary tells the rest).
EXTRA_LABELS = {
    "unconfirmed_tables": gettext_lazy("tables without a confirmed sheet"),
    "issued": gettext_lazy("PINs issued"),
    "count": gettext_lazy("players"),
    "registrations": gettext_lazy("registrations"),
    "created_players": gettext_lazy("new players"),
    "reused_players": gettext_lazy("players already known"),
    "created_clubs": gettext_lazy("new clubs"),
    "skipped_rows": gettext_lazy("rows skipped"),
    "error_rows": gettext_lazy("rows with errors"),
    "file": gettext_lazy("file"),
    "name": gettext_lazy("name"),
}
# Model fields that hold money in the smallest unit (a prize's value, a tournament's base rate):
# shown as money ("500,00 Kč"), never as the bare number of haléře.
MONEY_FIELDS = frozenset({"value", "base_rate"})
FLEK_CODES = {
    FLEK_INCORRECT: gettext_lazy("incorrect flek, the fleker fined"),
    FLEK_REVIEW: gettext_lazy("every flek cancelled on review"),
}


def author(entry: AuditEntry) -> str:
    """Who wrote the entry: the account, else the phone's label ("table 7 (link)")."""
    if entry.user is not None:
        return person_name(entry.user)
    after = entry.after if isinstance(entry.after, dict) else {}
    return str(after.get("actor") or NOTHING)


def local_time(value: datetime) -> str:
    """The tournament's local time in the page's language: 12. 4. 2025 9:05."""
    return formatting.moment(value)


def story_label(entry: AuditEntry) -> str:
    """The verb phrase after the author's name; a bulk action says how many it touched."""
    if entry.action == AuditAction.REGISTRATION_CHECK_IN_ALL:
        after = entry.after if isinstance(entry.after, dict) else {}
        count = after.get("count")
        if isinstance(count, int):
            return ngettext("checked in %(count)s player", "checked in %(count)s players",
                            count) % {"count": count}
    return action_label(entry.action)


def ruling_code_name(kind: str, code: str, ruleset: Any) -> str:
    """A ruling's code in words: the renonc's name, the part whose flek was cancelled."""
    if not code:
        return ""
    if kind == RulingKind.FLEK_CANCELLED:
        if code in FLEK_CODES:
            return str(FLEK_CODES[code])
        if code in {c.value for c in Component}:
            return str(COMPONENT_NAMES[Component(code)])
        return ""
    rule = ruleset.renonc(code) if ruleset is not None else None
    if rule is not None:
        return f"{code} {renonc_name(rule)}"
    return code


@dataclass
class Change:
    label: str
    before: str
    after: str


class ChangeReader:
    """Reads before/after pictures of one page of entries; related objects are looked up
    once per model and key."""

    def __init__(self, currency: str = "", seat_names: dict[int, dict[int, str]] | None = None):
        self.currency = currency
        self.seat_names = seat_names or {}
        self._related: dict[tuple[type[models.Model], Any], str] = {}

    def prefetch(self, entries: Iterable[AuditEntry]) -> None:
        """Look up every related object the entries name, in one query per model: the log
        page's queries must not grow with the entries it shows."""
        wanted: dict[type[models.Model], set[Any]] = {}
        for entry in entries:
            model = _model(entry.object_type)
            for picture in (entry.before, entry.after):
                if not isinstance(picture, dict):
                    continue
                for key, value in picture.items():
                    field = _field(model, key) if _scalar(value) else None
                    if (field is not None and field.is_relation
                            and field.related_model is not None and value not in (None, "")):
                        wanted.setdefault(field.related_model, set()).add(value)
        users = get_user_model()
        for model, keys in wanted.items():
            by_pk = {k for k in keys if not (isinstance(k, str) and not k.isdigit())}
            by_name = keys - by_pk
            for obj in model._default_manager.filter(pk__in=by_pk):
                shown = person_name(obj) if isinstance(obj, users) else str(obj)
                self._related[(model, obj.pk)] = shown
                self._related[(model, str(obj.pk))] = shown
            if model is users and by_name:
                for obj in model._default_manager.filter(**{
                        f"{model.USERNAME_FIELD}__in": by_name}):
                    self._related[(model, obj.get_username())] = person_name(obj)

    def changes(self, entry: AuditEntry, before: Any, after: Any,
                table_id: int | None = None) -> list[Change]:
        before = before if isinstance(before, dict) else {}
        after = after if isinstance(after, dict) else {}
        model = _model(entry.object_type)
        out = []
        for key in _ordered_keys(model, before, after):
            old, new = before.get(key), after.get(key)
            if old == new or not (_scalar(old) and _scalar(new)):
                continue
            found = self._field_change(model, key, old, new, table_id)
            if found is not None:
                out.append(found)
        return out

    def _field_change(self, model: type[models.Model] | None, key: str, old: Any, new: Any,
                      table_id: int | None) -> Change | None:
        totals = TOTALS_KEY.match(key)
        if totals:
            seat = int(totals["seat"])
            who = self.seat_names.get(table_id or 0, {}).get(seat) or _("seat %(seat)s") % {
                "seat": seat}
            what = _("money") if totals["what"] == "money" else _("PB")
            show = self._money if totals["what"] == "money" else _pb
            return Change(f"{who}: {what}", show(old), show(new))
        field = _field(model, key)
        if field is None:
            label = EXTRA_LABELS.get(key)
            if label is None:
                return None
            return Change(capfirst(str(label)), _plain(old), _plain(new))
        return Change(capfirst(str(field.verbose_name)), self._value(field, old),
                      self._value(field, new))

    def _value(self, field: models.Field[Any, Any], value: Any) -> str:
        if value is None or value == "":
            return NOTHING
        if field.choices:
            return str(dict(field.flatchoices).get(value, value))
        if field.is_relation and field.related_model is not None:
            return self._name_of(field.related_model, value)
        if isinstance(field, models.DateTimeField):
            try:
                return local_time(datetime.fromisoformat(str(value)))
            except ValueError:
                return str(value)
        if isinstance(field, models.DateField):
            try:
                return formatting.day(date.fromisoformat(str(value)))
            except ValueError:
                return str(value)
        if isinstance(field, models.BooleanField):
            return _("yes") if value else _("no")
        if field.name in MONEY_FIELDS:
            return self._money(value)
        return str(value)

    def _name_of(self, model: Any, pk: Any) -> str:
        key = (model, pk)
        by_name = isinstance(pk, str) and not pk.isdigit()
        if by_name and model is not get_user_model():
            return pk
        if key not in self._related:
            # A role's picture names its user by login name, everything else by key.
            where = {model.USERNAME_FIELD: pk} if by_name else {"pk": pk}
            obj = model._default_manager.filter(**where).first()
            if obj is None:
                self._related[key] = str(pk) if by_name else NOTHING
            elif isinstance(obj, get_user_model()):
                self._related[key] = person_name(obj)
            else:
                self._related[key] = str(obj)
        return self._related[key]

    def _money(self, value: Any) -> str:
        number = _number(value)
        return NOTHING if number is None else formatting.money(int(number), self.currency)


def _pb(value: Any) -> str:
    number = _number(value)
    return NOTHING if number is None else formatting.pb(number)


def _number(value: Any) -> Decimal | None:
    if value in (None, "", "None"):
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def _plain(value: Any) -> str:
    if value is None or value == "":
        return NOTHING
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int | float | bool | type(None))


def _model(object_type: str) -> type[models.Model] | None:
    try:
        return apps.get_model(object_type)
    except (LookupError, ValueError):
        return None


def _field(model: type[models.Model] | None, key: str) -> Any:
    if model is None:
        return None
    try:
        field = model._meta.get_field(key)
    except FieldDoesNotExist:
        return None
    if not getattr(field, "concrete", False):
        return None
    # A field its model never named (a version counter) has only its identifier to show.
    if str(field.verbose_name) == field.name.replace("_", " ") and not field.is_relation:
        return None
    return field


def _ordered_keys(model: type[models.Model] | None, before: dict[str, Any],
                  after: dict[str, Any]) -> Iterable[str]:
    """Keys in the model's field order (how its form reads), the rest after them."""
    keys = set(before) | set(after)
    order = [f.name for f in model._meta.get_fields()] if model is not None else []
    known = [k for k in order if k in keys]
    return known + sorted(keys - set(known))


def told_summary(entry: AuditEntry, round_number: int | None = None) -> str:
    """The entry's one-line summary in the page's language.

    The writer stored the summary in the language of his own page (a Czech organiser's
    "2. kolo rozsazeno …" would greet a Slovak or English reader); where the entry's
    after-picture holds what the sentence says, it is told again here, now. An entry whose
    data does not tell it keeps its stored words."""
    after = entry.after if isinstance(entry.after, dict) else {}
    number = round_number
    action = entry.action
    if action == AuditAction.ROUND_SEAT and number and "seed" in after:
        try:
            method: Any = SeatingMethod(after.get("method")).label
        except ValueError:
            return entry.summary
        return _("Round %(number)s seated (%(method)s, seed %(seed)s)") % {
            "number": number, "method": method, "seed": after["seed"]}
    if action == AuditAction.ROUND_CLOCK_START and number:
        return _("Round %(number)s: clock started") % {"number": number}
    if action == AuditAction.ROUND_CLOCK_PAUSE and number:
        return _("Round %(number)s: clock paused") % {"number": number}
    if action == AuditAction.ROUND_CLOCK_RESUME and number:
        return _("Round %(number)s: clock resumed") % {"number": number}
    if action == AuditAction.ROUND_CLOCK_ADJUST and number and isinstance(
            after.get("minutes"), int):
        return _("Round %(number)s: round length %(minutes)s min") % {
            "number": number, "minutes": after["minutes"]}
    if action == AuditAction.TABLE_ACCESS_ISSUE and number and isinstance(
            after.get("tables"), list):
        return _("Round %(round)s: table links and PINs issued for tables %(tables)s") % {
            "round": number, "tables": ", ".join(str(n) for n in after["tables"])}
    if action == AuditAction.REGISTRATION_PINS and isinstance(after.get("issued"), int):
        return _("Player PINs issued: %(count)s") % {"count": after["issued"]}
    if action in (AuditAction.ROUND_MOVE, AuditAction.ROUND_LATE_ENTRY,
                  AuditAction.ROUND_LOCK) and number and isinstance(after.get("edit"), dict):
        return edit_summary(after["edit"], number) or entry.summary
    if action == AuditAction.ROUND_SWAP and number:
        # The two names follow the stored arrow ("… 2. kolo: A ↔ B" in any language).
        names = entry.summary.partition(": ")[2]
        if " ↔ " in names:
            a, _arrow, b = names.partition(" ↔ ")
            return _("Round %(number)s: %(a)s ↔ %(b)s") % {"number": number, "a": a, "b": b}
    return entry.summary
