"""The sloppy greedy player: a plain player with no look-ahead, fast enough to play a deal many times.

It is what the difficulty levels measure a deal with (`difficulty`): how often a player who takes the obvious
move, and now and then draws instead, wins the deal. It never looks at a card it has not seen (it reads only
face-up tableau cards, the waste top and the foundations: it does not even need to know the face-down cards,
it only turns them), and it never plans. At each step, among

1. a card to its foundation (a column's top card or the waste top);
2. a run moved off a face-down card onto another column (which turns that card), a king's run into an empty
   column included;
3. the waste top onto a column;

it picks one at random; but one time in `DRAW_INSTEAD`, when it could draw, it draws instead (the way a
quick player flips the stock before looking at the table); with none of them it draws, or recycles when the
stock is empty. It never moves a run that turns nothing, never takes a card down from a foundation. Every move
it makes is progress that cannot be undone (a card up, a card turned, a talon card out of the talon), so a
game ends: it is lost once a whole pass through the talon, from one recycle to the next, brings no move (the
next pass would be the same).

A won game is a proof that the deal is winnable: with `record` the line is kept in design.md's notation, and
the tests replay such lines through `rules` to a win, for draw one and draw three.

Cards are the ordered-deck indexes (`suit * 13 + rank - 1`); the random numbers are SplitMix64's
(`solitaire_core.shuffle`), so a deal's games are the same on every platform and forever.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from solitaire_core.cards import Card
from solitaire_core.shuffle import bounded

from .fast import FITS, KING, UP_FROM
from .position import COLUMNS, TABLEAU_SIZE, column_indexes

DRAW_INSTEAD: Final = 4
"""One time in this many, the player draws though it had a move."""
_RANK: Final = tuple(card % 13 + 1 for card in range(52))
_SUIT: Final = tuple(card // 13 for card in range(52))


def _code(card: int) -> str:
    return Card.from_index(card).code


def _table_moves(cols: list[list[int]], down: list[int], found: list[int]) -> list[tuple[int, int, int]]:
    """The tableau's moves in a fixed order, as (source column, index of the first card moved, target column
    or -1 for the foundation): for each column, its top card up, then its face-up run off a face-down card
    onto each other column (one empty column only, for a king)."""
    rank, suit, fits = _RANK, _SUIT, FITS
    moves: list[tuple[int, int, int]] = []
    for c in range(COLUMNS):
        col = cols[c]
        if not col:
            continue
        top = col[-1]
        if found[suit[top]] == UP_FROM[top]:
            moves.append((c, len(col) - 1, -1))
        d = down[c]
        if not d:
            continue
        base = col[d]
        for t in range(COLUMNS):
            if t == c:
                continue
            other = cols[t]
            if other:
                under = other[-1]
                if fits[base][under]:
                    moves.append((c, d, t))
            elif rank[base] == KING:
                moves.append((c, d, t))
                break  # one empty column is as good as another
    return moves


def play(
    deal: Sequence[int], draw: int, words: Iterator[int], record: list[str] | None = None,
    draw_instead: int = DRAW_INSTEAD,
) -> bool:
    """Play one game of the deal whose notation order holds the ordered-deck indexes `deal` (52 of them),
    drawing `draw` cards at a time, with the random numbers `words`; True when it is won. With `record`, the
    moves are appended to it in notation."""
    cols = [[deal[i] for i in column_indexes(c)] for c in range(COLUMNS)]
    down = list(range(COLUMNS))
    stock = list(reversed(deal[TABLEAU_SIZE:]))  # the next card drawn is last
    waste: list[int] = []
    found = [0, 0, 0, 0]
    idle = 0  # recycles since the last move of a card
    rank, suit, fits = _RANK, _SUIT, FITS
    table: list[tuple[int, int, int]] | None = None  # the tableau's moves, kept while only the talon changes
    while True:
        if table is None:
            table = _table_moves(cols, down, found)
        moves = table
        if waste:
            moves = list(table)
            top = waste[-1]
            if found[suit[top]] == UP_FROM[top]:
                moves.append((-1, 0, -1))
            for t in range(COLUMNS):
                other = cols[t]
                if other:
                    under = other[-1]
                    if fits[top][under]:
                        moves.append((-1, 0, t))
                elif rank[top] == KING:
                    moves.append((-1, 0, t))
                    break
        if moves and not (draw_instead and stock and bounded(words, draw_instead) == 0):
            source, index, target = moves[bounded(words, len(moves))] if len(moves) > 1 else moves[0]
            if source < 0:
                moving = [waste.pop()]
            else:
                col = cols[source]
                moving = col[index:]
                del col[index:]
                if col and down[source] == len(col):
                    down[source] -= 1
            if record is not None:
                record.append(f"{_code(moving[0])}>{'F' if target < 0 else f'T{target}'}")
            if target < 0:
                found[suit[moving[0]]] += 1
                if found == [13, 13, 13, 13]:
                    return True
            else:
                cols[target].extend(moving)
            idle = 0
            table = None
            continue
        if stock:
            for _ in range(min(draw, len(stock))):
                waste.append(stock.pop())
            if record is not None:
                record.append("draw")
        elif waste:
            if idle:
                return False  # a whole pass through the talon, recycle to recycle, brought no move
            idle = 1
            stock = waste[::-1]
            waste = []
            if record is not None:
                record.append("recycle")
        else:
            return False


__all__ = ["DRAW_INSTEAD", "play"]
