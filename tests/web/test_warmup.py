"""The server's warm-up before forking (marias_admin/core/warmup.py, gunicorn_conf.py)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.template import engines

from marias_admin.core.warmup import template_names, warm_up


def test_every_template_of_ours_compiles_and_no_connection_is_left_open(db, monkeypatch):
    from marias_admin.core import warmup

    closed = []
    monkeypatch.setattr(warmup.connections, "close_all", lambda: closed.append(True))
    ours = sorted({str(p.relative_to(root)) for root in [Path(settings.BASE_DIR) / "templates",
                   *Path(settings.BASE_DIR, "marias_admin").glob("*/templates")]
                   for p in root.rglob("*.html")})
    assert "sheets/table.html" in ours and "seating/_tables_status.html" in ours
    assert set(ours) <= set(template_names())
    engine = engines.all()[0]
    for name in ours:  # one that did not would be skipped by the warm-up and fail on the day
        engine.get_template(name)
    assert warm_up() >= len(ours)
    assert closed == [True]  # a forked worker must open its own database connection


def test_gunicorn_settings_preload_and_warm_up():
    from marias_admin import gunicorn_conf

    assert gunicorn_conf.preload_app is True
    assert gunicorn_conf.worker_class == "marias_admin.gunicorn_worker.FairThreadWorker"
    assert gunicorn_conf.workers * gunicorn_conf.threads >= 8


def test_the_master_freezes_what_it_loaded_before_the_workers_fork(monkeypatch):
    """gunicorn's ``when_ready`` warms up, then moves the boot objects out of the collector's
    generations (``gc.freeze``): a worker's full collections no longer scan Django and the
    apps (issue 27)."""
    import gc
    import logging

    from marias_admin import gunicorn_conf
    from marias_admin.core import warmup

    monkeypatch.setattr(warmup, "warm_up", lambda: 0)
    server = type("Server", (), {"log": logging.getLogger("test-gunicorn")})()
    try:
        gunicorn_conf.when_ready(server)
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()
    assert gc.get_freeze_count() == 0
