"""Widgets for long lists and busy pages.

Django renders every ``<option>`` of a ``Select`` through its template engine, about 0.1 ms
each: the round page's swap form lists the whole field twice (640 options at a national
championship) and spent most of its time there, on a page the organiser reloads all day. This
select writes the same HTML directly. The table page, which every table's phone loads before
every hand, has a dozen text inputs (the paper totals, the totals): :class:`QuickTextInput`
writes them directly too.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

SELECTED = mark_safe(" selected")


class QuickSelect(forms.Select):
    """A single ``<select>`` of flat choices (no groups), rendered without templates."""

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        final_attrs = self.build_attrs(self.attrs, attrs)
        final_attrs["name"] = name
        chosen = {str(v) for v in self.format_value(value)}
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                ("" if key is None else key, SELECTED if str(key) in chosen else "", label)
                for key, label in self.choices
            ),
        )
        return format_html("<select{}>{}</select>", flatatt(final_attrs), options)


class QuickTextInput(forms.TextInput):
    """An ``<input>`` written without templates (the same HTML as ``TextInput``'s)."""

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        shown = self.format_value(value)
        return format_html(
            '<input type="{}" name="{}"{}{}>', self.input_type, name,
            "" if shown is None else format_html(' value="{}"', shown),
            flatatt(self.build_attrs(self.attrs, attrs)))


class QuickHiddenInput(QuickTextInput):
    """A hidden ``<input>`` (a sheet's version) written without templates."""

    input_type = "hidden"
    template_name = forms.HiddenInput.template_name

    @property
    def is_hidden(self) -> bool:
        return True
