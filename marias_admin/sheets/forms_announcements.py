"""The structured form's fields for the volený families (ČSM obecná pravidla, pagat): what the
defence announces (sedma proti, sto proti), who said each raise, and a killed seven.

They exist only where the tournament's ruleset has them, so the SZMK and ČSM licitovaný forms
stay as they were. :class:`AnnouncementFields` adds the fields, turns them into the hand's
``announcements``, raise chains and ``seven_killed`` (the format of ``scoring.jsonio``), fills
them back from a stored hand for editing, and places the engine's problems about them
(``announcements.0.by`` …) next to the field that holds the fact.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.ruleset import Ruleset
from scoring.types import Component
from scoring.variants import ANNOUNCEABLE

# The engine's problems about a raise chain (scoring/variants.py): shown at the chain's field.
CHAIN_CODES = frozenset({"raises_level_mismatch", "raise_by_wrong_side"})
# The announcement's problems that belong to its result (scoring/variants.py).
RESULT_CODES = frozenset({"announcement_result_missing", "seven_killed_not_lost"})

AGAINST_LABELS = {
    Component.SEVEN: _("Seven against (sedma proti)"),
    Component.HUNDRED: _("Hundred against (sto proti)"),
}
SEVEN_AGAINST_RESULTS = [
    ("", "—"),
    ("won", _("won")),  # the defence's result (scoring.hand.Announcement.won)
    ("lost", _("lost")),
    # pagat L103: lost by being beaten in the last trick (the "vernichtete Sieben")
    ("killed", _("killed (zabitá)")),
]
_SEPARATORS = " ,;"


def has_auction(ruleset: Ruleset) -> bool:
    """Whether the contract is bid for, so the form asks at what rung the auction was won.

    Where the trump game is always forhont's (ČSM obecná pravidla VII.1 L233-239, pagat L18,
    L25) nobody bids and there is no omyl (``concession_rungs`` empty): no auction. SZMK has no
    omyl either, but its sheets may record an auction (docs/notation.md), so its field stays.
    """
    return bool(ruleset.concession_rungs) or not ruleset.trump_game_forehand_only


def records_raise_chains(ruleset: Ruleset) -> bool:
    """Whether the sheet says who said each raise: in the volený families the raises alternate
    between the sides (ČSM obecná pravidla V.5 L160-165, pagat L57-58) and the parts the
    defence announces have chains of their own (VII.1 L240, pagat L46)."""
    return bool(ruleset.defence_announcements)


def has_killed_seven(ruleset: Ruleset, components: list[Component]) -> bool:
    """A killed seven (pagat L103) where the rules price it, or where the volený families have
    a seven (then it is recorded and costs as a lost seven unless the rate says otherwise)."""
    return ruleset.rates.seven_killed is not None or (
        bool(ruleset.defence_announcements) and Component.SEVEN in components)


def doubling_levels(ruleset: Ruleset, component: Component) -> list[tuple[int, str]]:
    """The raise levels a part allows, named as the rules name them (flek, re, …). Without a
    cap (pagat L57) the named levels are offered; a longer chain of seats sets the level."""
    names = ruleset.doubling_names[:ruleset.cap_for(component)]
    return [(0, "—"), *enumerate(names, 1)]


class SeatChainField(forms.CharField):
    """The seats of the raises in order, as the sheet writes them: "2 1", "21" or "2, 1"."""

    default_error_messages = {
        "seat": _("%(field)s: “%(char)s” at character %(position)s is not a seat; give the "
                  "seats of the raises in order (1–%(max)s), for example 2 1."),
    }

    def __init__(self, *, players: int, title: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 40)
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.players, self.title = players, title

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        attrs = super().widget_attrs(widget)
        attrs.update(inputmode="numeric", autocomplete="off", size="6", placeholder="2 1")
        return attrs

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return " ".join(str(s) for s in value)
        return value

    def to_python(self, value: Any) -> tuple[int, ...]:  # type: ignore[override]
        text = super().to_python(value) or ""
        seats = []
        for index, char in enumerate(text):
            if char in _SEPARATORS:
                continue
            if not (char.isascii() and char.isdigit() and 1 <= int(char) <= self.players):
                raise ValidationError(self.error_messages["seat"], code="seat", params={
                    "field": self.title, "char": char, "position": index + 1,
                    "max": self.players})
            seats.append(int(char))
        return tuple(seats)


class AnnouncementFields:
    """A mixin of :class:`marias_admin.sheets.forms.StructuredHandForm` (a ``HandForm``)."""

    # Set by the form this is mixed into, which also gives self[name] and add_error.
    fields: dict[str, forms.Field]
    ruleset: Ruleset
    players: int
    components: list[Component]
    against: list[Component] = []
    announced: list[Component] = []

    # -- fields --------------------------------------------------------------------------------

    def add_announcement_fields(self, seat_choices: list[tuple[int, str]],
                                part_labels: dict[Component, Any]) -> None:
        """Announcements against the declarer, raise chains and the killed seven, where the
        ruleset has them; the auction's field only where there is an auction."""
        ruleset = self.ruleset
        if not has_auction(ruleset):
            self.fields.pop("bid", None)  # docs/csm-voleny.md: "the bid field is not used"
        if Component.TWO_SEVENS not in self.components:
            self.fields.pop("helper", None)  # the helper suit is the two sevens' only
        # As the rules name them: sedma proti, then sto proti (VII.1 L240).
        self.against = [c for c in ANNOUNCEABLE if c in ruleset.defence_announcements]
        for c in self.against:
            # ČSM obecná pravidla VII.1 L240, pagat L46: a defender announces; each has its
            # own chain (the declarer's side says flek) and the seven its result.
            self.fields[f"against_{c.value}_by"] = forms.TypedChoiceField(
                label=_("announced by"), required=False, coerce=int, empty_value=None,
                choices=[("", "—"), *seat_choices])
            self.fields[f"against_{c.value}_level"] = forms.TypedChoiceField(
                label=_("flek, re, …"), coerce=int, required=False, empty_value=0,
                choices=doubling_levels(ruleset, c))
            self.fields[f"against_{c.value}_raised_by"] = SeatChainField(
                label=_("raised by"), players=self.players,
                title=_("%(part)s, raised by") % {"part": AGAINST_LABELS[c]})
            if c is Component.SEVEN:
                self.fields["against_seven_result"] = forms.ChoiceField(
                    label=_("result"), required=False, choices=SEVEN_AGAINST_RESULTS)
        if records_raise_chains(ruleset):
            for c in self.components:
                self.fields[f"raised_by_{c.value}"] = SeatChainField(
                    label=_("raised by"), players=self.players,
                    title=_("raised by: %(part)s") % {"part": part_labels[c]})
        if has_killed_seven(ruleset, self.components):
            # pagat L103: the declarer's announced seven beaten in the last trick.
            self.fields["seven_killed"] = forms.BooleanField(
                label=_("Seven killed (zabitá): beaten in the last trick"), required=False)

    @property
    def against_groups(self) -> list[dict[str, Any]]:
        """One block per announcement for the template: its name and its fields."""
        groups = []
        for c in self.against:
            names = [f"against_{c.value}_{n}" for n in ("by", "level", "raised_by", "result")]
            # ČSM obecná pravidla VII.1 L240-241 (pagat L89): the sto proti is counted as the
            # declarer's sto, sides swapped: the points decide it, there is no result to give.
            hint = (_("The points decide it: give the card points and the defence's "
                      "marriages below.") if c is Component.HUNDRED else "")
            groups.append({"label": AGAINST_LABELS[c], "hint": hint,
                           "fields": [self[n] for n in names if n in self.fields]})
        return groups

    @property
    def chain_rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Each part's level beside the seats who raised it (empty without chains)."""
        return [(self[f"doubling_{c.value}"], self[f"raised_by_{c.value}"])
                for c in self.components if f"raised_by_{c.value}" in self.fields]

    # -- the hand ------------------------------------------------------------------------------

    def add_chains(self, data: dict[str, Any], doublings: dict[str, Any]) -> None:
        """Who said each raise of a part: ``{"raises": [2, 1]}`` (docs/notation.md ``rh#21``).
        A level chosen as well is kept, so that the engine names a mismatch."""
        for c in self.components:
            chain = data.get(f"raised_by_{c.value}") or ()
            if not chain:
                continue
            spec = doublings.get(c.value)
            if isinstance(spec, dict):
                spec["raises"] = list(chain)
            else:
                doublings[c.value] = {"raises": list(chain), **({"level": spec} if spec else {})}

    def announcement_facts(self, data: dict[str, Any]) -> dict[str, Any]:
        """The hand's ``announcements`` and ``seven_killed`` from the fields."""
        facts: dict[str, Any] = {}
        items, self.announced = [], []
        for c in self.against:
            item = self._announcement(c, data)
            if item is not None:
                items.append(item)
                self.announced.append(c)
        if items:
            facts["announcements"] = items
        if data.get("seven_killed"):
            facts["seven_killed"] = True
        return facts

    def _announcement(self, c: Component, data: dict[str, Any]) -> dict[str, Any] | None:
        by = data.get(f"against_{c.value}_by")
        level = data.get(f"against_{c.value}_level") or 0
        chain = data.get(f"against_{c.value}_raised_by") or ()
        result = data.get(f"against_{c.value}_result") or ""
        if by is None:
            if level or chain or result:
                self.add_error(f"against_{c.value}_by", _("Choose who announced it."))
            return None
        item: dict[str, Any] = {"component": c.value, "by": by}
        if level:
            item["level"] = level
        if chain:
            item["raises"] = list(chain)
        if result:
            item["won"] = result == "won"
        if result == "killed":
            item["killed"] = True
        return item

    @staticmethod
    def announcement_initial(hand: dict[str, Any]) -> dict[str, Any]:
        """The fields back from a stored hand (the inverse of :meth:`announcement_facts` and
        :meth:`add_chains`): a chain fills "raised by" and leaves the level to it."""
        initial: dict[str, Any] = {}
        for key, spec in (hand.get("doublings") or {}).items():
            if isinstance(spec, dict) and spec.get("raises"):
                initial[f"raised_by_{key}"] = list(spec["raises"])
                initial[f"doubling_{key}"] = spec.get("level", 0)
        for item in hand.get("announcements") or []:
            prefix = f"against_{item['component']}"
            initial[f"{prefix}_by"] = item["by"]
            initial[f"{prefix}_level"] = item.get("level", 0)
            initial[f"{prefix}_raised_by"] = list(item.get("raises") or [])
            if item.get("won") is not None:
                initial[f"{prefix}_result"] = (
                    "won" if item["won"] else "killed" if item.get("killed") else "lost")
        initial["seven_killed"] = bool(hand.get("seven_killed"))
        return initial

    # -- the engine's problems -----------------------------------------------------------------

    def announcement_field(self, engine_field: str, code: str | None) -> str | None:
        """The field for a problem about an announcement, a raise chain or a killed seven, or
        None when the problem is about something else."""
        found = re.fullmatch(r"announcements\.(\d+)(?:\.(\w+))?", engine_field)
        if found is not None:
            index, part = int(found[1]), found[2]
            if index >= len(self.announced):
                return None
            return self._against_field(self.announced[index].value, part, code)
        if engine_field == "announcements":
            return "contract"  # variant_fact_without_contract
        if engine_field == "seven_killed":
            return "seven_killed" if "seven_killed" in self.fields else "seven_won"
        parts = engine_field.split(".")
        if parts[0] == "doublings" and len(parts) > 1 and code in CHAIN_CODES:
            name = f"raised_by_{parts[1]}"
            return name if name in self.fields else None
        return None

    def _against_field(self, component: str, part: str | None, code: str | None) -> str:
        prefix = f"against_{component}"
        if part in ("won", "killed") or code in RESULT_CODES:
            chosen = f"{prefix}_result"
        elif part == "raises" or code in CHAIN_CODES:
            chosen = f"{prefix}_raised_by"
        elif part == "level" or code == "doubling_negative":
            chosen = f"{prefix}_level"
        else:
            chosen = f"{prefix}_by"
        return chosen if chosen in self.fields else f"{prefix}_by"
