"""The end of a game, the same in every game of the site (design.md).

A won game is *over*: every move is refused (`game_over`) until an undo reopens it. Giving up (`give_up`) ends
the game for good: moves and undos are refused, only a restart of the deal plays again. Seeing the solution
(`reveal`, allowed once the game is won or given up, or once every card is known) makes every card known; if
some card was not known before, the game is *closed* for good too (no move and no undo; the outcome stays won
or given up).

`Ending` holds that state for a game's `Game` class, which inherits from it and says what is its own: whether
it is `won`, its `game_over` refusal, which cards there are to know (`every_card`) and its two error classes.
The game keeps `_known` (what the player has seen, of any card type: a deal index or a `Card`), `_steps` (the
moves that undo can take back, each with its `move`) and `_version` (bumped by every change), which give the
two readings every game has too: `version` and `history`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from .cards import DECK_SIZE
from .errors import SolitaireError


class Outcome(StrEnum):
    """Where a game stands, in every game: `WON` by the game's rule, `STUCK` when it is not won and no legal
    move is left (the game says when: the stock empty and no free card fits, say), `GIVEN_UP` after
    `give_up` until a restart, else `PLAYING`."""

    PLAYING = "playing"
    WON = "won"
    STUCK = "stuck"
    GIVEN_UP = "given_up"


KnownT = TypeVar("KnownT")
RejectionT = TypeVar("RejectionT")

SOLUTION_NOT_YET: str = "the solution is shown only once the game is won or given up, or every card is known"
"""The message of a solution asked too early (`reveal`, and a session's `solution` op)."""


class Ending(Generic[KnownT, RejectionT]):
    """The end-of-game state of a game: given up, closed, over, whether the solution may be shown, and what
    undo allows. `KnownT` is what the game's knowledge holds, `RejectionT` the game's refused-move type."""

    game_over_error: ClassVar[type[SolitaireError]]
    """Raised by `give_up` on a game that is won or given up already."""
    in_progress_error: ClassVar[type[SolitaireError]]
    """Raised by `reveal` while the solution may not be shown yet."""

    _given_up: bool = False
    _closed: bool = False  # the solution was shown while some card was unknown
    _known: set[KnownT]
    _steps: list[Any]
    _version: int

    def fresh_start(self) -> Self:
        """A new game of the same deal from its start, as a normal game, keeping what the player has seen
        known (each game's; `restarted` numbers it on)."""
        raise NotImplementedError

    def restarted(self) -> Self:
        """The same deal from its start (even after giving up or seeing the solution), keeping everything the
        player has seen known. The version counts on from this game's: a restart is a change of position
        too, so a hint asked before it is stale."""
        game = self.fresh_start()
        game._version = self._version + 1
        return game

    @property
    def won(self) -> bool:
        """True once the game is won (its own rule: the table cleared, every card on the foundations …)."""
        raise NotImplementedError

    def game_over(self) -> RejectionT:
        """The game's refusal of a move or an undo once the game is over or closed (reason `game_over`)."""
        raise NotImplementedError

    def every_card(self) -> Iterable[KnownT]:
        """Every card of the deal, as the knowledge holds them (what `reveal` makes known): the deal
        indexes 0-51 unless the game's knowledge holds something else (`Card`s, say)."""
        return cast(Iterable[KnownT], range(DECK_SIZE))

    def undo(self) -> bool:
        """Take back the last move; False (and nothing changes) when there is none or undo is refused."""
        raise NotImplementedError

    @property
    def version(self) -> int:
        """Counts every change of position; a hint computed for another version is stale."""
        return self._version

    @property
    def history(self) -> list[Any]:
        """The moves of the current line of play, oldest first."""
        return [step.move for step in self._steps]

    @property
    def moves(self) -> int:
        """Moves in the current line of play (undo takes one back; every kind of move counts)."""
        return len(self._steps)

    @property
    def known(self) -> frozenset[KnownT]:
        """Every card the player has seen in this game (it never shrinks)."""
        return frozenset(self._known)

    @property
    def all_known(self) -> bool:
        """True when the player has seen all 52 cards."""
        return len(self._known) == DECK_SIZE

    @property
    def given_up(self) -> bool:
        """True after `give_up`, until a restart."""
        return self._given_up

    @property
    def closed(self) -> bool:
        """True once the solution was shown while some card was still unknown: the game cannot go on (no move
        or undo), only a restart plays again."""
        return self._closed

    @property
    def over(self) -> bool:
        """True when no move is possible because the game is won or given up."""
        return self._given_up or self.won

    @property
    def solution_available(self) -> bool:
        """True when the solution may be shown without showing an unseen card that matters: the game is won,
        or given up, or every card is known already."""
        return self.over or self.all_known

    @property
    def can_undo(self) -> bool:
        """True when there is a move to take back and undo is allowed (not after giving up or once closed)."""
        return bool(self._steps) and self.check_undo() is None

    def end_fields(self, outcome: Outcome) -> dict[str, object]:
        """A snapshot's fields about the end of the game, in the order a snapshot lists them: `can_undo`,
        `outcome` (the game's `outcome()`, which the caller has at hand), `all_known`, `over`, `given_up`,
        `solution_available`."""
        return {
            "can_undo": self.can_undo,
            "outcome": outcome.value,
            "all_known": self.all_known,
            "over": self.over,
            "given_up": self.given_up,
            "solution_available": self.solution_available,
        }

    def check_undo(self) -> RejectionT | None:
        """Why undo would be refused: `game_over` after giving up or once the game is closed; else `None`
        (an undo with nothing to take back is not refused, it just does nothing). A won game may be undone:
        that reopens it."""
        return self.game_over() if self._given_up or self._closed else None

    def try_undo(self) -> RejectionT | None:
        """Take back the last move if there is one and undo is allowed; return the rejection otherwise
        (nothing changes)."""
        rejection = self.check_undo()
        if rejection is None:
            self.undo()
        return rejection

    def give_up(self) -> None:
        """End the game for good: no move or undo any more, and the solution may be shown. Raise
        `game_over_error` (nothing changes) when the game is won or already given up."""
        if self._given_up:
            raise self.game_over_error("this game was already given up")
        if self.won:
            raise self.game_over_error("this game is won: there is nothing to give up")
        self._given_up = True
        self._version += 1

    def reveal(self) -> bool:
        """The player is shown the solution: every card becomes known. If some card was unknown before, the
        game is closed for good (no move or undo; the outcome stays won or given up) and True is returned;
        False when every card was known already (nothing changes). Raise `in_progress_error` (nothing
        changes) unless `solution_available`."""
        if not self.solution_available:
            raise self.in_progress_error(SOLUTION_NOT_YET)
        if self.all_known:
            return False
        self._known.update(self.every_card())
        self._closed = True
        self._version += 1
        return True
