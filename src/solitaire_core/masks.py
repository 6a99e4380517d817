"""Sets of places as bit masks, the same in every game: bit `i` of a mask is place `i` of the game's layout
(28 table positions, say).

A layout says which places cover which as one mask per place (`coverers[i]`: the places that cover place
`i`); a card is uncovered, so playable, when none of its coverers remains.
"""

from __future__ import annotations

from collections.abc import Sequence


def indexes_of(mask: int) -> list[int]:
    """The places in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def uncovered(remaining: int, coverers: Sequence[int]) -> int:
    """The mask of places in `remaining` that no remaining place covers (`coverers[i]` is the mask of the
    places that cover place `i`)."""
    free = 0
    rest = remaining
    while rest:
        low = rest & -rest
        if not remaining & coverers[low.bit_length() - 1]:
            free |= low
        rest ^= low
    return free
