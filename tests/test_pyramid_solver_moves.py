"""The solver's moves are the rules' moves (issue 19): at every position of random walks of legal play from
random deals, the moves the solver's encoding reads (`Solver.moves`: its own bit masks, `_talon` and
`_pairs`, before any pruning) are exactly the game's `legal_moves` (`rules.legal_moves`), compared in
notation: the one conversion is the solver's `Position.of_game`, which packs the game's position.

`POSITIONS` positions in the suite, `SLOW_POSITIONS` with `pytest --slow`; or run this file:
`.venv/bin/python tests/test_pyramid_solver_moves.py 100000`.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pyramid_core.game import Game
from pyramid_core.solver import Position, Solver

POSITIONS = 10_000
"""Random positions checked in the test suite."""
SLOW_POSITIONS = 100_000
"""Random positions checked with `pytest --slow` (or this file run as a script)."""


def random_walk(rng: random.Random) -> Iterator[Game]:
    """A game of a random deal at each position of a walk of random legal moves until none is left or the
    pyramid is gone (draws weighted down so that the pyramid moves too)."""
    game = Game.from_id(rng.randrange(10**9))
    yield game
    while not game.over:
        moves = game.legal_moves()
        if not moves:
            return
        cards = [m for m in moves if m.kind in ("pair", "king")]
        game.play(rng.choice(cards) if cards and rng.random() < 0.6 else rng.choice(moves))
        yield game


def solver_moves(game: Game) -> set[str]:
    """The solver's moves of `game`'s position, in notation."""
    position = Position.of_game(game)
    solver = Solver(position)
    return set(solver.moves(position.remaining, 0, position.waste_count, position.pass_number))


def check(count: int, seed: int) -> int:
    """Compare both sides on `count` random positions; return how many were compared (all but won ones)."""
    rng = random.Random(seed)
    compared = seen = 0
    while seen < count:
        for game in random_walk(rng):
            if seen >= count:
                break
            seen += 1
            if game.won:
                continue
            ours, theirs = solver_moves(game), {str(move) for move in game.legal_moves()}
            assert ours == theirs, (game.deal, game.actions, sorted(ours - theirs), sorted(theirs - ours))
            compared += 1
    return compared


def test_the_solvers_moves_are_the_rules_moves(slow: bool) -> None:
    count = SLOW_POSITIONS if slow else POSITIONS
    assert check(count, 19) > count // 2


if __name__ == "__main__":
    total = int(sys.argv[1]) if len(sys.argv) > 1 else SLOW_POSITIONS
    print(f"{check(total, 1019)} positions compared, all equal", flush=True)
