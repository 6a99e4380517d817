"""A comma-separated move list (`--moves 18,draw,undo`), split the same way in every game.

The empty text is no move. An empty item (`18,,draw`, or a comma at either end) is refused: it is a typo
(a move left out, or a stray comma) that would otherwise be read as nothing and silently change the position
the hint is about.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .errors import SolitaireError

A = TypeVar("A")
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
