"""The one declared protocol (`solitaire_core.protocol`) against every registered game's session: each op is
answered with its declared reply, refusals have the one shape `{reason, at}`, bad requests are
`RequestError`s, no reply carries display text, and the capabilities say exactly which optional ops a game
answers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from solitaire_core import protocol, registry
from solitaire_core.errors import RequestError
from solitaire_core.protocol import OPS, Arg

GAMES = [entry.id for entry in registry.games()]
DEAL = "2"
"""A deal every game has (a bare number is a deal ID in each game's grammar)."""

ARGS: dict[str, dict[str, Any]] = {
    "new": {"deal_id": DEAL},
    "check_deal": {"deal_id": DEAL, "current": DEAL},
    "move": {"move": "draw"},
    "hint": {"budget_ms": 50},
    "hint_step": {"slice_ms": 5},
    "solution": {"budget_ms": 300},
    "warm": {"slice_ms": 5},
}
"""Valid args for each op that takes some (`restore` takes the session's own save)."""

# A refusal naming a place in each game's notation: the deal, the move, and the `at` it is refused at.
PLACED_REFUSAL = {"tripeaks": (DEAL, "0", "0"), "pyramid": (DEAL, "0", "0"), "klondike": ("1", "7D>T3", "T3")}


def ask(session: registry.Handles, op: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    return reply


def fresh(game: str, deal: str = DEAL) -> registry.Handles:
    session = registry.game(game).session()
    assert ask(session, "new", deal_id=deal)["ok"]
    return session


def answered_ops(game: str) -> list[str]:
    """The protocol's session ops this game declares it answers: every one not optional, and its own."""
    own = protocol.capabilities(registry.game(game))["ops"]
    return [name for name in protocol.session_ops() if not OPS[name].optional or name in own]


def keys(value: object, inside: str = "") -> Iterator[tuple[str, str]]:
    """Every (parent key, key) of a JSON value, however deep."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield inside, key
            yield from keys(item, key)
    elif isinstance(value, list):
        for item in value:
            yield from keys(item, inside)


CASES = [(game, op) for game in GAMES for op in answered_ops(game)]


@pytest.mark.parametrize(("game", "op"), CASES, ids=[f"{game}-{op}" for game, op in CASES])
def test_every_op_is_answered_with_its_declared_reply(game: str, op: str) -> None:
    session = fresh(game)
    args = dict(ARGS.get(op, {}))
    if op == "restore":
        args["save"] = ask(session, "state")["save"]
    if op == "solution":
        assert ask(session, "give_up")["ok"]  # the solution is shown once the game is over
    if op == "hint_step":
        ask(session, "hint_start")
    reply = ask(session, op, **args)
    assert reply["ok"] is True, (op, reply)
    declared = OPS[op].reply
    fields = set(reply) - {"ok"}
    assert set(declared.fields) <= fields <= set(declared.fields) | set(declared.sometimes), (op, fields)
    if "rejection" in reply:
        assert reply["rejection"] is None
    assert not [pair for pair in keys(reply) if pair[1] == "message" or pair[1].endswith("_text")], (
        "no display text in a reply: the page's catalogues word it")


@pytest.mark.parametrize("game", GAMES)
def test_refusals_have_one_shape_in_every_game(game: str) -> None:
    deal, move, at = PLACED_REFUSAL[game]
    session = fresh(game, deal)
    refused = ask(session, "move", move=move)
    assert refused["ok"] is True and set(refused["rejection"]) == {"reason", "at"}
    assert refused["rejection"]["at"] == at
    assert ask(session, "give_up")["ok"]
    over = ask(session, "move", move="draw")
    assert over["rejection"] == {"reason": "game_over", "at": None}


BAD_REQUESTS = [
    ("frob", {}),
    ("take", {"position": 18}),
    ("draw", {}),
    ("busy", {}),  # the worker's own op: never a session's
    ("move", {}),
    ("move", {"move": None}),
    ("move", {"move": 18}),
    ("check_deal", {}),
    ("check_deal", {"deal_id": 7}),
    ("check_deal", {"deal_id": DEAL, "current": 7}),
    ("new", {"deal_id": ["7"]}),
    ("new", {"level": "expert"}),
    ("new", {"level": 1}),
    ("hint", {"budget_ms": 0}),
    ("hint", {"budget_ms": True}),
    ("hint_step", {"slice_ms": 1e999}),
    ("solution", {"budget_ms": -1}),
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("op", "args"), BAD_REQUESTS)
def test_unknown_ops_and_bad_args_are_request_errors(game: str, op: str, args: dict[str, Any]) -> None:
    session = fresh(game)
    before = ask(session, "state")
    reply = ask(session, op, **args)
    assert reply["ok"] is False and reply["error"]["type"] == "RequestError", reply
    assert ask(session, "state") == before


@pytest.mark.parametrize("game", GAMES)
def test_capabilities_are_what_the_session_answers(game: str) -> None:
    declared = json.loads(protocol.capabilities_json())[game]
    assert set(declared) == {"ops", "new_args"}
    optional = {name for name, op in OPS.items() if op.optional}
    assert set(declared["ops"]) <= optional
    session = fresh(game)
    for name in optional - set(declared["ops"]):
        reply = ask(session, name, **ARGS.get(name, {}))
        assert reply["ok"] is False and "unknown op" in reply["error"]["message"], (name, reply)
    for name in declared["ops"]:
        assert ask(session, name, **ARGS.get(name, {}))["ok"] is True, name


@pytest.mark.parametrize("game", GAMES)
def test_a_games_own_new_args_are_checked(game: str) -> None:
    new_args: tuple[Arg, ...] = registry.game(game).api().Session.new_args
    session = fresh(game)
    for arg in new_args:
        wrong = "x" if arg.kind != "string" else 1
        reply = ask(session, "new", **{arg.name: wrong})
        assert reply["ok"] is False and reply["error"]["type"] == "RequestError", (arg.name, reply)
        good = arg.choices[0] if arg.choices else {"boolean": True, "string": DEAL}.get(arg.kind)
        assert ask(session, "new", **{arg.name: good})["ok"] is True, arg.name


def test_absent_or_null_args_take_the_default_and_undeclared_ones_are_ignored() -> None:
    known = {"new": None}
    assert protocol.check_request("new", {"deal_id": None, "level": "easy", "other": 1}, known) == {
        "level": "easy"}
    with pytest.raises(RequestError, match="'level' must be 'any', 'easy', 'medium' or 'hard'"):
        protocol.check_request("new", {"level": "expert"}, known)
    with pytest.raises(RequestError, match="unknown op 'state'"):
        protocol.check_request("state", {}, known)  # declared, but not one this session has
    draw = Arg("draw", "choice", "draw one or three", choices=(1, 3))
    assert protocol.check_request("new", {"draw": 3}, known, (draw,)) == {"draw": 3}
    with pytest.raises(RequestError, match="'draw' must be 1 or 3"):
        protocol.check_request("new", {"draw": True}, known, (draw,))


def test_the_rejection_shape_writes_places_in_notation() -> None:
    assert protocol.rejection("covered", 4) == {"reason": "covered", "at": "4"}
    assert protocol.rejection("not_one_lower", "T3") == {"reason": "not_one_lower", "at": "T3"}
    assert protocol.rejection("stock_empty") == {"reason": "stock_empty", "at": None}
