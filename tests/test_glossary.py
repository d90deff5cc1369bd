"""Every identifier and file named in docs/glossary.md exists in the code."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _rows() -> list[list[str]]:
    lines = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines()
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines
            if line.startswith("| ") and not line.startswith("| term") and "---" not in line]
    assert len(rows) > 30
    return rows


def _code() -> str:
    files = [p for folder in ("scoring", "marias_admin") for p in (ROOT / folder).rglob("*.py")]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def test_every_identifier_in_the_glossary_exists() -> None:
    code = _code()
    missing = []
    for row in _rows():
        for name in re.findall(r"`([^`]+)`", row[1]):
            *owner, attribute = name.split(".")
            has_attribute = re.search(rf"\b{re.escape(attribute)}\b", code)
            has_owner = not owner or re.search(rf"class {re.escape(owner[0])}\b", code)
            if not (has_attribute and has_owner):
                missing.append(name)
    assert missing == []


def test_every_file_in_the_glossary_exists() -> None:
    missing = [path for row in _rows() for path in re.findall(r"`([^`]+/[^`]*)`", row[2])
               if not (ROOT / path).exists()]
    assert missing == []
