"""Saving a Pyramid game as plain JSON and restoring it, validated so that a bad save never half-restores.

A save names the deal (its ID, or its 52 cards for a custom deal) and holds the *log*: every action since
the deal was first dealt, in move notation, `undo` included, with `replay` where the player started the
same deal again, `give_up` where they gave it up and `reveal` where a solution showed cards they had not
seen (which closes the game, as in TriPeaks). Nothing else is stored: what the player has seen, and whether
the game is given up or closed, is re-derived by replaying the log on a fresh game of the deal (a replay
keeps what was seen before it; after a give-up or a reveal every move and undo is refused, so a log that
plays on does not load). So a save can neither invent nor forget a card the player saw. A lettered deal ID
is verified as `new` verifies it (a difficulty letter its deal does not have is a `SaveError`). The envelope
(the `format`, `version` and `check` fields, the checksum, and the flat checks of every field before
anything walks the data) is the shared `solitaire_core.envelope`; the log and its replay are the shared
`solitaire_core.playlog`'s (as Klondike's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeAlias

from solitaire_core import playlog

from .deal import Deal, DealId
from .difficulty import parse_verified
from .errors import PyramidError
from .game import Game

FORMAT: Final = "pyramid-save"
VERSION: Final = 1
MAX_LOG: Final = 100_000

Played: TypeAlias = playlog.Played[Game]
"""A game and the log that led to it (`solitaire_core.playlog.Played`)."""


def _fresh_game(data: Mapping[str, object]) -> Game:
    """A new game of the deal the save names (a lettered ID verified)."""
    return Game(*playlog.name_deal(data, parse_verified, DealId.deal, Deal.parse))


_SAVES: Final = playlog.SaveFormat(FORMAT, VERSION, MAX_LOG, _fresh_game, PyramidError)
save, load = _SAVES.save, _SAVES.load
