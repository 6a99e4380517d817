"""The command line of design.md: every command, `--json` printing one JSON object per result and nothing
else, and bad input exiting with status 2, one line on stderr and nothing on stdout."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from engine_support import ALL_CODES

from solitaire_core.levels import Level
from tripeaks_core import DealId, Game, Outcome, Rules
from tripeaks_core.cli import build_parser, main
from tripeaks_core.difficulty import deal_at_level
from tripeaks_core.hint import hint
from tripeaks_core.solver import solve_game

ROOT = Path(__file__).resolve().parents[1]
NOTATION_1234 = DealId(1234).deal().notation()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def json_lines(out: str) -> list[dict[str, Any]]:
    """stdout must be JSON objects, one a line, and nothing else."""
    assert out.endswith("\n")
    objects = []
    for line in out.splitlines():
        value = json.loads(line)
        assert isinstance(value, dict)
        objects.append(value)
    return objects


def one_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert err == ""
    objects = json_lines(out)
    assert len(objects) == 1
    return objects[0]


def replays_to_a_win(game: Game, line: list[Any]) -> bool:
    for move in line:
        game.play(move)
    return game.outcome() is Outcome.WON


# --- deal ---------------------------------------------------------------------------------------------------


def test_deal_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "1234")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == NOTATION_1234
    assert "1234" in lines[1] and "wrap on" in lines[1] and "face down" in lines[1]


def test_deal_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = one_json(capsys, "deal", "1234", "--json")
    assert data["deal_id"] == "1234"
    assert data["deal"] == NOTATION_1234
    assert data["rules"] == {"wrap": True, "all_visible": False}
    variant = one_json(capsys, "deal", "vn-1234", "--json")
    assert variant["deal_id"] == "NV-1234"
    assert variant["deal"] == NOTATION_1234  # same cards under every variant
    assert variant["rules"] == {"wrap": False, "all_visible": True}
    code, out, _ = run(capsys, "deal", "N-1234")
    assert code == 0 and "no K-A wrap" in out


def test_deal_with_a_level(capsys: pytest.CaptureFixture[str]) -> None:
    easy = deal_at_level(Level.EASY, Rules(), candidates=iter(range(1, 10_000)))
    data = one_json(capsys, "deal", str(easy), "--json")
    assert data["deal_id"] == str(easy) and data["deal_id"].startswith("E-")
    assert data.get("level") == "easy"


# --- solve --------------------------------------------------------------------------------------------------


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = one_json(capsys, "solve", "1234", "--json")
    assert set(data) == {"verdict", "line", "nodes", "ms"}
    assert data["verdict"] == "win"
    assert isinstance(data["nodes"], int) and isinstance(data["ms"], float)
    assert replays_to_a_win(Game.from_id("1234"), data["line"])
    # the same cards given in notation: the same line
    by_cards = one_json(capsys, "solve", NOTATION_1234, "--json")
    assert by_cards["verdict"] == "win" and by_cards["line"] == data["line"]


def test_solve_lost_and_no_wrap(capsys: pytest.CaptureFixture[str]) -> None:
    lost = one_json(capsys, "solve", "28", "--json")
    assert lost["verdict"] == "lost" and lost["line"] == []
    no_wrap = one_json(capsys, "solve", "1234", "--no-wrap", "--json")
    assert no_wrap["verdict"] == solve_game(Game.from_id("N-1234")).verdict.value
    if no_wrap["verdict"] == "win":
        assert replays_to_a_win(Game.from_id("N-1234"), no_wrap["line"])
    same = one_json(capsys, "solve", "N-1234", "--json")
    assert (same["verdict"], same["line"]) == (no_wrap["verdict"], no_wrap["line"])


def test_solve_budget(capsys: pytest.CaptureFixture[str]) -> None:
    data = one_json(capsys, "solve", "28", "--budget-ms", "0.001", "--json")
    assert data["verdict"] in ("unknown", "lost")  # never a wrong verdict, whatever the machine's speed
    if data["verdict"] == "unknown":
        assert data["line"] == []


def test_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "1234")
    assert code == 0 and err == "" and len(out.splitlines()) == 1 and out.startswith("win")
    code, out, _ = run(capsys, "solve", "28")
    assert code == 0 and out.startswith("lost")


def test_solve_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text(f"0\n{DealId(28).deal().notation()}\n\nN-5\n", encoding="utf-8")
    code, out, err = run(capsys, "solve", "--file", str(path), "--json")
    assert code == 0 and err == ""
    results = json_lines(out)
    assert len(results) == 3  # one per deal, in order; the blank line is no deal
    for data, deal_id in zip(results, ["0", "28", "N-5"], strict=True):
        expected = solve_game(Game.from_id(deal_id))
        assert data["verdict"] == expected.verdict.value
        assert data["line"] == list(expected.line)
    code, out, _ = run(capsys, "solve", "--file", str(path), "--no-wrap", "--json")
    no_wrap = json_lines(out)
    assert [d["verdict"] for d in no_wrap] == [
        solve_game(Game.from_id(i)).verdict.value for i in ("N-0", "N-28", "N-5")]
    code, out, _ = run(capsys, "solve", "--file", str(path))
    assert code == 0 and len(out.splitlines()) == 3


# --- hint ---------------------------------------------------------------------------------------------------


def test_hint_json(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.from_id("1234")
    moves = []
    for _ in range(6):
        move = game.playable_positions()[0] if game.playable_positions() else "draw"
        game.play(move)
        moves.append(str(move))
    moves += ["undo", "draw"]
    game.undo()
    game.draw()
    data = one_json(capsys, "hint", "1234", "--moves", ",".join(moves), "--json")
    assert set(data) == {"kind", "position", "proven"}
    assert data == hint(game.player_view()).as_json()
    if data["kind"] == "take":
        assert data["position"] in game.playable_positions()


def test_hint_variants(capsys: pytest.CaptureFixture[str]) -> None:
    for flags, deal_id in ((["--no-wrap"], "N-77"), (["--all-visible"], "V-77"),
                           (["--no-wrap", "--all-visible"], "NV-77")):
        data = one_json(capsys, "hint", "77", *flags, "--json")
        assert data == hint(Game.from_id(deal_id).player_view()).as_json()
    start = one_json(capsys, "hint", NOTATION_1234, "--json")
    assert start == hint(Game.from_id("1234").player_view()).as_json()
    code, out, err = run(capsys, "hint", "1234")
    assert code == 0 and err == "" and len(out.splitlines()) == 1


def test_hint_lost_needs_every_card_known(capsys: pytest.CaptureFixture[str]) -> None:
    # V-28 with the whole stock drawn and undone: every card known, and the deal is lost.
    moves = ",".join(["draw"] * 23 + ["undo"] * 23)
    assert one_json(capsys, "hint", "V-28", "--moves", moves, "--json")["kind"] == "lost"
    assert one_json(capsys, "hint", "28", "--json")["kind"] != "lost"


# --- autoplay and stats -------------------------------------------------------------------------------------


def test_autoplay(capsys: pytest.CaptureFixture[str]) -> None:
    data = one_json(capsys, "autoplay", "--deals", "2", "--seed", "3", "--json")
    assert set(data) == {"deals", "won", "win_rate", "hint_ms_median"}
    assert data["deals"] == 2 and 0 <= data["won"] <= 2
    assert data["win_rate"] == data["won"] / 2
    assert data["hint_ms_median"] >= 0
    code, out, err = run(capsys, "autoplay", "--deals", "1", "--no-wrap")
    assert code == 0 and err == "" and len(out.splitlines()) == 1


def test_stats(capsys: pytest.CaptureFixture[str]) -> None:
    data = one_json(capsys, "stats", "--deals", "3", "--seed", "1", "--json")
    assert data["deals"] == 3
    assert data["win"] + data["lost"] + data["unknown"] == 3
    assert 0 <= data["win_rate"] <= 1
    for key in ("ms_median", "ms_p90", "ms_p99", "ms_max"):
        assert data[key] >= 0
    assert data["ms_median"] <= data["ms_p90"] <= data["ms_max"]
    again = one_json(capsys, "stats", "--deals", "3", "--seed", "1", "--json")
    assert (again["win"], again["lost"]) == (data["win"], data["lost"])  # the same deals for the same seed


# --- bad input ----------------------------------------------------------------------------------------------

CODES = list(ALL_CODES)
BAD_CARD = " ".join([*CODES[:51], "ZZ"])
DUPLICATE = " ".join([*CODES[:51], CODES[7]])
SHORT = " ".join(CODES[:51])
LONG = " ".join([*CODES, "AS"])


@pytest.mark.parametrize(("argv", "names"), [
    (["solve", BAD_CARD], "ZZ"),
    (["hint", BAD_CARD], "ZZ"),
    (["solve", DUPLICATE], CODES[7]),
    (["solve", SHORT], "51"),
    (["solve", LONG], "53"),
    (["hint", "1234", "--moves", "0"], "0"),  # face down
    (["hint", "1234", "--moves", "undo"], "undo"),
    (["hint", "1234", "--moves", ",".join(["draw"] * 24)], "24"),
    (["hint", "1234", "--moves", "28"], "28"),
    (["hint", "1234", "--moves", "take"], "take"),
    (["hint", "1234", "--moves", "²"], "²"),
    (["deal", "X-5"], "X-5"),
    (["deal", "1234567890123"], "1234567890123"),
    (["solve", "QQ-1"], "QQ-1"),
    (["hint", "E-28"], "E-28"),  # a difficulty letter the deal does not have
    (["deal", NOTATION_1234], ""),
    ([], ""),
    (["fly"], "fly"),
    (["deal"], "id"),
    (["deal", "1", "2"], "2"),
    (["solve"], ""),
    (["solve", "1", "--file", "x.txt"], ""),
    (["solve", "--file", "/nonexistent/deals.txt"], "/nonexistent/deals.txt"),
    (["solve", "1", "--budget-ms", "0"], "0"),
    (["solve", "1", "--budget-ms", "-5"], "-5"),
    (["solve", "1", "--budget-ms", "soon"], "soon"),
    (["solve", "1", "--budget-ms", "nan"], "nan"),
    (["autoplay", "--deals", "0"], "0"),
    (["autoplay"], "--deals"),
    (["stats", "--deals", "x"], "x"),
    (["stats", "--deals", "2", "--seed", "y"], "y"),
    (["hint", "1234", "--json", "--bogus"], "--bogus"),
])
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                         names: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.endswith("\n") and len(err.splitlines()) == 1
    assert err.startswith("error: ")
    assert names in err


def test_a_bad_line_in_a_file_prints_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("0\n1\nnot a deal at all\n", encoding="utf-8")
    code, out, err = run(capsys, "solve", "--file", str(path), "--json")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "line 3" in err


# --- the real entry point, in a fresh interpreter -----------------------------------------------------------


def _python_m(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-m", "tripeaks_core", *argv], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120, check=False)


def test_python_m_json() -> None:
    done = _python_m("deal", "1234", "--json")
    assert done.returncode == 0 and done.stderr == ""
    assert json_lines(done.stdout)[0]["deal"] == NOTATION_1234


def test_python_m_bad_input() -> None:
    done = _python_m("solve", DUPLICATE, "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "duplicate" in done.stderr
    done = _python_m("hint", "1234", "--moves", "²")
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1


# --- hardening: every bad input is one short line and exit 2, never a traceback ---------------------------

HUGE = 100_000


def bad_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must be refused: status 2, nothing on stdout, one short line on stderr."""
    code, out, err = run(capsys, *argv)
    assert code == 2, err
    assert out == ""
    assert err.startswith("error: ") and err.endswith("\n") and len(err.splitlines()) == 1
    assert len(err) < 300, err[:300]
    return err


def test_a_file_that_is_not_utf8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"0\n1\ncaf\xe9\n")
    err = bad_line(capsys, "solve", "--file", str(path), "--json")
    assert "UTF-8" in err and "line 3" in err and str(path) in err


def test_a_byte_order_mark_is_not_part_of_the_first_line(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("28\r\n", encoding="utf-8-sig")  # as some editors save a text file
    code, out, err = run(capsys, "solve", "--file", str(path), "--json")
    assert code == 0 and err == "" and json_lines(out)[0]["verdict"] == "lost"


def test_a_file_too_large_is_refused_without_reading_it_all(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:  # sparse: 17 MB that take no room on the disk
        handle.truncate(17 * 1024 * 1024)
    assert "16 MB" in bad_line(capsys, "solve", "--file", str(path))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_is_refused_and_not_read_forever() -> None:
    done = _python_m("solve", "--file", "/dev/zero", "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "16 MB" in done.stderr and "Traceback" not in done.stderr


def test_a_directory_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert str(tmp_path) in bad_line(capsys, "solve", "--file", str(tmp_path))


def test_a_file_name_with_a_nul_character(capsys: pytest.CaptureFixture[str]) -> None:
    assert "not a file name" in bad_line(capsys, "solve", "--file", "deals\0.txt")


def test_a_file_is_numbered_by_its_newlines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # str.splitlines() would also break at U+2028 or a form feed, and then name the wrong line.
    path = tmp_path / "deals.txt"
    path.write_text("0\r\n1 \u2028 2\nnot a deal\n", encoding="utf-8")
    assert "line 2" in bad_line(capsys, "solve", "--file", str(path))


def test_a_5000_digit_move(capsys: pytest.CaptureFixture[str]) -> None:
    # int() refuses more than 4,300 digits with a ValueError that is not a TriPeaksError.
    err = bad_line(capsys, "hint", "1234", "--moves", "9" * 5000)
    assert "unknown move" in err and "5,000 characters" in err


@pytest.mark.parametrize("flag", ["--deals", "--seed"])
def test_a_5000_digit_count(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    argv = ["--deals", "1", "--seed", "1"]
    argv[argv.index(flag) + 1] = "9" * 5000
    assert flag in bad_line(capsys, "autoplay", *argv)


def test_a_closed_pipe_is_one_line_and_status_2(tmp_path: Path) -> None:
    """`solve --file PATH --json | head -1`: no traceback, no "Exception ignored" as the interpreter ends."""
    path = tmp_path / "deals.txt"
    path.write_text("1234\n" * 400, encoding="utf-8")  # about 100 kB of results: more than a pipe holds
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with subprocess.Popen([sys.executable, "-m", "tripeaks_core", "solve", "--file", str(path), "--json"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT) as child:
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.readline()
        child.stdout.close()
        err = child.stderr.read().decode()
        status = child.wait(timeout=120)
    assert json.loads(first)["verdict"] == "win"
    assert "Traceback" not in err and "Exception ignored" not in err
    assert status == 2 and len(err.splitlines()) == 1 and "broken pipe" in err


LOWER_CASE_DEAL = NOTATION_1234.lower()
SMALL_S = NOTATION_1234.replace("S", "ſ")  # U+017F, which str.upper() turns into S
MIXED_CASE = NOTATION_1234.replace("TH", "Th")


@pytest.mark.parametrize(("argv", "names"), [
    # the notation is upper-case ASCII
    (["solve", LOWER_CASE_DEAL], "card 0"),
    (["solve", MIXED_CASE], "'Th'"),
    (["hint", SMALL_S], "ſ"),
    (["solve", NOTATION_1234.replace("AD", "AＤ")], "AＤ"),
    # ASCII digits only, wherever a number is read
    (["deal", "１２３"], "１２３"),
    (["deal", "N-٣"], "٣"),
    (["deal", "\u00a01234"], "1234"),
    (["autoplay", "--deals", "３"], "--deals"),
    (["autoplay", "--deals", "²"], "--deals"),
    (["stats", "--deals", "1", "--seed", "３"], "--seed"),
    (["stats", "--deals", "1", "--seed", "+5"], "--seed"),
    (["stats", "--deals", "1", "--seed", "1_0"], "--seed"),
    (["solve", "1", "--budget-ms", "５"], "--budget-ms"),
    (["solve", "1", "--budget-ms", "1e3"], "--budget-ms"),
    (["solve", "1", "--budget-ms", "inf"], "--budget-ms"),
    (["solve", "1", "--budget-ms", " 5"], "--budget-ms"),
    (["hint", "1234", "--budget-ms", "٣"], "--budget-ms"),
    # moves: exactly draw, undo or a position 0-27
    (["hint", "1234", "--moves", "D"], "'D'"),
    (["hint", "1234", "--moves", "u"], "'u'"),
    (["hint", "1234", "--moves", "DRAW"], "'DRAW'"),
    (["hint", "1234", "--moves", "+5"], "'+5'"),
    (["hint", "1234", "--moves", "٣"], "'٣'"),
    (["hint", "1234", "--moves", "１８"], "'１８'"),
    # no abbreviated flag, on any command
    (["deal", "1234", "--jso"], "--jso"),
    (["solve", "1", "--budget", "5"], "--budget"),
    (["hint", "1234", "--all-vis"], "--all-vis"),
    (["hint", "1234", "--no-w"], "--no-w"),
    (["solve", "--fi", "x.txt"], "--fi"),
    (["autoplay", "--dea", "1"], "--dea"),
    (["stats", "--deals", "1", "--se", "1"], "--se"),
])
def test_refused_beyond_the_notation(capsys: pytest.CaptureFixture[str], argv: list[str], names: str) -> None:
    assert names in bad_line(capsys, *argv)


def test_every_sub_parser_refuses_abbreviations() -> None:
    parser = build_parser()
    assert parser.allow_abbrev is False
    [commands] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert set(commands.choices) == {"deal", "solve", "hint", "autoplay", "stats"}
    for name, sub in commands.choices.items():
        assert sub.allow_abbrev is False, name


def test_what_stays_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    # Deal IDs stay case-insensitive, and ASCII space around a move or an ID is fine.
    assert one_json(capsys, "deal", "nv-1234", "--json")["deal_id"] == "NV-1234"
    assert one_json(capsys, "deal", " 1234\t", "--json")["deal_id"] == "1234"
    start = Game.from_id("1234")
    first = start.playable_positions()[0]
    data = one_json(capsys, "hint", "1234", "--moves", f" {first} , draw ,undo", "--json")
    start.play(first)
    assert data == hint(start.player_view()).as_json()
    assert one_json(capsys, "solve", "28", "--budget-ms", "2.5", "--json")["verdict"] in ("lost", "unknown")


def test_the_negative_seed_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    assert one_json(capsys, "autoplay", "--deals", "1", "--seed", "-3", "--json")["deals"] == 1


@pytest.mark.parametrize("argv", [
    ["deal", "7" * HUGE],
    ["deal", "N-" + "x" * HUGE],
    ["solve", " ".join([*CODES[:51], "Q" * HUGE])],
    ["hint", "1234", "--moves", "draw," + "z" * HUGE],
    ["deal", "1234", "y" * HUGE],
    ["hint", "1234", "--" + "b" * HUGE],
    ["deal", "1234", "--json=" + "j" * HUGE],
    ["w" * HUGE],
    ["solve", "--file", "/nonexistent/" + "d" * HUGE],
    ["autoplay", "--deals", "q" * HUGE],
    ["solve", "1", "--budget-ms", "5" * HUGE],
])
def test_a_huge_input_is_quoted_by_a_short_prefix(capsys: pytest.CaptureFixture[str],
                                                  argv: list[str]) -> None:
    err = bad_line(capsys, *argv)
    assert "…" in err
    joined = " ".join(argv)
    [letter] = [c for c in set(joined) if c * 1000 in joined]
    assert letter * 20 in err  # enough of the huge input to recognise it


def test_many_unrecognized_arguments_are_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    err = bad_line(capsys, "deal", "1234", *[f"extra{i}" for i in range(20_000)])
    assert "'extra0'" in err and "19999 more" in err


def test_a_huge_line_of_a_file_is_quoted_by_a_short_prefix(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("0\n" + "x" * HUGE + "\n", encoding="utf-8")
    err = bad_line(capsys, "solve", "--file", str(path))
    assert "line 2" in err and "100,000 characters" in err
