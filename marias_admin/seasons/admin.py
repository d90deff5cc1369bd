"""Competitions are managed in the Django admin (staff).

The admin saves the competition and its member inline in one transaction (``changeform_view``
is atomic); one audit entry records the whole change, as :func:`competition_save` does.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from marias_admin.audit.services import audit_record
from marias_admin.seasons.forms import CompetitionForm
from marias_admin.seasons.models import Competition, CompetitionTournament
from marias_admin.seasons.services import picture


class MemberInline(admin.TabularInline):
    model = CompetitionTournament
    extra = 1
    autocomplete_fields = ("tournament",)
    fields = ("order", "tournament")


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    form = CompetitionForm
    list_display = ("name", "season", "coefficient", "drop_worst", "ordering", "public")
    list_filter = ("season", "public")
    search_fields = ("name", "season")
    inlines = (MemberInline,)

    def save_model(self, request: HttpRequest, obj: Competition, form: Any,
                   change: bool) -> None:
        request._competition_before = (  # type: ignore[attr-defined]
            picture(Competition.objects.get(pk=obj.pk)) if change else None)
        super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any,
                     change: bool) -> None:
        super().save_related(request, form, formsets, change)
        competition = form.instance
        audit_record(user=request.user,
                     action="competition.update" if change else "competition.create",
                     obj=competition, before=getattr(request, "_competition_before", None),
                     after=picture(competition), summary=str(competition))
