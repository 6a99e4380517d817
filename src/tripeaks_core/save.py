"""Saving a game as plain JSON and restoring it, validated so that a bad save never half-restores.

A save (version 2) names the deal (its ID, or its 52 cards for a custom deal) and holds the game's log: the
whole compacted record of what the player did on this deal, across restarts (see `tripeaks_core.game`):

    {"format": "tripeaks-save", "version": 2, "rules": {"wrap": bool, "all_visible": bool},
     "deal_id": str | "deal": str, "log": [0-27 | "draw" | "undo" | "restart" | "give_up" | "reveal", ...],
     "check": str}

The envelope (format, version, checksum, flat field checks) is the one every game shares
(`solitaire_core.envelope`). The checksum (sha256 of the rest, sorted compact ASCII JSON, first 16 hex
digits) catches a save that was cut short or damaged by accident, but anyone can recompute it, so restoring
trusts nothing that can be derived: the log is replayed on a fresh game of the deal, and what the player
knows is exactly what that replay showed; a deal ID is verified as `new` verifies it (a difficulty letter
its deal does not have is refused).

A save holds at most `MAX_LOG` log entries, a few times the most a compacted log can hold (`LOG_BOUND`), and
nothing nested: every field is checked flat before anything walks the data, so a save nested thousands of
levels deep is a `SaveError`, not a `RecursionError`.

Version 1 saves (`actions` of the current line of play and a `known` list, before the log existed) still
load: their actions are replayed and the knowledge is derived from them; the `known` list is not trusted
(cards seen before a restart are then forgotten, which can only make the hint see less).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from solitaire_core import envelope
from solitaire_core.envelope import describe

from .deal import Deal
from .dealid import DealId
from .difficulty import verify
from .errors import SaveError, TriPeaksError
from .game import GIVE_UP, LOG_BOUND, RESTART, REVEAL, Game, LogEntry
from .layout import TABLE_SIZE
from .moves import DRAW, UNDO
from .rules import Rules

FORMAT: Final = "tripeaks-save"
VERSION: Final = 2
MAX_LOG: Final = 3 * LOG_BOUND
"""The longest log a save may hold (19,350 entries): three times the proven bound of a compacted log."""

_FIELDS: Final = {
    1: frozenset({"format", "version", "rules", "actions", "known", "check"}),
    2: frozenset({"format", "version", "rules", "log", "check"}),
}
_WORDS: Final[dict[str, LogEntry]] = {
    DRAW: DRAW, UNDO: UNDO, RESTART: RESTART, GIVE_UP: GIVE_UP, REVEAL: REVEAL,
}
_V1_WORDS: Final = frozenset({DRAW, UNDO})


def save_game(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready dict (format version 2)."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.as_json(),
        "log": game.log,
    }
    if game.deal_id is not None:
        body["deal_id"] = str(game.deal_id)
    else:
        body["deal"] = game.deal.notation()
    return envelope.seal(body)


def _entries(data: Mapping[str, object], name: str, words: Mapping[str, LogEntry] | frozenset[str]) -> (
        list[LogEntry]):
    """The list field `name`, each item a table position or one of `words`, at most `MAX_LOG` of them."""
    raw = envelope.list_field(data, name, MAX_LOG)
    entries: list[LogEntry] = []
    for index, item in enumerate(raw):
        if isinstance(item, str) and item in words:
            entries.append(_WORDS[item])
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < TABLE_SIZE:
            entries.append(item)
        else:
            allowed = ", ".join(repr(word) for word in sorted(words))
            raise SaveError(
                f"saved game: {name} entry {index} is {describe(item)}, not a position 0-27 or {allowed}"
            )
    return entries


def _check_shape(data: Mapping[str, object]) -> tuple[int, list[LogEntry]]:
    """Check every field flat, before anything walks the data; return the version and the entries."""
    version = envelope.check_version(data, FORMAT, _FIELDS)
    name = envelope.deal_field(data)  # one of 'deal_id' and 'deal', as in every game
    envelope.check_fields(data, _FIELDS[version] | {name})
    rules = data.get("rules")
    if (
        not isinstance(rules, dict)
        or set(rules) != {"wrap", "all_visible"}
        or not all(isinstance(v, bool) for v in rules.values())
    ):
        raise SaveError("saved game: rules must be {'wrap': bool, 'all_visible': bool}")
    envelope.text_field(data, name)
    envelope.check_text(data)
    if version == 1:
        known = data.get("known")
        if not isinstance(known, list) or len(known) > 52 or not all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 52 for i in known
        ):
            raise SaveError("saved game: 'known' must list card indexes 0-51")
        return version, _entries(data, "actions", _V1_WORDS)
    return version, _entries(data, "log", _WORDS)


def _deal_of(data: Mapping[str, object], rules: Rules) -> tuple[Deal, DealId | None]:
    try:
        if "deal_id" in data:
            deal_id = DealId.parse(envelope.text_field(data, "deal_id"))
            if deal_id.rules != rules:
                raise SaveError("saved game: the rules do not match the deal ID")
            verify(deal_id)  # exactly what `new` checks: a level letter must be the deal's
            return deal_id.deal(), deal_id
        return Deal.parse(envelope.text_field(data, "deal")), None
    except SaveError:
        raise
    except TriPeaksError as error:
        raise SaveError(f"saved game: {error}") from None


def replay_log(game: Game, log: list[LogEntry]) -> Game:
    """Play a log on `game` (a fresh game of the deal) and return the game reached (a restart makes a new
    one); raise `SaveError` naming the first entry that cannot be played."""
    for index, entry in enumerate(log):
        try:
            if entry == RESTART:
                game = game.restarted()
            elif entry == GIVE_UP:
                game.give_up()
            elif entry == REVEAL:
                game.reveal()
            else:
                game.play(entry)
        except TriPeaksError as error:
            raise SaveError(f"saved game: entry {index} ({entry}) cannot be played: {error}") from None
    return game


def load_game(data: object) -> Game:
    """Rebuild a game from `save_game`'s output (or a version 1 save); raise `SaveError` naming the first
    problem found."""
    data = envelope.open_object(data)
    _, entries = _check_shape(data)
    envelope.check_checksum(data)
    rules_raw: Any = data["rules"]
    rules = Rules(wrap=rules_raw["wrap"], all_visible=rules_raw["all_visible"])
    deal, named = _deal_of(data, rules)
    return replay_log(Game(deal, rules, named), entries)
