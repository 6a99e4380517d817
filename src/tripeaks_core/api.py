"""The JSON protocol the Web Worker speaks (documented in `docs/API.md`): TriPeaks' ops on the shared frame
`solitaire_core.session` (request guards, dispatch, typed errors, rollback).

`Session.handle` takes a request text `{"op": ..., "args": {...}}` and always returns a reply text, even for
garbage: `{"ok": true, ...}` or `{"ok": false, "error": {"type": ..., "message": ...}}`. A failed request
leaves the session exactly as it was.

A request longer than `MAX_REQUEST_CHARS` or nested deeper than `MAX_DEPTH` is refused before it is parsed
(Pyodide's stack is much smaller than CPython's, so a deeply nested text must never reach the parser). A move
costs the same whatever the length of the history: the game's log is compacted (`tripeaks_core.game`), and
the copy kept to go back to after an unexpected failure is as small as that log.
"""

from __future__ import annotations

import secrets
from typing import Any, Final

from solitaire_core.errors import RequestError
from solitaire_core.hints import HintJobs, hint_json
from solitaire_core.playsession import check_deal_reply
from solitaire_core.session import MAX_DEPTH, MAX_REQUEST_CHARS, budget_arg, nesting_depth, parse_request
from solitaire_core.session import Session as BaseSession
from solitaire_core.steps import SlicedJob

from .dealid import RANDOM_LIMIT, DealId
from .difficulty import deal_at_level, verify
from .game import Game
from .hint import Hint, HintJob, hint
from .levels import Level
from .moves import DRAW, UNDO, Rejection, parse_action
from .rules import STANDARD, Rules
from .save import load_game, save_game
from .snapshot import snapshot
from .solver import build_tables_for, solve_game, tables

__all__ = ["MAX_DEPTH", "MAX_REQUEST_CHARS", "RequestError", "Session", "nesting_depth", "parse_request",
           "random_deal_id"]

_CHANGES_GAME_IN_PLACE: Final = frozenset({"move", "take", "draw", "undo", "give_up", "solution"})
"""The ops that change `Session.game` itself (the others replace it): `handle` keeps a copy to go back to."""

_Kept = tuple[Game, tuple[SlicedJob[Hint] | None, int], Game | None]
"""What a request keeps to go back to: the game, the hint job and its version, and a copy of the game for the
ops that change it in place."""


def random_deal_id(rules: Rules = STANDARD) -> DealId:
    """A fresh deal of any difficulty, drawn from the system's secure random source."""
    return DealId(1 + secrets.randbelow(RANDOM_LIMIT - 1), rules)


class Session(BaseSession[_Kept]):
    """One game and the requests that act on it."""

    def __init__(self) -> None:
        self.game = Game.from_id(random_deal_id())
        self._hints: HintJobs[Hint] = HintJobs()
        super().__init__({
            "new": self._new,
            "check_deal": self._check_deal,
            "restore": self._restore,
            "move": self._move,
            "take": self._take,
            "draw": self._draw,
            "undo": self._undo,
            "replay": self._replay,
            "state": self._state,
            "hint": self._hint,
            "hint_start": self._hint_start,
            "hint_step": self._hint_step,
            "warm": self._warm,
            "solution": self._solution,
            "give_up": self._give_up,
        })

    def checkpoint(self, op: str) -> _Kept:
        """The game and hint job as they are, and a copy of the game if `op` changes it in place (as long as
        the compacted log, not the history)."""
        backup = self.game.copy() if op in _CHANGES_GAME_IN_PLACE else None
        return self.game, self._hints.kept(), backup

    def roll_back(self, kept: _Kept) -> None:
        """Undo whatever a failed request changed: a failed request leaves the session as it was."""
        game, hints, backup = kept
        self._hints.restore(hints)
        self.game = game if backup is None else backup

    def _set_game(self, game: Game) -> None:
        """Replace the game; a hint job of the old game can never answer for the new one."""
        self.game = game
        self._hints.clear()

    # --- operations ---------------------------------------------------------------------------------

    def _reply(self, rejection: Rejection | None = None) -> dict[str, Any]:
        return {
            "ok": True,
            "state": snapshot(self.game),
            "save": save_game(self.game),
            "rejection": None if rejection is None else rejection.as_json(),
        }

    def _check_deal(self, args: dict[str, Any]) -> dict[str, Any]:
        """The canonical form of `args["deal_id"]` (a `DealIdError` when it does not read), and whether it
        names the game of `args["current"]` (`same_game`); the game in progress is not touched."""
        raw = args.get("deal_id")
        if not isinstance(raw, str):
            raise RequestError("'deal_id' must be a string")
        return check_deal_reply(DealId.parse, DealId.parse(raw), args)

    def _new(self, args: dict[str, Any]) -> dict[str, Any]:
        raw = args.get("deal_id")
        if raw is not None:
            if not isinstance(raw, str):
                raise RequestError("'deal_id' must be a string")
            deal_id = DealId.parse(raw)
            verify(deal_id)
        else:
            wrap, visible = self._flag(args, "wrap", True), self._flag(args, "all_visible", False)
            rules = Rules(wrap=wrap, all_visible=visible)
            level = args.get("level", "any")
            if level == "any":
                deal_id = random_deal_id(rules)
            elif isinstance(level, str) and level in {item.value for item in Level}:
                deal_id = deal_at_level(Level(level), rules)
            else:
                raise RequestError("'level' must be 'any', 'easy', 'medium' or 'hard'")
        self._set_game(Game.from_id(deal_id))
        return self._reply()

    def _flag(self, args: dict[str, Any], name: str, default: bool) -> bool:
        value = args.get(name, default)
        if not isinstance(value, bool):
            raise RequestError(f"'{name}' must be true or false")
        return value

    def _solution(self, args: dict[str, Any]) -> dict[str, Any]:
        """Solve the deal from its start and give the snapshots along a winning line, for the page to replay.

        Only after the game (won or given up) or once every card is known, else `GameInProgressError`: the
        frames show every card the line turns. Once shown, those cards are known (`Game.reveal`), which
        closes a game that still hid some: the reply carries the new state and save like a move's. The
        reveal comes first and its guard is the only one, so a solution asked too early never runs the
        solver."""
        self.game.reveal()
        viewer = Game(self.game.deal, self.game.rules, self.game.deal_id)
        result = solve_game(viewer)
        frames = [snapshot(viewer)]
        for move in result.line:
            viewer.play(move)
            frames.append(snapshot(viewer))
        reply = self._reply()
        return {"ok": True, "verdict": result.verdict.value, "line": list(result.line), "frames": frames,
                "state": reply["state"], "save": reply["save"]}

    def _give_up(self, args: dict[str, Any]) -> dict[str, Any]:
        self.game.give_up()
        return self._reply()

    def _restore(self, args: dict[str, Any]) -> dict[str, Any]:
        self._set_game(load_game(args.get("save")))
        return self._reply()

    def _take(self, args: dict[str, Any]) -> dict[str, Any]:
        position = args.get("position")
        if isinstance(position, bool) or not isinstance(position, int):
            raise RequestError("'position' must be an integer 0-27")
        return self._reply(self.game.try_take(position))

    def _move(self, args: dict[str, Any]) -> dict[str, Any]:
        """The generic move intent every game's protocol has: one move in the game's own notation (for
        TriPeaks `0`-`27`, `draw` or `undo`), with the same reply as `take`, `draw` or `undo`. A text that is
        not a move is a `MoveError` and changes nothing."""
        move = args.get("move")
        if not isinstance(move, str):
            raise RequestError("'move' must be a move in notation, such as '18' or 'draw'")
        action = parse_action(move)
        if action == DRAW:
            return self._draw(args)
        if action == UNDO:
            return self._undo(args)
        return self._reply(self.game.try_take(action))

    def _draw(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._reply(self.game.try_draw())

    def _undo(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._reply(self.game.try_undo())

    def _replay(self, args: dict[str, Any]) -> dict[str, Any]:
        self._set_game(self.game.restarted())
        return self._reply()

    def _state(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._reply()

    def _hint(self, args: dict[str, Any]) -> dict[str, Any]:
        result = hint(self.game.player_view(), budget_ms=budget_arg(args, "budget_ms"))
        return {"ok": True, "hint": hint_json(result, self.game.version)}

    def _warm(self, args: dict[str, Any]) -> dict[str, Any]:
        slice_ms = budget_arg(args, "slice_ms")
        if slice_ms is None:
            tables()
            return {"ok": True, "done": True}
        return {"ok": True, "done": build_tables_for(slice_ms)}

    def _hint_start(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._hints.start(self.game.version, lambda: HintJob(self.game.player_view()))

    def _hint_step(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._hints.step(self.game.version, budget_arg(args, "slice_ms"))
