"""A fingerprint of what the solvers and hints answer, to prove that a refactoring changed no behaviour.

    PYTHONPATH=src python3 tools/behaviour_fingerprint.py --deals 200 --hint-deals 40 > before.txt
    ... change the code ...
    PYTHONPATH=src python3 tools/behaviour_fingerprint.py --deals 200 --hint-deals 40 > after.txt
    diff before.txt after.txt    # empty: the same verdicts, lines and hints

Every figure is deterministic: the solvers run with a node budget (never a time budget), the hints with
their own node-counted budgets (`budget_ms` becomes nodes at a fixed rate in both games), and the positions
where a hint is asked are reached by a seeded random walk that picks among the legal moves sorted by their
notation (so the walk does not depend on the order a move generator lists them in). One line per answer:
the game, the variant, the deal, then the verdict and the whole line, or the position's move count and the
hint.

- Klondike, draw one and draw three: `solver.solve` from each deal's start (every card known) with
  `--nodes` nodes; the hint (`hint.hint` on the player's view) at the walk's steps `STEPS`.
- Pyramid: `solver.solve` from each deal's start with `--nodes` nodes; the hint at the walk's steps.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from typing import Final, Protocol, TypeVar

STEPS: Final = (0, 6, 15, 30)
"""The random walk's steps at which the hint is asked (fewer when the walk ends sooner)."""
HINT_BUDGET_MS: Final = 150.0
"""The hint's budget, which both games turn into nodes at a fixed rate (deterministic)."""


class _Playable(Protocol):
    def legal_moves(self) -> Sequence[object]: ...

    def play(self, action: str) -> None: ...


GameT = TypeVar("GameT", bound=_Playable)


def _walk(game: GameT, seed: int) -> Iterator[tuple[int, GameT]]:
    """`game` (either game's `Game`) at each of `STEPS` of a random walk seeded with `seed`."""
    rng = random.Random(seed)
    for step in range(STEPS[-1] + 1):
        if step in STEPS:
            yield step, game
        moves = sorted(str(move) for move in game.legal_moves())
        if not moves:
            return
        game.play(moves[rng.randrange(len(moves))])


def klondike(deals: int, hint_deals: int, nodes: int, draw: int) -> Iterator[str]:
    """Klondike's lines: the solver's verdicts and lines, then the hints."""
    from klondike_core.deal import DealId  # noqa: PLC0415
    from klondike_core.game import Game  # noqa: PLC0415
    from klondike_core.hint import hint  # noqa: PLC0415
    from klondike_core.solver import solve  # noqa: PLC0415

    name = f"klondike-draw{draw}"
    for number in range(deals):
        start = DealId(number).deal().start(draw)
        result = solve(start, node_budget=nodes, draw=draw)
        yield f"{name} solve {number} {result.verdict.value} {result.nodes} {','.join(result.line)}"
    for number in range(hint_deals):
        game = Game.from_id(DealId(number, draw=draw) if draw == 3 else DealId(number))
        for step, at in _walk(game, number * 7 + draw):
            advice = hint(at.player_view(), HINT_BUDGET_MS)
            yield f"{name} hint {number}@{step} {advice.kind} {advice.move} {advice.proven} {advice.why}"


def pyramid(deals: int, hint_deals: int, nodes: int) -> Iterator[str]:
    """Pyramid's lines: the solver's verdicts and lines, then the hints."""
    from pyramid_core.deal import DealId  # noqa: PLC0415
    from pyramid_core.game import Game  # noqa: PLC0415
    from pyramid_core.hint import hint  # noqa: PLC0415
    from pyramid_core.solver import Position, solve  # noqa: PLC0415

    for number in range(deals):
        result = solve(Position.start(DealId(number).deal().ranks()), max_nodes=nodes)
        yield f"pyramid solve {number} {result.verdict.value} {result.nodes} {','.join(result.line)}"
    for number in range(hint_deals):
        for step, at in _walk(Game.from_id(number), number * 7):
            advice = hint(at.player_view(), max_nodes=nodes)
            yield f"pyramid hint {number}@{step} {advice.kind} {advice.move} {advice.proven} {advice.why}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=200, help="deals the solvers decide (from deal 0)")
    parser.add_argument("--hint-deals", type=int, default=40, help="deals whose walks the hints are asked on")
    parser.add_argument("--nodes", type=int, default=20_000, help="the solvers' node budget")
    parser.add_argument("--game", choices=("klondike1", "klondike3", "pyramid"), action="append",
                        help="only these games (repeatable; default all)")
    args = parser.parse_args()
    games = args.game or ["klondike1", "klondike3", "pyramid"]
    for game in games:
        lines = (pyramid(args.deals, args.hint_deals, args.nodes) if game == "pyramid"
                 else klondike(args.deals, args.hint_deals, args.nodes, int(game[-1])))
        for line in lines:
            print(line, flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
