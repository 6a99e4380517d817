"""Whether the position "gets anywhere": the engine's definition behind the page's no-progress note, and
auto-finish (seed 003: "S'il reste des coups mais qu'aucun ne permet vraiment d'avancer, une courte note…";
"Dès que toutes les cartes sont face visible et qu'il ne reste plus de carte inconnue dans la pioche, un
bouton Finir auto apparaît").

**Gets anywhere.** Looked at from what the player knows only (`Game.player_view()`), a position gets
anywhere when some sequence of legal moves, draws and recycles reaches one of these:

- a face-down card turns over (fewer face-down cards than now);
- a stock card the player has never seen is drawn (drawing it shows a new card);
- the foundations hold more cards than now;
- more columns are empty than now.

Moves that only shuffle known cards about (a run back and forth, a king from one empty column to another, a
card down from a foundation and up again, the stock cycled) are not progress in themselves, but they may lead
to progress, and the search follows them. The search never needs an unseen card: the moves that would show
one (a draw of an unseen stock card, the flip of an unseen face-down card) are progress, so the search stops
there. Until the stock has been run through once, a draw always gets somewhere, so the note can only appear
after a full pass, the typical dead end: nothing in the stock plays and the tableau cannot be opened.

The search is a breadth-first search over the view's positions with at most `MAX_STATES` positions
expanded and `MAX_WORK` generated: `Progress.UNDECIDED` when it stops there (on random play over 100 deals,
872 of the 880 dead ends were proven within these bounds; the search then takes at most about 0.2 s in
CPython, p99 of a whole snapshot under 10 ms). The note is shown only for `Progress.NONE`, a proof; an
undecided position shows no note. With draw 1 and unlimited passes every card of the stock and the waste can
be brought to the waste top by drawing and recycling, and every way of splitting the same sequence between
waste and stock can reach every other; so the search reads waste and stock as one sequence, the *talon* (the
waste from its bottom, then the stock), and lets any talon card play straight to its destinations (the talon
keeps its order without it). That is exact for reachability and makes the search about 25 times smaller; an
unseen stock card is reachable the same way, so a view with one gets somewhere at once. Positions that differ
only in the order of the columns are one (the rules treat every column alike).

**Auto-finish.** Available exactly when the game is not over, no tableau card is face down and every stock
card is known (then every card is). Such a position can always be won with foundation moves, draws and
recycles alone: every column is an ordered run, so of the cards each foundation needs next, the lowest is the
waste top after some draws or the top card of its column (any card on it would be lower still, not on a
foundation, so some foundation would need a card lower than the lowest it needs). `autofinish_move` gives
the next of those moves; following it wins (tests/test_klondike_progress.py proves it with Hypothesis).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from enum import StrEnum
from typing import Final

from solitaire_core.cards import Card

from . import rules
from .moves import DRAW_MOVE, FOUNDATION, RECYCLE_MOVE, Move
from .position import Position

MAX_STATES: Final = 2_000
"""The most positions the search expands before it answers `UNDECIDED`."""
MAX_WORK: Final = 5_000
"""The most positions the search generates (successors looked at) before it answers `UNDECIDED`: a position
with empty columns and long runs has a hundred successors, so the states alone do not bound the time."""


class Progress(StrEnum):
    """The answer of `gets_anywhere`: `FOUND` some progress is reachable; `NONE` proven that none is;
    `UNDECIDED` the search stopped at its bound."""

    FOUND = "found"
    NONE = "none"
    UNDECIDED = "undecided"


def _empty_columns(position: Position) -> int:
    return sum(not cards for cards in position.tableau)


def _talon(position: Position) -> Position:
    """`position` with its waste and stock read as one sequence (`_TALON` above), the waste first."""
    talon = (*position.waste, *position.stock)
    return Position(position.tableau, position.face_down, talon, (), position.foundations, position.unseen)


def talon_successors(position: Position) -> Iterator[Position]:
    """The positions one move away, as talon positions: every tableau and foundation move, and every talon
    card onto each of its destinations."""
    for move in rules.legal_moves(position):
        if move.kind == "move":
            yield rules.apply(position, move)
    talon = position.stock
    source = rules.Source("waste")
    for index, card in enumerate(talon):
        assert card is not None
        rest = talon[:index] + talon[index + 1 :]
        topped = Position(position.tableau, position.face_down, rest, (card,), position.foundations,
                          position.unseen)
        for target in rules.destinations(topped, card, source):
            yield rules.apply(topped, Move("move", card, target))


def _top_index(column: tuple[tuple[Card | None, ...], int]) -> int:
    cards = column[0]
    top = cards[-1] if cards else None
    return -1 if top is None else top.index


def _key(position: Position) -> tuple[object, ...]:
    """What identifies a position up to the order of its columns (the rules treat every column alike, so
    positions that differ only by it reach the same things). Columns are sorted by their top card, which no
    two non-empty columns share."""
    columns = sorted(zip(position.tableau, position.face_down, strict=True), key=_top_index)
    return (*columns, position.stock, position.foundations)


def gets_anywhere(view: Position, max_states: int = MAX_STATES, max_work: int = MAX_WORK) -> Progress:
    """Whether some line of legal moves from `view` (a player's view or a full position) makes progress,
    as defined in the module docstring."""
    if any(card is None for card in view.stock):
        return Progress.FOUND  # drawing on shows a card never seen
    down = sum(view.face_down)
    done = sum(view.foundations)
    empty = _empty_columns(view)
    start = _talon(view)
    seen = {_key(start)}
    queue = deque([start])
    expanded = work = 0
    while queue:
        if expanded >= max_states or work >= max_work:
            return Progress.UNDECIDED
        position = queue.popleft()
        expanded += 1
        for after in talon_successors(position):
            work += 1
            if sum(after.face_down) < down or sum(after.foundations) > done or _empty_columns(after) > empty:
                return Progress.FOUND
            key = _key(after)
            if key not in seen:
                seen.add(key)
                queue.append(after)
    return Progress.NONE


def autofinish_available(view: Position) -> bool:
    """True when auto-finish can really finish: not won, no face-down card, no unseen stock card (a view:
    `None` stands for an unseen card)."""
    return (
        not rules.is_won(view)
        and not any(view.face_down)
        and all(card is not None for card in view.stock)
    )


def autofinish_move(view: Position) -> Move | None:
    """The next move of auto-finish, or `None` when it is not available: the lowest card that can go to its
    foundation from the waste top or a column's top (the waste first on a tie, then the leftmost column),
    else a draw, else a recycle."""
    if not autofinish_available(view):
        return None
    candidates = []
    if view.waste:
        candidates.append(view.waste[-1])
    candidates.extend(cards[-1] for cards in view.tableau if cards and cards[-1] is not None)
    playable = [card for card in candidates if rules.fits_on_foundation(view.foundations, card)]
    if playable:
        best = min(playable, key=lambda card: card.rank)
        return Move("move", best, FOUNDATION)
    return DRAW_MOVE if view.stock else RECYCLE_MOVE
