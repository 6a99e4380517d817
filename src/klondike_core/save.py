"""Saving a Klondike game as plain JSON and restoring it, validated so that a bad save never half-restores.

A save names the deal (its ID, or its 52 cards for a custom deal) and holds the *log*: every action since the
deal was first dealt, in move notation, `undo` included, with `replay` where the player started the same deal
again, `give_up` where they gave it up and `reveal` where a solution showed cards they had not seen (which
closes the game). Nothing else is stored: what the player has seen, the recycle count and whether the game is
given up or closed are re-derived by replaying the log on a fresh game of the deal, so a save can neither
invent nor forget a card the player saw. The envelope (`format` `klondike-save`, `version`, `check`, the
checksum, and the flat checks of every field before anything walks the data) is the shared
`solitaire_core.envelope`; the size and nesting limits of a request are the shared session's, checked before
the JSON is parsed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from solitaire_core import envelope

from .deal import Deal, DealId
from .errors import KlondikeError, SaveError, quote
from .game import Game
from .moves import parse_action

FORMAT: Final = "klondike-save"
VERSION: Final = 1
REPLAY: Final = "replay"
GIVE_UP: Final = "give_up"
REVEAL: Final = "reveal"
MAX_LOG: Final = 100_000
"""The most log entries a save may hold (a real game has a few hundred; 100,000 entries are about 800,000
characters, inside the session's request limit)."""
_FIELDS: Final = frozenset({"format", "version", "log", "deal_id", "deal", envelope.CHECK})


@dataclass
class Played:
    """A game and the log that led to it (what `save` writes and `load` rebuilds)."""

    game: Game
    log: list[str] = field(default_factory=list)

    def play(self, action: str) -> None:
        """Play one action in notation (or `undo`) and log it; raise as `Game.play` does."""
        self.game.play(action)
        self.log.append(str(parse_action(action)))

    def replay(self) -> None:
        """Start the same deal again, keeping what was seen."""
        self.game = self.game.restarted()
        self.log.append(REPLAY)

    def give_up(self) -> None:
        """End this game for good (only a replay or a new deal follows); `GameOverError` when it is won or
        given up already (nothing changes)."""
        self.game.give_up()
        self.log.append(GIVE_UP)

    def reveal(self) -> None:
        """The solution is shown: every card becomes known (`Game.reveal`); logged only when that showed a
        card, which also closes the game. `GameInProgressError` unless the solution is available."""
        if self.game.reveal():
            self.log.append(REVEAL)


def save(played: Played) -> dict[str, Any]:
    """The game as a JSON-ready dict."""
    game = played.game
    body: dict[str, Any] = {"format": FORMAT, "version": VERSION, "log": list(played.log)}
    if game.deal_id is not None:
        body["deal_id"] = str(game.deal_id)
    else:
        body["deal"] = game.deal.notation()
    return envelope.seal(body)


def load(data: object) -> Played:
    """Rebuild a game from `save`'s output; raise `SaveError` naming the first problem found."""
    data = envelope.open_object(data)
    envelope.check_version(data, FORMAT, (VERSION,))
    envelope.check_fields(data, _FIELDS)
    log: list[str] = []
    for index, item in enumerate(envelope.list_field(data, "log", MAX_LOG)):
        if not isinstance(item, str):
            raise SaveError(f"saved game: log entry {index} is not a string")
        log.append(item)
    envelope.check_checksum(data)
    try:
        if "deal_id" in data and "deal" in data:
            raise SaveError("saved game: both a deal ID and a deal")
        if isinstance(data.get("deal_id"), str):
            named: DealId | None = DealId.parse(envelope.text_field(data, "deal_id"))
            assert named is not None
            deal = named.deal()
        elif isinstance(data.get("deal"), str):
            named, deal = None, Deal.parse(envelope.text_field(data, "deal"))
        else:
            raise SaveError("saved game: neither a deal ID nor a deal")
    except SaveError:
        raise
    except KlondikeError as error:
        raise SaveError(f"saved game: {error}") from None
    played = Played(Game(deal, named))
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
        except KlondikeError as error:
            where = f"log entry {index} ({quote(item, 20)})"
            raise SaveError(f"saved game: {where} cannot be played: {error}") from None
    return played
