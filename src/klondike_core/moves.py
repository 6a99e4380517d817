"""Moves, their notation, and refused moves as data.

Notation (`design.md`): `XY>T0` … `XY>T6` moves card `XY` (with every card on it) onto that column, `XY>F`
moves card `XY` to its foundation, `draw` turns the stock's next card onto the waste, `recycle` turns the
waste back into the stock, and `undo` (only in replayed move lists) takes back the last move. The card code
says where the move starts (the waste top, a face-up tableau card, or a foundation's top card). Parsing is
strict ASCII: an upper-case card code, `>`, then `T` and one digit 0-6 or `F`; lower-case words; no spaces,
no other characters. `Move.parse(str(move)) == move` for every move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal

from solitaire_core import refusal
from solitaire_core.cards import Card
from solitaire_core.movelist import ReadBack, action_readers

from .errors import KlondikeError, MoveError, quote
from .messages import CATALOGUE

DRAW: Final = "draw"
RECYCLE: Final = "recycle"
UNDO: Final = "undo"
FOUNDATION: Final = "F"

Target = int | Literal["F"]
"""Where a card goes: a column 0-6, or `"F"` its foundation."""
Kind = Literal["move", "draw", "recycle"]

_MOVE: Final = re.compile(r"([A23456789TJQK][CDHS])>(?:T([0-6])|(F))")


def target_text(target: Target) -> str:
    """A destination as the notation and the snapshot write it: `"T0"` … `"T6"` or `"F"`."""
    return FOUNDATION if target == FOUNDATION else f"T{target}"


@dataclass(frozen=True, slots=True, repr=False)
class Move(ReadBack):
    """One move: a card onto a target (`kind` `move`), or `draw`, or `recycle` (no card, no target)."""

    kind: Kind
    card: Card | None = None
    target: Target | None = None

    def __post_init__(self) -> None:
        if self.kind == "move":
            if not isinstance(self.card, Card):
                raise MoveError("a card move needs a card")
            if self.target != FOUNDATION and (
                isinstance(self.target, bool) or not isinstance(self.target, int) or not 0 <= self.target <= 6
            ):
                raise MoveError(f"a card goes to a column 0-6 or 'F', not {self.target!r}")
        elif self.card is not None or self.target is not None:
            raise MoveError(f"a {self.kind} names no card and no target")

    @classmethod
    def to(cls, card: Card | str, target: Target) -> Move:
        """Card `card` (a `Card` or its code) onto `target`."""
        return cls("move", Card.parse(card) if isinstance(card, str) else card, target)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in notation (`undo` is not a move: see `parse_action`)."""
        if text == DRAW:
            return DRAW_MOVE
        if text == RECYCLE:
            return RECYCLE_MOVE
        match = _MOVE.fullmatch(text) if isinstance(text, str) and text.isascii() else None
        if match is None:
            raise MoveError(
                f"unknown move {quote(text, 20)}: expected a card code then >T0 … >T6 or >F "
                "(such as 'QH>T3', 'AS>F'), 'draw' or 'recycle'"
            )
        card = Card.parse(match.group(1))
        return cls("move", card, FOUNDATION if match.group(3) else int(match.group(2)))

    def __str__(self) -> str:
        if self.kind != "move":
            return self.kind
        assert self.card is not None and self.target is not None
        return f"{self.card.code}>{target_text(self.target)}"


DRAW_MOVE: Final = Move("draw")
RECYCLE_MOVE: Final = Move("recycle")

Action = Move | Literal["undo"]


parse_action, parse_actions = action_readers(Move.parse, MoveError)
"""One entry of a replayed move list (`QH>T3`, `draw`, `undo` …), and a comma-separated list of them
(`solitaire_core.movelist.action_readers`)."""


class Reason(StrEnum):
    """Why a move was refused. The value is the reason code the page and the API use."""

    NOT_ONE_LOWER = "not_one_lower"
    SAME_COLOUR = "same_colour"
    ONLY_KING = "only_king"
    SAME_COLUMN = "same_column"
    FACE_DOWN = "face_down"
    NOT_FREE = "not_free"
    NOT_TOP = "not_top"
    FOUNDATION_ORDER = "foundation_order"
    ON_FOUNDATION = "on_foundation"
    STOCK_EMPTY = "stock_empty"
    NOTHING_TO_DRAW = "nothing_to_draw"
    STOCK_NOT_EMPTY = "stock_not_empty"
    NOTHING_TO_RECYCLE = "nothing_to_recycle"
    GAME_OVER = "game_over"


class Rejection(refusal.Rejection[Reason, str]):
    """A refused move: the reason, and the destination it is about (`"T3"`, `"F"`) when the refusal is
    about where the card was to go (`None` for draw, recycle and a card that cannot move at all)."""

    __slots__ = ()
    catalogue = CATALOGUE


class IllegalMove(KlondikeError, refusal.IllegalMove):
    """Raised by `Game.play` when the rules refuse the move; the game is unchanged."""
