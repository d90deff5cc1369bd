"""Small template helpers shared by the organiser and public pages."""

from __future__ import annotations

from typing import Any

from django import template

from marias_admin.core import formatting

register = template.Library()


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` in a template, ``None`` when missing."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def money(cents: Any, currency: str = "") -> str:
    """Smallest units as an amount in the active language: 20, "CZK" → "0,20 Kč"."""
    if cents in (None, ""):
        return ""
    return formatting.money(int(cents), currency)


@register.filter
def day(value: Any) -> str:
    """A date in the active language: "12. 4. 2025" (en "12 Apr 2025")."""
    return "" if value in (None, "") else formatting.day(value)


@register.filter
def moment(value: Any) -> str:
    """A date and time in the active language: "12. 4. 2025 9:05"."""
    return "" if value in (None, "") else formatting.moment(value)
