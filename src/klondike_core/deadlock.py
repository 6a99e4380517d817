"""A proof of loss the solver can make without searching: some face-down card can never be turned.

A card leaves the card it lies on only by moving (alone or carrying the cards on it), and it can only go
- up to its foundation: it must be a column's top then, and every lower card of its suit already up;
- onto a card one rank higher of the other colour (a *parent*) that is a column's top then;
- into an empty column, if it is a king.

So, in any game from here, the first time a card leaves its place one of these held just before. That gives a
relaxation that is easy to compute: call a card *reachable* if it is in the talon (every talon card can be
made the waste top), on a foundation (it may come back down), a column's top, or lies under a card that can
leave; a card *can leave* if it is face up or reachable (a face-down card must be turned first) and one of:
it is reachable and every lower card of its suit is reachable; one of its parents is reachable; it is a
king and a column is empty or some column's bottom card can leave. The least fixed point of these rules
holds every card that ever becomes a column's top or leaves its place in a real game (by induction on the
time it happens: what the move needed happened earlier), and more. Turning a face-down card needs it
reachable, and a win turns every card; so if a face-down card is not reachable in the fixed point, the
position is lost.

Example (deal 38 at the start): the 5 of diamonds lies on 6C 4H 4D and the face-down 6S; both black sixes
and the 4 of diamonds are under it, so it can never leave, and the four cards under it never turn.
"""

from __future__ import annotations

import functools

from .fast import KING, PARENTS, RANK, SUIT

__all__ = ["never_turned"]

_Cell = tuple[int, int, bool, bool]
"""A column card as the sweep reads it: (card, the card under it or -1, this card face down, the one under it
face down)."""


def _cells(cols: tuple[bytes, ...]) -> tuple[list[bool], bool, int, list[_Cell]]:
    """What `never_turned` sweeps, read from the columns: which cards are a column's top (`reachable`),
    whether a column is empty (`room`, for a king), how many cards are face down, and each column card as
    (card, the card under it or -1, this card face down, the one under it face down), tops first."""
    reachable = [False] * 52
    room = False
    hidden = 0
    cells: list[_Cell] = []
    for col in cols:
        read = _column_cells(col)
        if read is None:
            room = True
            continue
        top, down, column_cells = read
        reachable[top] = True
        hidden += down
        cells.extend(column_cells)
    return reachable, room, hidden, cells


@functools.lru_cache(maxsize=1 << 16)
def _column_cells(col: bytes) -> tuple[int, int, tuple[_Cell, ...]] | None:
    """One column for `_cells`: its top card, its face-down count and its cells, tops first; None when it is
    empty. Remembered: a search meets the same columns again and again."""
    n = len(col)
    if n == 1:
        return None
    down = col[0]
    return col[-1], down, tuple(
        (col[i], col[i - 1] if i > 1 else -1, i <= down, 1 < i <= down + 1) for i in range(n - 1, 0, -1)
    )


def never_turned(cols: tuple[bytes, ...], found: tuple[int, ...], talon: list[int]) -> bool:
    """Is some face-down card of `cols` (the solver's columns: the face-down count, then the cards from the
    bottom) never turned, whatever is played (module docstring)? `found` is each foundation's height and
    `talon` the cards of the talon. The rules are swept over the columns' cards, tops first, until nothing
    changes; it stops as soon as every face-down card is reachable."""
    reachable, room, hidden, cells = _cells(cols)
    if not hidden:
        return False
    spare = list(talon)  # the talon's and the foundations' cards, not yet put on a column
    for suit in range(4):
        spare.extend(range(suit * 13, suit * 13 + found[suit]))
    off = [False] * 52  # in the talon: can go up whenever its suit is ready
    for card in talon:
        off[card] = True
    return _unreachable_remains(reachable, room, hidden, cells, spare, off, list(found))


def _unreachable_remains(  # noqa: PLR0917 - the state `never_turned` set up, passed on once
    reachable: list[bool], room: bool, hidden: int, cells: list[_Cell], spare: list[int], off: list[bool],
    upto: list[int],
) -> bool:
    """The fixed point of the module docstring's rules, swept until nothing changes: does a face-down card
    remain unreachable? Each sweep puts the `spare` cards (talon, foundations) where they can go, raises
    `upto` (per suit: every card up to this rank can go up; `off` marks the talon cards) and lets the column
    `cells` leave that can; `hidden` counts the face-down cards not yet reachable, and the sweep stops as
    soon as it reaches 0. One call a position, the sweeps kept inline (the solver asks this of every state:
    a call per sweep measured about 5% slower)."""
    rank_of, parents_of, suit_of = RANK, PARENTS, SUIT
    changed = True
    while changed:
        changed = False
        if spare:
            placed: list[int] = []
            for card in spare:  # a king goes into an empty column, another card onto a reachable parent
                parents = parents_of[card]
                if room if rank_of[card] == KING else (reachable[parents[0]] or reachable[parents[1]]):
                    reachable[card] = changed = True
                else:
                    placed.append(card)
            spare = placed
        for suit in range(4):
            rank = upto[suit]
            base = suit * 13
            while rank < KING and (reachable[base + rank] or off[base + rank]):
                rank += 1
            upto[suit] = rank
        waiting: list[_Cell] = []
        for cell in cells:
            card, under, face_down, under_down = cell
            here = reachable[card]
            if face_down and not here:
                waiting.append(cell)
                continue
            rank = rank_of[card]
            if rank == KING:
                if not (room or (here and upto[suit_of[card]] >= 12)):
                    waiting.append(cell)
                    continue
            else:
                first, second = parents_of[card]
                if not (reachable[first] or reachable[second] or (here and upto[suit_of[card]] >= rank - 1)):
                    waiting.append(cell)
                    continue
            changed = True
            if under < 0:
                room = True
            else:
                reachable[under] = True
                if under_down:
                    hidden -= 1
                    if not hidden:
                        return False
        cells = waiting
        if not cells:
            break
    return hidden > 0
