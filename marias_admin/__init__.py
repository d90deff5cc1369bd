"""Mariáš tournament administration.

This package must not import Django at import time: pure-Python subpackages
(e.g. ``marias_admin.seating``) live under it and are used without Django.
"""

__version__ = "0.1.0"
