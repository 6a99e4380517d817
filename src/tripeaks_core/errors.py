"""The exceptions of the engine: one class per kind of failure, all of them `ValueError`s.

Callers (the command line, the worker API) catch `TriPeaksError` and show its message; the class name
says what kind of input was wrong.
"""

from __future__ import annotations


class TriPeaksError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardError(TriPeaksError):
    """A card code that is not a rank `A23456789TJQK` followed by a suit `CDHS`."""


class DealError(TriPeaksError):
    """A deal in notation that is not 52 distinct card codes."""


class DealIdError(TriPeaksError):
    """A deal ID that does not follow the grammar of `tripeaks_core.dealid`."""


class PositionError(TriPeaksError):
    """A table position out of range, or naming a card that is already gone."""


class SaveError(TriPeaksError):
    """A saved game that cannot be restored: corrupted, tampered with, or of another version."""


class MoveError(TriPeaksError):
    """A move token in a move list that is neither a position, `draw` nor `undo`."""


class GameOverError(TriPeaksError):
    """An action that needs a game still in progress (giving up) asked of a game that is won or given up."""


class GameInProgressError(TriPeaksError):
    """An action for after the game (the solution) asked while the game is still being played and some card
    is still unknown: answering it would show the player cards they have not seen."""
