"""Playing a whole deal by following an advisor: how the hint's strength is measured.

The advisor sees only the view (`Position.view` of what the player knows), exactly as the page's hint
button does. Moves are applied with the rules (`rules.play`) on the full position, and what the player
knows grows as cards turn up (`rules.known_after`). A game ends when it is won, when the advisor has no move
(`stuck`, `lost`), or when a view comes back. A view is the position with the unseen cards hidden, which
also tells which cards are known: a position that comes back with more cards known is not a view met again
(after a pass through the stock the player knows its cards and may now choose differently). The advisors are
deterministic functions of the view, so one that meets a view again would go round in that circle for ever
(unlimited passes allow it): the game stops there, and `on_repeat` is told, so that the benchmarks count
these games (the hint's target is none) instead of passing them off as plain losses.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from solitaire_core.cards import Card

from . import rules
from .hint import Hint, hint, move_priority, of_move, ordered_moves
from .position import Position

Advisor = Callable[[Position], Hint]
Observer = Callable[[Hint, float], None]
RepeatObserver = Callable[[Position, int], None]

MAX_MOVES: Final = 3000


def start_known(position: Position) -> frozenset[Card]:
    """What the player knows at a deal's start: the face-up cards (and the waste, the foundations)."""
    return rules.known_after(position, frozenset())


def play_out(
    start: Position,
    advisor: Advisor = hint,
    on_hint: Observer | None = None,
    on_repeat: RepeatObserver | None = None,
) -> bool:
    """Take every piece of advice from the full position `start` until the game ends; True when won.
    `on_repeat` is told the view met again and how many pieces of advice were taken before it."""
    position = start
    known = start_known(position)
    seen: set[Position] = set()
    for taken in range(MAX_MOVES):
        if rules.is_won(position):
            return True
        view = position.view(known)
        if view in seen:
            if on_repeat is not None:
                on_repeat(view, taken)
            return False
        seen.add(view)
        begin = time.perf_counter()
        advice = advisor(view)
        if on_hint is not None:
            on_hint(advice, (time.perf_counter() - begin) * 1000)
        if advice.move is None:
            return False
        position = rules.play(position, advice.move)
        known = rules.known_after(position, known)
    return rules.is_won(position)


_GREEDY_KINDS: Final = frozenset({0, 1, 2, 3, 4, 6, 8})


def greedy(view: Position) -> Hint:
    """A simple player to compare with, no look-ahead: the first of `hint.ordered_moves` among moves that
    turn a face-down card, go to a foundation, play the waste, draw or recycle (never a run that only
    shifts, never a foundation card back)."""
    for move in ordered_moves(view):
        if move_priority(view, move)[0] in _GREEDY_KINDS:
            return of_move(move, False, "greedy")
    return Hint("stuck", why="stuck")
