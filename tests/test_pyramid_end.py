"""The end of a Pyramid game, as the page's shared shell expects it from TriPeaks: `give_up` makes the outcome
`given_up` and every later move, draw, recycle and undo a `game_over` refusal that changes nothing; `over`
is true once won or given up and no card is `playable` then; a win refuses moves but an undo reopens it; the
solution, once shown, makes every card known and closes a game that still hid some; saves replay all of it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pyramid_support import build_deal

from pyramid_core import Game, Outcome, Reason, SaveError
from pyramid_core.api import Session
from pyramid_core.errors import GameInProgressError, GameOverError
from pyramid_core.messages import REJECTION_TEXTS
from pyramid_core.save import Played, load, save
from pyramid_core.snapshot import snapshot
from pyramid_core.solver import solve_game

# A deal whose pyramid clears by itself, without a draw: base row A Q 2 J 3 T K, then 4 9 5 8 6 7, A Q 2 J K,
# 3 T 4 9, 5 8 K, 6 7, K. It is won while 23 stock cards are still unseen.
QUICK_WIN = build_deal({
    0: "KS", 1: "6D", 2: "7D", 3: "5D", 4: "8D", 5: "KH", 6: "3D", 7: "TD", 8: "4D", 9: "9D",
    10: "AD", 11: "QD", 12: "2D", 13: "JD", 14: "KD", 15: "4C", 16: "9C", 17: "5C", 18: "8C", 19: "6C",
    20: "7C", 21: "AC", 22: "QC", 23: "2C", 24: "JC", 25: "3C", 26: "TC", 27: "KC",
})
QUICK_LINE = ["21+22", "23+24", "25+26", "27", "15+16", "17+18", "19+20", "10+11", "12+13", "14",
              "6+7", "8+9", "3+4", "5", "1+2", "0"]
ACTIONS = ({"op": "move", "args": {"move": "draw"}}, {"op": "move", "args": {"move": "recycle"}},
           {"op": "undo"}, {"op": "move", "args": {"move": "undo"}},
           {"op": "move", "args": {"move": "21+22"}}, {"op": "move", "args": {"move": "27"}})


def ask(session: Session, op: str, **args: object) -> dict[str, Any]:
    reply = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    assert isinstance(reply, dict)
    return reply


def quick_session() -> Session:
    session = Session()
    custom = save(Played(Game(QUICK_WIN)))
    assert ask(session, "restore", save=custom)["ok"]
    return session


def nothing_playable(state: dict[str, Any]) -> bool:
    tops = [state[pile]["top"] for pile in ("stock", "waste") if state[pile]["top"] is not None]
    entries = [*state["pyramid"], *tops]
    return not any(entry["playable"] or entry["partners"] for entry in entries) and not (
        state["can_draw"] or state["can_recycle"])


def test_give_up_ends_the_game_and_refuses_everything_after() -> None:
    session = Session()
    ask(session, "new", deal_id="11")
    for move in ("draw", "draw", "draw"):
        ask(session, "move", move=move)
    playing = ask(session, "state")["state"]
    assert playing["over"] is False and playing["outcome"] == "playing" and playing["can_undo"]
    reply = ask(session, "give_up")
    state = reply["state"]
    assert state["outcome"] == "given_up" and state["over"] is True and state["given_up"] is True
    assert state["solution_available"] is True and state["can_undo"] is False
    assert state["recycle_refusal"]["reason"] == "game_over"
    assert nothing_playable(state)
    assert state["version"] == playing["version"] + 1 and state["moves"] == playing["moves"] == 3
    for request in ACTIONS:
        refused = json.loads(session.handle(json.dumps(request)))
        assert refused["ok"] is True, request
        assert refused["rejection"]["reason"] == "game_over", request
        assert refused["rejection"] == {"reason": "game_over", "at": None}  # no text: the page's
        assert REJECTION_TEXTS["fr"]["game_over"] == "la partie est terminée"
        assert refused["state"] == state and refused["save"] == reply["save"], request
    again = ask(session, "give_up")
    assert again["ok"] is False and again["error"]["type"] == "GameOverError"
    assert ask(session, "state")["state"] == state
    restarted = ask(session, "replay")["state"]
    assert restarted["outcome"] == "playing" and restarted["over"] is False and restarted["given_up"] is False
    assert ask(session, "move", move="draw")["rejection"] is None


def test_a_stuck_game_may_be_given_up_and_shows_its_solution() -> None:
    game = Game.from_id(3)  # deal 3 cannot be won: run the stock through three times
    while game.outcome() is Outcome.PLAYING:
        game.play("draw" if game.can_draw else "recycle")
    assert game.outcome() is Outcome.STUCK and game.all_known and game.solution_available
    assert snapshot(game)["over"] is False and nothing_playable(snapshot(game))
    game.give_up()
    assert game.outcome() is Outcome.GIVEN_UP and game.over


def test_a_won_game_is_over_until_an_undo_reopens_it() -> None:
    session = quick_session()
    for move in QUICK_LINE:
        reply = ask(session, "move", move=move)
        assert reply["rejection"] is None, move
    won = reply["state"]
    assert won["outcome"] == "won" and won["over"] is True and won["given_up"] is False
    assert won["solution_available"] is True and won["all_known"] is False and won["can_undo"] is True
    assert nothing_playable(won) and won["stock"]["count"] == 24
    for request in ({"op": "move", "args": {"move": move}} for move in ("draw", "recycle", "S+W")):
        refused = json.loads(session.handle(json.dumps(request)))
        assert refused["rejection"]["reason"] == "game_over" and refused["state"] == won
    refused = ask(session, "give_up")
    assert refused["ok"] is False and refused["error"]["type"] == "GameOverError"
    reopened = ask(session, "undo")["state"]
    assert reopened["outcome"] == "playing" and reopened["over"] is False and reopened["removed"] == 27
    assert ask(session, "move", move="0")["state"]["outcome"] == "won"


def test_the_solution_reveals_and_closes_a_game_that_hid_cards() -> None:
    session = quick_session()
    for move in QUICK_LINE:
        ask(session, "move", move=move)
    solution = ask(session, "solution")
    assert solution["ok"] and solution["verdict"] == "win"
    state = solution["state"]
    assert state["all_known"] is True and state["outcome"] == "won" and state["over"] is True
    assert state["can_undo"] is False and solution["save"]["log"][-1] == "reveal"
    undo = ask(session, "undo")
    assert undo["rejection"]["reason"] == "game_over" and undo["state"] == state
    restored = ask(Session(), "restore", save=solution["save"])
    assert restored["state"]["all_known"] is True and restored["state"]["can_undo"] is False
    replayed = ask(session, "replay")["state"]
    assert replayed["all_known"] is True and replayed["can_undo"] is False and replayed["over"] is False
    assert ask(session, "solution")["save"]["log"][-1] == "replay"  # all known already: nothing to reveal


def test_the_solution_waits_while_cards_are_hidden() -> None:
    session = Session()
    ask(session, "new", deal_id="1")
    before = ask(session, "state")
    reply = ask(session, "solution")
    assert reply["ok"] is False and reply["error"]["type"] == "GameInProgressError"
    assert ask(session, "state") == before
    with pytest.raises(GameInProgressError):
        Game.from_id(1).reveal()


def test_saves_replay_the_end_of_a_game() -> None:
    session = Session()
    ask(session, "new", deal_id="11")
    ask(session, "move", move="draw")
    given_up = ask(session, "give_up")
    assert given_up["save"]["log"] == ["draw", "give_up"]
    other = Session()
    restored = ask(other, "restore", save=given_up["save"])
    assert restored["state"] == given_up["state"] | {"version": restored["state"]["version"]}
    assert restored["state"]["outcome"] == "given_up"
    refused = ask(other, "undo")
    assert refused["rejection"]["reason"] == "game_over"
    body = {key: value for key, value in given_up["save"].items() if key != "check"}
    for log in (["draw", "give_up", "draw"], ["draw", "give_up", "undo"], ["draw", "give_up", "give_up"],
                ["reveal"], ["give_up", "reveal", "reveal"]):
        with pytest.raises(SaveError):
            load(_sealed(body, log))
    assert load(_sealed(body, ["give_up", "reveal", "replay", "draw"])).game.all_known


def _sealed(body: dict[str, Any], log: list[str]) -> dict[str, Any]:
    from solitaire_core.envelope import seal  # noqa: PLC0415

    return seal({**body, "log": log})


def test_the_game_refuses_after_give_up_as_data() -> None:
    game = Game.from_id(11)
    game.play("draw")
    game.give_up()
    before = (snapshot(game), game.known, game.actions)
    for move in ("draw", "recycle", "S+W", "21+22", "27"):
        rejection = game.try_play(move)
        assert rejection is not None and rejection.reason is Reason.GAME_OVER
    assert game.try_undo() is not None and game.undo() is False and not game.can_undo
    assert (snapshot(game), game.known, game.actions) == before
    with pytest.raises(GameOverError):
        game.give_up()
    assert solve_game(game.restarted()).verdict.value in {"win", "lost"}
