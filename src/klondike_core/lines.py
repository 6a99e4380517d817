"""Replaying a solver's line move by move, under draw 1 or draw 3, to check that it is legal and wins.

The solver speaks notation from a full position; this replays it through the rules (`rules.play`, the one
move generator and applier of the game), so every `win` the solver reports is checked by the rules whatever
the solver's own encoding does. The draw comes from the caller (the solver is told it too), not from the
position: a draw turns the next `draw` stock cards, fewer when fewer are left, one by one onto the waste, so
the last is on top (design.md). An illegal step is a `ValueError` naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from . import rules
from .moves import DRAW_MOVE
from .position import Position

__all__ = ["draw_cards", "replay_line", "wins"]


def _with_draw(position: Position, draw: int) -> Position:
    if draw not in (1, 3):
        raise ValueError(f"draw must be 1 or 3, not {draw!r}")
    return position if position.draw == draw else replace(position, draw=draw)


def draw_cards(position: Position, draw: int) -> Position:
    """`position` after one draw under draw `draw` (1 or 3): the next `draw` stock cards (fewer when fewer
    are left) onto the waste, the last one turned on top."""
    if not position.stock:
        raise ValueError("draw: the stock is empty")
    if None in position.stock[:draw]:
        raise ValueError("draw: an unknown stock card (replay a full position)")
    return rules.apply(_with_draw(position, draw), DRAW_MOVE)


def replay_line(position: Position, line: Sequence[str], draw: int = 1) -> Position:
    """The position after every move of `line` from `position`, each checked legal first (`ValueError`
    naming the first that is not)."""
    position = _with_draw(position, draw)
    for number, move in enumerate(line):
        try:
            position = rules.play(position, move)
        except ValueError as error:
            raise ValueError(f"move {number} ({move}) is not legal here: {error}") from error
    return position


def wins(position: Position, line: Sequence[str], draw: int = 1) -> bool:
    """True when `line` is legal from `position` under draw `draw` and ends with every card up."""
    try:
        return rules.is_won(replay_line(position, line, draw))
    except ValueError:
        return False
