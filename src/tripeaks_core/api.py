"""The JSON protocol the Web Worker speaks for TriPeaks (documented in `docs/API.md`): the ops every game
shares (`solitaire_core.playsession`, as Pyramid's and Klondike's: replies, rollback, restore, moves, undo,
replay, hint, give up, solution) and TriPeaks' own, on the shared request frame `solitaire_core.session`.

`Session.handle` takes a request text `{"op": ..., "args": {...}}` and always returns a reply text, even for
garbage: `{"ok": true, ...}` or `{"ok": false, "error": {"type": ..., "message": ...}}`. A failed request
leaves the session exactly as it was. The ops are the protocol's (`solitaire_core.protocol`); TriPeaks' own
are its `new` args `wrap` and `all_visible`, its moves (`move` with `"12"`, `"draw"` or `"undo"`, the
notation of design.md) and the optional `warm` (build the solver's tables, at once or in slices of
`slice_ms`).

A request longer than `MAX_REQUEST_CHARS` or nested deeper than `MAX_DEPTH` is refused before it is parsed
(Pyodide's stack is much smaller than CPython's, so a deeply nested text must never reach the parser). A move
costs the same whatever the length of the history: the game's log is compacted (`tripeaks_core.game`), and
the copy kept to go back to after an unexpected failure is as small as that log (`tripeaks_core.played`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from solitaire_core.dealid import random_number
from solitaire_core.errors import RequestError
from solitaire_core.levels import parse_level
from solitaire_core.playsession import Parts, PlayedSession
from solitaire_core.protocol import Arg
from solitaire_core.session import MAX_DEPTH, MAX_REQUEST_CHARS, budget_arg, nesting_depth, parse_request

from .dealid import DealId
from .difficulty import deal_at_level, verify
from .game import Game
from .hint import Hint, HintJob, hint
from .moves import parse_action
from .played import Played
from .rules import STANDARD, Rules
from .save import load_game, save_game
from .snapshot import snapshot
from .solver import SolveResult, build_tables_for, solve_game, tables

__all__ = ["MAX_DEPTH", "MAX_REQUEST_CHARS", "RequestError", "Session", "nesting_depth", "parse_request",
           "random_deal_id"]


def random_deal_id(rules: Rules = STANDARD) -> DealId:
    """A fresh deal of any difficulty, drawn from the system's secure random source."""
    return DealId(random_number(), rules)


def parse_verified(text: str) -> DealId:
    """The deal ID of `text` with its level claim verified, as `new` deals it (a false claim is a
    `DealIdError`): what `check_deal` answers for a link before the page leaves its game."""
    deal_id = DealId.parse(text)
    verify(deal_id)
    return deal_id


def _save(played: Played) -> dict[str, Any]:
    return save_game(played.game)


def _load(data: object) -> Played:
    return Played(load_game(data))


PARTS: Final = Parts(
    parse_deal_id=parse_verified, parse_move=parse_action, snapshot=snapshot, save=_save, load=_load,
    hint=hint, hint_job=HintJob,
)
"""What the shared session takes from TriPeaks' modules."""


class Session(PlayedSession[Game, Hint, Played]):
    """One game and the requests that act on it."""

    optional_ops: ClassVar[tuple[str, ...]] = ("warm",)
    new_args: ClassVar[tuple[Arg, ...]] = (
        Arg("wrap", "boolean", "a King and an Ace are one apart (default true)"),
        Arg("all_visible", "boolean", "every card is dealt face up (default false)"),
    )

    def __init__(self) -> None:
        ops = {"new": self._new, "warm": self._warm}
        super().__init__(PARTS, Played(Game.from_id(random_deal_id())), ops)

    def solve_from_start(self, args: dict[str, Any]) -> tuple[Game, SolveResult]:
        """The deal from its start, solved exactly (`solver.solve_game`)."""
        viewer = Game(self.game.deal, self.game.rules, self.game.deal_id)
        return viewer, solve_game(viewer)

    def _new(self, args: dict[str, Any]) -> dict[str, Any]:
        """Deal `deal_id` (its level claim verified), or without it a random deal of `level` (default `any`:
        every other level deals only deals the solver proved winnable) under `wrap` and `all_visible`."""
        if args.get("deal_id") is not None:
            deal_id = self._deal_id_arg(args)
        else:
            rules = Rules(wrap=args.get("wrap", True), all_visible=args.get("all_visible", False))
            try:
                level = parse_level(args.get("level", "any"))
            except ValueError as error:
                raise RequestError(str(error)) from None
            deal_id = random_deal_id(rules) if level is None else deal_at_level(level, rules)
        self._set(Played(Game.from_id(deal_id)))
        return self._reply()

    def _warm(self, args: dict[str, Any]) -> dict[str, Any]:
        slice_ms = budget_arg(args, "slice_ms")
        if slice_ms is None:
            tables()
            return {"ok": True, "done": True}
        return {"ok": True, "done": build_tables_for(slice_ms)}
