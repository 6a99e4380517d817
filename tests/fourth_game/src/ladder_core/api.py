"""Ladder's worker session: every op is the kernel's `PlayedSession` but `new`, which deals a number or a
random deal. Ladder has no levels (a `level` other than `any` is a `RequestError`) and no optional op."""

from __future__ import annotations

from typing import Any, Final

from solitaire_core.dealid import random_number
from solitaire_core.errors import RequestError
from solitaire_core.playsession import Parts, PlayedSession
from solitaire_core.verdict import SolveResult

from .deal import DealId
from .game import Game
from .hint import Hint, HintJob, hint
from .moves import Move
from .save import Played, load, save
from .snapshot import snapshot
from .solver import solve_game

PARTS: Final = Parts(
    parse_deal_id=DealId.parse, parse_move=Move.parse, snapshot=snapshot, save=save, load=load, hint=hint,
    hint_job=HintJob,
)


class Session(PlayedSession[Game, Hint, Played]):
    """One game of Ladder and the requests that act on it."""

    def __init__(self) -> None:
        super().__init__(PARTS, Played(Game.from_id(random_number())), {"new": self._new})

    def solve_from_start(self, args: dict[str, Any]) -> tuple[Game, SolveResult[str]]:
        """The deal from its start, solved with every card shown."""
        viewer = Game(self.game.deal, self.game.deal_id)
        return viewer, solve_game(viewer)

    def _new(self, args: dict[str, Any]) -> dict[str, Any]:
        if args.get("level", "any") != "any":
            raise RequestError("Ladder has no levels: 'level' must be 'any'")
        deal_id = self._deal_id_arg(args) if "deal_id" in args else DealId(random_number())
        self._set(Played(Game.from_id(deal_id)))
        return self._reply()
