"""Questions a lower app asks of an app above it, answered without importing it.

The apps stand in layers (README, "Layout"): each imports only the apps below it. Where a lower
app still needs an answer only an app above can give (seating asks the sheets which tables
hold results; a tournament asks seating to plan its rounds), it declares a :class:`Probe`
and calls it; the app above provides the function in its ``AppConfig.ready``. A probe nobody
provided raises instead of answering something made up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

from django.core.exceptions import ImproperlyConfigured

P = ParamSpec("P")
R = TypeVar("R")


class Probe(Generic[P, R]):
    """One function, declared below and provided from above (exactly once)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._provider: Callable[P, R] | None = None

    def provide(self, provider: Callable[P, R]) -> Callable[P, R]:
        if self._provider is not None and self._provider is not provider:
            raise ImproperlyConfigured(f"The probe {self.name} is provided twice.")
        self._provider = provider
        return provider

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if self._provider is None:
            raise ImproperlyConfigured(
                f"The probe {self.name} is provided by no installed app (see AppConfig.ready)."
            )
        return self._provider(*args, **kwargs)
