"""The registry names each game once (`solitaire_core.registry`): what the worker calls of each game is there
and still answers the page's protocol, the ids and modules are the worker's, and each entry's deal-ID letters
are the ones its game reads."""

from __future__ import annotations

import importlib.util
import json
import string
from pathlib import Path
from typing import Any

import pytest

from solitaire_core import registry
from solitaire_core.errors import SolitaireError
from solitaire_core.levels import LEVEL_LETTERS
from solitaire_core.playsession import PlayedSession

ROOT = Path(__file__).resolve().parent.parent
IDS = [entry.id for entry in registry.games()]


def test_the_site_s_games_in_the_site_s_order() -> None:
    assert IDS == ["tripeaks", "pyramid", "klondike"]
    assert [entry.package for entry in registry.games()] == ["tripeaks_core", "pyramid_core", "klondike_core"]
    assert registry.game("pyramid").cli == "python -m pyramid_core"


def test_the_worker_hosts_the_registry_s_games() -> None:
    """web/worker.js names no game: it reads the registry's games at boot (id -> engine module) and imports
    each engine from there. Its code, comments aside, holds no game's id or package (the snapshot cache's
    name, kept from the site's first days, aside)."""
    text = (ROOT / "web" / "worker.js").read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in text.splitlines() if "SNAPSHOT_CACHE =" not in line)
    for entry in registry.games():
        assert f'"{entry.id}"' not in code and entry.package not in code, entry.id
    assert "registry.games()" in code and "g.api_module" in code


@pytest.mark.parametrize("game_id", IDS)
def test_each_game_s_session_answers_as_the_worker_asks(game_id: str) -> None:
    """What the worker does (`apiOf(game).Session().handle`) still works for every registered game."""
    entry = registry.game(game_id)
    session = entry.session()
    assert isinstance(session, entry.api().Session) and isinstance(session, PlayedSession)
    reply: dict[str, Any] = json.loads(session.handle('{"op": "state"}'))
    assert reply["ok"] is True and set(reply) == {"ok", "state", "save", "rejection"}
    assert importlib.util.find_spec(f"{entry.package}.__main__") is not None


@pytest.mark.parametrize("game_id", IDS)
def test_each_entry_s_letters_are_the_ones_its_deal_ids_read(game_id: str) -> None:
    entry = registry.game(game_id)
    parse = entry.api().Session().parts.parse_deal_id
    for letter in entry.variant_letters:
        assert str(parse(f"{letter.lower()}-5")) == f"{letter}-5"
    for letter in set(string.ascii_uppercase) - LEVEL_LETTERS - set(entry.variant_letters):
        with pytest.raises(SolitaireError, match="unknown letter"):
            parse(f"{letter}-5")


def test_a_game_is_registered_once() -> None:
    entry = registry.game("pyramid")
    with pytest.raises(ValueError, match="registered already"):
        registry.register(entry)
    with pytest.raises(ValueError, match="registered already"):
        registry.register(registry.Entry("other", entry.package, "Other"))
    added = registry.register(registry.Entry("small", "small_core", "Small"))
    try:
        assert registry.games()[-1] is added and registry.game("small") is added
    finally:
        registry.unregister("small")
    with pytest.raises(KeyError, match="no game 'small'; known: tripeaks, pyramid, klondike"):
        registry.game("small")


@pytest.mark.parametrize("game_id", IDS)
def test_every_game_is_dealt_from_an_id_its_text_or_its_number(game_id: str) -> None:
    """`Game.from_id` reads a deal ID the same way in every game (`solitaire_core.dealid.read_deal_id`)."""
    package = registry.game(game_id).package
    game_class = importlib.import_module(f"{package}.game").Game
    by_number, by_text = game_class.from_id(12), game_class.from_id("12")
    assert by_number.deal_id == by_text.deal_id and str(by_text.deal_id) == "12"
    assert game_class.from_id(by_text.deal_id).deal == by_text.deal
