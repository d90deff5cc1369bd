"""The apps stand in layers: each imports only the apps below it (README, "Layout").

Every module under ``marias_admin/`` is parsed (imports inside functions included); an import
of an app above the importing one fails the test with its file and line. What a lower app needs
from one above it is asked through a probe the app above provides in its ``AppConfig.ready``
(``marias_admin/core/probes.py``).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "marias_admin"

# Bottom first. The project's own modules (settings, urls, wsgi, asgi) stand above them all.
LAYERS = ("audit", "core", "players", "tournaments", "seating", "sheets", "printouts",
          "standings", "teams", "prizes", "seasons", "archive", "api", "demo")


def _app_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "marias_admin" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in LAYERS else None


def _imported(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = package.split(".")[: len(package.split(".")) - node.level + 1]
        module = ".".join([*base, node.module] if node.module else base)
    else:
        module = node.module or ""
    if module == "marias_admin":  # from marias_admin import seating
        return [f"marias_admin.{alias.name}" for alias in node.names]
    return [module]


def upward_imports() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        app = parts[1] if len(parts) > 2 else None
        if app is None:
            continue  # settings, urls, wsgi, asgi: the top, composing the apps
        assert app in LAYERS, f"{path}: the app {app!r} has no place in LAYERS"
        package = ".".join(parts[:-1])
        level = LAYERS.index(app)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for module in _imported(node, package):
                other = _app_of(module)
                if other is not None and LAYERS.index(other) > level:
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: "
                                 f"{app} imports {module} ({other} stands above {app})")
    return found


def test_every_app_imports_only_apps_below_it() -> None:
    assert upward_imports() == []


def test_every_app_has_a_layer() -> None:
    apps = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert apps == set(LAYERS)


def test_the_check_sees_imports_inside_functions(tmp_path, monkeypatch) -> None:
    app = tmp_path / "marias_admin" / "seating"
    app.mkdir(parents=True)
    (app / "__init__.py").write_text("")
    (app / "services.py").write_text(
        "def f():\n"
        "    from marias_admin.sheets.selectors import x\n"
        "    from ..standings import y\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path / "marias_admin")
    assert upward_imports() == [
        "marias_admin/seating/services.py:2: seating imports marias_admin.sheets.selectors "
        "(sheets stands above seating)",
        "marias_admin/seating/services.py:3: seating imports marias_admin.standings "
        "(standings stands above seating)",
    ]


def _engine_imports() -> dict[str, set[str]]:
    """Each ``scoring`` module and the ``scoring`` modules it imports, anywhere in it (inside
    functions and ``if TYPE_CHECKING:`` blocks too: a type-only import still ties two modules)."""
    root = PACKAGE.parent / "scoring"
    modules = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _imported(node, package + ".x"):
                    # "from scoring.x import y": y may be a module of the package x
                    names = node.names if isinstance(node, ast.ImportFrom) else []
                    candidates = [target, *(f"{target}.{a.name}" for a in names)]
                    found.update(c for c in candidates if c in modules and c != name)
        graph[name] = found
    return graph


def test_the_engine_has_no_import_circle() -> None:
    """No two engine modules import each other, directly or round a longer loop (issue 22: a
    circle hides which module is the rule's home; type-only imports count)."""
    graph = _engine_imports()
    # A package's face re-exports its modules; a module importing its own package's face is
    # not a circle of rules, so the faces are left out.
    faces = {name for name in graph if (PACKAGE.parent / name.replace(".", "/")).is_dir()}
    circles = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node] - faces):
            if state.get(nxt) == 1:
                circles.append(" → ".join([*path[path.index(nxt):], nxt]))
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(set(graph) - faces):
        if start not in state:
            visit(start, [start])
    assert not circles, "engine modules importing each other:\n" + "\n".join(circles)
