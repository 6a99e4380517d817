"""The worker API (docs/API.md): every op, typed errors, garbage in, and a failed request changing nothing."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from typing import Any

import pytest
from engine_support import snapshot_cards

from tripeaks_core import Game
from tripeaks_core import api as api_module
from tripeaks_core.api import Session, nesting_depth
from tripeaks_core.save import load_game, save_game
from tripeaks_core.snapshot import snapshot
from tripeaks_core.solver import Verdict, solve_game


def call(session: Session, op: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    return reply


def ok(session: Session, op: str, **args: Any) -> dict[str, Any]:
    reply = call(session, op, **args)
    assert reply["ok"] is True, reply
    return reply


def fails(session: Session, text: str, kind: str) -> dict[str, Any]:
    """The request fails with an error of `kind` and leaves the session exactly as it was."""
    before = state_of(session)
    reply: dict[str, Any] = json.loads(session.handle(text))
    assert reply["ok"] is False, reply
    assert set(reply) == {"ok", "error"}
    assert reply["error"]["type"] == kind, reply
    assert isinstance(reply["error"]["message"], str) and reply["error"]["message"]
    assert state_of(session) == before
    return reply


def request(op: str, **args: Any) -> str:
    return json.dumps({"op": op, "args": args})


def state_of(session: Session) -> tuple[str, str, frozenset[int]]:
    game = session.game
    snap, save = json.dumps(snapshot(game), sort_keys=True), json.dumps(save_game(game), sort_keys=True)
    return (snap, save, game.known)


def session_at(deal_id: str) -> Session:
    session = Session()
    ok(session, "new", deal_id=deal_id)
    return session


def playable(reply: dict[str, Any]) -> list[int]:
    return [e["position"] for e in reply["state"]["table"] if e["playable"]]


# --- the reply shape ----------------------------------------------------------------------------------------


def test_a_fresh_session_has_a_random_standard_deal() -> None:
    seen = set()
    for _ in range(5):
        session = Session()
        reply = ok(session, "state")
        assert set(reply) == {"ok", "state", "save", "rejection"}
        assert reply["rejection"] is None
        deal_id = reply["state"]["deal_id"]
        assert re.fullmatch(r"[1-9][0-9]{0,8}", deal_id)  # a bare number below 1,000,000,000
        assert reply["state"]["rules"] == {"wrap": True, "all_visible": False}
        seen.add(deal_id)
    assert len(seen) >= 4


def test_new_with_an_id() -> None:
    session = Session()
    reply = ok(session, "new", deal_id="nv-1234")
    assert reply["state"]["deal_id"] == "NV-1234"
    assert reply["state"]["rules"] == {"wrap": False, "all_visible": True}
    assert reply["state"] == snapshot(Game.from_id("NV-1234"))
    assert reply["save"] == save_game(Game.from_id("NV-1234"))


@pytest.mark.parametrize(("args", "pattern", "rules"), [
    ({}, r"[0-9]+", {"wrap": True, "all_visible": False}),
    ({"wrap": False}, r"N-[0-9]+", {"wrap": False, "all_visible": False}),
    ({"all_visible": True}, r"V-[0-9]+", {"wrap": True, "all_visible": True}),
    ({"wrap": False, "all_visible": True, "level": "any"}, r"NV-[0-9]+",
     {"wrap": False, "all_visible": True}),
])
def test_new_random_deal_of_a_variant(args: dict[str, Any], pattern: str, rules: dict[str, bool]) -> None:
    reply = ok(Session(), "new", **args)
    assert re.fullmatch(pattern, reply["state"]["deal_id"])
    assert reply["state"]["rules"] == rules


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_new_deal_of_a_level_is_winnable(level: str) -> None:
    reply = ok(Session(), "new", level=level)
    deal_id = reply["state"]["deal_id"]
    assert deal_id.startswith(level[0].upper())
    assert solve_game(Game.from_id(deal_id)).verdict is Verdict.WIN


def test_new_failures_keep_the_game() -> None:
    session = session_at("1234")
    ok(session, "move", move="draw")
    fails(session, request("new", deal_id="X-12"), "DealIdError")
    fails(session, request("new", deal_id=""), "DealIdError")
    fails(session, request("new", deal_id="1234567890123"), "DealIdError")
    fails(session, request("new", deal_id=12), "RequestError")
    fails(session, request("new", wrap="no"), "RequestError")
    fails(session, request("new", all_visible=1), "RequestError")
    fails(session, request("new", level="impossible"), "RequestError")
    fails(session, request("new", level=3), "RequestError")
    fails(session, request("new", level=["easy"]), "RequestError")
    # a difficulty letter the deal does not have
    not_easy = next(n for n in range(100) if solve_game(Game.from_id(str(n))).verdict is Verdict.LOST)
    fails(session, request("new", deal_id=f"E-{not_easy}"), "DealIdError")
    assert ok(session, "state")["state"]["deal_id"] == "1234"


# --- moves --------------------------------------------------------------------------------------------------


def test_take_draw_undo() -> None:
    session = session_at("1234")
    start = ok(session, "state")
    target = playable(start) or None
    if target is None:
        ok(session, "move", move="draw")
        target = playable(ok(session, "state"))
    assert target
    before = ok(session, "state")
    reply = ok(session, "move", move=str(target[0]))
    assert reply["rejection"] is None
    assert reply["state"]["table"][target[0]]["state"] == "gone"
    assert reply["state"]["version"] == before["state"]["version"] + 1
    assert reply["state"]["can_undo"] is True
    assert reply["save"] == save_game(session.game)
    undone = ok(session, "undo")
    assert undone["rejection"] is None
    for key in ("table", "waste", "stock", "cleared", "moves", "streak"):
        assert undone["state"][key] == before["state"][key]
    drawn = ok(session, "move", move="draw")
    assert drawn["state"]["stock"] == before["state"]["stock"] - 1
    assert drawn["state"]["streak"] == 0


def test_refusals_come_back_as_rejections_and_change_nothing() -> None:
    session = session_at("1234")
    face_down = fails_not(session, {"op": "move", "args": {"move": "0"}})
    assert face_down["rejection"] == {"reason": "face_down", "at": "0"}
    not_fitting = [e["position"] for e in face_down["state"]["table"]
                   if e["state"] == "up" and not e["playable"]]
    assert not_fitting
    refused = fails_not(session, {"op": "move", "args": {"move": str(not_fitting[0])}})
    assert refused["rejection"] == {"reason": "not_adjacent", "at": str(not_fitting[0])}
    covered = session_at("V-1234")
    assert fails_not(covered, {"op": "move", "args": {"move": "3"}})["rejection"] == {
        "reason": "covered", "at": "3"}
    for _ in range(23):
        ok(session, "move", move="draw")
    empty = fails_not(session, {"op": "move", "args": {"move": "draw"}})
    assert empty["rejection"] == {"reason": "stock_empty", "at": None}
    assert empty["state"]["can_draw"] is False


def fails_not(session: Session, req: dict[str, Any]) -> dict[str, Any]:
    """A refused move: ok, with a rejection, and the position exactly as before."""
    before = state_of(session)
    reply: dict[str, Any] = json.loads(session.handle(json.dumps(req)))
    assert reply["ok"] is True and reply["rejection"] is not None
    assert state_of(session) == before
    assert reply["state"] == snapshot(session.game)
    return reply


@pytest.mark.parametrize("text", [
    request("take", position=18),
    request("draw"),
    request("recycle"),
])
def test_take_and_draw_are_moves_not_ops(text: str) -> None:
    """One `move` op in every game (`solitaire_core.protocol`): TriPeaks' old `take` and `draw` ops are
    unknown ops now, refused like any other."""
    reply = fails(session_at("77"), text, "RequestError")
    assert "unknown op" in reply["error"]["message"]


def test_move_in_notation_answers_as_the_game_plays() -> None:
    session, game = session_at("1234"), Game.from_id("1234")
    drawn = ok(session, "move", move="draw")
    game.draw()
    assert drawn["state"] == snapshot(game) and drawn["rejection"] is None
    target = playable(drawn)[0]
    taken = ok(session, "move", move=str(target))
    game.take(target)
    assert taken["rejection"] is None and taken["state"] == snapshot(game)
    undone = ok(session, "move", move="undo")
    game.undo()
    assert undone["state"] == snapshot(game)
    refused = fails_not(session, {"op": "move", "args": {"move": "0"}})
    assert refused["rejection"] == {"reason": "face_down", "at": "0"}


@pytest.mark.parametrize(("args", "kind"), [
    ({"move": "28"}, "MoveError"),
    ({"move": "07"}, "MoveError"),
    ({"move": "Draw"}, "MoveError"),
    ({"move": "18,draw"}, "MoveError"),
    ({"move": ""}, "MoveError"),
    ({"move": 18}, "RequestError"),
    ({"move": 3.0}, "RequestError"),
    ({"move": True}, "RequestError"),
    ({"move": None}, "RequestError"),
    ({}, "RequestError"),
])
def test_bad_move_notation_is_a_typed_error(args: dict[str, Any], kind: str) -> None:
    session = session_at("77")
    fails(session, json.dumps({"op": "move", "args": args}), kind)


def test_take_of_a_card_already_gone() -> None:
    session = session_at("0")
    while not playable(ok(session, "state")):
        ok(session, "move", move="draw")
    p = playable(ok(session, "state"))[0]
    ok(session, "move", move=str(p))
    fails(session, request("move", move=str(p)), "PositionError")


def test_undo_with_nothing_to_undo() -> None:
    session = session_at("5")
    before = state_of(session)
    reply = ok(session, "undo")
    assert reply["rejection"] is None and reply["state"]["can_undo"] is False
    assert state_of(session) == before


def test_replay_keeps_knowledge_and_moves_the_version_on() -> None:
    session = session_at("2")
    line = solve_game(session.game).line
    for move in line[:15]:
        ok(session, "move", move="draw") if move == "draw" else ok(session, "move", move=str(move))
    known = session.game.known
    version = session.game.version
    reply = ok(session, "replay")
    assert reply["state"]["moves"] == 0 and reply["state"]["stock"] == 23
    assert reply["state"]["deal_id"] == "2"
    assert session.game.known == known
    assert reply["save"]["log"][-1] == "restart"  # the replay is in the log, so a reload keeps the knowledge
    assert load_game(reply["save"]).known == known
    # docs/API.md: the version counts replays too, so a hint asked before the replay is stale after it.
    assert reply["state"]["version"] > version


def test_restore() -> None:
    first = session_at("N-99")
    ok(first, "move", move="draw")
    ok(first, "move", move="draw")
    ok(first, "undo")
    saved = ok(first, "state")["save"]
    second = session_at("1")
    reply = ok(second, "restore", save=saved)
    assert reply["save"] == saved
    assert {k: v for k, v in reply["state"].items() if k != "version"} == {
        k: v for k, v in snapshot(first.game).items() if k != "version"}
    # bad saves are SaveErrors and keep the current game
    fails(second, request("restore", save={**saved, "check": "0" * 16}), "SaveError")
    fails(second, request("restore", save={**saved, "actions": ["draw"] * 30}), "SaveError")
    fails(second, request("restore", save=json.dumps(saved)), "SaveError")
    fails(second, request("restore", save=None), "SaveError")
    fails(second, request("restore"), "SaveError")


def test_state_is_the_current_snapshot() -> None:
    session = session_at("3")
    reply = ok(session, "state")
    assert reply["state"] == snapshot(session.game)
    assert reply["save"] == save_game(session.game)
    assert reply["rejection"] is None


def test_replies_never_show_hidden_cards() -> None:
    session = session_at("31")
    for _ in range(10):
        reply = ok(session, "move", move="draw")
        hidden = {session.game.deal.cards[i].code for i in range(52) if i not in session.game.known}
        text = json.dumps(reply["state"])
        assert not [code for code in hidden if code in text]
        assert set(snapshot_cards(reply["state"])).isdisjoint(hidden)


# --- hints --------------------------------------------------------------------------------------------------


def test_hint() -> None:
    session = session_at("1234")
    reply = ok(session, "hint")
    assert set(reply) == {"ok", "hint"}
    h = reply["hint"]
    assert set(h) == {"kind", "position", "proven", "why", "version"}
    assert h["version"] == session.game.version
    assert h["kind"] in ("take", "draw")
    if h["kind"] == "take":
        assert h["position"] in session.game.playable_positions()
    assert ok(session, "hint", budget_ms=50)["hint"]["kind"] in ("take", "draw")
    for bad in (0, -5, "10", True, [1]):
        fails(session, request("hint", budget_ms=bad), "RequestError")
    # Python's json reads NaN and Infinity; a NaN budget is no budget at all, so it is refused
    fails(session, '{"op": "hint", "args": {"budget_ms": NaN}}', "RequestError")
    fails(session, '{"op": "hint_step", "args": {"slice_ms": NaN}}', "RequestError")


def run_job(session: Session, slice_ms: float) -> dict[str, Any]:
    start = ok(session, "hint_start")
    assert start["done"] is False and start["version"] == session.game.version
    for _ in range(10_000):
        step = ok(session, "hint_step", slice_ms=slice_ms)
        if step["done"]:
            return step
    raise AssertionError("the hint job never finished")


@pytest.mark.parametrize("deal_id", ["1234", "V-7"])
def test_hint_in_slices_equals_the_hint(deal_id: str) -> None:
    session = session_at(deal_id)
    if deal_id.startswith("V"):  # make every card known, so that the solver runs in the job
        for _ in range(23):
            ok(session, "move", move="draw")
        for _ in range(23):
            ok(session, "undo")
        assert session.game.all_known
    whole = ok(session, "hint")["hint"]
    assert run_job(session, 0.001)["hint"] == whole
    assert run_job(session, 1000)["hint"] == whole


def test_hint_job_goes_stale_after_a_move() -> None:
    session = session_at("1234")
    ok(session, "hint_start")
    ok(session, "move", move="draw")
    assert ok(session, "hint_step", slice_ms=10) == {"ok": True, "done": True, "stale": True}
    ok(session, "undo")  # another version again, not the old one
    assert ok(session, "hint_step", slice_ms=10)["stale"] is True


def test_hint_step_without_a_job_is_stale() -> None:
    session = session_at("1234")
    assert ok(session, "hint_step", slice_ms=10) == {"ok": True, "done": True, "stale": True}
    ok(session, "hint_start")
    for bad in (0, -1, "5", False):
        fails(session, request("hint_step", slice_ms=bad), "RequestError")


@pytest.mark.parametrize("switch", [
    [("new", {"deal_id": "999"})],
    [("replay", {})],
    [("move", "first"), ("replay", {})],
    [("restore", "other")],
])
def test_hint_job_goes_stale_when_the_game_is_replaced(switch: list[tuple[str, Any]]) -> None:
    """A job started for one game must never answer for another one at the same version number."""
    session = session_at("1234")
    other = save_game(Game.from_id("4321"))
    ok(session, "hint_start")
    for op, args in switch:
        if args == "first":
            ok(session, "move", move="draw")
        else:
            ok(session, op, **({"save": other} if args == "other" else args))
    # the job belongs to the old position, whatever the version numbers say
    assert ok(session, "hint_step", slice_ms=10).get("stale") is True


def test_warm_in_slices_finishes() -> None:
    session = session_at("2")
    replies = [ok(session, "warm", slice_ms=1) for _ in range(1000)]
    assert all(set(reply) == {"ok", "done"} for reply in replies)
    assert replies[-1]["done"] is True


def test_warm_and_solution() -> None:
    session = session_at("2")
    assert ok(session, "warm") == {"ok": True, "done": True}
    ok(session, "move", move="draw")
    fails(session, request("solution"), "GameInProgressError")  # not while the game hides cards
    ok(session, "give_up")
    reply = ok(session, "solution")
    assert set(reply) == {"ok", "verdict", "line", "frames", "state", "save"}
    assert reply["state"] == snapshot(session.game) and reply["save"] == save_game(session.game)
    assert reply["state"]["all_known"] is True and reply["state"]["outcome"] == "given_up"
    assert reply["verdict"] == "win"
    assert len(reply["frames"]) == len(reply["line"]) + 1
    assert reply["frames"][0] == snapshot(Game.from_id("2"))
    assert reply["frames"][-1]["outcome"] == "won"
    game = Game.from_id("2")
    for move in reply["line"]:
        game.play(move)
    assert game.outcome().value == "won"
    lost = session_at("28")
    ok(lost, "give_up")
    reply = ok(lost, "solution")
    assert reply["verdict"] == "lost" and reply["line"] == [] and len(reply["frames"]) == 1


# --- garbage ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "", "{", "not json", "[]", "null", "3", '"take"', "{}", '{"op": 3}', '{"op": null}', '{"args": {}}',
    '{"op": "take", "args": []}', '{"op": "take", "args": "x"}', '{"op": "take", "args": null}',
    '{"op": "fly", "args": {}}', '{"op": "", "args": {}}', '{"op": "TAKE", "args": {"position": 18}}',
    '{"op": "take", "args": {"position": 18}', "\ud800",
])
def test_garbage_requests_are_request_errors(text: str) -> None:
    session = session_at("10")
    fails(session, text, "RequestError")


def test_request_id_is_not_python_s_business() -> None:
    session = session_at("10")
    reply = json.loads(session.handle('{"id": 7, "op": "state", "args": {}}'))
    assert reply["ok"] is True and "id" not in reply


def test_an_unexpected_failure_is_an_internal_error_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = session_at("0")
    while not playable(ok(session, "state")):
        ok(session, "move", move="draw")
    target = playable(ok(session, "state"))[0]

    def broken(game: Game) -> dict[str, Any]:
        raise RuntimeError("boom")

    monkeypatch.setattr(session, "parts", dataclasses.replace(session.parts, snapshot=broken))
    for text in (request("move", move=str(target)), request("move", move="draw"), request("undo"),
                 request("replay"), request("new", deal_id="5"), request("give_up")):
        reply = fails(session, text, "InternalError")
        assert "boom" in reply["error"]["message"]
    monkeypatch.undo()
    assert ok(session, "move", move=str(target))["rejection"] is None


def test_every_documented_op_exists() -> None:
    session = session_at("10")
    documented = {"new", "restore", "move", "undo", "replay", "state", "hint", "hint_start",
                  "hint_step", "solution", "warm", "give_up"}
    for op in documented:
        reply = json.loads(session.handle(json.dumps({"op": op, "args": {}})))
        assert not (reply["ok"] is False and "unknown op" in reply["error"]["message"]), op


# --- the end of a game (issue 9) ----------------------------------------------------------------------------


def _won_session() -> Session:
    session = session_at("2")
    for move in solve_game(session.game).line:
        ok(session, "move", move="draw") if move == "draw" else ok(session, "move", move=str(move))
    assert session.game.outcome().value == "won" and session.game.stock_left > 0
    return session


def test_draw_after_a_win_is_refused_and_undo_reopens() -> None:
    session = _won_session()
    refused = fails_not(session, {"op": "move", "args": {"move": "draw"}})
    assert refused["rejection"] == {"reason": "game_over", "at": None}
    assert refused["state"]["over"] is True and refused["state"]["can_draw"] is False
    assert fails_not(session, {"op": "move", "args": {"move": "5"}})["rejection"] == {
        "reason": "game_over", "at": "5"}
    reopened = ok(session, "undo")
    assert reopened["rejection"] is None and reopened["state"]["outcome"] == "playing"
    assert ok(session, "move", move="draw")["rejection"] is None


def test_give_up_through_the_session() -> None:
    session = session_at("1234")
    ok(session, "move", move="draw")
    reply = ok(session, "give_up")
    state = reply["state"]
    assert (state["outcome"], state["over"], state["solution_available"], state["can_undo"]) == (
        "given_up", True, True, False)
    assert reply["save"]["log"] == ["draw", "give_up"]
    game_over = {"reason": "game_over", "at": None}
    assert fails_not(session, {"op": "move", "args": {"move": "draw"}})["rejection"] == game_over
    assert fails_not(session, {"op": "undo", "args": {}})["rejection"] == game_over
    up = [e["position"] for e in state["table"] if e["state"] == "up"]
    assert fails_not(session, {"op": "move", "args": {"move": str(up[0])}})["rejection"] == {
        "reason": "game_over", "at": str(up[0])}
    fails(session, request("give_up"), "GameOverError")
    again = ok(session, "replay")
    assert again["state"]["outcome"] == "playing" and again["state"]["can_draw"] is True
    assert again["save"]["log"] == ["draw", "give_up", "restart"]
    won = _won_session()
    fails(won, request("give_up"), "GameOverError")


def test_solution_is_refused_while_playing_and_changes_nothing() -> None:
    session = session_at("1234")
    ok(session, "move", move="draw")
    reply = fails(session, request("solution"), "GameInProgressError")
    assert "solution" in reply["error"]["message"]
    assert ok(session, "state")["state"]["solution_available"] is False


def test_solution_after_a_win_reveals_and_closes() -> None:
    session = _won_session()
    assert ok(session, "state")["state"]["solution_available"] is True
    assert not session.game.all_known
    reply = ok(session, "solution")
    assert reply["verdict"] == "win" and reply["state"]["all_known"] and reply["state"]["outcome"] == "won"
    assert reply["state"]["can_undo"] is False and reply["save"]["log"][-1] == "reveal"
    game_over = {"reason": "game_over", "at": None}
    assert fails_not(session, {"op": "undo", "args": {}})["rejection"] == game_over
    assert fails_not(session, {"op": "move", "args": {"move": "draw"}})["rejection"] == game_over
    # the closed game survives a reload, and its replay starts with every card known
    restored = session_at("5")
    assert ok(restored, "restore", save=reply["save"])["state"]["can_undo"] is False
    again = ok(restored, "replay")["state"]
    assert again["all_known"] and again["outcome"] == "playing" and again["solution_available"]


def test_solution_once_every_card_is_known_keeps_the_game_going() -> None:
    session = session_at("V-7")
    for _ in range(23):
        ok(session, "move", move="draw")
    for _ in range(23):
        ok(session, "undo")
    before = ok(session, "state")
    assert before["state"]["all_known"] and before["state"]["solution_available"]
    reply = ok(session, "solution")
    assert reply["state"] == before["state"] and reply["save"] == before["save"]  # nothing new to reveal
    assert ok(session, "move", move="draw")["rejection"] is None


def test_a_solution_that_fails_midway_reveals_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    session = session_at("1234")
    ok(session, "move", move="draw")
    ok(session, "give_up")

    def broken(game: Game) -> dict[str, Any]:
        raise RuntimeError("boom")

    monkeypatch.setattr(api_module, "save_game", broken)
    fails(session, request("solution"), "InternalError")  # the reveal made before the failure is undone
    assert not session.game.all_known and not session.game.closed
    monkeypatch.undo()
    assert ok(session, "solution")["state"]["all_known"] is True


# --- cost and limits ----------------------------------------------------------------------------------------


def test_moves_do_not_deep_copy_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    session = session_at("1234")

    def refused(*args: object, **kwargs: object) -> object:
        raise AssertionError("deepcopy called")

    monkeypatch.setattr(copy, "deepcopy", refused)
    for op, args in (("move", {"move": "draw"}), ("undo", {}), ("move", {"move": "draw"}), ("give_up", {}),
                     ("solution", {}), ("replay", {})):
        ok(session, op, **args)


def test_take_undo_cycles_keep_the_reply_small() -> None:
    session = session_at("1234")
    target = playable(ok(session, "move", move="draw"))
    if not target:
        target = playable(ok(session, "move", move="draw"))
    assert target
    saves = []
    for _ in range(2_000):
        ok(session, "move", move=str(target[0]))
        saves.append(json.dumps(ok(session, "undo")["save"]))
    assert len(set(saves[1:])) == 1  # the first undo may keep its step (it showed a card), then nothing grows
    assert len(json.dumps(save_game(session.game))) < 300


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("text", [
    _deep(5_000),
    '{"op": "restore", "args": {"save": ' + _deep(5_000) + "}}",
    '{"op": "state", "args": {"x": ' + _deep(33) + "}}",
    '{"op": "state", "args": {"x": "' + "a" * 2_000_000 + '"}}',
    "[" * 2_000_000,
    '{"op": "move", "args": {"move": 1' + "0" * 5_000 + "}}",
])
def test_too_large_or_too_deep_requests_are_request_errors(text: str) -> None:
    session = session_at("10")
    reply = fails(session, text, "RequestError")
    assert any(word in reply["error"]["message"] for word in ("too large", "too deeply", "not JSON"))


def test_limits_leave_real_requests_alone() -> None:
    session = session_at("10")
    ok(session, "state", x=[[["[[[[" * 1000 + '\\"]]]' * 100]]])  # brackets inside strings do not count
    depth = 30
    ok(session, "state", x=json.loads(_deep(depth)))
    assert nesting_depth(_deep(depth)) == depth and nesting_depth('"[" [] "\\"" "\\\\" [[') == 2
    saved = ok(session, "state")["save"]
    assert ok(session_at("4"), "restore", save=saved)["save"] == saved
