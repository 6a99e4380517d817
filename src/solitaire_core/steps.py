"""Work in steps: generators that yield between bounded pieces of work, run at once or slice by slice.

The worker's background work (the next hint, the solver's tables) is written as generators that yield after
a bounded amount of work, counted in tables, nodes or sampled worlds and never in time. So what is computed
never depends on the clock, only where a slice ends does, and a player's request waits behind at most one
slice plus one step. Shared by every game: `finish` runs a computation at once, `run_for` one slice of it,
and `SlicedJob` keeps one between slices (each game's `HintJob` is one).
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any, Generic, TypeVar

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


class SlicedJob(Generic[T]):
    """A computation run in slices: call `step(slice_ms)` until it returns the result. The result does not
    depend on how the work is sliced, and once known it is returned again without more work."""

    def __init__(self, steps: Steps[T]) -> None:
        self._steps = steps
        self.result: T | None = None

    def step(self, slice_ms: float) -> T | None:
        """Work for about `slice_ms` milliseconds; the result once it is known, else `None`."""
        if self.result is None:
            _, self.result = run_for(self._steps, slice_ms)
        return self.result
