"""Numbers of the standings pages in the active locale (BP, PB, money without a symbol)."""

from __future__ import annotations

from typing import Any

from django import template

from marias_admin.standings.selectors import fmt_number

register = template.Library()


@register.filter
def points(value: Any) -> str:
    """BP: "12", "12,5"."""
    return "" if value is None else fmt_number(value, places=2)


@register.filter
def pb(value: Any) -> str:
    """PB: "20", "12,5"."""
    return "" if value is None else fmt_number(value, places=1)


@register.filter
def amount(value: Any) -> str:
    """ZB or SB in the smallest unit as an amount: 1240 → "12,40", −50 → "−0,50"."""
    return "" if value is None else fmt_number(value, places=2, scale=100, fixed=True)


@register.filter
def signed(value: Any) -> str:
    """Like ``amount`` with a plus for gains: "+12,40"."""
    if value is None:
        return ""
    text = amount(value)
    return f"+{text}" if value > 0 else text


@register.filter
def negative(value: Any) -> bool:
    return value is not None and value < 0
