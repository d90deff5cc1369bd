"""The base of both ways of entering a hand: seats, the version seen, a reason for edits, the
typed hand built from the fields and the engine's problems placed at them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from marias_admin.core.forms import apply_service_error
from marias_admin.core.widgets import QuickHiddenInput
from marias_admin.seating.models import Seat
from marias_admin.sheets.forms.fields import seat_choices
from marias_admin.tournaments.forms import Form
from scoring import ScoringError, settle
from scoring.hand import Hand
from scoring.ruleset import Ruleset
from scoring.settle import Settlement


class HandForm(Form):
    """What both ways of entering a hand share: seats, the version seen, a reason for edits,
    and the typed hand built from the fields, with the engine's problems placed.

    Validating builds the hand but does not settle it: a save is settled once, by the service
    that stores it (:func:`marias_admin.sheets.services.hand_add`), whose refusal
    :meth:`add_service_error` places like the form's own. Only the live preview asks the form
    for :attr:`settlement`."""

    entry = ""  # "text" or "form": which form a POST belongs to
    # Where the engine's fields go on this form; anything else goes to ``fallback_field``.
    error_fields: dict[str, str] = {"declarer": "declarer", "dealer": "dealer"}
    fallback_field: str | None = None

    version = forms.IntegerField(widget=QuickHiddenInput, min_value=0)
    dealer = forms.TypedChoiceField(label=_("Dealer"), coerce=int)
    declarer = forms.TypedChoiceField(label=_("Declarer"), coerce=int, required=False,
                                      widget=forms.RadioSelect)

    def __init__(self, *args: Any, seats: Sequence[Seat], ruleset: Ruleset,
                 with_reason: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", self.entry)
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        self.players = len(self.seats)
        self.ruleset = ruleset
        self.error_position: int | None = None
        choices = seat_choices(self.seats)
        self.fields["dealer"].choices = choices
        self.fields["declarer"].choices = choices
        if with_reason:
            self.fields["reason"] = forms.CharField(
                label=_("Reason for the change"), max_length=300,
                help_text=_("Required: it stays in the hand's history."))

    def _current(self, name: str) -> int | None:
        try:
            return int(self[name].value())
        except (TypeError, ValueError):
            return None

    @property
    def dealer_sits_out(self) -> bool:
        """At a table of four the dealer sits out (ČSM 2023 B.2, obecná pravidla L27-28);
        in křížový all four play (obecná pravidla VII.2 L243)."""
        return self.players == 4 and not self.ruleset.partnerships

    @property
    def sitter(self) -> int | None:
        """The dealer when he sits out: he cannot be the declarer."""
        return self._current("dealer") if self.dealer_sits_out else None

    @property
    def declarer_options(self) -> list[dict[str, Any]]:
        """The declarer buttons: one per seat, the sitter disabled."""
        chosen, sitter = self._current("declarer"), self.sitter
        return [{"seat": s, "value": s.position, "checked": s.position == chosen,
                 "disabled": s.position == sitter,
                 "id": f"{self.auto_id % self.add_prefix('declarer')}_{s.position}"}
                for s in self.seats]

    @property
    def caret_pad(self) -> str | None:
        """Spaces up to the character the parser stopped at (for a caret under the text)."""
        if self.error_position is None:
            return None
        return " " * self.error_position

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        try:
            hand = self.build_hand(data)
        except ScoringError as exc:
            self.add_engine_problems(exc)
            return data
        if hand is not None:
            data["hand"] = hand
        return data

    def build_hand(self, data: dict[str, Any]) -> Hand | None:
        raise NotImplementedError

    @property
    def hand(self) -> Hand:
        return self.cleaned_data["hand"]

    @property
    def settlement(self) -> Settlement | None:
        """The typed hand settled by the engine, for the live preview (a save never asks: the
        service settles what it stores). Settled on the first ask only; the engine's refusal
        is placed at its fields like a parser's, and there is no settlement (None)."""
        if not hasattr(self, "_settlement"):
            self._settlement: Settlement | None = None
            hand = getattr(self, "cleaned_data", {}).get("hand")
            if hand is not None:
                try:
                    self._settlement = settle(hand, self.ruleset)
                except ScoringError as exc:
                    self.add_engine_problems(exc)
        return self._settlement

    def paper_money(self) -> list[int] | None:
        return None

    def field_for(self, engine_field: str, code: str | None = None) -> str | None:
        """The form field that holds the engine's ``engine_field`` (``code``: the problem's)."""
        if engine_field in self.error_fields:
            return self.error_fields[engine_field]
        for prefix, name in self.error_fields.items():
            if prefix.endswith(".") and engine_field.startswith(prefix):
                return name if name in self.fields else self.fallback_field
        return self.fallback_field

    def add_engine_problems(self, exc: ScoringError) -> None:
        lang = (get_language() or "cs")[:2]
        for problem in exc.problems:
            name = self.field_for(problem.field, problem.code)
            if problem.position is not None and self.error_position is None:
                self.error_position = problem.position
            self.add_error(name if name in self.fields else None, problem.message(lang))

    def add_service_error(self, error: ValidationError) -> bool:
        """A service's refusal: engine fields mapped like the engine's own problems. The
        engine's refusal of the hand itself (the service raises it from the engine's
        :class:`ScoringError`) is placed exactly as the engine's problems always are: each
        one, with the parser's caret. True when it was the engine's."""
        engine = error.__cause__
        if isinstance(engine, ScoringError):
            self.add_engine_problems(engine)
            return True
        apply_service_error(self, error,
                            lambda key: "reason" if key == "reason" else self.field_for(key))
        return False

    def declarer_or_forehand(self, data: dict[str, Any]) -> int:
        declarer = data.get("declarer")
        if declarer:
            return int(declarer)
        return int(data["dealer"]) % self.players + 1

    def require_declarer(self, hand: Hand, data: dict[str, Any]) -> Hand | None:
        """A line with a contract names who played it; a line with only a renonc need not."""
        if hand.contract is not None and not data.get("declarer"):
            self.add_error("declarer", _("Choose who played the contract."))
            return None
        return hand
