"""Pyramid's rules, written once: which cards are free, which make 13, and every legal move.

The game (`game.Game`), the hint (`hint.view_moves`, on what the player sees), the solver and the
difficulty playouts (on ranks and bit masks, for speed) all ask these; the packed tables (`PARTNER`) are
built from the predicates here, and a property test checks the solver's moves against `legal_moves`.

- A pyramid card is *free* (playable) when it is still there and both cards covering it are gone
  (`layout.playable_mask`, the one place the covering is read); the stock top and the waste top are free.
- Two free cards *make 13* when their ranks add up to 13 (A=1 … K=13); a free king leaves alone.
- A draw needs a stock card; a recycle an empty stock, a waste, and a pass left (`PASSES` in all).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .layout import COVERER_MASK, playable_mask
from .moves import DRAW_MOVE, RECYCLE_MOVE, STOCK, WASTE, Move, Place

PAIR_SUM: Final = 13
KING: Final = 13
PASSES: Final = 3
"""Passes through the stock in all: the stock may be recycled `PASSES - 1` times."""


def makes_13(rank: int, other: int) -> bool:
    """Two cards of these ranks leave together."""
    return rank + other == PAIR_SUM


def leaves_alone(rank: int) -> bool:
    """A card of this rank leaves by itself (a king)."""
    return rank == KING


PARTNER: Final = tuple(next((o for o in range(1, 14) if makes_13(r, o)), 0) for r in range(14))
"""`PARTNER[r]`: the rank that makes 13 with rank `r` (0 for a king, and for the 0 of "no card"): `makes_13`
as a table, for the solver's and the playouts' inner loops."""


def is_free(remaining: int, index: int) -> bool:
    """The pyramid card at `index` is there and uncovered, in the pyramid `remaining` (a bit mask)."""
    return bool(remaining >> index & 1) and not remaining & COVERER_MASK[index]


def free_mask(remaining: int) -> int:
    """The free pyramid cards of `remaining`, as a bit mask (`layout.playable_mask`)."""
    return playable_mask(remaining)


def can_recycle(stock: int, waste: int, pass_number: int) -> bool:
    """A recycle is allowed: the stock (`stock` cards) is empty, the waste is not, and a pass is left."""
    return not stock and bool(waste) and pass_number < PASSES


def legal_moves(free: Sequence[tuple[Place, int]], stock: int, recycle: bool) -> list[Move]:
    """Every legal move, given the free cards as (place, rank) in print order (pyramid indexes, then the
    stock top, then the waste top), how many cards the stock holds and whether a recycle is allowed: for each
    free card its king move or its pairs with the free cards after it, then draw, then recycle."""
    moves: list[Move] = []
    for i, (a, rank) in enumerate(free):
        if leaves_alone(rank):
            moves.append(Move.king(a))
            continue
        moves.extend(Move.pair(a, b) for b, other in free[i + 1 :] if makes_13(rank, other))
    if stock:
        moves.append(DRAW_MOVE)
    if recycle:
        moves.append(RECYCLE_MOVE)
    return moves


def _kind_order(move: Move) -> int:
    """Kings, pairs of pyramid cards, pairs with the stock or waste top, the stock top with the waste top,
    draw, recycle."""
    if move.kind == "king":
        return 0
    if move.kind == "pair":
        tops = sum(place in (STOCK, WASTE) for place in move.places)
        return 1 + tops
    return 4 if move.kind == "draw" else 5


def by_kind(moves: list[Move]) -> list[Move]:
    """`moves` (in `legal_moves`' order) with the kings first, then the pyramid pairs, the pairs with a top,
    the two tops together, draw and recycle (a stable sort: the hint's order of candidates)."""
    return sorted(moves, key=_kind_order)


__all__ = [
    "KING", "PAIR_SUM", "PARTNER", "PASSES", "by_kind", "can_recycle", "free_mask", "is_free", "leaves_alone",
    "legal_moves", "makes_13",
]
