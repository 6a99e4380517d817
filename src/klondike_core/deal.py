"""A Klondike deal: 52 cards in the order of the deal notation of `design.md`, and deal IDs.

Index 0-27 is the tableau, column by column from left to right, each column from its deepest card to the card
dealt face up on top of it: column `c` (0-6) holds indexes `c*(c+1)/2` to `c*(c+1)/2 + c`
(`position.column_indexes`). Index 28-51 is the stock, 28 the first card drawn. The notation is strict: 52
upper-case ASCII codes (rank `A23456789TJQK` then suit `CDHS`) separated by single spaces, all distinct.

Cards are `solitaire_core.cards.Card`; the 52 distinct cards and the notation are
`solitaire_core.deal.DealCards`; deal number N is `solitaire_core.shuffle.shuffled_indexes(N)` read straight
into this notation order, as for Pyramid. A deal ID names the number, the draw (one or three) and a level
claim; its grammar is every game's (`solitaire_core.dealid`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from solitaire_core import dealid
from solitaire_core.deal import DealCards
from solitaire_core.dealid import MAX_NUMBER, canonical, parse_id
from solitaire_core.levels import Level

from .errors import DealError, DealIdError
from .position import Position

RANDOM_LIMIT: Final = dealid.RANDOM_LIMIT
"""Random deals are numbered below this (nine digits at most)."""
DRAWS: Final = (1, 3)
"""How many cards a draw may turn: draw one (the standard rules) or draw three (the variant)."""
DRAW_THREE_LETTER: Final = "T"
"""The deal-ID letter of draw three."""


@dataclass(frozen=True, slots=True)
class Deal(DealCards):
    """52 distinct cards in notation order."""

    error = DealError
    number_error = DealIdError

    def start(self, draw: int = 1) -> Position:
        """The position at the deal's start under `draw`, every card shown (`Position.dealt`)."""
        return Position.dealt(self.cards, draw=draw)


@dataclass(frozen=True, slots=True)
class DealId:
    """A deal ID: a deal number `N` (0 to 999,999,999,999), naming the deal `Deal.from_number(N)`, the number
    of cards a draw turns (`draw`: 1, or 3 for draw three), and the difficulty level the ID claims for the
    deal under those rules (`level`, or `None`).

    The grammar is every game's (`solitaire_core.dealid`): letters before an optional dash, then the number::

        1234        deal 1234, draw one
        T-1234      the same cards, draw three
        E-1234      deal 1234, draw one, claimed proven winnable and easy (M: medium, H: hard; `difficulty`)
        ET-1234     deal 1234, draw three, claimed proven winnable and easy under draw three

    Letters in either case and any order (`te1234` is `ET-1234`); the canonical form is the level letter
    first, upper case, then `T`, then a dash. The cards depend only on the number. A level letter is a claim
    that `difficulty.verify` checks wherever an ID enters (`new`, a link, a save, the command line). Any other
    letter is a `DealIdError`, so no ID shared today changes meaning when a letter gets one.
    """

    number: int
    draw: int = 1
    level: Level | None = None

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or not (
            0 <= self.number <= MAX_NUMBER
        ):
            raise DealIdError(f"deal number {self.number!r} is not in 0-{MAX_NUMBER}")
        if self.draw not in DRAWS or isinstance(self.draw, bool):
            raise DealIdError(f"a draw turns 1 or 3 cards, not {self.draw!r}")

    @classmethod
    def parse(cls, text: str) -> DealId:
        """Read an ID such as `1234`, `T-1234` or `et1234`; a malformed one raises `DealIdError` quoting the
        input."""
        parsed = parse_id(text, DRAW_THREE_LETTER, DealIdError)
        return cls(parsed.number, 3 if DRAW_THREE_LETTER in parsed.variants else 1, parsed.level)

    def deal(self) -> Deal:
        """The 52 cards of this deal (the same for every letter)."""
        return Deal.from_number(self.number)

    def with_draw(self, draw: int) -> DealId:
        """The same deal and claim under `draw` (the claim is then about those rules)."""
        return DealId(self.number, draw, self.level)

    def __str__(self) -> str:
        return canonical(self.number, self.level, DRAW_THREE_LETTER if self.draw == 3 else "")
