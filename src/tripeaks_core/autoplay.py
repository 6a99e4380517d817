"""Playing a whole deal by following an advisor: how the hint's strength is measured.

The advisor sees only `game.player_view()`, exactly as the page's hint button does.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .game import Game, Outcome, PlayerView
from .hint import Hint, hint

Advisor = Callable[[PlayerView], Hint]


def play_out(game: Game, advisor: Advisor = hint, hint_times: list[float] | None = None) -> bool:
    """Take every piece of advice until the game ends; True when it was won. Each hint's time in ms is
    appended to `hint_times` when given."""
    while game.outcome() is Outcome.PLAYING:
        start = time.perf_counter()
        advice = advisor(game.player_view())
        if hint_times is not None:
            hint_times.append((time.perf_counter() - start) * 1000)
        if advice.kind == "take" and advice.position is not None:
            game.take(advice.position)
        elif advice.kind == "draw":
            game.draw()
        else:
            break
    return game.outcome() is Outcome.WON
