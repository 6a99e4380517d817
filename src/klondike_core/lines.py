"""Replaying a solver's line move by move, under draw 1 or draw 3, to check that it is legal and wins.

The rules engine (`game.py`) is the authority on moves; this module is the solver side's own check, used by
the tests and the benchmarks so that every `win` the solver reports is replayed whatever the engine
supports. Card moves and `recycle` are the same under both draws (`replay.apply_move`); a draw under draw 3
(design.md) turns the next three stock cards, fewer when fewer are left, one by one onto the waste, so the
third is on top. Each move is checked against `replay.legal_moves` first (draw: the stock is not empty;
recycle: the stock is empty and the waste is not), so an illegal step is a `ValueError` naming it.
"""

from __future__ import annotations

from .fast import DRAW
from .position import Position
from .replay import apply_move, is_won, legal_moves

__all__ = ["draw_cards", "replay_line", "wins"]


def draw_cards(position: Position, draw: int) -> Position:
    """`position` after one draw under draw `draw` (1 or 3): the next `draw` stock cards (fewer when fewer
    are left) onto the waste, the last one turned on top."""
    if not position.stock:
        raise ValueError("draw: the stock is empty")
    turned = position.stock[:draw]
    if any(card is None for card in turned):
        raise ValueError("draw: an unknown stock card (replay a full position)")
    waste = (*position.waste, *(card for card in turned if card is not None))
    return Position(
        position.tableau, position.face_down, position.stock[draw:], waste, position.foundations,
        position.unseen,
    )


def replay_line(position: Position, line: tuple[str, ...] | list[str], draw: int = 1) -> Position:
    """The position after every move of `line` from `position`, each checked legal first (`ValueError`
    naming the first that is not)."""
    if draw not in (1, 3):
        raise ValueError(f"draw must be 1 or 3, not {draw!r}")
    for number, move in enumerate(line):
        if move not in legal_moves(position):
            raise ValueError(f"move {number} ({move}) is not legal here")
        position = draw_cards(position, draw) if move == DRAW else apply_move(position, move)
    return position


def wins(position: Position, line: tuple[str, ...] | list[str], draw: int = 1) -> bool:
    """True when `line` is legal from `position` under draw `draw` and ends with every card up."""
    try:
        return is_won(replay_line(position, line, draw))
    except ValueError:
        return False
