"""The Klondike command line, `python -m klondike_core` (design.md): the commands and their JSON shapes, exit
status 2 with one short stderr line on bad input."""

from __future__ import annotations

import functools
import json
import subprocess

import pytest
from cli_support import one_json, run_module

from klondike_core import cli
from klondike_core.autoplay import greedy, play_out
from klondike_core.deal import DealId
from klondike_core.game import Game


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_module("klondike_core", *args)


def test_deal():
    data = one_json(run("deal", "1234", "--json"))
    assert data["deal"] == DealId(1234).deal().notation() and data["deal_id"] == "1234"
    text = run("deal", "1234")
    assert text.returncode == 0 and text.stdout.splitlines()[0] == DealId(1234).deal().notation()


def test_solve_gives_a_line_that_wins_in_the_game(tmp_path):
    data = one_json(run("solve", "7", "--json", "--budget-ms", "20000"))
    assert set(data) >= {"verdict", "line", "nodes", "ms"} and data["verdict"] in ("win", "lost", "unknown")
    if data["verdict"] == "win":
        game = Game.from_id(7)
        for move in data["line"]:  # type: ignore[union-attr]
            game.play(move)
        assert game.won
    path = tmp_path / "deals.txt"
    path.write_text(f"7\n\n{DealId(7).deal().notation()}\n", encoding="utf-8")
    result = run("solve", "--file", str(path), "--json", "--budget-ms", "20000")
    assert result.returncode == 0 and result.stderr == ""
    assert [json.loads(line)["verdict"] for line in result.stdout.splitlines()] == [data["verdict"]] * 2


def test_hint_after_moves():
    data = one_json(run("hint", "1", "--moves", "7D>T6,draw,undo", "--budget-ms", "50", "--json"))
    assert set(data) == {"kind", "move", "proven"}
    assert data["kind"] in ("move", "draw", "recycle", "lost", "stuck")
    assert (data["move"] is None) == (data["kind"] in ("lost", "stuck"))


@pytest.mark.parametrize("args", [
    ("deal", "E-12"),
    ("deal", "12x"),
    ("deal",),
    ("solve", "AS " * 52),
    ("solve",),
    ("solve", "1", "--file", "x"),
    ("solve", "--file", "/nonexistent/deals.txt"),
    ("solve", "1", "--budget-ms", "-5"),
    ("hint", "1", "--moves", "7D>T9"),
    ("hint", "1", "--moves", "7D>T3"),
    ("hint", "1", "--moves", "undo"),
    ("autoplay", "--deals", "0"),
    ("stats", "--deals", "x"),
    ("deal", "1", "--js"),
    ("deal", "9" * 5000),
])
def test_bad_input_exits_2_with_one_line(args):
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) < 260


def test_autoplay_and_stats_shapes(monkeypatch, capsys):
    # the page's hint is slow for a unit test: the shape is the same with the greedy player
    monkeypatch.setattr(cli, "play_out", functools.partial(play_out, advisor=greedy))
    assert cli.main(["autoplay", "--deals", "2", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"deals", "won", "win_rate", "hint_ms_median"} and data["deals"] == 2
    assert cli.main(["stats", "--deals", "2", "--budget-ms", "200", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["deals"] == 2 and stats["win"] + stats["lost"] + stats["unknown"] == 2
