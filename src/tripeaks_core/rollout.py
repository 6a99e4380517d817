"""Sampled futures for the hint: deals consistent with what the player knows, and a fast simulated player.

A *world* fills every card the player has not seen (face-down table cards, undrawn stock cards never shown)
with a random arrangement of the unseen cards. Only ranks matter to the rules, so a world is a list of 28
table ranks and a list of stock ranks. Worlds are drawn from a generator seeded with a hash of the view's
text, so the same view always gets the same worlds and the hint is deterministic; the unseen cards enter only
as a sorted multiset of ranks, so two deals that differ only in unseen cards get the same worlds.

The simulated player (`playout`) is itself honest inside its world: it decides from the free cards (which are
face up) and the table's shape, never from a face-down card or the next stock card. A simulated player that
read its world would be clairvoyant, and comparing moves by clairvoyant futures makes nearly every move look
winning ("strategy fusion").

Its policy: take a fitting free card when there is one, the card that turns the most face-down cards first,
then the one that uncovers half of a card, then the one lowest on the table; draw only when nothing fits. The
order depends only on the set of remaining table cards, of which only 22,932 are reachable, so it is computed
once per set and cached.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.worlds import seeded_floats, shuffled, text_seed

from .game import PlayerView
from .layout import COVERER_MASK, COVERS, ROW_OF, TABLE_SIZE
from .solver import free_of

World = tuple[list[int], list[int], list[int]]
"""Table ranks by position, stock ranks (next first), and `fits_table` of the ranks."""

_PRIORITY: dict[int, tuple[int, ...]] = {}

REVEAL_WEIGHT: Final = 10
HALF_WEIGHT: Final = 2
ROW_WEIGHT: Final = 1

WIN_BASE: Final = 100
"""`playout` returns `WIN_BASE + stock cards left` for a win, minus the cards left on the table for a loss."""


def priority_of(mask: int) -> tuple[int, ...]:
    """The free cards of table `mask` as one-bit masks, in the order the simulated player prefers them."""
    order = _PRIORITY.get(mask)
    if order is None:
        scored = []
        free = free_of(mask)
        rest = free
        while rest:
            low = rest & -rest
            rest ^= low
            position = low.bit_length() - 1
            after = mask ^ low
            score = ROW_WEIGHT * ROW_OF[position]
            for below in COVERS[position]:
                if after >> below & 1:
                    score += HALF_WEIGHT if after & COVERER_MASK[below] else REVEAL_WEIGHT
            scored.append((score, position, low))
        scored.sort(reverse=True)
        order = _PRIORITY[mask] = tuple(low for _, _, low in scored)
    return order


def fits_table(ranks: list[int], wrap: bool) -> list[int]:
    """`fits[w]`: the mask of table positions whose rank goes on a waste of rank `w` (index 1-13)."""
    of_rank = [0] * 15
    for position in range(TABLE_SIZE):
        of_rank[ranks[position]] |= 1 << position
    fits = [0] * 14
    for waste in range(1, 14):
        fits[waste] = of_rank[waste - 1] | of_rank[waste + 1]
    if wrap:
        fits[1] |= of_rank[13]
        fits[13] |= of_rank[1]
    return fits


def playout(world: World, mask: int, waste: int, drawn: int) -> int:
    """Play `world` to its end with the simulated player, from table `mask`, waste rank `waste` and `drawn`
    stock cards already turned. `WIN_BASE + stock left` for a win, `-cards left` for a loss."""
    ranks, stock, fits = world
    last = len(stock)
    cache = _PRIORITY
    while mask:
        order = cache.get(mask) or priority_of(mask)
        fitting = fits[waste]
        for low in order:
            if low & fitting:
                mask ^= low
                waste = ranks[low.bit_length() - 1]
                break
        else:
            if drawn == last:
                return -mask.bit_count()
            waste = stock[drawn]
            drawn += 1
    return WIN_BASE + last - drawn


def view_seed(view: PlayerView) -> int:
    """A 64-bit seed from the view's canonical text."""
    return text_seed(view.key())


class Worlds:
    """Random worlds consistent with `view`, drawn deterministically from the view itself."""

    def __init__(self, view: PlayerView) -> None:
        self.wrap = view.rules.wrap
        self.ranks = [card.rank if card is not None else 0 for card in view.table]
        self.stock = [card.rank if card is not None else 0 for card in view.stock]
        self.table_slots = [
            p for p in range(TABLE_SIZE) if view.remaining >> p & 1 and view.table[p] is None
        ]
        self.stock_slots = [i for i, card in enumerate(view.stock) if card is None]
        self.unseen = sorted(card.rank for card in view.unseen)
        if len(self.unseen) != len(self.table_slots) + len(self.stock_slots):
            raise ValueError("the view's unseen cards do not fill its unknown places")
        self._random = seeded_floats(view_seed(view))

    def draw(self) -> World:
        """One world: table ranks, stock ranks (next first), and its `fits_table`."""
        order = shuffled(self.unseen, self._random)
        ranks = self.ranks[:]
        stock = self.stock[:]
        k = 0
        for position in self.table_slots:
            ranks[position] = order[k]
            k += 1
        for index in self.stock_slots:
            stock[index] = order[k]
            k += 1
        return ranks, stock, fits_table(ranks, self.wrap)
