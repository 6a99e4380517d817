"""A game and the log that led to it, and the save that is that log: the frame of the saves of the games
that keep every action (each game's `save` module, one `SaveFormat`).

The log holds every action since the deal was first dealt, in the game's move notation, `undo` included, with
`replay` where the player started the same deal again, `give_up` where they gave it up and `reveal` where a
solution showed cards they had not seen (which closes the game). A save names the deal (`deal_id`, or the 52
cards as `deal` for a custom deal) and holds the log; nothing else is stored: what the player has seen and
whether the game is given up or closed are re-derived by replaying the log on a fresh game of the deal, so a
save can neither invent nor forget a card the player saw. The envelope (`format`, `version`, `check`, the
checksum, the flat checks of every field before anything walks the data) is `envelope`'s.

A game's save module gives its format name and version, how many log entries a save may hold, how a fresh
game is made from the deal fields (`name_deal` reads them) and its own error base class, whose errors become
`SaveError`s naming the log entry: one `SaveFormat`, whose `save` and `load` are the game's.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, Self, TypeVar

from . import envelope
from .errors import SaveError, SolitaireError
from .quoting import quote

REPLAY: Final = "replay"
GIVE_UP: Final = "give_up"
REVEAL: Final = "reveal"
FIELDS: Final = frozenset({"format", "version", "log", "deal_id", "deal", envelope.CHECK})
"""The fields a save may have: one of `deal_id` and `deal`, and all the others."""


class NamedDeal(Protocol):
    """A deal: a save of a custom deal writes its notation."""

    def notation(self) -> str:
        """The deal's 52 codes."""
        ...


class Refusal(Protocol):
    """A refused move as a reply carries it."""

    def as_json(self) -> dict[str, object]:
        """The rejection's fields."""
        ...


class LoggedGame(Protocol):
    """A game as its log sees it."""

    @property
    def deal(self) -> NamedDeal:
        """The deal played."""
        ...

    @property
    def deal_id(self) -> object | None:
        """The deal's ID (a save writes its text), or `None` for a custom deal."""
        ...

    @property
    def given_up(self) -> bool:
        """True after `give_up`, until a restart."""
        ...

    @property
    def all_known(self) -> bool:
        """True when the player has seen all 52 cards."""
        ...

    def play(self, action: Any) -> None:  # noqa: ANN401 (each game's own move type)
        """Play one action (in notation, `undo` included, or the game's move), or raise."""
        ...

    def try_play(self, move: Any) -> Refusal | None:  # noqa: ANN401 (each game's own move type)
        """Make a move if legal; else its rejection (nothing changes)."""
        ...

    def restarted(self) -> Self:
        """The same deal from its start, keeping what was seen."""
        ...

    def give_up(self) -> None:
        """End the game for good, or raise."""
        ...

    def reveal(self) -> bool:
        """Make every card known; True when that showed a card (and closed the game)."""
        ...


GameT = TypeVar("GameT", bound=LoggedGame)
DealT = TypeVar("DealT")
DealIdT = TypeVar("DealIdT")


@dataclass
class Played(Generic[GameT]):
    """A game and the log that led to it (what `save` writes and `load` rebuilds)."""

    game: GameT
    log: list[str] = field(default_factory=list)

    @property
    def given_up(self) -> bool:
        """True after `give_up`, until a replay (the game's own flag)."""
        return self.game.given_up

    def play(self, action: str) -> None:
        """Play one action in notation (or `undo`) and log it; raise as the game's `play` does."""
        self.game.play(action)
        self.log.append(action)

    def try_play(self, move: object) -> Refusal | None:
        """Make a move (the game's own, read from notation) if legal and log its notation; else its
        rejection, and nothing changes."""
        rejection = self.game.try_play(move)
        if rejection is None:
            self.log.append(str(move))
        return rejection

    def copy(self) -> Played[GameT]:
        """An independent copy, for a session that may have to go back to it."""
        return copy.deepcopy(self)

    def replay(self) -> None:
        """Start the same deal again, keeping what was seen."""
        self.game = self.game.restarted()
        self.log.append(REPLAY)

    def give_up(self) -> None:
        """End this game for good (only a replay or a new deal follows); the game's `GameOverError` when it
        is won or given up already (nothing changes)."""
        self.game.give_up()
        self.log.append(GIVE_UP)

    def reveal(self) -> None:
        """The solution is shown: every card becomes known (the game's `reveal`); logged only when that
        showed a card, which also closes the game. The game's `GameInProgressError` unless the solution is
        available."""
        if self.game.reveal():
            self.log.append(REVEAL)


def save(played: Played[Any], name: str, version: int) -> dict[str, Any]:
    """The game as a JSON-ready dict of format `name` and `version`."""
    game = played.game
    body: dict[str, Any] = {"format": name, "version": version, "log": list(played.log)}
    if game.deal_id is not None:
        body["deal_id"] = str(game.deal_id)
    else:
        body["deal"] = game.deal.notation()
    return envelope.seal(body)


def name_deal(
    data: Mapping[str, object], parse_id: Callable[[str], DealIdT], deal_of: Callable[[DealIdT], DealT],
    parse_deal: Callable[[str], DealT],
) -> tuple[DealT, DealIdT | None]:
    """The deal a save names, and its ID (`None` for a custom deal): the `deal_id` read by `parse_id`, or
    else the `deal` read by `parse_deal`; `SaveError` when it has neither or both (`envelope.deal_field`)."""
    envelope.deal_field(data)
    if isinstance(data.get("deal_id"), str):
        named = parse_id(envelope.text_field(data, "deal_id"))
        return deal_of(named), named
    if isinstance(data.get("deal"), str):
        return parse_deal(envelope.text_field(data, "deal")), None
    raise SaveError("saved game: neither a deal ID nor a deal")


def load(
    data: object, *, name: str, version: int, max_log: int,
    fresh_game: Callable[[Mapping[str, object]], GameT], error: type[SolitaireError],
) -> Played[GameT]:
    """Rebuild a game from `save`'s output: every field checked flat, then the checksum, then the game
    `fresh_game` makes of the deal fields, then the log replayed on it. Raise `SaveError` naming the first
    problem found (an `error` raised by the game becomes one)."""
    data = envelope.open_object(data)
    envelope.check_version(data, name, (version,))
    envelope.check_fields(data, FIELDS)
    log: list[str] = []
    for index, item in enumerate(envelope.list_field(data, "log", max_log)):
        if not isinstance(item, str):
            raise SaveError(f"saved game: log entry {index} is not a string")
        log.append(item)
    envelope.check_checksum(data)
    try:
        played = Played(fresh_game(data))
    except SaveError:
        raise
    except error as problem:
        raise SaveError(f"saved game: {problem}") from None
    for index, item in enumerate(log):
        try:
            if item == REPLAY:
                played.replay()
            elif item == GIVE_UP:
                played.give_up()
            elif item == REVEAL:
                if played.game.all_known:
                    raise SaveError(f"saved game: log entry {index} (reveal) shows no card")
                played.reveal()
            else:
                played.play(item)
        except SaveError:
            raise
        except error as problem:
            where = f"log entry {index} ({quote(item, 20)})"
            raise SaveError(f"saved game: {where} cannot be played: {problem}") from None
    return played


@dataclass(frozen=True, slots=True)
class SaveFormat(Generic[GameT]):
    """One game's save of its log: the format's `name` and `version`, the most log entries a save may hold
    (`max_log`), how a fresh game is made from the deal fields (`fresh_game`) and the game's error base class
    (`error`). Its `save` and `load` are the game's."""

    name: str
    version: int
    max_log: int
    fresh_game: Callable[[Mapping[str, object]], GameT]
    error: type[SolitaireError]

    def save(self, played: Played[GameT]) -> dict[str, Any]:
        """The game as a JSON-ready dict."""
        return save(played, self.name, self.version)

    def load(self, data: object) -> Played[GameT]:
        """Rebuild a game from `save`'s output; raise `SaveError` naming the first problem found."""
        return load(data, name=self.name, version=self.version, max_log=self.max_log,
                    fresh_game=self.fresh_game, error=self.error)
