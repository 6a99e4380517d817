// The start-up snapshot the site ships (build.py runs this in Node, from the pinned Pyodide of node_modules):
//
//   node tools/make_snapshot.mjs PYODIDE_DIR WHEEL WHEEL_SHA256 OUT
//
// Boots Pyodide with `_makeSnapshot`, unpacks the engine wheel into site-packages as web/worker.js does,
// imports every game's engine (each game of solitaire_core.registry: this script names none), records the snapshot's identity
// inside the interpreter (sys.solitaire_snapshot: the wheel's sha256 and Pyodide's version, which the worker
// reads back after a restore, so that a snapshot of another wheel never restores silently), then writes
// `pyodide.makeMemorySnapshot()` to OUT (raw; build.py compresses it) and prints one JSON line.
//
// Made in Node, not in a browser: a Chromium-made snapshot stores Chromium's wasm-call trampoline and failed
// under an iOS user agent; a Node-made one restores in Chromium (docs/PERFORMANCE.md, toolchain.md).

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, wheelSha256, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: node tools/make_snapshot.mjs PYODIDE_DIR WHEEL WHEEL_SHA256 OUT");
  process.exit(2);
}
const indexURL = pyodideDir.endsWith("/") ? pyodideDir : `${pyodideDir}/`;
const { loadPyodide, version } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, stdout: () => {}, stderr: (line) => console.error(line) });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "zip", { extractDir: sitePackages });
pyodide.globals.set("WHEEL_SHA256", wheelSha256);
pyodide.globals.set("PYODIDE_VERSION", version);
pyodide.runPython(`
import importlib
import sys
from solitaire_core import registry
for _game in registry.games():
    importlib.import_module(_game.api_module)
del _game
sys.solitaire_snapshot = {"wheel_sha256": str(WHEEL_SHA256), "pyodide": str(PYODIDE_VERSION)}
del WHEEL_SHA256, PYODIDE_VERSION
`);
const bytes = pyodide.makeMemorySnapshot();
writeFileSync(outPath, bytes);
console.log(JSON.stringify({ bytes: bytes.length, pyodide: version, ms: Math.round(performance.now() - t0) }));
process.exit(0);
