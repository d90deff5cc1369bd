"""apply_service_error: a service's refusal on the form, next to its field or on top, once."""

from __future__ import annotations

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from marias_admin.core.forms import apply_service_error


class NameForm(forms.Form):
    name = forms.CharField()
    version = forms.IntegerField(widget=forms.HiddenInput)


def _form() -> NameForm:
    form = NameForm({"name": "Turnaj", "version": 1})
    assert form.is_valid()
    return form


def test_field_errors_go_on_their_fields_the_rest_on_top():
    form = _form()
    apply_service_error(form, ValidationError({
        "name": "Taken.", "venue": "No such venue.", "version": "Someone saved first.",
        NON_FIELD_ERRORS: "Finished tournaments cannot change."}))
    assert form.errors["name"] == ["Taken."]
    assert form.non_field_errors() == ["No such venue.", "Someone saved first.",
                                       "Finished tournaments cannot change."]
    assert "version" not in form.errors  # a hidden field shows no errors: on top instead


def test_a_plain_error_goes_on_top_with_its_params():
    form = _form()
    apply_service_error(form, ValidationError("At most %(n)s rounds.", params={"n": 9}))
    assert form.non_field_errors() == ["At most 9 rounds."]


def test_a_message_shows_once():
    form = _form()
    error = ValidationError({"name": ["Taken.", "Taken."], "venue": "Taken."})
    apply_service_error(form, error)
    apply_service_error(form, error)
    assert form.errors["name"] == ["Taken."] and form.non_field_errors() == []


def test_keys_are_mapped_by_a_mapping_or_a_function():
    form = _form()
    apply_service_error(form, ValidationError({"title": "Too long."}), {"title": "name"})
    apply_service_error(form, ValidationError({"points.x": "Bad."}), lambda key: "name")
    assert form.errors["name"] == ["Too long.", "Bad."]
