"""Where the 28 pyramid cards lie and which cards cover which.

Indexes, row by row (row `r` is 0-based here, "row r+1" for the player), each row left to right::

    row 0                      0
    row 1                    1   2
    row 2                  3   4   5
    row 3                6   7   8   9
    row 4             10  11  12  13  14
    row 5           15  16  17  18  19  20
    row 6         21  22  23  24  25  26  27        the base row, playable from the start

Row `r` place `j` is index `r*(r+1)/2 + j`; it is covered by row `r+1` places `j` and `j+1` (the base row by
nothing). A card is playable when both cards covering it are gone. Sets of indexes are bit masks (bit `i`
for index `i`). Only 1,430 sets of remaining cards can ever occur (the Catalan number C(8): a removed card's
coverers are removed too), which keeps the solver's caches small.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.masks import indexes_of, uncovered

ROWS: Final = 7
PYRAMID_SIZE: Final = 28
FULL_MASK: Final = (1 << PYRAMID_SIZE) - 1


def index_of(row: int, place: int) -> int:
    """The index of row `row` (0-6) place `place` (0-row)."""
    if not (0 <= row < ROWS and 0 <= place <= row):
        raise ValueError(f"no place {place} in row {row}")
    return row * (row + 1) // 2 + place


ROW_OF: Final = tuple(r for r in range(ROWS) for _ in range(r + 1))
"""`ROW_OF[i]`: the 0-based row of index `i`."""
PLACE_OF: Final = tuple(j for r in range(ROWS) for j in range(r + 1))
"""`PLACE_OF[i]`: the place of index `i` in its row, from the left."""



def _coverers(i: int) -> tuple[int, ...]:
    row, place = ROW_OF[i], PLACE_OF[i]
    if row == ROWS - 1:
        return ()
    return (index_of(row + 1, place), index_of(row + 1, place + 1))


COVERED_BY: Final = tuple(_coverers(i) for i in range(PYRAMID_SIZE))
"""`COVERED_BY[i]`: the two indexes lying on `i` (empty for the base row)."""

COVERS: Final = tuple(
    tuple(q for q in range(PYRAMID_SIZE) if i in COVERED_BY[q]) for i in range(PYRAMID_SIZE)
)
"""`COVERS[i]`: the indexes `i` lies on (which may become playable when `i` leaves)."""

COVERER_MASK: Final = tuple(sum(1 << q for q in COVERED_BY[i]) for i in range(PYRAMID_SIZE))


def _closure(start: int, step: tuple[tuple[int, ...], ...]) -> int:
    mask, todo = 0, [start]
    while todo:
        for nxt in step[todo.pop()]:
            if not mask >> nxt & 1:
                mask |= 1 << nxt
                todo.append(nxt)
    return mask


BELOW_MASK: Final = tuple(_closure(i, COVERED_BY) for i in range(PYRAMID_SIZE))
"""Every card that must go before `i` can be played (the cards covering it, and theirs, ...)."""
ABOVE_MASK: Final = tuple(_closure(i, COVERS) for i in range(PYRAMID_SIZE))
"""Every card that can be played only after `i` has gone."""
CONE_MASK: Final = tuple(BELOW_MASK[i] | ABOVE_MASK[i] | 1 << i for i in range(PYRAMID_SIZE))
"""The cards that can never be playable at the same time as `i` (itself included): never its partner."""

_PLAYABLE: dict[int, int] = {}


def playable_mask(remaining: int) -> int:
    """The mask of indexes in `remaining` that no remaining card covers (cached: at most 1,430 masks)."""
    found = _PLAYABLE.get(remaining)
    if found is None:
        found = _PLAYABLE[remaining] = uncovered(remaining, COVERER_MASK)
    return found


def reachable_masks() -> list[int]:
    """Every set of remaining pyramid cards that some order of removals can leave (1,430 of them)."""
    seen = {FULL_MASK}
    frontier = [FULL_MASK]
    while frontier:
        mask = frontier.pop()
        for i in indexes_of(playable_mask(mask)):
            child = mask ^ (1 << i)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return sorted(seen)
