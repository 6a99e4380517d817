"""A Klondike position as the solver and the hint see it: the table, and which cards the player knows.

This is the one picture the rules engine (`game.py`) hands to the solver (`solver.py`) and the hint
(`hint.py`), so those never depend on how the game stores its history. It is immutable and hashable.

- `tableau`: seven columns, each from its deepest card to its top card. The first `face_down[c]` cards of
  column `c` are face down. A face-down card the player has never seen is `None`; one the player has seen
  before (turned, then covered again by an undo) is its card: undo never makes a card unknown.
- `stock`: the cards still to draw, the next one first; `None` for a stock card never drawn.
- `waste`: from its bottom to its top card (the one that plays). Every waste card is known.
- `foundations`: the top rank on each suit's foundation (0 empty, 13 complete), clubs, diamonds, hearts,
  spades (the suit order of `Card.suit`).
- `unseen`: the cards the player has not seen, exactly the ones the `None`s stand for.
- `draw`: how many cards a draw turns, 1 (the standard rules) or 3 (draw three). It is part of the position
  because the rules, the hint and the solver need it and are handed nothing else; everything else reads the
  same under both (in draw three the waste's covered cards are known: every waste card is).

`Position.full` is the position with every card shown (what the solver decides, "thoughtful" Klondike);
`Position.view` keeps only what the player knows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from solitaire_core.cards import DECK_SIZE, Card

COLUMNS: Final = 7
TABLEAU_SIZE: Final = 28  # 1 + 2 + ... + 7
STOCK_SIZE: Final = DECK_SIZE - TABLEAU_SIZE


def column_indexes(column: int) -> range:
    """The deal-notation indexes of column `column` (0-6), deepest card first, the face-up card last."""
    start = column * (column + 1) // 2
    return range(start, start + column + 1)


@dataclass(frozen=True, slots=True)
class Position:
    """See the module docstring."""

    tableau: tuple[tuple[Card | None, ...], ...]
    face_down: tuple[int, ...]
    stock: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    foundations: tuple[int, int, int, int]
    unseen: frozenset[Card] = frozenset()
    draw: int = 1

    @classmethod
    def dealt(
        cls, cards: tuple[Card, ...], *, known: frozenset[Card] | None = None, draw: int = 1
    ) -> Position:
        """The start of the deal whose notation order is `cards` (52 of them), drawing `draw` cards at a
        time. With `known`, every card not in it is hidden (`None`); without, every card is shown."""
        tableau = tuple(tuple(cards[i] for i in column_indexes(c)) for c in range(COLUMNS))
        full = cls(tableau, tuple(range(COLUMNS)), tuple(cards[TABLEAU_SIZE:]), (), (0, 0, 0, 0), draw=draw)
        return full if known is None else full.view(known)

    def view(self, known: frozenset[Card]) -> Position:
        """This position with every card outside `known` hidden (face-up and waste cards are always known)."""
        unseen: set[Card] = set()

        def hide(card: Card | None) -> Card | None:
            if card is None or card in known:
                return card
            unseen.add(card)
            return None

        tableau = tuple(
            tuple(hide(card) if i < down else card for i, card in enumerate(column))
            for column, down in zip(self.tableau, self.face_down, strict=True)
        )
        stock = tuple(hide(card) for card in self.stock)
        hidden = frozenset(unseen) | self.unseen
        return Position(tableau, self.face_down, stock, self.waste, self.foundations, hidden, self.draw)

    @property
    def all_known(self) -> bool:
        return not self.unseen

    def fill(self, hidden: tuple[Card, ...]) -> Position:
        """A full position: the `None`s filled, in reading order (columns deepest first, then the stock),
        with `hidden` (a permutation of `unseen`, e.g. one sampled world of the hint)."""
        if sorted(hidden) != sorted(self.unseen):
            raise ValueError("fill() needs exactly the unseen cards")
        supply = iter(hidden)
        tableau = tuple(
            tuple(next(supply) if card is None else card for card in column) for column in self.tableau
        )
        stock = tuple(next(supply) if card is None else card for card in self.stock)
        return Position(tableau, self.face_down, stock, self.waste, self.foundations, draw=self.draw)
