"""Playing a move or an undo, given as data or in notation, the same in every game whose moves (`draw` and
`recycle` included) are objects that the game's `Move.parse` reads and that `Game.check` judges. A game whose
moves are plain table positions may play them itself, on `Ending` alone.

`MovePlay` is the game's `Ending` too; the game says how a move is read (`parse_move`), judged (`check`) and
made (`_apply`), and which errors it raises (`illegal_move`, `position_error`). Every move made and every
undo is recorded in `_actions` (what `Game.actions` returns).

Such a game is built as `Game(deal, deal_id, known)`, so it starts the same way in every game too: from a deal
ID given any way (`from_id`, the game naming its ID class in `deal_ids`), and again from its deal keeping what
was seen (`fresh_start`, which a game with more to carry over, such as a rule variant, extends).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Self, TypeVar

from .dealid import read_deal_id
from .ending import Ending, KnownT, RejectionT
from .errors import SolitaireError

MoveT = TypeVar("MoveT")

UNDO = "undo"


class MovePlay(Ending[KnownT, RejectionT], Generic[KnownT, MoveT, RejectionT]):
    """Moves and undos for a game whose moves are `MoveT` objects (`KnownT` and `RejectionT` as in
    `Ending`)."""

    illegal_move: ClassVar[type[SolitaireError]]
    """Raised by `play` with the action and the rejection when the rules refuse it."""
    position_error: ClassVar[type[SolitaireError]]
    """Raised by `play` for an undo with nothing to take back."""

    deal_ids: ClassVar[type[Any]]
    """The game's deal-ID class: read from its text by `parse`, built from a number, naming its `deal`."""

    deal: Any
    """The game's deal (each game declares its own type)."""
    deal_id: Any
    """The game's deal ID, or `None` for a custom deal (each game declares its own type)."""
    _actions: list[MoveT | Literal["undo"]]

    if TYPE_CHECKING:
        def __init__(self, deal: Any, deal_id: Any = None, known: Iterable[KnownT] = ()) -> None:  # noqa: ANN401
            """The game of `deal` (named `deal_id`, if any), the cards of `known` seen already."""

    @classmethod
    def from_id(cls, deal_id: Any) -> Self:  # noqa: ANN401 (the game's deal ID, its text or its number)
        """A new game of the deal named by `deal_id` (a deal ID, its text, or the number)."""
        parsed = read_deal_id(deal_id, cls.deal_ids, cls.deal_ids.parse, cls.deal_ids)
        return cls(parsed.deal(), parsed)

    def fresh_start(self) -> Self:
        """A new game of this deal keeping what was seen (`Ending.restarted` numbers it on)."""
        return type(self)(self.deal, self.deal_id, self._known)

    @property
    def actions(self) -> list[MoveT | Literal["undo"]]:
        """Every action since the deal started, undos included (what a save replays)."""
        return list(self._actions)

    def parse_move(self, text: str) -> MoveT:
        """The move of `text` in the game's notation (`draw` and `recycle` included), or `MoveError`."""
        raise NotImplementedError

    def check(self, move: MoveT) -> RejectionT | None:
        """Why `move` would be refused, or `None` if it is legal."""
        raise NotImplementedError

    def _apply(self, move: MoveT) -> None:
        """Make the legal `move`."""
        raise NotImplementedError

    def try_play(self, move: MoveT | str) -> RejectionT | None:
        """Make `move` (a move or its notation) if legal; return the rejection otherwise (nothing
        changes)."""
        parsed = self.parse_move(move) if isinstance(move, str) else move
        rejection = self.check(parsed)
        if rejection is None:
            self._apply(parsed)
            self._actions.append(parsed)
        return rejection

    def play(self, action: MoveT | str) -> None:
        """Make a move or `undo` (given as data or in notation); raise `illegal_move` when refused and
        `position_error` for an undo with nothing to take back."""
        if action == UNDO:
            rejection = self.check_undo()
            if rejection is not None:
                raise self.illegal_move(UNDO, rejection)
            if not self.undo():
                raise self.position_error("there is no move to undo")
            return
        parsed = self.parse_move(action) if isinstance(action, str) else action
        rejection = self.try_play(parsed)
        if rejection is not None:
            raise self.illegal_move(parsed, rejection)
