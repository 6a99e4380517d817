"""The Pyramid command line, run as `python -m pyramid_core` in a subprocess: design.md's commands and JSON
shapes, exit status 2 with one short stderr line on bad input, broken pipes and non-UTF-8 files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from cli_support import SRC, one_json, run_module

from pyramid_core import DealId, Game, Outcome
from pyramid_core.cli import main


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return run_module("pyramid_core", *args, stdin=stdin)


def test_deal():
    data = one_json(run("deal", "1234", "--json"))
    assert data["deal"] == DealId(1234).deal().notation() and data["deal_id"] == "1234"
    text = run("deal", "1234")
    assert text.returncode == 0 and text.stdout.splitlines()[0] == DealId(1234).deal().notation()


def test_solve_gives_a_line_that_wins():
    data = one_json(run("solve", "1", "--json"))
    assert set(data) == {"verdict", "line", "nodes", "ms"} and data["verdict"] == "win"
    game = Game.from_id(1)
    for move in data["line"]:  # type: ignore[union-attr]
        game.play(move)
    assert game.outcome() is Outcome.WON
    notation = one_json(run("solve", DealId(3).deal().notation(), "--json"))
    assert notation == {**notation, "verdict": "lost", "line": []}


def test_solve_file(tmp_path):
    path = tmp_path / "deals.txt"
    path.write_text(f"1\n\n{DealId(3).deal().notation()}\n", encoding="utf-8")
    result = run("solve", "--file", str(path), "--json")
    assert result.returncode == 0 and result.stderr == ""
    verdicts = [json.loads(line)["verdict"] for line in result.stdout.splitlines()]
    assert verdicts == ["win", "lost"]


def test_hint_shapes():
    data = one_json(run("hint", "7", "--moves", "draw,draw,undo", "--json"))
    assert set(data) == {"kind", "move", "proven"}
    assert data["kind"] in ("pair", "king", "draw") and isinstance(data["move"], str)
    drawn = one_json(run("hint", "3", "--moves", ",".join(["draw"] * 24), "--json"))
    assert drawn == {"kind": "lost", "move": None, "proven": False}


def test_autoplay_and_stats():
    data = one_json(run("autoplay", "--deals", "2", "--seed", "5", "--json"))
    assert set(data) == {"deals", "won", "win_rate", "hint_ms_median"} and data["deals"] == 2
    stats = one_json(run("stats", "--deals", "3", "--json"))
    assert stats["win"] + stats["lost"] + stats["unknown"] == 3  # type: ignore[operator]


@pytest.mark.parametrize("args", [
    ("deal", "x"), ("deal", "-5"), ("deal", "1", "--jso"), ("solve",), ("solve", "1", "--budget-ms", "0"),
    ("solve", "1", "--budget", "5"), ("hint", "1", "--moves", "1+1"), ("hint", "1", "--moves", "21+22"),
    ("hint", "1", "--moves", "Draw"), ("autoplay", "--deals", "0"), ("stats", "--deals", "x"),
    ("frobnicate",),
    ("solve", "AH " * 52), ("hint", "1", "--moves", "undo"), ("solve", "--file", "/nonexistent/file"),
    ("deal", "9" * 5000),
])
def test_bad_input_exits_2_with_one_short_line(args):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) < 400


def test_non_utf8_and_bad_lines_in_a_file(tmp_path):
    binary = tmp_path / "deals.bin"
    binary.write_bytes(b"1\n\xff\xfe\n")
    result = run("solve", "--file", str(binary))
    assert result.returncode == 2 and "UTF-8" in result.stderr and result.stdout == ""
    bad = tmp_path / "bad.txt"
    bad.write_text("1\n" + "QQ" * 3000 + "\n", encoding="utf-8")
    result = run("solve", "--file", str(bad))
    assert result.returncode == 2 and "line 2" in result.stderr and len(result.stderr) < 400
    assert result.stdout == ""  # nothing is printed before the whole file is read


def test_broken_pipe_is_quiet(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text("\n".join(["1"] * 200), encoding="utf-8")
    command = f"{sys.executable} -m pyramid_core solve --file {path} --json | head -n 1"
    result = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=300,
                            env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"}, check=False)
    assert result.returncode == 0
    assert len(result.stdout.splitlines()) == 1
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr


def test_the_shared_frame_numbers_files_and_refuses_non_ascii_digits(tmp_path, capsys):
    """The command line is the shared `solitaire_core.cli` frame: `--budget-ms` takes ASCII digits only (this
    morning `float` took "１０"), and a bad line of a file is named by its line number in the file, blank
    lines counted (this morning blank lines were dropped before counting)."""
    assert main(["solve", "1", "--budget-ms", "１０"]) == 2
    assert "not a number of milliseconds" in capsys.readouterr().err
    deals = tmp_path / "deals.txt"
    deals.write_text("1\n\nQQ\n", encoding="utf-8")
    assert main(["solve", "--file", str(deals)]) == 2
    captured = capsys.readouterr()
    assert "line 3" in captured.err and captured.out == ""
