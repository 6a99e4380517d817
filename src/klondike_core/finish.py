"""Auto-finish under either draw: the next move of the Finir auto button, only when following it wins.

With draw one, `progress.autofinish_move` is the whole story: once no card is face down and every stock card
is known, foundation moves, draws and recycles always win (`progress`'s docstring proves it). With draw
three that is no longer so: a draw turns three cards and only the top one plays, so the card a foundation
needs may sit where no draw ever brings it to the top while nothing else moves (the same groups of three come
round every pass). The button must never start what it cannot finish, so with draw three the same moves are
played out first on the position (every card is known, so this looks at nothing hidden), and the first is
offered only when they reach the win: a pass, recycle to recycle, with no card up ends the trial.
"""

from __future__ import annotations

from . import rules
from .moves import Move
from .position import Position
from .progress import autofinish_move


def finishing_move(view: Position) -> Move | None:
    """The next auto-finish move of the player's view, or `None` when auto-finish is not offered."""
    first = autofinish_move(view)
    if first is None or view.draw == 1:
        return first
    position = view
    move: Move | None = first
    idle = 0  # recycles since the last card went up
    while move is not None:
        if move.kind == "recycle":
            if idle:
                return None  # a whole pass sent no card up: the same pass would come round for ever
            idle = 1
        elif move.kind == "move":
            idle = 0
        position = rules.apply(position, move)
        if rules.is_won(position):
            return first
        move = autofinish_move(position)
    return None  # pragma: no cover - auto-finish goes on until the position is won


__all__ = ["finishing_move"]
