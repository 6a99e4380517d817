"""The hint ops every game's worker session answers the same way: `hint` at once, or `hint_start` then
`hint_step` (`slice_ms`) in slices between the player's own requests (design.md's protocol).

A session keeps one `HintJobs`: at most one job (a `steps.SlicedJob`) and the game version it answers for. A
job of another version is stale: `hint_step` says so and never answers for a position the player has left.
What the hint is (its strategy, what it may look at) stays in the game's `hint` module.

`Hint` is the advice itself, one frozen record for every game: its kind, the move (in the game's notation, or
a table position where the game's moves are positions), whether it steps along a proven win, and the code of
its explanation. A game subclasses it once, naming its kinds and its move type (and, where its replies call
the move something else, the JSON key: `move_key`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .steps import SlicedJob

DEFAULT_SLICE_MS = 15.0
"""The slice `hint_step` works for when the request does not say."""


class Advice(Protocol):
    """A game's hint as the protocol sends it: its JSON fields and the sentence that explains it."""

    @property
    def why(self) -> str:
        """Why this move: the sentence the page shows."""
        ...

    def as_json(self) -> Mapping[str, object]:
        """The hint's fields for a reply."""
        ...


AdviceT = TypeVar("AdviceT", bound=Advice)


KindT = TypeVar("KindT", bound=str)
MoveT = TypeVar("MoveT")


@dataclass(frozen=True, slots=True)
class Hint(Generic[KindT, MoveT]):
    """The advice: its `kind`, the move it advises (`None` for `lost` and `stuck`, and where the kind says
    it all), whether it is a step of a winning line the solver proved, and a code for a one-line explanation
    (`why`, which the game's catalogue words)."""

    kind: KindT
    move: MoveT | None = None
    proven: bool = False
    why: str = ""

    move_key: ClassVar[str] = "move"
    """The name of the move in the JSON object (each game's replies keep their own)."""

    def as_json(self) -> dict[str, object]:
        """The command line's `hint --json` object, and a reply's hint fields (`hint_json`)."""
        return {"kind": self.kind, self.move_key: self.move, "proven": self.proven}


def hint_json(result: Advice, version: int) -> dict[str, Any]:
    """A hint as a reply carries it: its fields, `why`, and the game version it is for."""
    return {**result.as_json(), "why": result.why, "version": version}


class HintJobs(Generic[AdviceT]):
    """The background hint of one session: the job under way, if any, and the game version it is for."""

    def __init__(self) -> None:
        self.job: SlicedJob[AdviceT] | None = None
        self.version = -1

    def clear(self) -> None:
        """Forget the job (a new or restored game: no job of the old one may answer for it)."""
        self.job, self.version = None, -1

    def kept(self) -> tuple[SlicedJob[AdviceT] | None, int]:
        """What `restore` puts back (a session's checkpoint keeps it)."""
        return self.job, self.version

    def restore(self, kept: tuple[SlicedJob[AdviceT] | None, int]) -> None:
        """Put back what `kept` returned (a failed request leaves the session as it was)."""
        self.job, self.version = kept

    def start(self, version: int, make_job: Callable[[], SlicedJob[AdviceT]]) -> dict[str, Any]:
        """`hint_start`: a new job for `version` unless one for it is under way already."""
        if self.job is None or self.version != version:
            self.job = make_job()
            self.version = version
        return {"ok": True, "done": False, "version": self.version}

    def step(self, version: int, slice_ms: float | None) -> dict[str, Any]:
        """`hint_step`: work for about `slice_ms` (`DEFAULT_SLICE_MS` if None); the hint once it is known,
        `stale` if there is no job for `version`."""
        if self.job is None or self.version != version:
            return {"ok": True, "done": True, "stale": True}
        result = self.job.step(slice_ms or DEFAULT_SLICE_MS)
        if result is None:
            return {"ok": True, "done": False, "version": self.version}
        return {"ok": True, "done": True, "hint": hint_json(result, self.version)}
