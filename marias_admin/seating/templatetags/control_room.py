"""``{% control_room_rows %}``: the control room's table rows (``seating/_tables_status.html``),
written by :mod:`marias_admin.seating.control_room_html` from the template's context."""

from __future__ import annotations

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.urls import reverse
from django.utils.safestring import SafeString

from marias_admin.seating.control_room_html import control_room_rows as write

register = template.Library()

_NUMBER = 987654  # a table number no round has, where ``{}`` goes in the URLs


def _base(name: str, tournament_id: int, number: int) -> str:
    """The URL of a table's page or action, ``{}`` in the place of the table's number (one
    ``reverse`` a page, not one a row)."""
    return reverse(name, args=(tournament_id, number, _NUMBER)).replace(f"/{_NUMBER}/", "/{}/")


@register.simple_tag(takes_context=True)
def control_room_rows(context: template.Context) -> SafeString:
    tournament_id, number = context["tournament"].pk, context["round"].number
    return write(context["rows"],
                 sheet_base=_base("sheets:table", tournament_id, number),
                 confirm_base=_base("seating:round_table_confirm", tournament_id, number),
                 reopen_base=_base("seating:round_table_reopen", tournament_id, number),
                 filters=context.get("filters") or {},
                 csrf_input=CsrfTokenNode().render(context))
