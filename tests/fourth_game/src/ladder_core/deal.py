"""A Ladder deal and its ID.

Notation: eight card codes (the shared `Card` codes, `TH` the ten of hearts) separated by single spaces.
Index 0-3 are the row's places `a`-`d`, left to right; index 4 the first waste card; 5-7 the stock, 5 the next
card drawn. Deal number `N` is the first eight cards of the shared shuffle of deal `N`
(`solitaire_core.shuffle`), so the cards depend only on the number, as in every game.

A deal ID is the shared grammar (`solitaire_core.dealid`) with no letter of Ladder's own; Ladder has no
levels, so a level letter is refused rather than taken as a claim nobody checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from solitaire_core.cards import Card
from solitaire_core.dealid import canonical, parse_id
from solitaire_core.errors import CardError
from solitaire_core.quoting import quote
from solitaire_core.shuffle import shuffled_indexes

from .errors import DealError, DealIdError

SIZE: Final = 8
ROW: Final = 4
"""Index 0-3: the row."""
FIRST_WASTE: Final = 4
STOCK_START: Final = 5


@dataclass(frozen=True, slots=True)
class Deal:
    """Eight distinct cards in notation order."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(self.cards) != SIZE or len(set(self.cards)) != SIZE:
            raise DealError(f"a Ladder deal is {SIZE} distinct cards, not {self.notation()!r}")

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read eight codes separated by single spaces; anything else is a `DealError`."""
        try:
            return cls(tuple(Card.parse(code) for code in text.strip().split(" ")))
        except CardError as error:
            raise DealError(f"deal {quote(text)}: {error}") from None

    @classmethod
    def from_number(cls, number: int) -> Deal:
        """Deal `number`: the first eight cards of the shared shuffle."""
        return cls(tuple(Card.from_index(i) for i in shuffled_indexes(number)[:SIZE]))

    def notation(self) -> str:
        """The eight codes separated by single spaces."""
        return " ".join(card.code for card in self.cards)


@dataclass(frozen=True, slots=True)
class DealId:
    """A deal number; its text is the number (no letter: Ladder has no variant and no level)."""

    number: int

    @classmethod
    def parse(cls, text: str) -> DealId:
        """Read an ID by the shared grammar; a letter (a level's included) is a `DealIdError`."""
        parsed = parse_id(text, "", DealIdError)
        if parsed.level is not None:
            raise DealIdError(f"deal ID {quote(text)}: Ladder has no levels")
        return cls(parsed.number)

    def deal(self) -> Deal:
        """The deal this ID names."""
        return Deal.from_number(self.number)

    def __str__(self) -> str:
        return canonical(self.number, None, "")
