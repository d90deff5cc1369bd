"""Small template helpers shared by the organiser and public pages."""

from __future__ import annotations

from typing import Any

from django import template

from marias_admin.core import formatting
from marias_admin.core.people import person_name
from marias_admin.core.words import long_in as _long_in

register = template.Library()


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` in a template, ``None`` when missing."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def long_in(number: Any) -> bool:
    """Whether "in" before this ordinal is Czech "ve" / Slovak "vo" in the active language:
    ``{% if n|long_in %}{% blocktranslate context "ve/vo before the number" %}…``."""
    return _long_in(number)


@register.filter
def money_class(value: Any) -> str:
    """The one colour rule for money (ZB, SB, a hand's money, a sheet's totals): "minus" for
    a negative amount, a number or one already shown ("−2,00"), else "". Every money cell says
    ``class="num {{ value|money_class }}"``; the stylesheet paints ``.minus`` red."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        return "minus" if value.strip().startswith(("−", "-")) else ""
    try:
        return "minus" if value < 0 else ""
    except TypeError:
        return ""


@register.filter
def money(cents: Any, currency: str = "") -> str:
    """Smallest units as an amount in the active language: 20, "CZK" → "0,20 Kč"."""
    if cents in (None, ""):
        return ""
    return formatting.money(int(cents), currency)


@register.filter
def day(value: Any, option: str = "") -> str:
    """A date in the active language: "12. 4. 2025" (en "12 Apr 2025"); ``day:"weekday"``
    names the day first: "sobota 12. 4. 2025" (en "Saturday 12 Apr 2025")."""
    if value in (None, ""):
        return ""
    return formatting.day(value, weekday=option == "weekday")


@register.filter
def moment(value: Any) -> str:
    """A date and time in the active language: "12. 4. 2025 9:05"."""
    return "" if value in (None, "") else formatting.moment(value)


@register.filter
def time_of_day(value: Any) -> str:
    """A time of day, in local time: "9:05" (the same in every language)."""
    return "" if value in (None, "") else formatting.time_of_day(value)


@register.filter
def clock(value: Any) -> str:
    """A time to the second, in local time: "9:05:07" (the control room, "updated at")."""
    return "" if value in (None, "") else formatting.time_of_day(value, seconds=True)


@register.filter
def person(user: Any) -> str:
    """A user account by the person's name (full name, else the login name)."""
    return person_name(user)
