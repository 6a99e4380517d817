"""A Klondike deal: 52 cards in the order of the deal notation of `design.md`, and deal IDs.

Index 0-27 is the tableau, column by column from left to right, each column from its deepest card to the card
dealt face up on top of it: column `c` (0-6) holds indexes `c*(c+1)/2` to `c*(c+1)/2 + c`
(`position.column_indexes`). Index 28-51 is the stock, 28 the first card drawn. The notation is strict: 52
upper-case ASCII codes (rank `A23456789TJQK` then suit `CDHS`) separated by single spaces, all distinct.

Cards are `solitaire_core.cards.Card`; the 52 distinct cards and the notation are
`solitaire_core.deal.DealCards`; deal number N is `solitaire_core.shuffle.shuffled_indexes(N)` read straight
into this notation order, as for Pyramid.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Final

from solitaire_core.deal import DealCards
from solitaire_core.shuffle import shuffled_indexes

from .errors import DealError, DealIdError, quote
from .position import Position

MAX_NUMBER: Final = 999_999_999_999
RANDOM_LIMIT: Final = 1_000_000_000
"""Random deals are numbered below this (nine digits at most)."""
_PATTERN: Final = re.compile(r"(?:([A-Za-z]{1,4})-?)?([0-9]{1,12})")  # ASCII classes, not \d or \w


@dataclass(frozen=True, slots=True)
class Deal(DealCards):
    """52 distinct cards in notation order."""

    error = DealError

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read 52 codes separated by single spaces (whitespace around the whole text is ignored;
        `DealCards.from_spaced`)."""
        return cls.from_spaced(text)

    @classmethod
    def from_number(cls, number: int) -> Deal:
        """Deal number `number`: the shared shuffle of the ordered deck, read into notation order."""
        if isinstance(number, bool) or not 0 <= number <= MAX_NUMBER:
            raise DealIdError(f"deal number {number} is not in 0-{MAX_NUMBER}")
        return cls.from_indexes(shuffled_indexes(number))

    def start(self) -> Position:
        """The position at the deal's start, every card shown (`Position.dealt`)."""
        return Position.dealt(self.cards)


@dataclass(frozen=True, slots=True)
class DealId:
    """A deal ID: a deal number `N` (0 to 999,999,999,999), naming the deal `Deal.from_number(N)`.

    The grammar is Pyramid's and TriPeaks' (optional letters, an optional dash, then the number), so that a
    level letter can come later without changing an ID shared today::

        1234        deal 1234

    Klondike has no levels yet: any letter (`E-1234`, `X-1234`) is a `DealIdError` today, so no ID shared
    today changes meaning when letters get one. Whitespace around the ID is allowed; only ASCII digits count.
    """

    number: int

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or not (
            0 <= self.number <= MAX_NUMBER
        ):
            raise DealIdError(f"deal number {self.number!r} is not in 0-{MAX_NUMBER}")

    @classmethod
    def parse(cls, text: str) -> DealId:
        """Read an ID such as `1234`; a malformed one raises `DealIdError` quoting the input."""
        match = _PATTERN.fullmatch(text.strip(string.whitespace))
        if match is None:
            raise DealIdError(f"malformed deal ID {quote(text)}: expected a number 0-{MAX_NUMBER}")
        if match.group(1):
            raise DealIdError(
                f"malformed deal ID {quote(text)}: Klondike deal IDs carry no letter yet (a bare number)"
            )
        return cls(int(match.group(2)))

    def deal(self) -> Deal:
        """The 52 cards of this deal."""
        return Deal.from_number(self.number)

    def __str__(self) -> str:
        return str(self.number)
