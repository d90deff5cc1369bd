"""A module's data built once (its ``world`` fixture, module-scoped, in a transaction rolled
back at the module's end) and each test in a savepoint of it.

A module imports :func:`each_test_in_a_savepoint` next to its own ``world`` fixture; being
autouse, it wraps every test of that module, so a write of one test is not seen by the next.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import transaction


@pytest.fixture(autouse=True)
def each_test_in_a_savepoint(world: Any, django_db_blocker: Any) -> Iterator[None]:
    with django_db_blocker.unblock():
        sid = transaction.savepoint()
        yield
        transaction.savepoint_rollback(sid)
