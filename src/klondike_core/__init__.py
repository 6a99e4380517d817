"""Klondike (seed 003): draw 1 or draw 3 (a game option), unlimited passes; deals proven winnable by level.
The contracts are in /work/shared/design.md, "Klondike".

Pure Python with no run-time dependency, so the same wheel runs in CPython and in Pyodide. The card type, the
deal shuffle, the errors' base, quoting, the save envelope, the session and the command-line frame are the
shared `solitaire_core`'s. The rules engine's modules are listed in docs/KLONDIKE.md.
"""

from __future__ import annotations

from .deal import Deal, DealId
from .errors import (
    DealError,
    DealIdError,
    GameInProgressError,
    GameOverError,
    KlondikeError,
    MoveError,
    PositionError,
    SaveError,
)
from .game import Game, Outcome
from .moves import DRAW, RECYCLE, UNDO, IllegalMove, Move, Reason, Rejection
from .position import Position
from .progress import Progress

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
    "KlondikeError",
    "Move",
    "MoveError",
    "Outcome",
    "Position",
    "PositionError",
    "Progress",
    "Reason",
    "Rejection",
    "SaveError",
]
