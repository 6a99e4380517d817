"""What every game's solver says about a position, in the words the command line, the worker and the stats
figures use (`"win"`, `"lost"`, `"unknown"`)."""

from __future__ import annotations

from enum import StrEnum


class Verdict(StrEnum):
    """`WIN`: a complete winning line exists (and is returned); `LOST`: proven impossible; `UNKNOWN`: the
    budget ran out first."""

    WIN = "win"
    LOST = "lost"
    UNKNOWN = "unknown"
