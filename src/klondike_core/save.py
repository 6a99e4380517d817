"""Saving a Klondike game as plain JSON and restoring it, validated so that a bad save never half-restores.

A save names the deal (its ID, or its 52 cards for a custom deal) and holds the *log*: every action since the
deal was first dealt, in move notation, `undo` included, with `replay` where the player started the same deal
again, `give_up` where they gave it up and `reveal` where a solution showed cards they had not seen (which
closes the game). Nothing else is stored: what the player has seen, the recycle count and whether the game is
given up or closed are re-derived by replaying the log on a fresh game of the deal, so a save can neither
invent nor forget a card the player saw. The envelope (`format` `klondike-save`, `version`, `check`, the
checksum, and the flat checks of every field before anything walks the data) is the shared
`solitaire_core.envelope`, the log and its replay the shared `solitaire_core.playlog` (as Pyramid's); the size
and nesting limits of a request are the shared session's, checked before the JSON is parsed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeAlias

from solitaire_core import playlog

from .deal import Deal, DealId
from .difficulty import parse_verified
from .errors import KlondikeError
from .game import Game

FORMAT: Final = "klondike-save"
VERSION: Final = 1
MAX_LOG: Final = 100_000
"""The most log entries a save may hold (a real game has a few hundred; 100,000 entries are about 800,000
characters, inside the session's request limit)."""

Played: TypeAlias = playlog.Played[Game]
"""A game and the log that led to it (`solitaire_core.playlog.Played`)."""


def _fresh_game(data: Mapping[str, object]) -> Game:
    """A new game of the deal the save names (by one of its ID and its cards: `playlog.name_deal`)."""
    return Game(*playlog.name_deal(data, parse_verified, DealId.deal, Deal.parse))


_SAVES: Final = playlog.SaveFormat(FORMAT, VERSION, MAX_LOG, _fresh_game, KlondikeError)
save, load = _SAVES.save, _SAVES.load
