"""Playing a whole deal by following an advisor: how the hint's strength is measured.

The advisor sees only `game.player_view()`, exactly as the page's hint button does.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .game import Game, Outcome, PlayerView
from .hint import Hint, hint, view_moves

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
        if advice.move is None:
            break
        game.play(advice.move)
    return game.outcome() is Outcome.WON


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
