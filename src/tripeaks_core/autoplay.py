"""Playing a whole deal by following an advisor: how the hint's strength is measured.

The advisor sees only `game.player_view()`, exactly as the page's hint button does.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .game import Game, Outcome, PlayerView
from .hint import Hint, hint

Advisor = Callable[[PlayerView], Hint]
Observer = Callable[[Hint, float], None]


def play_out(game: Game, advisor: Advisor = hint, on_hint: Observer | None = None) -> bool:
    """Take every piece of advice until the game ends; True when it was won. `on_hint` is told each piece
    of advice and the milliseconds it took."""
    while game.outcome() is Outcome.PLAYING:
        start = time.perf_counter()
        advice = advisor(game.player_view())
        if on_hint is not None:
            on_hint(advice, (time.perf_counter() - start) * 1000)
        if advice.kind == "take" and advice.position is not None:
            game.take(advice.position)
        elif advice.kind == "draw":
            game.draw()
        else:
            break
    return game.outcome() is Outcome.WON
