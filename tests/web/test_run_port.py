"""`make run PORT=8101` prints every link (the demos, the admin) with the port it serves on,
not 8000: the Makefile hands bootstrap the address it serves, and bootstrap prints with it."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from marias_admin.demo import csm, krizovy, season, sloapslam, szmk, voleny

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
LOADERS = ((csm, "load_csm_demo"), (szmk, "load_szmk_demo"),
           (voleny, "load_csm_voleny_demo"), (voleny, "load_pagat_demo"),
           (krizovy, "load_krizovy_demo"), (sloapslam, "load_ctyrka_demo"),
           (sloapslam, "load_sloapslam_krizovy_demo"))


def _bootstrap(monkeypatch, *args: str) -> list[str]:
    """What bootstrap prints, with the demos stood in for (their links are what counts)."""
    for number, (module, name) in enumerate(LOADERS, start=1):
        monkeypatch.setattr(module, name, lambda admin, pk=number: SimpleNamespace(pk=pk))
    monkeypatch.setattr(season, "load_season_demo", lambda admin: SimpleNamespace(pk=1))
    out = io.StringIO()
    call_command("bootstrap", *args, stdout=out)
    return [line for line in out.getvalue().splitlines() if "http" in line]


def test_bootstrap_prints_every_link_with_the_site_url_it_is_given(monkeypatch):
    monkeypatch.delenv("PORT", raising=False)
    lines = _bootstrap(monkeypatch, "--site-url", "http://127.0.0.1:8101/")
    assert len(lines) == 9  # seven demos, the demo season and the admin
    assert "http://127.0.0.1:8101/seasons/1/" in " ".join(lines)
    assert "Demo: http://127.0.0.1:8101/tournaments/1/" in lines
    assert "Admin: http://127.0.0.1:8101/admin/" in lines
    for line in lines:
        assert ":8000" not in line and "8101//" not in line, line
        assert line.count("http://127.0.0.1:8101/") == line.count("http"), line


def test_bootstrap_without_a_site_url_takes_the_port_of_the_environment(monkeypatch):
    monkeypatch.setenv("PORT", "8101")
    lines = _bootstrap(monkeypatch, "--no-demo")
    assert lines == ["Admin: http://127.0.0.1:8101/admin/"]
    monkeypatch.delenv("PORT")
    assert _bootstrap(monkeypatch, "--no-demo") == ["Admin: http://127.0.0.1:8000/admin/"]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
@pytest.mark.parametrize(("target", "served"), [("run", "PORT=8101 \\"),
                                                    ("dev", "runserver 127.0.0.1:8101\n")],
                         ids=["run", "dev"])
def test_make_hands_bootstrap_the_port_it_serves(target, served):
    plan = subprocess.run(["make", "-n", target, "PORT=8101"], cwd=ROOT, capture_output=True,
                          text=True, timeout=30, check=True).stdout  # -n: printed, not run
    assert "manage.py bootstrap --site-url http://127.0.0.1:8101\n" in plan
    assert served in plan and "8000" not in plan
