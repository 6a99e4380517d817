"""What every game's deal shares: 52 distinct cards in the order of that game's deal notation, read from and
written as 52 two-character codes separated by spaces.

Which index is which place (a table, a stock) stays in the game's `deal` module, and so does how strictly
the text is read: a game may tolerate extra whitespace (`from_codes` after its own split) or read it strictly
(`from_spaced`, what `parse` does unless the game says otherwise). A game's `Deal` subclasses `DealCards`
and names its own error classes (`error` for the cards, `number_error` for a deal number), which every
message here is raised as; a game numbering its deals by the shared shuffle takes `from_number` as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Self

from .cards import DECK_SIZE, Card
from .dealid import MAX_NUMBER
from .errors import SolitaireError
from .quoting import quote
from .shuffle import shuffled_indexes


@dataclass(frozen=True, slots=True)
class DealCards:
    """52 distinct cards in notation order; `error` is the class every refusal of the cards is raised as,
    `number_error` that of a deal number out of range."""

    cards: tuple[Card, ...]
    error: ClassVar[type[SolitaireError]] = SolitaireError
    number_error: ClassVar[type[SolitaireError]] = SolitaireError

    def __post_init__(self) -> None:
        if len(self.cards) != DECK_SIZE:
            raise self.error(f"a deal has 52 cards, this one has {len(self.cards)}")
        seen: dict[Card, int] = {}
        for index, card in enumerate(self.cards):
            if card in seen:
                raise self.error(f"duplicate card {card.code} at index {seen[card]} and {index}")
            seen[card] = index

    @classmethod
    def from_codes(cls, codes: Sequence[str], parse_card: Callable[[str], Card] = Card.parse) -> Self:
        """The deal of `codes` (52 of them, already split), each read by `parse_card`; a bad code is refused
        as `card N: …`, N its index."""
        cards = []
        for index, code in enumerate(codes):
            try:
                cards.append(parse_card(code))
            except SolitaireError as error:
                raise cls.error(f"card {index}: {error}") from None
        return cls(tuple(cards))

    @classmethod
    def from_spaced(cls, text: str, parse_card: Callable[[str], Card] = Card.parse) -> Self:
        """Read 52 codes separated by single spaces (whitespace around the whole text is ignored), each read
        by `parse_card`: the strict reading of a deal notation."""
        body = text.strip(" \t\r\n")
        codes = body.split(" ")
        if len(codes) != DECK_SIZE:
            if any(not code for code in codes) or any(c in body for c in "\t\r\n"):
                raise cls.error(f"the 52 card codes must be separated by single spaces: {quote(body)}")
            raise cls.error(f"a deal has 52 card codes, got {len(codes)}: {quote(body)}")
        return cls.from_codes(codes, parse_card)

    @classmethod
    def read_card(cls, code: str) -> Card:
        """One card code of the deal notation (`Card.parse`; a game with its own card reading says so)."""
        return Card.parse(code)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read 52 codes separated by single spaces, each by `read_card` (whitespace around the whole text
        is ignored; `from_spaced`)."""
        return cls.from_spaced(text, cls.read_card)

    @classmethod
    def from_number(cls, number: int) -> Self:
        """Deal number `number`: the shared shuffle of the ordered deck, read into notation order."""
        if isinstance(number, bool) or not 0 <= number <= MAX_NUMBER:
            raise cls.number_error(f"deal number {number} is not in 0-{MAX_NUMBER}")
        return cls.from_indexes(shuffled_indexes(number))

    @classmethod
    def from_indexes(cls, indexes: Iterable[int]) -> Self:
        """The deal whose notation order holds the ordered-deck cards `indexes` (what the shuffle gives)."""
        return cls(tuple(Card.from_index(i) for i in indexes))

    def notation(self) -> str:
        """The 52 codes separated by single spaces."""
        return " ".join(card.code for card in self.cards)

    def __str__(self) -> str:
        return self.notation()
