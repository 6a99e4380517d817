"""What every game's solver says about a position, in the words the command line, the worker and the stats
figures use (`"win"`, `"lost"`, `"unknown"`), and the result it returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

MoveT = TypeVar("MoveT")


class Verdict(StrEnum):
    """`WIN`: a complete winning line exists (and is returned); `LOST`: proven impossible; `UNKNOWN`: the
    budget ran out first."""

    WIN = "win"
    LOST = "lost"
    UNKNOWN = "unknown"


class Solved(Protocol):
    """A solver's result as the command line and the worker's `solution` op read it (each game's
    `SolveResult`)."""

    @property
    def verdict(self) -> Verdict:
        """Win, lost or unknown."""
        ...

    @property
    def line(self) -> Sequence[Any]:
        """The winning line, in the game's moves."""
        ...

    @property
    def nodes(self) -> int:
        """Nodes expanded."""
        ...

    @property
    def ms(self) -> float:
        """Milliseconds taken."""
        ...

    def as_json(self) -> dict[str, object]:
        """The result as the command line prints it."""
        ...


@dataclass(frozen=True, slots=True)
class SolveResult(Generic[MoveT]):
    """The verdict, a winning line when there is one (the game's moves from the position given), the nodes
    expanded and the time taken. A game's solver subclasses it with its move type (and fields of its own)."""

    verdict: Verdict
    line: tuple[MoveT, ...] = ()
    nodes: int = 0
    ms: float = 0.0

    def as_json(self) -> dict[str, object]:
        """The result as the command line prints it: `{"verdict", "line", "nodes", "ms"}`."""
        return {
            "verdict": self.verdict.value,
            "line": list(self.line),
            "nodes": self.nodes,
            "ms": round(self.ms, 3),
        }
