"""The solver's answer under either draw, never wrong about the draw it is asked about: the one place where
the rest of the engine (the command line, the worker's `solution`, the levels, the hint's exact branch) asks
the solver about a position.

The position carries its draw count (`Position.draw`) and the solver is handed the position: that is how the
draw count passes through, here and nowhere else. Whatever the solver says, a `win` stands only when its line
replays to a win under the position's own rules (`lines.wins`, through the rules, draw three included), so a
solver that read a draw-three position as draw one could never make a wrong `win`: its line would fail to
replay and the answer would be `unknown`. A `lost` stands for
both draws, because every draw-three line is also a draw-one line (a draw of three is three draws of one, a
recycle is a recycle): a position lost under draw one is lost under draw three.
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire_core.verdict import Verdict

from .lines import wins
from .position import Position
from .solver import SolveResult, solve


def replays_to_win(position: Position, line: Sequence[str]) -> bool:
    """True when every move of `line` is legal in turn from `position` (under its draw) and the last wins."""
    return wins(position, line, position.draw)


def solve_position(
    position: Position, budget_ms: float | None = None, node_budget: int | None = None, *, late: bool = True
) -> SolveResult:
    """Decide the full `position` under its draw: `win` with a line that replays to a win under that draw,
    `lost` only when proven, else `unknown` (a budget ran out, or the solver's line does not replay).
    `late` off keeps the solver's searches as they were before its late phase (`solver.LATE`): the levels'
    proofs, dealt and verified on a node budget, must never change."""
    result = solve(position, budget_ms=budget_ms, node_budget=node_budget, draw=position.draw, late=late)
    if result.verdict is Verdict.WIN and not replays_to_win(position, result.line):
        return SolveResult(Verdict.UNKNOWN, (), result.nodes, result.ms)
    return result


__all__ = ["replays_to_win", "solve_position"]
