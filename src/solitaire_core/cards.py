"""Cards and their two-character codes (`TH` is the ten of hearts), the same in every game.

A card is also known by its index in the ordered deck, `suit * 13 + rank - 1`, which is what the shuffle
permutes and what a game's knowledge sets store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .errors import CardError
from .quoting import quote

RANK_CHARS: Final = "A23456789TJQK"
SUIT_CHARS: Final = "CDHS"
RANKS: Final = range(1, 14)
DECK_SIZE: Final = 52

_RANK_NAMES_FR: Final = ("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "dame", "roi")
_RANK_NAMES_EN: Final = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
_SUIT_NAMES_FR: Final = ("trèfle", "carreau", "cœur", "pique")
_SUIT_NAMES_EN: Final = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card. `rank` is 1 (ace) to 13 (king); `suit` is 0-3 for clubs, diamonds, hearts, spades."""

    rank: int
    suit: int

    def __post_init__(self) -> None:
        if not (1 <= self.rank <= 13 and 0 <= self.suit <= 3):
            raise CardError(f"no such card: rank {self.rank}, suit {self.suit}")

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a two-character code such as `TH`: exactly a rank of `A23456789TJQK` then a suit of `CDHS`.

        The notation is upper-case ASCII and nothing else: no lower case, no surrounding space, and no
        character that `str.upper` would turn into one of these (`ſ` becomes `S`).
        """
        if len(code) != 2 or code[0] not in RANK_CHARS or code[1] not in SUIT_CHARS:
            expected = f"expected a rank of {RANK_CHARS} then a suit of {SUIT_CHARS}"
            raise CardError(f"unknown card code {quote(code)}: {expected}")
        return cls(RANK_CHARS.index(code[0]) + 1, SUIT_CHARS.index(code[1]))

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at `index` (0-51) of the ordered deck: clubs A-K, diamonds, hearts, spades."""
        if not 0 <= index < DECK_SIZE:
            raise CardError(f"card index {index} is not in 0-51")
        return cls(index % 13 + 1, index // 13)

    @property
    def index(self) -> int:
        """Index in the ordered deck (0-51)."""
        return self.suit * 13 + self.rank - 1

    @property
    def code(self) -> str:
        """The two-character code, for example `TH`."""
        return RANK_CHARS[self.rank - 1] + SUIT_CHARS[self.suit]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red."""
        return self.suit in (1, 2)

    def name(self, language: str = "en") -> str:
        """A spoken name: `10 of hearts`, or `10 de cœur` in French."""
        if language == "fr":
            return f"{_RANK_NAMES_FR[self.rank - 1]} de {_SUIT_NAMES_FR[self.suit]}"
        return f"{_RANK_NAMES_EN[self.rank - 1]} of {_SUIT_NAMES_EN[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


FULL_DECK: Final = tuple(Card.from_index(i) for i in range(DECK_SIZE))
