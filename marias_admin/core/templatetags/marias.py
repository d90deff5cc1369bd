"""Small template helpers shared by the organiser and public pages."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.formats import number_format

register = template.Library()


@register.simple_tag
def url_if_exists(name: str, *args: Any) -> str:
    """``{% url %}`` that gives "" when the page does not exist (yet), instead of an error.

    Used for links to pages other apps own, so a missing app hides a link rather than
    breaking the page: ``{% url_if_exists "players:import" t.pk as import_url %}``.
    """
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return ""


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` in a template, ``None`` when missing."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


CURRENCY_SYMBOLS = {"CZK": "Kč", "EUR": "€"}


@register.filter
def money(cents: Any, currency: str = "") -> str:
    """Smallest units as an amount in the active locale: 20, "CZK" → "0,20 Kč"."""
    if cents in (None, ""):
        return ""
    amount = number_format(Decimal(int(cents)) / 100, decimal_pos=2, use_l10n=True)
    symbol = CURRENCY_SYMBOLS.get(currency, currency)
    return f"{amount}\N{NO-BREAK SPACE}{symbol}" if symbol else amount
