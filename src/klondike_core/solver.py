"""The exact solver: with every card known ("thoughtful" Klondike), can the position still be won?

`solve_board` decides a board under draw one or draw three by running several searches in turns: each is a
`search.Solver` (whose docstring has what keeps one search small, and why each cut is sound) or the
`canonical.CanonicalSearch`. It answers `win` with a complete line in design.md's notation (draws and
recycles included) that replays to a win, `lost` only with a proof, and `unknown` when a budget of nodes,
time or table size runs out first. A start with a face-down card that can never be turned (`deadlock`) is
answered `lost` before any search.

**Several searches, taking turns.** Narrower ones that only look for a win (`Solver(strict=True)`), best
first, each with its own order (`PASSES`: the fewest face-down cards first, then the most cards up; or with a
cost per move made, per talon card, per face-down card under others): the orders find different wins. Beside
them the complete search (every legal move but those that can wait), best first too. They run in turns of a
few hundred states each, sharing the budget, until one answers: a win any finds is a real one (its line
replays); a narrower search running out of states proves nothing (then the others of its kind stop too:
their space is the same), and `lost` is answered only when a search that proves it has seen its whole space.

**Late in a long search** (`LATE`, after `LATE_AFTER` states in all): the time is shared anew and more
searches join. Two win-only orders (the weighted order counting talon cards; under draw three without the
dead-end check, which costs them about 40% of their time there and cuts about one state in a hundred). The
canonical search, which only proves a loss: on the deals left undecided by then, most of the complete search's
states differ only by which talon cards hang on which column tops, and the canonical search keeps those cards
in the talon (its docstring has why its `lost` is a proof), proving in a second or two deals the complete
search needs minutes for; reaching a state with every card turned, it proves nothing and stops. Its precise
form (`precise=True`: only the talon cards whose suit is ready put back, with exchanges and states seen before
a talon card was laid down skipped) proves most deals left this late, under either draw. Under draw one its
exact twin too (`CanonicalSearch(exact=True)`: the same moves, no talon card put back), which decides either
way some deals where the canonical search proves nothing. Under both draws,
beams (`Beam`, win-only: each state keeps only its best two or three children, as ShootMe's solver does) reach
deep wins that a full best-first search, busy with every sibling, reaches too late. Under draw three the
complete search of the same board under draw one joins too (the talon read as random access): draw three's
lines are draw one's too (draw the same cards one at a time), so a proof of loss there is a proof here, and it
often comes in a fraction of a second where draw three's own search takes many; a win found under draw one
says nothing for draw three and only stops that search (the canonical search reads the board as draw one for
the same reason, within a cap of states of its own there). The levels ask with the late phase off
(`late=False`): a hard deal dealt and verified on a node budget (`difficulty`) is decided exactly as before.

On deals 0-999 (10 s of CPU each) it decides most deals in a few milliseconds; the ones it cannot decide are
hard wins and large lost deals (docs/PERFORMANCE.md, "Klondike").
"""

from __future__ import annotations

import enum
import functools
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Final

from solitaire_core.steps import finish
from solitaire_core.verdict import Verdict

from .canonical import CanonicalSearch
from .fast import Board
from .position import Position
from .search import (
    CHECK_EVERY,
    DEFAULT_MAX_NODES,
    MAX_TABLE,
    PLAIN,
    Order,
    OutOfBudget,
    Solver,
    SolveResult,
    safe_up,
)

__all__ = [
    "COMPLETE_WEIGHT",
    "DEFAULT_MAX_NODES",
    "LATE",
    "LATE_AFTER",
    "MAX_TABLE",
    "PASSES",
    "Beam",
    "LatePhase",
    "Order",
    "SolveResult",
    "Solver",
    "Verdict",
    "safe_up",
    "solve",
    "solve_board",
    "solve_board_steps",
]

PASSES: Final = (
    (PLAIN, 5),
    (Order(depth=2), 1),
    (Order(talon=1), 1),
    (Order(hidden=16, squares=16), 1),
    (Order(hidden=2, blocks=1, depth=1), 3),
)
"""The win-only searches `solve_board` runs beside the complete one, each with its weight (slices of
`CHECK_EVERY` states a round): orders that find different wins (on the deals the plain order left unknown,
each found wins the others did not); the plain order, which finds most wins in milliseconds, weighs more.
Once one has seen its whole space they all stop: the narrower space is the same in every order."""
COMPLETE_WEIGHT: Final = 3
"""The complete search's slices a round."""
LATE_AFTER: Final = 8_000
"""States expanded in all (every search together) before `solve_board` turns to its `LATE` phase."""


@dataclass(frozen=True, slots=True)
class Beam:
    """A beam search: best first in `order`, each state's children cut to its best `width` (`Solver.width`),
    with the complete search's moves or, if `strict`, the win-only ones. It only finds wins: it sees a sliver
    of the space, so running out of states proves nothing."""

    order: Order
    width: int
    strict: bool = False


@dataclass(frozen=True, slots=True)
class LatePhase:
    """How `solve_board` shares its time once `LATE_AFTER` states have been expanded in all: new `weights`
    for `PASSES` and then the complete search, more win-only searches joining (`passes`, each with its
    weight), whether those skip dead ends (`dead_ends`), and under draw three the complete search of the
    same board under draw one (`relaxed`, its weight; 0 for none), whose proof of loss is a proof under draw
    three too, and the canonical search (`canonical`, its weight; 0 for none), which only proves a loss,
    with at most `canonical_nodes` states of its own (None: only the shared budget, which bounds every
    search of `solve_board` together), its exact twin (`exact`, its weight), its precise form (`precise`,
    its weight; it only proves a loss, as the canonical search), and the `beams`, each with its weight.
    With `late=False` (the levels' proofs, `difficulty`) there is no late phase: the searches run as they
    did before it existed, so a hard deal dealt then still verifies."""

    weights: tuple[int, ...]
    passes: tuple[tuple[Order, int], ...]
    dead_ends: bool
    relaxed: int = 0
    canonical: int = 0
    canonical_nodes: int | None = None
    beams: tuple[tuple[Beam, int], ...] = ()
    exact: int = 0
    precise: int = 0


_TALON_ORDERS: Final = (
    Order(hidden=2, blocks=1, depth=1, talon=1),
    Order(hidden=2, blocks=1, depth=2, talon=2),
)
"""The weighted order of `PASSES` counting each talon card too (lines that use the talon up, so that fewer
cards stay out of reach under draw three), and once more with moves and talon cards counted twice."""
_BEAMS: Final = (
    (Beam(Order(hidden=2, blocks=1, depth=1), 3, strict=True), 8),
    (Beam(Order(hidden=2, blocks=1, depth=1), 2), 2),
    (Beam(PLAIN, 3), 1),
)
"""Draw one's beams late in a solve, each with its weight: the weighted A-star order of `PASSES` kept to three
children with the win-only moves and to two with every move, and the plain order kept to three. Each won
deals of 0-999 that every full search left unknown at 10 s (165, 471; 985; 292), and none of the others
did; a beam wins in a few thousand states or not at all, so they weigh little (the first a little more: 165,
its win at 1.5 s alone, came at 8.5-9.8 s beside the others)."""
_BEAMS_DRAW_THREE: Final = (
    (Beam(_TALON_ORDERS[0], 2, strict=True), 2),
    (Beam(Order(hidden=2, blocks=1, depth=1), 2), 1),
)
"""Draw three's beams late in a solve: the weighted order counting talon cards kept to two children with the
win-only moves, and the weighted A-star order kept to two with every move. Alone they won 227, 592 and 873 of
the deals draw three's full searches left unknown at 10 s; at these weights beside the others, 592 and 873."""
LATE: Final = {
    1: LatePhase((2, 1, 1, 1, 3, 1), ((_TALON_ORDERS[0], 2), (_TALON_ORDERS[1], 3)), dead_ends=True,
                 canonical=8, beams=_BEAMS, exact=2, precise=40),
    3: LatePhase((3, 1, 1, 1, 2, 3), ((_TALON_ORDERS[0], 1), (_TALON_ORDERS[1], 5)), dead_ends=False,
                 relaxed=3, canonical=8, canonical_nodes=30_000, beams=_BEAMS_DRAW_THREE, precise=8),
}
"""By draw, the late phase of `solve_board` (docs/PERFORMANCE.md, klondike-solver, has the runs that chose
it). Under draw three the talon orders found wins of deals that every order of `PASSES` missed in 10 s, the
dead-end check costs those about 40% of their time for about one state in a hundred, and a deal lost under
draw one is often proven so in a fraction of a second where draw three's own search takes many. Under draw
one the precise form weighs more than all the others together: with exchanges and states seen before a
talon card was laid down (`canonical`) it proves in a few seconds most deals still undecided this late
(529, 859, 860, 869, 878 among them), and on a winnable one it reaches every card turned and stops, mostly
within a second; the canonical search keeps a fifth of that for the deals it proves in about as many states
(670: 67,774 states alone, the precise form 56,798), and the exact twin a little for the wins its
depth-first search finds early (733, 985); the complete search, which every one of them outproves this
late, gives up two thirds of its weight to them; the plain win-only order, which wins early or not at all,
gives up most of its weight to the beams (`_BEAMS`). Under draw three the canonical search has a cap of its
own, 30,000 states (about 3 s): the deals it proves there are the quick ones (59, 379, 882 need
9,000-16,000), and uncapped it took the time of draw three's own searches on deals they decide late (at
40,000 it proves 586 and 856 and loses 831 and 934, as many; with the exact twin beside it at weight 3, two
deals fewer). Its precise form joins it there at the same weight, uncapped: a deal lost under draw one is
lost under draw three, and on 86 deals draw three decides late or not at all it proves 112, 453, 482, 517,
829, 859, 878 and 908 lost, while 720, 767 and 934 fall just past 10 s (50 decided against 45)."""


class _Role(enum.Enum):
    """What a search's end means in `solve_board`."""

    NARROW = enum.auto()
    """Win-only: a line is a win; no line, the narrower space holds none (its kind stops)."""
    COMPLETE = enum.auto()
    """A line is a win; no line, the position is lost."""
    RELAXED = enum.auto()
    """Draw three's board under draw one: no line, lost; a line says nothing (the search stops)."""
    CANONICAL = enum.auto()
    """`CanonicalSearch`: True, lost; False says nothing (the search stops)."""
    BEAM = enum.auto()
    """A `Beam`: a line is a win; no line says nothing (the search stops)."""
    EXACT = enum.auto()
    """`CanonicalSearch(exact=True)`: a line is a win; True, lost."""


@dataclass(slots=True)
class _Turn:
    """A running search, its role, its steps and its slices of `CHECK_EVERY // yield_every` steps a round."""

    search: Solver | CanonicalSearch
    role: _Role
    steps: Generator[None, None, list[str] | bool | None]
    slices: int


def solve_board(
    board: Board,
    budget_ms: float | None = None,
    node_budget: int | None = None,
    auto: bool = True,
    clock: Callable[[], float] = time.perf_counter,
    *,
    draw: int = 1,
    late: bool = True,
) -> SolveResult:
    """Decide `board` (see the module docstring): the win-only searches of `PASSES` and the complete search
    take turns (their weights' slices a round) until one answers or the budget (time and nodes, shared) runs
    out (the time looked at after every slice, the nodes after every turn), with their `LATE` phase after
    `LATE_AFTER` states unless `late` is off. `clock` measures the budget (a benchmark on a busy machine may
    give `time.process_time`)."""
    return finish(solve_board_steps(board, budget_ms, node_budget, auto, clock, draw=draw, late=late))


def solve_board_steps(
    board: Board,
    budget_ms: float | None = None,
    node_budget: int | None = None,
    auto: bool = True,
    clock: Callable[[], float] = time.perf_counter,
    *,
    yield_every: int = CHECK_EVERY,
    draw: int = 1,
    late: bool = True,
) -> Generator[None, None, SolveResult]:
    """`solve_board` as a generator that yields every `yield_every` states expanded, so that the worker can
    answer a move between two pieces of it; the searches take the same turns whatever `yield_every` is, so
    the result is `solve_board`'s (with no time budget, or the same clock)."""
    start = clock()
    deadline = None if budget_ms is None else start + budget_ms / 1000
    nodes = DEFAULT_MAX_NODES if node_budget is None else node_budget
    dead_cache: dict[bytes, bool] = {}
    make = functools.partial(
        Solver, board, max_nodes=nodes, auto=auto, clock=clock, yield_every=yield_every, draw=draw,
        dead_cache=dead_cache,
    )
    complete = make()
    root, _ = complete.autos((board.cols, board.found, board.mask, board.ptr))
    if complete.never_turned(root):
        return SolveResult(Verdict.LOST, (), 0, (clock() - start) * 1000)
    per_turn = CHECK_EVERY // yield_every
    # the win-only searches skip dead ends too (the hint's quick searches in sampled worlds do not)
    running = [
        _turn(make(strict=True, order=order, dead_ends=True), _Role.NARROW, weight * per_turn)
        for order, weight in PASSES
    ]
    running.append(_turn(complete, _Role.COMPLETE, COMPLETE_WEIGHT * per_turn))
    searches = [turn.search for turn in running]
    late_pending = late  # the late phase may still begin
    narrow_seen = False  # a win-only search has seen its whole space: no win there
    verdict = Verdict.UNKNOWN
    line: tuple[str, ...] = ()
    while running:
        if late_pending and sum(search.nodes for search in searches) > LATE_AFTER:
            late_pending = False
            phase = LATE[draw]
            weights = dict(zip(searches, phase.weights, strict=True))  # by search: some may have stopped
            for turn in running:
                turn.slices = weights[turn.search] * per_turn
            make_canonical = functools.partial(
                CanonicalSearch, board, yield_every=yield_every, dead_cache=dead_cache
            )
            added = _late_turns(make, make_canonical, phase, narrow_seen, per_turn, draw=draw)
            running += added
            searches += [turn.search for turn in added]
        for turn in list(running):
            try:
                for _ in range(turn.slices):
                    next(turn.steps)
                    yield
                    if deadline is not None and clock() > deadline:
                        break  # a long turn stops at the time budget too (stopping all, below)
            except StopIteration as end:
                value: list[str] | bool | None = end.value
                if turn.role is _Role.NARROW and value is None:  # no win in the narrower space
                    running = [other for other in running if other.role is not _Role.NARROW]
                    narrow_seen = True
                    break
                if _no_answer(turn.role, value):
                    running.remove(turn)
                    continue
                verdict, line = (Verdict.WIN, tuple(value)) if isinstance(value, list) else (Verdict.LOST, ())
                running = []
                break
            except OutOfBudget:
                running.remove(turn)
                continue
            if sum(search.nodes for search in searches) > nodes or (
                deadline is not None and clock() > deadline
            ):
                running = []
                break
    spent = sum(search.nodes for search in searches)
    return SolveResult(verdict, line, spent, (clock() - start) * 1000)


def _no_answer(role: _Role, value: list[str] | bool | None) -> bool:
    """Does a search of `role` that ended with `value` leave the question open (a relaxation's win)?"""
    if role is _Role.RELAXED:
        return value is not None
    if role is _Role.BEAM:
        return value is None
    return role is _Role.CANONICAL and value is not True


def _turn(search: Solver | CanonicalSearch, role: _Role, slices: int) -> _Turn:
    """`search` ready to run in `solve_board`'s turns."""
    return _Turn(search, role, search.steps(), slices)


def _late_turns(
    make: Callable[..., Solver], make_canonical: Callable[..., CanonicalSearch], phase: LatePhase,
    narrow_seen: bool, per_turn: int, *, draw: int,
) -> list[_Turn]:
    """The searches `phase` adds: its win-only passes (none once a win-only search has seen the narrower
    space whole), the relaxed complete search under draw one, the canonical search, its precise form and its
    exact twin when they have a weight (all read the board as draw one: under draw three the exact one's win
    says nothing, as the canonical one's), and the beams."""
    added = [] if narrow_seen else [
        _turn(make(strict=True, order=order, dead_ends=phase.dead_ends), _Role.NARROW, weight * per_turn)
        for order, weight in phase.passes
    ]
    if phase.relaxed:
        added.append(_turn(make(draw=1), _Role.RELAXED, phase.relaxed * per_turn))
    if phase.canonical:
        canonical = make_canonical(max_nodes=phase.canonical_nodes)
        added.append(_turn(canonical, _Role.CANONICAL, phase.canonical * per_turn))
    if phase.precise:
        added.append(_turn(make_canonical(precise=True), _Role.CANONICAL, phase.precise * per_turn))
    if phase.exact:
        role = _Role.EXACT if draw == 1 else _Role.CANONICAL
        added.append(_turn(make_canonical(exact=True), role, phase.exact * per_turn))
    added += [
        _turn(make(order=beam.order, width=beam.width, strict=beam.strict, dead_ends=phase.dead_ends),
              _Role.BEAM, weight * per_turn)
        for beam, weight in phase.beams
    ]
    return added


def solve(
    position: Position, budget_ms: float | None = None, node_budget: int | None = None, draw: int = 1,
    *, late: bool = True,
) -> SolveResult:
    """Decide `position`, which must have every card known (`ValueError` otherwise), under draw `draw` (1 or
    3): `win` with a line that replays to a win, `lost` only when proven, `unknown` when a budget runs out."""
    return solve_board(Board.of(position), budget_ms, node_budget, draw=draw, late=late)
