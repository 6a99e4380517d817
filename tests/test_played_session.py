"""The shared worker session of Pyramid and Klondike (`solitaire_core.playsession.PlayedSession`): an undo
with nothing to take back is a no-op, a new or restored game never inherits a hint job of the old one, and a
request that fails after changing the game in place leaves the session as it was.

Each test guards a line of `playsession` that a mutation sample changed without any test noticing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final, NoReturn

import pytest
from engine_support import ask

from klondike_core.api import Session as KlondikeSession
from klondike_core.deal import DealId as KlondikeDealId
from pyramid_core.api import Session as PyramidSession

AnySession = PyramidSession | KlondikeSession

SESSIONS: Final[dict[str, Callable[[], AnySession]]] = {
    "pyramid": lambda: _pyramid(7),
    "klondike": lambda: KlondikeSession(KlondikeDealId(1)),
}


def _pyramid(number: int) -> PyramidSession:
    session = PyramidSession()
    assert ask(session, "new", deal_id=str(number))["ok"]
    return session


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_undo_with_nothing_to_take_back_is_a_quiet_no_op(game: str) -> None:
    """`undo` at the start of a game (and again after a move was undone) is answered ok, with no rejection
    and nothing changed, not with an error and not with an `undo` in the log. Catches the `can_undo` check
    dropped (the game's `play("undo")` then raises `PositionError`)."""
    session = SESSIONS[game]()
    before = ask(session, "state")
    for op, args in (("undo", {}), ("move", {"move": "undo"})):
        reply = ask(session, op, **args)
        assert reply["ok"] is True and reply["rejection"] is None, reply
        assert reply["state"] == before["state"] and reply["save"] == before["save"]
    ask(session, "move", move="draw")
    ask(session, "undo")
    after_undo = ask(session, "state")
    reply = ask(session, "undo")
    assert reply["ok"] is True and reply["save"] == after_undo["save"]


@pytest.mark.parametrize("game", sorted(SESSIONS))
@pytest.mark.parametrize("switch", ["new", "restore"])
def test_a_new_or_restored_game_never_gets_the_old_games_hint(game: str, switch: str) -> None:
    """A hint job started on one game must not answer for the next one, although both start at version 0:
    after `new` or `restore`, `hint_step` says `stale`. Catches the job not forgotten when the game is
    replaced (the old deal's hint would be shown on the new table)."""
    other = "8" if game == "pyramid" else "2"
    session = SESSIONS[game]()
    fresh = SESSIONS[game]()
    assert ask(fresh, "new", deal_id=other)["ok"]
    assert ask(session, "hint_start")["version"] == 0
    if switch == "new":
        reply = ask(session, "new", deal_id=other)
    else:
        reply = ask(session, "restore", save=ask(fresh, "state")["save"])
    assert reply["ok"] and reply["state"]["version"] == 0
    assert ask(session, "hint_step", slice_ms=1000) == {"ok": True, "done": True, "stale": True}


@pytest.mark.parametrize("game", sorted(SESSIONS))
@pytest.mark.parametrize("op", ["move", "replay", "give_up", "undo"])
def test_a_request_failing_after_it_changed_the_game_changes_nothing(
    game: str, op: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every op that changes the played game in place is rolled back when something fails after the change
    (here the reply's snapshot, made to fail once): the save and the state are those of before, and the
    session goes on. Catches an op missing from `changes_in_place` (`replay` was: nothing kept to go back to,
    so the failed replay stayed in the log)."""
    session = SESSIONS[game]()
    ask(session, "move", move="draw")
    before = ask(session, "state")
    real_parts = session.parts

    def fails_once(played_game: Any) -> NoReturn:
        monkeypatch.setattr(session, "parts", real_parts)
        raise RuntimeError("snapshot failed")

    monkeypatch.setattr(session, "parts", dataclasses.replace(real_parts, snapshot=fails_once))
    args: dict[str, object] = {"move": "draw"} if op == "move" else {}
    reply = ask(session, op, **args)
    assert reply["ok"] is False and reply["error"]["type"] == "InternalError", reply
    assert ask(session, "state") == before


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_a_failed_new_game_keeps_the_hint_job_under_way(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`new` forgets the hint job of the old game; when the request then fails (the reply's snapshot made
    to fail once), the old game is back and so is its job: `hint_step` goes on working for it instead of
    saying `stale`. Catches the roll-back that puts the game back but not the job."""
    session = SESSIONS[game]()
    version = ask(session, "hint_start")["version"]
    real_parts = session.parts

    def fails_once(played_game: Any) -> NoReturn:
        monkeypatch.setattr(session, "parts", real_parts)
        raise RuntimeError("snapshot failed")

    monkeypatch.setattr(session, "parts", dataclasses.replace(real_parts, snapshot=fails_once))
    reply = ask(session, "new", deal_id="8" if game == "pyramid" else "2")
    assert reply["ok"] is False and reply["error"]["type"] == "InternalError"
    step = ask(session, "hint_step", slice_ms=0.001)
    assert step["ok"] is True and "stale" not in step, step
    assert step.get("version", step.get("hint", {}).get("version")) == version
