"""Competitions are managed in the Django admin (staff), through :func:`competition_save`.

Like every other write, the admin's goes through the service: the competition's fields and its
members (the inline, in their order) are handed to it in one call, which validates, saves and
records one audit entry, all inside the admin's transaction (``changeform_view`` is atomic).
No service deletes a competition, so the admin does not either.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from marias_admin.core.admin import ReadOnlyAdmin
from marias_admin.seasons.forms import CompetitionForm
from marias_admin.seasons.models import (
    Competition,
    CompetitionTournament,
    FinalPlace,
    FinalTeamPlace,
    Membership,
    PlacementSnapshot,
    Ranking,
)
from marias_admin.seasons.ranking_services import (
    MEMBERSHIP_FIELDS,
    RANKING_FIELDS,
    membership_save,
    ranking_save,
)
from marias_admin.seasons.services import FIELDS, competition_save
from marias_admin.tournaments.models import Tournament


class MemberInline(admin.TabularInline):
    model = CompetitionTournament
    extra = 1
    autocomplete_fields = ("tournament",)
    fields = ("order", "tournament", "coefficient")


def _members(formsets: Any) -> list[Tournament]:
    """The tournaments the inline lists, by their order number, deleted rows left out."""
    rows = []
    for formset in formsets:
        if formset.model is not CompetitionTournament:
            continue
        for index, form in enumerate(formset.forms):
            data = getattr(form, "cleaned_data", None) or {}
            if not data.get("tournament") or formset._should_delete_form(form):
                continue
            rows.append((data.get("order") or 0, index, data["tournament"]))
    return [tournament for _order, _index, tournament in sorted(rows, key=lambda r: r[:2])]


def _coefficients(formsets: Any) -> dict[int, Any]:
    """Tournament id → its own coefficient (None: the competition's), from the inline."""
    out = {}
    for formset in formsets:
        if formset.model is not CompetitionTournament:
            continue
        for form in formset.forms:
            data = getattr(form, "cleaned_data", None) or {}
            if data.get("tournament") and not formset._should_delete_form(form):
                out[data["tournament"].pk] = data.get("coefficient")
    return out


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    form = CompetitionForm
    list_display = ("name", "season", "coefficient", "drop_worst", "ordering", "public")
    list_filter = ("season", "public")
    search_fields = ("name", "season")
    inlines = (MemberInline,)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Competition, form: Any,
                   change: bool) -> None:
        """Nothing yet: :meth:`save_related` saves the fields and members in one service
        call."""

    def save_related(self, request: HttpRequest, form: Any, formsets: Any,
                     change: bool) -> None:
        saved = competition_save(
            user=request.user, competition=form.instance if change else None,
            tournaments=_members(formsets), coefficients=_coefficients(formsets),
            **{name: form.cleaned_data[name] for name in FIELDS})
        form.instance.pk = saved.pk  # the admin's log entry and redirect need the id

    def construct_change_message(self, request: HttpRequest, form: Any, formsets: Any,
                                 add: bool = False) -> list[dict[str, Any]]:
        # The inline formsets were not saved by the admin (the service saved the members).
        return super().construct_change_message(request, form, [], add)



@admin.register(Ranking)
class RankingAdmin(admin.ModelAdmin):
    """A competition's rankings; saved through :func:`ranking_save` (validated, audited)."""

    list_display = ("name", "competition", "audience", "scheme", "drop_worst", "best_of")
    list_filter = ("competition", "audience", "scheme")
    fields = ("competition", *RANKING_FIELDS)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        """A ranking stays its competition's."""
        return ("competition",) if obj is not None else ()

    def save_model(self, request: HttpRequest, obj: Ranking, form: Any, change: bool) -> None:
        competition = form.cleaned_data.get("competition") or obj.competition
        saved = ranking_save(user=request.user, competition=competition,
                             ranking=obj if change else None,
                             **{name: form.cleaned_data[name] for name in RANKING_FIELDS})
        obj.pk = saved.pk


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    """Members per season; saved through :func:`membership_save` (audited). The federation's
    list is imported on the competition list's import page."""

    list_display = ("player", "season", "paid", "club", "licence", "disqualified")
    list_filter = ("season", "paid", "disqualified")
    search_fields = ("player__last_name", "player__first_name",
                     "player__registration_number", "licence")
    autocomplete_fields = ("player", "club")
    fields = MEMBERSHIP_FIELDS

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        """A membership stays the player's of its season: change its values, not whose."""
        return ("season", "player") if obj is not None else ()

    def save_model(self, request: HttpRequest, obj: Membership, form: Any,
                   change: bool) -> None:
        data = form.cleaned_data
        saved = membership_save(user=request.user, season=data.get("season", obj.season),
                                player=data.get("player", obj.player), paid=data["paid"],
                                club=data["club"],
                                licence=data["licence"], disqualified=data["disqualified"],
                                note=data["note"])
        obj.pk = saved.pk


# The final places are copies of the tournaments' standings (``snapshots.py``), rebuilt when
# the results change: shown, never edited, or a season page would disagree with its
# tournament's standings.
@admin.register(PlacementSnapshot)
class PlacementSnapshotAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "generation", "computed_at", "field")
    list_select_related = ("tournament",)


@admin.register(FinalPlace)
class FinalPlaceAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "place", "player", "bp", "sb", "money")
    list_filter = ("tournament",)
    list_select_related = ("tournament", "player")
    search_fields = ("player__last_name", "player__first_name")


@admin.register(FinalTeamPlace)
class FinalTeamPlaceAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "place", "club", "team", "bp", "sb", "money")
    list_filter = ("tournament",)
    list_select_related = ("tournament", "club")
