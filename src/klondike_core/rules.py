"""Klondike's rules as pure functions on a `position.Position`: where a card is, whether a move is legal and
why not, the position after it, every legal move, and each card's destinations.

These work on a full position and on a player's view alike (`Position.view`, with `None` for a card the
player has not seen): a face-up card, a waste card or a foundation card is never hidden, and the only moves
that touch a hidden card are a draw of an unseen stock card and the flip of an unseen face-down card, which
callers that look at views check for before they apply (`progress`). The game (`game.Game`) adds the
history, the knowledge, giving up and the end of the game on top.

Rules (design.md, seed 003): draw 1 or draw 3 (`Position.draw`), unlimited passes; a draw turns the stock's
next `draw` cards (fewer when fewer are left) one by one onto the waste, so the last is on top, and only the
waste top plays. A tableau card goes on a card one rank higher of the
other colour; a face-up card moves with the ordered run on it; only a king (or a run it heads) goes into an
empty column; foundations build up by suit from the ace, from the waste top or a column's top card; a
foundation's top card may come back onto a column; a face-down card left on top of a column turns face up
as part of the move that uncovered it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from solitaire_core.cards import Card

from .moves import (
    DRAW_MOVE,
    FOUNDATION,
    RECYCLE_MOVE,
    IllegalMove,
    Move,
    Reason,
    Rejection,
    Target,
    target_text,
)
from .position import COLUMNS, Position

KING: Final = 13
ACE: Final = 1
FULL: Final = (13, 13, 13, 13)

Where = Literal["waste", "tableau", "foundation"]


@dataclass(frozen=True, slots=True)
class Source:
    """Where a playable card is: the waste top, a face-up card of column `column` at `depth` (0 the
    deepest), or the top of its foundation."""

    where: Where
    column: int = -1
    depth: int = -1


def is_won(position: Position) -> bool:
    """All 52 cards are on the foundations."""
    return position.foundations == FULL


def foundation_card(position: Position, suit: int) -> Card | None:
    """The top card of the foundation of `suit`, or `None` when it is empty."""
    rank = position.foundations[suit]
    return Card(rank, suit) if rank else None


def locate(position: Position, card: Card) -> Source | None:
    """Where `card` can be played from, or `None` when it is not the waste top, a face-up tableau card or a
    foundation's top card."""
    if position.waste and position.waste[-1] == card:
        return Source("waste")
    if position.foundations[card.suit] == card.rank:
        return Source("foundation")
    for column, (cards, down) in enumerate(zip(position.tableau, position.face_down, strict=True)):
        for depth in range(down, len(cards)):
            if cards[depth] == card:
                return Source("tableau", column, depth)
    return None


def face_down_at(position: Position, card: Card) -> bool:
    """True when `card` is one of the face-down tableau cards shown in `position`."""
    return any(card in cards[:down] for cards, down in zip(position.tableau, position.face_down, strict=True))


def fits_on(card: Card, below: Card) -> bool:
    """`card` may be laid on `below` in a column: one rank lower and of the other colour."""
    return card.rank == below.rank - 1 and card.is_red != below.is_red


def check_draw(position: Position) -> Rejection | None:
    """Why a draw is refused (`stock_empty`: recycle first; `nothing_to_draw`: stock and waste empty)."""
    if position.stock:
        return None
    return Rejection(Reason.STOCK_EMPTY if position.waste else Reason.NOTHING_TO_DRAW)


def check_recycle(position: Position) -> Rejection | None:
    """Why a recycle is refused (`stock_not_empty`, `nothing_to_recycle`)."""
    if position.stock:
        return Rejection(Reason.STOCK_NOT_EMPTY)
    if not position.waste:
        return Rejection(Reason.NOTHING_TO_RECYCLE)
    return None


def check_target(position: Position, card: Card, source: Source, target: Target) -> Rejection | None:
    """Why the playable `card` (at `source`) cannot go to `target`, or `None` when it can."""
    place = target_text(target)
    if target == FOUNDATION:
        if source.where == "foundation":
            return Rejection(Reason.ON_FOUNDATION, place)
        if source.where == "tableau" and source.depth != len(position.tableau[source.column]) - 1:
            return Rejection(Reason.NOT_TOP, place)
        if not fits_on_foundation(position.foundations, card):
            return Rejection(Reason.FOUNDATION_ORDER, place)
        return None
    if source.where == "tableau" and source.column == target:
        return Rejection(Reason.SAME_COLUMN, place)
    column = position.tableau[target]
    if fits_on_column(card, column):
        return None
    if not column:
        return Rejection(Reason.ONLY_KING, place)
    below = column[-1]
    assert below is not None  # a column's top card is face up, so always shown
    return Rejection(Reason.NOT_ONE_LOWER if card.rank != below.rank - 1 else Reason.SAME_COLOUR, place)


def check(position: Position, move: Move) -> Rejection | None:
    """Why `move` is refused in `position`, or `None` when it is legal (the end of the game aside: see
    `Game.check`). A card that cannot move at all is `face_down` when it is a face-down card the position
    shows, else `not_free` (under the waste top or a foundation top, in the stock, or face down and unseen:
    the same answer whatever the unseen card, so a refusal never tells where an unseen card lies)."""
    if move.kind == "draw":
        return check_draw(position)
    if move.kind == "recycle":
        return check_recycle(position)
    assert move.card is not None and move.target is not None
    source = locate(position, move.card)
    if source is None:
        return Rejection(Reason.FACE_DOWN if face_down_at(position, move.card) else Reason.NOT_FREE)
    return check_target(position, move.card, source, move.target)


def _flip(cards: tuple[Card | None, ...], down: int) -> int:
    """The face-down count of a column once its top card, if face down, has turned."""
    return down - 1 if cards and down == len(cards) else down


def apply(position: Position, move: Move) -> Position:
    """The position after the legal `move` (checked with `check`), the flip of an uncovered card included."""
    tableau, face_down = position.tableau, position.face_down
    stock, waste, foundations = position.stock, position.waste, position.foundations
    draw = position.draw
    if move.kind == "draw":
        drawn = stock[:draw]
        assert None not in drawn, "a view cannot draw an unseen card"
        turned = tuple(card for card in drawn if card is not None)
        after = (*waste, *turned)
        return Position(tableau, face_down, stock[draw:], after, foundations, position.unseen, draw)
    if move.kind == "recycle":
        return Position(tableau, face_down, tuple(waste), (), foundations, position.unseen, draw)
    card, target = move.card, move.target
    assert card is not None and target is not None
    source = locate(position, card)
    assert source is not None
    columns = list(tableau)
    downs = list(face_down)
    tops = list(foundations)
    if source.where == "waste":
        moving: tuple[Card | None, ...] = (card,)
        waste = waste[:-1]
    elif source.where == "foundation":
        moving = (card,)
        tops[card.suit] -= 1
    else:
        cards = columns[source.column]
        moving = cards[source.depth :]
        columns[source.column] = cards[: source.depth]
        downs[source.column] = _flip(columns[source.column], downs[source.column])
    if target == FOUNDATION:
        tops[card.suit] = card.rank
    else:
        columns[target] = columns[target] + moving
    found = (tops[0], tops[1], tops[2], tops[3])
    return Position(tuple(columns), tuple(downs), stock, waste, found, position.unseen, draw)


def sources(position: Position) -> list[tuple[Card, Source]]:
    """Every card that may move, in a fixed order: the waste top, each column's face-up cards (left to
    right, deepest first), then the foundation tops (clubs, diamonds, hearts, spades)."""
    found: list[tuple[Card, Source]] = []
    if position.waste:
        found.append((position.waste[-1], Source("waste")))
    for column, (cards, down) in enumerate(zip(position.tableau, position.face_down, strict=True)):
        for depth in range(down, len(cards)):
            card = cards[depth]
            assert card is not None
            found.append((card, Source("tableau", column, depth)))
    for suit in range(4):
        top = foundation_card(position, suit)
        if top is not None:
            found.append((top, Source("foundation")))
    return found


TARGETS: Final[tuple[Target, ...]] = (*range(COLUMNS), FOUNDATION)


def destinations(position: Position, card: Card, source: Source) -> list[Target]:
    """Every target the playable `card` (at `source`) may go to now, columns first (left to right), then
    `"F"`: exactly the targets `check_target` accepts (a test compares the two), written without building
    refusals because the progress search asks it for every card of every position it visits."""
    found: list[Target] = []
    own = source.column if source.where == "tableau" else -1
    for column, cards in enumerate(position.tableau):
        if column != own and fits_on_column(card, cards):
            found.append(column)
    if (
        source.where != "foundation"
        and fits_on_foundation(position.foundations, card)
        and (source.where != "tableau" or source.depth == len(position.tableau[source.column]) - 1)
    ):
        found.append(FOUNDATION)
    return found


def fits_on_column(card: Card, column: tuple[Card | None, ...]) -> bool:
    """`card` (or the run it heads) may go onto `column`: a king onto an empty column, any other card onto a
    top card one rank higher of the other colour (`fits_on`)."""
    if not column:
        return card.rank == KING
    below = column[-1]
    assert below is not None  # a column's top card is face up, so always shown
    return fits_on(card, below)


def fits_on_foundation(foundations: tuple[int, ...], card: Card) -> bool:
    """`card` is the next card its foundation needs (one rank above its top, an ace on an empty one), the
    foundations' top ranks being `foundations` (`Position.foundations`)."""
    return foundations[card.suit] == card.rank - 1


def legal_moves(position: Position) -> list[Move]:
    """Every legal move: each playable card onto each of its destinations (in `sources` order), then draw
    or recycle. None once the game is won."""
    if is_won(position):
        return []
    moves = [
        Move("move", card, target)
        for card, source in sources(position)
        for target in destinations(position, card, source)
    ]
    if position.stock:
        moves.append(DRAW_MOVE)
    elif position.waste:
        moves.append(RECYCLE_MOVE)
    return moves


def legal_notation(position: Position) -> list[str]:
    """`legal_moves` in notation (what the hint and the solver's lines speak)."""
    return [str(move) for move in legal_moves(position)]


def play(position: Position, text: str) -> Position:
    """The position after the move written `text` (`Move.parse`), which must be legal (`ValueError` naming
    the move and why otherwise: a `MoveError` for bad notation, an `IllegalMove` for a refused move)."""
    move = Move.parse(text)
    rejection = check(position, move)
    if rejection is not None:
        raise IllegalMove(move, rejection)
    return apply(position, move)


def known_after(position: Position, known: frozenset[Card]) -> frozenset[Card]:
    """What the player knows in `position` of a full game, given `known` before: every face-up tableau
    card, the waste and the foundations are known; nothing is ever forgotten."""
    seen = set(known)
    for column, down in zip(position.tableau, position.face_down, strict=True):
        seen.update(card for card in column[down:] if card is not None)
    seen.update(position.waste)
    for suit, top in enumerate(position.foundations):
        seen.update(Card(rank, suit) for rank in range(1, top + 1))
    return frozenset(seen)
