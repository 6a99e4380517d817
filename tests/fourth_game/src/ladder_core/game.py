"""A game of Ladder in progress: takes, draws, undo, the outcome and what the player has seen.

The position is which row places still hold their card, the waste (deal indexes, top last) and the stock
(top last). Each move pushes what undo needs. What the player has seen only grows: the row and the first
waste card from the start, a stock card once drawn. The end of a game (won, given up, closed by a shown
solution) is the kernel's `Ending`; moves and undos in notation are its `MovePlay`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from solitaire_core.cards import Card
from solitaire_core.ending import Outcome
from solitaire_core.moveplay import MovePlay

from .deal import FIRST_WASTE, ROW, SIZE, STOCK_START, Deal, DealId
from .errors import GameInProgressError, GameOverError, IllegalMove, PositionError
from .moves import UNDO, Move, Rejection, place_name


def adjacent(first: Card, second: Card) -> bool:
    """The one rule of a take: one rank apart, no wrap."""
    return abs(first.rank - second.rank) == 1


@dataclass(frozen=True, slots=True)
class _Step:
    move: Move
    row: tuple[bool, ...]
    waste: tuple[int, ...]
    stock: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What the player knows, and all the hint may use: the row (`None` where taken), the waste top, the
    stock top first (`None` for a card never seen) and the cards never seen."""

    row: tuple[Card | None, ...]
    waste_top: Card
    stock: tuple[Card | None, ...]
    unseen: frozenset[Card]


class Game(MovePlay[int, Move, Rejection]):
    """One game of Ladder on a deal."""

    deal_ids = DealId
    deal: Deal
    deal_id: DealId | None
    game_over_error = GameOverError
    in_progress_error = GameInProgressError
    illegal_move = IllegalMove
    position_error = PositionError

    def __init__(self, deal: Deal, deal_id: DealId | None = None, known: Iterable[int] = ()) -> None:
        self.deal = deal
        self.deal_id = deal_id
        self._row = [True] * ROW
        self._waste = [FIRST_WASTE]
        self._stock = list(range(SIZE - 1, STOCK_START - 1, -1))
        self._steps: list[_Step] = []
        self._actions: list[object] = []
        self._version = 0
        self._known = set(range(STOCK_START)) | set(known)

    # --- reading the position ----------------------------------------------------------------------

    def every_card(self) -> Iterable[int]:
        """The deal's eight indexes (what a shown solution makes known)."""
        return range(SIZE)

    @property
    def all_known(self) -> bool:
        """True once the player has seen all eight cards."""
        return len(self._known) == SIZE

    @property
    def won(self) -> bool:
        """True once the row is empty."""
        return not any(self._row)

    def row_card(self, place: int) -> Card | None:
        """The card at a row place, or `None` once taken."""
        return self.deal.cards[place] if self._row[place] else None

    @property
    def waste_top(self) -> Card:
        """The waste's top card (the waste is never empty)."""
        return self.deal.cards[self._waste[-1]]

    @property
    def stock_count(self) -> int:
        """How many cards are face down in the stock."""
        return len(self._stock)

    @property
    def stock_indexes(self) -> tuple[int, ...]:
        """The stock's deal indexes, bottom first (the next card drawn last)."""
        return tuple(self._stock)

    @property
    def moves(self) -> int:
        """Moves in the current line of play."""
        return len(self._steps)

    def game_over(self) -> Rejection:
        """The refusal of every move once the game is over."""
        return Rejection("game_over")

    def legal_moves(self) -> list[Move]:
        """Every legal move: the takes, left to right, then the draw (none once the game is over)."""
        if self.over:
            return []
        takes = [Move(place) for place in range(ROW) if self.check(Move(place)) is None]
        return takes + ([Move(None)] if self._stock else [])

    def outcome(self) -> Outcome:
        """Given up, won, stuck (no legal move left) or playing."""
        if self._given_up:
            return Outcome.GIVEN_UP
        if self.won:
            return Outcome.WON
        return Outcome.PLAYING if self.legal_moves() else Outcome.STUCK

    # --- moves -------------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move of `text` (`Move.parse`)."""
        return Move.parse(text)

    def check(self, move: Move) -> Rejection | None:
        """Why `move` would be refused, or `None` when it is legal."""
        if self.over:
            return self.game_over()
        if move.place is None:
            return None if self._stock else Rejection("stock_empty")
        card = self.row_card(move.place)
        if card is None:
            return Rejection("gone", place_name(move.place))
        return None if adjacent(card, self.waste_top) else Rejection("not_adjacent", place_name(move.place))

    def _apply(self, move: Move) -> None:
        self._steps.append(_Step(move, tuple(self._row), tuple(self._waste), tuple(self._stock)))
        self._version += 1
        if move.place is None:
            drawn = self._stock.pop()
            self._known.add(drawn)
            self._waste.append(drawn)
        else:
            self._row[move.place] = False
            self._waste.append(move.place)

    def undo(self) -> bool:
        """Take back the last move; False (nothing changes) when there is none or undo is refused."""
        if not self._steps or self.check_undo() is not None:
            return False
        step = self._steps.pop()
        self._row, self._waste, self._stock = list(step.row), list(step.waste), list(step.stock)
        self._version += 1
        self._actions.append(UNDO)
        return True

    def player_view(self) -> PlayerView:
        """What the player knows: the hint's only input."""
        cards = self.deal.cards
        stock = tuple(cards[i] if i in self._known else None for i in reversed(self._stock))
        unseen = frozenset(cards[i] for i in range(SIZE) if i not in self._known)
        return PlayerView(tuple(self.row_card(p) for p in range(ROW)), self.waste_top, stock, unseen)
