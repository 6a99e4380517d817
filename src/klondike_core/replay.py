"""A small move applier on `Position`, for the solver's and the hint's own players, tests and benchmarks.

The rules engine (`game.py`) is the authority on moves; this module only lets the solver's side replay its
lines and play whole games without depending on the engine's classes. It reads design.md's notation
(`QH>T3`, `AC>F`, `draw`, `recycle`; a draw turns `Position.draw` cards) and applies a move it is told is
legal, checking what it needs to stay sane (`ValueError` otherwise). `legal_moves` lists every legal move of
a position, on what the player sees (face-up cards, the waste, the foundations' tops), so it works on a view
as well as on a full position.
"""

from __future__ import annotations

from solitaire_core.cards import Card

from .fast import DRAW, KING, RECYCLE
from .position import COLUMNS, Position


def _fits(card: Card, below: Card) -> bool:
    return below.rank == card.rank + 1 and below.is_red != card.is_red


def _turned(column: tuple[Card | None, ...], down: int) -> int:
    """The face-down count once a column's face-down top turns over by itself."""
    return down - 1 if down and len(column) == down else down


def _places(position: Position, card: Card, run: int) -> list[str]:
    """Every destination of `card` (heading `run` cards): columns, then the foundation for a single card."""
    out: list[str] = []
    for d, column in enumerate(position.tableau):
        if column:
            top = column[-1]
            if top is not None and _fits(card, top) and len(column) > position.face_down[d]:
                out.append(f"{card.code}>T{d}")
        elif card.rank == KING:
            out.append(f"{card.code}>T{d}")
    return out


def legal_moves(position: Position) -> list[str]:
    """Every legal move of `position` in notation (the foundation back to a column included)."""
    moves: list[str] = []
    found = position.foundations
    for c, column in enumerate(position.tableau):
        down = position.face_down[c]
        for i in range(down, len(column)):
            card = column[i]
            assert card is not None  # face-up cards are always known
            moves.extend(m for m in _places(position, card, len(column) - i) if m[3:] != f"T{c}")
        if len(column) > down:
            top = column[-1]
            assert top is not None
            if found[top.suit] == top.rank - 1:
                moves.append(f"{top.code}>F")
    if position.waste:
        top = position.waste[-1]
        moves.extend(_places(position, top, 1))
        if found[top.suit] == top.rank - 1:
            moves.append(f"{top.code}>F")
    for suit in range(4):
        if found[suit]:
            moves.extend(_places(position, Card(found[suit], suit), 1))
    if position.stock:
        moves.append(DRAW)
    elif position.waste:
        moves.append(RECYCLE)
    return moves


def apply_move(position: Position, move: str) -> Position:
    """`position` after the legal `move` (a face-down card left on top of a column turns face up: in a
    view, an unseen one stays `None`, so apply moves to a full position and take its view)."""
    tableau = [list(column) for column in position.tableau]
    down = list(position.face_down)
    stock, waste = list(position.stock), list(position.waste)
    found = list(position.foundations)
    if move == DRAW:
        if not stock:
            raise ValueError("draw: the stock is empty")
        for _ in range(min(position.draw, len(stock))):
            card = stock.pop(0)
            if card is None:
                raise ValueError("draw: the next stock card is unknown here (apply to a full position)")
            waste.append(card)
    elif move == RECYCLE:
        if stock or not waste:
            raise ValueError("recycle: only with the stock empty and the waste not")
        stock, waste = list(waste), []
    else:
        code, _, target = move.partition(">")
        card = Card.parse(code)
        # where the card comes from: the waste top, a face-up column card, or its foundation's top
        cards: list[Card | None]
        if waste and waste[-1] == card:
            cards = [waste.pop()]
        elif found[card.suit] == card.rank and target != "F":
            found[card.suit] -= 1
            cards = [card]
        else:
            for c in range(COLUMNS):
                column = tableau[c]
                if card in column[down[c] :]:
                    at = column.index(card)
                    cards = column[at:]
                    del column[at:]
                    down[c] = _turned(tuple(column), down[c])
                    break
            else:
                raise ValueError(f"{move}: {code} is not playable here")
        if target == "F":
            if len(cards) != 1 or found[card.suit] != card.rank - 1:
                raise ValueError(f"{move}: not a foundation move")
            found[card.suit] += 1
        elif len(target) == 2 and target[0] == "T" and target[1] in "0123456":
            tableau[int(target[1])].extend(cards)
        else:
            raise ValueError(f"{move}: unknown destination")
    return Position(
        tuple(tuple(column) for column in tableau),
        tuple(down),
        tuple(stock),
        tuple(waste),
        (found[0], found[1], found[2], found[3]),
        position.unseen,
        position.draw,
    )


def is_won(position: Position) -> bool:
    """All 52 cards on the foundations."""
    return position.foundations == (KING, KING, KING, KING)


def known_after(position: Position, known: frozenset[Card]) -> frozenset[Card]:
    """What the player knows in `position` of a full game, given `known` before: every face-up tableau
    card, the waste, the foundations are known; nothing is ever forgotten."""
    seen = set(known)
    for column, down in zip(position.tableau, position.face_down, strict=True):
        seen.update(card for card in column[down:] if card is not None)
    seen.update(position.waste)
    for suit, top in enumerate(position.foundations):
        seen.update(Card(rank, suit) for rank in range(1, top + 1))
    return frozenset(seen)
