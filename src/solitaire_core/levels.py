"""The difficulty levels every game offers, as names and deal-ID letters. What a level means is each game's
own measured definition (the game's `difficulty` module); the names, the codes the API
and the page use, and the letters of the deal IDs are the same for every game."""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import Any


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


def level_of(score: float, easy_from: float, medium_from: float) -> Level:
    """The level of a winnable deal from a game's measure of how easy it is (`score`, higher is easier; how
    it is measured and the thresholds are the game's): easy from `easy_from` up, medium from `medium_from`
    up, else hard."""
    if score >= easy_from:
        return Level.EASY
    if score >= medium_from:
        return Level.MEDIUM
    return Level.HARD


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


def same_game(first: Any, second: Any) -> bool:  # noqa: ANN401 (any game's deal-ID dataclass)
    """Whether two deal IDs of one game name the same game: the same cards under the same rules. A level
    letter is only a claim about the deal (`E-12` is deal 12), so it does not count; anything else in the
    ID (a variant's letter) does."""
    return bool(_unclaimed(first) == _unclaimed(second))


def _unclaimed(deal_id: Any) -> Any:  # noqa: ANN401 (any game's deal-ID dataclass)
    """The deal ID without its level claim (itself when it has none)."""
    if dataclasses.is_dataclass(deal_id) and getattr(deal_id, "level", None) is not None:
        return dataclasses.replace(deal_id, level=None)  # type: ignore[type-var]
    return deal_id
