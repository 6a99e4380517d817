"""A fourth game proves the kernel (issue 19): Ladder, the tests' small game (tests/fourth_game/), is
registered from the test and played through the worker session the way the worker calls every game
(`registry.game(id).session().handle(json)`), with no shared file naming it. It is won, refuses a move with
the protocol's one shape and changes nothing, undoes, never shows a face-down card, declares its
capabilities, and passes the protocol checks every real game passes (tests/test_protocol.py)."""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_protocol
from ladder_support import ENTRY, FOLDER, REFUSED, WIN_DEAL, WIN_LINE, registered

from solitaire_core import protocol, registry

GAME = ENTRY.id
ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile("[A23456789TJQK][CDHS]")


@pytest.fixture(autouse=True)
def ladder() -> Iterator[registry.Entry]:
    with registered() as entry:
        yield entry


def ask(session: registry.Handles, op: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    return reply


def dealt(deal: str = WIN_DEAL) -> registry.Handles:
    session = registry.game(GAME).session()
    assert ask(session, "new", deal_id=deal)["ok"]
    return session


def shown_codes(value: object) -> list[str]:
    """Every card code a snapshot holds, however deep."""
    if isinstance(value, dict):
        return [code for item in value.values() for code in shown_codes(item)]
    if isinstance(value, list):
        return [code for item in value for code in shown_codes(item)]
    return [value] if isinstance(value, str) and CODE.fullmatch(value) else []


def test_it_is_registered_from_the_test_and_the_worker_sees_it() -> None:
    assert [entry.id for entry in registry.games()][-1] == GAME
    assert json.loads(protocol.capabilities_json())[GAME] == {"ops": [], "new_args": {}}


def test_a_deal_is_played_to_a_win_through_the_worker_session() -> None:
    session = dealt()
    for move in WIN_LINE:
        reply = ask(session, "move", move=move)
        assert reply["ok"] is True and reply["rejection"] is None, (move, reply)
    state = reply["state"]
    assert state["outcome"] == "won" and state["over"] and state["moves"] == len(WIN_LINE)
    assert all(place["card"] is None for place in state["row"])
    assert ask(session, "move", move="draw")["rejection"] == {"reason": "game_over", "at": None}
    undone = ask(session, "undo")
    assert undone["state"]["outcome"] == "playing" and undone["state"]["moves"] == len(WIN_LINE) - 1


def test_a_refused_move_has_the_one_shape_and_changes_nothing() -> None:
    session = dealt()
    before = ask(session, "state")
    move, reason = REFUSED
    refused = ask(session, "move", move=move)
    assert refused["ok"] is True and refused["rejection"] == {"reason": reason, "at": move}
    assert refused["state"] == before["state"] and refused["save"] == before["save"]
    taken = ask(session, "move", move=WIN_LINE[0])["state"]
    assert ask(session, "move", move=WIN_LINE[0])["rejection"] == {"reason": "gone", "at": WIN_LINE[0]}
    bad = ask(session, "move", move="A")
    assert bad["ok"] is False and bad["error"]["type"] == "MoveError"
    assert ask(session, "state")["state"] == taken


def test_undo_gives_the_position_back_and_the_save_restores_it() -> None:
    session = dealt()
    start = ask(session, "state")["state"]
    ask(session, "move", move=WIN_LINE[0])
    back = ask(session, "undo")["state"]
    assert {**back, "version": 0, "can_undo": False} == start
    played = ask(session, "move", move=WIN_LINE[0])
    other = registry.game(GAME).session()
    assert ask(other, "restore", save=played["save"])["state"] == played["state"]


def test_the_snapshot_never_shows_a_face_down_card() -> None:
    session = dealt()
    cards = ["7D", "9C", "4D", "8H", "8D"]  # deal 1: the row and the first waste card, face up from the start
    state = ask(session, "state")["state"]
    for move in WIN_LINE:
        assert set(shown_codes(state)) <= set(cards), move
        state = ask(session, "move", move=move)["state"]
        if move == "draw":
            cards.append(state["waste"]["top"])
    assert state["stock"] == {"count": 2}


def test_the_hint_sees_only_what_the_player_saw_and_then_solves() -> None:
    session = dealt()
    first = ask(session, "hint")["hint"]
    assert first["kind"] == "take" and first["proven"] is False
    assert ask(session, "give_up")["ok"]
    solution = ask(session, "solution")
    assert solution["verdict"] == "win" and solution["line"] == list(WIN_LINE)
    assert len(solution["frames"]) == len(WIN_LINE) + 1 and solution["state"]["all_known"]


def test_its_deal_ids_are_the_shared_grammar_without_levels() -> None:
    session = dealt()
    assert ask(session, "check_deal", deal_id=" 0001 ", current=WIN_DEAL) == {
        "ok": True, "deal_id": "1", "same_game": True}
    refused = ask(session, "check_deal", deal_id="E-1")
    assert refused["ok"] is False and refused["error"]["type"] == "DealIdError"
    assert ask(session, "new", level="easy")["error"]["type"] == "RequestError"


# ------------------------------------------------------------------ the protocol checks of every real game


def test_every_op_is_answered_with_its_declared_reply() -> None:
    ops = test_protocol.answered_ops(GAME)
    assert set(ops) == set(protocol.session_ops()) - {"warm", "autofinish"}
    for op in ops:
        test_protocol.test_every_op_is_answered_with_its_declared_reply(GAME, op)


def test_refusals_have_the_one_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    move, _ = REFUSED
    monkeypatch.setitem(test_protocol.PLACED_REFUSAL, GAME, (WIN_DEAL, move, move))
    test_protocol.test_refusals_have_one_shape_in_every_game(GAME)


def test_unknown_ops_and_bad_args_are_request_errors() -> None:
    for op, args in test_protocol.BAD_REQUESTS:
        test_protocol.test_unknown_ops_and_bad_args_are_request_errors(GAME, op, args)


def test_capabilities_are_what_the_session_answers() -> None:
    test_protocol.test_capabilities_are_what_the_session_answers(GAME)
    test_protocol.test_a_games_own_new_args_are_checked(GAME)


# ------------------------------------------------------------ how a site takes a game from outside the tree


def _tool(name: str) -> Any:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "tools"))


def test_the_worker_registers_the_games_config_json_lists_once() -> None:
    listed = json.dumps([dataclasses.asdict(ENTRY)])
    registry.register_outside(listed)  # registered already as the very same entry: a restored snapshot
    assert [entry.id for entry in registry.games()].count(GAME) == 1
    with pytest.raises(ValueError, match="registered already"):
        registry.register_outside(json.dumps([{**dataclasses.asdict(ENTRY), "title": "Other"}]))
    registry.register_outside(json.dumps([{"id": "small", "package": "small_core", "title": "Small"}]))
    try:
        assert registry.game("small").api_module == "small_core.api"
    finally:
        registry.unregister("small")


def test_the_site_s_copy_of_the_js_registry_gets_the_game_s_line() -> None:
    webgames = _tool("webgames")
    text = (ROOT / "web" / "js" / "games.js").read_text(encoding="utf-8")
    added = webgames.with_games(text, (GAME,))
    assert 'import ladder from "../games/ladder/manifest.js";\n\nexport const GAMES' in added
    assert [game for _, game in webgames.REGISTRY_LINE.findall(added)][-1] == GAME
    assert webgames.GAMES_LIST.findall(added)[0].endswith(", ladder")
    with pytest.raises(SystemExit, match="expected import lines"):
        webgames.with_games(text.replace("export const GAMES", "const GAMES"), (GAME,))


def test_the_wheel_takes_the_outside_game_s_package(tmp_path: Path) -> None:
    pywheel = _tool("pywheel")
    wheel = pywheel.build_wheel(ROOT / "src", ROOT / "pyproject.toml", tmp_path, (FOLDER / "src",))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "ladder_core/api.py" in names and "solitaire_core/registry.py" in names
    with pytest.raises(SystemExit, match="more than one source folder"):
        pywheel.build_wheel(ROOT / "src", ROOT / "pyproject.toml", tmp_path, (ROOT / "src",))
