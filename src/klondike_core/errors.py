"""The exceptions of the Klondike engine: one class per kind of failure, all of them `ValueError`s.

`KlondikeError` derives from the shared base `solitaire_core.errors.SolitaireError`, which is what the command
line and the worker session catch (so they also catch the shared `CardError`, `SaveError` and `RequestError`,
the same classes here and in `solitaire_core`). A refused move is not an exception but data
(`moves.Rejection`); only `Game.play` raises `IllegalMove` for it, for callers that prefer exceptions. The
names and meanings are Pyramid's and TriPeaks', so the page handles every game's replies alike.
"""

from __future__ import annotations

from solitaire_core.errors import CardError, RequestError, SaveError, SolitaireError
from solitaire_core.quoting import quote

__all__ = ["CardError", "DealError", "DealIdError", "GameInProgressError", "GameOverError", "KlondikeError",
           "MoveError", "PositionError", "RequestError", "SaveError", "quote"]


class KlondikeError(SolitaireError):
    """Base class of every error the Klondike rules raise on bad input (a `SolitaireError`)."""


class DealError(KlondikeError):
    """A deal in notation that is not 52 distinct upper-case card codes separated by single spaces."""


class DealIdError(KlondikeError):
    """A deal ID that does not follow the grammar of `klondike_core.deal.DealId`."""


class PositionError(KlondikeError):
    """An action that names nothing to act on (an undo with no move to take back)."""


class MoveError(KlondikeError):
    """A move text that is not in the move notation of `design.md` (`XY>T3`, `XY>F`, `draw`, `recycle`)."""


class GameOverError(KlondikeError):
    """An action that needs a game still in progress (giving up) asked of a game that is won or given up."""


class GameInProgressError(KlondikeError):
    """An action for after the game (the solution) asked while the game is still being played and some card
    is still unknown: answering it would show the player cards they have not seen."""
