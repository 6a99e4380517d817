"""The difficulty levels as names and deal-ID letters (what they mean is in `difficulty`)."""

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
        """The level of a deal-ID letter (`E`, `M` or `H`)."""
        return {"E": cls.EASY, "M": cls.MEDIUM, "H": cls.HARD}[letter.upper()]
