"""Ladder's errors: one class per kind of failure, all `SolitaireError`s (so all `ValueError`s), which the
worker session turns into typed error replies."""

from __future__ import annotations

from solitaire_core.errors import SolitaireError


class LadderError(SolitaireError):
    """Base class of every error Ladder raises on bad input."""


class DealError(LadderError):
    """A deal in notation that is not eight distinct card codes separated by single spaces."""


class DealIdError(LadderError):
    """A deal ID outside the shared grammar, or with a level letter (Ladder has no levels)."""


class MoveError(LadderError):
    """A text that is not a move in Ladder's notation."""


class IllegalMove(LadderError):
    """A move the rules refuse, played where a refusal must be an error (a save's log)."""

    def __init__(self, move: object, rejection: object) -> None:
        super().__init__(f"move {move} is refused: {rejection}")


class PositionError(LadderError):
    """An undo with nothing to take back, where that must be an error (a save's log)."""


class GameOverError(LadderError):
    """Giving up a game that is won or given up already."""


class GameInProgressError(LadderError):
    """The solution asked while some card is unknown and the game is still being played."""
