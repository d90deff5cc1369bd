"""Test mode is explicit: pytest runs on ``marias_admin.settings_test`` (named in
pyproject.toml and scripts/test-both.sh); ``marias_admin.settings``, what every server reads,
has none of its shortcuts, even in a process that has imported pytest (the old sniffing of
``sys.modules`` would have turned them on there)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("TESTING", "PASSWORD_HASHERS", "PUBLIC_PAGE_CACHE_MIN_SECONDS",
         "WHITENOISE_USE_FINDERS")


def _server_settings(tmp_path: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "MARIAS_"))}
    env.update({"MARIAS_VAR_DIR": str(tmp_path), "PYTHONPATH": str(ROOT),
                "DJANGO_SETTINGS_MODULE": "marias_admin.settings"})
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    code = ("import json, pytest, django; django.setup(); from django.conf import settings as s; "
            f"names = {NAMES!r}; "
            "out = {n: getattr(s, n, None) for n in names}; "
            "out['cache'] = s.CACHES['default']['BACKEND']; "
            "out['static'] = s.STORAGES['staticfiles']['BACKEND']; "
            "out['rate'] = s.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES']['public_api']; "
            "print(json.dumps(out))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_test_run_is_on_the_test_settings():
    assert os.environ["DJANGO_SETTINGS_MODULE"] == "marias_admin.settings_test"
    assert settings.TESTING is True
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]
    assert settings.PUBLIC_PAGE_CACHE_MIN_SECONDS == 0
    assert settings.WHITENOISE_USE_FINDERS is True


def test_a_server_has_none_of_the_test_shortcuts_even_with_pytest_imported(tmp_path):
    server = _server_settings(tmp_path)
    assert server["TESTING"] is False
    assert server["PASSWORD_HASHERS"][0].endswith("PBKDF2PasswordHasher")  # Django's default
    assert server["PUBLIC_PAGE_CACHE_MIN_SECONDS"] == 10
    assert server["WHITENOISE_USE_FINDERS"] is False
    assert server["cache"].endswith("FileBasedCache")
    assert server["static"] == "marias_admin.core.storage.StaticStorage"
    assert server["rate"] == "120/minute"
