"""Solitaire TriPeaks: the rules engine, deal IDs, an exact solver and an honest hint.

Pure Python with no run-time dependency, so the same wheel runs in CPython and in Pyodide.
"""

from __future__ import annotations

from solitaire_core.cards import Card

from .deal import Deal
from .dealid import DealId
from .errors import (
    CardError,
    DealError,
    DealIdError,
    GameInProgressError,
    GameOverError,
    MoveError,
    PositionError,
    SaveError,
    TriPeaksError,
)
from .game import Game, Outcome, PlayerView
from .moves import DRAW, UNDO, IllegalMove, Reason, Rejection
from .rules import STANDARD, Rules

__version__ = "0.1.0"

__all__ = [
    "DRAW",
    "STANDARD",
    "UNDO",
    "Card",
    "CardError",
    "Deal",
    "DealError",
    "DealId",
    "DealIdError",
    "Game",
    "GameInProgressError",
    "GameOverError",
    "IllegalMove",
    "MoveError",
    "Outcome",
    "PlayerView",
    "PositionError",
    "Reason",
    "Rejection",
    "Rules",
    "SaveError",
    "TriPeaksError",
]
