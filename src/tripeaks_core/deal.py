"""A deal: the 52 cards in the order of the deal notation of `design.md`.

Index 0-27 are the table positions (see `layout`), 28 the first waste card, 29-51 the stock with 29 drawn
first. The 52 distinct cards, their codes and the notation are the shared `solitaire_core.deal.DealCards`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from solitaire_core.cards import DECK_SIZE, Card
from solitaire_core.deal import DealCards

from .errors import DealError, DealIdError

FIRST_WASTE: Final = 28
STOCK_START: Final = 29
STOCK_SIZE: Final = DECK_SIZE - STOCK_START


@dataclass(frozen=True, slots=True)
class Deal(DealCards):
    """52 distinct cards in notation order."""

    error = DealError
    number_error = DealIdError

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read 52 card codes separated by single spaces (extra whitespace is tolerated)."""
        codes = text.split()
        if len(codes) != DECK_SIZE:
            raise DealError(f"a deal has 52 card codes, got {len(codes)}")
        return cls.from_codes(codes)

    @property
    def table(self) -> tuple[Card, ...]:
        """The 28 table cards by position."""
        return self.cards[:FIRST_WASTE]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The 23 stock cards, the first drawn first."""
        return self.cards[STOCK_START:]
