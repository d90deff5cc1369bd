"""Everything a server process would otherwise do on its first requests, done once before the
processes fork (gunicorn's ``preload_app``, see ``marias_admin/gunicorn_conf.py``).

A process compiles each template, builds the URL resolver and loads the translation catalogs
the first time a request needs them, a few hundred milliseconds each time. With several
processes that happens again in each, on the first tables' requests of the day — exactly when
the hall starts entering hands. Done in the master before forking, every process starts with
them in memory (copy-on-write).
"""

from __future__ import annotations

import gc
from pathlib import Path

from django.conf import settings
from django.db import connections
from django.template import engines
from django.template.exceptions import TemplateDoesNotExist, TemplateSyntaxError
from django.urls import get_resolver
from django.utils import translation


def template_names() -> list[str]:
    """Names of every template the project's engines can load (project and app dirs)."""
    names: set[str] = set()
    for engine in engines.all():
        for directory in engine.template_dirs:
            root = Path(directory)
            if root.is_dir():
                names.update(str(path.relative_to(root)) for path in root.rglob("*.html"))
    return sorted(names)


def warm_up() -> int:
    """Compile the templates, build the URL patterns, load every language's catalog; closes
    any database connection opened meanwhile (a forked process must open its own). Returns
    the number of templates compiled."""
    get_resolver()._populate()  # imports every view module
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Tournaments")
    compiled = 0
    for engine in engines.all():
        for name in template_names():
            try:
                engine.get_template(name)
                compiled += 1
            except (TemplateDoesNotExist, TemplateSyntaxError):
                continue  # another engine's template, or one only an app's own engine reads
    connections.close_all()
    return compiled


def freeze_boot_objects() -> None:
    """Move every object alive now (Django, the apps, the compiled templates, the URL patterns,
    the catalogs: they live as long as the process) out of the garbage collector's
    generations, so that its full collections stop scanning them: they cost 3–4 ms of a
    45 ms standings render at 320 players (issue 27). Done in the master after the warm-up,
    before the workers fork, it also keeps those pages shared between the workers (the
    collector writes to every object it scans). ``scripts/bench_goals.py`` does the same, so
    that it times what a server process does."""
    gc.collect()
    gc.freeze()
