"""The structured form's fields for the SloapSlam club games (docs/sloapslam-ctyrka.md,
docs/sloapslam-krizovy.md): the čtyřka's honers (devítka, osma) with the announcer's trumps,
their own raise chains and results, the trumps of an accepted seven, and the bodovaný
křížový's compulsory flek of a trhák, the dohrávka after a renonc and the renoncs of the
dohrávka.

They exist only where the tournament's ruleset has them (``Ruleset.honours``,
``Ruleset.accepted_seven_points``, ``Ruleset.fleker_liability``, a renonc whose effect is
``LOST_UNLESS_PLAYED_OUT``), so every other form stays as it was. :class:`SloapSlamFields`
adds the fields, writes the hand's ``honours``, ``forced_flekers``, ``further_renoncs``,
``renonc.played_out`` and ``premium.trumps`` (the format of ``scoring.jsonio``,
docs/hand-format.md), fills them back from a stored hand for editing, and places the engine's
problems about them (``scoring/honours.py``, ``scoring/validate.py``) next to the field that
holds the fact. Lines ("SLS L28") cite ``rules/sloapslam-krizovy-a-honerovy.txt``.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.sheets.forms_announcements import (
    CHAIN_CODES,
    SeatChainField,
    doubling_levels,
)
from marias_admin.sheets.forms_partnership import PARTNER_RAISE_CODES
from scoring.hand import HONOUR_ORDER
from scoring.ruleset import Ruleset
from scoring.types import Component, FlekerLiability, HandEffect, Rank

# SLS L28-32: the devítka must take trick 6, the osma trick 7.
HONOUR_LABELS = {
    Rank.NINE: _("Nine of trumps (devítka): trick 6"),
    Rank.EIGHT: _("Eight of trumps (osma): trick 7"),
}
HONOUR_RESULTS = [("", "—"), ("won", _("won")), ("lost", _("lost"))]
# The engine's problems that belong to a honer's announcer (scoring/honours.py).
HONOUR_BY_CODES = frozenset({"honour_not_in_rules", "honour_no_trumps", "honour_twice",
                             "seat_range"})
# Further renoncs: the second and third renonc of a hand (SLS D4 L260), numbered as on the sheet.
FURTHER_LINES = (2, 3)
HONOUR_PARTS = ("by", "trumps", "level", "raised_by", "result")
# B/19 (L204): the part a trhák's compulsory flek was on; none: every flek of his.
FORCED_PARTS = [("", _("every part he fleked")), ("game", _("the game (hra)")),
                ("seven", _("the seven (sedma)")), ("hundred", _("the hundred (sto)")),
                ("betl", _("betl")), ("durch", _("durch"))]


def honour_ranks(ruleset: Ruleset) -> list[Rank]:
    """The honers the ruleset knows, in the order of their tricks (nine, then eight)."""
    return [rank for rank in HONOUR_ORDER if rank in ruleset.honours]


def pays_accepted_seven(ruleset: Ruleset) -> bool:
    """The čtyřka pays an accepted seven not played by its announcer's trumps (L62-68)."""
    return bool(ruleset.accepted_seven_points)


def has_forced_flek(ruleset: Ruleset) -> bool:
    """B/19 (L204): a trhák's compulsory flek, which B/10 (L186) does not make pay for the
    partners; recorded only where the fleker's liability exists."""
    return ruleset.fleker_liability is not FlekerLiability.NONE


def has_played_out(ruleset: Ruleset) -> bool:
    """D1-D4 (L254-260): a renonc is lost unless the hand was played out (dohrávka)."""
    return any(r.effect is HandEffect.LOST_UNLESS_PLAYED_OUT for r in ruleset.renoncs)


def further_renonc_label(ruleset: Ruleset, line: int) -> str:
    """The label of a further renonc's line by the ruleset's reading (docs/readings.md §9.53):
    only during a dohrávka by default (D4 L260), in any hand when every renonc counts
    (``first_in_play_renonc_only`` off), where "in the dohrávka" would mislead."""
    if ruleset.first_in_play_renonc_only:
        return _("Renonc %(number)s in the dohrávka") % {"number": line}
    return _("Further renonc %(number)s") % {"number": line}


class SloapSlamFields:
    """A mixin of :class:`marias_admin.sheets.forms.StructuredHandForm` (a ``HandForm``)."""

    # Set by the form this is mixed into, which also gives self[name] and add_error.
    fields: dict[str, forms.Field]
    ruleset: Ruleset
    players: int
    honours_entered: list[Rank] = []
    further_entered: list[int] = []

    # -- fields --------------------------------------------------------------------------------

    def add_sloapslam_fields(self, seat_choices: list[tuple[int, str]],
                             renonc_choices: list[tuple[str, str]]) -> None:
        """Honers, the seven's trumps, the trhák and the dohrávka, where the ruleset has them."""
        ruleset = self.ruleset
        seats = [("", "—"), *seat_choices]
        for rank in honour_ranks(ruleset):
            # L28-32: announced by a player with his trumps (L30: the rate is raised on 3 or
            # fewer); its own chain, the other side saying flek (as sedma proti); won when
            # the card took its trick. No result in a hand not played (L20-24).
            prefix = f"honour_{rank.value}"
            self.fields[f"{prefix}_by"] = forms.TypedChoiceField(
                label=_("announced by"), required=False, coerce=int, empty_value=None,
                choices=seats)
            self.fields[f"{prefix}_trumps"] = forms.IntegerField(
                label=_("trumps held (trumfů)"), required=False, min_value=1, max_value=8,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": "2"}))
            self.fields[f"{prefix}_level"] = forms.TypedChoiceField(
                label=_("flek, re, …"), coerce=int, required=False, empty_value=0,
                choices=doubling_levels(ruleset, Component.GAME))
            self.fields[f"{prefix}_raised_by"] = SeatChainField(
                label=_("raised by"), players=self.players,
                title=_("%(part)s, raised by") % {"part": HONOUR_LABELS[rank]})
            self.fields[f"{prefix}_result"] = forms.ChoiceField(
                label=_("result"), required=False, choices=HONOUR_RESULTS)
        if pays_accepted_seven(ruleset) and "pb_trumps" not in self.fields:
            # L46, L62-68: an accepted seven not played pays points by its trumps.
            self.fields["seven_trumps"] = forms.IntegerField(
                label=_("Trumps of the seven (trumfů)"), required=False, min_value=1,
                max_value=8,
                help_text=_("The declarer's trumps: an accepted seven not played is paid "
                            "by them."),
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "size": "2"}))
            # L42, L46: the partner may announce the side's seven; then his trumps count.
            self.fields["seven_by"] = forms.TypedChoiceField(
                label=_("Seven announced by"), required=False, coerce=int, empty_value=None,
                choices=[("", _("the declarer")), *seat_choices],
                help_text=_("The declarer's partner when he announced the seven; the trumps "
                            "of the seven are then his."))
        if has_forced_flek(ruleset):
            # B/19 (L204): the flek a trhák obliges; its fleker does not pay for his partners.
            self.fields["forced_flekers"] = forms.TypedMultipleChoiceField(
                label=_("Compulsory flek (povinný flek – trhák)"), required=False, coerce=int,
                choices=seat_choices, widget=forms.CheckboxSelectMultiple,
                help_text=_("The seats whose flek was compulsory; record the flek itself "
                            "with the doublings."))
            # B/19 per part: the duty is one flek; his fleks on the other parts stay free.
            self.fields["forced_part"] = forms.ChoiceField(
                label=_("Compulsory flek on"), required=False, choices=FORCED_PARTS)
        if has_played_out(ruleset):
            # D1-D4 (L254-260): the innocent side had the hand played out; the results
            # written are the dohrávka's and the offender pays the paušál only.
            self.fields["renonc_played_out"] = forms.BooleanField(
                label=_("Played out after the renonc (dohrávka)"), required=False)
            for line in FURTHER_LINES:
                # D4 (L260): each renonc during the dohrávka costs its paušál.
                self.fields[f"renonc{line}_code"] = forms.ChoiceField(
                    label=further_renonc_label(ruleset, line),
                    required=False, choices=renonc_choices)
                self.fields[f"renonc{line}_offender"] = forms.TypedChoiceField(
                    label=_("committed by"), required=False, coerce=int, empty_value=None,
                    choices=seats)
            # D4 (L260): no dohrávka after the last of them, which then decides the hand.
            self.fields["renonc_decisive"] = forms.BooleanField(
                label=_("No dohrávka after the last renonc (it decides the hand)"),
                required=False)

    @property
    def honour_groups(self) -> list[dict[str, Any]]:
        """One block per honer for the template: its name and its fields."""
        groups = []
        for rank in honour_ranks(self.ruleset):
            names = [f"honour_{rank.value}_{part}" for part in HONOUR_PARTS]
            groups.append({"label": HONOUR_LABELS[rank], "rank": rank.value,
                           "fields": [self[n] for n in names if n in self.fields]})
        return groups

    @property
    def seven_trumps_field(self) -> forms.BoundField | None:
        return self["seven_trumps"] if "seven_trumps" in self.fields else None

    @property
    def forced_flekers_field(self) -> forms.BoundField | None:
        return self["forced_flekers"] if "forced_flekers" in self.fields else None

    @property
    def played_out_field(self) -> forms.BoundField | None:
        return self["renonc_played_out"] if "renonc_played_out" in self.fields else None

    @property
    def further_renonc_rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"renonc{n}_code"], self[f"renonc{n}_offender"]) for n in FURTHER_LINES
                if f"renonc{n}_code" in self.fields]

    # -- the hand ------------------------------------------------------------------------------

    def add_sloapslam_facts(self, data: dict[str, Any], hand: dict[str, Any]) -> None:
        """The hand's ``honours``, ``premium.trumps``, ``forced_flekers``,
        ``renonc.played_out`` and ``further_renoncs`` from the fields, into ``hand``."""
        honours, self.honours_entered = [], []
        for rank in honour_ranks(self.ruleset):
            item = self._honour(rank, data)
            if item is not None:
                honours.append(item)
                self.honours_entered.append(rank)
        if honours:
            hand["honours"] = honours
        self._seven_facts(data, hand)
        if data.get("forced_flekers"):
            seats = sorted(data["forced_flekers"])
            if data.get("forced_part"):  # B/19 per part: Doubling.forced
                _force_part(hand, data["forced_part"], seats)
            else:
                hand["forced_flekers"] = seats
        if data.get("renonc_played_out"):
            if "renonc" in hand:
                hand["renonc"]["played_out"] = True
            elif not data.get("renonc_code"):
                self.add_error("renonc_code",
                               _("Choose the renonc after which the hand was played out."))
        further, self.further_entered = [], []
        for line in FURTHER_LINES:
            code = data.get(f"renonc{line}_code")
            offender = data.get(f"renonc{line}_offender")
            if not code:
                if offender is not None:
                    self.add_error(f"renonc{line}_code", _("Choose the renonc."))
                continue
            if offender is None:
                self.add_error(f"renonc{line}_offender", _("Choose who committed the renonc."))
                continue
            further.append({"code": code, "offender": offender})
            self.further_entered.append(line)
        if further:
            if data.get("renonc_decisive"):  # D4: the last renonc ended the dohrávka
                further[-1]["decisive"] = True
            hand["further_renoncs"] = further
        elif data.get("renonc_decisive"):
            self.add_error("renonc_decisive", _("Record the renonc of the dohrávka first."))

    @staticmethod
    def _seven_facts(data: dict[str, Any], hand: dict[str, Any]) -> None:
        """The seven's trumps: the declarer's ``premium.trumps``, or, when his partner
        announced the seven (L42, L46), ``seven_by`` and that seat's ``seat_trumps``."""
        by, trumps = data.get("seven_by"), data.get("seven_trumps")
        if by is not None and by != hand.get("declarer"):
            hand["seven_by"] = by
            if trumps is not None:
                hand.setdefault("premium", {})["seat_trumps"] = {str(by): trumps}
        elif trumps is not None:
            hand.setdefault("premium", {})["trumps"] = trumps

    def _honour(self, rank: Rank, data: dict[str, Any]) -> dict[str, Any] | None:
        prefix = f"honour_{rank.value}"
        by = data.get(f"{prefix}_by")
        trumps = data.get(f"{prefix}_trumps")
        level = data.get(f"{prefix}_level") or 0
        chain = data.get(f"{prefix}_raised_by") or ()
        result = data.get(f"{prefix}_result") or ""
        if by is None:
            if trumps is not None or level or chain or result:
                self.add_error(f"{prefix}_by", _("Choose who announced it."))
            return None
        item: dict[str, Any] = {"rank": rank.value, "by": by}
        if trumps is not None:
            item["trumps"] = trumps
        if level:
            item["level"] = level
        if chain:
            item["raises"] = list(chain)
        if result:
            item["won"] = result == "won"
        return item

    @staticmethod
    def sloapslam_initial(hand: dict[str, Any]) -> dict[str, Any]:
        """The fields back from a stored hand (the inverse of :meth:`add_sloapslam_facts`):
        a chain fills "raised by" and leaves the level to it."""
        initial: dict[str, Any] = {}
        for item in hand.get("honours") or []:
            prefix = f"honour_{item['rank']}"
            initial[f"{prefix}_by"] = item["by"]
            initial[f"{prefix}_trumps"] = item.get("trumps")
            initial[f"{prefix}_level"] = item.get("level", 0)
            initial[f"{prefix}_raised_by"] = list(item.get("raises") or [])
            if item.get("won") is not None:
                initial[f"{prefix}_result"] = "won" if item["won"] else "lost"
        premium = hand.get("premium") or {}
        trumps = premium.get("trumps")
        if hand.get("seven_by") is not None:  # L42, L46: the partner's seven, his trumps
            initial["seven_by"] = hand["seven_by"]
            trumps = (premium.get("seat_trumps") or {}).get(str(hand["seven_by"]))
        if trumps is not None:
            initial["seven_trumps"] = trumps
        initial["forced_flekers"] = list(hand.get("forced_flekers") or [])
        for part, spec in (hand.get("doublings") or {}).items():
            if isinstance(spec, dict) and spec.get("forced"):  # B/19 per part
                initial["forced_flekers"] = list(spec["forced"])
                initial["forced_part"] = part
        initial["renonc_played_out"] = bool((hand.get("renonc") or {}).get("played_out"))
        for line, item in zip(FURTHER_LINES, hand.get("further_renoncs") or [], strict=False):
            initial[f"renonc{line}_code"] = item["code"]
            initial[f"renonc{line}_offender"] = item["offender"]
            initial["renonc_decisive"] = bool(item.get("decisive"))
        return initial

    # -- the engine's problems -----------------------------------------------------------------

    def sloapslam_field(self, engine_field: str, code: str | None) -> str | None:
        """The field for a problem about a honer, the seven's trumps, a trhák or the
        dohrávka, or None when the problem is about something else."""
        found = re.fullmatch(r"honours\.(\d+)(?:\.(\w+))?", engine_field)
        if found is not None:
            index = int(found[1])
            if index >= len(self.honours_entered):
                return None
            return self._honour_field(self.honours_entered[index].value, found[2], code)
        if engine_field == "honours":
            return "contract"
        if engine_field == "premium.trumps" and "seven_trumps" in self.fields:
            return "seven_trumps"
        if engine_field.startswith("premium.seat_trumps.") and "seven_trumps" in self.fields:
            return "seven_trumps"
        if engine_field == "seven_by" and "seven_by" in self.fields:
            return "seven_by"
        if engine_field == "forced_flekers" and "forced_flekers" in self.fields:
            return "forced_flekers"
        if (re.fullmatch(r"doublings\.\w+\.forced", engine_field)
                and "forced_flekers" in self.fields):
            return "forced_flekers"
        if engine_field == "renonc.played_out" and "renonc_played_out" in self.fields:
            return "renonc_played_out"
        found = re.fullmatch(r"further_renoncs(?:\.(\d+)(?:\.(\w+))?)?", engine_field)
        if found is not None and found[2] == "decisive" and "renonc_decisive" in self.fields:
            return "renonc_decisive"
        if found is not None and self.further_entered:
            index = int(found[1] or 0)
            line = self.further_entered[min(index, len(self.further_entered) - 1)]
            name = f"renonc{line}_offender" if found[2] == "offender" else f"renonc{line}_code"
            return name if name in self.fields else None
        return None

    def _honour_field(self, rank: str, part: str | None, code: str | None) -> str:
        prefix = f"honour_{rank}"
        if part == "won" or code == "honour_result_missing":
            chosen = f"{prefix}_result"
        elif part == "trumps" or code in ("honour_trumps_missing", "honour_trumps_range"):
            chosen = f"{prefix}_trumps"
        elif part == "raises" or code in CHAIN_CODES or code in PARTNER_RAISE_CODES:
            chosen = f"{prefix}_raised_by"
        elif part == "level" or code == "doubling_negative":
            chosen = f"{prefix}_level"
        else:
            chosen = f"{prefix}_by"
        return chosen if chosen in self.fields else f"{prefix}_by"


def _force_part(hand: dict[str, Any], part: str, seats: list[int]) -> None:
    """The compulsory flekers onto one part's doubling (``doublings.<part>.forced``)."""
    doublings = hand.setdefault("doublings", {})
    spec = doublings.get(part, 0)
    if not isinstance(spec, dict):
        spec = {"level": spec}
    doublings[part] = {**spec, "forced": seats}
