"""The registration list as a django-tables2 table (sortable, phone friendly).

Name and club columns sort in the tournament's alphabet (``core/ordering.py``), not by bytes.
"""

from __future__ import annotations

from datetime import datetime

import django_tables2 as tables
from django.db.models import QuerySet
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from marias_admin.core import formatting
from marias_admin.core.ordering import czech_order
from marias_admin.tournaments.models import Registration, RegistrationStatus


class RegistrationTable(tables.Table):
    name = tables.Column(
        verbose_name=_("Name"), accessor="player__last_name",
        attrs={"td": {"class": "name"}},
    )
    club = tables.Column(verbose_name=_("Club"), accessor="player__club__name",
                         default="", attrs={"td": {"class": "club"}})
    number = tables.Column(verbose_name=_("Reg. no."),
                           accessor="player__registration_number", default="",
                           attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    status = tables.Column(verbose_name=_("Status"), attrs={"td": {"class": "status"}})
    checked_in_at = tables.Column(verbose_name=_("Check-in"), default="",
                                  attrs={"td": {"class": "num time"}})
    seed_rank = tables.Column(verbose_name=_("Seeding rank"), default="",
                              attrs={"td": {"class": "num seed"}, "th": {"class": "num"}})
    actions = tables.TemplateColumn(
        template_name="tournaments/_registration_actions.html", verbose_name="",
        orderable=False, attrs={"td": {"class": "actions"}},
    )

    class Meta:
        model = Registration
        fields = ("name", "club", "number", "status", "checked_in_at", "seed_rank", "actions")
        orderable = True
        attrs = {"class": "data registrations"}
        row_attrs = {"class": lambda record: f"reg-{record.status}",
                     "id": lambda record: f"reg-{record.pk}"}
        empty_text = _("No registrations match.")

    def __init__(self, *args: object, language: str | None = None, **kwargs: object) -> None:
        self.language = language  # the tournament's page language: its alphabet
        super().__init__(*args, **kwargs)

    def _ordered(self, queryset: QuerySet[Registration], is_descending: bool,
                 *fields: str) -> tuple[QuerySet[Registration], bool]:
        sign = "-" if is_descending else ""
        return queryset.order_by(*czech_order(*(sign + f for f in fields),
                                              language=self.language), sign + "id"), True

    def order_name(self, queryset: QuerySet[Registration],
                   is_descending: bool) -> tuple[QuerySet[Registration], bool]:
        return self._ordered(queryset, is_descending, "player__last_name", "player__first_name")

    def order_club(self, queryset: QuerySet[Registration],
                   is_descending: bool) -> tuple[QuerySet[Registration], bool]:
        return self._ordered(queryset, is_descending, "player__club__name",
                             "player__last_name", "player__first_name")

    def render_name(self, record: Registration) -> str:
        return format_html("<strong>{}</strong> {}", record.player.last_name,
                           record.player.first_name)

    def render_status(self, record: Registration) -> str:
        detail = ""
        if record.status == RegistrationStatus.WITHDRAWN and record.withdrawn_before_round:
            detail = _("before round %(number)s") % {"number": record.withdrawn_before_round}
        elif record.first_round > 1:
            detail = _("from round %(number)s") % {"number": record.first_round}
        return format_html('<span class="pill status-{}">{}</span>{}', record.status,
                           record.get_status_display(),
                           format_html(' <small class="muted">{}</small>', detail)
                           if detail else "")

    def render_checked_in_at(self, value: datetime) -> str:
        return formatting.time_of_day(value)
