import pytest


@pytest.fixture(autouse=True)
def _isolated_var_files(settings, tmp_path):
    """Keep the bootstrap command from touching the developer's real var/admin-login.txt."""
    settings.ADMIN_LOGIN_FILE = tmp_path / "admin-login.txt"


@pytest.fixture(autouse=True)
def _no_admin_password_env(monkeypatch):
    monkeypatch.delenv("MARIAS_ADMIN_PASSWORD", raising=False)


@pytest.fixture
def world():
    """A tournament with round 1 seated and table 1's sheet kept by ``keeper``
    (``factories.make_world()``); the table page and table access tests share it. Modules with
    another world (the referee's) define their own."""
    from tests.factories import make_world

    return make_world()


@pytest.fixture
def ref_client(client, world):
    """The world's referee, logged in."""
    client.force_login(world["users"]["referee"])
    return client


@pytest.fixture(autouse=True)
def _default_language():
    """Every test starts in the site's default language (Czech): a test that renders in English
    or Slovak leaves its language active in the thread, and a later test that reads a service's
    message would otherwise get it in that language, depending on the order the tests ran."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def staff(client):
    """A staff login (may create tournaments), logged in on ``client``."""
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("organizator", password="x", is_staff=True)
    client.force_login(user)
    return user
