"""tools/webgames.py: the build's view of the page's registry. The pages it composes hold every game's parts
in the shared chrome's slots, each page with its own game's `data-game`, title and description; a game's
markup that is not marked as its own stops the build."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT / "tools"))

import webgames  # noqa: E402 - tools/ is not a package


def test_the_registry_lists_the_games_in_the_switchers_order() -> None:
    games = webgames.games(WEB)
    assert [g.id for g in games] == ["tripeaks", "pyramid", "klondike"]
    assert [(g.page, g.href) for g in games] == [
        ("index.html", "./"),
        ("pyramid.html", "pyramid.html"),
        ("klondike.html", "klondike.html"),
    ]
    assert [g.names["fr"] for g in games] == ["TriPeaks", "Pyramide", "Klondike"]
    assert all(g.stylesheet == f"games/{g.id}/style.css" for g in games)


def test_every_page_holds_every_game_and_names_its_own() -> None:
    games = webgames.games(WEB)
    composed = webgames.compose((WEB / "index.html").read_text(encoding="utf-8"), WEB, games)
    assert "<!-- slot:" not in composed
    for game in games:
        assert f'data-table="{game.id}"' in composed
        assert f'data-game-link="{game.id}"' in composed
        assert f'href="games/{game.id}/style.css"' in composed
        page = webgames.page(composed, game)
        assert re.search(r'<html lang="fr" data-game="([a-z]+)">', page).group(1) == game.id  # type: ignore[union-attr]
        assert f"<title>{game.title}</title>" in page
    # The shared chrome's ids once each: no game's part repeats them.
    ids = re.findall(r'\bid="([^"]+)"', composed)
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


def test_a_part_not_marked_as_the_games_own_stops_the_build(tmp_path: Path) -> None:
    site = tmp_path / "web"
    shutil.copytree(WEB, site)
    parts = site / "games" / "pyramid" / "parts.html"
    text = parts.read_text(encoding="utf-8")
    unmarked = text.replace('data-only="pyramid" data-table="pyramid"', 'data-table="pyramid"')
    parts.write_text(unmarked, encoding="utf-8")
    with pytest.raises(SystemExit, match=r'pyramid/parts.html \(table\): a <div> is not data-only="pyramid"'):
        webgames.compose((site / "index.html").read_text(encoding="utf-8"), site, webgames.games(site))


def test_a_registry_line_the_build_cannot_read_stops_it(tmp_path: Path) -> None:
    site = tmp_path / "web"
    shutil.copytree(WEB, site)
    registry = site / "js" / "games.js"
    text = registry.read_text(encoding="utf-8")
    registry.write_text(text.replace("import pyramid from", "import pyr from"), encoding="utf-8")
    with pytest.raises(SystemExit, match=r"games\.js"):
        webgames.games(site)
