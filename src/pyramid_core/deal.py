"""A Pyramid deal: 52 cards in the order of the deal notation of `design.md`, and deal numbers.

Index 0 is the apex, 1-2 the second row, ... 21-27 the base row (see `layout`); 28-51 is the stock, 28 its
top card (face up from the start), 51 its bottom. The notation is strict: 52 upper-case ASCII codes
(rank `A23456789TJQK` then suit `CDHS`) separated by single spaces, all distinct.

Cards are `solitaire_core.cards.Card` (the shared card type); the 52 distinct cards and the notation are
`solitaire_core.deal.DealCards`; the deal shuffle is `solitaire_core.shuffle.shuffled_indexes`, read straight
into this notation order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from solitaire_core import dealid
from solitaire_core.cards import DECK_SIZE, RANK_CHARS, SUIT_CHARS, Card
from solitaire_core.deal import DealCards
from solitaire_core.dealid import MAX_NUMBER, canonical, parse_id
from solitaire_core.levels import Level

from .errors import DealError, DealIdError, quote
from .layout import PYRAMID_SIZE

STOCK_START: Final = PYRAMID_SIZE
STOCK_SIZE: Final = DECK_SIZE - STOCK_START

RANDOM_LIMIT: Final = dealid.RANDOM_LIMIT
"""Random deals are numbered below this (nine digits at most)."""


def parse_card(code: str) -> Card:
    """Read one upper-case code such as `TH`; anything else raises `DealError`."""
    if len(code) != 2 or code[0] not in RANK_CHARS or code[1] not in SUIT_CHARS:
        raise DealError(
            f"unknown card code {quote(code, 8)}: expected a rank of {RANK_CHARS} then a suit of {SUIT_CHARS}"
        )
    return Card(RANK_CHARS.index(code[0]) + 1, SUIT_CHARS.index(code[1]))


@dataclass(frozen=True, slots=True)
class Deal(DealCards):
    """52 distinct cards in notation order."""

    error = DealError
    number_error = DealIdError

    @classmethod
    def read_card(cls, code: str) -> Card:
        """One card code, read strictly (`parse_card`)."""
        return parse_card(code)

    @property
    def pyramid(self) -> tuple[Card, ...]:
        """The 28 pyramid cards by index."""
        return self.cards[:STOCK_START]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The 24 stock cards, top first."""
        return self.cards[STOCK_START:]

    def ranks(self) -> tuple[int, ...]:
        """The 52 ranks in notation order (all the rules look at)."""
        return tuple(card.rank for card in self.cards)


@dataclass(frozen=True, slots=True)
class DealId:
    """A deal ID: a deal number `N` (0 to 999,999,999,999), the deal `Deal.from_number(N)`, and optionally the
    difficulty level the ID claims for it.

    Grammar, as TriPeaks' (`tripeaks_core.dealid`): optional letters, an optional dash, then the number::

        1234        deal 1234 (the three-pass rules; no claim about its difficulty)
        E-1234      the same cards, claimed to be an easy deal (M: medium, H: hard; see `difficulty`)

    Letters are read in either case (people type links), but only ASCII: a Unicode digit, letter, dash or
    space is not read as one. The canonical form is upper case with a dash (`e1234` is `E-1234`). The cards
    depend only on the number, so a lettered ID names the same cards as the bare number, and the letter is a
    claim that `difficulty.verify` checks (`new`, `restore`, `check_deal` and the command line refuse an ID
    whose deal is not of its level). Other letters are reserved for later rules (a different number of
    passes, "clear the stock too", ...): today they are a `DealIdError`, so no ID shared today changes
    meaning.
    """

    number: int
    level: Level | None = None

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not 0 <= self.number <= MAX_NUMBER:
            raise DealIdError(f"deal number {self.number} is not in 0-{MAX_NUMBER}")

    @classmethod
    def parse(cls, text: str) -> DealId:
        """Read an ID such as `1234` or `e-1234` (ASCII whitespace around it allowed); a malformed one
        raises `DealIdError` quoting the input (the grammar is every game's: `solitaire_core.dealid`)."""
        parsed = parse_id(text, "", DealIdError)
        return cls(parsed.number, parsed.level)

    def deal(self) -> Deal:
        """The 52 cards of this deal (the same for every letter)."""
        return Deal.from_number(self.number)

    def __str__(self) -> str:
        return canonical(self.number, self.level, "")
