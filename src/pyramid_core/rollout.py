"""Sampled futures for the hint: deals consistent with what the player knows, and their evaluation.

A *world* fills every stock card the player has not seen with a random arrangement of the unseen cards.
Only ranks matter to the rules, so a world is a solver `Position`. Worlds come from a generator seeded with
a hash of the view's text, and the unseen cards enter only as a sorted list of ranks, so the same view
always gets the same worlds and two deals that differ only in unseen cards get the same worlds.

In Pyramid the unknown is short-lived: every stock card is face up at some time during the first pass, so
once the stock has been run through, the player knows everything. A world is therefore judged by what the
player can do in it once the pass is over: an exact search with a small node budget from the position after
the candidate move (`world_value`). The search knows the order of the stock before the player does, but
only for the rest of the first pass, and a move the player delays can still be made on the later passes,
which the search sees too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from solitaire_core.worlds import seeded_floats, shuffled, text_seed

from .game import PlayerView
from .moves import STOCK, WASTE, Move
from .solver import Position, Solver, Verdict

WORLD_NODES: Final = 1500
"""Node budget of the search that judges one world; a world it cannot decide in time counts as lost."""


def view_seed(view: PlayerView) -> int:
    """A 64-bit seed from the view's canonical text."""
    return text_seed(view.key())


def apply(position: Position, move: Move) -> Position:
    """The position after `move` (assumed legal) in the solver's representation."""
    if move.kind == "draw":
        return replace(position, waste_count=position.waste_count + 1)
    if move.kind == "recycle":
        return replace(position, waste_count=0, pass_number=position.pass_number + 1)
    remaining = position.remaining
    drop: list[int] = []
    for place in move.places:
        if place == STOCK:
            drop.append(position.waste_count)
        elif place == WASTE:
            drop.append(position.waste_count - 1)
        else:
            remaining &= ~(1 << place)
    sequence = tuple(r for j, r in enumerate(position.sequence) if j not in drop)
    waste = position.waste_count - sum(1 for j in drop if j < position.waste_count)
    return Position(position.pyramid, remaining, sequence, waste, position.pass_number)


class Worlds:
    """Random worlds consistent with `view`, drawn deterministically from the view itself."""

    def __init__(self, view: PlayerView) -> None:
        self.pyramid = tuple(c.rank if c is not None else 0 for c in view.pyramid)
        self.remaining = view.remaining
        self.waste = tuple(c.rank for c in view.waste)
        self.stock = [c.rank if c is not None else 0 for c in view.stock]
        self.slots = [i for i, c in enumerate(view.stock) if c is None]
        self.unseen = sorted(c.rank for c in view.unseen)
        if len(self.unseen) != len(self.slots):
            raise ValueError("the view's unseen cards do not fill its unknown stock places")
        self.pass_number = view.pass_number
        self._random = seeded_floats(view_seed(view))

    def draw(self) -> Position:
        """One world, as a full-information position."""
        order = shuffled(self.unseen, self._random)
        stock = self.stock[:]
        for slot, rank in zip(self.slots, order, strict=True):
            stock[slot] = rank
        sequence = self.waste + tuple(stock)
        return Position(self.pyramid, self.remaining, sequence, len(self.waste), self.pass_number)


def world_value(position: Position, memo: dict[int, bool] | None = None, nodes: int = WORLD_NODES) -> int:
    """1 when a short exact search wins `position`, else 0. `memo` shares the solver's relaxation table
    between worlds with the same pyramid."""
    solver = Solver(position, nodes)
    if memo is not None:
        solver.relaxed_memo = memo
    return int(solver.run().verdict is Verdict.WIN)


__all__ = ["Worlds", "apply", "view_seed", "world_value"]
