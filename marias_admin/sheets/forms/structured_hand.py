"""A hand by a structured form: contract, trumps, points, fleks and results field by
field, as the paper sheet has them."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.sheets.forms.fields import (
    COMPONENT_LABELS,
    NO_CONTRACT,
    RESULT_CHOICES,
    RESULT_FIELDS,
    SILENT_SEVEN_CHOICES,
    SUIT_LABELS,
    TRISTATE,
    language,
    seat_choices,
)
from marias_admin.sheets.forms.hand import HandForm
from marias_admin.sheets.forms_announcements import AGAINST_LABELS, AnnouncementFields
from marias_admin.sheets.forms_partnership import PartnershipFields
from marias_admin.sheets.forms_sloapslam import SloapSlamFields
from scoring.hand import Hand
from scoring.jsonio import hand_from_dict
from scoring.ruleset import CONCESSION
from scoring.types import COMPONENT_ORDER, Component, FlekBinding, Suit

# A marriage's suit may follow its value as on the sheet, "40k 20z" (docs/notation.md, points):
# the sto proti counts the first announced marriage (ČSM obecná pravidla VII.1 L240-241).
MARRIAGE_SUITS = {"k": Suit.BELLS, "g": Suit.BELLS, "z": Suit.LEAVES, "ž": Suit.ACORNS,
                  "za": Suit.ACORNS, "c": Suit.HEARTS, "č": Suit.HEARTS}
SUIT_LETTERS = {Suit.BELLS: "k", Suit.LEAVES: "z", Suit.ACORNS: "ž", Suit.HEARTS: "c"}


def _marriages(text: str) -> list[int | dict[str, Any]]:
    out: list[int | dict[str, Any]] = []
    for value, letters in re.findall(r"([0-9]+)\s*([^\W\d_]*)", text or ""):
        suit = MARRIAGE_SUITS.get(letters.lower())
        out.append({"value": int(value), "suit": suit.value} if suit else int(value))
    return out


def _marriages_text(marriages: list[Any]) -> str:
    return " ".join(f"{m['value']}{SUIT_LETTERS[Suit(m['suit'])] if m.get('suit') else ''}"
                    if isinstance(m, dict) else str(m) for m in marriages)


def _result(value: str) -> bool | None:
    return {"won": True, "lost": False, "yes": True, "no": False}.get(value or "")


class StructuredHandForm(SloapSlamFields, PartnershipFields, AnnouncementFields, HandForm):
    """The same hand by fields: contract, suits, doublings per part, points, results, PB, and
    where the rules have them the defence's announcements, raise chains and a killed seven
    (:mod:`marias_admin.sheets.forms_announcements`), the partner, the called rank and trick 8
    (křížový, :mod:`marias_admin.sheets.forms_partnership`), the honers, the trhák and the
    dohrávka (SloapSlam, :mod:`marias_admin.sheets.forms_sloapslam`)."""

    entry = "form"
    error_fields = {
        "declarer": "declarer", "dealer": "dealer", "contract": "contract", "trump": "trump",
        "helper": "helper", "bid": "bid", "points": "declarer_cards",
        "points.declarer_cards": "declarer_cards",
        "points.declarer_marriages": "declarer_marriages",
        "points.defence_marriages": "defence_marriages",
        "game_won": "game_won", "seven_won": "seven_won", "betl_won": "betl_won",
        "durch_won": "durch_won", "two_sevens_won": "two_sevens_won",
        "silent_seven": "silent_seven", "silent_seven.": "silent_seven",
        "laid_down": "laid_down", "not_played": "not_played", "doublings": "laid_down",
        "renonc": "renonc_code", "renonc.code": "renonc_code",
        "renonc.offender": "renonc_offender",
        "unannounced_marriage": "unannounced_marriage",
        "unannounced_marriage.value": "unannounced_marriage",
        "late": "late_seat", "late.seat": "late_seat", "late.minutes": "late_minutes",
        **{f"doublings.{c.value}": f"doubling_{c.value}" for c in COMPONENT_ORDER},
        **{f"doublings.{c.value}.": f"doubling_{c.value}" for c in COMPONENT_ORDER},
        "premium.trumps": "pb_trumps", "premium.trump_ace": "pb_trump_ace",
        "premium.trump_ten": "pb_trump_ten", "premium.non_trump_marriage": "pb_non_trump_marriage",
        "premium.helper_cards": "pb_helper_cards",
        "premium.betl_catching_aces": "pb_betl_catching_aces",
        "premium.betl_six_card_single_catcher": "pb_betl_six_card_single_catcher",
        "premium.durch_unsolid_suits": "pb_durch_unsolid_suits",
        "premium.defender_claims": "pb_defender_claims",
    }

    contract = forms.ChoiceField(label=_("Contract"))
    trump = forms.ChoiceField(label=_("Trumps"), required=False)
    helper = forms.ChoiceField(label=_("Helper suit (two sevens)"), required=False)
    bid = forms.ChoiceField(label=_("Auction won at"), required=False)
    declarer_cards = forms.IntegerField(
        label=_("Declarer's card points"), required=False, min_value=0, max_value=90,
        help_text=_("Including the 10 for the last trick (0–90)."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": "10"}))
    declarer_marriages = forms.CharField(
        label=_("Declarer's marriages"), required=False, max_length=40,
        help_text=_("For example 40 20."), widget=forms.TextInput(attrs={"inputmode": "numeric"}))
    defence_marriages = forms.CharField(
        label=_("Defence's marriages"), required=False, max_length=40,
        widget=forms.TextInput(attrs={"inputmode": "numeric"}))
    game_won = forms.ChoiceField(label=_("Game (hra)"), required=False, choices=RESULT_CHOICES)
    seven_won = forms.ChoiceField(label=_("Seven (sedma)"), required=False,
                                  choices=RESULT_CHOICES)
    betl_won = forms.ChoiceField(label=_("Betl"), required=False, choices=RESULT_CHOICES)
    durch_won = forms.ChoiceField(label=_("Durch"), required=False, choices=RESULT_CHOICES)
    two_sevens_won = forms.ChoiceField(label=_("Two sevens (dvě sedmy)"), required=False,
                                       choices=RESULT_CHOICES)
    silent_seven = forms.ChoiceField(label=_("Silent seven"), required=False,
                                     choices=SILENT_SEVEN_CHOICES)
    laid_down = forms.BooleanField(label=_("Laid down (ložená)"), required=False)
    not_played = forms.BooleanField(label=_("Not played (nehráno)"), required=False)
    renonc_code = forms.ChoiceField(label=_("Renonc"), required=False)
    renonc_offender = forms.TypedChoiceField(label=_("Renonc committed by"), required=False,
                                             coerce=int, empty_value=None)
    pb_trumps = forms.IntegerField(label=_("Trumps held (with the talon)"), required=False,
                                   min_value=0, max_value=8)
    pb_trump_ace = forms.ChoiceField(label=_("Trump ace held"), required=False,
                                     choices=TRISTATE)
    pb_trump_ten = forms.ChoiceField(label=_("Trump ten held"), required=False,
                                     choices=TRISTATE)
    pb_non_trump_marriage = forms.BooleanField(label=_("Sto on a non-trump marriage"),
                                               required=False)
    pb_helper_cards = forms.IntegerField(label=_("Helper-suit cards held"), required=False,
                                         min_value=0, max_value=8)
    pb_betl_catching_aces = forms.IntegerField(label=_("Betl: catching aces"), required=False,
                                               min_value=0, max_value=4)
    pb_betl_six_card_single_catcher = forms.IntegerField(
        label=_("Betl: six-card suits with one catcher"), required=False, min_value=0,
        max_value=4)
    pb_durch_unsolid_suits = forms.IntegerField(label=_("Durch: suits not solid"),
                                                required=False, min_value=0, max_value=4)
    pb_defender_claims = forms.TypedMultipleChoiceField(
        label=_("PB for a defender's flek"), required=False, coerce=int,
        widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ruleset = self.ruleset
        english = language() == "en"
        rungs = [(r.code, r.name_en if english else r.name_cs) for r in ruleset.ladder]
        concession = [(CONCESSION, _("omyl (concession)"))] if ruleset.concession_rungs else []
        self.fields["contract"].choices = [
            ("", "—"), *rungs, *concession, (NO_CONTRACT, _("no contract (a renonc only)"))]
        suits = [("", "—"), *((s.value, SUIT_LABELS[s]) for s in Suit)]
        self.fields["trump"].choices = suits
        self.fields["helper"].choices = suits
        self.fields["bid"].choices = [("", "—"), *rungs]
        # Only the parts the ruleset's contracts have, each with its own number of raises.
        self.components = [c for c in COMPONENT_ORDER
                           if any(c in rung.components for rung in ruleset.ladder)]
        per_defender = ruleset.flek_binding is FlekBinding.PER_DEFENDER
        for component in self.components:
            names = ruleset.doubling_names[:ruleset.cap_for(component)]
            levels = [(0, "—"), *enumerate(names, 1)]
            # "hra: fleky" here, "hra: výsledek" below (_distinct_labels): one part, two labels.
            self.fields[f"doubling_{component.value}"] = forms.TypedChoiceField(
                label=_("%(part)s: %(field)s") % {"part": COMPONENT_LABELS[component],
                                                   "field": _("doublings")},
                coerce=int, choices=levels, required=False, empty_value=0)
            if per_defender:
                # SZMK C.9: a flek binds only the defender who said it.
                self.fields[f"doubled_by_{component.value}"] = forms.TypedMultipleChoiceField(
                    label=_("who doubled: %(part)s") % {"part": COMPONENT_LABELS[component]},
                    coerce=int, required=False, choices=seat_choices(self.seats),
                    widget=forms.CheckboxSelectMultiple)
        for component in COMPONENT_ORDER:
            if component not in self.components:
                self.fields.pop(RESULT_FIELDS.get(component, ""), None)
        if not ruleset.has_premium:
            for name in [n for n in self.fields if n.startswith("pb_")]:
                del self.fields[name]
        self.fields["renonc_code"].choices = [
            ("", "—"), *((r.code, f"{r.code} – {r.name_en if english else r.name_cs}")
                         for r in ruleset.renoncs)]
        self.fields["renonc_offender"].choices = [("", "—"), *seat_choices(self.seats)]
        if ruleset.hundred_needs_marriage:
            # SZMK 2024 C.6.e: a hundred lost to a marriage its player held but did not
            # announce is paid by that marriage (the no-marriage case, SZMK 2024 C.6.d, is a
            # renonc).
            self.fields["unannounced_marriage"] = forms.TypedChoiceField(
                label=_("Marriage held but not announced (sto lost)"), required=False,
                coerce=int, empty_value=None,
                choices=[("", "—"), (20, "20"), (40, "40")])
        if ruleset.rates.late_minute:
            # SZMK E.5: a line of its own for a player who came late.
            self.fields["late_seat"] = forms.TypedChoiceField(
                label=_("Came late"), required=False, coerce=int, empty_value=None,
                choices=[("", "—"), *seat_choices(self.seats)])
            self.fields["late_minutes"] = forms.IntegerField(
                label=_("Minutes late (started)"), required=False, min_value=1,
                max_value=ruleset.late_minutes_max)
        if "pb_defender_claims" in self.fields:
            self.fields["pb_defender_claims"].choices = seat_choices(self.seats)
        self.add_announcement_fields(seat_choices(self.seats), COMPONENT_LABELS)
        self.add_partnership_fields(seat_choices(self.seats))
        self.add_sloapslam_fields(seat_choices(self.seats), self.fields["renonc_code"].choices)
        # Order: who, what, how it went, PB facts.
        order = ["version", "dealer", "declarer", "contract", "trump", "helper", "bid",
                 "partner", "called_rank",
                 *(f"doubling_{c.value}" for c in COMPONENT_ORDER),
                 *(f"raised_by_{c.value}" for c in COMPONENT_ORDER),
                 *(name for name in self.fields if name.startswith("against_")),
                 "forced_flekers", "forced_part", "seven_by", "seven_trumps",
                 *(name for name in self.fields if name.startswith("honour_")),
                 "declarer_cards", "declarer_marriages", "defence_marriages",
                 *RESULT_FIELDS.values(), "trick8", "declarer_tricks", "seven_killed",
                 "silent_seven",
                 "laid_down", "not_played",
                 "unannounced_marriage", "renonc_code", "renonc_offender",
                 "renonc_played_out", "renonc2_code", "renonc2_offender", "renonc3_code",
                 "renonc3_offender", "renonc_decisive"]
        self.order_fields(order)
        self._distinct_labels()
        self._mark_contracts()

    def _distinct_labels(self) -> None:
        """One label per field: the part, the defence's announcement ("sedma proti"), the
        honer or the renonc line goes before the field's own words, so no two fields read
        "result" or "raised by" alike."""
        def named(name: str, part: Any, own: Any = None) -> None:
            if name in self.fields:
                self.fields[name].label = _("%(part)s: %(field)s") % {
                    "part": part, "field": own or self.fields[name].label}

        for c in self.components:
            named(RESULT_FIELDS.get(c, ""), COMPONENT_LABELS[c], _("result"))
            if f"raised_by_{c.value}" in self.fields:
                self.fields[f"raised_by_{c.value}"].label = _("raised by: %(part)s") % {
                    "part": COMPONENT_LABELS[c]}
        parts = [*((f"against_{c.value}", part) for c, part in AGAINST_LABELS.items()),
                 ("honour_nine", _("nine (devítka)")), ("honour_eight", _("eight (osma)"))]
        for prefix, part in parts:
            for suffix in ("by", "trumps", "result"):
                named(f"{prefix}_{suffix}", part)
            named(f"{prefix}_level", part, _("doublings"))
            if f"{prefix}_raised_by" in self.fields:
                self.fields[f"{prefix}_raised_by"].label = _("%(part)s, raised by") % {
                    "part": part}
        for line in (2, 3):
            if f"renonc{line}_code" in self.fields:
                named(f"renonc{line}_offender", self.fields[f"renonc{line}_code"].label)

    def _mark_contracts(self) -> None:
        """Mark the fields that only some contracts use with those contracts' codes
        (``data-contracts``), read from the ladder: a part's flek, raisers and result go with
        the contracts that have that part, the trumps, card points and trump facts with the
        contracts played with trumps, the helper suit with two sevens. The table page's script
        shows only the chosen contract's fields; the form and its validation stay whole (without
        JavaScript every field shows)."""
        ladder = self.ruleset.ladder

        def mark(name: str, wanted: Any) -> None:
            if name in self.fields and "data-contracts" not in self.fields[name].widget.attrs:
                codes = [rung.code for rung in ladder if wanted(rung)]
                self.fields[name].widget.attrs["data-contracts"] = " ".join(codes)

        for c in self.components:
            def has(rung: Any, c: Any = c) -> bool:
                return c in rung.components
            for name in (f"doubling_{c.value}", f"doubled_by_{c.value}", f"raised_by_{c.value}",
                         RESULT_FIELDS.get(c, "")):
                mark(name, has)
        with_trumps = ("trump", "declarer_cards", "declarer_marriages", "defence_marriages",
                       "silent_seven", "pb_trumps", "pb_trump_ace", "pb_trump_ten")
        for name in with_trumps:
            mark(name, lambda rung: rung.has_trumps)
        for name, part in (("helper", Component.TWO_SEVENS),
                           ("pb_helper_cards", Component.TWO_SEVENS),
                           ("pb_non_trump_marriage", Component.HUNDRED),
                           ("pb_betl_catching_aces", Component.BETL),
                           ("pb_betl_six_card_single_catcher", Component.BETL),
                           ("pb_durch_unsolid_suits", Component.DURCH)):
            mark(name, lambda rung, part=part: part in rung.components)

    @property
    def doubling_fields(self) -> list[forms.BoundField]:
        return [self[f"doubling_{c.value}"] for c in self.components]

    @property
    def doubled_by_fields(self) -> list[forms.BoundField]:
        return [self[f"doubled_by_{c.value}"] for c in self.components
                if f"doubled_by_{c.value}" in self.fields]

    @property
    def result_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in RESULT_FIELDS.values() if name in self.fields]

    @property
    def pb_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("pb_")]

    def build_hand(self, data: dict[str, Any]) -> Hand | None:
        return self.require_declarer(hand_from_dict(self.hand_dict(data)), data)

    def field_for(self, engine_field: str, code: str | None = None) -> str | None:
        return (self.sloapslam_field(engine_field, code)
                or self.partnership_field(engine_field, code)
                or self.announcement_field(engine_field, code)
                or super().field_for(engine_field, code))

    def hand_dict(self, data: dict[str, Any]) -> dict[str, Any]:
        """The hand in the format of ``scoring.jsonio``, part by part."""
        contract = data.get("contract") or None
        hand: dict[str, Any] = {
            "players": self.players, "dealer": data["dealer"],
            "declarer": self.declarer_or_forehand(data),
            "contract": None if contract == NO_CONTRACT else contract,
        }
        for name in ("trump", "helper", "bid"):
            if data.get(name):
                hand[name] = data[name]
        doublings = self._doublings(data)
        if doublings:
            hand["doublings"] = doublings
        hand.update(self._outcome(data))
        hand.update(self.announcement_facts(data))
        hand.update(self.partnership_facts(data))
        hand.update(self._extras(data))
        premium = self._premium(data)
        if premium:
            hand["premium"] = premium
        self.add_sloapslam_facts(data, hand)
        return hand

    def _doublings(self, data: dict[str, Any]) -> dict[str, Any]:
        doublings: dict[str, Any] = {}
        for c in COMPONENT_ORDER:
            level = data.get(f"doubling_{c.value}") or 0
            who = data.get(f"doubled_by_{c.value}") or []
            if level and who:
                doublings[c.value] = {"level": level, "by": list(who)}
            elif level:
                doublings[c.value] = level
        self.add_chains(data, doublings)
        return doublings

    def _outcome(self, data: dict[str, Any]) -> dict[str, Any]:
        """Points, results, the silent seven and the marks of a hand settled without play."""
        out: dict[str, Any] = {}
        declarer_side = _marriages(data.get("declarer_marriages", ""))
        defence_side = _marriages(data.get("defence_marriages", ""))
        if data.get("declarer_cards") is not None:
            out["points"] = {"declarer_cards": data["declarer_cards"],
                             "declarer_marriages": declarer_side,
                             "defence_marriages": defence_side}
        elif declarer_side or defence_side:
            self.add_error("declarer_cards", _("Give the card points with the marriages."))
        for name in RESULT_FIELDS.values():
            result = _result(data.get(name, ""))
            if result is not None:
                out[name] = result
        if data.get("silent_seven"):
            side, _sep, outcome = data["silent_seven"].partition(":")
            out["silent_seven"] = {"side": side, "won": outcome == "won"}
        for name in ("laid_down", "not_played"):
            if data.get(name):
                out[name] = True
        return out

    def _extras(self, data: dict[str, Any]) -> dict[str, Any]:
        """Lateness, the marriage held but not announced, the renonc."""
        out: dict[str, Any] = {}
        if data.get("late_seat") is not None or data.get("late_minutes") is not None:
            if data.get("late_seat") is None:
                self.add_error("late_seat", _("Choose who came late."))
            elif data.get("late_minutes") is None:
                self.add_error("late_minutes", _("Give the started minutes."))
            else:
                out["late"] = {"seat": data["late_seat"], "minutes": data["late_minutes"]}
        if data.get("unannounced_marriage"):
            out["unannounced_marriage"] = data["unannounced_marriage"]
        if data.get("renonc_code"):
            if data.get("renonc_offender") is None:
                self.add_error("renonc_offender", _("Choose who committed the renonc."))
            else:
                out["renonc"] = {"code": data["renonc_code"],
                                 "offender": data["renonc_offender"]}
        return out

    @staticmethod
    def _premium(data: dict[str, Any]) -> dict[str, Any]:
        premium: dict[str, Any] = {}
        for name in ("trumps", "helper_cards"):
            if data.get(f"pb_{name}") is not None:
                premium[name] = data[f"pb_{name}"]
        for name in ("trump_ace", "trump_ten"):
            value = _result(data.get(f"pb_{name}", ""))
            if value is not None:
                premium[name] = value
        for name in ("betl_catching_aces", "betl_six_card_single_catcher",
                     "durch_unsolid_suits"):
            if data.get(f"pb_{name}"):
                premium[name] = data[f"pb_{name}"]
        if data.get("pb_non_trump_marriage"):
            premium["non_trump_marriage"] = True
        if data.get("pb_defender_claims"):
            premium["defender_claims"] = list(data["pb_defender_claims"])
        return premium

    @classmethod
    def initial_from(cls, hand: dict[str, Any]) -> dict[str, Any]:
        """The form's fields from a stored hand (scoring.jsonio format), for editing."""
        initial: dict[str, Any] = {
            "dealer": hand.get("dealer"), "declarer": hand.get("declarer"),
            "contract": hand.get("contract") or NO_CONTRACT,
            "trump": hand.get("trump") or "", "helper": hand.get("helper") or "",
            "bid": hand.get("bid") or "",
        }
        for key, spec in (hand.get("doublings") or {}).items():
            initial[f"doubling_{key}"] = spec.get("level", 0) if isinstance(spec, dict) else spec
            if isinstance(spec, dict) and spec.get("by"):
                initial[f"doubled_by_{key}"] = list(spec["by"])
        points = hand.get("points")
        if points:
            initial["declarer_cards"] = points.get("declarer_cards")
            for side in ("declarer_marriages", "defence_marriages"):
                initial[side] = _marriages_text(points.get(side, []))
        for name in RESULT_FIELDS.values():
            if hand.get(name) is not None:
                initial[name] = "won" if hand[name] else "lost"
        silent = hand.get("silent_seven")
        if silent:
            initial["silent_seven"] = f"{silent['side']}:{'won' if silent['won'] else 'lost'}"
        initial["laid_down"] = bool(hand.get("laid_down"))
        initial["not_played"] = bool(hand.get("not_played"))
        renonc = hand.get("renonc")
        if renonc:
            initial["renonc_code"], initial["renonc_offender"] = renonc["code"], renonc["offender"]
        unannounced = hand.get("unannounced_marriage")
        if unannounced is not None:
            initial["unannounced_marriage"] = (unannounced["value"]
                                               if isinstance(unannounced, dict) else unannounced)
        late = hand.get("late")
        if late:
            initial["late_seat"], initial["late_minutes"] = late["seat"], late["minutes"]
        premium = hand.get("premium") or {}
        for name in ("trumps", "helper_cards", "betl_catching_aces",
                     "betl_six_card_single_catcher", "durch_unsolid_suits"):
            if premium.get(name) is not None:
                initial[f"pb_{name}"] = premium[name]
        for name in ("trump_ace", "trump_ten"):
            if premium.get(name) is not None:
                initial[f"pb_{name}"] = "yes" if premium[name] else "no"
        initial["pb_non_trump_marriage"] = bool(premium.get("non_trump_marriage"))
        initial["pb_defender_claims"] = premium.get("defender_claims") or []
        initial.update(cls.announcement_initial(hand))
        initial.update(cls.partnership_initial(hand))
        initial.update(cls.sloapslam_initial(hand))
        return initial
