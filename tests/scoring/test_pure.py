"""The rules engine is pure Python: no module of ``scoring/`` imports Django (README, "Rules
engine"), so it runs, and is checked by mypy, without the site."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"


def test_no_module_of_scoring_names_django() -> None:
    found = []
    for path in sorted(SCORING.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            found += [f"{path.relative_to(SCORING.parent)}:{node.lineno}: {name}"
                      for name in names if name.split(".")[0] in ("django", "marias_admin")]
    assert found == []


def test_importing_every_module_of_scoring_loads_no_django() -> None:
    modules = sorted(
        ".".join(p.relative_to(SCORING.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in SCORING.rglob("*.py") if p.name != "__main__.py"
    )
    code = ("import importlib, sys\n"
            f"for name in {modules!r}:\n"
            "    importlib.import_module(name)\n"
            "print(sorted(m for m in sys.modules\n"
            "             if m.split('.')[0] in ('django', 'marias_admin')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=SCORING.parent, check=True, timeout=120)
    assert result.stdout.strip() == "[]"
