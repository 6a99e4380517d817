"""Work in steps: generators that yield between bounded pieces of work, run at once or slice by slice.

The worker's background work (the next hint, the solver's tables) is written as generators that yield after
a bounded amount of work, counted in tables, nodes or sampled worlds and never in time. So what is computed
never depends on the clock, only where a slice ends does, and a player's request waits behind at most one
slice plus one step.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")

Steps = Generator[Any, None, T]
"""A computation that yields between pieces of work and returns its result."""


def finish(steps: Steps[T]) -> T:
    """Run `steps` to the end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def run_for(steps: Steps[T], slice_ms: float) -> tuple[bool, T | None]:
    """Advance `steps` for about `slice_ms` milliseconds (at least one step, and the step under way when
    the time is up is finished): `(True, result)` once it has returned, else `(False, None)`."""
    deadline = time.perf_counter() + slice_ms / 1000
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return True, done.value
        if time.perf_counter() >= deadline:
            return False, None
