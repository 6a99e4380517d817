"""Playing a whole deal by following an advisor, the same loop for every game: how a hint's strength is
measured (each game's `autoplay.play_out`, the `autoplay` command and the benchmarks).

The advisor sees only the game's `player_view()`, exactly as the page's hint button does; the game says how
to act on one piece of advice (`act`), the loop asks, times, reports and acts until the game is over.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol, TypeVar

ViewT = TypeVar("ViewT")
ViewT_co = TypeVar("ViewT_co", covariant=True)
AdviceT = TypeVar("AdviceT")

PLAYING = "playing"
WON = "won"


class Playable(Protocol[ViewT_co]):
    """A game as the loop sees it: where it stands (its `Outcome`, a `StrEnum` whose values include
    `playing` and `won`) and what the player may see."""

    def outcome(self) -> str:
        """Where the game stands."""
        ...

    def player_view(self) -> ViewT_co:
        """What the player may see: all an advisor is given."""
        ...


def follow(
    game: Playable[ViewT],
    advisor: Callable[[ViewT], AdviceT],
    act: Callable[[AdviceT], bool],
    on_hint: Callable[[AdviceT, float], None] | None = None,
) -> bool:
    """Ask `advisor` and `act` on its advice until the game ends or `act` says it cannot (returns False);
    True when the game was won. `on_hint` is told each piece of advice and the milliseconds it took."""
    while game.outcome() == PLAYING:
        start = time.perf_counter()
        advice = advisor(game.player_view())
        if on_hint is not None:
            on_hint(advice, (time.perf_counter() - start) * 1000)
        if not act(advice):
            break
    return game.outcome() == WON
