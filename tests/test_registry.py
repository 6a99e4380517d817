"""The registry names each game once (`solitaire_core.registry`): what the worker calls of each game is there
and still answers the page's protocol, the ids and modules are the worker's, and each entry's deal-ID letters
are the ones its game reads."""

from __future__ import annotations

import importlib.util
import json
import re
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
    """web/worker.js is not yet generated from the registry: the two lists must agree."""
    text = (ROOT / "web" / "worker.js").read_text(encoding="utf-8")
    found = re.search(r"const GAMES = \{([^}]*)\}", text)
    assert found is not None
    pairs = dict(re.findall(r'(\w+): "([\w.]+)"', found.group(1)))
    assert pairs == {entry.id: entry.api_module for entry in registry.games()}


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
