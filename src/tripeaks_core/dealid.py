"""Deal IDs: short, URL-safe, case-insensitive names for a deal and its rules.

Grammar: optional variant letters, an optional dash, then the deal number (0 to 999,999,999,999)::

    1234        deal 1234, standard rules (K-A wrap, peaks face down)
    N-1234      the same cards, "Sans R-A" (no K-A wrap)
    V-1234      the same cards, "Tout visible" (all table cards face up)
    NV-1234     both variants

Letters may come in any order and any case; the canonical form puts them in the order `NV`, upper case,
followed by a dash. The cards depend only on the number (see `shuffle`), so one deal can be tried under
each variant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .deal import Deal
from .errors import DealIdError
from .rules import STANDARD, Rules
from .shuffle import shuffled_indexes

MAX_NUMBER: Final = 999_999_999_999
_FLAG_ORDER: Final = "NV"
_PATTERN: Final = re.compile(r"(?:([A-Za-z]{1,4})-?)?([0-9]{1,12})")


@dataclass(frozen=True, slots=True)
class DealId:
    """A deal number and the rules it is played under."""

    number: int
    rules: Rules = STANDARD

    def __post_init__(self) -> None:
        if not 0 <= self.number <= MAX_NUMBER:
            raise DealIdError(f"deal number {self.number} is not in 0-{MAX_NUMBER}")

    @classmethod
    def parse(cls, text: str) -> DealId:
        """Read an ID such as `1234` or `nv-1234`; a malformed one raises `DealIdError`."""
        match = _PATTERN.fullmatch(text.strip())
        if match is None:
            raise DealIdError(
                f"malformed deal ID {text!r}: expected a number, optionally after variant letters N and V"
            )
        letters = (match.group(1) or "").upper()
        unknown = sorted(set(letters) - set(_FLAG_ORDER))
        if unknown:
            raise DealIdError(f"malformed deal ID {text!r}: unknown variant letter {unknown[0]}")
        if len(set(letters)) != len(letters):
            raise DealIdError(f"malformed deal ID {text!r}: a variant letter is repeated")
        rules = Rules(wrap="N" not in letters, all_visible="V" in letters)
        return cls(int(match.group(2)), rules)

    def deal(self) -> Deal:
        """The 52 cards of this deal."""
        return Deal.from_indexes(shuffled_indexes(self.number))

    def __str__(self) -> str:
        flags = ("" if self.rules.wrap else "N") + ("V" if self.rules.all_visible else "")
        return f"{flags}-{self.number}" if flags else str(self.number)
