"""One search of the exact solver: with every card known ("thoughtful" Klondike), can the position be won?

Draw 1 (or draw 3, below) with unlimited passes. A `Solver` searches the board of `fast.Board`, with a table
of every state seen; it answers `win` with a complete line in design.md's notation (draws and recycles
included) that replays to a win, `lost` only when the search is complete, and `unknown` when a budget of
nodes, time or table size runs out first. `solver.solve_board` runs several of them in turns (its docstring
says which and why). What keeps it small, each step sound (it never cuts a win):

- **The talon is random access.** Drawing and recycling never change the talon's order and every talon card
  can be made the waste top, so the search has no `draw` or `recycle`: a move "play talon card k" stands
  for the draws that bring it to the top (written out only in the final line). A state is therefore the
  columns and the set of talon cards left (the foundations are the other cards); where the pointer stands
  changes how many draws a line needs, never whether it wins.
- **Columns are interchangeable.** The rules never look at a column's place, so the state's key has its
  columns sorted: positions that differ by an order of columns (an emptied column and another) are one.
- **Safe foundation moves are made at once.** A card goes up without a choice when it can never be needed
  in a column: an ace, a two, or a card of rank `r` when both foundations of the other colour have reached
  `r - 1` and the other foundation of its own colour `r - 2`. Then every card that could ever be put on it
  (other colour `r - 1`) or on such a card (its colour `r - 2`) is on a foundation, and going back down from
  there would only rebuild what the foundation holds.
- **Every face-down card turned is a win.** Then each column is one ordered run, and the lowest card a
  foundation needs is never covered (anything on it would be lower, needed first), so playing that card
  each time finishes (`fast.finish_line`).
- **A king never moves from one otherwise empty column to another** (the same state, columns aside).
- **A dead end is not expanded** (in `solve_board`, by every search): when some face-down card can never be
  turned, the state is lost (`deadlock`: what must happen before each card can leave its place, as a fixed
  point); a start that is dead is answered `lost` before any search. (The hint's quick win-only searches in
  sampled worlds do without it: the hint's figures in docs/PERFORMANCE.md were measured that way.)

**Moves that can wait (the complete search).** Four kinds of move that turn no card are only worth making
for what a later move does with them (their *use*), and can be put off: in a winning line take such a move
M and the first later move that touches what M moved, where it went or what it uncovered. If that move
carries M's cards on elsewhere (or up), it could have taken them from where they were; if it moves M's
destination with M's cards on it, the destination could have moved alone and M come after; if it takes M
back, both go. Otherwise it is M's use. The moves in between that turn a card do not touch M's cards and
are as legal without M, so M can come after each of them: in some winning line no card is turned between
M and its use. So the search makes M only when its use needs no face-down card turned first (a card "not
face down" is face up in a column, in the talon or on a foundation: moves that turn nothing can bring it to
where the use needs it). A first version asked for cards free at once and lost a won position where two
foundation cards come down for each other (`tests/test_klondike_solver_delays.py`).
- A talon card goes to a column only if a card that could go on it (one rank lower, other colour) is not
  face down. Anything else it could do there (go up, move on) it can do from the talon (random access).
- A foundation card comes down only if such a card is not face down, or a card the one below it on its
  foundation could go on is not face down (a lower card of the suit can come down only after it).
- A run that leaves a face-up card `y` on top moves only if `y` can go up (no lower card of its suit face
  down), get the other card that fits on it, or move on alone (a king; or a parent of `y`), that card not
  face down.
- A run that empties a column moves only if a king could go there: in the talon, heading the face-up
  cards on a column's face-down cards, or on top of a foundation (only a king goes into an empty column).

**Narrow and complete.** A search is either complete (every legal move but those that can wait, above: its
`lost` is a proof) or narrower, looking only for a win (`strict`: a run that leaves a face-up card moves only
if that card can then go up, a column is emptied only when a king waits for it, no card comes back from a
foundation); either runs best first in its own `Order` (or depth first, `best_first=False`). A *beam*
(`width`, best first only) is narrower still: of each state's children it keeps only the `width` best in its
order (as ShootMe's solver keeps three), so it reaches deep wins that a full best-first search, busy with
every sibling, reaches too late; it sees a sliver of the space, so running out of states proves nothing. Moves
are generated in this order: to a foundation where that turns a card, runs that turn a face-down card (columns
with more hidden cards first), other moves to a foundation, talon cards to the columns and to the foundations,
runs that empty a column, runs that leave a face-up card, and last a foundation card back down.

**Draw three** (`draw=3`, design.md: a draw turns the next three stock cards, fewer when fewer are left, the
third on top; recycle in the same order, unlimited passes). The talon keeps the same form (`seq`, `mask`,
`ptr`), but it is no longer random access: `fast.talon_reach` lists the cards that draws (and at most one
recycle: a second only repeats the first) can bring to the waste top, and a talon move plays one of those,
its draws written out in the line as before. So the state's key also holds how many talon cards are on the
waste (`fast.talon_key`), and the reductions that leaned on random access are off: a talon card is not
played up automatically (it may be the spacer that brings another card within reach later) and a talon card
going to a column is not put off (the column may be what brings the next card within reach). The others do
not depend on the talon: automatic foundation moves of column tops, sorted columns, moves that can wait (the
exchange argument above only moves M past moves that do not touch M's cards, draws and talon moves included),
and dead ends (`deadlock` lets every talon card be played whenever it fits, which only over-approximates
draw three). With every face-down card turned, draw three is a win only when `fast.try_finish` also gets the
talon up (a card can be out of reach); otherwise the search goes on from that state.

**The weighted A-star pass.** One of `solver.PASSES`' orders states by two per face-down card, one per card
lying above a lower card of its own suit in its column (it must move once more before it goes up, as ShootMe's
"minimum moves left" counts it), one per move made, less one per card up: on the deals the other orders left
unknown (31, 162, 186, 234, which pyksolve wins) it found the wins in under 0.3 s.

On deals 0-99 (10 s of CPU each, a busy machine) it decided most deals in a few milliseconds; the ones it
cannot decide are hard wins and large lost deals (see docs/PERFORMANCE.md, "Klondike").
"""

from __future__ import annotations

import functools
import heapq
import itertools
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Final

from solitaire_core.steps import finish
from solitaire_core.verdict import SolveResult as SharedSolveResult
from solitaire_core.verdict import Verdict

from .deadlock import never_turned
from .fast import (
    BYTE,
    CHILDREN,
    CODE,
    FITS,
    KING,
    OPPOSITE,
    PARENTS,
    RANK,
    SAME,
    SUIT,
    TO_COLUMN,
    TO_FOUNDATION,
    UP_FROM,
    Board,
    finish_plays,
    talon_key,
    talon_reach,
    talon_steps,
    try_finish,
)
from .position import COLUMNS

__all__ = [
    "CHECK_EVERY",
    "DEFAULT_MAX_NODES",
    "MAX_TABLE",
    "PLAIN",
    "Move",
    "Order",
    "OutOfBudget",
    "SolveResult",
    "Solver",
    "State",
    "safe_up",
]

DEFAULT_MAX_NODES: Final = 5_000_000
"""Node budget when none is given (a budget in milliseconds may stop the search sooner)."""
MAX_TABLE: Final = 2_000_000
"""States kept in the table at most (about 150 bytes each): past it the answer is `unknown`."""
CHECK_EVERY: Final = 512
"""States expanded between two looks at the budget; `solver.solve_board` gives each search turns of this
many states (times its weight)."""

# A move: (kind, a, b, c). Kinds: column top to foundation (column), talon card to foundation (talon
# index), run to a column (source column, byte index of the run's first card, destination column), talon
# card to a column (talon index, destination), foundation card to a column (suit, destination).
_T2F: Final = 0
_S2F: Final = 1
_T2T: Final = 2
_S2T: Final = 3
_F2T: Final = 4

Move = tuple[int, int, int, int]
State = tuple[tuple[bytes, ...], tuple[int, ...], int, int]
"""(columns, foundations, talon mask, talon pointer)."""


@dataclass(frozen=True, slots=True)
class Order:
    """A best-first search's priority, lowest first: `hidden` per face-down card, `squares` per face-down
    card times the face-down cards of its column (deep columns first), `talon` per talon card, `depth`
    per move from the root, less one per card on the foundations."""

    hidden: int = 64
    squares: int = 0
    talon: int = 0
    depth: int = 0
    blocks: int = 0

    def of(self, cols: tuple[bytes, ...], found: tuple[int, ...], mask: int, depth: int) -> int:
        """The priority of a state `depth` moves from the root."""
        value = self.hidden * sum(col[0] for col in cols) - sum(found)
        if self.squares:
            value += self.squares * sum(col[0] * col[0] for col in cols)
        if self.talon:
            value += self.talon * mask.bit_count()
        if self.blocks:
            value += self.blocks * blocked(cols)
        return value + self.depth * depth


def blocked(cols: tuple[bytes, ...]) -> int:
    """How many column cards lie above a lower card of their own suit in the same column: each must move
    once more than it would otherwise before it can go up (a win-side estimate, as in ShootMe's
    "minimum moves left")."""
    return sum(_blocked_in(col) for col in cols)


@functools.lru_cache(maxsize=1 << 16)
def _blocked_in(col: bytes) -> int:
    """`blocked` for one column (remembered: a search meets the same columns again and again)."""
    count = 0
    low = [14, 14, 14, 14]
    for card in col[1:]:
        suit = SUIT[card]
        rank = RANK[card]
        if rank > low[suit]:
            count += 1
        else:
            low[suit] = rank
    return count


PLAIN: Final = Order()
"""The fewest face-down cards, then the most cards on the foundations."""
@dataclass(frozen=True, slots=True)
class SolveResult(SharedSolveResult[str]):
    """The verdict, a winning line when there is one (moves in design.md's notation from the position
    given, `draw` and `recycle` included), the nodes expanded and the time taken."""


class OutOfBudget(Exception):
    """A search ran past its nodes, its table or its time: its answer is `unknown`."""


def safe_up(found: tuple[int, ...], suit: int) -> bool:
    """Can the next card of `suit` go up without ever being missed in a column? (module docstring)"""
    rank = found[suit] + 1
    if rank <= 2:
        return True
    a, b = OPPOSITE[suit]
    return found[a] >= rank - 1 and found[b] >= rank - 1 and found[SAME[suit]] >= rank - 2


def _lift(col: bytes, i: int) -> bytes:
    """Column `col` without its cards from byte `i` on, its new top turned face up if it was face down."""
    rest = col[:i]
    down = rest[0]
    if down and len(rest) == down + 1:
        return BYTE[down - 1] + rest[1:]
    return rest


def _tops(cols: tuple[bytes, ...]) -> tuple[list[tuple[int, int, int]], int]:
    """The columns' top cards as (card, its column, the card's rank less one: the rank a card going on it
    has), and the first empty column (-1 when none): what the moves onto the columns look at."""
    tops: list[tuple[int, int, int]] = []
    empty = -1
    for d in range(COLUMNS):
        col = cols[d]
        if len(col) > 1:
            top = col[-1]
            tops.append((top, d, RANK[top] - 1))
        elif empty < 0:
            empty = d
    return tops, empty


def _first(item: tuple[int, bytes, Move, list[Move], State]) -> int:
    """A child's priority, to sort a beam's children by (`Solver.width`)."""
    return item[0]


class Solver:
    """One search over one board; `run()` gives the result."""

    def __init__(
        self,
        board: Board,
        *,
        max_nodes: int | None = None,
        budget_ms: float | None = None,
        max_table: int = MAX_TABLE,
        auto: bool = True,
        strict: bool = False,
        best_first: bool = True,
        order: Order = PLAIN,
        width: int = 0,
        delays: bool = True,
        dead_ends: bool | None = None,
        clock: Callable[[], float] = time.perf_counter,
        yield_every: int = CHECK_EVERY,
        draw: int = 1,
        dead_cache: dict[bytes, bool] | None = None,
    ) -> None:
        if draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {draw!r}")
        if yield_every <= 0 or CHECK_EVERY % yield_every:
            raise ValueError(f"yield_every must divide {CHECK_EVERY}")
        for col in board.cols:
            up = col[col[0] + 1 :]
            if not all(FITS[a][b] for b, a in itertools.pairwise(up)):
                raise ValueError("a column's face-up cards must form one ordered run")
        self.board = board
        self.draw = draw
        self.yield_every = yield_every
        self.max_nodes = DEFAULT_MAX_NODES if max_nodes is None else max_nodes
        self.budget_ms = budget_ms
        self.max_table = max_table
        self.auto = auto
        self.strict = strict
        self.best_first = best_first
        self.order = order
        self.width = width
        self.delays = delays
        self.dead_ends = not strict if dead_ends is None else dead_ends
        self.clock = clock
        self.seq = board.seq
        self.where = {card: k for k, card in enumerate(board.seq)}
        self.kings = [k for k, card in enumerate(board.seq) if RANK[card] == KING]
        self.nodes = 0
        self._safe: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._dead = {} if dead_cache is None else dead_cache
        self._reach: dict[tuple[int, int], tuple[int, ...]] = {}  # draw three: `talon_reach` by (mask, ptr)

    # --- moves ------------------------------------------------------------------------------------------

    def apply(self, state: State, move: Move) -> State:
        """The state after `move` (legal in `state`)."""
        cols, found, mask, ptr = state
        kind, a, b, c = move
        if kind == _T2F:
            col = cols[a]
            card = col[-1]
            new = list(cols)
            new[a] = _lift(col, len(col) - 1)
            f = list(found)
            f[SUIT[card]] += 1
            return tuple(new), tuple(f), mask, ptr
        if kind == _S2F:
            card = self.seq[a]
            f = list(found)
            f[SUIT[card]] += 1
            return cols, tuple(f), mask ^ (1 << a), a + 1
        if kind == _T2T:
            col = cols[a]
            new = list(cols)
            new[c] = cols[c] + col[b:]
            new[a] = _lift(col, b)
            return tuple(new), found, mask, ptr
        if kind == _S2T:
            new = list(cols)
            new[b] = cols[b] + BYTE[self.seq[a]]
            return tuple(new), found, mask ^ (1 << a), a + 1
        f = list(found)
        f[a] -= 1
        new = list(cols)
        new[b] = cols[b] + BYTE[a * 13 + found[a] - 1]
        return tuple(new), tuple(f), mask, ptr

    def notation(self, state: State, move: Move) -> list[str]:
        """`move` in design.md's notation, with the draws (and recycle) it needs first."""
        cols, found, mask, ptr = state
        kind, a, b, c = move
        if kind == _T2F:
            return [CODE[cols[a][-1]] + TO_FOUNDATION]
        if kind == _S2F:
            steps, _ = talon_steps(self.seq, mask, ptr, a, self.draw)
            return [*steps, CODE[self.seq[a]] + TO_FOUNDATION]
        if kind == _T2T:
            return [CODE[cols[a][b]] + TO_COLUMN[c]]
        if kind == _S2T:
            steps, _ = talon_steps(self.seq, mask, ptr, a, self.draw)
            return [*steps, CODE[self.seq[a]] + TO_COLUMN[b]]
        return [CODE[a * 13 + found[a] - 1] + TO_COLUMN[b]]

    def autos(self, state: State) -> tuple[State, list[Move]]:
        """The state after every safe foundation move, and those moves."""
        done: list[Move] = []
        if not self.auto:
            return state, done
        where = self.where if self.draw == 1 else {}
        cache = self._safe
        while True:
            cols, found, mask, _ = state
            suits = cache.get(found)
            if suits is None:
                suits = cache[found] = tuple(s for s in range(4) if found[s] < KING and safe_up(found, s))
            move: Move | None = None
            for suit in suits:
                card = suit * 13 + found[suit]
                k = where.get(card, -1)
                if k >= 0 and mask >> k & 1:
                    move = (_S2F, k, 0, 0)
                    break
                for c in range(COLUMNS):
                    col = cols[c]
                    if col[-1] == card and len(col) > 1:
                        move = (_T2F, c, 0, 0)
                        break
                if move is not None:
                    break
            if move is None:
                break
            done.append(move)
            state = self.apply(state, move)
        return state, done

    def moves(self, state: State) -> list[Move]:
        """Every move worth trying in `state`, in the order of the module docstring; `strict` narrows them
        (a win-only search), otherwise only the sound delays of the module docstring cut any."""
        cols, found, mask, _ = state
        tops, empty = _tops(cols)
        hidden, king_waits = self._waiting(cols, found, mask)
        first, flips, ups, empties, partial = self._run_moves(cols, found, tops, empty, hidden, king_waits)
        talon = (
            self._talon_moves(found, mask, tops, empty, hidden)
            if self.draw == 1
            else self._reach_moves(found, mask, state[3], tops, empty)
        )
        back = [] if self.strict else self._back_moves(found, tops, empty, hidden)
        return first + flips + ups + talon + empties + partial + back

    def _run_moves(  # noqa: PLR0917 - one call a node of the search: positional for speed
        self, cols: tuple[bytes, ...], found: tuple[int, ...], tops: list[tuple[int, int, int]], empty: int,
        hidden: set[int], king_waits: bool,
    ) -> tuple[list[Move], list[Move], list[Move], list[Move], list[Move]]:
        """The moves of the columns' cards, in five groups of the module docstring's order: a top going up
        that turns a card; runs that turn a card (columns with more face-down cards first); the other tops
        going up; runs that empty a column (only when a king waits for it); runs that leave a face-up card
        (only when `_may_split` lets them).

        A column's face-up cards are always one ordered run (the rules build nothing else; `__init__`
        checks the board), so the card of column `s` that fits on a top of rank `r` can only be the one of
        rank `r - 1`, whose place in the run its rank gives: each pair of columns costs one look."""
        first: list[Move] = []
        flips: list[tuple[int, Move]] = []
        ups: list[Move] = []
        empties: list[Move] = []
        partial: list[Move] = []
        fits = FITS
        for s in range(COLUMNS):
            col = cols[s]
            n = len(col)
            if n == 1:
                continue
            down = col[0]
            f = down + 1
            top = col[-1]
            if found[SUIT[top]] == UP_FROM[top]:
                (first if down and n == f + 1 else ups).append((_T2F, s, 0, 0))
            high = RANK[col[f]]
            low = RANK[top]
            found_here: list[tuple[int, int, int]] = []  # (index in the column, destination's suit, column)
            for card, d, r in tops:
                if low <= r <= high and d != s:
                    i = f + high - r
                    if fits[col[i]][card]:
                        found_here.append((i, SUIT[card], d))
            if high == KING and empty >= 0 and down:
                found_here.append((f, 0, empty))
            if not found_here:
                continue
            if len(found_here) > 1:
                found_here.sort()
            last = -1
            keep = False
            for i, _, d in found_here:
                if i != last:
                    last = i
                    keep = i == f or self._may_split(col, i, found, hidden)
                if not keep:
                    continue
                move = (_T2T, s, i, d)
                if i > f:
                    partial.append(move)
                elif down:
                    flips.append((down, move))
                elif king_waits and RANK[col[i]] < KING:
                    empties.append(move)
        flips.sort(key=lambda item: -item[0])
        return first, [move for _, move in flips], ups, empties, partial

    def _waiting(
        self, cols: tuple[bytes, ...], found: tuple[int, ...], mask: int
    ) -> tuple[set[int], bool]:
        """The face-down cards, and whether a king could use an emptied column. A move that can wait is made
        only if its use needs none of those cards turned (module docstring); with `delays` off, none counts
        (every legal move: a reference for tests), and a win-only search does not look at them."""
        hidden: set[int] = set()
        if self.strict:
            return hidden, self._king_waits(cols, mask)
        if not self.delays:
            return hidden, True
        for col in cols:
            hidden.update(col[1 : col[0] + 1])
        return hidden, self._king_waits(cols, mask) or KING in found

    def _may_split(self, col: bytes, i: int, found: tuple[int, ...], hidden: set[int]) -> bool:
        """Whether the cards of `col` from index `i` on may move, leaving its face-up card `y` above them on
        top: yes when `y` can go up at once; a win-only search tries nothing else; otherwise only when `y` is
        not stuck there for good by the face-down cards: it is a king, or it can get its other child or move
        on onto a parent that is not face down, or the cards it waits for to go up are not face down."""
        y = col[i - 1]
        if found[SUIT[y]] == UP_FROM[y]:
            return True
        if self.strict:
            return False
        if not hidden:
            return True
        x = col[i]
        return (
            RANK[y] == KING
            or any(z != x and z not in hidden for z in CHILDREN[y])
            or any(p not in hidden for p in PARENTS[y])
            or not any(SUIT[y] * 13 + q - 1 in hidden for q in range(found[SUIT[y]] + 1, RANK[y]))
        )

    def _talon_moves(
        self, found: tuple[int, ...], mask: int, tops: list[tuple[int, int, int]], empty: int,
        hidden: set[int],
    ) -> list[Move]:
        """The talon's moves: up, then to the columns (module docstring), by talon card."""
        where = self.where
        seq = self.seq
        found_here: list[tuple[int, int, int, int]] = []  # (talon index, 0 up / 1 to a column, suit, column)
        for suit in range(4):
            r = found[suit]
            if r < KING:
                k = where.get(suit * 13 + r, -1)
                if k >= 0 and mask >> k & 1:
                    found_here.append((k, 0, 0, 0))
        for card, d, _ in tops:
            for x in CHILDREN[card]:
                k = where.get(x, -1)
                if k >= 0 and mask >> k & 1:
                    found_here.append((k, 1, SUIT[card], d))
        if empty >= 0:
            for k in self.kings:
                if mask >> k & 1:
                    found_here.append((k, 1, 0, empty))
        if len(found_here) > 1:
            found_here.sort()
        talon: list[Move] = []
        for k, to_column, _, d in found_here:
            if not to_column:
                talon.append((_S2F, k, 0, 0))
            elif not (hidden and all(z in hidden for z in CHILDREN[seq[k]])):
                talon.append((_S2T, k, d, 0))
        return talon

    def reach(self, mask: int, ptr: int) -> tuple[int, ...]:
        """Draw 3: the talon indexes that draws can bring to the waste top (`talon_reach`), remembered."""
        reach = self._reach.get((mask, ptr))
        if reach is None:
            if len(self._reach) >= MAX_TABLE:
                self._reach.clear()
            reach = self._reach[mask, ptr] = tuple(k for k, _ in talon_reach(mask, ptr, self.draw))
        return reach

    def _reach_moves(
        self, found: tuple[int, ...], mask: int, ptr: int, tops: list[tuple[int, int, int]], empty: int
    ) -> list[Move]:
        """Draw 3's talon moves: each card that draws can bring to the waste top (`talon_reach`, fewest
        draws first), up, then onto each column it fits. None of them waits: the talon is not random access
        with draw 3, so a card put on a column may be what brings another within reach."""
        seq = self.seq
        ups: list[Move] = []
        downs: list[Move] = []
        for k in self.reach(mask, ptr):
            card = seq[k]
            if found[SUIT[card]] == UP_FROM[card]:
                ups.append((_S2F, k, 0, 0))
            if RANK[card] == KING:
                if empty >= 0:
                    downs.append((_S2T, k, empty, 0))
                continue
            for top, d, _ in tops:
                if top in PARENTS[card]:
                    downs.append((_S2T, k, d, 0))
        return ups + downs

    @staticmethod
    def _back_moves(
        found: tuple[int, ...], tops: list[tuple[int, int, int]], empty: int, hidden: set[int]
    ) -> list[Move]:
        """The foundation cards that may come down (module docstring), by suit."""
        back: list[Move] = []
        for suit in range(4):
            r = found[suit]
            if not r:
                continue
            card = suit * 13 + r - 1
            if (
                hidden
                and all(z in hidden for z in CHILDREN[card])
                and not (r > 1 and any(p not in hidden for p in PARENTS[card - 1]))
            ):
                continue
            if r == KING:
                if empty >= 0:
                    back.append((_F2T, suit, empty, 0))
                continue
            for p in PARENTS[card]:
                for top, d, _ in tops:
                    if top == p:
                        back.append((_F2T, suit, d, 0))
        return back

    def never_turned(self, state: State) -> bool:
        """Is some face-down card of `state` never turned, whatever is played (`deadlock`)? Then the state
        is lost and the complete search does not expand it."""
        cols, found, mask, _ = state
        seq = self.seq
        talon = []
        while mask:
            low = mask & -mask
            mask ^= low
            talon.append(seq[low.bit_length() - 1])
        return never_turned(cols, found, talon)

    def is_dead(self, key: bytes, state: State) -> bool:
        """`never_turned(state)`, `key` being the state's key, remembered: a state's talon pointer does not
        change the answer, so under draw three it is remembered without it (the key's last byte, `talon_key`),
        and the searches of one `solve_board` share what they learn (its `dead_cache`). About half of
        draw three's states differ from another only by their pointer."""
        if self.draw != 1:
            key = key[:-1]
        dead = self._dead.get(key)
        if dead is None:
            if len(self._dead) >= MAX_TABLE:
                self._dead.clear()
            dead = self._dead[key] = self.never_turned(state)
        return dead

    def _king_waits(self, cols: tuple[bytes, ...], mask: int) -> bool:
        """Is there a king that an empty column would serve: in the talon, or heading a run on face-down
        cards?"""
        for k in self.kings:
            if mask >> k & 1:
                return True
        for col in cols:
            down = col[0]
            if down and RANK[col[down + 1]] == KING:
                return True
        return False

    # --- the search -------------------------------------------------------------------------------------

    def run(self) -> SolveResult:
        """Search and report."""
        return finish(self.result_steps())

    def result_steps(self) -> Generator[None, None, SolveResult]:
        """`run()` as a generator: the best-first search yields every `yield_every` states (the depth-first
        one does not yield), and the result does not depend on how it is driven. A `budget_ms` is checked at
        each yield. A win-only search (`strict`) or a beam (`width`) that runs out of states answers
        `unknown`: it has seen only part of the space."""
        start = self.clock()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        moves: tuple[str, ...] = ()
        try:
            if self.best_first:
                line = yield from self._timed(self.steps(), deadline)
            else:
                line = self._search(deadline)
        except OutOfBudget:
            verdict = Verdict.UNKNOWN
        else:
            if line is not None:
                verdict, moves = Verdict.WIN, tuple(line)
            else:  # only the complete search's space seen whole is a proof of loss
                verdict = Verdict.UNKNOWN if self.strict or self.width else Verdict.LOST
        return SolveResult(verdict, moves, self.nodes, (self.clock() - start) * 1000)

    def _search(self, deadline: float | None) -> list[str] | None:
        board = self.board
        root: State = (board.cols, board.found, board.mask, board.ptr)
        root_after, root_autos = self.autos(root)
        # frames: (state after the move and its autos, the move, the autos, moves to try, next index)
        path: list[tuple[State, Move | None, list[Move]]] = [(root_after, None, root_autos)]
        if self._won(root_after):
            return self._line(path)
        seen: set[bytes] = {self._key(root_after)}
        todo: list[list[Move]] = [self.moves(root_after)]
        index: list[int] = [0]
        max_nodes, max_table = self.max_nodes, self.max_table
        apply, autos, moves, key_of, won = self.apply, self.autos, self.moves, self._key, self._won
        nodes = 0
        while todo:
            tried = todo[-1]
            i = index[-1]
            if i == len(tried):
                todo.pop()
                index.pop()
                path.pop()
                continue
            index[-1] = i + 1
            move = tried[i]
            state, done = autos(apply(path[-1][0], move))
            key = key_of(state)
            if key in seen:
                continue
            path.append((state, move, done))
            if won(state):
                self.nodes = nodes
                return self._line(path)
            seen.add(key)
            nodes += 1
            if nodes % CHECK_EVERY == 0:
                self.nodes = nodes
                if (
                    nodes > max_nodes
                    or len(seen) > max_table
                    or (deadline is not None and self.clock() > deadline)
                ):
                    raise OutOfBudget
            todo.append([] if self.dead_ends and self.never_turned(state) else moves(state))
            index.append(0)
        self.nodes = nodes
        return None

    def _timed(
        self, steps: Generator[None, None, list[str] | None], deadline: float | None
    ) -> Generator[None, None, list[str] | None]:
        """`steps` passed through, with `OutOfBudget` raised at a yield past `deadline`."""
        while True:
            try:
                next(steps)
            except StopIteration as end:
                line: list[str] | None = end.value
                return line
            if deadline is not None and self.clock() > deadline:
                raise OutOfBudget
            yield

    def steps(self) -> Generator[None, None, list[str] | None]:
        """The best-first search, `self.order`'s lowest priority expanded first (the newest among equals),
        yielding every `yield_every` states expanded so that a caller can share its time between searches
        (the budget is checked every `CHECK_EVERY`, whatever `yield_every` is: results do not depend on it);
        it returns the winning line, or None once every state of its space is seen (a proof of `lost` only
        when not `strict`), and raises `OutOfBudget` past `max_nodes` or `max_table`."""
        board = self.board
        root: State = (board.cols, board.found, board.mask, board.ptr)
        root_after, root_autos = self.autos(root)
        if self._won(root_after):
            return self._line([(root_after, None, root_autos)])
        root_key = self._key(root_after)
        parents: dict[bytes, tuple[bytes, Move | None, list[Move]]] = {root_key: (b"", None, root_autos)}
        heap: list[tuple[int, int, int, bytes, State]] = [(0, 0, 0, root_key, root_after)]
        max_nodes, max_table = self.max_nodes, self.max_table
        apply, autos, moves, key_of = self.apply, self.autos, self.moves, self._key
        pop, push = heapq.heappop, heapq.heappush
        priority = self.order.of
        dead_ends = self.dead_ends
        yield_every = self.yield_every
        width = self.width
        nodes = 0
        counter = 0
        while heap:
            _, _, depth, key, state = pop(heap)
            depth += 1
            nodes += 1
            if nodes % yield_every == 0:
                self.nodes = nodes
                if nodes % CHECK_EVERY == 0 and (nodes > max_nodes or len(parents) > max_table):
                    raise OutOfBudget
                yield
            if dead_ends and self.is_dead(key, state):
                continue
            children: list[tuple[int, bytes, Move, list[Move], State]] = []
            for move in moves(state):
                child, done = autos(apply(state, move))
                child_key = key_of(child)
                if child_key in parents:
                    continue
                cols, found = child[0], child[1]
                if not any(col[0] for col in cols) and (self.draw == 1 or self._won(child)):
                    parents[child_key] = (key, move, done)
                    self.nodes = nodes
                    return self._line(self._path(parents, child_key))
                children.append((priority(cols, found, child[2], depth), child_key, move, done, child))
            if width and len(children) > width:
                children.sort(key=_first)
                del children[width:]
            for rank, child_key, move, done, child in children:
                if child_key not in parents:  # two moves may make the same child
                    parents[child_key] = (key, move, done)
                    counter -= 1
                    push(heap, (rank, counter, depth, child_key, child))
        self.nodes = nodes
        return None

    @staticmethod
    def _path(
        parents: dict[bytes, tuple[bytes, Move | None, list[Move]]], key: bytes
    ) -> list[tuple[State, Move | None, list[Move]]]:
        """The moves from the root to `key`, in the shape `_line` reads (the states are not needed)."""
        steps: list[tuple[State, Move | None, list[Move]]] = []
        none: State = ((), (), 0, 0)
        while key:
            parent, move, done = parents[key]
            steps.append((none, move, done))
            key = parent
        steps.reverse()
        return steps

    def _key(self, state: State) -> bytes:
        """The state's key: its columns in sorted order, and the talon (`talon_key`)."""
        return b"\xff".join(sorted(state[0])) + talon_key(state[2], state[3], self.draw)

    def _won(self, state: State) -> bool:
        """No face-down card left: a win with draw 1 (module docstring); with draw 3 only if the finish
        also gets every talon card up (`try_finish`), else the search goes on from here."""
        cols, found, mask, ptr = state
        if any(col[0] for col in cols):
            return False
        if self.draw == 1:
            return True
        return finish_plays(cols, found, self.seq, mask, ptr, 3, self.where, self.reach) is not None

    def _line(self, path: list[tuple[State, Move | None, list[Move]]]) -> list[str]:
        """The whole line in notation: every move of `path` and its autos, then the finish."""
        board = self.board
        state: State = (board.cols, board.found, board.mask, board.ptr)
        line: list[str] = []
        for _, move, done in path:
            for step in ([move] if move is not None else []) + done:
                line.extend(self.notation(state, step))
                state = self.apply(state, step)
        cols, found, mask, ptr = state
        ending = try_finish(list(cols), list(found), self.seq, mask, ptr, draw=self.draw)
        assert ending is not None, "a line is made only for a won state"
        line.extend(ending)
        return line
