"""Moves and refused moves as data.

A move is a table position 0-27 (take that card) or the string `draw`; move lists may also hold `undo`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal

from solitaire_core import refusal
from solitaire_core.movelist import parse_move_list
from solitaire_core.quoting import quote

from .errors import MoveError, TriPeaksError
from .layout import TABLE_SIZE
from .messages import CATALOGUE

DRAW: Final = "draw"
UNDO: Final = "undo"

Move = int | Literal["draw"]
Action = int | Literal["draw", "undo"]


class Reason(StrEnum):
    """Why an action was refused. The value is the reason code the page and the API use."""

    NOT_ADJACENT = "not_adjacent"
    COVERED = "covered"
    FACE_DOWN = "face_down"
    STOCK_EMPTY = "stock_empty"
    GAME_OVER = "game_over"
    """The game is won or given up (or its solution was shown): no take or draw, and after giving up or
    seeing the solution no undo either."""


class Rejection(refusal.Rejection[Reason, int]):
    """A refused action: the reason, and the position for a take (`None` for a draw)."""

    __slots__ = ()
    catalogue = CATALOGUE

    @property
    def position(self) -> int | None:
        """The table position of a refused take (`at` by this game's name), `None` for a draw."""
        return self.at


class IllegalMove(refusal.IllegalMove):
    """Raised by `Game.take` and `Game.draw` when the rules refuse the action; the game is unchanged. Its
    message names the position rather than the move (TriPeaks' move is a position)."""

    def __init__(self, rejection: Rejection, move: Action) -> None:
        where = "" if rejection.position is None else f" (position {rejection.position})"
        TriPeaksError.__init__(self, f"move refused{where}: {rejection.message('en')}")
        self.move = move
        self.rejection = rejection


_ACTIONS: Final[dict[str, Action]] = {DRAW: DRAW, UNDO: UNDO, **{str(p): p for p in range(TABLE_SIZE)}}
"""Every token of the move notation, exactly as written: no other case, sign, leading zero or digit."""
_SPACE: Final = " \t\r\n"


def parse_action(token: str) -> Action:
    """Read one token of a move list: exactly `0`-`27` (ASCII digits), `draw` or `undo`.

    Spaces around the token are allowed. Nothing is converted with `int`, so a full-width or Arabic digit,
    a sign or a 5,000-digit number is refused like any other unknown token.
    """
    action = _ACTIONS.get(token.strip(_SPACE))
    if action is None:
        raise MoveError(f"unknown move {quote(token)}: expected a position 0-27, 'draw' or 'undo'")
    return action


def parse_actions(text: str) -> list[Action]:
    """Read a comma-separated move list such as `18,draw,19,undo`; the empty text is no move, an empty item
    (`18,,draw`, a comma at either end) is a `MoveError` (`solitaire_core.movelist`)."""
    return parse_move_list(text, parse_action, MoveError)
