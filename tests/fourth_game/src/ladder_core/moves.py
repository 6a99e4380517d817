"""Ladder's moves, their notation, and refused moves as data.

Notation: a place letter `a`-`d` takes the row card there; `draw` turns the next stock card onto the waste;
`undo` (in a log or a request) takes back the last move. Strict: lower case, nothing around it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from solitaire_core.protocol import rejection
from solitaire_core.quoting import quote

from .deal import ROW
from .errors import MoveError

PLACES: Final = "abcd"
DRAW: Final = "draw"
UNDO: Final = "undo"


@dataclass(frozen=True, slots=True)
class Move:
    """A take of the row card at `place` (0-3), or a draw (`place` None)."""

    place: int | None

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move of `text`; anything else (`undo` included: it is not a move) is a `MoveError`."""
        if text == DRAW:
            return cls(None)
        if isinstance(text, str) and len(text) == 1 and text in PLACES:
            return cls(PLACES.index(text))
        raise MoveError(f"unknown move {quote(text)}: expected a place {', '.join(PLACES)} or {DRAW!r}")

    def __str__(self) -> str:
        return DRAW if self.place is None else PLACES[self.place]


def place_name(place: int) -> str:
    """A row place in notation (0 is `a`)."""
    return PLACES[place] if 0 <= place < ROW else str(place)


@dataclass(frozen=True, slots=True)
class Rejection:
    """A refused move: its reason code (the page's catalogue words it) and the place it was refused at."""

    reason: str
    at: str | None = None

    def as_json(self) -> dict[str, object]:
        """The protocol's one shape, `{reason, at}`."""
        return rejection(self.reason, self.at)

    def __str__(self) -> str:
        return self.reason if self.at is None else f"{self.reason} at {self.at}"
