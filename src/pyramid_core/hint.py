"""The hint: the player's advisor, which sees only what the player has seen.

Its only input is a `PlayerView`, so it cannot peek: two deals that differ only in stock cards the player
has not seen give the same view and therefore the same hint. Its sampling is seeded from the view itself,
so the same position always gets the same advice.

- No legal move: `stuck`.
- Every card known (always the case after the first pass): the exact solver decides. A win gives the first
  move of a winning line (`proven`); a proof of loss gives `lost`. A search that runs out of budget gives
  ordinary advice below, never `lost`.
- A playable king: remove it (it only ever blocks; never a worse move).
- A single legal move: that move. Every card known but no verdict in time: the first move after which a
  shorter search finds a win (not `proven`).
- Otherwise every candidate move is judged in the same sampled worlds (`rollout.Worlds`): the position after
  it is searched briefly in each world (`rollout.world_value`), and the candidate that wins in the most
  worlds is advised (ties: pairs of pyramid cards first, then pairs using the stock or the waste, then
  draw). Comparing candidates over the *same* worlds cancels most of the luck of the draw. Worlds come in
  batches; a candidate is dropped once it is clearly behind the leader, and the search stops when one is
  left or at `MAX_WORLDS`. The work depends only on these counts, never on the clock, so the hint is the
  same however it is sliced.

The computation is a generator that yields between pieces of work (after each short search of a candidate
in a world), so the worker can answer other requests while a hint is being computed (`HintJob`). The one
exact search made once every card is known is not cut into slices (at most about 0.1 s of CPU on the
benchmark deals, see docs/PERFORMANCE.md).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Final, Literal

from solitaire_core import hints
from solitaire_core.masks import indexes_of
from solitaire_core.steps import SlicedJob, finish

from .game import PlayerView
from .moves import STOCK, WASTE, Move, Place
from .rollout import Worlds, apply, world_value
from .rules import by_kind, can_recycle, free_mask, legal_moves
from .solver import Position, Verdict, solve

Kind = Literal["pair", "king", "draw", "recycle", "lost", "stuck"]

HINT_SOLVER_NODES: Final = 400_000
"""Node budget of the exact search once every card is known (a few hundred ms in CPython at worst)."""
BATCH: Final = 8
MIN_WORLDS: Final = 24
MAX_WORLDS: Final = 96
DROP_Z: Final = 2.0


class Hint(hints.Hint[Kind, str]):
    """Pyramid's advice (`solitaire_core.hints.Hint`): a pair, a king, a draw or a recycle in notation."""

    __slots__ = ()


def _of_move(move: Move, proven: bool, why: str) -> Hint:
    kind: Kind = move.kind
    return Hint(kind, str(move), proven, why)


def view_moves(view: PlayerView) -> list[Move]:
    """Every legal move of the view's position (`rules.legal_moves` on what the player sees), kings first,
    then pairs of pyramid cards, pairs with the stock or waste top, the stock top with the waste top, then
    draw and recycle (`rules.by_kind`): the order the hint tries them in."""
    if not view.remaining:
        return []
    free: list[tuple[Place, int]] = []
    for index in indexes_of(free_mask(view.remaining)):
        card = view.pyramid[index]
        assert card is not None
        free.append((index, card.rank))
    if view.stock:
        top = view.stock[0]
        assert top is not None  # the stock top is always face up
        free.append((STOCK, top.rank))
    if view.waste:
        free.append((WASTE, view.waste[-1].rank))
    recycle = can_recycle(len(view.stock), len(view.waste), view.pass_number)
    return by_kind(legal_moves(free, len(view.stock), recycle))


def compute(
    view: PlayerView, max_nodes: int | None = None, budget_ms: float | None = None
) -> Generator[None, None, Hint]:
    """The hint for `view`, as a generator that yields between pieces of work and returns the hint."""
    moves = view_moves(view)
    if not moves:
        return Hint("stuck", why="stuck")
    if view.all_known:
        result = solve(Position.of_view(view), max_nodes or HINT_SOLVER_NODES, budget_ms)
        yield
        if result.verdict is Verdict.LOST:
            return Hint("lost", why="lost")
        if result.verdict is Verdict.WIN and result.line:
            return _of_move(Move.parse(result.line[0]), True, "winning_line")
    if moves[0].kind == "king":
        return _of_move(moves[0], False, "king")
    if len(moves) == 1:
        return _of_move(moves[0], False, "only_move")
    if view.all_known:
        best = yield from _first_that_wins(view, moves)
        return _of_move(best, False, "short_search")
    best = yield from choose(view, moves)
    return _of_move(best, False, "best_odds")


FALLBACK_NODES: Final = 20_000


def _first_that_wins(view: PlayerView, candidates: list[Move]) -> Generator[None, None, Move]:
    """Every card known but the full search ran out of budget: the first candidate after which a shorter
    search finds a win (it proves nothing when none does), else the first candidate."""
    position = Position.of_view(view)
    memo: dict[int, bool] = {}
    for move in candidates:
        if world_value(apply(position, move), memo, FALLBACK_NODES):
            return move
        yield
    return candidates[0]


def choose(view: PlayerView, candidates: list[Move]) -> Generator[None, None, Move]:
    """The candidate that wins in the most sampled worlds (ties: the earlier candidate)."""
    worlds = Worlds(view)
    memo: dict[int, bool] = {}
    active = list(range(len(candidates)))
    results: list[list[int]] = [[] for _ in candidates]
    seen = 0
    while True:
        for _ in range(BATCH):
            world = worlds.draw()
            for index in active:
                results[index].append(world_value(apply(world, candidates[index]), memo))
                yield  # after each short search, so a slice overruns by one search at most
        seen += BATCH
        active = _survivors(active, results, seen)
        if len(active) == 1 or seen >= MAX_WORLDS:
            break
    best = max(active, key=lambda i: (sum(results[i][:seen]), -i))
    return candidates[best]


def _survivors(active: list[int], results: list[list[int]], seen: int) -> list[int]:
    """The candidates still worth sampling: not clearly behind the leader on the worlds seen so far."""
    if seen < MIN_WORLDS:
        return active
    leader = max(active, key=lambda i: (sum(results[i][:seen]), -i))
    lead = results[leader][:seen]
    keep = [leader]
    for index in active:
        if index == leader:
            continue
        mine = results[index][:seen]
        diffs = [a - b for a, b in zip(lead, mine, strict=True)]
        total = sum(diffs)
        squares = sum(d * d for d in diffs)
        n = len(diffs)
        variance = (squares - total * total / n) / (n - 1)
        if squares == 0 and index > leader:
            continue  # the same outcome everywhere so far: the earlier candidate wins the tie
        if total > 0 and total * total > DROP_Z * DROP_Z * variance * n:
            continue
        keep.append(index)
    return sorted(keep)


def hint(view: PlayerView, max_nodes: int | None = None, budget_ms: float | None = None) -> Hint:
    """The hint for `view`, computed at once."""
    return finish(compute(view, max_nodes, budget_ms))


class HintJob(SlicedJob[Hint]):
    """A hint computed in slices: call `step(slice_ms)` until it returns the hint. The result does not depend
    on how the work is sliced."""

    def __init__(self, view: PlayerView, max_nodes: int | None = None) -> None:
        super().__init__(compute(view, max_nodes))


__all__ = ["Hint", "HintJob", "compute", "hint", "view_moves"]
