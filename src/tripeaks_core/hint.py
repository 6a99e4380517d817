"""The hint: the player's advisor, which sees only what the player has seen.

Its only input is a `PlayerView`, so it cannot peek: two deals that differ only in cards the player has not
seen give the same view and therefore the same hint. Any sampling it does is seeded from the view itself, so
the same position always gets the same advice.

- Nothing fits and the stock is empty: `stuck`.
- Every card known: the exact solver decides. A win gives a step of a winning line (`proven`); a proof of
  loss gives `lost`. A search that runs out of budget gives ordinary advice, never `lost`.
- Nothing fits: draw (`nothing_fits`). A single fitting card and an empty stock: take it (`only_move`).
- Otherwise every candidate (each fitting card, and drawing instead) is played out in the same sampled
  worlds (`rollout.Worlds`) by an honest simulated player (`rollout.playout`), and the candidate that wins
  in the most worlds is advised. Comparing candidates over the *same* worlds ("common random numbers")
  cancels most of the luck of the draw, so a few hundred worlds separate moves whose odds differ by a few
  percent. Sampling is adaptive: worlds come in batches, a candidate is dropped once it is clearly behind
  the leader on the worlds seen so far, and the search stops when one candidate is left or at
  `MAX_WORLDS`. How much work is done depends only on these counts, never on the clock, so the hint is the
  same however the work is sliced.

The computation is a generator that yields between pieces of bounded work (after each sampled world, and
every few hundred nodes or tables of an exact search), so the worker can answer other requests while a hint
is being computed (`HintJob`).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Final, Literal

from solitaire_core import hints
from solitaire_core.steps import SlicedJob, finish

from .game import PlayerView
from .layout import COVERS, TABLE_SIZE, free_positions
from .moves import DRAW, Move
from .rollout import WIN_BASE, Worlds, playout
from .solver import DEFAULT_MAX_NODES, Position, Verdict, free_of, solve_steps

Kind = Literal["take", "draw", "lost", "stuck"]

HINT_SOLVER_NODES: Final = DEFAULT_MAX_NODES

BATCH: Final = 16
"""Worlds per batch: candidates are compared (and some dropped) after each batch. The generator yields
after every world, so a slice of `HintJob.step` overruns its time by at most one world's play-outs."""
MIN_WORLDS: Final = 64
"""Worlds every candidate is played in before any is dropped."""
MAX_WORLDS: Final = 768
"""Worlds after which the leader is advised whatever the margins."""
DROP_Z: Final = 2.5
"""A candidate is dropped when the leader's paired lead in wins exceeds this many standard errors."""


class Hint(hints.Hint[Kind, int]):
    """TriPeaks' advice (`solitaire_core.hints.Hint`): `kind` (`take`, `draw`, `lost`, `stuck`) and, for a
    take, the table position, which the JSON object calls `position`."""

    __slots__ = ()
    move_key = "position"

    @property
    def position(self) -> int | None:
        """The table position of a take (`None` for every other kind)."""
        return self.move


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
) -> Generator[int | None, None, Hint]:
    """The hint for `view`, as a generator that yields between pieces of work and returns the hint."""
    playable = playable_in_view(view)
    can_draw = bool(view.stock)
    if not playable and not can_draw:
        return Hint("stuck", why="stuck")
    if view.all_known:
        result = yield from solve_steps(position_of_view(view), max_nodes or HINT_SOLVER_NODES, budget_ms)
        yield None
        if result.verdict is Verdict.LOST:
            return Hint("lost", why="lost")
        if result.verdict is Verdict.WIN and result.line:
            first = result.line[0]
            if first == "draw":
                return Hint("draw", proven=True, why="winning_line")
            return Hint("take", first, proven=True, why="winning_line")
    if not playable:
        return Hint("draw", why="nothing_fits")
    candidates: list[Move] = [*playable, DRAW] if can_draw else list(playable)
    if len(candidates) == 1:
        return Hint("take", playable[0], why="only_move")
    best = yield from choose(view, candidates)
    if best == DRAW:
        return Hint("draw", why="wait")
    assert isinstance(best, int)
    return Hint("take", best, why="reveals" if _reveals(view, best) else "best_odds")


def choose(view: PlayerView, candidates: list[Move]) -> Generator[None, None, Move]:
    """The candidate that wins in the most sampled worlds when it is played first and the simulated player
    goes on, every candidate in the same worlds (ties: `outcome_value`, then the earlier candidate, so takes
    before drawing)."""
    worlds = Worlds(view)
    mask = view.remaining
    active = list(range(len(candidates)))
    results: list[list[int]] = [[] for _ in candidates]
    takes = [(c, mask ^ (1 << c)) if c != DRAW else (-1, mask) for c in candidates]
    value = _VALUES
    seen = 0
    while True:
        for _ in range(BATCH):
            world = worlds.draw()
            ranks, stock, _ = world
            for index in active:
                position, after = takes[index]
                if position >= 0:
                    outcome = playout(world, after, ranks[position], 0)
                else:
                    outcome = playout(world, after, stock[0], 1)
                results[index].append(value[outcome])
            yield
        seen += BATCH
        active = _survivors(active, results, seen)
        if len(active) == 1 or seen >= MAX_WORLDS:
            break
    best = max(active, key=lambda i: (sum(results[i]), -i))
    return candidates[best]


WIN_VALUE: Final = 100_000
"""The value of a win, in the integer units the comparison adds up. A win also counts one unit per stock card
left and a loss minus one unit per table card left: at most `MAX_WORLDS` times 28 units in all, far below
one win, so these only break ties in wins (towards the thriftier move, or the one that clears more)."""


def outcome_value(outcome: int) -> int:
    """A `playout` outcome in the units of `WIN_VALUE`."""
    return WIN_VALUE + outcome - WIN_BASE if outcome >= WIN_BASE else outcome


def _value_table() -> dict[int, int]:
    return {o: outcome_value(o) for o in (*range(-TABLE_SIZE, 0), *range(WIN_BASE, WIN_BASE + 24))}


_VALUES = _value_table()


def _survivors(active: list[int], results: list[list[int]], seen: int) -> list[int]:
    """The candidates still worth sampling: not clearly behind the leader in paired outcome values."""
    if seen < MIN_WORLDS:
        return active
    leader = max(active, key=lambda i: (sum(results[i]), -i))
    lead = results[leader]
    keep = [leader]
    for index in active:
        if index == leader:
            continue
        total = squares = 0
        for mine, theirs in zip(lead, results[index], strict=True):
            diff = mine - theirs
            total += diff
            squares += diff * diff
        n = len(lead)
        variance = (squares - total * total / n) / (n - 1)
        if squares == 0 or (total > 0 and total * total > DROP_Z * DROP_Z * variance * n):
            # clearly behind, or the same outcome in every world so far (as good as the leader)
            continue
        keep.append(index)
    return sorted(keep)


def _reveals(view: PlayerView, position: int) -> bool:
    """True when taking `position` turns a face-down card."""
    after = view.remaining & ~(1 << position)
    newly = free_of(after) & ~free_of(view.remaining)
    return any(newly >> below & 1 and view.table[below] is None for below in COVERS[position])


def hint(view: PlayerView, max_nodes: int | None = None, budget_ms: float | None = None) -> Hint:
    """The hint for `view`, computed at once."""
    return finish(compute(view, max_nodes, budget_ms))


class HintJob(SlicedJob[Hint]):
    """A hint computed in slices: call `step(slice_ms)` until it returns the hint. The result does not depend
    on how the work is sliced."""

    def __init__(self, view: PlayerView, max_nodes: int | None = None) -> None:
        super().__init__(compute(view, max_nodes))
