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
recycling (the groups of three come round each pass the same until a card leaves the talon), so the talon is
not random access: the search keeps the waste and the stock apart (its positions are the real ones, where the
waste ends included), and a step is a tableau or foundation move, or a talon card that draws and recycles
bring to the top (`talon_tops`, with their count) played onto one of its destinations. That is exact: the
distance is the true number of card moves, a draw or recycle that brings the first talon card of a shortest
line nearer shortens it, and `FAR` with `settled` is a proof. (A first version read the talon as random
access beyond the first step: its distance could grow along its own shortest line, and the hint, which only
advises moves that shorten it, said "no move gets anywhere" where a line existed; it won 1 easy draw-three
deal of 30.)

Draw three adds one thing of its own: in an open view (every card known, none face down: no card left to
turn) the distance is the length of the solver's winning line (`endgame`). Both draws have a last part of
the potential, after the standing, the rise (`rise`: the shortest line to a higher standing).

The search stops at `progress.MAX_STATES` positions expanded or `progress.MAX_WORK` generated: then the
distance is `FAR` and `settled` is False. `FAR` with `settled` True is a proof that no card can ever be
turned or seen again from here: with a card still unknown the deal can no longer be won (every card must
pass through the player's hands to a foundation), so the hint answers `stuck`, in the player's words "no
move gets anywhere": undo, or deal again.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass, replace
from typing import Final

from . import rules
from .endgame import ending_steps, is_open
from .fast import DRAW, RECYCLE
from .moves import Move
from .position import Position
from .progress import MAX_STATES, MAX_WORK, _key, _talon, talon_successors

FAR: Final = (1 << 30, 0)
"""The distance when the search found no card to turn."""
RELAXED: Final = 1 << 20
"""Draw three: where the distances of the draw-one search start, when the exact one stopped at its bounds."""
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


def talon_tops(view: Position) -> dict[int, int]:
    """Each talon card (its index: the waste from its bottom, then the stock) that draws and recycles can
    bring to the waste top, with how many of them it takes (0 for the waste top). With draw one every card;
    with draw three only some (the pointer goes round its cycle: to the stock's end, a recycle, then three
    by three)."""
    size, pointer, draw = len(view.waste) + len(view.stock), len(view.waste), view.draw
    tops: dict[int, int] = {pointer - 1: 0} if pointer else {}
    passed = {pointer}
    actions = 0
    while True:
        pointer = min(size, pointer + draw) if pointer < size else 0
        actions += 1
        if pointer in passed:
            return tops
        passed.add(pointer)
        if pointer:
            tops.setdefault(pointer - 1, actions)


def draws_to_top(view: Position, index: int) -> int | None:
    """Draws and recycles before talon card `index` is the waste top, or `None` when no number of them
    brings it there (draw three)."""
    return talon_tops(view).get(index)


def key_exact(position: Position) -> tuple[object, ...]:
    """Draw three's search key: `progress`'s (columns in any order, stock, foundations) and where the waste
    ends (which cards draws can bring to the top depends on it)."""
    return (_key(position), len(position.waste))


def _talon_plays(position: Position) -> Iterator[tuple[str, int, Position]]:
    """Draw three: each talon card that draws and recycles bring to the top, onto each of its destinations
    (the move, the draws and recycles before it, the position after: the waste ends just under the card)."""
    talon = (*position.waste, *position.stock)
    source = rules.Source("waste")
    for index, cost in sorted(talon_tops(position).items()):
        card = talon[index]
        if card is None or None in talon[:index]:
            continue  # drawing up to it shows an unseen card first: that draw is a step of its own
        waste = tuple(known for known in talon[: index + 1] if known is not None)
        topped = Position(position.tableau, position.face_down, talon[index + 1 :], waste,
                          position.foundations, position.unseen, position.draw)
        for target in rules.destinations(topped, card, source):
            move = Move("move", card, target)
            yield str(move), cost, rules.apply(topped, move)


def steps_exact(position: Position) -> list[tuple[str, int, Position]]:
    """Draw three's steps from `position`: every move of a tableau or foundation card (the talon where it
    is), then every talon card draws can bring to the top (`_talon_plays`). Exact: a line of draw three
    plays cards in this order with draws and recycles between, and a tableau move made at another place of
    the talon's cycle reaches no talon card that this one cannot (the cycle only goes on from there)."""
    top = position.waste[-1] if position.waste else None
    steps = [(str(move), 0, rules.apply(position, move)) for move in rules.legal_moves(position)
             if move.kind == "move" and move.card != top]
    steps.extend(_talon_plays(position))
    return steps


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


def found_at(view: Position, depth: int, hit: int, steps: list[tuple[str, int, Position]]) -> Headway:
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

    Draw three: when the exact search stops at its bounds, the distance is the draw-one search's (the talon
    as random access, a smaller space), counted from `RELAXED`: longer than any exact distance, shorter than
    none found. Both are functions of the view, so the potential still only rises along the hint's moves; the
    draw-one search's `FAR` settled is a proof for draw three too (it reaches more). An open view (every card
    known, none face down) has no card left to turn: its distance is the solver's line (`endgame`)."""
    if view.draw == 1:
        return (yield from _search(view, exact=False))
    if is_open(view):
        length, settled, first = yield from ending_steps(view, YIELD_EVERY)
        if length is None or first is None:
            return Headway(FAR, settled, frozenset())
        return Headway((length, 0), True, frozenset({first}))
    here = yield from _search(view, exact=True)
    if here.settled:
        return here
    relaxed = yield from _search(replace(view, draw=1), exact=False)
    if relaxed.distance == FAR:
        return relaxed
    return Headway((RELAXED + relaxed.distance[0], relaxed.distance[1]), False, relaxed.onward)


def _search(view: Position, exact: bool) -> Generator[None, None, Headway]:
    """The breadth-first search of `headway_steps`, exact for draw three or with the talon as random access.

    The breadth-first search is kept whole in one function for speed; each position carries the set of
    first steps it can be reached by (a bit mask), so the shortest lines' first steps are known when the
    first layer that turns a card is reached."""
    down = sum(view.face_down)
    root = view if exact else _talon(view)
    steps = steps_exact(view) if exact else _first_steps(view, root)
    key_of = key_exact if exact else _key
    hit = 0
    for i, (_, _, after) in enumerate(steps):
        if sum(after.face_down) < down:
            hit |= 1 << i
    if None in view.stock:
        steps.append((DRAW, view.stock.index(None) // view.draw, root))
        hit |= 1 << (len(steps) - 1)
    if hit:
        return found_at(view, 1, hit, steps)
    seen: set[object] = {key_of(root)}
    layer: dict[object, tuple[Position, int]] = {}
    for i, (_, _, after) in enumerate(steps):
        key = key_of(after)
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
            successors = (step[2] for step in steps_exact(position)) if exact else talon_successors(position)
            for after in successors:
                work += 1
                if sum(after.face_down) < down:
                    hit |= mask
                    continue
                key = key_of(after)
                if key in seen:
                    continue
                known = following.get(key)
                following[key] = (after, (known[1] if known else 0) | mask)
        if hit:
            return found_at(view, depth, hit, steps)
        layer = following
    return Headway(FAR, True, frozenset())


def compare(view: Position, here: Headway, move: str) -> Generator[None, None, int]:
    """How the legal `move` changes the potential of `view` (whose headway is `here`): 1 when it turns or
    shows a card, shortens the distance, or keeps the distance and raises the standing; -1 when it lowers
    it; 0 when it keeps all three (the hint then compares the rise, `rise`)."""
    if reveals(view, move):
        return 1
    after = rules.play(view, move)
    if here.distance == FAR and standing(after) > standing(view):
        return 1  # no distance is longer: no need to search
    there = yield from headway_steps(after)
    if there.distance != here.distance:
        return 1 if there.distance < here.distance else -1
    return (standing(after) > standing(view)) - (standing(after) < standing(view))


def advances(view: Position, here: Headway, move: str) -> Generator[None, None, bool]:
    """Whether the legal `move` raises `headway`'s parts of the potential of `view` (`compare`)."""
    return (yield from compare(view, here, move)) > 0


def raises_standing(view: Position, move: str) -> bool:
    """A cheap first filter: `move` raises the standing (it may still lengthen the distance)."""
    return not reveals(view, move) and standing(rules.play(view, move)) > standing(view)


__all__ = ["FAR", "Headway", "advances", "compare", "draws_to_top", "found_at", "headway_steps", "key_exact",
           "raises_standing", "reveals", "standing", "steps_exact", "talon_tops", "uncovered"]
