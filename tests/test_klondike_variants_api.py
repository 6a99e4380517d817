"""Draw three and the levels through the worker session and the command line: `new` takes the variant and a
level, a save records the variant through its deal ID, every command takes `--draw 1|3`, a `T` deal ID
implies draw three, and a false level claim is refused wherever an ID enters (`new`, a link's `check_deal`,
a save, the command line: exit 2 with one line)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest
from cli_support import one_json, run_module
from engine_support import reseal
from test_klondike_dealid import EASY, EASY_T, HARD, MEDIUM_T

from klondike_core import cli
from klondike_core.api import Session
from klondike_core.autoplay import greedy, play_out
from klondike_core.deal import DealId
from klondike_core.game import Game
from klondike_core.save import Played, load, save


def request(session: Session, op: str, **args: Any) -> dict[str, Any]:
    reply = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    assert isinstance(reply, dict)
    return reply


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_module("klondike_core", *args)


def test_new_takes_the_draw_and_the_level():
    session = Session(DealId(1))
    state = request(session, "new", draw=3)["state"]
    assert state["draw"] == 3 and state["deal_id"].startswith("T-") and state["level"] == "any"
    state = request(session, "new", deal_id="12", draw=3)["state"]
    assert state["deal_id"] == "T-12" and state["draw"] == 3
    state = request(session, "new", deal_id="t-12")["state"]
    assert state["deal_id"] == "T-12" and state["draw"] == 3
    state = request(session, "new", level="easy", draw=3)["state"]
    assert state["deal_id"].startswith("ET-") and state["level"] == "easy" and state["draw"] == 3
    state = request(session, "new", level="hard")["state"]
    assert state["deal_id"].startswith("H-") and state["level"] == "hard" and state["draw"] == 1
    state = request(session, "new", level="hard", draw=3)["state"]
    assert state["deal_id"].startswith("HT-") and state["level"] == "hard" and state["draw"] == 3
    assert request(session, "check_deal", deal_id=state["deal_id"])["ok"] is True
    state = request(session, "new")["state"]
    assert state["draw"] == 1 and "-" not in state["deal_id"]


def test_false_claims_are_refused_at_new_and_check_deal():
    session = Session(DealId(1))
    before = request(session, "state")
    for deal_id in (f"E-{HARD}", f"HT-{EASY_T}"):
        reply = request(session, "new", deal_id=deal_id)
        assert reply["error"]["type"] == "DealIdError" and "proven-winnable" in reply["error"]["message"]
        assert request(session, "check_deal", deal_id=deal_id)["error"]["type"] == "DealIdError"
    assert request(session, "state") == before
    assert request(session, "check_deal", deal_id=f"et{EASY_T}") == {"ok": True, "deal_id": f"ET-{EASY_T}"}
    reply = request(session, "check_deal", deal_id=f"MT-{MEDIUM_T}", current=f"T-{MEDIUM_T}")
    assert reply["same_game"] is True
    assert request(session, "check_deal", deal_id=f"T-{EASY}", current=str(EASY))["same_game"] is False
    assert request(session, "new", deal_id=f"E-{EASY_T}", draw=3)["state"]["deal_id"] == f"ET-{EASY_T}"


def test_a_save_records_the_variant_and_its_claim_is_verified():
    played = Played(Game.from_id(DealId.parse(f"ET-{EASY_T}")))
    for move in ("draw", "draw", "undo", "draw"):
        played.play(move)
    data = save(played)
    assert data["deal_id"] == f"ET-{EASY_T}"
    again = load(json.loads(json.dumps(data)))
    assert again.game.draw == 3 and again.game.known == played.game.known
    assert again.game.position() == played.game.position()
    forged = reseal({**data, "deal_id": f"HT-{EASY_T}"})
    session = Session(DealId(1))
    reply = request(session, "restore", save=forged)
    assert reply["error"]["type"] == "SaveError" and "proven-winnable" in reply["error"]["message"]
    assert request(session, "restore", save=data)["state"]["draw"] == 3


def test_draw_three_plays_in_the_session():
    session = Session(DealId(5, 3))
    reply = request(session, "move", move="draw")
    assert reply["state"]["waste"]["count"] == 3 and len(reply["state"]["waste"]["fan"]) == 3
    hint = request(session, "hint", budget_ms=100)["hint"]
    assert hint["kind"] in ("move", "draw", "recycle", "stuck")
    assert request(session, "undo")["state"]["waste"]["count"] == 0


def test_cli_draw_option_and_t_ids():
    data = one_json(run("deal", "T-5", "--json"))
    assert data["deal_id"] == "T-5" and data["rules"] == {"draw": 3, "passes": None} and data["level"] is None
    assert one_json(run("deal", "5", "--draw", "3", "--json"))["deal_id"] == "T-5"
    assert one_json(run("deal", "5", "--json"))["rules"]["draw"] == 1
    text = run("deal", f"ET-{EASY_T}").stdout.splitlines()
    assert text[1] == f"deal ET-{EASY_T}: draw 3, unlimited passes, a proven-winnable easy deal"
    solved = one_json(run("solve", "T-5", "--budget-ms", "300", "--json"))
    assert solved["verdict"] in ("win", "lost", "unknown")
    if solved["verdict"] == "win":
        game = Game.from_id("T-5")
        for move in solved["line"]:  # type: ignore[union-attr]
            game.play(move)
        assert game.won
    hint = one_json(run("hint", "5", "--draw", "3", "--moves", "draw", "--budget-ms", "100", "--json"))
    assert hint["kind"] in ("move", "draw", "recycle", "stuck")


@pytest.mark.parametrize("args", [
    ("deal", "T-5", "--draw", "1"),
    ("deal", "5", "--draw", "2"),
    ("deal", "5", "--draw", "three"),
    ("deal", f"H-{EASY}"),
    ("deal", f"HT-{EASY_T}"),
    ("solve", f"E-{HARD}"),
    ("hint", "T-5", "--draw", "1"),
    ("hint", "5", "--draw", "3", "--moves", "draw,draw,QC>F"),
])
def test_cli_bad_draws_and_false_claims_exit_2_with_one_line(args):
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")


def test_autoplay_and_stats_take_the_draw(monkeypatch, capsys):
    monkeypatch.setattr(cli, "play_out", lambda start, on_hint: play_out(start, advisor=greedy,
                                                                          on_hint=on_hint))
    assert cli.main(["autoplay", "--deals", "2", "--draw", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 2
    assert cli.main(["stats", "--deals", "2", "--draw", "3", "--budget-ms", "200", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["deals"] == 2 and stats["win"] + stats["lost"] + stats["unknown"] == 2
