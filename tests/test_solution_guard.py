"""The solution may be shown only once nothing is left to hide (the game won or given up, or every card
known). One guard says so: `Ending.reveal`, every game's. The sessions' `solution` op reveals first, so a
solution asked too early is refused by that guard before the solver runs (a second check in the sessions
used to stand in front of it; deleting either one changed no reply, so neither could be tested).

These tests guard both sides: the game's `reveal` refuses and changes nothing, and each session refuses
`solution` with the game's `GameInProgressError` without ever calling its solver and without changing the
game; once the game is given up, the same request reaches the solver.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NoReturn

import pytest
from engine_support import ask

import klondike_core.api as klondike_api
import pyramid_core.api as pyramid_api
import tripeaks_core.api as tripeaks_api
from klondike_core.deal import DealId as KlondikeDealId
from klondike_core.game import Game as KlondikeGame
from pyramid_core.game import Game as PyramidGame
from solitaire_core.ending import SOLUTION_NOT_YET, Ending
from tripeaks_core.game import Game as TriPeaksGame

GAMES: Final[dict[str, Callable[[], Ending[Any, Any]]]] = {
    "tripeaks": lambda: TriPeaksGame.from_id("1"),
    "pyramid": lambda: PyramidGame.from_id(1),
    "klondike": lambda: KlondikeGame.from_id(1),
}
SOLVERS: Final = {"tripeaks": (tripeaks_api, "solve_game"), "pyramid": (pyramid_api, "solve_game"),
                  "klondike": (klondike_api, "solve_position")}
"""Where each session finds its solver (the name its module imported it under)."""


AnySession = tripeaks_api.Session | pyramid_api.Session | klondike_api.Session


def session_of(game: str) -> AnySession:
    """A fresh session of `game` playing deal 1."""
    if game == "klondike":
        return klondike_api.Session(KlondikeDealId(1))
    session: AnySession = tripeaks_api.Session() if game == "tripeaks" else pyramid_api.Session()
    assert ask(session, "new", deal_id="1")["ok"]
    return session


@pytest.mark.parametrize("game", sorted(GAMES))
def test_reveal_refuses_while_the_game_hides_a_card_and_changes_nothing(game: str) -> None:
    """The one guard, where it stands: `reveal` on a game in progress with unknown cards raises the game's
    `in_progress_error` and leaves what the player knows, the version and the open game as they were."""
    played = GAMES[game]()
    before = (played.known, played.version, played.closed, played.over)
    assert not played.solution_available
    with pytest.raises(type(played).in_progress_error, match=f"^{SOLUTION_NOT_YET}$"):
        played.reveal()
    assert (played.known, played.version, played.closed, played.over) == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_solution_asked_too_early_never_runs_the_solver(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each session refuses `solution` during a game that hides cards with the game's `GameInProgressError`
    (its message is the guard's), before its solver is called (Klondike's may think for 8 s) and without
    changing the game. Catches the guard deleted from `reveal` (the solver then runs and the request fails
    another way) and a `reveal` moved after the solver."""
    calls: list[object] = []

    def solver_called(*args: object, **kwargs: object) -> NoReturn:
        calls.append(args)
        raise AssertionError("the solver ran for a solution that was refused")

    module, name = SOLVERS[game]
    monkeypatch.setattr(module, name, solver_called)
    session = session_of(game)
    ask(session, "move", move="draw")
    before = ask(session, "state")
    reply = ask(session, "solution")
    assert reply == {"ok": False, "error": {"type": "GameInProgressError", "message": SOLUTION_NOT_YET}}
    assert calls == []
    assert ask(session, "state") == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_given_up_game_reaches_the_solver(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The other side: once given up, the same request passes the guard and reaches the solver (stubbed to
    fail here, so the request fails and the game is left given up, not closed: the reveal that came first
    is rolled back with it)."""
    calls: list[object] = []

    def solver_called(*args: object, **kwargs: object) -> NoReturn:
        calls.append(args)
        raise RuntimeError("stub solver")

    module, name = SOLVERS[game]
    monkeypatch.setattr(module, name, solver_called)
    session = session_of(game)
    ask(session, "give_up")
    before = ask(session, "state")
    reply = ask(session, "solution")
    assert reply["ok"] is False and reply["error"]["type"] == "InternalError"
    assert len(calls) == 1
    after = ask(session, "state")
    assert after == before and "reveal" not in after["save"]["log"]
