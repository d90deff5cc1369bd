"""Federation registration numbers: one spelling for every way a number comes in.

The manual form, the services and the import all pass a number through
:func:`normalise_registration_number`, so that "sk 1002", "SK1002" and "SK-1002" are stored the
same way and a number typed twice in different spellings is recognised as the same number
(:func:`registration_number_holder`) instead of creating a second player.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import F, Value
from django.db.models.functions import Replace, Upper
from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from marias_admin.players.models import Player

DEFAULT_REGISTRATION_NUMBER_PATTERN = r"^[A-Z]{2}-?\d{3,6}$|^\d{3,6}$"
# Characters that never tell two numbers apart: "CZ 01234" == "CZ-01234" == "cz01234".
SEPARATORS = ("-", " ", "/", ".")
MAX_INPUT_LENGTH = 40  # a longer text is not a number; refuse it before any regex runs


def registration_number_pattern() -> str:
    return getattr(settings, "MARIAS_REGISTRATION_NUMBER_PATTERN", None) or (
        DEFAULT_REGISTRATION_NUMBER_PATTERN)


def registration_number_key(value: str) -> str:
    """What two numbers must share to be the same number: "CZ01234" == "CZ-01234"."""
    return re.sub(r"[\s\-/.]+", "", value).upper()


def _shorten(value: str, limit: int = 30) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


def normalise_registration_number(text: str | None,
                                  pattern: str | re.Pattern[str] | None = None) -> str:
    """The canonical spelling ("SK-1002") of a typed number, "" for none.

    Upper case without spaces; letters followed directly by digits get the hyphen ("SK1002"
    → "SK-1002") when the federation's pattern accepts that spelling. A number the pattern
    refuses in every spelling is an error, so that nothing unrecognisable is ever stored.
    """
    value = (text or "").strip()
    if not value:
        return ""
    compiled = re.compile(pattern or registration_number_pattern())
    if len(value) > MAX_INPUT_LENGTH:
        raise ValidationError(
            _("“%(value)s” is not a valid registration number (for example CZ-01234)."),
            params={"value": _shorten(value)}, code="bad_registration_number")
    plain = re.sub(r"\s+", "", value).upper()
    candidates = []
    letters_digits = re.fullmatch(r"([A-Z]+)(\d+)", plain)
    if letters_digits:
        candidates.append(f"{letters_digits[1]}-{letters_digits[2]}")
    candidates.append(plain)
    for candidate in candidates:
        if compiled.search(candidate):
            return candidate
    raise ValidationError(
        _("“%(value)s” is not a valid registration number (for example CZ-01234)."),
        params={"value": _shorten(value)}, code="bad_registration_number")


def _key_expression() -> F | Upper:
    expression: F | Replace = F("registration_number")
    for separator in SEPARATORS:
        expression = Replace(expression, Value(separator), Value(""))
    return Upper(expression)


def registration_number_holder(number: str, *, exclude_pk: int | None = None) -> Player | None:
    """The player who already has ``number`` in any spelling, else None."""
    from marias_admin.players.models import Player

    key = registration_number_key(number or "")
    if not key:
        return None
    holders = (Player.objects.filter(registration_number__isnull=False)
               .annotate(number_key=_key_expression()).filter(number_key=key))
    if exclude_pk is not None:
        holders = holders.exclude(pk=exclude_pk)
    return holders.order_by("pk").first()


def refuse_taken_registration_number(number: str, *, exclude_pk: int | None = None) -> None:
    """Refuse a number another player already has (in any spelling)."""
    holder = registration_number_holder(number, exclude_pk=exclude_pk)
    if holder is not None:
        raise ValidationError(
            {"registration_number": ValidationError(
                _("Registration number %(number)s already belongs to %(player)s."),
                params={"number": number, "player": holder.full_name}, code="number_taken")})
