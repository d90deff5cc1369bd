"""A service's refusal (``ValidationError``) as text for a page's message."""

from __future__ import annotations

from django.core.exceptions import ValidationError


def error_text(error: ValidationError) -> str:
    """A service's refusal as one sentence for a message."""
    return " ".join(str(m) for m in error.messages)
