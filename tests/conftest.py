"""Top-level pytest configuration shared by every test directory.

Keep this minimal: pure-Python tests (tests/scoring, tests/seating) must not depend on Django
fixtures; Django tests live under tests/web and tests/browser with their own conftest.
"""

from hypothesis import settings

# Properties check rules, not speed: a slow example on a loaded CI machine must not fail a run
# (speed is measured by `make bench`).
settings.register_profile("marias", deadline=None)
settings.load_profile("marias")
