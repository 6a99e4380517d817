"""A Ladder game saved as its log (the kernel's `playlog`: envelope, checksum, log replayed on load)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, TypeAlias

from solitaire_core import playlog

from .deal import Deal, DealId
from .errors import LadderError
from .game import Game

FORMAT: Final = "ladder-save"
VERSION: Final = 1
MAX_LOG: Final = 10_000

Played: TypeAlias = playlog.Played[Game]


def save(played: Played) -> dict[str, Any]:
    """The game as a JSON-ready dict."""
    return playlog.save(played, FORMAT, VERSION)


def load(data: object) -> Played:
    """The game a save holds; `SaveError` naming the first problem."""
    return playlog.load(
        data, name=FORMAT, version=VERSION, max_log=MAX_LOG, fresh_game=_fresh, error=LadderError
    )


def _fresh(data: Mapping[str, object]) -> Game:
    return Game(*playlog.name_deal(data, DealId.parse, DealId.deal, Deal.parse))
