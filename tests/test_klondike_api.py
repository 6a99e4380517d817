"""Klondike's saves (a replayed log, tampering refused) and the worker protocol `klondike_core.api.Session`
(ops and reply shapes as Pyramid's, refusals as data, bad input as typed errors, a failed request changes
nothing)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from engine_support import reseal
from klondike_support import shown_cards

from klondike_core.api import Session
from klondike_core.deal import DealId
from klondike_core.errors import SaveError
from klondike_core.game import Game
from klondike_core.messages import REJECTION_TEXTS
from klondike_core.save import MAX_LOG, Played, load, save
from klondike_core.snapshot import snapshot
from solitaire_core.session import MAX_DEPTH

# deal 1: 7D (column 0) goes on 8S (column 6), not on JC (column 3); the first stock card is QC
LINE = ["7D>T6", "draw", "draw", "undo", "draw", "draw"]


def played(moves: list[str], deal: int = 1) -> Played:
    result = Played(Game.from_id(deal))
    for move in moves:
        result.play(move)
    return result


def test_save_round_trip_rebuilds_the_same_game_and_knowledge():
    before = played(LINE)
    before.replay()
    before.play("draw")
    data = json.loads(json.dumps(save(before)))
    assert data["format"] == "klondike-save" and data["version"] == 1 and data["deal_id"] == "1"
    assert data["log"] == [*LINE, "replay", "draw"]
    after = load(data)
    assert snapshot(after.game) == snapshot(before.game)
    assert after.game.known == before.game.known and len(after.game.known) > 8
    assert save(after) == data


def test_save_of_a_custom_deal_give_up_and_reveal():
    deal = DealId(5).deal()
    game = Played(Game(deal))
    game.play("draw")
    game.give_up()
    game.reveal()
    data = save(game)
    assert "deal_id" not in data and data["deal"] == deal.notation()
    assert data["log"] == ["draw", "give_up", "reveal"]
    again = load(data)
    assert again.game.closed and again.game.all_known and snapshot(again.game) == snapshot(game.game)


def tampered(edit: Any) -> dict[str, Any]:
    data = copy.deepcopy(save(played(LINE)))
    edit(data)
    return reseal(data)


@pytest.mark.parametrize("edit", [
    lambda d: d.__setitem__("log", [*d["log"], "QS>T0"]),  # a move the rules refuse
    lambda d: d.__setitem__("log", [*d["log"], "qs>t0"]),  # not a move
    lambda d: d.__setitem__("log", [*d["log"], 7]),
    lambda d: d.__setitem__("log", [*d["log"], "give_up", "draw"]),  # plays on after giving up
    lambda d: d.__setitem__("log", ["undo"]),  # nothing to undo
    lambda d: d.__setitem__("log", ["reveal"]),  # a solution while the game is in progress
    lambda d: d.__setitem__("log", ["draw"] * (MAX_LOG + 1)),
    lambda d: d.__setitem__("log", "draw"),
    lambda d: d.__setitem__("deal_id", "E-1"),  # no levels yet
    lambda d: d.__setitem__("deal_id", 1),
    lambda d: d.__setitem__("deal", "AS " * 52),
    lambda d: d.__setitem__("extra", 1),
    lambda d: d.__setitem__("version", 2),
    lambda d: d.__setitem__("format", "pyramid-save"),
    lambda d: d.pop("deal_id"),
])
def test_tampered_saves_are_refused(edit):
    with pytest.raises(SaveError):
        load(tampered(edit))


def test_a_damaged_save_is_refused_by_its_checksum():
    data = save(played(LINE))
    data["log"] = data["log"][:-1]
    with pytest.raises(SaveError, match="checksum"):
        load(data)
    with pytest.raises(SaveError):
        load([1, 2])


# --- the session ------------------------------------------------------------------------------------------


def request(session: Session, op: str, **args: Any) -> dict[str, Any]:
    reply = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    assert isinstance(reply, dict)
    return reply


def test_moves_and_refusals_as_data():
    session = Session(DealId(1))
    reply = request(session, "state")
    assert reply["ok"] and reply["state"]["game"] == "klondike" and reply["rejection"] is None
    assert set(reply["state"]) >= {
        "deal_id", "version", "columns", "stock", "waste", "foundations", "moves", "recycles", "can_undo",
        "outcome", "over", "all_known", "solution_available", "no_progress", "autofinish", "autofinish_move",
        "can_draw", "can_recycle"}
    before = reply["state"]
    refused = request(session, "move", move="7D>T3")
    assert refused["ok"] and refused["rejection"] == {"reason": "not_one_lower", "at": "T3"}
    assert REJECTION_TEXTS["fr"]["not_one_lower"] == "il faut une carte d’un rang de moins"  # the page's
    assert refused["state"] == before
    moved = request(session, "move", move="7D>T6")
    assert moved["rejection"] is None and moved["state"]["columns"][0]["cards"] == []
    assert moved["save"]["log"] == ["7D>T6"] and moved["state"]["can_undo"]
    drawn = request(session, "move", move="draw")
    assert drawn["state"]["waste"]["top"]["card"] == "QC" and drawn["state"]["stock"] == {"count": 23}
    undone = request(session, "move", move="undo")
    assert undone["state"]["waste"]["top"] is None and undone["save"]["log"] == ["7D>T6", "draw", "undo"]
    assert request(session, "move", move="recycle")["rejection"]["reason"] == "stock_not_empty"


def test_no_unseen_card_in_any_reply():
    session = Session(DealId(3))
    reply = request(session, "state")
    game = session.game
    assert shown_cards(reply["state"]) == {c.code for c in game.known}  # the seven tops
    for _ in range(5):
        reply = request(session, "move", move="draw")
        assert shown_cards(reply["state"]) <= {c.code for c in session.game.known}


@pytest.mark.parametrize(("op", "args", "kind"), [
    ("move", {"move": "7D>T9"}, "MoveError"),
    ("move", {"move": 7}, "RequestError"),
    ("new", {"deal_id": "E-12"}, "DealIdError"),
    ("new", {"deal_id": 12}, "RequestError"),
    ("new", {"level": "easiest"}, "RequestError"),
    ("new", {"draw": 2}, "RequestError"),
    ("new", {"draw": True}, "RequestError"),
    ("new", {"deal_id": "T-12", "draw": 1}, "RequestError"),
    ("restore", {"save": {"format": "klondike-save"}}, "SaveError"),
    ("solution", {}, "GameInProgressError"),
    ("hint", {"budget_ms": -1}, "RequestError"),
    ("nope", {}, "RequestError"),
])
def test_bad_requests_are_typed_errors_and_change_nothing(op, args, kind):
    session = Session(DealId(1))
    request(session, "move", move="draw")
    before = request(session, "state")
    reply = request(session, op, **args)
    assert reply == {"ok": False, "error": {"type": kind, "message": reply["error"]["message"]}}
    assert request(session, "state") == before


def test_garbage_and_deep_requests():
    session = Session(DealId(1))
    assert json.loads(session.handle("not json"))["error"]["type"] == "RequestError"
    deep = '{"op": "restore", "args": {"save": ' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "}}"
    assert json.loads(session.handle(deep))["error"]["type"] == "RequestError"


def test_new_restore_check_deal_replay():
    session = Session(DealId(1))
    assert request(session, "check_deal", deal_id=" 42 ") == {"ok": True, "deal_id": "42"}
    assert request(session, "state")["state"]["deal_id"] == "1"
    reply = request(session, "new", deal_id="42")
    assert reply["state"]["deal_id"] == "42"
    random_reply = request(session, "new")
    assert random_reply["state"]["deal_id"] != "42"
    request(session, "new", deal_id="1")
    for move in LINE:
        request(session, "move", move=move)
    saved = request(session, "state")
    other = Session(DealId(9))
    restored = request(other, "restore", save=saved["save"])
    assert restored["state"] == saved["state"]
    replayed = request(other, "replay")
    assert replayed["state"]["moves"] == 0 and replayed["save"]["log"][-1] == "replay"


def test_give_up_then_solution_closes_the_game():
    session = Session(DealId(7))
    request(session, "move", move="draw")
    given_up = request(session, "give_up")
    assert given_up["state"]["outcome"] == "given_up" and given_up["state"]["solution_available"]
    assert request(session, "give_up")["error"]["type"] == "GameOverError"
    assert request(session, "move", move="draw")["rejection"]["reason"] == "game_over"
    reply = request(session, "solution", budget_ms=20_000)
    assert reply["ok"] and reply["verdict"] in ("win", "lost", "unknown")
    if reply["verdict"] == "win":
        game = Game.from_id(7)
        for move in reply["line"]:
            game.play(move)
        assert game.won and len(reply["frames"]) == len(reply["line"]) + 1
        assert reply["frames"][-1]["outcome"] == "won"
    assert reply["state"]["all_known"] and reply["save"]["log"][-1] == "reveal"
    assert request(session, "undo")["rejection"]["reason"] == "game_over"


def test_autofinish_op():
    session = Session(DealId(1))
    reply = request(session, "autofinish")
    assert reply["played"] is None and reply["state"]["moves"] == 0  # not available: nothing happens


def test_hint_ops_shapes():
    session = Session(DealId(1))
    reply = request(session, "hint", budget_ms=50)
    assert reply["ok"] and reply["hint"]["kind"] in ("move", "draw", "recycle", "lost", "stuck")
    assert reply["hint"]["version"] == 0
    start = request(session, "hint_start")
    assert start == {"ok": True, "done": False, "version": 0}
    for _ in range(500):
        step = request(session, "hint_step", slice_ms=20)
        if step["done"]:
            break
    assert step["done"] and step["hint"]["version"] == 0
    request(session, "move", move="draw")
    assert request(session, "hint_step")["stale"]
