"""Test modules share helpers through ``tests/factories.py`` and the ``helpers.py`` modules
(and conftest fixtures), never by importing another test module; test data never comes from
the standings benchmark's builder (``tests/factories.py`` has ``played_field``)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
FORBIDDEN_MODULES = ("marias_admin.standings.bench",)


def _is_test_module(name: str) -> bool:
    parts = name.split(".")
    return parts[0] == "tests" and parts[-1].startswith("test_")


def _imported(node: ast.AST) -> list[str]:
    """The modules an import statement brings in (``from tests.web import test_x`` too)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        return [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return []


def offences(root: Path = TESTS) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):  # also imports inside functions
            for module in _imported(node):
                if _is_test_module(module) or module in FORBIDDEN_MODULES or any(
                        module.startswith(f + ".") for f in FORBIDDEN_MODULES):
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno}: imports "
                                 f"{module}")
                    break
    return found


def test_no_test_module_imports_another_or_the_benchmark():
    found = offences()
    assert not found, ("move shared helpers to tests/factories.py or a helpers.py:\n"
                       + "\n".join(found))


def test_the_check_names_file_and_line(tmp_path):
    package = tmp_path / "tests"
    package.mkdir()
    (package / "test_a.py").write_text("import os\n\n\ndef f():\n"
                                       "    from tests.web.test_b import helper\n")
    (package / "test_c.py").write_text("from marias_admin.standings.bench import x\n")
    (package / "test_d.py").write_text("from tests.factories import user\n"
                                       "from tests.web import helpers\n")
    assert offences(package) == [
        "tests/test_a.py:5: imports tests.web.test_b",
        "tests/test_c.py:1: imports marias_admin.standings.bench",
    ]
