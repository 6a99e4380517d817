"""The baseline the Pyramid solver benchmark (`solver_bench.py --game pyramid`) compares
against: a plain depth-first search with a visited set.

It tries every legal move in a fixed order (pairs, kings, draw, recycle) and remembers every full state it
has seen (pyramid mask, removed stock cards, pointer, pass), which is what a first solver usually does: no
dominance between passes, no rank-supply bound, no relaxation, no forced moves. It is kept here, not in the
package, only to measure the real solver against it on the same deals. `max_nodes` stops it on deals it
cannot finish (the answer is then `None`).
"""

from __future__ import annotations

import sys

from pyramid_core.layout import PYRAMID_SIZE, playable_mask
from pyramid_core.solver import Position


def naive_solve(position: Position, max_nodes: int | None = None) -> tuple[bool | None, int]:
    """(won, nodes) for `position`, searched exhaustively; `won` is None when `max_nodes` ran out."""
    pyramid, seq = position.pyramid, position.sequence
    full = (1 << len(seq)) - 1
    visited: set[tuple[int, int, int, int]] = set()
    nodes = 0

    class _Stop(Exception):
        pass

    def search(mask: int, removed: int, ptr: int, pss: int) -> bool:
        nonlocal nodes
        if not mask:
            return True
        key = (mask, removed, ptr, pss)
        if key in visited:
            return False
        visited.add(key)
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise _Stop
        avail = full & ~removed
        stock = [j for j in range(ptr, len(seq)) if avail >> j & 1]
        waste = [j for j in range(ptr) if avail >> j & 1]
        s = stock[0] if stock else -1
        w = waste[-1] if waste else -1
        play = playable_mask(mask)
        cards = [(1 << i, pyramid[i], 0) for i in range(PYRAMID_SIZE) if play >> i & 1]
        if s >= 0:
            cards.append((0, seq[s], 1 << s))
        if w >= 0:
            cards.append((0, seq[w], 1 << w))
        for a, (pa, ra, sa) in enumerate(cards):
            wbit = 1 << w if w >= 0 else 0
            if ra == 13 and search(mask ^ pa, removed | sa, _pointer(avail & ~sa, ptr, sa == wbit > 0), pss):
                return True
            for pb, rb, sb in cards[a + 1 :]:
                if ra + rb == 13:
                    gone = sa | sb
                    back = bool(gone & wbit)
                    if search(mask ^ pa ^ pb, removed | gone, _pointer(avail & ~gone, ptr, back), pss):
                        return True
        if s >= 0 and search(mask, removed, s + 1, pss):
            return True
        return s < 0 and bool(waste) and pss < 3 and search(mask, removed, 0, pss + 1)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5000))
    try:
        won: bool | None = search(position.remaining, 0, position.waste_count, position.pass_number)
    except _Stop:
        won = None
    finally:
        sys.setrecursionlimit(limit)
    return won, nodes


def _pointer(avail: int, ptr: int, waste_top_gone: bool) -> int:
    """The pointer after a removal: one past the new waste top when the waste top left, else unchanged."""
    if not waste_top_gone:
        return ptr
    below = avail & ((1 << ptr) - 1)
    return below.bit_length()
