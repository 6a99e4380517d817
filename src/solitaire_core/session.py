"""The frame of the JSON protocol a game's Web Worker speaks: request guards, dispatch by op, typed errors
and the rollback of a failed request. Every game's session is `playsession.PlayedSession`, which subclasses
`Session` with the ops the games share; a game adds its own.

`Session.handle` takes a request text `{"op": ..., "args": {...}}` and always returns a reply text, even for
garbage: `{"ok": true, ...}` or `{"ok": false, "error": {"type": ..., "message": ...}}`. A failed request
leaves the session exactly as it was: before an op runs, the game's `checkpoint` says what to put back, and
`roll_back` puts it back if the op fails.

A request longer than `MAX_REQUEST_CHARS` or nested deeper than `MAX_DEPTH` is refused before it is parsed
(Pyodide's stack is much smaller than CPython's, so a deeply nested text must never reach the parser).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from itertools import accumulate
from typing import Any, Final, Generic, TypeVar

from .errors import RequestError, SolitaireError

MAX_REQUEST_CHARS: Final = 1_000_000
"""The longest request text answered (a real one, a restore with the longest save, is under 150,000)."""

MAX_DEPTH: Final = 32
"""The deepest nesting of brackets a request may have (a real one has 4: request, args, save, rules)."""

MAX_BUDGET_MS: Final = 600_000
"""The longest time a request may ask an op to work, in milliseconds (`budget_ms`, `slice_ms`): ten minutes,
far past any time limit of the page (120 s for a solution), so a larger value is a mistake, not a wish."""

_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""A JSON string literal; one left open runs to the end of the text, so the scan never starts again inside it
(linear time whatever the text)."""
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}

Handler = Callable[[dict[str, Any]], dict[str, Any]]
"""An op: takes the request's args, returns the reply (`{"ok": true, ...}`) or raises a `SolitaireError`."""

CheckpointT = TypeVar("CheckpointT")


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


def budget_arg(args: dict[str, Any], name: str) -> float | None:
    """The time in milliseconds `args[name]` gives an op (`budget_ms`, `slice_ms`), or `None` when it is
    absent or null (the op's default). Anything but a number greater than 0 and at most `MAX_BUDGET_MS` is a
    `RequestError`: 0 and negatives (no time at all), NaN and infinities (Python's `json` reads `NaN`,
    `Infinity` and `1e999`), a huge integer (which `float` could not even convert) and `true` (a bool is an
    `int` to Python, not a number to the page). Every session reads its budgets here, so all refuse alike."""
    value = args.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= MAX_BUDGET_MS:
        raise RequestError(f"'{name}' must be a number of milliseconds greater than 0 and at most "
                           f"{MAX_BUDGET_MS:,}")
    return float(value)


def error_reply(kind: str, message: str) -> dict[str, Any]:
    """The reply to a failed request: `{"ok": false, "error": {"type": kind, "message": message}}`."""
    return {"ok": False, "error": {"type": kind, "message": message}}


class Session(Generic[CheckpointT]):
    """The request loop of one game: a subclass passes its ops to `__init__` and says, with `checkpoint` and
    `roll_back`, how a failed op is undone (`CheckpointT` is whatever it keeps to go back to)."""

    def __init__(self, ops: Mapping[str, Handler]) -> None:
        self._ops: dict[str, Handler] = dict(ops)

    def checkpoint(self, op: str) -> CheckpointT:
        """What to keep before `op` runs, to go back to if it fails (called once the request is parsed)."""
        raise NotImplementedError

    def roll_back(self, kept: CheckpointT) -> None:
        """Put back what `checkpoint` kept: a failed request leaves the session as it was."""
        raise NotImplementedError

    def handle(self, text: str) -> str:
        """Answer one request text with one reply text."""
        kept: tuple[CheckpointT] | None = None
        try:
            op, args = parse_request(text)
            kept = (self.checkpoint(op),)
            reply = self.dispatch(op, args)
        except SolitaireError as error:
            self._roll_back_if_kept(kept)
            reply = error_reply(type(error).__name__, str(error))
        except Exception as error:  # the worker must always get an answer
            self._roll_back_if_kept(kept)
            reply = error_reply("InternalError", f"{type(error).__name__}: {error}")
        try:
            return json.dumps(reply, ensure_ascii=False)
        except Exception as error:  # pragma: no cover - every reply above is plain JSON
            self._roll_back_if_kept(kept)
            return json.dumps(error_reply("InternalError", f"the reply could not be written: {error}"))

    def _roll_back_if_kept(self, kept: tuple[CheckpointT] | None) -> None:
        if kept is not None:
            self.roll_back(kept[0])

    def dispatch(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """Run one operation; raise a `SolitaireError` for bad input (`RequestError` for an unknown op)."""
        handler = self._ops.get(op)
        if handler is None:
            raise RequestError(f"unknown op {op!r}; known: {', '.join(sorted(self._ops))}")
        return handler(args)
