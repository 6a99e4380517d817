"""The solver's packed moves are the rules' moves (issue 20): at random positions reached by legal play from
random deals, under draw 1 and draw 3, `Solver.moves` with its reductions off (no automatic foundation
moves, no delayed moves) gives exactly the moves `rules.legal_moves` allows after any number of draws and
recycles, up to what the solver merges on purpose:

- a talon move stands for the draws (and recycle) that bring the card to the waste top first, so the rules'
  side collects the card moves of every position that draws and recycles alone reach;
- empty columns are interchangeable (the solver's key sorts the columns), so a move into an empty column is
  compared as "into an empty column", and a king that is already alone at the bottom of its column with no
  face-down card does not move to another empty column (the same state).

A move is compared as (card, destination), the destination being the foundation, an empty column, or the
card on top of the destination column (no two columns share a top card). `POSITIONS` positions a draw in the
suite (every position of random walks), `SLOW_POSITIONS` with `pytest --slow`; or run this file:
`.venv/bin/python tests/test_klondike_solver_moves.py 100000`.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from klondike_core import rules
from klondike_core.fast import CODE, Board
from klondike_core.lines import draw_cards
from klondike_core.moves import FOUNDATION, Move
from klondike_core.position import Position
from klondike_core.solver import Solver
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes

POSITIONS = 5_000
"""Random positions checked per draw in the test suite (10,000 in all)."""
SLOW_POSITIONS = 100_000
"""Random positions checked per draw with `pytest --slow` (or this file run as a script)."""

Key = tuple[str, str]


def _step(position: Position, move: Move, draw: int) -> Position:
    """`position` after the legal `move`, a draw turning `draw` cards."""
    return draw_cards(position, draw) if move.kind == "draw" else rules.apply(position, move)


def random_walk(rng: random.Random, draw: int) -> Iterator[Position]:
    """The positions of a walk of up to 120 random legal moves from a random deal, its start included (draws
    weighted down so that the tableau moves too)."""
    position = Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(rng.randrange(10**9))))
    yield position
    for _ in range(rng.randrange(0, 120)):
        moves = rules.legal_moves(position)
        if not moves:
            break
        cards = [m for m in moves if m.kind == "move"]
        move = rng.choice(cards) if cards and rng.random() < 0.6 else rng.choice(moves)
        position = _step(position, move, draw)
        yield position


def _target(position: Position, target: object) -> str:
    if target == FOUNDATION:
        return "F"
    assert isinstance(target, int)
    column = position.tableau[target]
    if not column:
        return "E"
    top = column[-1]
    assert top is not None
    return top.code


def _merged(position: Position, move: Move) -> bool:
    """A lone king from one empty column to another: the solver keeps one state for both."""
    assert move.card is not None
    source = rules.locate(position, move.card)
    assert source is not None
    return (
        move.card.rank == rules.KING and source.where == "tableau" and source.depth == 0
        and not position.face_down[source.column] and _target(position, move.target) == "E"
    )


def rules_moves(position: Position, draw: int) -> set[Key]:
    """The rules' card moves in every position that draws and recycles alone reach from `position`: the
    tableau's and the foundations' moves (`rules.legal_moves`, the same in each of those positions), and in
    each of them the waste top's (`rules.destinations`, what `rules.legal_moves` lists for it)."""
    top = position.waste[-1] if position.waste else None
    found = {
        (move.card.code, _target(position, move.target))
        for move in rules.legal_moves(position)
        if move.kind == "move" and move.card is not None and move.card != top and not _merged(position, move)
    }
    waste = rules.Source("waste")
    seen: set[tuple[tuple[Card | None, ...], tuple[Card, ...]]] = set()
    current = position
    while (current.stock, current.waste) not in seen:
        seen.add((current.stock, current.waste))
        if current.waste:
            card = current.waste[-1]
            found.update((card.code, _target(current, t)) for t in rules.destinations(current, card, waste))
        if current.stock:
            current = draw_cards(current, draw)
        elif current.waste:
            current = rules.apply(current, rules.RECYCLE_MOVE)
        else:
            break
    return found


def solver_moves(position: Position, draw: int) -> set[Key]:
    """`Solver.moves` of `position`, reductions off, as (card, destination) pairs."""
    board = Board.of(position)
    solver = Solver(board, auto=False, delays=False, draw=draw)
    cols, found, mask, ptr = board.cols, board.found, board.mask, board.ptr
    out: set[Key] = set()
    for kind, a, b, c in solver.moves((cols, found, mask, ptr)):
        if kind == 0:
            card, dest = cols[a][-1], -1
        elif kind == 1:
            card, dest = board.seq[a], -1
        elif kind == 2:
            card, dest = cols[a][b], c
        elif kind == 3:
            card, dest = board.seq[a], b
        else:
            card, dest = a * 13 + found[a] - 1, b
        out.add((CODE[card], "F" if dest < 0 else _target(position, dest)))
    return out


def check(count: int, seed: int, draw: int) -> int:
    """Compare both sides on `count` random positions (every position of random walks); return how many
    were compared (all but won ones)."""
    rng = random.Random(seed)
    compared = seen = 0
    while seen < count:
        for position in random_walk(rng, draw):
            if seen >= count:
                break
            seen += 1
            if rules.is_won(position):
                continue
            ours, theirs = solver_moves(position, draw), rules_moves(position, draw)
            assert ours == theirs, (position, sorted(ours - theirs), sorted(theirs - ours))
            compared += 1
    return compared


@pytest.mark.parametrize("draw", [1, 3])
def test_the_solvers_moves_are_the_rules_moves(draw: int, slow: bool) -> None:
    count = SLOW_POSITIONS if slow else POSITIONS
    assert check(count, 20 + draw, draw) > count // 2


if __name__ == "__main__":
    total = int(sys.argv[1]) if len(sys.argv) > 1 else SLOW_POSITIONS
    for draw_count in (1, 3):
        done = check(total, 1000 + draw_count, draw_count)
        print(f"draw {draw_count}: {done} positions compared, all equal", flush=True)
