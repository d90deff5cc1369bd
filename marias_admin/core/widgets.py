"""Widgets for long lists.

Django renders every ``<option>`` of a ``Select`` through its template engine, about 0.1 ms
each: the round page's swap form lists the whole field twice (640 options at a national
championship) and spent most of its time there, on a page the organiser reloads all day. This
select writes the same HTML directly.
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
