"""Sampled worlds for the hint: full positions consistent with what the player knows.

A *world* puts the cards the player has not seen (`Position.unseen`) into the places they stand for (the
`None`s: face-down cards never turned, stock cards never drawn), in a random order. The random generator is
seeded with a hash of the view's own text, and the unseen cards enter only as a sorted list, so the same
view always gets the same worlds, and two deals that differ only in unseen cards get the same worlds.
"""

from __future__ import annotations

from solitaire_core.cards import Card
from solitaire_core.worlds import seeded_floats, shuffled, text_seed

from .position import Position


def view_text(view: Position) -> str:
    """A canonical text of the view: every place, `??` for an unseen card."""

    def codes(cards: tuple[Card | None, ...]) -> str:
        return " ".join("??" if card is None else card.code for card in cards)

    pairs = zip(view.tableau, view.face_down, strict=True)
    columns = "/".join(f"{down}:{codes(column)}" for column, down in pairs)
    found = ",".join(str(top) for top in view.foundations)
    return f"{columns}|{codes(view.stock)}|{codes(view.waste)}|{found}"


def view_seed(view: Position) -> int:
    """A 64-bit seed from the view's canonical text."""
    return text_seed(view_text(view))


class Worlds:
    """Random full positions consistent with `view`, drawn deterministically from the view itself."""

    def __init__(self, view: Position) -> None:
        self.view = view
        self.unseen = sorted(view.unseen)
        self._random = seeded_floats(view_seed(view))

    def draw(self) -> Position:
        """One world."""
        order = shuffled(self.unseen, self._random)
        return self.view.fill(tuple(order))


__all__ = ["Worlds", "view_seed", "view_text"]
