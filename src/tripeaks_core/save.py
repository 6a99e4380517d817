"""Saving a game as plain JSON and restoring it, validated so that a bad save never half-restores.

A save names the deal (its ID, or its 52 cards for a custom deal), lists every action since the start
(undos included) and the cards the player had seen (which a replay of the same deal keeps, so it cannot be
derived from the actions alone). A checksum over the rest catches a save that was cut short or edited.
Restoring replays the actions on a fresh game and checks that the knowledge covers what they revealed.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Final

from .deal import Deal
from .dealid import DealId
from .errors import SaveError, TriPeaksError
from .game import Game
from .moves import DRAW, UNDO, Action
from .rules import Rules

FORMAT: Final = "tripeaks-save"
VERSION: Final = 1


def _checksum(body: dict[str, Any]) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def save_game(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready dict."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.as_json(),
        "actions": list(game.actions),
        "known": sorted(game.known),
    }
    if game.deal_id is not None:
        body["deal_id"] = str(game.deal_id)
    else:
        body["deal"] = game.deal.notation()
    return {**body, "check": _checksum(body)}


def _text(data: dict[str, object], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise SaveError(f"saved game: field {name!r} is missing or not a string")
    return value


def _items(data: dict[str, object], name: str) -> list[object]:
    value = data.get(name)
    if not isinstance(value, list):
        raise SaveError(f"saved game: field {name!r} is missing or not a list")
    return value


def _actions(raw: list[object]) -> list[Action]:
    actions: list[Action] = []
    for index, item in enumerate(raw):
        if item == DRAW:
            actions.append(DRAW)
        elif item == UNDO:
            actions.append(UNDO)
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 28:
            actions.append(item)
        else:
            raise SaveError(f"saved game: action {index} is {item!r}, not a position, 'draw' or 'undo'")
    return actions


def load_game(data: object) -> Game:
    """Rebuild a game from `save_game`'s output; raise `SaveError` naming the first problem found."""
    if not isinstance(data, dict):
        raise SaveError("saved game: not a JSON object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise SaveError("saved game: unknown format or version")
    body = {key: value for key, value in data.items() if key != "check"}
    if data.get("check") != _checksum(body):
        raise SaveError("saved game: checksum does not match (the save is damaged or was edited)")
    rules_raw = data.get("rules")
    if (
        not isinstance(rules_raw, dict)
        or set(rules_raw) != {"wrap", "all_visible"}
        or not all(isinstance(v, bool) for v in rules_raw.values())
    ):
        raise SaveError("saved game: rules must be {'wrap': bool, 'all_visible': bool}")
    rules = Rules(wrap=rules_raw["wrap"], all_visible=rules_raw["all_visible"])
    try:
        if "deal_id" in data:
            deal_id = DealId.parse(_text(data, "deal_id"))
            if deal_id.rules != rules:
                raise SaveError("saved game: the rules do not match the deal ID")
            deal, named = deal_id.deal(), deal_id
        else:
            deal, named = Deal.parse(_text(data, "deal")), None
    except SaveError:
        raise
    except TriPeaksError as error:
        raise SaveError(f"saved game: {error}") from None
    known: list[int] = []
    for item in _items(data, "known"):
        if not isinstance(item, int) or isinstance(item, bool) or not 0 <= item < 52:
            raise SaveError("saved game: 'known' must list card indexes 0-51")
        known.append(item)
    game = Game(deal, rules, named, known)
    for index, action in enumerate(_actions(_items(data, "actions"))):
        try:
            game.play(action)
        except TriPeaksError as error:
            raise SaveError(f"saved game: action {index} ({action}) cannot be played: {error}") from None
    if not game.known <= set(known):
        raise SaveError("saved game: the known cards do not include cards its moves revealed")
    return game
