"""The JSON protocol the Web Worker speaks (documented in `docs/API.md`).

`Session.handle` takes a request text `{"op": ..., "args": {...}}` and always returns a reply text, even for
garbage: `{"ok": true, ...}` or `{"ok": false, "error": {"type": ..., "message": ...}}`. A failed request
leaves the session exactly as it was.

A request longer than `MAX_REQUEST_CHARS` or nested deeper than `MAX_DEPTH` is refused before it is parsed
(Pyodide's stack is much smaller than CPython's, so a deeply nested text must never reach the parser). A move
costs the same whatever the length of the history: the game's log is compacted (`tripeaks_core.game`), and
the copy kept to go back to after an unexpected failure is as small as that log.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable
from itertools import accumulate
from typing import Any, Final

from .dealid import RANDOM_LIMIT, DealId
from .difficulty import deal_at_level, verify
from .errors import GameInProgressError, TriPeaksError
from .game import Game
from .hint import Hint, HintJob, hint
from .levels import Level
from .moves import Rejection
from .rules import STANDARD, Rules
from .save import load_game, save_game
from .snapshot import snapshot
from .solver import build_tables_for, solve_game, tables

_CHANGES_GAME_IN_PLACE: Final = frozenset({"take", "draw", "undo", "give_up", "solution"})
"""The ops that change `Session.game` itself (the others replace it): `handle` keeps a copy to go back to."""

MAX_REQUEST_CHARS: Final = 1_000_000
"""The longest request text answered (a real one, a restore with the longest save, is under 150,000)."""

MAX_DEPTH: Final = 32
"""The deepest nesting of brackets a request may have (a real one has 4: request, args, save, rules)."""

_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""A JSON string literal; one left open runs to the end of the text, so the scan never starts again inside it
(linear time whatever the text)."""
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


class RequestError(TriPeaksError):
    """A request the protocol does not know: unknown op, missing or ill-typed argument, not JSON, too large
    or nested too deeply."""


def nesting_depth(text: str) -> int:
    """How deeply the brackets of a JSON text nest, without parsing it and without recursion: the string
    literals are dropped (a bracket inside a string does not count), then only the brackets are kept and
    counted. Linear in the text's length."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(_STEP[c] for c in brackets), default=0)


def parse_request(text: str) -> tuple[str, dict[str, Any]]:
    """The op and args of a request text; `RequestError` for anything else, checked in an order that never
    lets a huge or deeply nested text reach `json.loads`."""
    if not isinstance(text, str):
        raise RequestError("a request is a JSON text")
    if len(text) > MAX_REQUEST_CHARS:
        raise RequestError(f"request too large: {len(text):,} characters, at most {MAX_REQUEST_CHARS:,}")
    if nesting_depth(text) > MAX_DEPTH:
        raise RequestError(f"request nested too deeply: more than {MAX_DEPTH} levels")
    try:
        request = json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, and integers of too many digits
        raise RequestError(f"the request is not JSON: {error}") from None
    if not isinstance(request, dict) or not isinstance(request.get("op"), str):
        raise RequestError("a request is a JSON object with a string 'op'")
    args = request.get("args", {})
    if not isinstance(args, dict):
        raise RequestError("'args' must be a JSON object")
    return request["op"], args


def random_deal_id(rules: Rules = STANDARD) -> DealId:
    """A fresh deal of any difficulty, drawn from the system's secure random source."""
    return DealId(1 + secrets.randbelow(RANDOM_LIMIT - 1), rules)


def _hint_json(result: Hint, version: int) -> dict[str, Any]:
    return {**result.as_json(), "why": result.why, "version": version}


class Session:
    """One game and the requests that act on it."""

    def __init__(self) -> None:
        self.game = Game.from_id(random_deal_id())
        self._job: HintJob | None = None
        self._job_version = -1
        self._ops: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new": self._new,
            "restore": self._restore,
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
        }

    def handle(self, text: str) -> str:
        """Answer one request text with one reply text."""
        kept = (self.game, self._job, self._job_version)
        backup: Game | None = None
        try:
            op, args = parse_request(text)
            if op in _CHANGES_GAME_IN_PLACE:
                backup = self.game.copy()  # as long as the compacted log, not the history
            reply = self.dispatch(op, args)
        except TriPeaksError as error:
            self._roll_back(kept, backup)
            reply = _error(type(error).__name__, str(error))
        except Exception as error:  # the worker must always get an answer
            self._roll_back(kept, backup)
            reply = _error("InternalError", f"{type(error).__name__}: {error}")
        try:
            return json.dumps(reply, ensure_ascii=False)
        except Exception as error:  # pragma: no cover - every reply above is plain JSON
            self._roll_back(kept, backup)
            return json.dumps(_error("InternalError", f"the reply could not be written: {error}"))

    def _roll_back(self, kept: tuple[Game, HintJob | None, int], backup: Game | None) -> None:
        """Undo whatever a failed request changed: a failed request leaves the session as it was."""
        self.game, self._job, self._job_version = kept
        if backup is not None:
            self.game = backup

    def _set_game(self, game: Game) -> None:
        """Replace the game; a hint job of the old game can never answer for the new one."""
        self.game = game
        self._job = None
        self._job_version = -1

    def dispatch(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """Run one operation; raise a `TriPeaksError` for bad input."""
        handler = self._ops.get(op)
        if handler is None:
            raise RequestError(f"unknown op {op!r}; known: {', '.join(sorted(self._ops))}")
        return handler(args)

    # --- operations ---------------------------------------------------------------------------------

    def _reply(self, rejection: Rejection | None = None) -> dict[str, Any]:
        return {
            "ok": True,
            "state": snapshot(self.game),
            "save": save_game(self.game),
            "rejection": None if rejection is None else rejection.as_json(),
        }

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
        closes a game that still hid some: the reply carries the new state and save like a move's."""
        if not self.game.solution_available:
            raise GameInProgressError(
                "the solution is shown only once the game is won or given up, or every card is known"
            )
        viewer = Game(self.game.deal, self.game.rules, self.game.deal_id)
        result = solve_game(viewer)
        frames = [snapshot(viewer)]
        for move in result.line:
            viewer.play(move)
            frames.append(snapshot(viewer))
        self.game.reveal()
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

    def _draw(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._reply(self.game.try_draw())

    def _undo(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._reply(self.game.try_undo())

    def _replay(self, args: dict[str, Any]) -> dict[str, Any]:
        self._set_game(self.game.restarted())
        return self._reply()

    def _state(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._reply()

    def _budget(self, args: dict[str, Any], name: str) -> float | None:
        value = args.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:  # nan too
            raise RequestError(f"'{name}' must be a positive number")
        return float(value)

    def _hint(self, args: dict[str, Any]) -> dict[str, Any]:
        result = hint(self.game.player_view(), budget_ms=self._budget(args, "budget_ms"))
        return {"ok": True, "hint": _hint_json(result, self.game.version)}

    def _warm(self, args: dict[str, Any]) -> dict[str, Any]:
        slice_ms = self._budget(args, "slice_ms")
        if slice_ms is None:
            tables()
            return {"ok": True, "done": True}
        return {"ok": True, "done": build_tables_for(slice_ms)}

    def _hint_start(self, args: dict[str, Any]) -> dict[str, Any]:
        if self._job is None or self._job_version != self.game.version:
            self._job = HintJob(self.game.player_view())
            self._job_version = self.game.version
        return {"ok": True, "done": False, "version": self._job_version}

    def _hint_step(self, args: dict[str, Any]) -> dict[str, Any]:
        slice_ms = self._budget(args, "slice_ms") or 15.0
        if self._job is None or self._job_version != self.game.version:
            return {"ok": True, "done": True, "stale": True}
        result = self._job.step(slice_ms)
        if result is None:
            return {"ok": True, "done": False, "version": self._job_version}
        return {"ok": True, "done": True, "hint": _hint_json(result, self._job_version)}


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"type": kind, "message": message}}
