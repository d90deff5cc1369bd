"""Where in an exchange file a problem is, and what the JSON Schema found there, in the
reader's language.

jsonschema words its errors in English for programmers (``'club' is a required property``,
``0 is less than the minimum of 1``); the federation's staff read the import page in Czech or
Slovak. So the schema's error is never shown: its kind (the keyword that failed) and the value
it found are said again here as a translatable sentence, after the place in the file named as
the other checks name it ("players row 4, club: …", rows counted from 1).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

SHOWN_VALUE = 40  # characters of a wrong value quoted back


def where(path: Sequence[Any]) -> str:
    """["players", 3, "club"] → "players row 4, club" (rows counted from 1)."""
    parts: list[str] = []
    for item in path:
        if isinstance(item, int):
            row = _("row %(row)s") % {"row": item + 1}
            parts[-1:] = [f"{parts[-1]} {row}"] if parts else [row]
        else:
            parts.append(str(item))
    return ", ".join(parts) or _("the file")


def at(path: Sequence[Any], problem: str) -> str:
    """The place and the problem, as every refusal of a file says them."""
    return _("%(where)s: %(problem)s") % {"where": where(path), "problem": problem}


def shown(value: Any) -> str:
    """A value of the file as it is written there, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= SHOWN_VALUE else text[:SHOWN_VALUE - 1] + "…"


def _kinds(names: str | list[str]) -> str:
    words = {"string": _("text"), "integer": _("a whole number"), "number": _("a number"),
             "boolean": _("true or false"), "null": _("null"), "object": _("an object {…}"),
             "array": _("a list […]")}
    listed = [names] if isinstance(names, str) else names
    return _(" or ").join(words.get(name, name) for name in listed)


def _missing(error: Any) -> tuple[list[Any], str]:
    names = [n for n in error.validator_value if n not in error.instance]
    return [*error.absolute_path, *names[:1]], _("missing (the format requires it)")


def _unexpected(error: Any) -> tuple[list[Any], str]:
    known = error.schema.get("properties", {})
    extra = [n for n in error.instance if n not in known]
    return [*error.absolute_path, *extra[:1]], _("not a field of this format")


def _length(error: Any) -> str:
    count = error.validator_value
    if error.validator == "minLength":
        return _("must not be empty") if count == 1 else ngettext(
            "must be at least %(count)s character long",
            "must be at least %(count)s characters long", count) % {"count": count}
    return ngettext("must be at most %(count)s character long",
                    "must be at most %(count)s characters long", count) % {"count": count}


def _items(error: Any) -> str:
    count = error.validator_value
    if error.validator == "minItems":
        return ngettext("must list at least %(count)s item",
                        "must list at least %(count)s items", count) % {"count": count}
    return ngettext("must list at most %(count)s item",
                    "must list at most %(count)s items", count) % {"count": count}


_SENTENCES: dict[str, Callable[[Any], str]] = {
    "type": lambda e: _("must be %(kinds)s, not %(value)s")
    % {"kinds": _kinds(e.validator_value), "value": shown(e.instance)},
    "minimum": lambda e: _("must be at least %(limit)s, not %(value)s")
    % {"limit": e.validator_value, "value": shown(e.instance)},
    "maximum": lambda e: _("must be at most %(limit)s, not %(value)s")
    % {"limit": e.validator_value, "value": shown(e.instance)},
    "minLength": _length, "maxLength": _length, "minItems": _items, "maxItems": _items,
    "enum": lambda e: _("%(value)s is not one of %(allowed)s")
    % {"value": shown(e.instance), "allowed": ", ".join(shown(v) for v in e.validator_value)},
    "const": lambda e: _("must be %(allowed)s, not %(value)s")
    % {"allowed": shown(e.validator_value), "value": shown(e.instance)},
    "pattern": lambda e: _("%(value)s is not in the form this field takes")
    % {"value": shown(e.instance)},
    "oneOf": lambda e: _("%(value)s is none of the kinds this field takes")
    % {"value": shown(e.instance)},
}
_SENTENCES["anyOf"] = _SENTENCES["oneOf"]


def schema_problem(error: Any) -> str:
    """A :class:`jsonschema.ValidationError` as the import page says it: the place in the file
    and the problem, translated; never jsonschema's own English."""
    if error.validator == "required":
        path, problem = _missing(error)
    elif error.validator == "additionalProperties":
        path, problem = _unexpected(error)
    else:
        path = list(error.absolute_path)
        sentence = _SENTENCES.get(error.validator)
        problem = sentence(error) if sentence else _("%(value)s is not valid here") % {
            "value": shown(error.instance)}
    return at(path, problem)
