#!/usr/bin/env python3
"""Set up, build, serve and test the Solitaire page.

    python3 build.py serve   # set up, build dist/ and serve it on http://127.0.0.1:8000
    python3 build.py test    # set up (test tools and Chromium too), build, then ruff, mypy, pytest
    python3 build.py build   # only assemble dist/ (the environment must already be set up)

Standard library only: this script is what sets the environment up.

``dist/`` holds exactly what the page needs:

    index.html, css/site.css, i18n/, and the scripts app.js, js/boot.js, js/pwa.js, worker.js with
               every module they import bundled in (esbuild; their shared code in js/chunk-*.js)
    pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip,
               pyodide-lock.json (Pyodide's, with no package: the page loads none),
               python_stdlib_empty.zip (what a restore of the start-up snapshot starts with: worker.js)
    wheels/    solitaire-*.whl (built fresh from src/: one pure-Python wheel of every package there, the
               shared solitaire_core and each game's; tools/pywheel.py)
    engine-*.snapshot.gz   the start-up snapshot: a Pyodide memory snapshot of the runtime with every
               game's engine imported, made here in Node from the pinned Pyodide (tools/make_snapshot.mjs),
               gzipped; the worker restores it on a first visit too (see make_snapshot below)
    config.json  {"wheel": "wheels/…", "wheel_sha256": "…", "snapshot": {…}, "build": "…"} read by worker.js

``dist-test/`` beside it is the same site with tools/testhooks.js as js/hooks.js: the test hooks the page
tests and browser benchmarks set in the address (a stalled op, short time limits, …). ``dist/`` obeys none.

A test may build a site of its own with games from outside the tree (`build_site(..., outside=...)`, see
`Outside`): the shipped build never does, and its output does not change for it.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
WEB = ROOT / "web"
# SITE_DIST: build into (and serve) another folder, so that several work trees or helpers can build at once.
DIST = Path(os.environ.get("SITE_DIST", ROOT / "dist")).resolve()
# The test build beside it: the same site with tools/testhooks.js as js/hooks.js, so that the tests and the
# browser benchmarks can set hooks from the address. DIST, the site that ships, obeys none.
TEST_DIST = DIST.with_name(f"{DIST.name}-test")
TEST_HOOKS = ROOT / "tools" / "testhooks.js"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_PKG = NODE_MODULES / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
EMPTY_STDLIB = "python_stdlib_empty.zip"
CHROMIUM = Path("/usr/bin/chromium")
MAKE_SNAPSHOT = ROOT / "tools" / "make_snapshot.mjs"
# Made snapshots are kept here by what they are made of (the wheel, Pyodide, the maker), so dist-test/ and
# a rebuild of unchanged sources reuse one instead of booting Pyodide again.
SNAPSHOT_CACHE = ROOT / "build" / "snapshots"
HOST = "127.0.0.1"
PORT = 8000
# Files of web/ that are not part of the page (a game's parts.html is written into every page: webgames.py).
WEB_SKIP_SUFFIXES = (".md", ".map", "~", "/parts.html")


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(
    cmd: Sequence[str | Path], *, check: bool = True, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> int:
    printable = " ".join(str(part) for part in cmd)
    log(f"$ {printable}")
    completed = subprocess.run([str(part) for part in cmd], cwd=cwd, check=False, env=env)
    if check and completed.returncode != 0:
        raise SystemExit(f"[build] failed ({completed.returncode}): {printable}")
    return completed.returncode


def file_hash(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes() if path.exists() else b"<missing>")
    return digest.hexdigest()


def stamp_ok(stamp: Path, value: str) -> bool:
    return stamp.exists() and stamp.read_text(encoding="utf-8").strip() == value


# --------------------------------------------------------------------------- set-up


def setup_python() -> None:
    """Create .venv and install the package with its dev extras, unless already up to date."""
    if not VENV_PYTHON.exists():
        run([sys.executable, "-m", "venv", VENV])
    stamp = VENV / ".site-deps"
    value = file_hash(ROOT / "pyproject.toml")
    if stamp_ok(stamp, value):
        log("python environment up to date")
        return
    run([VENV_PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", ".[dev]"])
    stamp.write_text(value + "\n", encoding="utf-8")


def setup_node() -> None:
    """`npm ci` when node_modules does not match package-lock.json."""
    stamp = NODE_MODULES / ".site-deps"
    value = file_hash(ROOT / "package-lock.json")
    if stamp_ok(stamp, value) and (PYODIDE_PKG / "pyodide.mjs").exists():
        log("node modules up to date")
        return
    if shutil.which("npm") is None:
        raise SystemExit("[build] npm is required (Node.js 18 or later)")
    run(["npm", "ci", "--no-audit", "--no-fund"])
    stamp.write_text(value + "\n", encoding="utf-8")


def setup_chromium() -> None:
    """Make sure /usr/bin/chromium exists (Debian, as root); else the tests use Playwright's browser."""
    if CHROMIUM.exists():
        return
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if is_root and Path("/etc/debian_version").exists() and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        run(["apt-get", "update", "-q"], env=env)
        run(["apt-get", "install", "-y", "-q", "chromium"], env=env)
    else:
        log(f"{CHROMIUM} is missing and cannot be installed here; tests fall back to Playwright's browser")


def setup(*, for_tests: bool) -> None:
    setup_python()
    setup_node()
    if for_tests:
        setup_chromium()


# --------------------------------------------------------------------------- build


def pyodide_lock() -> dict[str, object]:
    """Pyodide's lock file with no package in it: the page loads none of Pyodide's packages (the engine is
    pure Python and its wheel is unpacked by worker.js), and `loadPyodide` only needs the file to exist."""
    stock = json.loads((PYODIDE_PKG / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": stock["info"], "packages": {}}


@dataclass(frozen=True)
class Outside:
    """A game from outside the tree, for a site a test builds into a folder of its own (tests/fourth_game/):
    a folder laid out like this repository, `src/<package>/` (its engine, which joins the wheel) and
    `web/games/<id>/` with `web/i18n/<id>.<lang>.json` (its page parts and catalogues, whose registry line
    is written into that site's copy of js/games.js), and `entry`, the fields of its Python registry entry
    (`solitaire_core.registry.Entry`), which config.json lists and the worker registers at boot. So a game
    is proved to need no edit of a shared file; the shipped site never has one."""

    folder: Path
    entry: dict[str, str]


def build_engine_wheel(outdir: Path, outside: Sequence[Outside] = ()) -> Path:
    """One fresh wheel of every engine package of src/ (solitaire_core and each game) and of the outside
    games', tools/pywheel.py."""
    pywheel = tools_module("pywheel")
    extra = tuple(game.folder / "src" for game in outside)
    path: Path = pywheel.build_wheel(ROOT / "src", ROOT / "pyproject.toml", outdir, extra)
    return path


def make_snapshot(wheel: Path, wheel_sha256: str, target: Path) -> dict[str, object]:
    """The start-up snapshot of the runtime with every engine imported, gzipped into `target`, and its entry
    of config.json. Made in Node (tools/make_snapshot.mjs) from node_modules/pyodide, the files dist/ ships.

    Its identity is the wheel's sha256 and Pyodide's version: both are written inside the snapshot (the worker
    reads them back after a restore and refuses a snapshot of another wheel) and in config.json (the worker
    does not even fetch a snapshot whose recorded wheel is not the one it installs). The worker checks the
    file's sha256 (the gzip file, or the raw snapshot when a host sent it decoded)."""
    pyodide_version = json.loads((PYODIDE_PKG / "package.json").read_text(encoding="utf-8"))["version"]
    key = file_hash(MAKE_SNAPSHOT, PYODIDE_PKG / "pyodide.asm.wasm", PYODIDE_PKG / "python_stdlib.zip")
    key = hashlib.sha256(f"{key}{wheel_sha256}{pyodide_version}".encode()).hexdigest()[:24]
    cached = SNAPSHOT_CACHE / f"{key}.gz"
    raw_cached = SNAPSHOT_CACHE / f"{key}.json"
    if not (cached.exists() and raw_cached.exists()):
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        raw = SNAPSHOT_CACHE / f"{key}.bin"
        if shutil.which("node") is None:
            raise SystemExit("[build] node is required to make the start-up snapshot (Node.js 20)")
        run(["node", MAKE_SNAPSHOT, PYODIDE_PKG, wheel, wheel_sha256, raw])
        data = raw.read_bytes()
        # mtime 0: the same snapshot gives the same file. Level 6, as a static host compresses.
        packed = gzip.compress(data, compresslevel=6, mtime=0)
        info = {"raw_sha256": hashlib.sha256(data).hexdigest(), "raw_bytes": len(data)}
        raw.unlink()
        cached.write_bytes(packed)
        raw_cached.write_text(json.dumps(info) + "\n", encoding="utf-8")
    packed = cached.read_bytes()
    info = json.loads(raw_cached.read_text(encoding="utf-8"))
    sha256 = hashlib.sha256(packed).hexdigest()
    name = f"engine-{sha256[:16]}.snapshot.gz"  # a new name for new content: no stale copy in an HTTP cache
    (target / name).write_bytes(packed)
    log(f"start-up snapshot {name}: {info['raw_bytes'] / 1e6:.1f} MB, {len(packed) / 1e6:.1f} MB gzipped")
    return {
        "file": name,
        "sha256": sha256,
        "bytes": len(packed),
        "raw_sha256": info["raw_sha256"],
        "raw_bytes": info["raw_bytes"],
        "wheel_sha256": wheel_sha256,
        "pyodide": pyodide_version,
    }


@contextmanager
def web_source(outside: Sequence[Outside]) -> Iterator[Path]:
    """The web files to build from: web/ itself, or with outside games a copy of it with their folders and
    catalogues added and their registry lines written in (an outside file may add, never replace one)."""
    if not outside:
        yield WEB
        return
    webgames = tools_module("webgames")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "web"
        shutil.copytree(WEB, source)
        for game in outside:
            for path in sorted(p for p in (game.folder / "web").rglob("*") if p.is_file()):
                destination = source / path.relative_to(game.folder / "web")
                if destination.exists():
                    raise SystemExit(f"[build] {path} would replace a file of web/")
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, destination)
        registry = source / webgames.REGISTRY
        ids = tuple(game.entry["id"] for game in outside)
        registry.write_text(webgames.with_games(registry.read_text(encoding="utf-8"), ids), encoding="utf-8")
        yield source


def copy_web(target: Path, web: Path = WEB) -> None:
    for source in sorted(web.rglob("*")):
        relative = source.relative_to(web)
        hidden = any(part.startswith(".") for part in relative.parts)
        if hidden or source.as_posix().endswith(WEB_SKIP_SUFFIXES):
            continue
        destination = target / relative
        if source.is_dir():
            destination.mkdir(parents=True, exist_ok=True)
        else:
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)


# The scripts the pages and the worker start from; everything they import is bundled into them (the shared
# part into chunks, js/chunk-*.js), so a first visit fetches four scripts instead of some forty modules.
ENTRY_SCRIPTS = ("js/boot.js", "app.js", "js/pwa.js", "worker.js")
STYLESHEET = "css/site.css"


def bundle_modules(target: Path) -> None:
    """Replace the pages' and the worker's ES modules by bundles (esbuild, pinned in package.json), and the
    stylesheets by one, in the order the pages name them (every page names the same ones).

    Each module was one request; on a first visit over a slow mobile link (Lighthouse's simulated 4G, a
    host speaking HTTP/1.1) they queued behind each other and the page's first words waited for the last
    of them: bundling took Lighthouse's largest contentful paint from 2.6 s to 1.9 s (docs/PERFORMANCE.md).
    The code is not renamed (whitespace and syntax only are minified): a stack trace still reads. The
    bundles' chunks are preloaded beside the first script, which is js/boot.js: it starts the worker."""
    esbuild = NODE_MODULES / ".bin" / "esbuild"
    if not esbuild.exists():
        raise SystemExit("[build] node_modules/.bin/esbuild is missing: `python3 build.py setup` or `npm ci`")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        run([esbuild, *ENTRY_SCRIPTS, "--bundle", "--splitting", "--format=esm", "--log-level=warning",
             "--minify-whitespace", "--minify-syntax", f"--outdir={out}", "--chunk-names=js/chunk-[hash]"],
            cwd=target)
        for module in [p for p in target.rglob("*.js") if p.relative_to(target).parts[0] != "pyodide"]:
            if module.name != "sw.js":
                module.unlink()
        for bundle in out.rglob("*.js"):
            destination = target / bundle.relative_to(out)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(bundle, destination)
        chunks = sorted(p.relative_to(out).as_posix() for p in (out / "js").glob("chunk-*.js"))
    pages = sorted(target.glob("*.html"))
    linked = re.compile(r'<link rel="stylesheet" href="([^"]+)">\n')
    sheets = linked.findall((target / "index.html").read_text(encoding="utf-8"))
    (target / STYLESHEET).write_text(
        "\n".join((target / sheet).read_text(encoding="utf-8") for sheet in sheets), encoding="utf-8"
    )
    for sheet in sheets:
        (target / sheet).unlink()
    boot = '<script type="module" src="js/boot.js"></script>\n'
    preloads = "".join(f'<link rel="modulepreload" href="{chunk}">\n' for chunk in chunks)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if boot not in text or linked.findall(text) != sheets:
            raise SystemExit(f"[build] {page.name}: not the scripts and stylesheets of index.html")
        text = linked.sub("", text.replace(boot, "", 1))
        head = text.index("<link")
        text = text[:head] + boot + preloads + f'<link rel="stylesheet" href="{STYLESHEET}">\n' + text[head:]
        page.write_text(text, encoding="utf-8")
    for folder_left in sorted(target.rglob("*"), reverse=True):  # the modules' and stylesheets' folders
        if folder_left.is_dir() and not any(folder_left.iterdir()):
            folder_left.rmdir()


def write_game_pages(target: Path, web: Path = WEB) -> None:
    """One page per game of the registry (web/js/games.js, read by tools/webgames.py), each index.html with
    every game's markup in its slots and that game's `data-game`, title and description written in, so the
    page shows the right game and title from its first paint (web/js/games.js reads the path too)."""
    webgames = tools_module("webgames")
    every = webgames.games(web)
    composed = webgames.compose((target / "index.html").read_text(encoding="utf-8"), web, every)
    if "index.html" not in {game.page for game in every}:
        raise SystemExit("[build] web/js/games.js: no game has the page index.html")
    for game in every:
        (target / game.page).write_text(webgames.page(composed, game), encoding="utf-8")


def tools_module(name: str) -> ModuleType:
    """A module of tools/ (not a package: its directory goes on the path)."""
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    return importlib.import_module(name)


def build_pwa(target: Path, web: Path = WEB) -> None:
    """Icons, manifest.webmanifest and sw.js (which lists every file of the site): see tools/pwa.py."""
    precache = tools_module("pwa").build(target, web)
    log(f"service worker version {precache.version}: precaches {len(precache.files)} files")


def build() -> None:
    """dist/, the site that ships, then dist-test/, the same site with the test hooks (see TEST_DIST)."""
    if not (PYODIDE_PKG / "pyodide.mjs").exists():
        raise SystemExit("[build] node_modules/pyodide is missing: run `python3 build.py serve` or `npm ci`")
    build_site(DIST, test_hooks=False)
    build_site(TEST_DIST, test_hooks=True)


def build_site(target: Path, *, test_hooks: bool, outside: Sequence[Outside] = ()) -> None:
    """Assemble one site in `target`: web/, the Pyodide runtime, the engine wheel, config.json, the PWA.
    With `outside` games (a test's own site), those are added, and no start-up snapshot is made: the
    worker then boots the ordinary way, which is what such a test needs, for a fraction of the build."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with web_source(outside) as web:
        copy_web(target, web)
        if test_hooks:
            shutil.copy2(TEST_HOOKS, target / "js" / "hooks.js")
        write_game_pages(target, web)
        bundle_modules(target)
        wheel = assemble_engine(target, outside)
        build_pwa(target, web)
    files = [p for p in target.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    kind = "test build (with test hooks)" if test_hooks else "site"
    log(f"{target.name}/ ready, {kind}: {len(files)} files, {total / 1e6:.1f} MB, wheel {wheel}")


def assemble_engine(target: Path, outside: Sequence[Outside]) -> str:
    """The Pyodide runtime, the engine wheel, the start-up snapshot (not with outside games) and
    config.json, which names them (and lists the outside games' registry entries); the wheel's name."""
    runtime = target / "pyodide"
    runtime.mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_PKG / name, runtime / name)
    lock = pyodide_lock()
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    # An empty zip: the standard library a restore of the start-up snapshot starts with (worker.js), the
    # real one following in the background. 22 bytes: the end-of-central-directory record alone.
    (runtime / EMPTY_STDLIB).write_bytes(b"PK\x05\x06" + bytes(18))

    wheel = build_engine_wheel(target / "wheels", outside)
    wheel_sha256 = hashlib.sha256(wheel.read_bytes()).hexdigest()
    snapshot = {} if outside else {"snapshot": make_snapshot(wheel, wheel_sha256, target)}
    files = sorted(p for p in target.rglob("*") if p.is_file())
    build_id = file_hash(*files)[:16]
    config: dict[str, object] = {
        "wheel": f"wheels/{wheel.name}",
        "wheel_sha256": wheel_sha256,
        "pyodide": "pyodide/",
        **snapshot,
        "build": build_id,
    }
    if outside:
        config["games"] = [game.entry for game in outside]
    (target / "config.json").write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    return wheel.name


# --------------------------------------------------------------------------- serve and test


def serve(host: str = HOST, port: int = PORT) -> None:
    """dist/ with the page's content types (tools/localsite.py), revalidated on each visit (developing)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import localsite  # noqa: PLC0415 - tools/ is not a package

    with localsite.make_server(DIST, host=host, port=port, cache_control="no-cache", quiet=False) as server:
        log(f"serving {DIST} on http://{host}:{port}/ (Ctrl-C to stop)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            log("stopped")


def test(pytest_args: Sequence[str]) -> int:
    bin_dir = VENV / "bin"
    steps: list[list[str | Path]] = [
        [bin_dir / "ruff", "check", "."],
        [bin_dir / "mypy"],
        [bin_dir / "pytest", *pytest_args],
    ]
    for step in steps:
        code = run(step, check=False)
        if code != 0:
            log(f"FAILED: {' '.join(str(part) for part in step)} (exit {code})")
            return code
    log("all checks passed")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    serve_parser = sub.add_parser("serve", help="set up, build dist/ and serve it")
    serve_parser.add_argument("--port", type=int, default=PORT)
    serve_parser.add_argument("--no-setup", action="store_true", help="skip the environment set-up")
    test_parser = sub.add_parser("test", help="set up (with Chromium), build, run ruff, mypy and pytest")
    test_parser.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra arguments for pytest")
    sub.add_parser("build", help="assemble dist/ only")
    sub.add_parser("setup", help="set up the environment only (with test tools)")
    args = parser.parse_args(argv)

    if args.command == "build":
        build()
        return 0
    if args.command == "setup":
        setup(for_tests=True)
        return 0
    if args.command == "serve":
        if not args.no_setup:
            setup(for_tests=False)
        build()
        serve(port=args.port)
        return 0
    setup(for_tests=True)
    build()
    return test(args.pytest_args)


if __name__ == "__main__":
    sys.exit(main())
