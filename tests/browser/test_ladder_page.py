"""A fourth game proves the shell (issue 19): a site built with Ladder, the tests' small game
(tests/fourth_game/), added from outside the tree (build.py's `Outside`: no shared file names it), served
over HTTP. The page switches to it, the worker (real Pyodide) registers it from config.json and plays its
moves, the table redraws, a refusal is worded and changes nothing, undo works, and the win panel shows.

The site is built once for this module into a folder of its own, without the start-up snapshot (the worker
boots the ordinary way), and served in place of the test build: the origin guard then holds it to its
origin too."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ROOT, GamePage, localsite

sys.path.insert(0, str(ROOT / "tests"))
from ladder_support import ENTRY, FOLDER, REFUSED, WIN_DEAL, WIN_LINE


def _build_module() -> Any:
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The test build with Ladder added, built once for this module and served on a free port."""
    build = _build_module()
    site = tmp_path_factory.mktemp("ladder") / "dist-test"
    outside = build.Outside(FOLDER, {k: str(v) for k, v in dataclasses.asdict(ENTRY).items()})
    build.build_site(site, test_hooks=True, outside=(outside,))
    with localsite.serve(site) as origin:
        yield origin


class Ladder(GamePage):
    PATH = "ladder.html"
    GAME = "ladder"
    DRAWN_JS = "document.querySelector('#ladder-board .waste[data-card]')"

    def row(self) -> list[str | None]:
        """The row's cards as drawn, `None` where taken."""
        found: list[str | None] = self.page.eval_on_selector_all(
            "#ladder-board .ladder-row .card",
            "els => els.map(el => el.classList.contains('taken') ? null : (el.dataset.card || null))",
        )
        return found

    def waste(self) -> str | None:
        found: str | None = self.page.get_attribute("#ladder-board .waste", "data-card")
        return found

    def tap(self, place: str) -> None:
        self.pace()
        self.page.click(f"#ladder-board [data-place='{place}']")

    def play(self, place: str) -> None:
        """Tap a place the engine accepts, and wait for the table to show the move made."""
        moves = self.text("#moves")
        self.tap(place)
        self.page.wait_for_function("m => document.querySelector('#moves').textContent !== m", arg=moves)


def catalogue(language: str) -> dict[str, str]:
    path = FOLDER / "web" / "i18n" / f"ladder.{language}.json"
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_the_shell_switches_to_the_outside_game_and_plays_it(page: Any, server: str) -> None:
    page.set_default_timeout(30_000)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    ladder = Ladder(page, server)
    page.goto(f"{server}/pyramid.html")
    page.wait_for_selector("#game[data-state='ready']", timeout=90_000)
    assert page.text_content("[data-game-link='ladder']") == catalogue("fr")["name"]
    page.click("[data-game-link='ladder']")
    ladder.wait_ready()
    assert page.url.split("#")[0].endswith("/ladder.html")
    page.evaluate(f"() => {{ location.hash = '#{WIN_DEAL}'; }}")
    ladder.wait_deal(WIN_DEAL)
    start = ladder.row()
    assert start == ["7D", "9C", "4D", "8H"] and ladder.waste() == "8D"
    assert page.get_attribute("#ladder-board .stock", "data-count") == "3"

    place, reason = REFUSED
    ladder.tap(place)
    page.wait_for_function("t => document.querySelector('#message').textContent.trim() === t",
                           arg=catalogue("fr")[f"reject.{reason}"])
    assert ladder.row() == start

    ladder.play(WIN_LINE[0])
    assert ladder.row() == [None, *start[1:]]
    assert ladder.waste() == start[0]
    ladder.pace()
    page.click("#undo")
    page.wait_for_function("() => !document.querySelector('#ladder-board .taken')")
    assert ladder.row() == start and ladder.waste() == "8D"

    for move in WIN_LINE:
        ladder.play(move)
    page.wait_for_selector("#win-panel[open]")
    assert ladder.row() == [None] * 4
    assert page.get_attribute("#ladder-board .stock", "data-count") == "2"
    assert not [line for line in console if "missing text" in line], "every text asked for is in a catalogue"
