"""A game of Klondike in progress: card moves, draws, recycles, unlimited undo, outcome and knowledge.

The position is an immutable `position.Position` (the one the solver and the hint are given); every move
pushes the position before it, so undo restores it exactly (the recycle count included). The rules are
`rules`'s pure functions. Knowledge (which cards the player has seen) only grows (design.md): the face-up card
of each column from the start, a face-down card once it has turned, a stock card once it has been drawn.
Undo turns a card back face down but never makes it unknown. Draw three is an option of the game, not another
game: `Game(deal, draw=3)` (or a deal ID with `T`); its position says so (`Position.draw`), the rules turn
three cards a draw, and every card a draw turns is known from then on, even once the next ones cover it.

**The end of a game** is every game's (`solitaire_core.ending`, as in TriPeaks and Pyramid): a won game is
*over* until an undo reopens it; giving up ends it for good (moves, draws, recycles and undos are refused,
only a restart plays again); seeing the solution makes every card known and closes a game that still hid
some.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass

from solitaire_core.cards import Card
from solitaire_core.ending import Outcome
from solitaire_core.moveplay import MovePlay

from . import rules
from .deal import DRAWS, Deal, DealId
from .errors import GameInProgressError, GameOverError, PositionError
from .finish import finishing_move
from .moves import (
    DRAW_MOVE,
    RECYCLE_MOVE,
    UNDO,
    Action,
    IllegalMove,
    Move,
    Reason,
    Rejection,
    Target,
)
from .position import Position
from .progress import Progress, gets_anywhere


@dataclass(frozen=True, slots=True)
class _Step:
    move: Move
    before: Position
    recycles: int


class Game(MovePlay[Card, Move, Rejection]):
    """One game of Klondike on a given deal. Its end (`Ending`) is every game's; its moves, draws, recycles
    and undos are played as Klondike's and Pyramid's (`MovePlay`)."""

    deal_ids = DealId
    deal: Deal
    deal_id: DealId | None
    game_over_error = GameOverError
    in_progress_error = GameInProgressError
    illegal_move = IllegalMove
    position_error = PositionError

    def __init__(
        self, deal: Deal, deal_id: DealId | None = None, known: Iterable[Card] = (), draw: int | None = None
    ) -> None:
        if deal_id is not None and draw is not None and draw != deal_id.draw:
            raise PositionError(f"deal {deal_id} is played with draw {deal_id.draw}, not draw {draw}")
        draw = deal_id.draw if deal_id is not None else 1 if draw is None else draw
        if draw not in DRAWS or isinstance(draw, bool):
            raise PositionError(f"a draw turns 1 or 3 cards, not {draw!r}")
        self.deal = deal
        self.deal_id = deal_id
        self._position = deal.start(draw)
        self._recycles = 0
        self._steps: list[_Step] = []
        self._actions: list[Action] = []
        self._version = 0
        self._progress: tuple[int, Progress] | None = None
        self._known: set[Card] = {cards[-1] for cards in self._position.tableau if cards[-1] is not None}
        for card in known:
            if not isinstance(card, Card):
                raise PositionError(f"a known card is a Card, not {card!r}")
            self._known.add(card)

    def fresh_start(self) -> Game:
        """A new game of this deal under its draw, keeping what was seen (`Ending.restarted` numbers it
        on)."""
        return Game(self.deal, self.deal_id, self._known, self.draw)

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        """A copy to go back to (the session keeps one before each request that changes the game): the lists
        and the set are copied, the immutable parts (the deal, positions, cards, moves) shared, so the copy
        costs the length of the history in pointers, not a copy of every position in it."""
        twin = copy.copy(self)
        twin._steps = list(self._steps)
        twin._actions = list(self._actions)
        twin._known = set(self._known)
        memo[id(self)] = twin
        return twin

    # --- reading the position -------------------------------------------------------------------------

    @property
    def draw(self) -> int:
        """How many cards a draw turns: 1, or 3 in draw three."""
        return self._position.draw

    def position(self) -> Position:
        """The full position (every card shown): what the solver decides."""
        return self._position

    def player_view(self) -> Position:
        """The position as the player knows it (`Position.view`): the only input the hint may use."""
        return self._position.view(frozenset(self._known))

    @property
    def recycles(self) -> int:
        """How many times the waste was turned back into the stock in the current line of play."""
        return self._recycles

    @property
    def won(self) -> bool:
        """All 52 cards are on the foundations."""
        return rules.is_won(self._position)

    def game_over(self) -> Rejection:
        """The refusal of every move, and of an undo once given up or closed."""
        return Rejection(Reason.GAME_OVER)

    def every_card(self) -> Iterable[Card]:
        """The deal's 52 cards: what `reveal` makes known."""
        return self.deal.cards

    @property
    def can_draw(self) -> bool:
        """True when a draw would be accepted now."""
        return self.check_draw() is None

    @property
    def can_recycle(self) -> bool:
        """True when a recycle would be accepted now."""
        return self.check_recycle() is None

    def check_draw(self) -> Rejection | None:
        """Why a draw would be refused now (`game_over`, `stock_empty`, `nothing_to_draw`), or `None`."""
        return self.check(DRAW_MOVE)

    def check_recycle(self) -> Rejection | None:
        """Why a recycle would be refused now (`game_over`, `stock_not_empty`, `nothing_to_recycle`)."""
        return self.check(RECYCLE_MOVE)

    def progress(self) -> Progress:
        """Whether the position gets anywhere from what the player knows (`progress.gets_anywhere`),
        computed once per version."""
        if self._progress is None or self._progress[0] != self._version:
            self._progress = (self._version, gets_anywhere(self.player_view()))
        return self._progress[1]

    @property
    def no_progress(self) -> bool:
        """True while playing when moves are left but it is proven that none gets anywhere (the note)."""
        return self.outcome() is Outcome.PLAYING and self.progress() is Progress.NONE

    @property
    def autofinish(self) -> bool:
        """True when auto-finish is offered: playing, no face-down card, no unseen stock card."""
        return self.autofinish_move() is not None

    def autofinish_move(self) -> Move | None:
        """The next auto-finish move (an ordinary move, undoable), or `None` when auto-finish is not
        available (`progress.autofinish_move`)."""
        if self.over:
            return None
        return finishing_move(self.player_view())

    def legal_moves(self) -> list[Move]:
        """Every legal move (`rules.legal_moves`); none once the game is over."""
        return [] if self.over else rules.legal_moves(self._position)

    def movable(self) -> list[tuple[Card, list[Target]]]:
        """Each card that may move (waste top, face-up tableau cards, foundation tops, in `rules.sources`
        order) with its legal destinations now; empty once the game is over."""
        if self.over:
            return []
        position = self._position
        return [
            (card, rules.destinations(position, card, source)) for card, source in rules.sources(position)
        ]

    def outcome(self) -> Outcome:
        """Given up after `give_up`; won once all cards are on the foundations; stuck when no move is
        legal; else playing."""
        if self._given_up:
            return Outcome.GIVEN_UP
        if self.won:
            return Outcome.WON
        if not rules.legal_moves(self._position):
            return Outcome.STUCK
        return Outcome.PLAYING

    # --- checking and making moves ---------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move of `text` (`Move.parse`)."""
        return Move.parse(text)

    def check(self, move: Move) -> Rejection | None:
        """Why `move` would be refused, or `None` if it is legal. Once the game is over every move is
        refused (`game_over`) before anything else is looked at. A card the player has not seen is refused
        as `not_free` whether it is face down or in the stock, so a refusal never tells where it is."""
        if self.over:
            return Rejection(Reason.GAME_OVER)
        rejection = rules.check(self._position, move)
        if rejection is not None and rejection.reason is Reason.FACE_DOWN:
            assert move.card is not None
            if move.card not in self._known:
                return Rejection(Reason.NOT_FREE)
        return rejection

    def undo(self) -> bool:
        """Take back the last move (a card turned by it goes face down again, still known); return False
        (and change nothing) when there is none or undo is refused (`check_undo`)."""
        if not self._steps or self.check_undo() is not None:
            return False
        step = self._steps.pop()
        self._position = step.before
        self._recycles = step.recycles
        self._version += 1
        self._actions.append(UNDO)
        return True

    def _apply(self, move: Move) -> None:
        before = self._position
        self._steps.append(_Step(move, before, self._recycles))
        after = rules.apply(before, move)
        self._position = after
        self._version += 1
        if move.kind == "draw":
            self._known.update(after.waste[len(before.waste):])
        elif move.kind == "recycle":
            self._recycles += 1
        else:
            for cards, down, was in zip(after.tableau, after.face_down, before.face_down, strict=True):
                if down < was:
                    turned = cards[down]
                    assert turned is not None
                    self._known.add(turned)

    def __repr__(self) -> str:
        name = str(self.deal_id) if self.deal_id else "custom deal"
        done = sum(self._position.foundations)
        return (
            f"<Game {name} draw={self.draw} foundations={done}/52 stock={len(self._position.stock)} "
            f"waste={len(self._position.waste)} recycles={self._recycles} moves={self.moves}>"
        )


__all__ = ["Game", "Outcome"]
