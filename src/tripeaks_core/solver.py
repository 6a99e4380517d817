"""The exact solver: with every card known, can the table still be cleared, and how?

A position is the set of table cards still in place (a 28-bit mask), the rank on the waste, and how many
stock cards are drawn. One fact folds the stock dimension away:

**Dominance.** Two positions with the same table and the same waste rank differ only in the stock. The one
that has drawn fewer cards is at least as good: it can copy every move of the other, drawing a few extra
cards the first time the other draws. So only the smallest draw count matters for each (table, waste rank),
and at most 22,932 tables × 13 ranks positions exist.

The search runs in two stages:

1. A depth-first search, takes before draws, with a table of failed (table, waste rank) pairs and the draw
   count they failed at. Most winnable deals fall in a few hundred nodes. It stops at `DFS_NODE_CAP`.
2. If that was not enough, a forward sweep over tables from the fullest to the empty one: for each table it
   keeps, per waste rank, the smallest draw count at which that table and rank can be reached, packed as
   13 upward-closed 24-bit fields of one integer (bit `p` of field `r` set: reachable with at most `p`
   draws). A draw run and a take are then a handful of integer operations per table. The deal is won iff
   the empty table is reached; a winning line is rebuilt backwards through the sweep's table. This costs
   at most one pass over the 22,932 tables, which is what proving a deal lost needs anyway.

A budget (nodes or milliseconds) turns a search that runs too long into the verdict `unknown`; the solver
never answers `lost` without a complete proof.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import Final

from solitaire_core.steps import finish, run_for
from solitaire_core.verdict import SolveResult as SharedSolveResult
from solitaire_core.verdict import Verdict

from .deal import STOCK_START
from .game import Game
from .layout import FULL_MASK, TABLE_SIZE, free_positions, reachable_masks_steps
from .moves import DRAW, Move
from .rules import Rules

__all__ = ["DEFAULT_MAX_NODES", "DFS_NODE_CAP", "STEP_NODES", "STEP_TABLES", "TABLES_STEP", "Position",
           "SolveResult", "Solver", "Verdict", "build_tables_for", "free_of", "solve", "solve_game",
           "solve_steps", "tables", "tables_steps"]

DEFAULT_MAX_NODES: Final = 2_000_000

_FREE: dict[int, int] = {}


def free_of(mask: int) -> int:
    """The free positions of a table mask, cached (there are only 22,932 reachable masks)."""
    free = _FREE.get(mask)
    if free is None:
        free = _FREE[mask] = free_positions(mask)
    return free


@dataclass(frozen=True, slots=True)
class _Tables:
    """Every reachable table, numbered: `masks[i]`, `size[i]` cards, `children[i]` = `(position, child
    number)` for each free card. Built once per process (about 0.1 s in CPython) on the first sweep, or
    beforehand in a worker's idle slices (`build_tables_for`)."""

    masks: tuple[int, ...]
    number: dict[int, int]
    size: tuple[int, ...]
    children: tuple[tuple[tuple[int, int], ...], ...]


_TABLES: list[_Tables] = []


TABLES_STEP: Final = 256
"""Tables handled between two yields while the tables are built (about 1 ms of CPython)."""


def _build_tables(step: int = TABLES_STEP) -> Iterator[int]:
    """Build the numbered tables, yielding after every `step` tables (the value yielded is how many were
    handled since the last yield), so that no piece of the work is long."""
    masks = tuple((yield from reachable_masks_steps(step)))
    number: dict[int, int] = {}
    for index, mask in enumerate(masks):
        number[mask] = index
        if index % step == step - 1:
            yield step
    yield len(masks) % step
    children = []
    for index, mask in enumerate(masks):
        free = free_of(mask)
        found = []
        while free:
            low = free & -free
            free ^= low
            found.append((low.bit_length() - 1, number[mask ^ low]))
        children.append(tuple(found))
        if index % step == step - 1:
            yield step
    _TABLES.append(_Tables(masks, number, tuple(m.bit_count() for m in masks), tuple(children)))


_BUILDER: list[Iterator[int]] = []


def tables_steps() -> Generator[int, None, _Tables]:
    """The numbered tables as a computation in steps: continues the build under way (one build per
    process, however many searches or slices take part in it) and returns the tables.

    It advances the shared builder with `next()` rather than `yield from`, so that dropping a search
    half-way (a hint whose position moved on) does not close the build for everyone else."""
    while not _TABLES:
        if not _BUILDER:
            _BUILDER.append(_build_tables())
        try:
            handled = next(_BUILDER[0])
        except StopIteration:
            if not _TABLES:  # the build failed half-way: start it again
                _BUILDER.clear()
            continue
        yield handled
    return _TABLES[0]


def build_tables_for(slice_ms: float) -> bool:
    """Advance the building of the tables for about `slice_ms`; True once they are ready. Lets a worker
    build them in idle moments instead of on the first search that needs them."""
    done, _ = run_for(tables_steps(), slice_ms)
    return done


def tables() -> _Tables:
    """The numbered tables, built on first use (or finished, if a slice-wise build was started)."""
    return finish(tables_steps())


@dataclass(frozen=True, slots=True)
class Position:
    """A full-information position: what the solver needs and nothing else.

    `ranks[p]` is the rank of table position `p` (meaningful only where `remaining` has bit `p`); `stock` is
    the ranks of the undrawn stock cards, next first.
    """

    ranks: tuple[int, ...]
    remaining: int
    waste_rank: int
    stock: tuple[int, ...]
    wrap: bool = True

    @classmethod
    def of_game(cls, game: Game) -> Position:
        """The current position of `game`, read with every card known (fair only for the solver's use)."""
        cards = game.deal.cards
        return cls(
            tuple(c.rank for c in cards[:TABLE_SIZE]),
            game.remaining,
            game.waste_top.rank,
            tuple(c.rank for c in cards[STOCK_START + game.drawn :]),
            game.rules.wrap,
        )

    @classmethod
    def start(cls, ranks_in_notation_order: tuple[int, ...], wrap: bool = True) -> Position:
        """The start of a deal given as 52 ranks in deal-notation order."""
        r = ranks_in_notation_order
        return cls(tuple(r[:TABLE_SIZE]), FULL_MASK, r[TABLE_SIZE], tuple(r[STOCK_START:]), wrap)


@dataclass(frozen=True, slots=True)
class SolveResult(SharedSolveResult[Move]):
    """The verdict, a winning line when there is one (moves from the position given), the nodes expanded
    and the time taken (the shared `solitaire_core.verdict.SolveResult`), and how the solver got there."""

    details: dict[str, int] = field(default_factory=dict)


class _OutOfBudget(Exception):
    pass


_NO_MOVES: Final[tuple[Move, ...]] = ()


DFS_NODE_CAP: Final = 10_000
STEP_NODES: Final = 256
"""Depth-first nodes between two yields of `Solver.steps` (well under 1 ms of CPython)."""
STEP_TABLES: Final = 256
"""Tables swept between two yields of `Solver.steps` (about 1 ms of CPython)."""
_FIELD: Final = 24
_FIELD_MASK: Final = (1 << _FIELD) - 1
_SHIFT: Final = tuple(_FIELD * r for r in range(15))
_ANY: Final = _FIELD * 15
"""Field 15 of a sweep entry is the union of the rank fields: its lowest bit is the fewest draws."""


class Solver:
    """One search over one position; `run()` gives the result. Use `solve()` unless you need the internals."""

    def __init__(self, position: Position, max_nodes: int | None, budget_ms: float | None) -> None:
        self.position = position
        self.max_nodes = max_nodes if max_nodes is not None else DEFAULT_MAX_NODES
        self.deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
        self.nodes = 0
        self.stock = position.stock
        ranks = position.ranks
        self.rank_of_bit = {1 << p: ranks[p] for p in range(TABLE_SIZE)}
        self.draw_runs: list[int] = []
        self.failed: dict[int, int] = {}
        self.fits_mask = [0] * 14
        for rank in range(1, 14):
            neighbours = Rules(wrap=position.wrap).neighbour_ranks(rank)
            self.fits_mask[rank] = sum(1 << p for p in range(TABLE_SIZE) if ranks[p] in neighbours)

    def run(self) -> SolveResult:
        """Search and report."""
        return finish(self.steps())

    def steps(self) -> Generator[int, None, SolveResult]:
        """The search as a computation in steps: it yields after every `STEP_NODES` nodes of the
        depth-first search and every `STEP_TABLES` tables of the sweep (and every step of building the
        tables, if they are not built yet), and returns the result. The search is the same however it is
        sliced; only `ms` (and a `budget_ms`, which counts the time between steps too) see the clock."""
        start = time.perf_counter()
        stage = "dfs"
        try:
            decided, line = yield from self._depth_first(min(DFS_NODE_CAP, self.max_nodes))
            if not decided:
                stage = "sweep"
                line = yield from self._sweep()
        except _OutOfBudget:
            verdict, moves = Verdict.UNKNOWN, _NO_MOVES
        else:
            verdict = Verdict.LOST if line is None else Verdict.WIN
            moves = _NO_MOVES if line is None else tuple(line)
        ms = (time.perf_counter() - start) * 1000
        return SolveResult(verdict, moves, self.nodes, ms, {"sweep": int(stage == "sweep")})

    def _charge(self, nodes: int) -> None:
        self.nodes += nodes
        if self.nodes > self.max_nodes or (self.deadline is not None and time.perf_counter() > self.deadline):
            raise _OutOfBudget

    # --- stage 1: depth-first search ---------------------------------------------------------------------

    def _depth_first(self, cap: int) -> Generator[int, None, tuple[bool, list[Move] | None]]:
        """`(True, line)` for a win, `(True, None)` for a proven loss, `(False, None)` when the search gave
        up at `cap` nodes (which proves nothing). Yields after every `STEP_NODES` nodes.

        The search tries the fitting free cards lowest position first, then a draw, with an explicit stack
        instead of recursion so that it can stop between any two nodes. Each frame is `[mask, drawn, table,
        bases after this node, fitting cards not tried yet (-1 once the draw was tried too), key, move under
        way (a position, or -1 for a draw)]`.

        The rank supply bound is checked at every node on two packed counters (6 bits per rank): `table`
        counts the table cards by rank, `bases` the cards that can still serve as a base (table cards, stock
        cards to come, the waste top). Taking a card or drawing one only ever removes the old waste top from
        `bases`.
        """
        failed = self.failed
        fits_mask, rank_of_bit, stock = self.fits_mask, self.rank_of_bit, self.stock
        last = len(stock)
        supplied = _supply_check(self.position.wrap)
        count = 0
        frames: list[list[int]] = []
        position = self.position
        table = sum(_UNIT[position.ranks[p]] for p in range(TABLE_SIZE) if position.remaining >> p & 1)
        bases = table + sum(_UNIT[rank] for rank in stock) + _UNIT[position.waste_rank]
        # the node to enter next (None: go on with the frame on top of the stack)
        node: tuple[int, int, int, int, int] | None
        node = (position.remaining, position.waste_rank, 0, table, bases)
        while True:
            if node is not None:
                mask, waste, drawn, table, bases = node
                node = None
                if not mask:
                    self._charge(count)
                    return True, [DRAW if f[6] < 0 else f[6] for f in frames]
                key = mask << 4 | waste
                seen = failed.get(key)
                if seen is None or seen > drawn:
                    count += 1
                    if count > cap:
                        self._charge(count - 1)
                        return False, None
                    if count % STEP_NODES == 0:
                        yield STEP_NODES
                    if supplied(table, bases):
                        playable = free_of(mask) & fits_mask[waste]
                        frames.append([mask, drawn, table, bases - _UNIT[waste], playable, key, 0])
                    else:
                        failed[key] = drawn
            if not frames:
                self._charge(count)
                return True, None
            frame = frames[-1]
            mask, drawn, table, bases, playable = frame[0], frame[1], frame[2], frame[3], frame[4]
            if playable > 0:
                low = playable & -playable
                frame[4] = playable ^ low
                frame[6] = low.bit_length() - 1
                rank = rank_of_bit[low]
                node = (mask ^ low, rank, drawn, table - _UNIT[rank], bases)
            elif playable == 0 and drawn < last:
                frame[4] = -1
                frame[6] = -1
                node = (mask, stock[drawn], drawn + 1, table, bases)
            else:
                failed[frame[5]] = drawn
                frames.pop()

    # --- stage 2: the sweep over tables ------------------------------------------------------------------

    def _sweep(self) -> Generator[int, None, list[Move] | None]:
        """The forward sweep (see the module's docstring); yields after every `STEP_TABLES` tables."""
        position, stock = self.position, self.stock
        wrap = position.wrap
        last = len(stock)
        every = (1 << (last + 1)) - 1

        def from_draws(first: int) -> int:
            packed = 0
            for k in range(first, last):
                packed |= (every ^ ((1 << (k + 1)) - 1)) << _SHIFT[stock[k]]
            return packed

        draw_runs = self.draw_runs = [from_draws(first) for first in range(last + 1)]
        shift_of = [_SHIFT[rank] for rank in position.ranks]
        known = yield from tables_steps()
        start = known.number.get(position.remaining)
        if start is None:
            raise ValueError(f"table mask {position.remaining:#x} cannot arise in a game")
        reached = [0] * len(known.masks)
        reached[start] = every << _SHIFT[position.waste_rank] | every << _ANY
        by_size: list[list[int]] = [[] for _ in range(TABLE_SIZE + 1)]
        by_size[known.size[start]].append(start)
        width, field_mask, ace, king, anyrank = _FIELD, _FIELD_MASK, _SHIFT[1], _SHIFT[13], _ANY
        children = known.children
        swept = 0
        for size in range(known.size[start], 0, -1):
            push = by_size[size - 1].append
            self._charge(len(by_size[size]))
            for table in by_size[size]:
                swept += 1
                if swept == STEP_TABLES:
                    yield swept
                    swept = 0
                fields = reached[table]
                lowest = fields >> anyrank
                fields |= draw_runs[(lowest & -lowest).bit_length() - 1]
                around = fields >> width | fields << width
                if wrap:
                    around |= (fields >> ace & field_mask) << king | (fields >> king & field_mask) << ace
                for taken, child in children[table]:
                    shift = shift_of[taken]
                    via = around >> shift & field_mask
                    if via:
                        old = reached[child]
                        if not old:
                            push(child)
                        reached[child] = old | via << shift | via << anyrank
        if not reached[known.number[0]]:
            return None
        return _rebuild_line(self, lambda mask: reached[known.number[mask]] if mask in known.number else 0)


_COUNT_BITS: Final = 6
_UNIT: Final = tuple(1 << (_COUNT_BITS * r) for r in range(16))
_RANK_FIELDS: Final = sum(((1 << _COUNT_BITS) - 1) << (_COUNT_BITS * r) for r in range(1, 14))
_GUARDS: Final = sum(1 << (_COUNT_BITS * r + _COUNT_BITS - 1) for r in range(1, 14))


def _supply_check(wrap: bool) -> Callable[[int, int], bool]:
    """The rank supply bound on packed counts: for every rank `r`, the table cards of rank `r` are at most
    the bases of ranks `r - 1` and `r + 1` together (a card's base is a distinct card one rank away).

    Fields are 6 bits wide with the top bit as a guard: subtracting the demand from the supply with every
    guard set leaves a guard cleared exactly where the demand is larger.
    """
    low, top = _COUNT_BITS, _COUNT_BITS * 13
    field = (1 << _COUNT_BITS) - 1

    def supplied(table: int, bases: int) -> bool:
        if wrap:
            bases |= (bases >> top & field) | (bases >> low & field) << (top + low)
        around = ((bases >> low) + (bases << low)) & _RANK_FIELDS
        return ((around | _GUARDS) - table) & _GUARDS == _GUARDS

    return supplied


def _lowest_draws(fields: int) -> int:
    """The smallest draw count over all ranks of a packed entry (which must not be empty)."""
    best = _FIELD
    for rank in range(1, 14):
        field_bits = fields >> _SHIFT[rank] & _FIELD_MASK
        if field_bits:
            best = min(best, (field_bits & -field_bits).bit_length() - 1)
    return best


def _field_min(fields: int, rank: int) -> int | None:
    bits = fields >> _SHIFT[rank] & _FIELD_MASK
    return (bits & -bits).bit_length() - 1 if bits else None


def _rebuild_line(solver: Solver, fields_of: Callable[[int], int]) -> list[Move]:
    """Walk back from the empty table to the start through `reached`, then replay forwards.

    Each backward step keeps a bound `p` on the draws used: a take keeps it, a run of draws ends at the
    stock card that was turned. Forwards, draws are made as late as possible, which the dominance argument
    says is always possible: the real draw count never exceeds the bound.
    """
    position, stock = solver.position, solver.stock
    rules = Rules(wrap=position.wrap)
    steps: list[tuple[str, int]] = []  # ("take", position) or ("draw_to", draws made after the run)
    mask = 0
    rank = next(r for r in range(1, 14) if _field_min(fields_of(0), r) is not None)
    bound = _field_min(fields_of(0), rank)
    assert bound is not None
    while True:
        raw = fields_of(mask)
        raw_min = _field_min(raw, rank)
        if mask == position.remaining and rank == position.waste_rank and raw_min == 0:
            break
        if raw_min is not None and raw_min <= bound and mask != position.remaining:
            parent_step = _take_parent(mask, rank, bound, fields_of=fields_of, solver=solver, rules=rules)
            if parent_step is not None:
                parent, parent_rank = parent_step
                steps.append(("take", (parent ^ mask).bit_length() - 1))
                mask, rank = parent, parent_rank
                continue
        first = _lowest_draws(raw)
        k = next(k for k in range(first, bound) if stock[k] == rank)
        steps.append(("draw_to", k + 1))
        rank = next(r for r in range(1, 14) if _field_min(raw, r) == first)
        bound = first
    line: list[Move] = []
    drawn = 0
    for kind, value in reversed(steps):
        if kind == "take":
            line.append(value)
        else:
            line.extend([DRAW] * (value - drawn))
            drawn = value
    return line


def _take_parent(
    mask: int, rank: int, bound: int, *, fields_of: Callable[[int], int], solver: Solver, rules: Rules
) -> tuple[int, int] | None:
    """A table one card larger from which taking that card (of `rank`) reaches `mask` within `bound` draws,
    with the waste rank it needs there."""
    ranks, draw_runs = solver.position.ranks, solver.draw_runs
    removed = solver.position.remaining & ~mask
    while removed:
        low = removed & -removed
        removed ^= low
        position = low.bit_length() - 1
        parent = mask | low
        parent_fields = fields_of(parent)
        if ranks[position] != rank or not parent_fields or free_of(parent) & low == 0:
            continue
        closed = parent_fields | draw_runs[_lowest_draws(parent_fields)]
        for neighbour in rules.neighbour_ranks(rank):
            low_draws = _field_min(closed, neighbour)
            if low_draws is not None and low_draws <= bound:
                return parent, neighbour
    return None


def solve(position: Position, max_nodes: int | None = None, budget_ms: float | None = None) -> SolveResult:
    """Decide `position`: a winning line, a proof of loss, or `unknown` once the budget is spent."""
    return Solver(position, max_nodes, budget_ms).run()


def solve_steps(
    position: Position, max_nodes: int | None = None, budget_ms: float | None = None
) -> Generator[int, None, SolveResult]:
    """`solve` as a computation in steps (`Solver.steps`): the same result, in pieces of bounded work."""
    return Solver(position, max_nodes, budget_ms).steps()


def solve_game(game: Game, max_nodes: int | None = None, budget_ms: float | None = None) -> SolveResult:
    """Decide the current position of `game` with every card known."""
    return solve(Position.of_game(game), max_nodes, budget_ms)
