"""The protocol the page speaks to the engines, declared once: every op (its args with their types and
bounds, the fields of its reply, whether it changes the game, who answers it), the request and reply
envelopes, the one shape of a refused move, and what each registered game offers beyond the ops every game
has (its capabilities).

Every game's session checks its requests here (`check_request`, called by `playsession.PlayedSession`), the
worker announces the capabilities when it boots (`capabilities_json`) and runs an optional op only for a game
that declares it, and `docs/API.md` is written from this module (`tools/api_doc.py`; a test keeps the two
equal). Nothing here names a game: the games are the registry's, and a game declares its own `new` args and
optional ops on its session class (`new_args`, `optional_ops`).

Why one declaration: the ops used to be written per game and drifted (one game took `take`/`draw`, the others
`move`; one refusal was `{reason, position}`, the others `{reason, place, message}`). Replies carry codes,
never display text: the words are the page's catalogues.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from . import registry
from .errors import RequestError
from .session import MAX_BUDGET_MS, budget_arg

Kind = Literal["string", "boolean", "ms", "choice", "any"]
"""How an arg is checked: a JSON string; `true`/`false`; a time in ms (a number greater than 0 and at most
`MAX_BUDGET_MS`); one of the arg's `choices`; anything (the op checks it itself, as `restore` its save)."""

Host = Literal["session", "worker"]
"""Who answers an op: the game's Python session, or the worker itself (scheduling only, no game)."""


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of an op. An optional arg that is absent or `null` takes the op's default."""

    name: str
    kind: Kind
    doc: str
    required: bool = False
    choices: tuple[str | int, ...] = ()

    def describe_type(self) -> str:
        """The arg's type as the API document writes it."""
        if self.kind == "choice":
            return " | ".join(json.dumps(choice) for choice in self.choices)
        return {"string": "string", "boolean": "bool", "ms": "ms", "any": "any"}[self.kind]

    def check(self, value: object) -> None:
        """`RequestError` unless `value` (not `None`) is of this arg's kind."""
        if self.kind == "string" and not isinstance(value, str):
            raise RequestError(f"'{self.name}' must be a string")
        if self.kind == "boolean" and not isinstance(value, bool):
            raise RequestError(f"'{self.name}' must be true or false")
        if self.kind == "ms":
            budget_arg({self.name: value}, self.name)
        if self.kind == "choice" and not any(_same(value, choice) for choice in self.choices):
            raise RequestError(f"'{self.name}' must be {_alternatives(self.choices)}")


def _same(value: object, choice: str | int) -> bool:
    """`value` is `choice` as JSON means it (`true` is not 1)."""
    return type(value) is type(choice) and value == choice


def _alternatives(choices: tuple[str | int, ...]) -> str:
    """`'a', 'b' or 'c'` (strings quoted, numbers bare)."""
    words = [repr(choice) for choice in choices]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


@dataclass(frozen=True, slots=True)
class Reply:
    """The fields of an op's successful reply besides `ok`: always present, and present in some replies."""

    fields: tuple[str, ...]
    sometimes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Op:
    """One op: its args, its reply, whether it may change the game (its snapshot and save), whether every
    game has it (`optional`: only the games that declare it), who answers it, and what it does."""

    name: str
    args: tuple[Arg, ...]
    reply: Reply
    changes_game: bool
    doc: str
    optional: bool = False
    host: Host = "session"


TABLE: Final = Reply(("state", "save", "rejection"))
"""The reply that shows the table: the snapshot, the save to keep, and the refusal of the move or `null`."""

DEAL_ID: Final = Arg("deal_id", "string", "a deal ID, in the game's ID grammar")
LEVEL: Final = Arg("level", "choice", "the difficulty of a random deal (default `any`)",
                   choices=("any", "easy", "medium", "hard"))
BUDGET: Final = Arg("budget_ms", "ms", "the time the search may take (default: the op's)")
SLICE: Final = Arg("slice_ms", "ms", "work about this long, then answer (default: a few ms)")

OPS: Final[Mapping[str, Op]] = {op.name: op for op in (
    Op("new", (DEAL_ID, LEVEL), TABLE, True,
       "deal `deal_id` (a level letter is verified), or without it a random deal of `level` (every level but "
       "`any` deals only deals proven winnable); the game's own args (below) choose its variant"),
    Op("check_deal", (Arg("deal_id", "string", "the ID to check", required=True),
                      Arg("current", "string", "the ID of the deal on the table")),
       Reply(("deal_id",), ("same_game",)), False,
       "whether `new` would deal this ID: its canonical form, or the error `new` would give; with `current`, "
       "`same_game`: whether it names that very game (a level letter is only a claim: `E-12` is deal 12). "
       "The game in progress is not touched"),
    Op("restore", (Arg("save", "any", "a save a reply gave (checked by the game: `SaveError`)"),), TABLE,
       True, "replace the game by the saved one"),
    Op("move", (Arg("move", "string", "one move in the game's own notation", required=True),), TABLE, True,
       "play one move (`undo` included); a refused move is not an error: `rejection` says why and nothing "
       "changes; a text that is not a move is a `MoveError`"),
    Op("undo", (), TABLE, True, "take back the last move (nothing to take back: no change, no rejection)"),
    Op("replay", (), TABLE, True, "start the same deal again; what the player has seen stays known"),
    Op("state", (), TABLE, False, "the snapshot, the save, no rejection"),
    Op("give_up", (), TABLE, True, "end the game as given up; a game won or given up already is a "
       "`GameOverError`"),
    Op("hint", (BUDGET,), Reply(("hint",)), False,
       "the hint for the position, at once (the worker answers the page's `hint` from `hint_start` and "
       "`hint_step`, in slices between the player's moves)"),
    Op("hint_start", (), Reply(("done", "version")), False, "begin the hint of the position, in slices"),
    Op("hint_step", (SLICE,), Reply(("done",), ("version", "hint", "stale")), False,
       "work on the hint about `slice_ms`: `done` with `hint` once known, `stale` after a change of game"),
    Op("solution", (BUDGET,), Reply(("verdict", "line", "frames", "state", "save")), True,
       "a winning line from the deal's start, with a snapshot per step, once the game is won, given up or "
       "every card is known (else `GameInProgressError`); every card is known from then on"),
    Op("warm", (SLICE,), Reply(("done",)), False,
       "build the solver's tables ahead of need, at once or in slices (`done` when built)", optional=True),
    Op("autofinish", (), Reply(("state", "save", "rejection", "played")), True,
       "play the next auto-finish move (`played`, or `null` and nothing changes)", optional=True),
    Op("busy", (), Reply(()), False,
       "the player is in the middle of a move (a card selected): background work waits as after a move",
       host="worker"),
)}
"""Every op, in the order the API document lists them."""

REQUEST: Final = '{"op": string, "args": object}'
"""A request as a session reads it (`session.parse_request`); `args` may be left out."""
WORKER_REQUEST: Final = '{"id": number | string, "game": string, "op": string, "args": object}'
"""A request as the page posts it to the worker, which routes it to the session of `game`."""
SUCCESS: Final = '{"ok": true, ...the op\'s reply fields}'
FAILURE: Final = '{"ok": false, "error": {"type": string, "message": string}}'
"""A request that failed: `type` is the error's class (`RequestError`, `DealIdError`, ...); `message` is
for the console and the logs, never shown to the player."""
REJECTION: Final = '{"reason": string, "at": string | null}'
"""A refused move: the reason code (the page's catalogue words it), and where the move was refused, in the
game's own notation (a position, a place, a destination), or `null`."""


def rejection(reason: str, at: object = None) -> dict[str, object]:
    """A refusal in the protocol's one shape: `at` (a position, a place: anything the game's notation
    writes with `str`) as text, or `None`."""
    return {"reason": reason, "at": None if at is None else str(at)}


def session_ops() -> tuple[str, ...]:
    """The ops a game's session answers (the worker's own excluded)."""
    return tuple(name for name, op in OPS.items() if op.host == "session")


def check_request(op: str, args: Mapping[str, Any], known: Mapping[str, Any], new_args: tuple[Arg, ...] = ()
                  ) -> dict[str, Any]:
    """The args of a request for `op` that it declares, checked, with the absent-or-null ones left out (each
    op's default then applies). `known` are the ops the session has (an op of the protocol it lacks, or one
    of nobody's, is unknown); `new_args` the game's own args of `new`. `RequestError` for an unknown op, a
    required arg missing or an arg of the wrong type. An arg the op does not take is ignored, as it always
    was: the shell may send a game's whole choice of deal, whose other fields are another game's."""
    declared = OPS.get(op)
    if declared is None or declared.host != "session" or op not in known:
        raise RequestError(f"unknown op {op!r}; known: {', '.join(sorted(known))}")
    checked: dict[str, Any] = {}
    for arg in declared.args + (new_args if op == "new" else ()):
        value = args.get(arg.name)
        if value is None:
            if arg.required:
                raise RequestError(f"op {op!r} needs '{arg.name}' ({arg.doc})")
            continue
        arg.check(value)
        checked[arg.name] = value
    return checked


def capabilities(entry: registry.Entry) -> dict[str, Any]:
    """What a game offers beyond the ops every game has, as its session class declares it: `ops`, the
    optional ops it answers; `new_args`, its own args of `new` with their types."""
    session = entry.api().Session
    return {
        "ops": list(session.optional_ops),
        "new_args": {arg.name: arg.describe_type() for arg in session.new_args},
    }


def capabilities_json() -> str:
    """Every registered game's capabilities, `{game id: capabilities}`, as the worker's boot message carries
    them (read once the engines are imported)."""
    return json.dumps({entry.id: capabilities(entry) for entry in registry.games()})


__all__ = ["BUDGET", "DEAL_ID", "FAILURE", "LEVEL", "MAX_BUDGET_MS", "OPS", "REJECTION", "REQUEST", "SLICE",
           "SUCCESS", "TABLE", "WORKER_REQUEST", "Arg", "Op", "Reply", "capabilities", "capabilities_json",
           "check_request", "rejection", "session_ops"]
