"""The Pyramid worker protocol (`api.Session`) and saves: replies always come, failures change nothing,
knowledge is re-derived from the log, the solution waits until nothing is left to hide."""

from __future__ import annotations

import json

import pytest

from pyramid_core import SaveError
from pyramid_core.api import Session
from pyramid_core.errors import PyramidError
from pyramid_core.messages import REJECTION_TEXTS
from pyramid_core.save import load
from solitaire_core.envelope import seal
from solitaire_core.errors import SolitaireError
from solitaire_core.session import MAX_REQUEST_CHARS


def ask(session: Session, op: str, **args: object) -> dict:
    reply = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    assert isinstance(reply, dict)
    return reply


def test_moves_refusals_and_undo():
    session = Session()
    assert ask(session, "new", deal_id="7")["state"]["deal_id"] == "7"
    reply = ask(session, "move", move="23+27")  # deal 7: QH + AC on the base row
    assert reply["ok"] and reply["rejection"] is None and reply["state"]["removed"] == 2
    refused = ask(session, "move", move="21+22")
    assert refused["ok"] and refused["rejection"]["reason"] == "not_thirteen"
    assert refused["rejection"] == {"reason": "not_thirteen", "at": None}  # no text: the page's
    assert REJECTION_TEXTS["fr"]["not_thirteen"] == "ces deux cartes ne font pas 13"
    assert refused["state"] == {**reply["state"]}  # a refusal changes nothing
    recycle = ask(session, "move", move="recycle")
    assert recycle["rejection"]["reason"] == "stock_not_empty"
    assert ask(session, "move", move="draw")["state"]["waste"]["count"] == 1
    undone = ask(session, "undo")
    assert undone["state"]["waste"]["count"] == 0 and undone["state"]["removed"] == 2


@pytest.mark.parametrize("text", [
    "", "[]", '{"op": 3}', '{"op": "fly"}', '{"op": "move", "args": {"move": 12}}',
    '{"op": "move", "args": {"move": "1+1"}}', '{"op": "move", "args": {"move": "W+20"}}',
    '{"op": "new", "args": {"deal_id": "x"}}', '{"op": "hint_step", "args": {"slice_ms": -1}}',
    '{"op": "restore", "args": {"save": {}}}', '{"op": "solution"}', "[" * 100000,
])
def test_bad_requests_get_an_error_and_change_nothing(text):
    session = Session()
    before = ask(session, "state")
    reply = json.loads(session.handle(text))
    assert reply["ok"] is False and set(reply["error"]) == {"type", "message"}
    assert ask(session, "state") == before


def test_save_re_derives_knowledge_across_a_replay():
    session = Session()
    ask(session, "new", deal_id="11")
    for _ in range(5):
        ask(session, "move", move="draw")
    ask(session, "undo")
    reply = ask(session, "replay")
    assert reply["state"]["removed"] == 0 and reply["state"]["stock"]["count"] == 24
    saved = reply["save"]
    assert saved["log"] == ["draw"] * 5 + ["undo", "replay"]
    restored = load(saved)
    assert restored.game.known == session.game.known == frozenset(range(34))
    other = Session()
    assert ask(other, "restore", save=saved)["state"] == {**reply["state"], "version": ask(other, "state")[
        "state"]["version"]}
    edited = {**saved, "log": ["draw"] * 24}
    with pytest.raises(SaveError, match="checksum"):
        load(edited)


def test_solution_waits_and_give_up_ends_the_game():
    session = Session()
    ask(session, "new", deal_id="1")
    assert ask(session, "solution")["ok"] is False
    assert ask(session, "state")["state"]["solution_available"] is False
    ask(session, "give_up")
    refused = ask(session, "move", move="draw")
    assert refused["ok"] and refused["rejection"]["reason"] == "game_over"
    solution = ask(session, "solution")
    assert solution["ok"] and solution["verdict"] == "win"
    assert solution["frames"][-1]["outcome"] == "won" and len(solution["frames"]) == len(solution["line"]) + 1
    assert ask(session, "replay")["state"]["given_up"] is False
    assert ask(session, "move", move="draw")["rejection"] is None


def test_hint_in_slices_matches_the_hint():
    session = Session()
    ask(session, "new", deal_id="7")
    ask(session, "move", move="draw")
    whole = ask(session, "hint")["hint"]
    assert ask(session, "hint_start")["ok"]
    while True:
        step = ask(session, "hint_step", slice_ms=2)
        if step["done"]:
            break
    assert step["hint"] == whole
    ask(session, "move", move="draw")
    assert ask(session, "hint_step")["stale"] is True


def test_the_shared_frame_refuses_a_huge_request_and_a_save_with_an_unknown_field():
    """Pyramid's session and saves are the shared `solitaire_core` pieces: a request over the shared size
    limit is refused before it is parsed, and a save with a field the format does not have is refused even
    when its checksum is right (this morning Pyramid's own copies answered one and loaded the other)."""
    session = Session()
    before = ask(session, "new", deal_id="7")["state"]
    huge = json.dumps({"op": "state", "args": {"pad": "x" * MAX_REQUEST_CHARS}})
    reply = json.loads(session.handle(huge))
    assert reply["ok"] is False and reply["error"]["type"] == "RequestError"
    assert "too large" in reply["error"]["message"]
    assert ask(session, "state")["state"] == before
    saved = ask(session, "state")["save"]
    body = {key: value for key, value in saved.items() if key != "check"}
    with pytest.raises(SaveError, match="unknown field 'extra'"):
        load(seal({**body, "extra": 1}))
    assert issubclass(PyramidError, SolitaireError) and issubclass(SaveError, SolitaireError)


HUGE_PLACE = "1" * 5000
"""More digits than Python's `int()` reads (4,300): a place read with `int()` was an internal error."""


@pytest.mark.parametrize("move", [HUGE_PLACE, f"{HUGE_PLACE}+W", f"S+{HUGE_PLACE}"])
def test_a_5000_digit_move_is_a_move_error(move):
    session = Session()
    before = ask(session, "state")
    reply = ask(session, "move", move=move)
    assert reply["ok"] is False and reply["error"]["type"] == "MoveError"
    assert len(reply["error"]["message"]) < 300
    assert ask(session, "state") == before


def test_a_5000_digit_move_in_a_save_is_refused_cleanly():
    session = Session()
    ask(session, "new", deal_id="7")
    ask(session, "move", move="draw")
    body = {key: value for key, value in ask(session, "state")["save"].items() if key != "check"}
    saved = seal({**body, "log": [*body["log"], f"{HUGE_PLACE}+W"]})
    with pytest.raises(SaveError, match="log entry 1"):
        load(saved)
    other = Session()
    before = ask(other, "state")
    reply = ask(other, "restore", save=saved)
    assert reply["ok"] is False and reply["error"]["type"] == "SaveError"
    assert ask(other, "state") == before
