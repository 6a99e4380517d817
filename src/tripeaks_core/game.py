"""A game in progress: takes, draws, unlimited undo, counters, outcome and what the player knows.

The state is small: the mask of table cards still in place, how many stock cards were drawn, the waste pile,
and a stack of the moves made (with the streak counters before each, so undo restores them exactly). A
table card is face up exactly when it is free or the deal is "all visible", so face-up-ness is derived, never
stored, and undoing a take that turned a card turns it face down again by construction.

Knowledge (which of the 52 cards the player has seen) only grows: undo never takes it back.

**The end of a game** is every game's (`solitaire_core.ending`). A won game is *over*: takes and draws are
refused (`game_over`) until an undo reopens it. Giving up (`give_up`) ends the game for good: takes, draws and
undos are refused, only a restart of the deal plays again. Seeing the solution (`reveal`, allowed once the
game is won or given up, or once every card is known) makes every card known; if some card was not known
before, the game is *closed* for good too. Both are written in the log (`give_up`, `reveal`).

**The log.** A game keeps one record of everything the player did on this deal, across restarts: positions
0-27, `draw`, `undo`, `restart`, `give_up`, `reveal`. A save is that log; replaying it on a fresh game of the
deal gives the same position, counters and knowledge (see `tripeaks_core.save`). The log is compacted as the
game goes, so that it stays small whatever the player does:

- when `undo` takes back a step and the knowledge did not grow while that step was on the stack (from the
  step itself to the undo), the step, every entry after it and the undo are dropped: the pair changed neither
  the position nor the knowledge, so the log without it replays to the same game;
- likewise a restart after a line of play that showed nothing new drops that whole line (its entries and the
  restart).

**The bound** (`log_bound`). Call an *event* a step (or a `reveal`) during which the knowledge grew. Every
event shows at least one new card, so a game has at most `R = 52 - known at the start <= 41` events. The
stack never holds more than 51 steps (28 takes and 23 draws), so an event happens at a depth of at most 51.

1. Lines. A line (the entries between two restarts) that ended in a kept restart holds an event; so there are
   at most `R + 1` lines (the current one included).
2. Inside a line, moves and undos walk a tree: every step makes a new node under the current one, every undo
   goes back up. A step taken back is still in the log only if an event happened while it was on the stack,
   that is at its node or below: it lies on the path from the root to that event, of at most 51 steps. So a
   line with `r` events keeps at most `51 r` undone steps (2 entries each: the move and its undo), plus the
   at most 51 steps still on the stack, plus at most one `give_up`, one `reveal` and one `restart`.

Summing over the lines: `len(log) <= 2 * 51 * R + (51 + 3) * (R + 1)`, at most 6,450 entries for R = 41,
whatever the length of the history (a player who takes and undoes the same card a million times keeps a log
of length 1 or less).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal, cast

from solitaire_core import ending
from solitaire_core.cards import DECK_SIZE, Card
from solitaire_core.dealid import read_deal_id
from solitaire_core.ending import Ending

from .deal import FIRST_WASTE, STOCK_SIZE, STOCK_START, Deal
from .dealid import DealId
from .errors import GameInProgressError, GameOverError, PositionError
from .layout import BASE_ROW, COVERER_MASK, COVERS, FULL_MASK, TABLE_SIZE, free_positions
from .moves import DRAW, UNDO, Action, IllegalMove, Move, Reason, Rejection
from .rules import STANDARD, Rules

RESTART: Final = "restart"
GIVE_UP: Final = "give_up"
REVEAL: Final = "reveal"

Outcome = ending.Outcome
"""Where the game stands (`solitaire_core.ending.Outcome`): `STUCK` when the stock is empty and no free card
fits; `GIVEN_UP` after `give_up`, until a restart."""

LogEntry = int | Literal["draw", "undo", "restart", "give_up", "reveal"]
"""One entry of the game's log: a take (0-27), `draw`, `undo`, `restart`, `give_up` or `reveal`."""

MAX_DEPTH_OF_PLAY: Final = TABLE_SIZE + STOCK_SIZE
"""At most 51 steps are ever on the stack: 28 takes and 23 draws."""


def log_bound(new_cards: int) -> int:
    """The most entries the compacted log can hold once `new_cards` cards became known beyond those known at
    the start (the proof is in the module text)."""
    return 2 * MAX_DEPTH_OF_PLAY * new_cards + (MAX_DEPTH_OF_PLAY + 3) * (new_cards + 1)


LOG_BOUND: Final = log_bound(DECK_SIZE - len(BASE_ROW) - 1)
"""The bound for any game: 6,450 entries (41 cards can become known, the 11 of the start are)."""


@dataclass(frozen=True, slots=True)
class _Step:
    """A move on the stack, with what undo needs: the counters before it, and for the log's compaction how
    many cards were known before it and where in the log it was written."""

    move: Move
    streak_before: int
    longest_before: int
    score_before: int
    known_before: int
    log_index: int


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


class Game(Ending[int, Rejection]):
    """One game of TriPeaks on a given deal and rules (its end, `Ending`, is every game's)."""

    game_over_error = GameOverError
    in_progress_error = GameInProgressError

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
        self._log: list[LogEntry] = []
        self._line_start = 0  # where the current line of play begins in the log
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
        self._line_known = len(self._known)  # cards known when the current line of play began

    @classmethod
    def from_id(cls, deal_id: DealId | str | int) -> Game:
        """A new game of the deal named by `deal_id` (a `DealId`, its text, or the number)."""
        parsed = read_deal_id(deal_id, DealId, DealId.parse, DealId)
        return cls(parsed.deal(), parsed.rules, parsed)

    def fresh_start(self) -> Game:
        """A new game of this deal keeping what was seen, and the log with a `restart` (or without the line
        just ended if it showed nothing new); `Ending.restarted` numbers it on."""
        game = Game(self.deal, self.rules, self.deal_id)
        game._known = set(self._known)
        log = self._log[:]
        if len(self._known) == self._line_known:
            del log[self._line_start :]
        else:
            log.append(RESTART)
        game._log = log
        game._line_start = len(log)
        game._line_known = len(self._known)
        return game

    def copy(self) -> Game:
        """An independent copy, for a caller that may have to go back. It costs the length of the log, which
        compaction keeps under `LOG_BOUND` (the deal and the steps are immutable and shared)."""
        game = copy.copy(self)  # shallow: the lists and the set are replaced below
        game._waste = self._waste[:]
        game._steps = self._steps[:]
        game._log = self._log[:]
        game._known = set(self._known)
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
    def actions(self) -> list[Action]:
        """The takes, draws and undos of the current line of play (since the last restart), as compacted:
        replayed with `play` on a fresh game of the deal they reach the current position."""
        line = [entry for entry in self._log[self._line_start :] if entry not in (GIVE_UP, REVEAL)]
        return cast(list[Action], line)  # a line holds no restart: that is where it begins

    @property
    def log(self) -> list[LogEntry]:
        """The whole compacted record of the game across restarts: what a save holds and replays."""
        return self._log[:]

    @property
    def won(self) -> bool:
        """True once the table is empty."""
        return not self._remaining

    def game_over(self) -> Rejection:
        """The refusal of every take and draw, and of an undo once given up or closed."""
        return Rejection(Reason.GAME_OVER)

    @property
    def can_draw(self) -> bool:
        """True when a draw would be accepted: the stock has a card to turn and the game is not over."""
        return self._drawn < STOCK_SIZE and not self.over

    def free_mask(self) -> int:
        """Mask of the free table cards."""
        return free_positions(self._remaining)

    def fits(self, position: int) -> bool:
        """True when the card at `position` is one rank from the waste top."""
        return self.rules.adjacent(self._ranks[position], self._ranks[self._waste[-1]])

    def _fitting(self) -> list[int]:
        return [p for p in range(TABLE_SIZE) if self.is_free(p) and self.fits(p)]

    def playable_positions(self) -> list[int]:
        """The free face-up cards that fit on the waste, lowest position first (none once given up)."""
        return [] if self._given_up else self._fitting()

    def legal_moves(self) -> list[Move]:
        """Every legal move: the playable positions, then `draw` if a draw would be accepted."""
        moves: list[Move] = list(self.playable_positions())
        if self.can_draw:
            moves.append(DRAW)
        return moves

    def outcome(self) -> Outcome:
        """Given up after `give_up`; won once the table is empty; stuck when the stock is empty and nothing
        fits."""
        if self._given_up:
            return Outcome.GIVEN_UP
        if not self._remaining:
            return Outcome.WON
        if self._drawn == STOCK_SIZE and not self._fitting():
            return Outcome.STUCK
        return Outcome.PLAYING

    # --- checking and making moves ---------------------------------------------------------------------

    def _check_range(self, position: object) -> int:
        if isinstance(position, bool) or not isinstance(position, int):
            raise PositionError(f"a table position is an integer 0-27, not {type(position).__name__}")
        if not 0 <= position < TABLE_SIZE:
            raise PositionError(f"table position {position} is not in 0-27")
        return position

    def _check_position(self, position: object) -> int:
        position = self._check_range(position)
        if not self.is_present(position):
            raise PositionError(f"the card at position {position} is already gone")
        return position

    def check_take(self, position: int) -> Rejection | None:
        """Why taking `position` would be refused, or `None` if it is legal.

        A position out of range or already empty is not a refusal but bad input: `PositionError`. Once the
        game is over (won or given up), every take in range is refused with `game_over`.
        """
        position = self._check_range(position)
        if self.over:
            return Rejection(Reason.GAME_OVER, position)
        position = self._check_position(position)
        if not self.is_face_up(position):
            return Rejection(Reason.FACE_DOWN, position)
        if not self.is_free(position):
            return Rejection(Reason.COVERED, position)
        if not self.fits(position):
            return Rejection(Reason.NOT_ADJACENT, position)
        return None

    def check_draw(self) -> Rejection | None:
        """Why drawing would be refused (`game_over`, `stock_empty`), or `None`."""
        if self.over:
            return Rejection(Reason.GAME_OVER)
        return None if self._drawn < STOCK_SIZE else Rejection(Reason.STOCK_EMPTY)

    def try_take(self, position: int) -> Rejection | None:
        """Take the card at `position` if legal; return the rejection otherwise (nothing changes)."""
        rejection = self.check_take(position)
        if rejection is None:
            self._apply_take(position)
        return rejection

    def try_draw(self) -> Rejection | None:
        """Draw the next stock card if there is one; return the rejection otherwise."""
        rejection = self.check_draw()
        if rejection is None:
            self._apply_draw()
        return rejection

    def try_play(self, move: Action) -> Rejection | None:
        """Make a move given as the game's move (`parse_action`'s: a position, `draw` or `undo`) if legal;
        return the rejection otherwise (nothing changes)."""
        if move == DRAW:
            return self.try_draw()
        if move == UNDO:
            return self.try_undo()
        return self.try_take(move)

    def take(self, position: int) -> None:
        """Take the card at `position`; raise `IllegalMove` (the game unchanged) when refused."""
        rejection = self.try_take(position)
        if rejection is not None:
            raise IllegalMove(rejection, position)

    def draw(self) -> None:
        """Draw the next stock card; raise `IllegalMove` when the stock is empty."""
        rejection = self.try_draw()
        if rejection is not None:
            raise IllegalMove(rejection, DRAW)

    def play(self, move: Action) -> None:
        """Make a move given in move notation (`undo` included); raise on an illegal one: `IllegalMove` for
        a refusal, `PositionError` for an undo with nothing to take back."""
        if move == DRAW:
            self.draw()
        elif move == UNDO:
            rejection = self.check_undo()
            if rejection is not None:
                raise IllegalMove(rejection, UNDO)
            if not self.undo():
                raise PositionError("there is no move to undo")
        else:
            self.take(move)

    def undo(self) -> bool:
        """Take back the last move; return False (and change nothing) when there is none or undo is refused
        (`check_undo`)."""
        return self.check_undo() is None and self._undo()

    def give_up(self) -> None:
        """End the game for good (`Ending.give_up`), and write `give_up` in the log."""
        super().give_up()
        self._log.append(GIVE_UP)

    def reveal(self) -> bool:
        """Show the solution (`Ending.reveal`); when that closed the game, write `reveal` in the log."""
        if not super().reveal():
            return False
        self._log.append(REVEAL)
        return True

    def _undo(self) -> bool:
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
        if len(self._known) == step.known_before:
            del self._log[step.log_index :]  # the step showed nothing: forget it (see the module text)
        else:
            self._log.append(UNDO)
        return True

    def _push(self, move: Move) -> None:
        step = _Step(move, self._streak, self._longest, self._score, len(self._known), len(self._log))
        self._steps.append(step)
        self._log.append(move)
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
