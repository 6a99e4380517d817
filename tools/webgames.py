"""The site's games as the build sees them, read from the page's own registry, so that no build script names
a game (build.py writes the pages from it, tools/pwa.py the app's shortcuts and description).

The list is the JS registry, `js/games.js`: one line `import <id> from "../games/<id>/manifest.js";` per
game, in the switcher's order (the first game's page is the site's own address). From each game's folder,
`games/<id>/`, the build reads:

- `manifest.js`: its `page` and `href` lines (`page: "<id>.html",`), the address of its page and how
  links name it;
- `parts.html`: its markup in the shared page, one `<template data-slot="NAME">` per slot of index.html
  (status fields, table, rules section, win figures, settings), each element marked `data-only="<id>"`;
- `style.css`, if there is one: its stylesheet;

and from its catalogues, `i18n/<id>.fr.json` and `.en.json`: its `name`, page `title` and `description`.
Reading the JS registry rather than keeping a second list in Python means one list to edit, and it cannot
drift: a registry line the build cannot read stops the build with the line to fix. A site built with games
from outside the tree (a test's: build.py's `Outside`) gets their registry lines written into its own copy of
the registry (`with_games`), exactly as a real game's line is written by hand.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

REGISTRY = Path("js") / "games.js"
REGISTRY_LINE = re.compile(r'^import (\w+) from "\.\./games/(\w+)/manifest\.js";$', re.MULTILINE)
MANIFEST_FIELD = r'^\s*{name}: "([^"]+)",$'
TEMPLATE = re.compile(r'<template data-slot="([\w-]+)">\n(.*?)</template>', re.DOTALL)
GAMES_LIST = re.compile(r"^export const GAMES = \[([\w, ]*)\];$", re.MULTILINE)
SLOT = re.compile(r"^[ \t]*<!-- slot:([\w-]+) -->\n", re.MULTILINE)
# The slots index.html names that the build fills from the registry itself rather than from parts.html.
STYLES_SLOT = "styles"
LINKS_SLOT = "links"


@dataclass(frozen=True, slots=True)
class WebGame:
    """One game of the registry, as the build writes it into the site."""

    id: str
    page: str  # its page's file name ("index.html" for the first game)
    href: str  # how links name it ("./" for the first game)
    names: dict[str, str]  # language -> its name (the French and English names)
    title: str  # its page's title, in French (the page's first language)
    description: str  # its page's description, in French
    stylesheet: str | None  # its stylesheet, relative to the site ("games/<id>/style.css")


def _catalogue(site: Path, game: str, language: str) -> dict[str, object]:
    path = site / "i18n" / f"{game}.{language}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise SystemExit(f"[build] {path}: not a catalogue")
    return data


def _text(catalogue: dict[str, object], key: str, where: str) -> str:
    value = catalogue.get(key)
    if not isinstance(value, str) or not value:
        raise SystemExit(f"[build] {where}: no {key!r}")
    return value


def _manifest_field(folder: Path, name: str) -> str:
    text = (folder / "manifest.js").read_text(encoding="utf-8")
    found = re.findall(MANIFEST_FIELD.format(name=name), text, re.MULTILINE)
    if len(found) != 1:
        raise SystemExit(f'[build] {folder / "manifest.js"}: expected one line `{name}: "…",`')
    return str(found[0])


class _TopLevel(HTMLParser):
    """The `data-only` of every top-level element of a piece of markup (what the game's style.css hides)."""

    VOID = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.marks: list[tuple[str, str | None]] = []  # (tag, its data-only)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self.marks.append((tag, dict(attrs).get("data-only")))
        if tag not in self.VOID:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        self.depth -= 1


def parts(site: Path, game: str) -> dict[str, str]:
    """A game's parts.html by slot; each top-level element must be marked `data-only="<game>"`, so that the
    game's parts show only while it is on the table."""
    folder = site / "games" / game
    text = (folder / "parts.html").read_text(encoding="utf-8")
    parts = dict(TEMPLATE.findall(text))
    for slot, body in parts.items():
        parser = _TopLevel()
        parser.feed(body)
        parser.close()
        for tag, only in parser.marks:
            if only != game:
                where = f"{folder / 'parts.html'} ({slot})"
                raise SystemExit(f'[build] {where}: a <{tag}> is not data-only="{game}"')
    return parts


def read_game(site: Path, game: str) -> WebGame:
    """One game's facts, from its folder and catalogues under `site` (web/ or a built copy of it)."""
    folder = site / "games" / game
    fr, en = _catalogue(site, game, "fr"), _catalogue(site, game, "en")
    where = f"i18n/{game}.fr.json"
    stylesheet = folder / "style.css"
    return WebGame(
        id=game,
        page=_manifest_field(folder, "page"),
        href=_manifest_field(folder, "href"),
        names={"fr": _text(fr, "name", where), "en": _text(en, "name", f"i18n/{game}.en.json")},
        title=_text(fr, "title", where),
        description=_text(fr, "description", where),
        stylesheet=stylesheet.relative_to(site).as_posix() if stylesheet.exists() else None,
    )


def games(site: Path) -> tuple[WebGame, ...]:
    """Every game of the registry of `site`, in its order."""
    registry = site / REGISTRY
    lines = REGISTRY_LINE.findall(registry.read_text(encoding="utf-8"))
    if not lines or any(name != game for name, game in lines):
        raise SystemExit(f'[build] {registry}: expected lines `import ID from "../games/ID/manifest.js";`')
    return tuple(read_game(site, game) for _, game in lines)


def with_games(registry: str, ids: tuple[str, ...]) -> str:
    """The text of the JS registry with a line for each game of `ids` after the others (its import, and its
    place at the end of `GAMES`): what adding a game by hand writes."""
    imports = REGISTRY_LINE.findall(registry)
    listed = GAMES_LIST.findall(registry)
    if not imports or len(listed) != 1:
        raise SystemExit(f"[build] {REGISTRY}: expected import lines and one `export const GAMES = [...];`")
    last = f'import {imports[-1][0]} from "../games/{imports[-1][1]}/manifest.js";\n'
    added = "".join(f'import {game} from "../games/{game}/manifest.js";\n' for game in ids)
    every = ", ".join([listed[0], *ids])
    return GAMES_LIST.sub(f"export const GAMES = [{every}];", registry.replace(last, last + added, 1))


def _fill_slots(template: str, fills: dict[str, str]) -> str:
    """Each `<!-- slot:NAME -->` line of the template replaced by fills[NAME] (every slot must be filled)."""
    named = SLOT.findall(template)
    unknown = sorted(set(fills) - set(named))
    if unknown:
        raise SystemExit(f"[build] web/index.html: no slot for {unknown}")
    return SLOT.sub(lambda m: fills.get(m.group(1), ""), template)


def _head(text: str, game: WebGame) -> str:
    """The page's `data-game`, title and description: those of `game`, from its first paint."""
    description = html.escape(game.description)
    replacements = (
        ('<html lang="fr" data-game="">', f'<html lang="fr" data-game="{game.id}">'),
        ("<title></title>", f"<title>{html.escape(game.title)}</title>"),
        ('<meta name="description" content="">', f'<meta name="description" content="{description}">'),
    )
    for old, new in replacements:
        if text.count(old) != 1:
            raise SystemExit(f"[build] web/index.html: expected {old} exactly once")
        text = text.replace(old, new)
    return text


def compose(template: str, site: Path, every: tuple[WebGame, ...]) -> str:
    """index.html with every game's parts (parts.html under `site`) in its slots, in the registry's order,
    its stylesheets and the switcher's links: the markup of every page, before `page` gives it its game."""
    by_game = [parts(site, game.id) for game in every]
    slots = SLOT.findall(template)
    fills = {slot: "".join(own.get(slot, "") for own in by_game) for slot in slots}
    styles = [game.stylesheet for game in every if game.stylesheet]
    fills[STYLES_SLOT] = "".join(f'<link rel="stylesheet" href="{href}">\n' for href in styles)
    fills[LINKS_SLOT] = "".join(
        f'      <a href="{g.href}" class="game-link" data-game-link="{g.id}" data-i18n="{g.id}:name"></a>\n'
        for g in every
    )
    return _fill_slots(template, fills)


def page(composed: str, game: WebGame) -> str:
    """One game's page: the composed markup with that game's `data-game`, title and description."""
    return _head(composed, game)
