"""The exceptions of the Pyramid engine: one class per kind of failure, all of them `ValueError`s.

`PyramidError` derives from the shared base `solitaire_core.errors.SolitaireError`, which is what the command
line and the worker session catch (so they also catch the shared pieces' `CardError`, `SaveError` and
`RequestError`, the same classes here and in `solitaire_core`); the class name says what kind of input was
wrong. A refused move is not an exception but data (`moves.Rejection`); only `Game.pair` and friends raise
`IllegalMove` for it, for callers that prefer exceptions. `quote` is `solitaire_core.quoting.quote`.
"""

from __future__ import annotations

from solitaire_core.errors import CardError, RequestError, SaveError, SolitaireError
from solitaire_core.quoting import quote

__all__ = ["CardError", "DealError", "DealIdError", "GameInProgressError", "GameOverError", "MoveError",
           "PositionError", "PyramidError", "RequestError", "SaveError", "quote"]


class PyramidError(SolitaireError):
    """Base class of every error the Pyramid rules raise on bad input (a `SolitaireError`)."""


class DealError(PyramidError):
    """A deal in notation that is not 52 distinct upper-case card codes separated by single spaces."""


class DealIdError(PyramidError):
    """A deal ID that does not follow the grammar of `pyramid_core.deal.DealId`, or whose difficulty letter
    its deal does not have."""


class PositionError(PyramidError):
    """A place out of range, or naming a card that is not there (gone, or an empty stock or waste)."""


class MoveError(PyramidError):
    """A move text that is not in the move notation of `design.md`."""


class GameOverError(PyramidError):
    """An action that needs a game still in progress (giving up) asked of a game that is won or given up
    (the same name and meaning as TriPeaks', so the page handles both games' replies alike)."""


class GameInProgressError(PyramidError):
    """An action for after the game (the solution) asked while the game is still being played and some card
    is still unknown: answering it would show the player cards they have not seen."""
