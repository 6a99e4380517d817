"""The deal-ID grammar every game shares: optional letters, an optional dash, then a deal number.

::

    1234        deal 1234 under the game's standard rules, no claim about it
    E-1234      the same cards, claimed to be an easy deal (M: medium, H: hard; `levels.Level`)
    T-1234      the same cards under a variant the game names by a letter (`T`, say, for draw three)
    ET-1234     both

A game says which variant letters it has; the level letters `E`, `M`, `H` are every game's. Letters are read
in either case and any order (people type links), each at most once and at most one level letter, but only
ASCII: a full-width digit or a Unicode letter is not read as one. The canonical form (`canonical`) is upper
case, the level letter first, then the variant letters in the game's order, then a dash. The number is 0 to
`MAX_NUMBER`, ASCII digits, whitespace around the ID allowed. An unknown letter is refused, so a letter that
gets a meaning later never changes an ID shared before.
"""

from __future__ import annotations

import re
import secrets
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeVar

from .errors import SolitaireError
from .levels import LEVEL_LETTERS, Level
from .quoting import quote

MAX_NUMBER: Final = 999_999_999_999
RANDOM_LIMIT: Final = 1_000_000_000
"""A random deal's number is below this in every game (1 to 999,999,999): an ID short enough to read out."""
_PATTERN: Final = re.compile(r"(?:([A-Za-z]{1,4})-?)?([0-9]{1,12})")  # ASCII classes, not \d or \w
_LEVEL_ORDER: Final = "EMH"

DealIdT = TypeVar("DealIdT")


@dataclass(frozen=True, slots=True)
class ParsedId:
    """What an ID says: its number, its level claim, and the set of variant letters it carries."""

    number: int
    level: Level | None
    variants: frozenset[str]


def parse_id(text: str, variants: str, error: type[SolitaireError]) -> ParsedId:
    """Read `text` by the grammar above, the game's variant letters being `variants` (upper case); a
    malformed ID raises `error` quoting the input and naming what is wrong."""
    allowed = "".join(sorted(LEVEL_LETTERS, key=_LEVEL_ORDER.index)) + variants
    match = _PATTERN.fullmatch(text.strip(string.whitespace)) if isinstance(text, str) else None
    if match is None:
        letters_help = ", ".join(allowed)
        raise error(
            f"malformed deal ID {quote(text)}: expected a number 0-{MAX_NUMBER}, optionally after letters "
            f"of {letters_help} and a dash"
        )
    letters = (match.group(1) or "").upper()
    unknown = [letter for letter in letters if letter not in allowed]
    if unknown:
        raise error(f"malformed deal ID {quote(text)}: unknown letter {unknown[0]}")
    if len(set(letters)) != len(letters):
        raise error(f"malformed deal ID {quote(text)}: a letter is repeated")
    levels = [letter for letter in letters if letter in LEVEL_LETTERS]
    if len(levels) > 1:
        raise error(f"malformed deal ID {quote(text)}: more than one difficulty letter")
    level = Level.from_letter(levels[0]) if levels else None
    return ParsedId(int(match.group(2)), level, frozenset(letters) - LEVEL_LETTERS)


def read_deal_id(
    value: DealIdT | str | int, kind: type[DealIdT], parse: Callable[[str], DealIdT],
    numbered: Callable[[int], DealIdT],
) -> DealIdT:
    """A game's deal ID given any way a caller names one (a game's `from_id`): the ID itself (a `kind`),
    its text (read by `parse`) or a bare number (`numbered`: the deal under the game's standard rules)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        return parse(value)
    return numbered(value)  # type: ignore[arg-type]  # the rest of the union: an int


def random_number(limit: int = RANDOM_LIMIT) -> int:
    """The number of a fresh deal, 1 to `limit` - 1, drawn from the system's secure random source (every
    game's `random_deal_id`, and the first candidate of a deal of a level)."""
    return 1 + secrets.randbelow(limit - 1)


def canonical(number: int, level: Level | None, variants: str) -> str:
    """The canonical text of an ID: the level letter, the variant letters `variants` (already in the game's
    order), a dash and the number; the bare number when there is no letter."""
    letters = (level.letter if level is not None else "") + variants
    return f"{letters}-{number}" if letters else str(number)


__all__ = ["MAX_NUMBER", "RANDOM_LIMIT", "ParsedId", "canonical", "parse_id", "random_number",
           "read_deal_id"]
