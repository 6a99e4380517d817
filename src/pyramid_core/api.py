"""The JSON protocol a Web Worker speaks for Pyramid: the ops every game kept with its log shares
(`solitaire_core.playsession`, as Klondike's: replies, rollback, restore, moves, undo, replay, hint, give up,
solution) and Pyramid's own `new` with its levels, on the shared request frame `solitaire_core.session`.

`Session.handle` takes a request text `{"op": ..., "args": {...}}` and always returns a reply text, even for
garbage: `{"ok": true, ...}` or `{"ok": false, "error": {"type": ..., "message": ...}}`. A failed request
leaves the session exactly as it was. The ops are the protocol's (`solitaire_core.protocol`), with Pyramid's
moves (`move` with `"12+W"`, `"5"`, `"draw"`, `"recycle"`, `"undo"`) and no optional op. A refused move is
not an error: the reply carries the new (unchanged) state and the `rejection`.

Wherever the page's shared shell relies on it, the replies are TriPeaks' (`tripeaks_core.api`): a game over
(won or given up) refuses moves with `game_over` and the snapshot says `over`; giving up a game already won or
given up is a `GameOverError`; `solution` before it is available is a `GameInProgressError`, and once shown it
makes every card known (closing a game that still hid some) and replies the new `state` and `save`; a `new`
with a `level` deals a deal the solver proved winnable, and a lettered ID whose deal is not of its level is a
`DealIdError`.
"""

from __future__ import annotations

from typing import Any, Final

from solitaire_core.dealid import random_number
from solitaire_core.errors import RequestError
from solitaire_core.levels import parse_level
from solitaire_core.playsession import Parts, PlayedSession

from .deal import DealId
from .difficulty import deal_at_level, parse_verified
from .game import Game
from .hint import Hint, HintJob, hint
from .moves import Move
from .save import Played, load, save
from .snapshot import snapshot
from .solver import SolveResult, solve_game

__all__ = ["RequestError", "Session", "random_deal_id"]


def random_deal_id() -> DealId:
    """A fresh deal drawn from the system's secure random source."""
    return DealId(random_number())


PARTS: Final = Parts(
    parse_deal_id=parse_verified, parse_move=Move.parse, snapshot=snapshot, save=save, load=load, hint=hint,
    hint_job=HintJob,
)
"""What the shared session takes from Pyramid's modules."""


class Session(PlayedSession[Game, Hint, Played]):
    """One game and the requests that act on it."""

    def __init__(self, deal_id: DealId | None = None) -> None:
        super().__init__(PARTS, Played(Game.from_id(deal_id or random_deal_id())), {"new": self._new})

    def solve_from_start(self, args: dict[str, Any]) -> tuple[Game, SolveResult]:
        """The deal from its start, solved exactly (`solver.solve_game`)."""
        viewer = Game(self.game.deal, self.game.deal_id)
        return viewer, solve_game(viewer)

    def _new(self, args: dict[str, Any]) -> dict[str, Any]:
        """Deal `deal_id` (verified), or without it a random deal of `level` (default `any`): every level but
        `any` deals only deals the solver proved winnable."""
        if args.get("deal_id") is not None:
            deal_id = self._deal_id_arg(args)
        else:
            try:
                level = parse_level(args.get("level", "any"))
            except ValueError as error:
                raise RequestError(str(error)) from None
            deal_id = random_deal_id() if level is None else deal_at_level(level)
        self._set(Played(Game.from_id(deal_id)))
        return self._reply()
