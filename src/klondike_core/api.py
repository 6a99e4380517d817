"""The JSON protocol a Web Worker speaks for Klondike: the ops every game kept with its log shares
(`solitaire_core.playsession`, as Pyramid's: replies, rollback, restore, moves, undo, replay, hint, give up,
solution) and Klondike's own, on the shared request frame `solitaire_core.session`.

`Session.handle` takes a request text `{"op": ..., "args": {...}}` and always returns a reply text, even for
garbage: `{"ok": true, ...}` or `{"ok": false, "error": {"type": ..., "message": ...}}`. A failed request
leaves the session exactly as it was. The ops are the protocol's (`solitaire_core.protocol`), with Klondike's
moves (`move` with `"QH>T3"`, `"AS>F"`, `"draw"`, `"recycle"`, `"undo"`), its `new` arg `draw` (1 or 3), and
the optional `autofinish` (the next auto-finish move, an ordinary undoable move). A refused move is not an
error: the reply carries the unchanged state and the `rejection`.

The hint and the solver are `hint.py` and `solver.py`: the hint sees only `Game.player_view()`, the solver
the full deal, and only once the solution may be shown.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from solitaire_core.dealid import random_number
from solitaire_core.errors import RequestError
from solitaire_core.levels import parse_level
from solitaire_core.playsession import Parts, PlayedSession
from solitaire_core.protocol import Arg
from solitaire_core.session import budget_arg

from .deal import DRAWS, DealId
from .difficulty import deal_at_level, parse_verified, verify
from .game import Game
from .hint import Hint, HintJob, hint
from .moves import Move
from .proof import solve_position
from .save import Played, load, save
from .snapshot import snapshot
from .solver import SolveResult

__all__ = ["SOLUTION_BUDGET_MS", "RequestError", "Session", "random_deal_id"]

SOLUTION_BUDGET_MS: Final = 8_000.0
"""The solver's time for the `solution` op when the request gives none ("was this deal winnable?" answers
within 10 s in the worker, or says it could not decide)."""


def random_deal_id(draw: int = 1) -> DealId:
    """A fresh deal under `draw`, drawn from the system's secure random source."""
    return DealId(random_number(), draw)


PARTS: Final = Parts(
    parse_deal_id=parse_verified, parse_move=Move.parse, snapshot=snapshot, save=save, load=load, hint=hint,
    hint_job=HintJob,
)
"""What the shared session takes from Klondike's modules."""


class Session(PlayedSession[Game, Hint, Played]):
    """One game and the requests that act on it."""

    optional_ops: ClassVar[tuple[str, ...]] = ("autofinish",)
    new_args: ClassVar[tuple[Arg, ...]] = (
        Arg("draw", "choice", "draw one or three (default 1, or the ID's)", choices=DRAWS),
    )

    def __init__(self, deal_id: DealId | None = None) -> None:
        super().__init__(
            PARTS, Played(Game.from_id(deal_id or random_deal_id())),
            {"new": self._new, "autofinish": self._autofinish},
        )

    def solve_from_start(self, args: dict[str, Any]) -> tuple[Game, SolveResult]:
        """The deal with every card known, solved within `budget_ms` (default `SOLUTION_BUDGET_MS`): past
        it the verdict is `unknown` with no line."""
        budget = budget_arg(args, "budget_ms") or SOLUTION_BUDGET_MS
        viewer = Game(self.game.deal, self.game.deal_id, self.game.deal.cards, self.game.draw)
        return viewer, solve_position(viewer.position(), budget_ms=budget)

    def frame(self, viewer: Game) -> dict[str, Any]:
        """A snapshot of the solution's line, without the progress search (its frames are never played)."""
        return snapshot(viewer, progress=False)

    def _new(self, args: dict[str, Any]) -> dict[str, Any]:
        """Deal `deal_id` (its level claim verified), or without it a random deal of `level` (`any`, the
        default, or `easy`, `medium`, `hard`: a deal proven winnable, `difficulty`), under `draw` (1, the
        default, or 3). With a `deal_id`, `draw` 3 plays its deal with draw three (`12` becomes `T-12`, and a
        level claim is then verified for draw three); `draw` 1 with a `T` ID is a `RequestError`."""
        draw: int | None = args.get("draw")
        if args.get("deal_id") is not None:
            deal_id = DealId.parse(args["deal_id"])
            if draw is not None and draw != deal_id.draw:
                if deal_id.draw == 3:
                    raise RequestError(f"deal {deal_id} is a draw-three deal: 'draw' must be 3 or absent")
                deal_id = deal_id.with_draw(draw)
            verify(deal_id)
        else:
            try:
                level = parse_level(args.get("level", "any"))
            except ValueError as error:
                raise RequestError(str(error)) from None
            draw = draw or 1
            deal_id = random_deal_id(draw) if level is None else deal_at_level(level, draw)
        self._set(Played(Game.from_id(deal_id)))
        return self._reply()

    def _autofinish(self, args: dict[str, Any]) -> dict[str, Any]:
        """Play the next auto-finish move; `played` is that move in notation, or `null` (and nothing
        changes) when auto-finish is not available."""
        move = self.game.autofinish_move()
        if move is not None:
            self.played.play(str(move))
        return {**self._reply(), "played": None if move is None else str(move)}
