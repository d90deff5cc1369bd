"""A service's refusal (``ValidationError``) shown on the form that asked for the change.

Services validate and raise ``ValidationError`` keyed by their own field names (or with no
field). :func:`apply_service_error` is the one way every view puts that on its form: an error
naming a field the form shows goes next to that field, everything else (no field, a field the
form does not have, a hidden field such as ``version``) on top as a non-field error — and each
message once: a message already shown on the form is not added again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

FieldMap = Mapping[str, str | None] | Callable[[str], str | None] | None


def _target(form: forms.BaseForm, key: str, fields: FieldMap) -> str | None:
    if key == NON_FIELD_ERRORS:
        return None
    if callable(fields):
        name = fields(key)
    elif fields is not None:
        name = fields.get(key, key)
    else:
        name = key
    field = form.fields.get(name) if name else None
    if field is None or field.widget.is_hidden:
        return None
    return name


def _shown(form: forms.BaseForm) -> set[str]:
    """Every message the form already shows, on any field or on top."""
    return {str(message) for errors in form.errors.values() for message in errors}


def apply_service_error(form: forms.BaseForm, error: ValidationError,
                        fields: FieldMap = None) -> None:
    """Put ``error`` on ``form``: field errors on their fields, the rest as non-field errors.

    ``fields`` maps the service's keys to the form's field names (a mapping, or a function
    for prefixes such as the engine's ``points.declarer_cards``); unmapped keys are taken as
    field names. A message the form already shows is not repeated.
    """
    items = (error.error_dict.items() if hasattr(error, "error_dict")
             else [(NON_FIELD_ERRORS, error.error_list)])
    for key, errors in items:
        target = _target(form, key, fields)
        shown = _shown(form)
        fresh = []
        for item in errors:
            text = " ".join(str(m) for m in ValidationError(item).messages)
            if text not in shown:
                shown.add(text)
                fresh.append(item)
        if fresh:
            form.add_error(target, fresh)
