"""The referee's ruling form: it offers what the sheet and the ruleset allow and shapes the
input for :func:`marias_admin.sheets.services.ruling_add`; the service and the engine decide.

One form serves every kind of ruling; which fields a kind needs is checked in :meth:`clean`,
so a phone without JavaScript still gets each problem next to its field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from marias_admin.core.forms import apply_service_error
from marias_admin.core.templatetags.marias import money
from marias_admin.seating.models import Seat
from marias_admin.sheets import completeness
from marias_admin.sheets.models import HandRecord, RulingKind, RulingOutcome, TableSheet
from marias_admin.sheets.services import FLEK_INCORRECT, FLEK_REVIEW
from marias_admin.tournaments.forms import Form
from marias_admin.tournaments.models import Registration
from scoring.errors import ScoringError
from scoring.jsonio import hand_from_dict
from scoring.ruleset import Ruleset
from scoring.types import Component, HandEffect

# Rulings that change a hand: the hand is required and the engine re-settles it.
HAND_KINDS = frozenset({RulingKind.RENONC, RulingKind.PREMIUM_GRANTED,
                        RulingKind.PREMIUM_REFUSED, RulingKind.FLEK_CANCELLED,
                        RulingKind.MISMATCH_ACCEPTED})
PREMIUM_KINDS = frozenset({RulingKind.PREMIUM_GRANTED, RulingKind.PREMIUM_REFUSED})
# Rulings about a player, not a hand.
PLAYER_KINDS = frozenset({RulingKind.YELLOW_CARD, RulingKind.RED_CARD,
                          RulingKind.DISQUALIFICATION, RulingKind.CONTUMATION})
# Which form fields each kind uses (for the page's show/hide and for clearing the rest).
KIND_FIELDS: dict[RulingKind, tuple[str, ...]] = {
    RulingKind.RENONC: ("hand", "offender", "code"),
    RulingKind.PREMIUM_GRANTED: ("hand",),
    RulingKind.PREMIUM_REFUSED: ("hand",),
    RulingKind.FLEK_CANCELLED: ("flek",),
    RulingKind.MISMATCH_ACCEPTED: ("hand",),
    RulingKind.YELLOW_CARD: ("offender",),
    RulingKind.RED_CARD: ("offender",),
    RulingKind.DISQUALIFICATION: ("offender",),
    RulingKind.CONTUMATION: ("offender",),
    RulingKind.OTHER: ("offender",),
    RulingKind.PB_WAIVED: ("hand",),
    RulingKind.TOTALS_ACCEPTED: (),
}

RENONC_CLASSES = {
    # the ruleset's renonc classes; a class the catalogue adds later shows its own code
    "technical": _("Technical renonc"),
    "in_play": _("Renonc in play"),
    "pausal_2": _("Renonc – paušál 2"),
    "minor": _("Minor renonce (menší)"),
    "classic": _("Classic renonce (klasický)"),
    "major": _("Major renonce (väčší)"),
    "extraordinary": _("Extraordinary renonce (mimoriadny)"),
}
EFFECTS = {
    HandEffect.REPLAYED: _("the hand is dealt again"),
    HandEffect.CONTINUES: _("play continues"),
    HandEffect.MAY_BE_PLAYED_OUT: _("played out only if the other side wishes"),
    HandEffect.NOT_PLAYED: _("the hand is not played"),
}
COMPONENT_NAMES = {
    Component.GAME: _("game (hra)"),
    Component.SEVEN: _("seven (sedma)"),
    Component.HUNDRED: _("hundred (sto)"),
    Component.BETL: _("betl"),
    Component.DURCH: _("durch"),
    Component.TWO_SEVENS: _("two sevens (dvě sedmy)"),
}
# Where the engine's and the service's error keys belong on this form.
ERROR_FIELDS = {
    "renonc.code": "code", "renonc.offender": "offender", "renonc": "code",
    "premium_ruling": "hand", "contract": "hand", "players": "hand",
    "hand": "hand", "offender": "offender", "reason": "reason", "code": "code",
    "outcome": "outcome",
}


def renonc_name(rule: Any, language: str | None = None) -> str:
    """The catalogue's own name: Czech (also for Slovak pages), English on English pages."""
    language = (language or get_language() or "cs")[:2]
    return rule.name_en if language == "en" and rule.name_en else rule.name_cs


def renonc_class_label(kind: str) -> str:
    return str(RENONC_CLASSES.get(kind, kind))


def renonc_consequence(rule: Any, ruleset: Ruleset) -> str:
    """What the renonc costs, in one line (from the ruleset's data, not from the class)."""
    parts = []
    if rule.effect is HandEffect.LOST_BY_OFFENDER:
        parts.append(str(_("the offending side loses the game; the offender pays for his "
                           "whole side")))
    if rule.penalty_rate and rule.effect is not HandEffect.LOST_BY_OFFENDER:
        units = getattr(ruleset.rates, rule.penalty_rate, None)
        if units is not None:
            parts.append(str(_("the offender pays %(amount)s to every other player")
                             % {"amount": money(units * ruleset.base, ruleset.currency)}))
    if rule.effect in EFFECTS:
        parts.append(str(EFFECTS[rule.effect]))
    if rule.kind in ruleset.forgiven_renonc_kinds:
        parts.append(str(_("the first one of each player in a round is forgiven")))
    if getattr(rule, "red_card", False):
        parts.append(str(_("red card")))
    return "; ".join(parts)


def renonc_choices(ruleset: Ruleset) -> list[tuple[str, Any]]:
    """The catalogue grouped by class, in its own order: code – name (what it costs)."""
    groups: dict[str, list[Any]] = {}
    for rule in ruleset.renoncs:
        groups.setdefault(str(getattr(rule.kind, "value", rule.kind)), []).append(rule)
    choices: list[tuple[str, Any]] = [("", "—")]
    for kind, rules in groups.items():
        costs = {r.code: renonc_consequence(r, ruleset) for r in rules}
        shared = len(set(costs.values())) == 1
        label = renonc_class_label(kind)
        if shared and costs[rules[0].code]:
            label = f"{label}: {costs[rules[0].code]}"
        options = []
        for rule in rules:
            text = f"{rule.code} – {renonc_name(rule)}"
            if not shared and costs[rule.code]:
                text += f" ({costs[rule.code]})"
            options.append((rule.code, text))
        choices.append((label, options))
    return choices


def hand_label(record: HandRecord) -> str:
    label = f"{record.number}. {record.description}"
    if record.premium_pending:
        label += " – " + str(_("PB wait for the referee"))
    if pb_open(record):
        label += " – " + str(_("PB facts missing"))
    return label


def pb_open(record: HandRecord) -> bool:
    """The hand lacks the facts for its PB and no referee waived them (issue 21)."""
    return record.pb_missing and record.pb_waiver_id is None


def premium_eligible(record: HandRecord) -> bool:
    """PB can be granted or refused only after a renonc (ČSM 2023 E.6.e/f)."""
    return bool((record.hand or {}).get("renonc"))


def mismatch_open(record: HandRecord) -> bool:
    return record.mismatch and record.mismatch_accepted_by_id is None


def hand_doublings(record: HandRecord) -> list[tuple[Component, int]]:
    try:
        hand = hand_from_dict(record.hand)
    except ScoringError:
        return []
    return [(d.component, d.level) for d in hand.doublings if d.level > 0]


def hand_flekers(record: HandRecord) -> tuple[int, ...]:
    """Seats that doubled in the hand (every defender when the sheet did not say who)."""
    try:
        hand = hand_from_dict(record.hand)
    except ScoringError:
        return ()
    return hand.flekers or (hand.defenders if hand.doublings else ())


def flek_choices(hands: Sequence[HandRecord], ruleset: Ruleset) -> list[tuple[str, Any]]:
    """Every doubled part of every hand, grouped by hand; the value names the hand too.

    Rules with a fine for an incorrect flek (SZMK 2024 E.2) offer, per fleker, the
    cancellation with the fine, and the fine-free cancellation on review (SZMK 2024 E.1) instead.
    """
    choices: list[tuple[str, Any]] = [("", "—")]
    fine = ruleset.rates.incorrect_flek * ruleset.base
    for record in hands:
        if not hand_doublings(record):
            continue
        if fine:
            options = [(f"{record.pk}:{FLEK_INCORRECT}:{seat}",
                        str(_("incorrect flek of seat %(seat)s: cancelled, he pays "
                              "%(amount)s to every other player")
                            % {"seat": seat, "amount": money(fine, ruleset.currency)}))
                       for seat in hand_flekers(record)]
            options.append((f"{record.pk}:{FLEK_REVIEW}",
                            str(_("every flek cancelled on review, no fine"))))
        else:
            options = [(f"{record.pk}:{component.value}",
                        f"{COMPONENT_NAMES[component]}: {ruleset.doubling_name(level)}")
                       for component, level in hand_doublings(record)]
        choices.append((f"{record.number}. {record.description}", options))
    return choices


class OffenderField(forms.ModelChoiceField):
    def __init__(self, *args: Any, seats: Sequence[Seat], **kwargs: Any) -> None:
        self.positions = {s.registration_id: s.position for s in seats}
        super().__init__(*args, **kwargs)

    def label_from_instance(self, obj: Registration) -> str:
        return f"{self.positions.get(obj.pk, '?')}. {obj.player.full_name}"


class HandField(forms.ModelChoiceField):
    def label_from_instance(self, obj: HandRecord) -> str:
        return hand_label(obj)


class RulingForm(Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    kind = forms.TypedChoiceField(label=_("Ruling"), coerce=RulingKind)
    hand = HandField(label=_("Hand"), queryset=HandRecord.objects.none(), required=False,
                     empty_label="—",
                     help_text=_("Required for a renonc, PB and an accepted difference."))
    code = forms.ChoiceField(label=_("Renonc"), required=False)
    flek = forms.ChoiceField(label=_("Cancelled flek"), required=False,
                             help_text=_("The doubled part of the hand whose flek is void."))
    offender = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none(),
                                      required=False)
    reason = forms.CharField(label=_("Reason"), max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 3}),
                             help_text=_("What happened and on what rule the ruling rests."))
    # Asked only when the ruling changes the amounts of a sheet that was handed in (the confirm
    # step shows what it changes first); nothing is preselected.
    outcome = forms.TypedChoiceField(
        label=_("What becomes of the sheet"), required=False, coerce=RulingOutcome,
        empty_value=None, widget=forms.RadioSelect,
        choices=[(RulingOutcome.RECONFIRMED.value,
                  _("Re-confirm it now under my authority: it counts with the new amounts")),
                 (RulingOutcome.SENT_BACK.value,
                  _("Send it back to the table: not counted until submitted and confirmed "
                    "again"))])

    def __init__(self, *args: Any, sheet: TableSheet, hands: Sequence[HandRecord],
                 seats: Sequence[Seat], ruleset: Ruleset, focus: HandRecord | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sheet, self.hands, self.ruleset = sheet, list(hands), ruleset
        self.seats = list(seats)
        self.fields["kind"].choices = [("", "—"), *self.kind_choices()]
        self.fields["hand"].queryset = HandRecord.objects.filter(
            pk__in=[h.pk for h in self.hands])
        # The choices come from the list already loaded: no query per option.
        self.fields["hand"].choices = [("", "—"), *((h.pk, hand_label(h)) for h in self.hands)]
        self.fields["code"].choices = renonc_choices(ruleset)
        # Opened for one hand (?hand=): only that hand's fleks, if it has any.
        focused = [focus] if focus is not None and hand_doublings(focus) else self.hands
        self.fields["flek"].choices = flek_choices(focused, ruleset)
        offender = OffenderField(queryset=Registration.objects.filter(
            pk__in=[s.registration_id for s in seats]).select_related("player"),
            seats=seats, label=_("Player"), required=False, empty_label="—",
            help_text=_("Who committed the renonc or whom the ruling concerns."))
        offender.choices = [("", "—"), *((s.registration_id,
                                          f"{s.position}. {s.registration.player.full_name}")
                                         for s in seats)]
        self.fields["offender"] = offender

    def kind_choices(self) -> list[tuple[str, str]]:
        """Only what can apply to this sheet: PB only after a renonc, a flek only where one
        was given, a difference only where one is open."""
        offered = []
        for kind in RulingKind:
            if kind in HAND_KINDS and not self.hands:
                continue
            if kind in PREMIUM_KINDS and not any(premium_eligible(h) for h in self.hands):
                continue
            if kind is RulingKind.FLEK_CANCELLED and not any(hand_doublings(h)
                                                             for h in self.hands):
                continue
            if kind is RulingKind.MISMATCH_ACCEPTED and not any(mismatch_open(h)
                                                                for h in self.hands):
                continue
            if kind is RulingKind.PB_WAIVED and not any(pb_open(h) for h in self.hands):
                continue
            if kind is RulingKind.TOTALS_ACCEPTED and not self.paper_differs():
                continue
            offered.append((kind.value, kind.label))
        return offered

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind = data.get("kind")
        if kind is None:
            return data
        kind = RulingKind(kind)
        used = KIND_FIELDS[kind]
        for name in ("hand", "code", "flek", "offender"):
            if name not in used:
                data[name] = None if name in ("hand", "offender") else ""
        hand: HandRecord | None = data.get("hand")
        if kind is RulingKind.FLEK_CANCELLED:
            hand = self._clean_flek(data)
        elif kind in HAND_KINDS and hand is None and "hand" not in self.errors:
            self.add_error("hand", _("Choose the hand this ruling concerns."))
        if kind is RulingKind.RENONC:
            if data.get("offender") is None and "offender" not in self.errors:
                self.add_error("offender", _("Choose who committed the renonc."))
            if not data.get("code") and "code" not in self.errors:
                self.add_error("code", _("Choose the renonc from the catalogue."))
        if kind in PREMIUM_KINDS and hand is not None and not premium_eligible(hand):
            self.add_error("hand", _("PB are granted or refused only in a hand with a renonc; "
                                     "record the renonc first."))
        if kind is RulingKind.MISMATCH_ACCEPTED and hand is not None and not mismatch_open(hand):
            self.add_error("hand", _("This hand has no open difference from the paper sheet."))
        if kind is RulingKind.PB_WAIVED:
            self._clean_waiver(hand)
        if kind in PLAYER_KINDS and data.get("offender") is None \
                and "offender" not in self.errors:
            self.add_error("offender", _("Choose the player this ruling concerns."))
        data["hand"] = hand
        return data

    def paper_differs(self) -> bool:
        """The paper totals differ from the hands and no referee accepted this difference."""
        return bool(completeness.open_paper_gaps(self.sheet, self.hands))

    def _clean_waiver(self, hand: HandRecord | None) -> None:
        if hand is None and "hand" not in self.errors:
            self.add_error("hand", _("Choose the hand this ruling concerns."))
        elif hand is not None and not pb_open(hand):
            self.add_error("hand", _("This hand does not lack PB facts (or they are waived "
                                     "already)."))

    def _clean_flek(self, data: dict[str, Any]) -> HandRecord | None:
        value = data.get("flek") or ""
        if not value:
            if "flek" not in self.errors:
                self.add_error("flek", _("Choose the part whose flek is cancelled."))
            return None
        hand_id, _sep, component = value.partition(":")
        hand = next((h for h in self.hands if str(h.pk) == hand_id), None)
        if hand is None:
            self.add_error("flek", _("Choose the part whose flek is cancelled."))
            return None
        code, _sep, seat = component.partition(":")
        data["code"] = code
        if code == FLEK_INCORRECT:
            data["offender"] = next((s.registration for s in self.seats
                                     if str(s.position) == seat), None)
        return hand

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        kind = RulingKind(data["kind"])
        return {"kind": kind, "reason": data["reason"].strip(), "hand": data.get("hand"),
                "offender": data.get("offender"), "code": data.get("code") or "",
                "expected_version": data["version"]}

    def add_service_error(self, error: ValidationError) -> None:
        """The service's or the engine's refusal, next to the field it names."""
        kind = self.cleaned_data.get("kind") if hasattr(self, "cleaned_data") else None

        def field(key: str) -> str | None:
            name = ERROR_FIELDS.get(key)
            return "flek" if name == "code" and kind == RulingKind.FLEK_CANCELLED else name

        apply_service_error(self, error, field)
