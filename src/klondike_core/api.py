"""The JSON protocol a Web Worker speaks for Klondike: Klondike's ops on the shared frame
`solitaire_core.session` (request guards, dispatch, typed errors, rollback), the shape of `pyramid_core.api`.

`Session.handle` takes a request text `{"op": ..., "args": {...}}` and always returns a reply text, even for
garbage: `{"ok": true, ...}` or `{"ok": false, "error": {"type": ..., "message": ...}}`. A failed request
leaves the session exactly as it was. Ops: `new` (optional `deal_id`), `check_deal` (`deal_id`), `restore`
(`save`), `move` (`{"move": "QH>T3"}`, also `"draw"`, `"recycle"`, `"undo"`), `draw`, `recycle`, `undo`,
`autofinish` (the next auto-finish move, an ordinary undoable move), `replay`, `state`, `hint`,
`hint_start`, `hint_step` (`slice_ms`), `give_up`, and `solution` (allowed once the deal is won, given up, or
every card is known). A refused move is not an error: the reply carries the unchanged state and the
`rejection`.

The hint and the solver are `hint.py` and `solver.py`: the hint sees only `Game.player_view()`, the solver
the full deal, and only once the solution may be shown.
"""

from __future__ import annotations

import copy
import secrets
from typing import Any, Final

from solitaire_core.errors import RequestError
from solitaire_core.hints import HintJobs, hint_json
from solitaire_core.session import Session as BaseSession
from solitaire_core.steps import SlicedJob

from .deal import RANDOM_LIMIT, DealId
from .errors import GameInProgressError
from .game import Game
from .hint import Hint, HintJob, hint
from .moves import DRAW, RECYCLE, UNDO, Move, Rejection, parse_action
from .save import Played, load, save
from .snapshot import snapshot
from .solver import solve

__all__ = ["SOLUTION_BUDGET_MS", "RequestError", "Session", "random_deal_id"]

SOLUTION_BUDGET_MS: Final = 8_000.0
"""The solver's time for the `solution` op when the request gives none ("was this deal winnable?" answers
within 10 s in the worker, or says it could not decide)."""

_CHANGES_IN_PLACE: Final = frozenset(
    {"move", "draw", "recycle", "undo", "autofinish", "give_up", "replay", "solution"}
)
"""The ops that change `Session.played` itself (the others replace it): a copy is kept to go back to."""

_Kept = tuple[Played, tuple[SlicedJob[Hint] | None, int], Played | None]


def random_deal_id() -> DealId:
    """A fresh deal drawn from the system's secure random source."""
    return DealId(1 + secrets.randbelow(RANDOM_LIMIT - 1))


class Session(BaseSession[_Kept]):
    """One game and the requests that act on it."""

    def __init__(self, deal_id: DealId | None = None) -> None:
        self.played = Played(Game.from_id(deal_id or random_deal_id()))
        self._hints: HintJobs[Hint] = HintJobs()
        super().__init__({
            "new": self._new,
            "check_deal": self._check_deal,
            "restore": self._restore,
            "move": self._move,
            "draw": lambda _args: self._play(DRAW),
            "recycle": lambda _args: self._play(RECYCLE),
            "undo": self._undo,
            "autofinish": self._autofinish,
            "replay": self._replay,
            "state": lambda _args: self._reply(),
            "hint": self._hint,
            "hint_start": self._hint_start,
            "hint_step": self._hint_step,
            "give_up": self._give_up,
            "solution": self._solution,
        })

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.played.game

    def checkpoint(self, op: str) -> _Kept:
        """The played game and hint job as they are, and a copy of the played game if `op` changes it in
        place."""
        backup = copy.deepcopy(self.played) if op in _CHANGES_IN_PLACE else None
        return self.played, self._hints.kept(), backup

    def roll_back(self, kept: _Kept) -> None:
        """Undo whatever a failed request changed: a failed request leaves the session as it was."""
        played, hints, backup = kept
        self._hints.restore(hints)
        self.played = played if backup is None else backup

    def _set(self, played: Played) -> None:
        self.played = played
        self._hints.clear()

    def _reply(self, rejection: Rejection | None = None) -> dict[str, Any]:
        return {
            "ok": True,
            "state": snapshot(self.game),
            "save": save(self.played),
            "rejection": None if rejection is None else rejection.as_json(),
        }

    def _deal_id_arg(self, args: dict[str, Any]) -> DealId:
        raw = args.get("deal_id")
        if not isinstance(raw, str):
            raise RequestError("'deal_id' must be a string")
        return DealId.parse(raw)

    def _new(self, args: dict[str, Any]) -> dict[str, Any]:
        """Deal `deal_id`, or a random deal without it (`level` may only be `any`: Klondike has no levels
        yet)."""
        if args.get("level", "any") != "any":
            raise RequestError("Klondike has no difficulty levels yet: 'level' must be 'any'")
        deal_id = self._deal_id_arg(args) if args.get("deal_id") is not None else random_deal_id()
        self._set(Played(Game.from_id(deal_id)))
        return self._reply()

    def _check_deal(self, args: dict[str, Any]) -> dict[str, Any]:
        """Whether `new` would deal this ID: the canonical ID, or the `DealIdError` `new` would give."""
        return {"ok": True, "deal_id": str(self._deal_id_arg(args))}

    def _restore(self, args: dict[str, Any]) -> dict[str, Any]:
        self._set(load(args.get("save")))
        return self._reply()

    def _play(self, text: str) -> dict[str, Any]:
        move = Move.parse(text)
        rejection = self.game.try_play(move)
        if rejection is None:
            self.played.log.append(str(move))
        return self._reply(rejection)

    def _move(self, args: dict[str, Any]) -> dict[str, Any]:
        move = args.get("move")
        if not isinstance(move, str):
            raise RequestError("'move' must be a move in notation, such as 'QH>T3', 'AS>F', 'draw'")
        if parse_action(move) == UNDO:
            return self._undo(args)
        return self._play(move)

    def _undo(self, args: dict[str, Any]) -> dict[str, Any]:
        """Take back the last move (nothing to take back: no change and no rejection); after a give-up or
        once closed by a solution, refused with `game_over`."""
        rejection = self.game.check_undo()
        if rejection is None and self.game.can_undo:
            self.played.play(UNDO)
        return self._reply(rejection)

    def _autofinish(self, args: dict[str, Any]) -> dict[str, Any]:
        """Play the next auto-finish move; `played` is that move in notation, or `null` (and nothing
        changes) when auto-finish is not available."""
        move = self.game.autofinish_move()
        if move is not None:
            self.played.play(str(move))
        return {**self._reply(), "played": None if move is None else str(move)}

    def _replay(self, args: dict[str, Any]) -> dict[str, Any]:
        self.played.replay()
        self._hints.clear()
        return self._reply()

    def _give_up(self, args: dict[str, Any]) -> dict[str, Any]:
        """Give the game up (while playing or stuck); `GameOverError` when it is won or given up already."""
        self.played.give_up()
        return self._reply()

    def _budget(self, args: dict[str, Any], name: str) -> float | None:
        value = args.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < float("inf"):
            raise RequestError(f"'{name}' must be a positive number")
        return float(value)

    def _hint(self, args: dict[str, Any]) -> dict[str, Any]:
        result = hint(self.game.player_view(), budget_ms=self._budget(args, "budget_ms"))
        return {"ok": True, "hint": hint_json(result, self.game.version)}

    def _hint_start(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._hints.start(self.game.version, lambda: HintJob(self.game.player_view()))

    def _hint_step(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._hints.step(self.game.version, self._budget(args, "slice_ms"))

    def _solution(self, args: dict[str, Any]) -> dict[str, Any]:
        """A winning line from the deal's start, with the snapshots along it, for the page to replay. Only
        once nothing is left to hide (the deal won, given up, or every card already seen), else
        `GameInProgressError`. The frames show every card, so from then on every card is known
        (`Game.reveal`, which closes a game that still hid some): the reply carries the new state and save
        like a move's. `budget_ms` (default `SOLUTION_BUDGET_MS`) bounds the solver: past it the verdict is
        `unknown` with no line."""
        if not self.game.solution_available:
            raise GameInProgressError(
                "the solution is shown only once the game is won or given up, or every card is known"
            )
        budget = self._budget(args, "budget_ms") or SOLUTION_BUDGET_MS
        viewer = Game(self.game.deal, self.game.deal_id, self.game.deal.cards)
        result = solve(viewer.position(), budget_ms=budget)
        frames = [snapshot(viewer, progress=False)]
        for move in result.line:
            viewer.play(move)
            frames.append(snapshot(viewer, progress=False))
        self.played.reveal()
        reply = self._reply()
        return {"ok": True, "verdict": result.verdict.value, "line": list(result.line), "frames": frames,
                "state": reply["state"], "save": reply["save"]}
