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

from marias_admin.seasons.forms import CompetitionForm
from marias_admin.seasons.models import Competition, CompetitionTournament
from marias_admin.seasons.services import FIELDS, competition_save
from marias_admin.tournaments.models import Tournament


class MemberInline(admin.TabularInline):
    model = CompetitionTournament
    extra = 1
    autocomplete_fields = ("tournament",)
    fields = ("order", "tournament")


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
            tournaments=_members(formsets),
            **{name: form.cleaned_data[name] for name in FIELDS})
        form.instance.pk = saved.pk  # the admin's log entry and redirect need the id

    def construct_change_message(self, request: HttpRequest, form: Any, formsets: Any,
                                 add: bool = False) -> list[dict[str, Any]]:
        # The inline formsets were not saved by the admin (the service saved the members).
        return super().construct_change_message(request, form, [], add)

