"""The shared command-line frame, in every game's command line: output that cannot be written, Ctrl-C,
empty moves, 5,000-digit moves and numbers past their bounds each give one short line and the documented
status (tests/cli_support.py does the running)."""

from __future__ import annotations

import importlib
from typing import Any

import cli_support
import pytest

from solitaire_core.cli import BadInput

PACKAGES = ["tripeaks_core", "pyramid_core", "klondike_core"]


def parser_of(package: str) -> Any:
    return importlib.import_module(f"{package}.cli").build_parser()


@pytest.mark.parametrize("package", PACKAGES)
def test_an_output_that_cannot_be_written_is_one_line_and_status_2(package: str) -> None:
    cli_support.check_output_failures(package)


@pytest.mark.parametrize("package", PACKAGES)
def test_ctrl_c_is_one_line_and_status_130(package: str) -> None:
    cli_support.check_ctrl_c(package)


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("moves", cli_support.EMPTY_MOVES)
def test_an_empty_move_is_refused(package: str, moves: str) -> None:
    cli_support.check_refused(package, "hint", "12", "--moves", moves, words="empty")


@pytest.mark.parametrize("package", PACKAGES)
def test_a_5000_digit_move_is_refused_in_one_line(package: str) -> None:
    for move in ("1" * 5000, "1" * 5000 + "+W", "S+" + "1" * 5000, "draw," + "9" * 5000):
        cli_support.check_refused(package, "hint", "12", "--moves", move, words="--moves")


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize(("argv", "words"), cli_support.OUT_OF_BOUNDS)
def test_numbers_past_their_bounds_are_refused(package: str, argv: list[str], words: str) -> None:
    with pytest.raises(BadInput, match=words.replace("*", r"\*")):
        parser_of(package).parse_args(argv)


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("argv", cli_support.AT_THE_BOUNDS)
def test_numbers_at_their_bounds_are_accepted(package: str, argv: list[str]) -> None:
    parser_of(package).parse_args(argv)
