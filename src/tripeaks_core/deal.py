"""A deal: the 52 cards in the order of the deal notation of `design.md`.

Index 0-27 are the table positions (see `layout`), 28 the first waste card, 29-51 the stock with 29 drawn
first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import DECK_SIZE, Card
from .errors import CardError, DealError

FIRST_WASTE: Final = 28
STOCK_START: Final = 29
STOCK_SIZE: Final = DECK_SIZE - STOCK_START


@dataclass(frozen=True, slots=True)
class Deal:
    """52 distinct cards in notation order."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(self.cards) != DECK_SIZE:
            raise DealError(f"a deal has 52 cards, this one has {len(self.cards)}")
        seen: dict[Card, int] = {}
        for index, card in enumerate(self.cards):
            if card in seen:
                raise DealError(f"duplicate card {card.code} at index {seen[card]} and {index}")
            seen[card] = index

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read 52 card codes separated by single spaces (extra whitespace is tolerated)."""
        codes = text.split()
        if len(codes) != DECK_SIZE:
            raise DealError(f"a deal has 52 card codes, got {len(codes)}")
        cards = []
        for index, code in enumerate(codes):
            try:
                cards.append(Card.parse(code))
            except CardError as error:
                raise DealError(f"card {index}: {error}") from None
        return cls(tuple(cards))

    @classmethod
    def from_indexes(cls, indexes: list[int]) -> Deal:
        """The deal whose notation order holds the ordered-deck cards `indexes`."""
        return cls(tuple(Card.from_index(i) for i in indexes))

    def notation(self) -> str:
        """The 52 codes separated by single spaces."""
        return " ".join(card.code for card in self.cards)

    @property
    def table(self) -> tuple[Card, ...]:
        """The 28 table cards by position."""
        return self.cards[:FIRST_WASTE]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The 23 stock cards, the first drawn first."""
        return self.cards[STOCK_START:]

    def __str__(self) -> str:
        return self.notation()
