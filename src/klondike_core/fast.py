"""The solver's own compact Klondike board, built from a `Position`, and the move notation it writes.

The solver and the hint do not use the rules engine's classes: they search millions of positions, so they
work on small immutable values that CPython handles fast.

- A card is its deck index 0-51 (`Card.index`: `suit * 13 + rank - 1`).
- A column is a `bytes`: its first byte is how many of its cards are face down, then its cards from the
  deepest to the top. `bytes` are hashed once and sliced and joined in C.
- The foundations are four top ranks (clubs, diamonds, hearts, spades).
- The stock and the waste are one *talon*: the sequence `seq` of their cards in drawing order (the waste
  from its bottom to its top, then the stock from the next card to draw), a bit mask of the cards still in
  it, and a pointer `ptr`: the cards before it are on the waste (the last one present is the waste top), the
  others are the stock. Draw 1 with unlimited passes never changes this order, and any card of the talon can
  be made the waste top by drawing (and recycling); `talon_steps` says how, in notation.

The notation is design.md's: `QH>T3`, `AC>F`, `draw`, `recycle`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Final

from solitaire_core.cards import Card

from .position import COLUMNS, Position
from .rules import fits_on, fits_on_foundation

RANK: Final = tuple(i % 13 + 1 for i in range(52))
SUIT: Final = tuple(i // 13 for i in range(52))
_CARDS: Final = tuple(Card.from_index(i) for i in range(52))
RED: Final = tuple(card.is_red for card in _CARDS)
CODE: Final = tuple(card.code for card in _CARDS)
KING: Final = 13
OPPOSITE: Final = ((1, 2), (0, 3), (0, 3), (1, 2))
"""The two suits of the other colour, for each suit."""
SAME: Final = (3, 2, 1, 0)
"""The other suit of the same colour (clubs and spades, diamonds and hearts)."""
FITS: Final = tuple(tuple(fits_on(card, below) for below in _CARDS) for card in _CARDS)
"""`FITS[x][y]`: card `x` may be laid on card `y` in a column: the rules' `rules.fits_on` as a table."""
PARENTS: Final = tuple(tuple(y for y in range(52) if FITS[x][y]) for x in range(52))
"""The cards a card may be put on in a column (`FITS`: one rank higher, other colour), by index."""
UP_FROM: Final = tuple(
    next(top for top in range(13) if fits_on_foundation((top,) * 4, card)) for card in _CARDS
)
"""`UP_FROM[x]`: the top rank its foundation must show for card `x` to go up (`found[SUIT[x]] == UP_FROM[x]`):
the rules' `rules.fits_on_foundation` as a table."""
CHILDREN: Final = tuple(tuple(x for x in range(52) if FITS[x][y]) for y in range(52))
"""The cards that may be put on a card in a column (`FITS`: one rank lower, other colour), by index."""
BYTE: Final = tuple(bytes((i,)) for i in range(256))
DRAW: Final = "draw"
RECYCLE: Final = "recycle"
TO_COLUMN: Final = tuple(f">T{c}" for c in range(COLUMNS))
TO_FOUNDATION: Final = ">F"


@dataclass(slots=True)
class Board:
    """A full-information board (every card known), as the solver's search starts from it."""

    cols: tuple[bytes, ...]
    found: tuple[int, int, int, int]
    seq: tuple[int, ...]
    mask: int
    ptr: int

    @classmethod
    def of(cls, position: Position) -> Board:
        """The board of `position`; every card must be known."""
        if not position.all_known:
            raise ValueError("the solver needs a position with every card known")
        cols = []
        for column, down in zip(position.tableau, position.face_down, strict=True):
            cards = [card.index for card in column if card is not None]
            if len(cards) != len(column):
                raise ValueError("the solver needs a position with every card known")
            cols.append(bytes((down, *cards)))
        seq = tuple(card.index for card in position.waste) + tuple(
            card.index for card in position.stock if card is not None
        )
        f = position.foundations
        return cls(tuple(cols), (f[0], f[1], f[2], f[3]), seq, (1 << len(seq)) - 1, len(position.waste))


def talon_reach(mask: int, ptr: int, draw: int = 1) -> list[tuple[int, int]]:
    """Every talon card that draws (and at most one recycle) can make the waste top, each once, with how
    many draws that takes (a recycle counts as one), fewest first within each pass.

    Draw 1: every card present. Draw 3 (design.md: a draw turns the next three stock cards, fewer when
    fewer are left, the third on top): the waste top now; after `j` draws the stock card `3j` (or the last
    one); after a recycle the whole talon is drawn again in threes from its start. A second recycle only
    repeats the first, so this is every card a player can bring to the waste top without playing one."""
    reach: list[tuple[int, int]] = []
    if draw == 1:
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            reach.append((low.bit_length() - 1, 0))
        return reach
    below = mask & ((1 << ptr) - 1)
    seen = 0
    if below:
        top = below.bit_length() - 1
        reach.append((top, 0))
        seen |= 1 << top
    stock = [k for k in _bits(mask >> ptr, ptr)]
    draws = 0
    for j in range(draw - 1, len(stock) + draw - 1, draw):
        draws += 1
        k = stock[min(j, len(stock) - 1)]
        if not seen >> k & 1:
            seen |= 1 << k
            reach.append((k, draws))
    talon = _bits(mask, 0)
    if not talon or (not stock and not below):
        return reach
    draws += 1  # the recycle
    for j in range(draw - 1, len(talon) + draw - 1, draw):
        draws += 1
        k = talon[min(j, len(talon) - 1)]
        if not seen >> k & 1:
            seen |= 1 << k
            reach.append((k, draws))
    return reach


def _bits(mask: int, offset: int) -> list[int]:
    """The indexes of the set bits of `mask`, lowest first, plus `offset`."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1 + offset)
    return out


def talon_key(mask: int, ptr: int, draw: int) -> bytes:
    """What identifies the talon in a state key: the cards left, and with draw 3 how many of them are on the
    waste (where the pointer stands matters there; with draw 1 it never changes what can be played)."""
    if draw == 1:
        return mask.to_bytes(4, "little")
    return mask.to_bytes(4, "little") + BYTE[(mask & ((1 << ptr) - 1)).bit_count()]


def talon_steps(seq: tuple[int, ...], mask: int, ptr: int, k: int, draw: int = 1) -> tuple[list[str], int]:
    """The draws (and recycle) that make talon card `k` the waste top, and the pointer after them
    (`k + 1`). `k` must be present in `mask` and, with draw 3, one of `talon_reach`'s cards."""
    if draw != 1:
        ahead = len(_bits(mask >> ptr, 0))
        for card, draws in talon_reach(mask, ptr, draw):
            if card == k:
                first = -(-ahead // draw)  # the draws that empty the stock
                if draws <= first and (draws or k < ptr):
                    return [DRAW] * draws, k + 1
                return [DRAW] * first + [RECYCLE] + [DRAW] * (draws - first - 1), k + 1
        raise ValueError(f"talon card {k} cannot be brought to the waste top")
    below = mask & ((1 << ptr) - 1)
    if k < ptr:
        if below >> (k + 1) == 0:
            return [], ptr  # k is the waste top already
        ahead = (mask >> ptr).bit_count()
        steps = [DRAW] * ahead
        steps.append(RECYCLE)
        steps.extend([DRAW] * (mask & ((1 << (k + 1)) - 1)).bit_count())
        return steps, k + 1
    return [DRAW] * ((mask >> ptr) & ((1 << (k + 1 - ptr)) - 1)).bit_count(), k + 1


def finish_line(
    cols: list[bytes], found: list[int], seq: tuple[int, ...], mask: int, ptr: int, *, draw: int = 1
) -> list[str]:
    """The moves that put every card on the foundations once no column has a face-down card (draw 1; with
    draw 3 see `try_finish`, which may fail).

    Each column's face-up cards form a run (down in rank, alternating colours), so the lowest card that a
    foundation needs next is never under another card: any card above it in its run is lower and would be
    needed first. Playing that card each time always finishes the game (with draw 1 every talon card can be
    made the waste top).
    """
    line = try_finish(cols, found, seq, mask, ptr, draw=draw)
    if line is None:  # pragma: no cover - impossible with draw 1 by the argument above
        raise AssertionError("finish_line: the next card is covered")
    return line


def try_finish(
    cols: list[bytes], found: list[int], seq: tuple[int, ...], mask: int, ptr: int, *, draw: int = 1
) -> list[str] | None:
    """`finish_line` for either draw: each time the lowest card that can go up now (a column's top, or a
    talon card that draws can bring to the waste top), with the draws it needs; `None` when no card can go
    up before the end. With draw 1 that never happens (`finish_line`); with draw 3 a talon card can be out
    of reach, and the caller must then search on (a failure proves nothing)."""
    plays = finish_plays(cols, found, seq, mask, ptr, draw)
    if plays is None:
        return None
    line: list[str] = []
    for card, k in plays:
        if k >= 0:
            steps, ptr = talon_steps(seq, mask, ptr, k, draw)
            line.extend(steps)
            mask ^= 1 << k
        line.append(CODE[card] + TO_FOUNDATION)
    return line


def finish_plays(  # noqa: PLR0917 - the board's parts, as `try_finish` takes them
    cols: list[bytes] | tuple[bytes, ...], found: list[int] | tuple[int, ...], seq: tuple[int, ...],
    mask: int, ptr: int, draw: int = 1, where: dict[int, int] | None = None,
    reach_of: Callable[[int, int], Collection[int]] | None = None,
) -> list[tuple[int, int]] | None:
    """The cards `try_finish` plays up, in order, each with its talon index (-1 for a column's top), or `None`
    when it fails: what a search needs to know whether a state finishes, without the notation. `where` maps
    each card of `seq` to its index and `reach_of(mask, ptr)` gives the talon indexes `talon_reach` brings to
    the waste top (a search passes its own, remembered); both are built here when not given."""
    if where is None:
        where = {card: k for k, card in enumerate(seq)}
    cols = list(cols)
    tops = {col[-1]: c for c, col in enumerate(cols) if len(col) > 1}
    found = list(found)
    plays: list[tuple[int, int]] = []
    while True:
        best = -1
        best_k = -1
        reach: Collection[int] | None = None
        for suit in range(4):
            rank = found[suit]
            if rank == KING or (best >= 0 and rank + 1 >= RANK[best]):
                continue
            card = suit * 13 + rank
            k = where.get(card, -1)
            if k >= 0 and mask >> k & 1:
                if reach is None:
                    reach = reach_of(mask, ptr) if reach_of else [t for t, _ in talon_reach(mask, ptr, draw)]
                if k in reach:
                    best, best_k = card, k
            elif card in tops:
                best, best_k = card, -1
        if best < 0:
            return plays if all(rank == KING for rank in found) else None
        if best_k >= 0:
            mask ^= 1 << best_k
            ptr = best_k + 1
        else:
            c = tops.pop(best)
            col = cols[c] = cols[c][:-1]
            if len(col) > 1:
                tops[col[-1]] = c
        plays.append((best, best_k))
        found[SUIT[best]] += 1


def card_of(index: int) -> Card:
    """The `Card` of a deck index."""
    return Card.from_index(index)
