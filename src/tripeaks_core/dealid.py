"""Deal IDs: short, URL-safe, case-insensitive names for a deal and its rules.

Grammar: optional letters, an optional dash, then the deal number (0 to 999,999,999,999)::

    1234        deal 1234, standard rules (K-A wrap, peaks face down)
    N-1234      the same cards, "Sans R-A" (no K-A wrap)
    V-1234      the same cards, "Tout visible" (all table cards face up)
    NV-1234     both variants
    E-1234      deal 1234, which is an easy deal (M: medium, H: hard; see `difficulty`)

Letters may come in any order and any case (people type links), but only ASCII: a full-width or other
Unicode digit is not a digit here, nor a Unicode letter a letter. The canonical form is upper case, the
level letter first, then `N`, then `V`, then a dash. The cards depend only on the number (see `shuffle`),
so one deal can be tried under each variant. A level letter is a claim about the deal that
`difficulty.verify` can check.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Final

from .deal import Deal
from .errors import DealIdError
from .levels import Level
from .quoting import quote
from .rules import STANDARD, Rules
from .shuffle import shuffled_indexes

MAX_NUMBER: Final = 999_999_999_999
RANDOM_LIMIT: Final = 1_000_000_000
"""Random deals are numbered below this (nine digits at most)."""
_FLAGS: Final = "NV"
_LEVELS: Final = "EMH"
_PATTERN: Final = re.compile(r"(?:([A-Za-z]{1,4})-?)?([0-9]{1,12})")  # ASCII classes, not \d or \w


@dataclass(frozen=True, slots=True)
class DealId:
    """A deal number and the rules it is played under."""

    number: int
    rules: Rules = STANDARD
    level: Level | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.number <= MAX_NUMBER:
            raise DealIdError(f"deal number {self.number} is not in 0-{MAX_NUMBER}")

    @classmethod
    def parse(cls, text: str) -> DealId:
        """Read an ID such as `1234` or `nv-1234` (ASCII space around it allowed); a malformed one raises
        `DealIdError`."""
        match = _PATTERN.fullmatch(text.strip(string.whitespace))
        if match is None:
            expected = "expected a number, optionally after letters of E, M, H, N, V"
            raise DealIdError(f"malformed deal ID {quote(text)}: {expected}")
        letters = (match.group(1) or "").upper()
        unknown = sorted(set(letters) - set(_FLAGS + _LEVELS))
        if unknown:
            raise DealIdError(f"malformed deal ID {quote(text)}: unknown letter {unknown[0]}")
        if len(set(letters)) != len(letters):
            raise DealIdError(f"malformed deal ID {quote(text)}: a letter is repeated")
        levels = [letter for letter in letters if letter in _LEVELS]
        if len(levels) > 1:
            raise DealIdError(f"malformed deal ID {quote(text)}: more than one difficulty letter")
        rules = Rules(wrap="N" not in letters, all_visible="V" in letters)
        level = Level.from_letter(levels[0]) if levels else None
        return cls(int(match.group(2)), rules, level)

    def deal(self) -> Deal:
        """The 52 cards of this deal."""
        return Deal.from_indexes(shuffled_indexes(self.number))

    def __str__(self) -> str:
        flags = (self.level.letter if self.level else "") + ("" if self.rules.wrap else "N")
        flags += "V" if self.rules.all_visible else ""
        return f"{flags}-{self.number}" if flags else str(self.number)
