"""Top-level pytest configuration shared by every test directory.

Keep this minimal: pure-Python tests (tests/scoring, tests/seating) must not depend on Django
fixtures; Django tests live under tests/web and tests/browser with their own conftest. The one
Django fixture here, ``demo_snapshot``, is shared by both of those directories and only runs
when a test asks for it.
"""

import os

import pytest
from hypothesis import settings

TEST_SETTINGS = "marias_admin.settings_test"


def pytest_configure(config):
    """Test mode is the test settings module, named explicitly (pyproject.toml): a
    DJANGO_SETTINGS_MODULE left exported in the shell (a server's) would win over it and run
    the suite on a server's hasher, cache and throttles, so it is refused here."""
    named = os.environ.get("DJANGO_SETTINGS_MODULE")
    if named and named != TEST_SETTINGS:
        raise pytest.UsageError(f"DJANGO_SETTINGS_MODULE={named}: the tests run on "
                                f"{TEST_SETTINGS} (unset the variable)")

# Properties check rules, not speed: a slow example on a loaded CI machine must not fail a run
# (speed is measured by `make bench`).
settings.register_profile("marias", deadline=None)
settings.load_profile("marias")


@pytest.fixture(scope="session")
def demo_snapshot(django_db_setup, django_db_blocker, tmp_path_factory):
    """The rows and output of one real `bootstrap` run (``tests/demo_data.py``), for the
    Django tests (web and browser) that read the demo tournaments: they restore them from it
    instead of building them again (about 15 s of CPU each time)."""
    from tests.demo_data import take

    with django_db_blocker.unblock():
        return take(tmp_path_factory.mktemp("bootstrap") / "admin-login.txt")
