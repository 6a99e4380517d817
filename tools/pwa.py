"""What makes dist/ an installable, offline web app: icons, web app manifest and service worker.

    python3 tools/pwa.py DIST_DIR   # (re)write the icons, manifest.webmanifest and sw.js of DIST_DIR

`build.py build` calls `build(DIST)` once dist/ is assembled. The service worker is `sw_template.js` with
the list of every file of the directory (relative path and sha256) and a version derived from those
hashes written in, so any change of any file makes a new version and nothing else does. Running it again
on a modified copy of dist/ (as the update test does) makes that copy a new version.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import icons
import webgames

HERE = Path(__file__).resolve().parent
# The registry is read from the source: in a built site the modules are bundled (build.py bundle_modules).
WEB = HERE.parent / "web"
TEMPLATE = HERE / "sw_template.js"
SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
# The table's felt (web/css/style.css `--felt`): the splash screen and the title bar match the page.
THEME_COLOUR = "#1d6b45"
BACKGROUND_COLOUR = "#1d6b45"
# One app for every game of the site; each game's page is a shortcut (a long press on the home-screen icon).
NAME = "Solitaire"
SHORT_NAME = "Solitaire"
# The app's description, around the names of its games (the registry's, tools/webgames.py), in each language.
DESCRIPTION = {
    "fr": ("{games}, des réussites à jouer hors ligne, avec un indice qui ne triche pas.", " et "),
    "en": ("{games} solitaire, to play offline, with a hint that never cheats.", " and "),
}


@dataclass(frozen=True, slots=True)
class Precache:
    """What the service worker of a directory holds."""

    version: str
    files: tuple[tuple[str, str], ...]  # (path relative to the directory, sha256 hex)
    size: int  # bytes of all those files


def description(names: list[str], language: str) -> str:
    """The app's description naming every game (in the registry's order), then what the site is."""
    text, last = DESCRIPTION[language]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + last + names[-1]
    return text.format(games=listed)


def manifest(directory: Path, site: Path = WEB) -> dict[str, object]:
    """The web app manifest: relative start URL and scope, so the site works under any sub-path; one shortcut
    per game of the registry (each game's page) of `site`, the source the site was built from."""
    games = webgames.games(site)
    return {
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": description([game.names["fr"] for game in games], "fr"),
        "lang": "fr",
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games"],
        "shortcuts": [{"name": game.names["fr"], "url": game.href} for game in games],
        "icons": [
            {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": "icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
        # Manifest localisation (read by browsers that support it, ignored by the others).
        "translations": {
            "en": {
                "name": NAME,
                "short_name": SHORT_NAME,
                "description": description([game.names["en"] for game in games], "en"),
            }
        },
    }


def precache_list(directory: Path) -> Precache:
    """Every file of `directory` but the service worker itself, sorted, with its sha256."""
    files: list[tuple[str, str]] = []
    size = 0
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        relative = path.relative_to(directory).as_posix()
        if relative == SERVICE_WORKER:
            continue
        data = path.read_bytes()
        size += len(data)
        files.append((relative, hashlib.sha256(data).hexdigest()))
    digest = hashlib.sha256()
    for relative, file_hash in files:
        digest.update(f"{relative}\0{file_hash}\n".encode())
    return Precache(version=digest.hexdigest()[:16], files=tuple(files), size=size)


def service_worker(precache: Precache) -> str:
    """The text of sw.js for that list."""
    template = TEMPLATE.read_text(encoding="utf-8")
    listing = "[\n" + "".join(f"  {json.dumps([p, h])},\n" for p, h in precache.files) + "]"
    for placeholder in ("__VERSION__", "__FILES__"):
        if template.count(placeholder) != 1:
            raise ValueError(f"{TEMPLATE.name}: expected {placeholder} exactly once")
    return template.replace("__VERSION__", precache.version).replace("__FILES__", listing)


def write_service_worker(directory: Path) -> Precache:
    """(Re)write `directory`/sw.js for the files the directory holds now."""
    precache = precache_list(directory)
    (directory / SERVICE_WORKER).write_text(service_worker(precache), encoding="utf-8")
    return precache


def build(directory: Path, site: Path = WEB) -> Precache:
    """Icons (drawn by tools/icons.py), the manifest (the games of `site`, the web source the directory was
    built from), then the service worker, which lists them all."""
    icons.write_all(str(directory))
    text = json.dumps(manifest(directory, site), ensure_ascii=False, indent=1) + "\n"
    (directory / MANIFEST).write_text(text, encoding="utf-8")
    return write_service_worker(directory)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    precache = build(Path(argv[0]))
    print(f"{SERVICE_WORKER} version {precache.version}: {len(precache.files)} files, "
          f"{precache.size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
