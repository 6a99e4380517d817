"""A game of Pyramid in progress: pairs, kings, draws, recycles, unlimited undo, outcome and knowledge.

The position is the mask of pyramid cards still in place, the stock (top last in the list), the waste (top
last) and the pass (1-3; each recycle starts the next one). Every move pushes what it changes, so undo
restores the position exactly, the pass counter included. Knowledge (which of the 52 cards the player has
seen) only grows: every pyramid card from the start, and each stock card once it has been the face-up top
of the stock. Undo never takes knowledge back.

**The end of a game** is every game's (`solitaire_core.ending`, as in TriPeaks): a won game is *over* until
an undo reopens it; giving up ends it for good (moves, draws, recycles and undos are refused, only a restart
plays again); seeing the solution makes every card known and closes a game that still hid some. A stuck
position always has every card known (the stock was run through), so its solution may be shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from solitaire_core.cards import DECK_SIZE, Card
from solitaire_core.ending import Outcome
from solitaire_core.masks import indexes_of
from solitaire_core.moveplay import MovePlay

from .deal import STOCK_START, Deal, DealId
from .errors import GameInProgressError, GameOverError, PositionError
from .layout import FULL_MASK, PYRAMID_SIZE
from .moves import (
    STOCK,
    UNDO,
    WASTE,
    Action,
    IllegalMove,
    Move,
    Place,
    Reason,
    Rejection,
    place_order,
)
from .rules import (
    KING,
    PAIR_SUM,
    PASSES,
    can_recycle,
    free_mask,
    is_free,
    leaves_alone,
    legal_moves,
    makes_13,
)


@dataclass(frozen=True, slots=True)
class _Step:
    move: Move
    remaining: int
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    pass_number: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything the player knows about the position, and nothing more. The hint sees only this.

    `pyramid[i]` is the card at index `i` while it is there (all pyramid cards are face up), else `None`.
    `stock` lists the stock top first, with `None` for a card never seen (the top itself is always seen).
    `waste` lists the waste bottom first (every waste card has been face up). `unseen` is the set of cards
    never seen, which fill exactly the `None` slots of the stock.
    """

    remaining: int
    pyramid: tuple[Card | None, ...]
    stock: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    pass_number: int
    unseen: frozenset[Card]

    @property
    def all_known(self) -> bool:
        """True when no card is hidden from the player any more."""
        return not self.unseen

    def key(self) -> str:
        """A canonical text of the view, used to seed the hint's sampling deterministically."""
        pyramid = ",".join(c.code if c is not None else "-" for c in self.pyramid)
        stock = ",".join(c.code if c is not None else "?" for c in self.stock)
        waste = ",".join(c.code for c in self.waste)
        unseen = ",".join(sorted(c.code for c in self.unseen))
        return f"pyramid1|{pyramid}|{stock}|{waste}|{self.pass_number}|{unseen}"


class Game(MovePlay[int, Move, Rejection]):
    """One game of Pyramid on a given deal. Its end (`Ending`) is every game's; its moves, draws, recycles
    and undos are played as Klondike's and Pyramid's (`MovePlay`)."""

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
        self._ranks = deal.ranks()
        self._remaining = FULL_MASK
        self._stock: list[int] = list(range(DECK_SIZE - 1, STOCK_START - 1, -1))
        self._waste: list[int] = []
        self._pass = 1
        self._steps: list[_Step] = []
        self._actions: list[Action] = []
        self._version = 0
        self._known: set[int] = set(range(STOCK_START + 1))
        for index in known:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < DECK_SIZE:
                raise PositionError(f"known card index {index!r} is not in 0-51")
            self._known.add(index)

    # --- reading the position -------------------------------------------------------------------------

    @property
    def remaining(self) -> int:
        """Mask of the pyramid indexes that still hold a card."""
        return self._remaining

    def is_present(self, index: int) -> bool:
        """True when the pyramid card at `index` is still there."""
        return bool(self._remaining >> index & 1)

    def is_playable(self, index: int) -> bool:
        """True when the pyramid card at `index` is there and both cards covering it are gone."""
        return is_free(self._remaining, index)

    @property
    def stock_top(self) -> Card | None:
        """The face-up top of the stock, or `None` when the stock is empty."""
        return self.deal.cards[self._stock[-1]] if self._stock else None

    @property
    def waste_top(self) -> Card | None:
        """The top of the waste, or `None` when the waste is empty."""
        return self.deal.cards[self._waste[-1]] if self._waste else None

    @property
    def stock_count(self) -> int:
        """How many cards are in the stock."""
        return len(self._stock)

    @property
    def waste_count(self) -> int:
        """How many cards are on the waste."""
        return len(self._waste)

    @property
    def stock_indexes(self) -> tuple[int, ...]:
        """Deal indexes of the stock cards, top first."""
        return tuple(reversed(self._stock))

    @property
    def waste_indexes(self) -> tuple[int, ...]:
        """Deal indexes of the waste cards, bottom first."""
        return tuple(self._waste)

    @property
    def pass_number(self) -> int:
        """The pass through the stock, 1 to 3."""
        return self._pass

    @property
    def removed(self) -> int:
        """How many of the 28 pyramid cards are gone (the "N sur 28" of the status bar)."""
        return PYRAMID_SIZE - self._remaining.bit_count()

    @property
    def won(self) -> bool:
        """True once the pyramid is empty."""
        return not self._remaining

    def game_over(self) -> Rejection:
        """The refusal of every move, and of an undo once given up or closed."""
        return Rejection(Reason.GAME_OVER)

    @property
    def can_draw(self) -> bool:
        """True when a draw would be accepted: the stock has a card to turn and the game is not over."""
        return bool(self._stock) and not self.over

    @property
    def can_recycle(self) -> bool:
        """True when a recycle is legal now."""
        return self.check_recycle() is None

    def _index_at(self, place: Place) -> int | None:
        """The deal index at a place, or `None` when the place holds no card."""
        if place == STOCK:
            return self._stock[-1] if self._stock else None
        if place == WASTE:
            return self._waste[-1] if self._waste else None
        return place if self._remaining >> place & 1 else None

    def card_at(self, place: Place) -> Card | None:
        """The card at a place, or `None` when there is none."""
        index = self._index_at(self._check_place(place))
        return None if index is None else self.deal.cards[index]

    def playable_places(self) -> list[Place]:
        """The places whose card can be removed now (alone or in a pair): the uncovered pyramid cards, the
        stock top and the waste top, in print order."""
        places: list[Place] = list(indexes_of(free_mask(self._remaining)))
        if self._stock:
            places.append(STOCK)
        if self._waste:
            places.append(WASTE)
        return places

    def rank_at(self, place: Place) -> int:
        """The rank at a place that holds a card."""
        index = self._index_at(place)
        if index is None:
            raise PositionError(f"there is no card at place {place}")
        return self._ranks[index]

    def partners(self, place: Place) -> list[Place]:
        """The playable places whose card makes 13 with the playable card at `place` (empty for a king)."""
        rank = self.rank_at(place)
        return [p for p in self.playable_places() if p != place and makes_13(rank, self.rank_at(p))]

    def legal_moves(self) -> list[Move]:
        """Every legal move: kings, pairs, then draw and recycle (none once the game is over)."""
        if self.over:
            return []
        free = [(place, self.rank_at(place)) for place in self.playable_places()]
        return legal_moves(free, len(self._stock), self.can_recycle)

    def outcome(self) -> Outcome:
        """Given up after `give_up`; won once the pyramid is empty; stuck when no move is legal."""
        if self._given_up:
            return Outcome.GIVEN_UP
        if not self._remaining:
            return Outcome.WON
        if not self.legal_moves():
            return Outcome.STUCK
        return Outcome.PLAYING

    # --- checking and making moves ---------------------------------------------------------------------

    def _check_place(self, place: object) -> Place:
        if place in (STOCK, WASTE):
            return place
        if isinstance(place, bool) or not isinstance(place, int) or not 0 <= place < PYRAMID_SIZE:
            raise PositionError(f"a place is 0-27, 'S' or 'W', not {place!r}")
        return place

    def _check_present(self, place: Place) -> int:
        index = self._index_at(self._check_place(place))
        if index is None:
            if place == STOCK:
                raise PositionError("the stock is empty: there is no stock top to play")
            if place == WASTE:
                raise PositionError("the waste is empty: there is no waste top to play")
            raise PositionError(f"the pyramid card at {place} is already gone")
        return index

    def _covered(self, place: Place) -> bool:
        return isinstance(place, int) and not is_free(self._remaining, place)

    def check_recycle(self) -> Rejection | None:
        """Why a recycle would be refused, or `None` if it is legal."""
        if self.over:
            return Rejection(Reason.GAME_OVER)
        if self._stock:
            return Rejection(Reason.STOCK_NOT_EMPTY)
        if can_recycle(len(self._stock), len(self._waste), self._pass):
            return None
        if self._pass >= PASSES:
            return Rejection(Reason.NO_RECYCLE_LEFT)
        return Rejection(Reason.WASTE_EMPTY)

    def parse_move(self, text: str) -> Move:
        """The move of `text` (`Move.parse`)."""
        return Move.parse(text)

    def check(self, move: Move) -> Rejection | None:
        """Why `move` would be refused, or `None` if it is legal. A place that holds no card is not a
        refusal but bad input: `PositionError`. Once the game is over every move is refused (`game_over`),
        before any place is looked at: until an undo reopens a won deal, for good once given up."""
        if self.over:
            return Rejection(Reason.GAME_OVER)
        if move.kind == "draw":
            return None if self._stock else Rejection(Reason.STOCK_EMPTY)
        if move.kind == "recycle":
            return self.check_recycle()
        indexes = [self._check_present(place) for place in move.places]
        for place in move.places:
            if self._covered(place):
                return Rejection(Reason.COVERED, place)
        ranks = [self._ranks[i] for i in indexes]
        if move.kind == "king":
            return None if leaves_alone(ranks[0]) else Rejection(Reason.NOT_KING, move.places[0])
        return None if makes_13(ranks[0], ranks[1]) else Rejection(Reason.NOT_THIRTEEN)

    def undo(self) -> bool:
        """Take back the last move; return False (and change nothing) when there is none or undo is refused
        (`check_undo`)."""
        if not self._steps or self.check_undo() is not None:
            return False
        step = self._steps.pop()
        self._remaining = step.remaining
        self._stock = list(step.stock)
        self._waste = list(step.waste)
        self._pass = step.pass_number
        self._version += 1
        self._actions.append(UNDO)
        return True

    def _apply(self, move: Move) -> None:
        self._steps.append(_Step(move, self._remaining, tuple(self._stock), tuple(self._waste), self._pass))
        self._version += 1
        if move.kind == "draw":
            self._waste.append(self._stock.pop())
        elif move.kind == "recycle":
            self._stock = self._waste[::-1]
            self._waste = []
            self._pass += 1
        else:
            # the stock top before the waste top: removing one never moves the other
            for place in sorted(move.places, key=place_order):
                if place == STOCK:
                    self._stock.pop()
                elif place == WASTE:
                    self._waste.pop()
                else:
                    self._remaining &= ~(1 << place)
        if self._stock:
            self._known.add(self._stock[-1])

    # --- views ------------------------------------------------------------------------------------------

    def player_view(self) -> PlayerView:
        """What the player knows: the only input the hint may use."""
        cards, known = self.deal.cards, self._known
        pyramid = tuple(cards[i] if self._remaining >> i & 1 else None for i in range(PYRAMID_SIZE))
        stock = tuple(cards[i] if i in known else None for i in reversed(self._stock))
        waste = tuple(cards[i] for i in self._waste)
        unseen = frozenset(cards[i] for i in range(DECK_SIZE) if i not in known)
        return PlayerView(self._remaining, pyramid, stock, waste, self._pass, unseen)

    def __repr__(self) -> str:
        name = str(self.deal_id) if self.deal_id else "custom deal"
        return (
            f"<Game {name} removed={self.removed}/28 stock={self.stock_count} waste={self.waste_count} "
            f"pass={self._pass}/3 moves={self.moves}>"
        )


__all__ = ["KING", "PAIR_SUM", "PASSES", "Game", "Outcome", "PlayerView"]
