"""A game in progress: takes, draws, unlimited undo, counters, outcome and what the player knows.

The state is small: the mask of table cards still in place, how many stock cards were drawn, the waste pile,
and a stack of the moves made (with the streak counters before each, so undo restores them exactly). A
table card is face up exactly when it is free or the deal is "all visible", so face-up-ness is derived, never
stored, and undoing a take that turned a card turns it face down again by construction.

Knowledge (which of the 52 cards the player has seen) only grows: undo never takes it back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .cards import DECK_SIZE, Card
from .deal import FIRST_WASTE, STOCK_SIZE, STOCK_START, Deal
from .dealid import DealId
from .errors import PositionError
from .layout import BASE_ROW, COVERER_MASK, COVERS, FULL_MASK, TABLE_SIZE, free_positions
from .moves import DRAW, UNDO, Action, IllegalMove, Move, Reason, Rejection
from .rules import STANDARD, Rules


class Outcome(StrEnum):
    """Where the game stands. `STUCK`: the stock is empty and no free card fits."""

    PLAYING = "playing"
    WON = "won"
    STUCK = "stuck"


@dataclass(frozen=True, slots=True)
class _Step:
    move: Move
    streak_before: int
    longest_before: int
    score_before: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything the player knows about the position, and nothing more. The hint sees only this.

    `table[p]` is the card at position `p` if it is still there and the player knows it (face up, or seen
    before and covered again by an undo), else `None`; `remaining` says which positions still hold a card.
    `stock` lists the undrawn stock, next card first, with `None` for cards never seen. `unseen` is the set of
    cards never seen, which fill exactly the `None` slots of the table and the stock.
    """

    rules: Rules
    remaining: int
    table: tuple[Card | None, ...]
    waste: Card
    stock: tuple[Card | None, ...]
    unseen: frozenset[Card]

    @property
    def all_known(self) -> bool:
        """True when no card is hidden from the player any more."""
        return not self.unseen

    def key(self) -> str:
        """A canonical text of the view, used to seed the hint's sampling deterministically."""
        table = ",".join(
            "-" if not self.remaining >> p & 1 else (c.code if (c := self.table[p]) else "?")
            for p in range(TABLE_SIZE)
        )
        stock = ",".join(c.code if c else "?" for c in self.stock)
        unseen = ",".join(sorted(c.code for c in self.unseen))
        rules = f"{int(self.rules.wrap)}{int(self.rules.all_visible)}"
        return f"{rules}|{table}|{self.waste.code}|{stock}|{unseen}"


_START_KNOWN: Final = frozenset([*BASE_ROW, FIRST_WASTE])


class Game:
    """One game of TriPeaks on a given deal and rules."""

    def __init__(
        self,
        deal: Deal,
        rules: Rules = STANDARD,
        deal_id: DealId | None = None,
        known: Iterable[int] = (),
    ) -> None:
        self.deal = deal
        self.rules = rules
        self.deal_id = deal_id
        self._ranks = tuple(card.rank for card in deal.cards)
        self._remaining = FULL_MASK
        self._drawn = 0
        self._waste: list[int] = [FIRST_WASTE]
        self._steps: list[_Step] = []
        self._actions: list[Action] = []
        self._streak = 0
        self._longest = 0
        self._score = 0
        self._draws = 0
        self._version = 0
        self._known: set[int] = set(_START_KNOWN)
        if rules.all_visible:
            self._known.update(range(TABLE_SIZE))
        for index in known:
            if not 0 <= index < DECK_SIZE:
                raise PositionError(f"known card index {index} is not in 0-51")
            self._known.add(index)

    @classmethod
    def from_id(cls, deal_id: DealId | str) -> Game:
        """A new game of the deal named by `deal_id`."""
        parsed = DealId.parse(deal_id) if isinstance(deal_id, str) else deal_id
        return cls(parsed.deal(), parsed.rules, parsed)

    def restarted(self) -> Game:
        """The same deal from its start, keeping everything the player has seen known. The version counts
        on from this game's: a restart is a change of position too, so a hint asked before it is stale."""
        game = Game(self.deal, self.rules, self.deal_id, self._known)
        game._version = self._version + 1
        return game

    # --- reading the position -------------------------------------------------------------------------

    @property
    def remaining(self) -> int:
        """Mask of the table positions that still hold a card."""
        return self._remaining

    def is_present(self, position: int) -> bool:
        """True when the card at `position` is still on the table."""
        return bool(self._remaining >> position & 1)

    def is_free(self, position: int) -> bool:
        """True when the card at `position` is present and no present card covers it."""
        return self.is_present(position) and not self._remaining & COVERER_MASK[position]

    def is_face_up(self, position: int) -> bool:
        """True when the card at `position` is present and shown face up."""
        return self.is_present(position) and (self.rules.all_visible or self.is_free(position))

    def card_at(self, position: int) -> Card:
        """The card at a table position (whether or not the player can see it)."""
        return self.deal.cards[position]

    @property
    def waste_top(self) -> Card:
        """The card on top of the waste: the current target."""
        return self.deal.cards[self._waste[-1]]

    @property
    def waste_size(self) -> int:
        """How many cards lie on the waste."""
        return len(self._waste)

    @property
    def stock_left(self) -> int:
        """How many cards remain in the stock."""
        return STOCK_SIZE - self._drawn

    @property
    def drawn(self) -> int:
        """How many stock cards were drawn in this line of play."""
        return self._drawn

    @property
    def cleared(self) -> int:
        """How many of the 28 table cards are gone."""
        return TABLE_SIZE - self._remaining.bit_count()

    @property
    def moves(self) -> int:
        """Takes and draws in the current line of play (undo takes one back)."""
        return len(self._steps)

    @property
    def draws(self) -> int:
        """Draws in the current line of play."""
        return self._draws

    @property
    def streak(self) -> int:
        """Cards taken in a row since the last draw."""
        return self._streak

    @property
    def longest_streak(self) -> int:
        """The longest streak of the current line of play."""
        return self._longest

    @property
    def score(self) -> int:
        """The optional streak score: a run of n cards taken without drawing scores n(n+1)/2."""
        return self._score

    @property
    def version(self) -> int:
        """Counts every change of position; a hint computed for another version is stale."""
        return self._version

    @property
    def history(self) -> list[Move]:
        """The moves of the current line of play, oldest first."""
        return [step.move for step in self._steps]

    @property
    def actions(self) -> list[Action]:
        """Every action since the deal started, undos included (what a save replays)."""
        return list(self._actions)

    @property
    def known(self) -> frozenset[int]:
        """Deal indexes (0-51) of every card the player has seen in this game."""
        return frozenset(self._known)

    @property
    def all_known(self) -> bool:
        """True when the player has seen all 52 cards."""
        return len(self._known) == DECK_SIZE

    @property
    def can_draw(self) -> bool:
        """True while the stock has a card to turn."""
        return self._drawn < STOCK_SIZE

    @property
    def can_undo(self) -> bool:
        """True when there is a move to take back."""
        return bool(self._steps)

    def free_mask(self) -> int:
        """Mask of the free table cards."""
        return free_positions(self._remaining)

    def fits(self, position: int) -> bool:
        """True when the card at `position` is one rank from the waste top."""
        return self.rules.adjacent(self._ranks[position], self._ranks[self._waste[-1]])

    def playable_positions(self) -> list[int]:
        """The free face-up cards that fit on the waste, lowest position first."""
        return [p for p in range(TABLE_SIZE) if self.is_free(p) and self.fits(p)]

    def legal_moves(self) -> list[Move]:
        """Every legal move: the playable positions, then `draw` if the stock is not empty."""
        moves: list[Move] = list(self.playable_positions())
        if self.can_draw:
            moves.append(DRAW)
        return moves

    def outcome(self) -> Outcome:
        """Won once the table is empty; stuck when the stock is empty and nothing fits."""
        if not self._remaining:
            return Outcome.WON
        if not self.can_draw and not self.playable_positions():
            return Outcome.STUCK
        return Outcome.PLAYING

    # --- checking and making moves ---------------------------------------------------------------------

    def _check_position(self, position: object) -> int:
        if isinstance(position, bool) or not isinstance(position, int):
            raise PositionError(f"a table position is an integer 0-27, not {position!r}")
        if not 0 <= position < TABLE_SIZE:
            raise PositionError(f"table position {position} is not in 0-27")
        if not self.is_present(position):
            raise PositionError(f"the card at position {position} is already gone")
        return position

    def check_take(self, position: int) -> Rejection | None:
        """Why taking `position` would be refused, or `None` if it is legal.

        A position out of range or already empty is not a refusal but bad input: `PositionError`.
        """
        position = self._check_position(position)
        if not self.is_face_up(position):
            return Rejection(Reason.FACE_DOWN, position)
        if not self.is_free(position):
            return Rejection(Reason.COVERED, position)
        if not self.fits(position):
            return Rejection(Reason.NOT_ADJACENT, position)
        return None

    def check_draw(self) -> Rejection | None:
        """Why drawing would be refused (`stock_empty`), or `None`."""
        return None if self.can_draw else Rejection(Reason.STOCK_EMPTY)

    def try_take(self, position: int) -> Rejection | None:
        """Take the card at `position` if legal; return the rejection otherwise (nothing changes)."""
        rejection = self.check_take(position)
        if rejection is None:
            self._apply_take(position)
            self._actions.append(position)
        return rejection

    def try_draw(self) -> Rejection | None:
        """Draw the next stock card if there is one; return the rejection otherwise."""
        rejection = self.check_draw()
        if rejection is None:
            self._apply_draw()
            self._actions.append(DRAW)
        return rejection

    def take(self, position: int) -> None:
        """Take the card at `position`; raise `IllegalMove` (the game unchanged) when refused."""
        rejection = self.try_take(position)
        if rejection is not None:
            raise IllegalMove(rejection)

    def draw(self) -> None:
        """Draw the next stock card; raise `IllegalMove` when the stock is empty."""
        rejection = self.try_draw()
        if rejection is not None:
            raise IllegalMove(rejection)

    def play(self, move: Action) -> None:
        """Make a move given in move notation (`undo` included); raise on an illegal one."""
        if move == DRAW:
            self.draw()
        elif move == UNDO:
            if not self.undo():
                raise PositionError("there is no move to undo")
        else:
            self.take(move)

    def undo(self) -> bool:
        """Take back the last move; return False (and change nothing) when there is none."""
        if not self._steps:
            return False
        step = self._steps.pop()
        if step.move == DRAW:
            self._drawn -= 1
            self._draws -= 1
        else:
            self._remaining |= 1 << step.move
        self._waste.pop()
        self._streak = step.streak_before
        self._longest = step.longest_before
        self._score = step.score_before
        self._version += 1
        self._actions.append(UNDO)
        return True

    def _push(self, move: Move) -> None:
        self._steps.append(_Step(move, self._streak, self._longest, self._score))
        self._version += 1

    def _apply_take(self, position: int) -> None:
        self._push(position)
        self._remaining &= ~(1 << position)
        self._waste.append(position)
        self._streak += 1
        self._score += self._streak
        self._longest = max(self._longest, self._streak)
        for below in COVERS[position]:
            if not self._remaining & COVERER_MASK[below]:
                self._known.add(below)

    def _apply_draw(self) -> None:
        self._push(DRAW)
        index = STOCK_START + self._drawn
        self._drawn += 1
        self._draws += 1
        self._waste.append(index)
        self._known.add(index)
        self._streak = 0

    # --- views ------------------------------------------------------------------------------------------

    def player_view(self) -> PlayerView:
        """What the player knows: the only input the hint may use."""
        cards = self.deal.cards
        table = tuple(
            cards[p] if self.is_present(p) and p in self._known else None for p in range(TABLE_SIZE)
        )
        stock = tuple(
            cards[i] if i in self._known else None for i in range(STOCK_START + self._drawn, DECK_SIZE)
        )
        unseen = frozenset(cards[i] for i in range(DECK_SIZE) if i not in self._known)
        return PlayerView(self.rules, self._remaining, table, self.waste_top, stock, unseen)

    def __repr__(self) -> str:
        name = str(self.deal_id) if self.deal_id else "custom deal"
        return f"<Game {name} cleared={self.cleared}/28 stock={self.stock_left} moves={self.moves}>"
