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

from dataclasses import dataclass
from typing import Final

from solitaire_core import dealid
from solitaire_core.dealid import MAX_NUMBER, canonical, parse_id
from solitaire_core.levels import Level

from .deal import Deal
from .errors import DealIdError
from .rules import STANDARD, Rules

RANDOM_LIMIT: Final = dealid.RANDOM_LIMIT
"""Random deals are numbered below this (nine digits at most)."""
_FLAGS: Final = "NV"


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
        `DealIdError` (the grammar is every game's: `solitaire_core.dealid`)."""
        parsed = parse_id(text, _FLAGS, DealIdError)
        rules = Rules(wrap="N" not in parsed.variants, all_visible="V" in parsed.variants)
        return cls(parsed.number, rules, parsed.level)

    def deal(self) -> Deal:
        """The 52 cards of this deal."""
        return Deal.from_number(self.number)

    def __str__(self) -> str:
        flags = ("" if self.rules.wrap else "N") + ("V" if self.rules.all_visible else "")
        return canonical(self.number, self.level, flags)
