"""Playing a whole deal by following an advisor: how the hint's strength is measured.

The advisor sees only `game.player_view()`, exactly as the page's hint button does; the loop is the shared
`solitaire_core.autoplay.follow`, this module says how TriPeaks acts on a hint.
"""

from __future__ import annotations

from collections.abc import Callable

from solitaire_core.autoplay import follow

from .game import Game, PlayerView
from .hint import Hint, hint

Advisor = Callable[[PlayerView], Hint]
Observer = Callable[[Hint, float], None]


def play_out(game: Game, advisor: Advisor = hint, on_hint: Observer | None = None) -> bool:
    """Take every piece of advice until the game ends; True when it was won. `on_hint` is told each piece
    of advice and the milliseconds it took."""

    def act(advice: Hint) -> bool:
        if advice.kind == "take" and advice.position is not None:
            game.take(advice.position)
        elif advice.kind == "draw":
            game.draw()
        else:
            return False
        return True

    return follow(game, advisor, act, on_hint)
