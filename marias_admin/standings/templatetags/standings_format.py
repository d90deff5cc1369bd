"""Numbers of the standings pages in the active language (BP, PB, money without a symbol).

Thin filters over :mod:`marias_admin.core.formatting`, the site's one convention.
"""

from __future__ import annotations

from typing import Any

from django import template

from marias_admin.core import formatting

register = template.Library()


@register.filter
def points(value: Any) -> str:
    """BP: "12", "12,5"."""
    return "" if value is None else formatting.points(value, places=2)


@register.filter
def pb(value: Any) -> str:
    """PB: "20", "12,5"."""
    return "" if value is None else formatting.points(value, places=1)


@register.filter
def amount(value: Any) -> str:
    """ZB or SB in the smallest unit as an amount: 1240 → "12,40", −50 → "−0,50"."""
    return "" if value is None else formatting.amount(value)


@register.filter
def signed(value: Any) -> str:
    """Like ``amount`` with a plus for gains: "+12,40"."""
    return "" if value is None else formatting.signed(value)


@register.filter
def negative(value: Any) -> bool:
    return value is not None and value < 0
