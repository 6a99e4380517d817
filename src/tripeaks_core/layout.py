"""Where the 28 table cards lie and which cards cover which.

Positions, with each card's horizontal centre in half-card widths (a card is two units wide)::

    row 1            0           1           2                  x = 3, 9, 15
    row 2          3   4       5   6       7   8                x = 2, 4, 8, 10, 14, 16
    row 3        9  10  11  12  13  14  15  16  17              x = 1, 3, ..., 17
    row 4     18  19  20  21  22  23  24  25  26  27            x = 0, 2, ..., 18

Tip `p` is covered by `3+2p` and `4+2p`; second-row card `3+k` (peak `q = k // 2`, side `s = k % 2`) by
`9+3q+s` and `10+3q+s`; third-row card `i` by `i+9` and `i+10`. The base row is covered by nothing. A card is
free when both cards covering it are gone.

Sets of positions are bit masks (bit `p` for position `p`), which is what the solver works on.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Final

from solitaire_core.masks import indexes_of, uncovered
from solitaire_core.steps import finish

TABLE_SIZE: Final = 28
FULL_MASK: Final = (1 << TABLE_SIZE) - 1
BASE_ROW: Final = range(18, 28)
ROW_OF: Final = tuple([1] * 3 + [2] * 6 + [3] * 9 + [4] * 10)


def _coverers(position: int) -> tuple[int, ...]:
    if position < 3:
        return (3 + 2 * position, 4 + 2 * position)
    if position < 9:
        peak, side = divmod(position - 3, 2)
        return (9 + 3 * peak + side, 10 + 3 * peak + side)
    if position < 18:
        return (position + 9, position + 10)
    return ()


COVERED_BY: Final = tuple(_coverers(p) for p in range(TABLE_SIZE))
"""`COVERED_BY[p]`: the positions of the cards lying on `p` (empty for the base row)."""

COVERS: Final = tuple(tuple(q for q in range(TABLE_SIZE) if p in COVERED_BY[q]) for p in range(TABLE_SIZE))
"""`COVERS[p]`: the positions `p` lies on, which may turn face up when `p` leaves."""

COVERER_MASK: Final = tuple(sum(1 << q for q in COVERED_BY[p]) for p in range(TABLE_SIZE))


def _centre(position: int) -> int:
    row = ROW_OF[position]
    if row == 4:
        return 2 * (position - 18)
    coverers = COVERED_BY[position]
    return (_centre(coverers[0]) + _centre(coverers[1])) // 2


X_OF: Final = tuple(_centre(p) for p in range(TABLE_SIZE))


def free_positions(remaining: int) -> int:
    """The mask of positions in `remaining` that no remaining card covers."""
    return uncovered(remaining, COVERER_MASK)


positions_of = indexes_of
"""The positions in a mask, lowest first (the shared `solitaire_core.masks.indexes_of`)."""


REACHABLE_STEP: Final = 256
"""Tables expanded between two yields of `reachable_masks_steps` (about 1 ms of CPython)."""


def reachable_masks_steps(step: int = REACHABLE_STEP) -> Generator[int, None, list[int]]:
    """`reachable_masks()` as a generator that yields after every `step` tables it expands (the value
    yielded is how many it expanded since the last yield) and returns the sorted masks: a worker can
    spread the search over short slices instead of running it in one piece."""
    seen = {FULL_MASK}
    frontier = [FULL_MASK]
    expanded = 0
    while frontier:
        mask = frontier.pop()
        free = free_positions(mask)
        while free:
            low = free & -free
            free ^= low
            child = mask ^ low
            if child not in seen:
                seen.add(child)
                frontier.append(child)
        expanded += 1
        if expanded == step:
            yield expanded
            expanded = 0
    if expanded:
        yield expanded  # the sort is a step of its own
    return sorted(seen)


def reachable_masks() -> list[int]:
    """Every set of remaining table cards that some order of takes can leave (22,932 of them)."""
    return finish(reachable_masks_steps())
