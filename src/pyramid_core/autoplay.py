"""Playing a whole deal by following an advisor: how the hint's strength is measured.

The advisor sees only `game.player_view()`, exactly as the page's hint button does; the loop is the shared
`solitaire_core.autoplay.follow`, this module says how Pyramid acts on a hint.
"""

from __future__ import annotations

from collections.abc import Callable

from solitaire_core.autoplay import follow

from .game import Game, PlayerView
from .hint import Hint, hint, view_moves

Advisor = Callable[[PlayerView], Hint]
Observer = Callable[[Hint, float], None]


def play_out(game: Game, advisor: Advisor = hint, on_hint: Observer | None = None) -> bool:
    """Take every piece of advice until the game ends; True when it was won. `on_hint` is told each piece
    of advice and the milliseconds it took."""

    def act(advice: Hint) -> bool:
        if advice.move is None:
            return False
        game.play(advice.move)
        return True

    return follow(game, advisor, act, on_hint)


def greedy(view: PlayerView) -> Hint:
    """A simple player to compare with: the first legal move of `hint.view_moves` (kings, pyramid pairs,
    pairs of a pyramid card with the stock or the waste top), else draw or recycle, and a stock+waste pair
    only when nothing else is left; no look-ahead."""
    moves = view_moves(view)
    if not moves:
        return Hint("stuck")
    plain = [m for m in moves if m.places != ("S", "W")]
    move = plain[0] if plain else moves[0]
    return Hint(move.kind, str(move))
