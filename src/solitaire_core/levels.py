"""The difficulty levels every game offers, as names and deal-ID letters. What a level means is each game's
own measured definition (`tripeaks_core.difficulty`, `pyramid_core.difficulty`); the names, the codes the API
and the page use, and the letters of the deal IDs are the same for every game."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """A difficulty level; the value is the code the API and the page use."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @property
    def letter(self) -> str:
        """The letter of this level in a deal ID."""
        return {"easy": "E", "medium": "M", "hard": "H"}[self.value]

    @classmethod
    def from_letter(cls, letter: str) -> Level:
        """The level of a deal-ID letter (`E`, `M` or `H`, either case)."""
        return {"E": cls.EASY, "M": cls.MEDIUM, "H": cls.HARD}[letter.upper()]


LEVEL_LETTERS: frozenset[str] = frozenset("EMH")
"""The letters a deal ID may carry for its level (upper case)."""


def parse_level(value: object) -> Level | None:
    """The level of a `new` request's `level` argument: `None` for `"any"`, else the `Level`; a `ValueError`
    for anything else (the caller turns it into its protocol's error)."""
    if value == "any":
        return None
    if isinstance(value, str) and value in {item.value for item in Level}:
        return Level(value)
    raise ValueError("'level' must be 'any', 'easy', 'medium' or 'hard'")
