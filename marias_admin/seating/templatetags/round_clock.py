"""The round clock on any page: ``{% load round_clock %}{% round_countdown round %}`` on a
table page, ``{% tournament_countdown tournament %}`` on the projector (the round being
played). Rendered server-side with the remaining time; a tiny script ticks it down."""

from __future__ import annotations

from typing import Any

from django import template

from marias_admin.seating.selectors import clock_round, round_clock

register = template.Library()


@register.inclusion_tag("seating/_clock.html", takes_context=True)
def round_countdown(context: template.Context, round: Any) -> dict[str, Any]:
    clock = round_clock(round) if round is not None and round.started_at else None
    return {"clock": clock, "request": context.get("request")}


@register.inclusion_tag("seating/_clock.html", takes_context=True)
def tournament_countdown(context: template.Context, tournament: Any) -> dict[str, Any]:
    round = clock_round(tournament) if tournament is not None else None
    return {"clock": round_clock(round) if round else None, "request": context.get("request"),
            "big": True}
