"""The column specs of the standings exports: :mod:`marias_admin.core.columns`, where every
export (the registration list too) builds its sheets; kept here under its old name."""

from __future__ import annotations

from marias_admin.core.columns import (
    HEADER_FILL,
    MAX_WIDTH,
    MIN_WIDTH,
    Column,
    NumberFormat,
    date_column,
    date_format,
    money,
    money_column,
    money_format,
    number,
    points_column,
    points_format,
    write_rows_streaming,
    write_sheet,
)

__all__ = ["HEADER_FILL", "MAX_WIDTH", "MIN_WIDTH", "Column", "NumberFormat", "date_column",
           "date_format", "money", "money_column", "money_format", "number", "points_column",
           "points_format", "write_rows_streaming", "write_sheet"]
