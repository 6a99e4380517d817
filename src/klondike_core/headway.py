"""Headway: how far a view is from turning a card, so that a player who follows the hint never meets a view
again (seed 003: "Indice vous montre un coup utile").

The hint is a deterministic function of the view, so a player who takes every hint and meets a view twice
goes round in that circle for ever (unlimited passes allow it). The hint therefore advises only moves that
raise a *potential*, a value computed from the view alone, strictly; a value that only rises never comes back,
and neither does the view. The potential, compared in this order:

1. what the player has uncovered: the number of known cards, then the number of face-down cards (fewer is
   higher). No move lowers it (undo aside), and a move that turns a card or draws a never-seen stock card
   raises it: such a move is always allowed;
2. the *distance* to the next such card, lower is higher (`Headway.distance`);
3. the *standing*: cards on the foundations, then fewer cards in the waste and stock, then more empty
   columns (`standing`).

**Distance.** A breadth-first search from the view, over what the player knows, to the nearest position
where a face-down card turns or a never-seen stock card is drawn. It reads the waste and stock as one
sequence, the talon, as `progress.gets_anywhere` does (any talon card plays in one step, since with draw one
and unlimited passes drawing and recycling bring each to the waste top), and counts in two parts: the talon
steps of the shortest line, then the draws and recycles it takes before the first step of the cheapest such
line. A draw or recycle moves that first card one place nearer the waste top, so it shortens the distance too.
The moves that shorten it are `Headway.onward`: the first steps of the shortest lines (a draw or a recycle
when each of those first steps waits for a card of the talon).

**Draw three** (`Position.draw` 3). Only some talon cards can be brought to the waste top by drawing and
recycling (the groups of three come round each pass the same until a card leaves the talon), so the first
step of a line may play a talon card only when draws and recycles bring it to the top; that count of draws
and recycles is exact (`draws_to_top`). The later steps still read the talon as random access, which lets
the search reach more than draw three allows, never less: the distance is then a measure, not the exact
number of steps, but `FAR` with `settled` stays a proof (no line of draw three can do what no line of this
larger search does), and every move the hint advises still raises the same potential.

The search stops at `progress.MAX_STATES` positions expanded or `progress.MAX_WORK` generated: then the
distance is `FAR` and `settled` is False. `FAR` with `settled` True is a proof that no card can ever be
turned or seen again from here: with a card still unknown the deal can no longer be won (every card must
pass through the player's hands to a foundation), so the hint answers `stuck`, in the player's words "no
move gets anywhere": undo, or deal again.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Final

from . import rules
from .fast import DRAW, RECYCLE
from .moves import Move
from .position import Position
from .progress import MAX_STATES, MAX_WORK, _key, _talon, talon_successors
from .replay import apply_move

FAR: Final = (1 << 30, 0)
"""The distance when the search found no card to turn."""
YIELD_EVERY: Final = 32
"""The search yields every this many positions expanded (the hint's work is sliced for the worker)."""

Distance = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Headway:
    """How far a view is from turning a card: `distance` (talon steps, then draws and recycles before the
    first), whether the search `settled` it, and the `onward` moves that shorten it."""

    distance: Distance
    settled: bool
    onward: frozenset[str]

    @property
    def hopeless(self) -> bool:
        """Proven: no line of moves turns a card or shows a stock card never seen."""
        return self.settled and self.distance == FAR


def uncovered(view: Position) -> tuple[int, int]:
    """The first part of the potential: known cards, then minus the face-down cards (higher is further)."""
    return 52 - len(view.unseen), -sum(view.face_down)


def standing(view: Position) -> tuple[int, int, int]:
    """The last part of the potential: foundation cards, minus the talon's cards, empty columns."""
    return (sum(view.foundations), -len(view.waste) - len(view.stock),
            sum(not column for column in view.tableau))


def reveals(view: Position, move: str) -> bool:
    """True when `move` turns a face-down card or draws a stock card the player has never seen."""
    if move == DRAW:
        return None in view.stock[: view.draw]
    if move == RECYCLE:
        return False
    code = move.partition(">")[0]
    for column, down in zip(view.tableau, view.face_down, strict=True):
        base = column[down] if down and len(column) > down else None
        if base is not None and base.code == code:
            return True
    return False


def draws_to_top(view: Position, index: int) -> int | None:
    """Draws and recycles before talon card `index` (the waste from its bottom, then the stock) is the waste
    top, or `None` when no number of them brings it there (draw three)."""
    waste, stock = len(view.waste), len(view.stock)
    if index == waste - 1:
        return 0
    if view.draw == 1:
        if index >= waste:
            return index - waste + 1
        return stock + 1 + index + 1
    size, pointer = waste + stock, waste  # the waste is the talon's first `pointer` cards
    for actions in range(1, 2 * (size // view.draw + 2)):
        pointer = min(size, pointer + view.draw) if pointer < size else 0
        if pointer and pointer - 1 == index:
            return actions
    return None


def _first_steps(view: Position, root: Position) -> list[tuple[str, int, Position]]:
    """The talon search's first steps from `view` (`root` its talon form): (the real move, or the card's
    code for a talon card not on top; its draws before; the talon position after)."""
    steps: list[tuple[str, int, Position]] = []
    for move in rules.legal_moves(root):
        if move.kind == "move":
            steps.append((str(move), 0, rules.apply(root, move)))
    source = rules.Source("waste")
    talon = root.stock
    for index, card in enumerate(talon):
        if card is None:
            continue
        cost = draws_to_top(view, index)
        if cost is None:
            continue
        rest = talon[:index] + talon[index + 1 :]
        topped = Position(root.tableau, root.face_down, rest, (card,), root.foundations, root.unseen)
        for target in rules.destinations(topped, card, source):
            move = Move("move", card, target)
            steps.append((str(move), cost, rules.apply(topped, move)))
    return steps


def _headway(view: Position, depth: int, hit: int, steps: list[tuple[str, int, Position]]) -> Headway:
    """The headway once the search found, at `depth` talon steps, the lines starting with the first steps
    whose bits are set in `hit`."""
    costs = [(move, cost) for i, (move, cost, _) in enumerate(steps) if hit >> i & 1]
    least = min(cost for _, cost in costs)
    if least:
        onward = frozenset({DRAW if view.stock else RECYCLE})
    else:
        onward = frozenset(move for move, cost in costs if cost == 0)
    return Headway((depth, least), True, onward)


def headway_steps(view: Position) -> Generator[None, None, Headway]:
    """The headway of `view` (module docstring), as a generator that yields every `YIELD_EVERY` positions.

    The breadth-first search is kept whole in one function for speed; each position carries the set of
    first steps it can be reached by (a bit mask), so the shortest lines' first steps are known when the
    first layer that turns a card is reached."""
    down = sum(view.face_down)
    root = _talon(view)
    steps = _first_steps(view, root)
    hit = 0
    for i, (_, _, after) in enumerate(steps):
        if sum(after.face_down) < down:
            hit |= 1 << i
    if None in view.stock:
        steps.append((DRAW, view.stock.index(None) // view.draw, root))
        hit |= 1 << (len(steps) - 1)
    if hit:
        return _headway(view, 1, hit, steps)
    seen: set[object] = {_key(root)}
    layer: dict[object, tuple[Position, int]] = {}
    for i, (_, _, after) in enumerate(steps):
        key = _key(after)
        if key in seen:
            continue
        known = layer.get(key)
        layer[key] = (after, (known[1] if known else 0) | 1 << i)
    expanded = work = 0
    depth = 1
    while layer:
        seen.update(layer)
        depth += 1
        following: dict[object, tuple[Position, int]] = {}
        for position, mask in layer.values():
            if expanded >= MAX_STATES or work >= MAX_WORK:
                return Headway(FAR, False, frozenset())
            expanded += 1
            if expanded % YIELD_EVERY == 0:
                yield
            for after in talon_successors(position):
                work += 1
                if sum(after.face_down) < down:
                    hit |= mask
                    continue
                key = _key(after)
                if key in seen:
                    continue
                known = following.get(key)
                following[key] = (after, (known[1] if known else 0) | mask)
        if hit:
            return _headway(view, depth, hit, steps)
        layer = following
    return Headway(FAR, True, frozenset())


def advances(view: Position, here: Headway, move: str) -> Generator[None, None, bool]:
    """Whether the legal `move` raises the potential of `view` (whose headway is `here`): it turns or shows
    a card, or it shortens the distance, or it keeps the distance and raises the standing."""
    if reveals(view, move):
        return True
    after = apply_move(view, move)
    if here.distance == FAR and standing(after) > standing(view):
        return True  # no distance is longer: no need to search
    there = yield from headway_steps(after)
    if there.distance != here.distance:
        return there.distance < here.distance
    return standing(after) > standing(view)


def raises_standing(view: Position, move: str) -> bool:
    """A cheap first filter: `move` raises the standing (it may still lengthen the distance)."""
    return not reveals(view, move) and standing(apply_move(view, move)) > standing(view)


__all__ = ["FAR", "Headway", "advances", "draws_to_top", "headway_steps", "raises_standing", "reveals",
           "standing", "uncovered"]
