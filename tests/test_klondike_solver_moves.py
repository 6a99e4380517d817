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
suite; a larger run: `.venv/bin/python tests/test_klondike_solver_moves.py 100000`.
"""

from __future__ import annotations

import random
import sys
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

POSITIONS = 150
"""Random positions checked per draw in the test suite."""

Key = tuple[str, str]


def _step(position: Position, move: Move, draw: int) -> Position:
    """`position` after the legal `move`, a draw turning `draw` cards."""
    return draw_cards(position, draw) if move.kind == "draw" else rules.apply(position, move)


def random_position(rng: random.Random, draw: int) -> Position:
    """A position a few dozen random legal moves into a random deal (draws weighted down so that the
    tableau moves too)."""
    position = Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(rng.randrange(10**9))))
    for _ in range(rng.randrange(0, 120)):
        moves = rules.legal_moves(position)
        if not moves:
            break
        cards = [m for m in moves if m.kind == "move"]
        move = rng.choice(cards) if cards and rng.random() < 0.6 else rng.choice(moves)
        position = _step(position, move, draw)
    return position


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


def rules_moves(position: Position, draw: int) -> set[Key]:
    """The rules' card moves in every position that draws and recycles alone reach from `position`."""
    found: set[Key] = set()
    seen: set[tuple[tuple[Card | None, ...], tuple[Card, ...]]] = set()
    current = position
    while (current.stock, current.waste) not in seen:
        seen.add((current.stock, current.waste))
        for move in rules.legal_moves(current):
            if move.kind != "move":
                continue
            assert move.card is not None
            source = rules.locate(current, move.card)
            assert source is not None
            if (
                move.card.rank == rules.KING and source.where == "tableau" and source.depth == 0
                and not current.face_down[source.column] and _target(current, move.target) == "E"
            ):
                continue  # a lone king from one empty column to another: the same state
            found.add((move.card.code, _target(current, move.target)))
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
    """Compare both sides on `count` random positions; return how many had a choice to compare."""
    rng = random.Random(seed)
    compared = 0
    for _ in range(count):
        position = random_position(rng, draw)
        if rules.is_won(position):
            continue
        ours, theirs = solver_moves(position, draw), rules_moves(position, draw)
        assert ours == theirs, (position, sorted(ours - theirs), sorted(theirs - ours))
        compared += 1
    return compared


@pytest.mark.parametrize("draw", [1, 3])
def test_the_solvers_moves_are_the_rules_moves(draw: int) -> None:
    assert check(POSITIONS, 20 + draw, draw) > POSITIONS // 2


if __name__ == "__main__":
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    for draw_count in (1, 3):
        done = check(total, 1000 + draw_count, draw_count)
        print(f"draw {draw_count}: {done} positions compared, all equal", flush=True)
