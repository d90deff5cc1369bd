"""Template helpers of the tournament log."""

from __future__ import annotations

from typing import Any

from django import template

from marias_admin.sheets.log_story import told_summary

register = template.Library()


@register.filter
def summary_told(row: Any) -> str:
    """A log row's summary in the page's language (``log_story.told_summary``)."""
    return told_summary(row.entry, getattr(row, "round_number", None))
