"""Draw three's distance once the view is open: every card known and none face down.

`headway`'s distance is to the next card turned or seen; in an open view there is none left, so that distance
is `FAR` whatever the player does, and with draw three such a view is not always won by auto-finish (`finish`:
the card a foundation needs may never come to the waste top while nothing leaves the talon). The potential
then rose only with the standing, and the moves such an ending needs, a card brought down from a foundation
so that a talon card fits on it, a run moved, a draw, lowered or kept it: the hint answered "no move gets
anywhere" in a won position (deal ET-608970555).

So in an open view under draw three the distance is the length of the exact solver's winning line, when the
solver finds one within `ENDGAME_NODES` nodes and it replays under draw three (`proof.replays_to_win`), else
`FAR` (settled when the solver proved the loss). The search is seeded by nothing and counted in nodes, so the
distance is a function of the view, as the potential needs; the first move of the line usually leaves a
view whose line is one move shorter, and the hint advises a move only when its line is shorter. Open views
are compared only with open views (a move into one turns or shows a card, which `headway` counts first).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Final

from solitaire_core.verdict import Verdict

from .fast import Board
from .position import Position
from .proof import replays_to_win
from .solver import solve_board_steps

__all__ = ["ENDGAME_NODES", "Ending", "ending_steps", "is_open"]

ENDGAME_NODES: Final = 20_000
"""The solver's node budget for an open view's distance."""
CACHE_SIZE: Final = 256
"""Open views whose ending is remembered (the hint asks again for the view its last advice led to)."""

Ending = tuple[int | None, bool, str | None]
"""The length of the winning line (`None` when none was found), whether that is settled (a win, or a loss
proven), and the line's first move."""

_known: dict[Position, Ending] = {}


def is_open(view: Position) -> bool:
    """Draw three, every card known and none face down: the views whose distance is `ending_steps`'."""
    return view.draw != 1 and view.all_known and not any(view.face_down)


def ending_steps(view: Position, yield_every: int) -> Generator[None, None, Ending]:
    """The ending of the open `view` (module docstring), as a generator that yields every `yield_every`
    states of the solver's search."""
    known = _known.get(view)
    if known is not None:
        return known
    result = yield from solve_board_steps(Board.of(view), node_budget=ENDGAME_NODES, yield_every=yield_every,
                                          draw=view.draw)
    if result.verdict is Verdict.WIN and result.line and replays_to_win(view, result.line):
        ending: Ending = (len(result.line), True, result.line[0])
    else:
        ending = (None, result.verdict is Verdict.LOST, None)
    if len(_known) >= CACHE_SIZE:
        _known.clear()
    _known[view] = ending
    return ending
