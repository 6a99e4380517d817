"""A comma-separated move list (`--moves 18,draw,undo`), split the same way in every game, and the reading
of one replayed action (a move, or `undo`) for games whose moves are objects (`ActionReader`,
`action_readers`), whose `repr` reads the move back (`ReadBack`).

The empty text is no move. An empty item (`18,,draw`, or a comma at either end) is refused: it is a typo
(a move left out, or a stray comma) that would otherwise be read as nothing and silently change the position
the hint is about.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Generic, Literal, TypeVar

from .errors import SolitaireError

A = TypeVar("A")
M = TypeVar("M")
UNDO: Final = "undo"
_BLANK = " \t\r\n"


def parse_move_list(text: str, parse_action: Callable[[str], A], error: type[SolitaireError]) -> list[A]:
    """Each comma-separated item of `text` read by `parse_action`; an empty (or blank) item is `error`
    naming its place in the list, from 1."""
    if text == "":
        return []
    items = text.split(",")
    for index, item in enumerate(items):
        if not item.strip(_BLANK):
            raise error(f"move {index + 1} of {len(items)} is empty (a comma with no move on one side)")
    return [parse_action(item) for item in items]


class ActionReader(Generic[M]):
    """Reads the entries of a replayed move list: a move in the game's notation (`parse_move`, which raises
    the game's `error` on bad text), or `undo`, which is no move but takes the last one back."""

    def __init__(self, parse_move: Callable[[str], M], error: type[SolitaireError]) -> None:
        self._parse_move = parse_move
        self._error = error

    def action(self, text: str) -> M | Literal["undo"]:
        """One entry of a replayed move list: a move, or `undo`."""
        return UNDO if text == UNDO else self._parse_move(text)

    def actions(self, text: str) -> list[M | Literal["undo"]]:
        """A comma-separated move list such as `draw,7H>T2,undo`; the empty text is no move, an empty item
        (`18,,draw`, a comma at either end) is the game's error (`parse_move_list`)."""
        return parse_move_list(text, self.action, self._error)


def action_readers(
    parse_move: Callable[[str], M], error: type[SolitaireError]
) -> tuple[Callable[[str], M | Literal["undo"]], Callable[[str], list[M | Literal["undo"]]]]:
    """A game's `parse_action` and `parse_actions`: one `ActionReader`'s two readings, so every game whose
    moves are objects reads its replayed lists the same way."""
    reader = ActionReader(parse_move, error)
    return reader.action, reader.actions


class ReadBack:
    """A move whose `repr` is the call that reads it back (`Move.parse('QH>T3')`), for a game whose moves
    print as their notation and whose move class reads it with `parse`. A dataclass that mixes it in says
    `repr=False`, so that this `repr` is the one it keeps."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"
