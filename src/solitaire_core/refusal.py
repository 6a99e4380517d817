"""A refused move as data, and the exception for callers that prefer one: the same in every game.

A game's rules answer a move they refuse with a `Rejection`: the reason (the game's own `Reason` enum,
whose values are the reason codes the page and the API use) and what the refusal is about (`at`: a place,
a position, a destination; `None` when it is about no place). It is sent in the protocol's one shape
`{reason, at}` (`protocol.rejection`), never with words; `message` words it from the game's catalogue
(`messages.Catalogue`) for the command line and the exception below.

A game subclasses `Rejection` once, naming its catalogue, so that its refusals compare equal only among
themselves and print the game's texts; its `IllegalMove` derives from the game's own error base and from
`IllegalMove` here, so `except` on either name catches it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from .errors import SolitaireError
from .messages import Catalogue
from .protocol import rejection

ReasonT = TypeVar("ReasonT", bound=StrEnum)
AtT = TypeVar("AtT")


@dataclass(frozen=True, slots=True)
class Rejection(Generic[ReasonT, AtT]):
    """A refused move: why (`reason`), and the place it is about (`at`, `None` when it is about none)."""

    reason: ReasonT
    at: AtT | None = None

    catalogue: ClassVar[Catalogue]
    """The game's texts of its reason codes (set by each game's subclass)."""

    @property
    def place(self) -> AtT | None:
        """The place the refusal is about (`at` by the name the games' tests and callers use)."""
        return self.at

    def message(self, language: str = "fr") -> str:
        """The short text shown to the player, French first."""
        return self.catalogue.rejection_text(self.reason.value, language)

    def as_json(self) -> dict[str, object]:
        """The rejection as the API sends it, in the protocol's one shape `{reason, at}` (no text: the page
        words the reason)."""
        return rejection(self.reason.value, self.at)


class IllegalMove(SolitaireError):
    """Raised when the rules refuse a move asked as an exception (`Game.play`); the game is unchanged. It
    keeps the move and the rejection; its message words the rejection in English."""

    def __init__(self, move: object, refused: Rejection[Any, Any]) -> None:
        super().__init__(f"move {move} refused: {refused.message('en')}")
        self.move = move
        self.rejection = refused
