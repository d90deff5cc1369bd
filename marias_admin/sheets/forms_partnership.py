"""The structured form's fields for křížový mariáš (ČSM obecná pravidla VII.2,
``Ruleset.partnerships``): the declarer's partner, the rank he called, and who took trick 8 of
a durch s chytrým; in pagat's all-four game also the tricks the declarer of a lost Durch mit
Partner took himself (PAG L115).

They exist only where the tournament's ruleset plays in pairs, so the other forms stay as they
were. :class:`PartnershipFields` adds the fields, turns them into the hand's ``all_play``,
``partner``, ``called_rank``, ``trick8`` and pagat's ``declarer_tricks`` (the format of
``scoring.jsonio``, docs/hand-format.md), fills them back from a stored hand for editing, and
places the engine's problems about them (``scoring/partnerships.py``) next to the field that
holds the fact.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.ruleset import Ruleset
from scoring.types import Rank

# The ranks as the forehand calls them, highest first (L243); the Czech words are the
# nominatives of scoring's description ("volá eso", "volá krále", …, "volá sedmu"). A context
# of their own: "seven (sedma)" is also the contract part (forms.COMPONENT_LABELS).
RANK_LABELS = {
    Rank.ACE: pgettext_lazy("card rank", "ace (eso)"),
    Rank.KING: pgettext_lazy("card rank", "king (král)"),
    Rank.OVER: pgettext_lazy("card rank", "over (svršek)"),
    Rank.UNDER: pgettext_lazy("card rank", "under (spodek)"),
    Rank.TEN: pgettext_lazy("card rank", "ten (desítka)"),
    Rank.NINE: pgettext_lazy("card rank", "nine (devítka)"),
    Rank.EIGHT: pgettext_lazy("card rank", "eight (osma)"),
    Rank.SEVEN: pgettext_lazy("card rank", "seven (sedma)"),
}
# The engine's problems about a raise by the called partner (VII.2 L246-248, scoring/variants.py
# and scoring/validate.py): shown where the raises' seats are typed.
PARTNER_RAISE_CODES = frozenset({"partner_flek", "partner_raise_not_allowed",
                                 "game_flek_forehand_side"})  # the last: pagat L111
PARTNERSHIP_FIELDS = ("partner", "called_rank", "trick8", "declarer_tricks")


def plays_in_pairs(ruleset: Ruleset) -> bool:
    """Křížový: all four play, nobody sits out, the declarer may call a partner (L243)."""
    return bool(ruleset.partnerships)


def clever_contracts(ruleset: Ruleset) -> list[str]:
    """The contracts that record trick 8: durch s chytrým (L251-253)."""
    return [rung.code for rung in ruleset.ladder if rung.clever]


def called_contracts(ruleset: Ruleset) -> list[str]:
    """The contracts whose declarer names a partner card: pagat's Durch mit Partner (L115)."""
    return [rung.code for rung in ruleset.ladder if rung.called_partner]


class PartnershipFields:
    """A mixin of :class:`marias_admin.sheets.forms.StructuredHandForm` (a ``HandForm``)."""

    # Set by the form this is mixed into, which also gives self[name] and add_error.
    fields: dict[str, forms.Field]
    ruleset: Ruleset

    # -- fields --------------------------------------------------------------------------------

    def add_partnership_fields(self, seat_choices: list[tuple[int, str]]) -> None:
        """Partner, called rank and trick 8, only where the ruleset plays in pairs."""
        if not plays_in_pairs(self.ruleset):
            return
        # L243-245: the holder of the called card is the partner (2v2); a card the declarer
        # holds himself, or betl and durch (L250-253), mean he plays alone (1v3).
        self.fields["partner"] = forms.TypedChoiceField(
            label=_("Partner (spoluhráč)"), required=False, coerce=int, empty_value=None,
            choices=[("", _("nobody: the declarer plays alone (sám)")), *seat_choices],
            help_text=_("Who held the called card. Nobody when the declarer held it himself, "
                        "and in betl and durch."))
        self.fields["partner"].widget.attrs["data-partner"] = True  # the page's script
        self.fields["called_rank"] = forms.ChoiceField(
            label=_("Called card (volá)"), required=False,
            choices=[("", "—"), *((rank.value, label) for rank, label in RANK_LABELS.items())])
        clever = clever_contracts(self.ruleset)
        if clever:
            # L251-253: the declarer needs tricks 1-7; who takes trick 8 joins his side.
            self.fields["trick8"] = forms.TypedChoiceField(
                label=_("Trick 8 taken by (durch s chytrým)"), required=False, coerce=int,
                empty_value=None, choices=[("", "—"), *seat_choices],
                help_text=_("Needed when the durch s chytrým is won; the declarer's own seat "
                            "if he took all eight tricks."))
            self.fields["trick8"].widget.attrs["data-contracts"] = " ".join(clever)
        called = called_contracts(self.ruleset)
        if called:
            # Pagat L115: a Durch mit Partner lost, the declarer's own tricks say who pays
            # (under 6 he pays both opponents double and his partner nothing). The page's
            # script shows it only for that contract when the durch is lost.
            self.fields["partner"].help_text = _(
                "Who held the called card. Nobody when the declarer held it himself, and in "
                "betl and durch; in a durch with a partner, the holder of the named card.")
            self.fields["declarer_tricks"] = forms.IntegerField(
                label=_("Tricks the declarer took himself"), required=False, min_value=0,
                max_value=7, widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                help_text=_("Only for a lost durch with a partner: under 6 he pays both "
                            "opponents and his partner pays nothing."))
            self.fields["declarer_tricks"].widget.attrs.update({
                "data-contracts": " ".join(called), "data-shown-when-lost": "durch_won"})

    @property
    def partnership_fields(self) -> list[forms.BoundField]:
        """Partner and called rank, for the template (trick 8 stands with the outcome)."""
        return [self[name] for name in ("partner", "called_rank") if name in self.fields]

    @property
    def trick8_field(self) -> forms.BoundField | None:
        return self["trick8"] if "trick8" in self.fields else None

    @property
    def declarer_tricks_field(self) -> forms.BoundField | None:
        return self["declarer_tricks"] if "declarer_tricks" in self.fields else None

    # -- the hand ------------------------------------------------------------------------------

    def partnership_facts(self, data: dict[str, Any]) -> dict[str, Any]:
        """The hand's ``all_play``, ``partner``, ``called_rank`` and ``trick8`` from the
        fields. Trick 8 counts only with durch s chytrým: for another contract the field is
        hidden and a value left in it from before is not part of the hand."""
        if not plays_in_pairs(self.ruleset):
            return {}
        facts: dict[str, Any] = {"all_play": True}  # L243: nobody sits out
        if data.get("partner") is not None:
            facts["partner"] = data["partner"]
        if data.get("called_rank"):
            facts["called_rank"] = data["called_rank"]
        if data.get("trick8") is not None and data.get("contract") in clever_contracts(
                self.ruleset):
            facts["trick8"] = data["trick8"]
        if data.get("declarer_tricks") is not None and data.get("contract") in (
                called_contracts(self.ruleset)):
            facts["declarer_tricks"] = data["declarer_tricks"]
        return facts

    @staticmethod
    def partnership_initial(hand: dict[str, Any]) -> dict[str, Any]:
        """The fields back from a stored hand (the inverse of :meth:`partnership_facts`)."""
        return {"partner": hand.get("partner"), "called_rank": hand.get("called_rank") or "",
                "trick8": hand.get("trick8"), "declarer_tricks": hand.get("declarer_tricks")}

    # -- the engine's problems -----------------------------------------------------------------

    def partnership_field(self, engine_field: str, code: str | None) -> str | None:
        """The field for a problem about the partner, the called rank, trick 8 or a raise by
        the partner, or None when the problem is about something else."""
        if engine_field in PARTNERSHIP_FIELDS and engine_field in self.fields:
            return engine_field
        parts = engine_field.split(".")
        if parts[0] == "doublings" and len(parts) > 1 and code in PARTNER_RAISE_CODES:
            # The partner's seat among the raises: at the chain where it was typed, else at
            # the partner (the level alone does not say who raised).
            name = f"raised_by_{parts[1]}"
            return name if name in self.fields else "partner"
        return None
