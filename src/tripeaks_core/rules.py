"""The two rule variants, fixed when a deal starts, and the one rank rule they change."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rules:
    """`wrap`: K and A are neighbours (K↔A↔2 loops); off is the "Sans R–A" variant.
    `all_visible`: all 28 table cards start face up ("Tout visible")."""

    wrap: bool = True
    all_visible: bool = False

    def adjacent(self, rank_a: int, rank_b: int) -> bool:
        """True when a card of `rank_a` may go on a waste of `rank_b` (ranks 1-13, suits never matter)."""
        diff = abs(rank_a - rank_b)
        return diff == 1 or (self.wrap and diff == 12)

    def neighbour_ranks(self, rank: int) -> tuple[int, ...]:
        """The ranks that fit on a waste of `rank`."""
        return tuple(r for r in range(1, 14) if self.adjacent(r, rank))

    def as_json(self) -> dict[str, bool]:
        """The rules as the snapshot and the save show them."""
        return {"wrap": self.wrap, "all_visible": self.all_visible}


STANDARD = Rules()
