"""The hint: the player's advisor, which sees only what the player has seen, and never sends the player round
in circles.

Its only input is a view (`Position.view`: unseen cards are `None`), so it cannot peek: two deals that differ
only in cards the player has not seen give the same view and therefore the same hint. Its sampling is seeded
from the view itself and its work is counted in solver nodes, never in time, so the same position always
gets the same advice however the work is sliced.

**Never back to a view** (seed 003: "Indice vous montre un coup utile"). Every move it advises raises the
potential of `headway` (the cards uncovered; then the distance to the next card turned or stock card seen;
then the foundations, the talon's size, the empty columns), a function of the view alone, so a player who
follows the hint never meets a view again. The rules below pick among those moves only.

- No legal move: `stuck` (why `stuck`).
- No face-down card and every card known: auto-finish's next move (`progress.autofinish_move`, which wins;
  `proven`).
- Every card known: the exact solver decides. A win gives the first move of its line (`proven`) when that
  move raises the potential; a proof of loss gives `lost`. A search out of budget gives the advice below,
  never `lost`. With draw three a win counts only when its line replays under draw three
  (`proof.replays_to_win`); a proof of loss holds for both draws (`proof`).

**Draw three** is the same hint on a view that says `draw` 3: the moves are the same, a draw turns three
cards (`rules.apply`), the distance of `headway` is searched exactly under draw three (a talon card
plays only when draws bring it to the top), auto-finish is offered only when it wins (`finish`), and the
sampled worlds' quick searches and the exact branch run the solver under draw three. In an open view (every
card known, none face down) its distance is read from the solver's winning line (`endgame`), where every move
is a candidate and the one whose line is shortest goes first.

**The rise**, both draws (`rise`): the last part of the potential, the shortest line to a higher standing, so
a draw or a move that only prepares a card up or a talon card played may be advised where nothing else
settles. Draw three had it first; without it draw one's hint gave up winnable endings ("no move gets
anywhere" with one card unseen): of deals 0-149 it won 78 without the rise, 108 with it (docs/KLONDIKE.md).

The computation is a generator that yields every few dozen states of its searches (`HintJob` runs it in slices
for the worker).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final, Literal

from solitaire_core import hints
from solitaire_core.cards import Card
from solitaire_core.hints import hint_json as shared_hint_json
from solitaire_core.steps import SlicedJob, finish
from solitaire_core.verdict import Verdict

from . import rules
from .endgame import is_open
from .fast import DRAW, RECYCLE, Board
from .finish import finishing_move
from .headway import FAR, Distance, headway_steps, raises_standing, reveals
from .position import Position
from .proof import replays_to_win
from .rise import Potential
from .rollout import Worlds
from .solver import Solver, safe_up, solve_board_steps

__all__ = ["Hint", "HintJob", "compute", "hint", "hint_json", "ordered_moves"]

Kind = Literal["move", "draw", "recycle", "lost", "stuck"]

WORLDS: Final = 8
"""Worlds sampled for one hint (fewer when the vote is settled early)."""
WORLD_NODES: Final = 700
"""Node budget of the win-only search in one world."""
KNOWN_NODES: Final = 60_000
"""Node budget of the exact search once every card is known."""
YIELD_EVERY: Final = 32
"""The searches yield every this many states, so that a slice of the worker's background work stays short (a
few milliseconds) and a move never waits long behind it; the advice does not depend on it."""
CHECKS: Final = 4
"""At most this many candidate moves (beyond those that shorten the distance) are checked with a search of
their own."""
NODES_PER_MS: Final = 15
"""How a `budget_ms` becomes a node budget (a fixed rate, so the hint never depends on the clock)."""


class Hint(hints.Hint[Kind, str]):
    """Klondike's advice (`solitaire_core.hints.Hint`): a move in notation, a draw or a recycle, or none."""

    __slots__ = ()


def hint_json(result: Hint, version: int) -> dict[str, Any]:
    """A hint as a worker reply carries it (`solitaire_core.hints.hint_json`)."""
    return shared_hint_json(result, version)


def of_move(move: str, proven: bool, why: str) -> Hint:
    """The hint advising `move` (its kind read from the notation)."""
    kind: Kind = "draw" if move == DRAW else "recycle" if move == RECYCLE else "move"
    return Hint(kind, move, proven, why)


def move_priority(view: Position, move: str) -> tuple[int, int]:
    """Smaller first: what a sensible player tries first when nothing else tells moves apart."""
    if move == DRAW:
        return (6, 0)
    if move == RECYCLE:
        return (8, 0)
    code, _, target = move.partition(">")
    if view.waste and view.waste[-1].code == code:
        return (2, 0) if target == "F" else (4, 0)
    for c, column in enumerate(view.tableau):
        down = view.face_down[c]
        for i in range(down, len(column)):
            card = column[i]
            if card is not None and card.code == code:
                if target == "F":
                    return (0, -down) if down and i == down else (3, card.rank)
                if i == down and down:
                    return (1, -down)
                if i == 0:
                    return (9, 0) if card.rank == rules.KING else (5, 0)
                return (7, 0)
    return (10, 0)  # a foundation card back down


def ordered_moves(view: Position) -> list[str]:
    """The view's legal moves, in the order of `move_priority` (ties in `legal_moves`' order)."""
    moves = rules.legal_notation(view)
    return sorted(moves, key=lambda move: move_priority(view, move))


def compute(view: Position, budget_ms: float | None = None) -> Generator[None, None, Hint]:
    """The hint for `view`, as a generator that yields between pieces of work and returns the hint."""
    moves = ordered_moves(view)
    if not moves:
        return Hint("stuck", why="stuck")
    scale = 1.0
    if budget_ms is not None:
        scale = min(1.0, max(0.05, budget_ms * NODES_PER_MS / (WORLDS * WORLD_NODES)))
    if view.all_known and not any(view.face_down):
        finishing = finishing_move(view)
        if finishing is not None:
            return of_move(str(finishing), True, "winning_line")
    here = yield from headway_steps(view)
    potential = Potential(view, here)
    if view.all_known:
        budget = max(1000, int(KNOWN_NODES * scale))
        result = yield from solve_board_steps(Board.of(view), node_budget=budget, yield_every=YIELD_EVERY,
                                            draw=view.draw)
        if result.verdict is Verdict.LOST:
            return Hint("lost", why="lost")
        if result.verdict is Verdict.WIN and result.line and (
            view.draw == 1 or replays_to_win(view, result.line)
        ):
            first = result.line[0]
            if (yield from potential.advances(first)):
                return of_move(first, True, "winning_line")
        if is_open(view) and here.distance != FAR:
            shortest = yield from _shortest_ending(view, here.distance, moves)
            if shortest is not None:
                return of_move(shortest, True, "winning_line")
    if here.hopeless:
        return Hint("stuck", why="no_headway")
    if len(moves) == 1:
        return (of_move(moves[0], False, "only_move") if (yield from potential.advances(moves[0]))
                else Hint("stuck", why="no_headway"))
    for move in moves:
        if (move.endswith(">F") and safe_up(view.foundations, Card.parse(move[:2]).suit)
                and (yield from potential.advances(move))):
            return of_move(move, False, "safe_foundation")
    votes = yield from _votes(view, moves, scale)
    ranked = sorted(moves, key=lambda move: (-votes.get(move, 0), moves.index(move)))
    best = yield from _first_advancing(potential, ranked)
    if best is None:
        return Hint("stuck", why="no_headway")
    if votes.get(best):
        return of_move(best, False, "best_odds")
    return of_move(best, False, "no_win_seen")


def _votes(view: Position, moves: list[str], scale: float) -> Generator[None, None, dict[str, int]]:
    """How many sampled worlds each legal move starts a win in (module docstring)."""
    legal = set(moves)
    votes: dict[str, int] = {}
    worlds = Worlds(view)
    count = 1 if view.all_known else WORLDS
    nodes = max(100, int(WORLD_NODES * scale))
    for done in range(1, count + 1):
        world = worlds.draw()
        search = Solver(Board.of(world), max_nodes=nodes, strict=True, yield_every=YIELD_EVERY,
                        draw=view.draw)
        result = yield from search.result_steps()
        if result.verdict is Verdict.WIN and result.line and result.line[0] in legal:
            votes[result.line[0]] = votes.get(result.line[0], 0) + 1
        yield
        ranked = sorted(votes.values(), reverse=True)
        lead = ranked[0] - (ranked[1] if len(ranked) > 1 else 0) if ranked else 0
        if lead > count - done:
            break  # no remaining world can change the winner
    return votes


def _shortest_ending(
    view: Position, distance: Distance, moves: list[str]
) -> Generator[None, None, str | None]:
    """Draw three, an open view (`endgame`): the move after which the solver's winning line is shortest, when
    it is shorter than the view's own (`distance`; the first in `moves`' order among equals). The solver does
    not always find the rest of its own line from the position after its first move, so the steepest step
    goes further than the first step of its line before no move shortens the line any more."""
    best, shortest = None, distance
    for move in moves:
        there = yield from headway_steps(rules.play(view, move))
        if there.distance < shortest:
            best, shortest = move, there.distance
    return best


def _first_advancing(potential: Potential, ranked: list[str]) -> Generator[None, None, str | None]:
    """The first move of `ranked` that raises the potential (`headway`, `rise`): the moves that turn or show
    a card, shorten the distance or raise the standing are tried in order, a search each for at most
    `CHECKS` of them; then only the moves that shorten the distance or the rise. With
    draw three, when the distance search stopped at its bounds (no distance, not a proof), every move is
    searched, a card down from a foundation included: any of them may be what lets the search settle (slower,
    but only in such views); and in an open view too, whose distance is the solver's line (`endgame`), since
    the solver does not always find from a move's position the rest of its own line."""
    view, here = potential.view, potential.here
    onward = here.onward | (yield from potential.rise()).onward
    checks = 0
    open_search = view.draw != 1 and ((here.distance == FAR and not here.settled) or is_open(view))
    for move in ranked:
        if reveals(view, move):
            return move
        if move not in onward and not open_search and not raises_standing(view, move):
            continue
        if checks >= CHECKS and move not in onward and not open_search:
            continue
        checks += 1
        if (yield from potential.advances(move)):
            return move
    return None


def hint(view: Position, budget_ms: float | None = None) -> Hint:
    """The hint for `view`, computed at once."""
    return finish(compute(view, budget_ms))


class HintJob(SlicedJob[Hint]):
    """A hint computed in slices: call `step(slice_ms)` until it returns the hint. The result does not depend
    on how the work is sliced."""

    def __init__(self, view: Position, budget_ms: float | None = None) -> None:
        super().__init__(compute(view, budget_ms))
