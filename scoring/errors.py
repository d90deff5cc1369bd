"""The one error type of the rules engine.

Callers (Django forms, the CLI, the shorthand parser) need a stable code to branch on, the field
to point at, and a sentence for the user in Czech or English; all three travel together here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.messages import render


@dataclass(frozen=True)
class Problem:
    """One thing wrong (an error) or worth saying (a warning) about an input."""

    code: str
    field: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    position: int | None = None  # character offset, for text input

    def message(self, lang: str = "cs") -> str:
        text = render(self.code, lang, **dict(self.params))
        if self.position is not None:
            where = render("at_position", lang, position=self.position + 1)
            return f"{where}: {text}"
        return text

    def as_dict(self, lang: str = "cs") -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "field": self.field}
        if self.position is not None:
            data["position"] = self.position
        data["message"] = self.message(lang)
        return data


class ScoringError(ValueError):
    """Raised for input the rules cannot settle; carries every problem found, first one leading."""

    def __init__(self, problems: Problem | Iterable[Problem]):
        items = (problems,) if isinstance(problems, Problem) else tuple(problems)
        if not items:
            raise ValueError("ScoringError needs at least one problem")
        self.problems: tuple[Problem, ...] = items
        super().__init__(self.message("cs"))

    @classmethod
    def single(
        cls, code: str, field: str, position: int | None = None, **params: Any
    ) -> ScoringError:
        return cls(Problem(code, field, params, position))

    @property
    def code(self) -> str:
        return self.problems[0].code

    @property
    def field(self) -> str:
        return self.problems[0].field

    @property
    def position(self) -> int | None:
        return self.problems[0].position

    def message(self, lang: str = "cs") -> str:
        return "; ".join(p.message(lang) for p in self.problems)
