"""Forms of the seating editor: move a player, seat a late entry, lock seats.

The pickers are text inputs with a ``<datalist>``: the browser suggests as the director types
(240 names need no 240-option select), and without a browser's help the typed text still
works: a unique part of a name is enough, accents and case aside ("novak" finds Novák).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from marias_admin.core.ordering import name_key
from marias_admin.seating.models import Seat
from marias_admin.tournaments.forms import Form
from marias_admin.tournaments.models import Registration

PLACE = re.compile(r"^\s*(\d{1,3})\s*(?:[/.,:\s-]\s*(\d))?\s*$")


def fold(text: str) -> str:
    """Lower case without accents and with single spaces, for matching typed names."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


@dataclass(frozen=True)
class Option:
    value: str  # what the datalist offers and the input submits
    label: str  # what the browser shows beside it
    key: int  # registration id


def player_options(seats: list[Seat] | None = None,
                   registrations: list[Registration] | None = None,
                   language: str | None = None) -> list[Option]:
    """Seated players as "Name (table/seat)", or registrations by name, alphabetically."""
    options: list[tuple[Any, Option]] = []
    for seat in seats or []:
        p = seat.registration.player
        options.append(((name_key(p.last_name, p.first_name, language), seat.registration_id),
                        Option(f"{p.full_name} ({seat.table.number}/{seat.position})",
                               p.club.name if p.club_id and p.club else "",
                               seat.registration_id)))
    for reg in registrations or []:
        p = reg.player
        options.append(((name_key(p.last_name, p.first_name, language), reg.pk),
                        Option(p.full_name, p.club.name if p.club_id and p.club else "",
                               reg.pk)))
    ordered = [o for _k, o in sorted(options, key=lambda item: item[0])]
    # namesakes (father and son) get their club, else their entry's number, so that each
    # offer names one player: the exact match below must never pick one of two silently
    for suffix in (lambda o: o.label, lambda o: f"#{o.key}"):
        counts = Counter(o.value for o in ordered)
        ordered = [replace(o, value=f"{o.value} – {suffix(o)}")
                   if counts[o.value] > 1 and suffix(o) else o for o in ordered]
    return ordered


def pick(text: str, options: list[Option]) -> int:
    """The registration the typed text names: the exact offer, else the one whose name
    contains it. Raises ValidationError naming the text when none or several match."""
    wanted = fold(text)
    if not wanted:
        raise forms.ValidationError(_("Type a player's name."), code="required")
    exact = {o.key for o in options if fold(o.value) == wanted}
    found = exact or {o.key for o in options if wanted in fold(o.value)}
    if len(found) == 1:
        return found.pop()
    if not found:
        raise forms.ValidationError(_("No player here matches “%(text)s”.") % {"text": text},
                                    code="no_match")
    raise forms.ValidationError(
        _("Several players match “%(text)s”: type more of the name.") % {"text": text},
        code="ambiguous")


def parse_place(text: str) -> tuple[int, int | None]:
    """ "12/3" → table 12, seat 3; "12" → table 12, any seat."""
    match = PLACE.match(text or "")
    if not match or int(match.group(1)) < 1:
        raise forms.ValidationError(
            _("Write the table and seat as 12/3, or only the table number."), code="place")
    seat = int(match.group(2)) if match.group(2) else None
    if seat is not None and not 1 <= seat <= 4:
        raise forms.ValidationError(_("Seats are numbered 1 to 4."), code="place")
    return int(match.group(1)), seat


def place_options(seats: list[Seat], table_size: int) -> list[Option]:
    """Every seat as "table/seat" with its player, and each table's next free seat."""
    by_table: dict[int, list[Seat]] = {}
    for seat in seats:
        by_table.setdefault(seat.table.number, []).append(seat)
    options = []
    for number, table_seats in sorted(by_table.items()):
        for seat in sorted(table_seats, key=lambda s: s.position):
            options.append(Option(f"{number}/{seat.position}",
                                  seat.registration.player.full_name, seat.registration_id))
        if len(table_seats) < 4:
            options.append(Option(f"{number}/{len(table_seats) + 1}", _("empty seat"), 0))
    return options


class DatalistInput(forms.TextInput):
    """A choice field typed into, with the choices suggested by a ``<datalist>``: the input
    shows and submits a choice's label; the field gets its key back (a key itself, as older
    pages and scripts post it, is taken as is). Text that names no single choice is passed on
    unchanged, so the field refuses it as an invalid choice."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({"autocomplete": "off", "spellcheck": "false", **(attrs or {})})
        self.choices: list[tuple[Any, str]] = []

    def _options(self) -> list[Option]:
        return [Option(str(label), "", int(key)) for key, label in self.choices
                if key not in ("", None)]

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        labels = {str(key): label for key, label in self.choices}
        shown = labels.get(str(value), value) if value not in (None, "") else ""
        context = super().get_context(name, shown, attrs)
        list_id = f"{context['widget']['attrs'].get('id') or name}-options"
        context["widget"]["attrs"]["list"] = list_id
        context["list_id"] = list_id
        return context

    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None,
               renderer: Any = None) -> SafeString:
        list_id = self.get_context(name, value, attrs)["list_id"]
        options = format_html_join("", '<option value="{}"></option>',
                                   ((o.value,) for o in self._options()))
        return format_html('{}<datalist id="{}">{}</datalist>',
                           super().render(name, value, attrs, renderer), list_id, options)

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        text = data.get(name)
        if not text:
            return text
        keys = {str(key) for key, _label in self.choices}
        if str(text).strip() in keys:
            return str(text).strip()
        try:
            return str(pick(str(text), self._options()))
        except forms.ValidationError:
            return text


def _picker(list_id: str, label: Any, help_text: Any = "") -> forms.CharField:
    return forms.CharField(
        label=label, max_length=200, help_text=help_text,
        widget=forms.TextInput(attrs={"list": list_id, "autocomplete": "off",
                                      "spellcheck": "false"}))


def _version() -> forms.IntegerField:
    return forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)


class _PlayerPickForm(Form):
    """A form whose ``player`` is typed into a picker: the text is read against the
    ``options`` offered (a unique part of a name is enough) into a registration id."""

    def __init__(self, *args: Any, options: list[Option], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.options = options

    def clean_player(self) -> int:
        return pick(self.cleaned_data["player"], self.options)


class MoveForm(_PlayerPickForm):
    player = _picker("move-players", gettext_lazy("player"),
                     gettext_lazy("Type part of the name."))
    place = _picker("move-places", gettext_lazy("to table/seat"),
                    gettext_lazy("12/3 swaps with the player there; 12 alone takes a free "
                                 "seat at table 12."))
    confirm_reseat = forms.BooleanField(required=False, widget=forms.HiddenInput)
    version = _version()

    def clean_place(self) -> tuple[int, int | None]:
        return parse_place(self.cleaned_data["place"])


class LateEntryForm(_PlayerPickForm):
    player = _picker("late-players", gettext_lazy("player"))
    confirm_reseat = forms.BooleanField(required=False, widget=forms.HiddenInput)
    version = _version()


class LockForm(_PlayerPickForm):
    player = _picker("lock-players", gettext_lazy("player"))
    place = _picker("lock-places", gettext_lazy("at table/seat"),
                    gettext_lazy("12/3 for one seat; 12 alone for any seat at table 12."))
    later_rounds = forms.BooleanField(label=gettext_lazy("also in the later rounds"),
                                      required=False)

    def clean_place(self) -> tuple[int, int | None]:
        return parse_place(self.cleaned_data["place"])


class TableLockForm(Form):
    table = forms.IntegerField(label=gettext_lazy("table"), min_value=1, max_value=999,
                               widget=forms.NumberInput(attrs={"inputmode": "numeric"}))


class UnlockForm(Form):
    registration = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
