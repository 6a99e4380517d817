"""What every game's solver says about a position, in the words the command line, the worker and the stats
figures use (`"win"`, `"lost"`, `"unknown"`), and the result it returns."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

MoveT = TypeVar("MoveT")


class Verdict(StrEnum):
    """`WIN`: a complete winning line exists (and is returned); `LOST`: proven impossible; `UNKNOWN`: the
    budget ran out first."""

    WIN = "win"
    LOST = "lost"
    UNKNOWN = "unknown"


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
