"""The last part of the headway potential, both draws: how far the view is from raising its standing.

The distance of `headway` (to the next card turned or seen) often cannot be settled: with empty columns and
long runs its search stops at its bounds, and once every card is known there is no card left to turn, so the
distance is `FAR` whatever the player does. The potential then rises only with the standing (a card up, a
talon card played, a column emptied), and a move that only prepares one, a draw that brings a playable talon
card nearer the top or a run moved so that a talon card fits, raised nothing: the hint answered "no move
gets anywhere" with such moves left. Draw three met it first (the plain greedy player drew on and won); draw
one met it at the end of most games it lost: on deals 0-84, 21 of the 38 games lost on winnable deals ended
on a view the full-information solver still wins, one to seven cards unseen (deal 24: one card left under
7H, but the next card up, 2C, waits in the stock, so no single move raises the standing).

So the potential has one more part, compared last: the *rise distance*, the length of the shortest line to
a position whose standing is higher than the view's (or where a card turns), a breadth-first search over
the exact steps of the view's draw (`headway`'s: tableau and foundation moves, and talon cards that draws
and recycles bring to the top, with their count), counted like `headway`'s distance: the steps, then the
draws and recycles before the first. A move on a shortest line shortens it, a draw that brings its first
talon card nearer the top too. It is a function of the view, like every other part, so the potential still
only rises along the hint's moves and no view comes back.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Final

from . import rules
from .headway import FAR, YIELD_EVERY, Headway, compare, found_at, key_exact, standing, steps_exact
from .position import Position
from .progress import MAX_STATES, MAX_WORK

__all__ = ["MAX_DEPTH", "Potential", "rise_steps"]

MAX_DEPTH: Final = 6
"""The rise search looks no deeper than this many steps (a standing that only a longer line raises counts as
`FAR`): the rise is a short-range guide, and the bound keeps its cost small beside `headway`'s searches."""

NOWHERE: Final = Headway(FAR, False, frozenset())
"""The rise when no line within the bounds raises the standing."""


def rise_steps(view: Position) -> Generator[None, None, Headway]:
    """The rise of `view` (module docstring): its distance and the first steps of its shortest lines
    (`onward`, as `headway` gives them), `NOWHERE` when no line within the bounds raises the standing; a
    generator that yields every `YIELD_EVERY` positions expanded."""
    base, down = standing(view), sum(view.face_down)
    steps = steps_exact(view)
    seen: set[object] = {key_exact(view)}
    layer: dict[object, tuple[Position, int]] = {}
    hit = 0
    for i, (_, _, after) in enumerate(steps):
        if sum(after.face_down) < down or standing(after) > base:
            hit |= 1 << i
            continue
        key = key_exact(after)
        if key not in seen:
            known = layer.get(key)
            layer[key] = (after, (known[1] if known else 0) | 1 << i)
    expanded = work = 0
    depth = 1
    while not hit:
        if not layer or depth == MAX_DEPTH:
            return NOWHERE
        seen.update(layer)
        depth += 1
        following: dict[object, tuple[Position, int]] = {}
        for position, mask in layer.values():
            if expanded >= MAX_STATES or work >= MAX_WORK:
                return NOWHERE
            expanded += 1
            if expanded % YIELD_EVERY == 0:
                yield
            for _, _, after in steps_exact(position):
                work += 1
                if sum(after.face_down) < down or standing(after) > base:
                    hit |= mask
                    continue
                key = key_exact(after)
                if key not in seen:
                    known = following.get(key)
                    following[key] = (after, (known[1] if known else 0) | mask)
        layer = following
    return found_at(view, depth, hit, steps)


class Potential:
    """The whole potential of one view for the hint: `headway`'s parts, then the rise (searched once, when
    first needed)."""

    def __init__(self, view: Position, here: Headway) -> None:
        self.view = view
        self.here = here
        self._rise: Headway | None = None

    def rise(self) -> Generator[None, None, Headway]:
        """The view's rise."""
        if self._rise is None:
            self._rise = yield from rise_steps(self.view)
        return self._rise

    def advances(self, move: str) -> Generator[None, None, bool]:
        """Whether the legal `move` raises the potential: `headway.compare`, and when that is a tie, a
        shorter rise distance after the move."""
        order = yield from compare(self.view, self.here, move)
        if order:
            return order > 0
        here = yield from self.rise()
        there = yield from rise_steps(rules.play(self.view, move))
        return there.distance < here.distance
