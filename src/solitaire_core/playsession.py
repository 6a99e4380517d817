"""The worker session of a game kept with its log (`Record`: `playlog.Played`, or a game's own record): the
ops and replies every game's session shares (each game's `api`), on the request frame of `session`.

The ops and their replies are declared in `protocol` (`protocol.OPS`), and every request is checked there
before it runs (`protocol.check_request`): an unknown op or a bad arg is a `RequestError`, whatever the game.
Every reply that shows the table is `{"ok": true, "state": <snapshot>, "save": <save>, "rejection": ...}`. The
shared ops: `check_deal`, `restore`, `move` (one move in the game's notation, `undo` included), `undo`,
`replay`, `state`, `hint`, `hint_start`, `hint_step`, `give_up` and `solution`. A refused move is not an
error: the reply carries the unchanged state and the `rejection` (`{reason, at}`, `protocol.REJECTION`). A
failed request leaves the session exactly as it was: the ops of `changes_in_place` change `played` itself,
so a copy of it (`Record.copy`) is kept to go back to; the others replace it.

A game's session subclasses `PlayedSession` with what is its own: its `Parts` (how a deal ID and a move are
read, its snapshot, save and hint), its `new` op and that op's own args (`new_args`), how its solver solves
the deal from the start, and the optional ops of the protocol it has (`optional_ops`: its capabilities).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar, cast

from . import protocol
from .errors import SolitaireError
from .hints import Advice, HintJobs, hint_json
from .levels import same_game
from .playlog import LoggedGame, Refusal
from .protocol import Arg
from .session import Handler, Session, budget_arg
from .steps import SlicedJob
from .verdict import Solved

UNDO: Final = "undo"


class SessionGame(LoggedGame, Protocol):
    """A game as the session sees it (each game's `Game`)."""

    @property
    def in_progress_error(self) -> type[SolitaireError]:
        """Raised by a solution asked too early."""
        ...

    @property
    def version(self) -> int:
        """Counts every change of position."""
        ...

    @property
    def can_undo(self) -> bool:
        """True when there is a move to take back and undo is allowed."""
        ...

    @property
    def solution_available(self) -> bool:
        """True when the solution may be shown."""
        ...

    def check_undo(self) -> Refusal | None:
        """Why undo would be refused, or `None`."""
        ...

    def player_view(self) -> Any:  # noqa: ANN401 (each game's own view)
        """What the player sees: all the hint is given."""
        ...


def check_deal_reply(
    parse_deal_id: Callable[[str], Any], deal_id: Any, args: dict[str, Any]  # noqa: ANN401
) -> dict[str, Any]:
    """`check_deal`'s reply for a deal ID read from `args`: its canonical text and, when `args["current"]`
    names the deal on the table, `same_game`: whether the link names that very game (`E-12` during deal 12),
    so the page need not ask the player to leave it. A `current` that does not read is another game."""
    reply: dict[str, Any] = {"ok": True, "deal_id": str(deal_id)}
    current = args.get("current")
    if isinstance(current, str):
        try:
            reply["same_game"] = same_game(deal_id, parse_deal_id(current))
        except SolitaireError:
            reply["same_game"] = False
    return reply


GameT = TypeVar("GameT", bound=SessionGame)
GameT_co = TypeVar("GameT_co", bound=SessionGame, covariant=True)
AdviceT = TypeVar("AdviceT", bound=Advice)


class Record(Protocol[GameT_co]):
    """A game and its log as the session acts on them: `playlog.Played` (the log of every action), or a
    game's own record when its game keeps a log of its own (compacted as it goes, say)."""

    @property
    def game(self) -> GameT_co:
        """The game being played."""
        ...

    def try_play(self, move: Any) -> Refusal | None:  # noqa: ANN401 (each game's own move type)
        """Make a move if legal and log it; else its rejection (nothing changes)."""
        ...

    def play(self, action: str) -> None:
        """Play and log one action in notation (`undo` included), or raise."""
        ...

    def replay(self) -> None:
        """Start the same deal again, keeping what was seen."""
        ...

    def give_up(self) -> None:
        """End the game for good, or raise the game's `GameOverError`."""
        ...

    def reveal(self) -> None:
        """Make every card known (the solution is shown), or raise the game's `GameInProgressError`."""
        ...

    def copy(self) -> Self:
        """An independent copy, to go back to after a failed request."""
        ...


RecordT = TypeVar("RecordT", bound=Record[Any])


@dataclass(frozen=True)
class Parts(Generic[GameT, AdviceT, RecordT]):
    """What a session takes from a game's modules: how `new` and `check_deal` read a deal ID (the text of
    what `parse_deal_id` returns is the canonical ID), how a move is read (its text is the notation the log
    keeps), the snapshot and the save of a reply, the restore of a save, and the hint (`hint(view,
    budget_ms=…)` at once, `hint_job(view)` in slices)."""

    parse_deal_id: Callable[[str], Any]
    parse_move: Callable[[str], object]
    snapshot: Callable[[GameT], dict[str, Any]]
    save: Callable[[RecordT], dict[str, Any]]
    load: Callable[[object], RecordT]
    hint: Callable[..., AdviceT]
    hint_job: Callable[[Any], SlicedJob[AdviceT]]


class PlayedSession(
    Session[tuple[RecordT, tuple[SlicedJob[AdviceT] | None, int], RecordT | None]],
    Generic[GameT, AdviceT, RecordT],
):
    """One game, its log and the requests that act on them. `GameT` is the game's `Game`, `AdviceT` its
    hint, `RecordT` the game with its log (`Record`); `ops` are the game's own (its `new`, and any other)."""

    changes_in_place: ClassVar[frozenset[str]] = frozenset(
        name for name, op in protocol.OPS.items() if op.changes_game and name not in ("new", "restore")
    )
    """The ops that change `played` itself (`new` and `restore` replace it): a copy is kept to go back to."""
    optional_ops: ClassVar[tuple[str, ...]] = ()
    """The optional ops of the protocol the game has (`warm`, `autofinish`): its capabilities, which the
    worker announces when it boots. The session's `__init__` is given exactly these besides `new`."""
    new_args: ClassVar[tuple[Arg, ...]] = ()
    """The game's own args of `new` beyond the protocol's (its variants: a `wrap` flag, say)."""

    def __init__(
        self, parts: Parts[GameT, AdviceT, RecordT], played: RecordT, ops: Mapping[str, Handler]
    ) -> None:
        self.parts = parts
        self.played = played
        self._hints: HintJobs[AdviceT] = HintJobs()
        if set(ops) != {"new", *self.optional_ops}:
            raise TypeError(f"{type(self).__name__} declares {self.optional_ops} but has {sorted(ops)}")
        super().__init__({
            "check_deal": self._check_deal,
            "restore": self._restore,
            "move": self._move,
            "undo": self._undo,
            "replay": self._replay,
            "state": lambda _args: self._reply(),
            "hint": self._hint,
            "hint_start": self._hint_start,
            "hint_step": self._hint_step,
            "give_up": self._give_up,
            "solution": self._solution,
            **ops,
        })

    # --- what a game says ------------------------------------------------------------------------------

    def solve_from_start(self, args: dict[str, Any]) -> tuple[GameT, Solved]:
        """A fresh game of the deal that shows every card, and the solver's answer from its start."""
        raise NotImplementedError

    def frame(self, viewer: GameT) -> dict[str, Any]:
        """One snapshot of the solution's line."""
        return self.parts.snapshot(viewer)

    # --- the frame --------------------------------------------------------------------------------------

    def dispatch(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """Run one op once its request is checked against the protocol (`protocol.check_request`)."""
        return super().dispatch(op, protocol.check_request(op, args, self._ops, self.new_args))

    @property
    def game(self) -> GameT:
        """The game being played."""
        return cast(GameT, self.played.game)

    def checkpoint(self, op: str) -> tuple[RecordT, tuple[SlicedJob[AdviceT] | None, int], RecordT | None]:
        """The played game and hint job as they are, and a copy of the played game if `op` changes it in
        place."""
        backup = self.played.copy() if op in self.changes_in_place else None
        return self.played, self._hints.kept(), backup

    def roll_back(self, kept: tuple[RecordT, tuple[SlicedJob[AdviceT] | None, int], RecordT | None]) -> None:
        """Undo whatever a failed request changed: a failed request leaves the session as it was."""
        played, hints, backup = kept
        self._hints.restore(hints)
        self.played = played if backup is None else backup

    def _set(self, played: RecordT) -> None:
        """Replace the played game; a hint job of the old one can never answer for the new one."""
        self.played = played
        self._hints.clear()

    def _reply(self, rejection: Refusal | None = None) -> dict[str, Any]:
        return {
            "ok": True,
            "state": self.parts.snapshot(self.game),
            "save": self.parts.save(self.played),
            "rejection": None if rejection is None else rejection.as_json(),
        }

    def _deal_id_arg(self, args: dict[str, Any]) -> Any:  # noqa: ANN401 (each game's own deal ID type)
        """The deal ID of `args["deal_id"]`, read by `parse_deal_id`."""
        return self.parts.parse_deal_id(args["deal_id"])

    def _check_deal(self, args: dict[str, Any]) -> dict[str, Any]:
        """Whether `new` would deal this ID, as the page asks before it leaves a game for a link: the
        canonical ID, or the `DealIdError` `new` would give. The game in progress is not touched."""
        return check_deal_reply(self.parts.parse_deal_id, self._deal_id_arg(args), args)

    def _restore(self, args: dict[str, Any]) -> dict[str, Any]:
        self._set(self.parts.load(args.get("save")))
        return self._reply()

    def _move(self, args: dict[str, Any]) -> dict[str, Any]:
        """One move in the game's notation (a string: the protocol checked it), `undo` included."""
        move: str = args["move"]
        if move == UNDO:
            return self._undo(args)
        return self._reply(self.played.try_play(self.parts.parse_move(move)))

    def _undo(self, args: dict[str, Any]) -> dict[str, Any]:
        """Take back the last move (nothing to take back: no change and no rejection); after a give-up or
        once closed by a solution, refused with `game_over`."""
        rejection = self.game.check_undo()
        if rejection is None and self.game.can_undo:
            self.played.play(UNDO)
        return self._reply(rejection)

    def _replay(self, args: dict[str, Any]) -> dict[str, Any]:
        self.played.replay()
        self._hints.clear()
        return self._reply()

    def _give_up(self, args: dict[str, Any]) -> dict[str, Any]:
        """Give the game up (while playing or stuck); `GameOverError` when it is won or given up already."""
        self.played.give_up()
        return self._reply()

    def _hint(self, args: dict[str, Any]) -> dict[str, Any]:
        result = self.parts.hint(self.game.player_view(), budget_ms=budget_arg(args, "budget_ms"))
        return {"ok": True, "hint": hint_json(result, self.game.version)}

    def _hint_start(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._hints.start(self.game.version, lambda: self.parts.hint_job(self.game.player_view()))

    def _hint_step(self, args: dict[str, Any]) -> dict[str, Any]:
        return self._hints.step(self.game.version, budget_arg(args, "slice_ms"))

    def _solution(self, args: dict[str, Any]) -> dict[str, Any]:
        """A winning line from the deal's start, with the snapshots along it, for the page to replay. Only
        once nothing is left to hide (the deal won, given up, or every card already seen), else
        `GameInProgressError`. The frames show every card, so from then on every card is known: the game's
        `reveal` comes first, and its guard is the only one (a solution asked too early is refused before
        the solver runs; a failure after it, such as a bad `budget_ms`, rolls the reveal back with the
        request). The reply carries the new state and save like a move's."""
        self.played.reveal()
        viewer, result = self.solve_from_start(args)
        frames = [self.frame(viewer)]
        for move in result.line:
            viewer.play(move)
            frames.append(self.frame(viewer))
        reply = self._reply()
        return {"ok": True, "verdict": result.verdict.value, "line": list(result.line), "frames": frames,
                "state": reply["state"], "save": reply["save"]}
