"""The baseline the TriPeaks solver benchmark (`solver_bench.py --game tripeaks`) compares
against: a plain depth-first search with a visited set.

It explores takes before draws and remembers every (table, draws made, waste rank) it has seen, which is
what a first solver usually does. It is kept here, not in the package, only to measure the real solver
against it on the same deals.
"""

from __future__ import annotations

import sys

from tripeaks_core.layout import free_positions
from tripeaks_core.rules import Rules
from tripeaks_core.solver import Position


def naive_solve(position: Position) -> tuple[bool, int]:
    """(won, nodes) for `position`, searched exhaustively."""
    ranks, stock = position.ranks, position.stock
    rules = Rules(wrap=position.wrap)
    fits = [0] * 14
    for rank in range(1, 14):
        neighbours = rules.neighbour_ranks(rank)
        fits[rank] = sum(1 << p for p in range(28) if ranks[p] in neighbours)
    visited: set[int] = set()
    nodes = 0

    def search(mask: int, waste: int, drawn: int) -> bool:
        nonlocal nodes
        if not mask:
            return True
        key = (mask << 5 | drawn) << 4 | waste
        if key in visited:
            return False
        visited.add(key)
        nodes += 1
        playable = free_positions(mask) & fits[waste]
        while playable:
            low = playable & -playable
            playable ^= low
            if search(mask ^ low, ranks[low.bit_length() - 1], drawn):
                return True
        return drawn < len(stock) and search(mask, stock[drawn], drawn + 1)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    return search(position.remaining, position.waste_rank, 0), nodes
