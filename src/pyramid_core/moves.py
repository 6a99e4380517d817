"""Moves, their notation, and refused moves as data.

Notation (`design.md`): a *place* is a pyramid index `0`-`27`, `S` (the stock top) or `W` (the waste top).
`a+b` removes the pair at places `a` and `b` (either order), a single place removes the king there, `draw`
turns the stock top onto the waste, `recycle` turns the waste back into the stock, and `undo` (only in
replayed move lists) takes back the last move. Parsing is strict: upper-case `S`/`W`, lower-case words, no
spaces, no abbreviations, no leading zeros. A pair prints with pyramid indexes first (lowest first), then
`S`, then `W`, so `Move.parse(str(m)) == m` and `W+12` reads as the same move as `12+W`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal

from solitaire_core import refusal
from solitaire_core.movelist import ReadBack, action_readers

from .errors import MoveError, PyramidError, quote
from .layout import PYRAMID_SIZE
from .messages import CATALOGUE

STOCK: Final = "S"
WASTE: Final = "W"
DRAW: Final = "draw"
RECYCLE: Final = "recycle"
UNDO: Final = "undo"

Place = int | Literal["S", "W"]
Kind = Literal["pair", "king", "draw", "recycle"]


def place_order(place: Place) -> int:
    """Sort key of a place: pyramid indexes, then the stock top, then the waste top."""
    if place == STOCK:
        return PYRAMID_SIZE
    if place == WASTE:
        return PYRAMID_SIZE + 1
    return place


_PLACES: Final[dict[str, Place]] = {STOCK: STOCK, WASTE: WASTE, **{str(i): i for i in range(PYRAMID_SIZE)}}
"""Every place exactly as written: no sign, leading zero, other case or non-ASCII digit."""


def parse_place(text: str) -> Place:
    """Read one place: `0`-`27` (no sign, no leading zero), `S` or `W`.

    A table look-up, not `int()`: a 5,000-digit place would make `int()` raise Python's `ValueError` on its
    digit limit (an internal error, not a refused move), and `int()` also takes full-width digits.
    """
    place = _PLACES.get(text)
    if place is None:
        raise MoveError(f"unknown place {quote(text, 12)}: expected 0-27, S or W")
    return place


@dataclass(frozen=True, slots=True, repr=False)
class Move(ReadBack):
    """One move. `places` holds the two places of a pair (in print order) or the one place of a king."""

    kind: Kind
    places: tuple[Place, ...] = ()

    def __post_init__(self) -> None:
        expected = {"pair": 2, "king": 1, "draw": 0, "recycle": 0}[self.kind]
        if len(self.places) != expected:
            raise MoveError(f"a {self.kind} move has {expected} place(s), not {len(self.places)}")
        if self.kind == "pair":
            first, second = self.places
            if first == second:
                raise MoveError(f"a pair needs two different places, not {first} twice")
            if place_order(first) > place_order(second):
                object.__setattr__(self, "places", (second, first))

    @classmethod
    def pair(cls, a: Place, b: Place) -> Move:
        """The pair at places `a` and `b` (either order)."""
        return cls("pair", (a, b))

    @classmethod
    def king(cls, place: Place) -> Move:
        """The king at `place`."""
        return cls("king", (place,))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in notation (`undo` is not a move: see `parse_action`)."""
        if text == DRAW:
            return DRAW_MOVE
        if text == RECYCLE:
            return RECYCLE_MOVE
        parts = text.split("+")
        try:
            if len(parts) == 1:
                return cls.king(parse_place(parts[0]))
            if len(parts) == 2:
                return cls.pair(parse_place(parts[0]), parse_place(parts[1]))
        except MoveError as error:
            raise MoveError(f"unknown move {quote(text, 20)}: {error}") from None
        raise MoveError(
            f"unknown move {quote(text, 20)}: expected a+b, a single place, 'draw' or 'recycle'"
        )

    def __str__(self) -> str:
        if self.kind in ("draw", "recycle"):
            return self.kind
        return "+".join(str(place) for place in self.places)


DRAW_MOVE: Final = Move("draw")
RECYCLE_MOVE: Final = Move("recycle")

Action = Move | Literal["undo"]


parse_action, parse_actions = action_readers(Move.parse, MoveError)
"""Read a replayed entry (`3+W`, `12`, `recycle`, `undo` …) or a comma-separated list of them, as every game
whose moves are objects does (`solitaire_core.movelist.action_readers`)."""


class Reason(StrEnum):
    """Why a move was refused. The value is the reason code the page and the API use."""

    NOT_THIRTEEN = "not_thirteen"
    COVERED = "covered"
    NOT_KING = "not_king"
    STOCK_EMPTY = "stock_empty"
    STOCK_NOT_EMPTY = "stock_not_empty"
    NO_RECYCLE_LEFT = "no_recycle_left"
    WASTE_EMPTY = "waste_empty"
    GAME_OVER = "game_over"


class Rejection(refusal.Rejection[Reason, Place]):
    """A refused move: the reason, and the place it is about (`None` for draw, recycle and a sum)."""

    __slots__ = ()
    catalogue = CATALOGUE


class IllegalMove(PyramidError, refusal.IllegalMove):
    """Raised by `Game.play` when the rules refuse the move; the game is unchanged."""
