import pytest


@pytest.fixture(autouse=True)
def _isolated_var_files(settings, tmp_path):
    """Keep the bootstrap command from touching the developer's real var/admin-login.txt."""
    settings.ADMIN_LOGIN_FILE = tmp_path / "admin-login.txt"


@pytest.fixture(autouse=True)
def _no_admin_password_env(monkeypatch):
    monkeypatch.delenv("MARIAS_ADMIN_PASSWORD", raising=False)
