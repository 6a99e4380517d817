"""The games of the site, each named once: its id (the page's `game` and the worker's), its Python package,
the module the worker calls (`<package>.api`, whose `Session()` takes the protocol's requests), its command
line (`python -m <package>`) and the letters its deal IDs may carry beyond the level letters
(`dealid.parse_id`'s `variants`).

Shared code that needs the list of games, or a game's session, reads it here instead of naming a game. The
entries are plain data: nothing is imported until `Entry.api` or `Entry.session` is asked for, so reading the
registry costs no game's start-up. `register` adds a game (a test's small game, say); an id or a package is
registered once. `register_outside` adds the games a site was built with from outside the tree (build.py's
`Outside`), which the worker reads from that site's config.json.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from types import ModuleType
from typing import Final, Protocol


class Handles(Protocol):
    """A worker session: one request text in, one reply text out (`session.Session`)."""

    def handle(self, text: str) -> str:
        """Answer one request."""
        ...


@dataclass(frozen=True, slots=True)
class Entry:
    """One game: `id` is what the page and the worker call it, `package` its Python package, `title` its name
    in English, `variant_letters` its deal-ID letters besides the levels', in canonical order."""

    id: str
    package: str
    title: str
    variant_letters: str = ""

    @property
    def api_module(self) -> str:
        """The module the worker imports and calls `Session()` of."""
        return f"{self.package}.api"

    @property
    def cli(self) -> str:
        """The command line, as design.md writes it."""
        return f"python -m {self.package}"

    def api(self) -> ModuleType:
        """The game's protocol module, imported on first use."""
        return importlib.import_module(self.api_module)

    def session(self) -> Handles:
        """A new worker session of the game, as the worker makes one (`<package>.api.Session()`)."""
        session: Handles = self.api().Session()
        return session


_GAMES: Final[dict[str, Entry]] = {}


def register(entry: Entry) -> Entry:
    """Add a game; `ValueError` when its id or its package is registered already."""
    if entry.id in _GAMES or any(known.package == entry.package for known in _GAMES.values()):
        raise ValueError(f"game {entry.id!r} ({entry.package}) is registered already")
    _GAMES[entry.id] = entry
    return entry


def unregister(game_id: str) -> None:
    """Remove a game (a test's, once the test is done); `KeyError` when there is none of that id."""
    del _GAMES[game_id]


def register_outside(text: str) -> None:
    """Register the games of `text`, a JSON list of entries' fields (`{"id", "package", "title",
    "variant_letters"}`), as a site built with games from outside the tree lists them in its config.json;
    one registered already as the very same entry is left as it is (the worker restored a snapshot made
    after it was added), any other clash is `register`'s `ValueError`."""
    for fields in json.loads(text):
        entry = Entry(**fields)
        if _GAMES.get(entry.id) != entry:
            register(entry)


def games() -> tuple[Entry, ...]:
    """Every registered game, in the order registered (the site's order)."""
    return tuple(_GAMES.values())


def game(game_id: str) -> Entry:
    """The game of `game_id`; `KeyError` naming the known ids when there is none."""
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; known: {', '.join(_GAMES)}") from None


for _entry in (
    Entry("tripeaks", "tripeaks_core", "TriPeaks", variant_letters="NV"),
    Entry("pyramid", "pyramid_core", "Pyramid"),
    Entry("klondike", "klondike_core", "Klondike", variant_letters="T"),
):
    register(_entry)

__all__ = ["Entry", "Handles", "game", "games", "register", "register_outside", "unregister"]
