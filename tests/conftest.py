"""Top-level pytest configuration shared by every test directory.

Keep this minimal: pure-Python tests (tests/scoring, tests/seating) must not depend on Django
fixtures; Django tests live under tests/web and tests/browser with their own conftest.
"""
