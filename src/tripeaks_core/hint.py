"""The hint: the player's advisor, which sees only what the player has seen.

Its only input is a `PlayerView`, so it cannot peek: two deals that differ only in cards the player has not
seen give the same view and therefore the same hint. Any sampling it does is seeded from the view itself, so
the same position always gets the same advice.

- Nothing fits and the stock is empty: `stuck`.
- Every card known: the exact solver decides. A win gives a step of a winning line (`proven`); a proof of
  loss gives `lost`. A search that runs out of budget gives ordinary advice, never `lost`.
- Otherwise: ordinary advice from the known cards only (see `advise`).

The computation is a generator that yields between pieces of work, so the worker can answer other requests
while a hint is being computed (`HintJob`).
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass
from typing import Final, Literal

from .cards import Card
from .game import PlayerView
from .layout import COVERER_MASK, COVERS, TABLE_SIZE, free_positions
from .solver import DEFAULT_MAX_NODES, Position, Verdict, solve

Kind = Literal["take", "draw", "lost", "stuck"]

HINT_SOLVER_NODES: Final = DEFAULT_MAX_NODES


@dataclass(frozen=True, slots=True)
class Hint:
    """The advice: `kind` (`take`, `draw`, `lost`, `stuck`), the position for a take, whether it is a
    step of a winning line found by the solver, and a code for the one-line explanation."""

    kind: Kind
    position: int | None = None
    proven: bool = False
    why: str = ""

    def as_json(self) -> dict[str, object]:
        """The command line's `hint --json` object."""
        return {"kind": self.kind, "position": self.position, "proven": self.proven}


def playable_in_view(view: PlayerView) -> list[int]:
    """The free face-up cards that fit on the waste, from the view alone."""
    free = free_positions(view.remaining)
    out = []
    for position in range(TABLE_SIZE):
        card = view.table[position]
        if free >> position & 1 and card is not None and view.rules.adjacent(card.rank, view.waste.rank):
            out.append(position)
    return out


def position_of_view(view: PlayerView) -> Position:
    """The solver's position for a view in which every card is known."""
    if not view.all_known:
        raise ValueError("the solver may only be used once every card is known")
    ranks = tuple(card.rank if card is not None else 0 for card in view.table)
    stock = tuple(card.rank for card in view.stock if card is not None)
    return Position(ranks, view.remaining, view.waste.rank, stock, view.rules.wrap)


def compute(
    view: PlayerView, max_nodes: int | None = None, budget_ms: float | None = None
) -> Generator[None, None, Hint]:
    """The hint for `view`, as a generator that yields between pieces of work and returns the hint."""
    playable = playable_in_view(view)
    can_draw = bool(view.stock)
    if not playable and not can_draw:
        return Hint("stuck", why="stuck")
    if view.all_known:
        result = solve(position_of_view(view), max_nodes or HINT_SOLVER_NODES, budget_ms)
        yield
        if result.verdict is Verdict.LOST:
            return Hint("lost", why="lost")
        if result.verdict is Verdict.WIN:
            first = result.line[0]
            if first == "draw":
                return Hint("draw", proven=True, why="winning_line")
            return Hint("take", first, proven=True, why="winning_line")
    return advise(view, playable)


def advise(view: PlayerView, playable: list[int]) -> Hint:
    """Ordinary advice from the known cards: prefer the card that turns the most face-down cards, then the
    one that starts the longest run through cards already visible; draw when nothing fits."""
    if not playable:
        return Hint("draw", why="nothing_fits")
    if len(playable) == 1:
        return Hint("take", playable[0], why="only_move")
    scored = []
    for position in playable:
        reveals = _reveals(view.remaining, position)
        card = view.table[position]
        assert card is not None
        run = 1 + _longest_run(view, view.remaining & ~(1 << position), card, 6)
        scored.append((reveals, run, -position, position))
    reveals, run, _, best = max(scored)
    return Hint("take", best, why="reveals" if reveals else "longer_run")


def _reveals(remaining: int, position: int) -> int:
    after = remaining & ~(1 << position)
    return sum(1 for below in COVERS[position] if after >> below & 1 and not after & COVERER_MASK[below])


def _longest_run(view: PlayerView, remaining: int, waste: Card, depth: int) -> int:
    if depth == 0:
        return 0
    free = free_positions(remaining)
    best = 0
    for position in range(TABLE_SIZE):
        card = view.table[position]
        if free >> position & 1 and card is not None and view.rules.adjacent(card.rank, waste.rank):
            best = max(best, 1 + _longest_run(view, remaining & ~(1 << position), card, depth - 1))
    return best


def hint(view: PlayerView, max_nodes: int | None = None, budget_ms: float | None = None) -> Hint:
    """The hint for `view`, computed at once."""
    steps = compute(view, max_nodes, budget_ms)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: Hint = done.value
            return result


class HintJob:
    """A hint computed in slices: call `step(slice_ms)` until it returns the hint. The result does not depend
    on how the work is sliced."""

    def __init__(self, view: PlayerView, max_nodes: int | None = None) -> None:
        self._steps = compute(view, max_nodes)
        self.result: Hint | None = None

    def step(self, slice_ms: float) -> Hint | None:
        """Work for about `slice_ms` milliseconds; the hint once it is known, else `None`."""
        if self.result is not None:
            return self.result
        deadline = time.perf_counter() + slice_ms / 1000
        while True:
            try:
                next(self._steps)
            except StopIteration as done:
                self.result = done.value
                return self.result
            if time.perf_counter() >= deadline:
                return None
