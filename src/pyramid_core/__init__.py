"""Solitaire Pyramid (seed 002): the rules engine, deal IDs, an exact solver and an honest hint.

Pure Python with no run-time dependency, so the same wheel runs in CPython and in Pyodide. The card type, the
deal shuffle, the errors' base, quoting, the save envelope, the session and the command-line frame are the
shared `solitaire_core`'s.
"""

from __future__ import annotations

from .deal import Deal, DealId
from .errors import (
    DealError,
    DealIdError,
    GameInProgressError,
    GameOverError,
    MoveError,
    PositionError,
    PyramidError,
    SaveError,
)
from .game import Game, Outcome, PlayerView
from .moves import DRAW, RECYCLE, UNDO, IllegalMove, Move, Reason, Rejection

__version__ = "0.1.0"

__all__ = [
    "DRAW",
    "RECYCLE",
    "UNDO",
    "Deal",
    "DealError",
    "DealId",
    "DealIdError",
    "Game",
    "GameInProgressError",
    "GameOverError",
    "IllegalMove",
    "Move",
    "MoveError",
    "Outcome",
    "PlayerView",
    "PositionError",
    "PyramidError",
    "Reason",
    "Rejection",
    "SaveError",
]
