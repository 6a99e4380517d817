// The engine host: a module Web Worker that boots Pyodide from this site's own files, installs the
// engine wheel (every game's package; checked against its sha256, unpacked into site-packages) and answers
// the page.
//
// Protocol: declared once, in Python (src/solitaire_core/protocol.py; docs/API.md is written from it):
//   page -> worker   {id, game?, op, args}   game: a registered game's id (the first registered, when absent)
//   worker -> page   {id, ok: true, ...reply}  or  {id, ok: false, error: {type, message}}
//                    {type: "boot", ok, ms, phases, games, snapshot, shippedError, ownError, error?}  once,
//                    when the engine is ready or cannot start; games: each game's capabilities as Python
//                    declares them ({id: {ops, new_args}}: its optional ops, its own args of "new");
//                    snapshot says how a start-up snapshot was used, shippedError and ownError why the
//                    shipped one or this browser's own was not (see below)
//                    {type: "stdlib", ok}  once after a restore: the standard library is in place
//                    {type: "snapshot-saved", ok}  when a start-up snapshot of this browser's own was kept
// Every request gets exactly one answer, even when the engine fails or the reply cannot be sent; every
// reply also carries `seq`, the request's place among the messages received (see below).
//
// The worker is a router and a scheduler, with no game of its own: it keeps one engine session per game
// (made when that game is first asked for), and every op goes to the session of the request's game, which
// checks it against the protocol (an unknown op or a bad arg is its RequestError). An unknown game is
// answered with a RequestError. "check_deal" is routed like any op (the session answers it without touching
// the game in progress), but it does not make its game the one background work follows.
//
// What the worker does itself is scheduling:
// - "busy" {} -> {ok: true}, the scheduler's own op (declared in the protocol as the worker's): the player
//   is in the middle of a move (a card selected), so background work waits for the player to be idle again,
//   as after a move.
// - "hint" is answered from the session's hint_start / hint_step, in slices, so that moves sent meanwhile
//   are handled between slices. After every change of position the worker starts computing the next hint
//   in the background, so that pressing Indice usually finds it ready. A "hint" request whose position
//   changed before the answer was ready is answered {ok: true, stale: true}.
// - "warm" (the solver's tables) runs in idle slices for the games whose capabilities list it, and only
//   for them.
// Background work waits until the player has been idle for a moment and runs in short slices of bounded
// work, so a tap never waits behind more than one slice. It follows the game of the last request: asking
// for another game makes a hint still being computed for the other one stale.
//
// Test hooks (the test build only: js/hooks.js answers null in the site that ships):
// worker.js?test-hint-delay=MS holds every hint answer MS milliseconds after the request,
// so a browser test can see the searching banner and make the answer stale deterministically.
// Test hook: worker.js?test-stall=OP[,OP…] never answers those ops, so a browser test can see the page's
// time limit and its fresh start at work.
// Test hook: worker.js?test-snapshot=MODE spoils the shipped start-up snapshot after its download checks, so a
// browser test sees each fallback to the ordinary start: "foreign-build" (another Pyodide build id in its
// header: Pyodide refuses it), "unreadable" (a bad magic number: the restore throws), "stale" (the identity
// read back from the restored interpreter names another wheel), "off" (not used at all).
// Benchmark hook: worker.js?trace=1 posts {type: "trace", op, ms, at} after every piece of background work
// (ms: how long it held the worker; at: when it ended, performance.timeOrigin + performance.now()).

import { hook } from "./js/hooks.js";

const TEST_HINT_DELAY = Math.max(0, Number(hook("test-hint-delay")) || 0);
const TEST_STALL = new Set((hook("test-stall") || "").split(",").filter(Boolean));
const TRACE = hook("trace") === "1";
const TEST_SNAPSHOT = hook("test-snapshot");
const SLICE_MS = 5; // short slices: a move waits about this long behind a hint computation
const SETTLE_MS = 150;
// Background work (the next hint nobody asked for yet, the solver's tables) waits until the page has sent
// no request for IDLE_MS: while the player taps, every tap finds the worker free. A hint asked for does
// not wait. 250 ms: a quick player taps every 150 ms or so, and a page timer may fire late on a busy machine.
const IDLE_MS = 250;
let settleTimer = null;
const BASE = new URL("./", self.location.href);

// The games the worker hosts are the registry's (solitaire_core.registry): read from Python at boot, game
// id -> its engine module, whose Session speaks the protocol of docs/API.md, in the site's order. The first
// is the one a request without a game is for. Every engine is imported before a snapshot is taken (the
// build's is made the same way, tools/make_snapshot.mjs), so one snapshot serves them all.
let GAMES = {};
let DEFAULT_GAME = null;
const IMPORT_ENGINES = `
import importlib
from solitaire_core import registry
for _game in registry.games():
    importlib.import_module(_game.api_module)
del _game
`;
const READ_GAMES = "import json; from solitaire_core import registry; json.dumps({g.id: g.api_module for g in registry.games()})";

/** Every engine imported. A site built with games from outside the tree (a test's: build.py's Outside) lists
 * their registry entries in config.json ("games"): they are registered first, so the registry stays the one
 * list of games here too. */
function importEngines(runtime, config) {
  if (Array.isArray(config.games) && config.games.length > 0) {
    const registry = runtime.pyimport("solitaire_core.registry");
    try {
      registry.register_outside(JSON.stringify(config.games));
    } finally {
      registry.destroy();
    }
  }
  runtime.runPython(IMPORT_ENGINES);
}

let pyodide = null; // the runtime, once booted
let capabilities = {}; // game -> {ops, new_args}: what Python declares each game offers (read at boot)
// Read from Python once the engines are imported: the boot message carries it, and warm-up asks it.
const READ_CAPABILITIES = "import solitaire_core.protocol as _p; _p.capabilities_json()";
const apis = {}; // game -> its engine module (a PyProxy), imported when first needed
const sessions = {}; // game -> its current Session's handle method (a PyProxy)
let activeGame = null; // the game of the last request: background work is for its session
let bootError = null;

function apiOf(game) {
  if (!apis[game]) apis[game] = pyodide.pyimport(GAMES[game]);
  return apis[game];
}

/** The handle of `game`'s current session, made on first use. */
function sessionOf(game) {
  if (!sessions[game]) sessions[game] = apiOf(game).Session().handle;
  return sessions[game];
}

/** An Error with a type name that survives postMessage. */
function typedError(type, message) {
  return { type, message: String(message) };
}

function send(message) {
  try {
    self.postMessage(message);
  } catch (err) {
    // The reply could not be cloned: still answer, with a typed error.
    try {
      self.postMessage({
        id: message.id ?? null,
        seq: message.seq,
        ok: false,
        error: typedError("InternalError", `reply could not be sent: ${err}`),
      });
    } catch (again) {
      console.warn("no answer could be sent:", again); // the page's time limit answers for us
    }
  }
}

// ------------------------------------------------------------------ boot

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// When the runtime's WebAssembly file cannot be fetched or compiled, loadPyodide only logs a warning and
// never settles. Watch its warnings (and the clock) so the page can say the engine did not start.
const BOOT_TIMEOUT_MS = 120_000;
function withBootWatch(promise, timeoutMs = BOOT_TIMEOUT_MS) {
  const original = console.warn;
  let timer;
  const failed = new Promise((_, reject) => {
    console.warn = (...parts) => {
      original.apply(console, parts);
      const text = parts.map(String).join(" ");
      if (/instantiation failed|failed to fetch|CompileError/i.test(text)) {
        reject(new Error("the WebAssembly runtime did not load"));
      }
    };
    timer = setTimeout(() => reject(new Error("the runtime took too long to start")), timeoutMs);
  });
  return Promise.race([promise, failed]).finally(() => {
    console.warn = original;
    clearTimeout(timer);
  });
}

const phases = {}; // boot timings (ms since the worker started), reported in the boot message
function mark(name) {
  phases[name] = Math.round(performance.now());
}

// ------------------------------------------------------------------ start-up snapshots
//
// Starting the runtime (compiling it, starting the interpreter, importing the engines) takes seconds; restoring
// a memory snapshot of a runtime that already did it takes a fraction of that. Two kinds:
//
// - The shipped snapshot (config.json "snapshot"): made by the build in Node from the same Pyodide, with every
//   game's engine imported, gzipped. Fetched at once, in parallel with the runtime's own files, on every
//   start (the service worker precaches it; the HTTP cache keeps it too). Before it is used: its sha256 (the
//   file as shipped, or the raw snapshot when a host sent it decoded), the wheel and the Pyodide version
//   it records in config.json against the ones this worker installs; Pyodide itself refuses a snapshot of
//   another build; after the restore, the identity recorded inside the interpreter (sys.solitaire_snapshot)
//   must name the wheel of config.json. Anything wrong: the ordinary start below, nothing said to the player.
// - This browser's own, in Cache Storage, for this build: the shipped one once it restored (kept raw: a later
//   start reads it without download, decompression or hashing), or, when the shipped one cannot be used, the
//   one the ordinary start makes. A start that finds one restores it and leaves the shipped one alone. The
//   snapshots hold no game and nothing of the player's. Pyodide marks the snapshot options (`_makeSnapshot`,
//   `_loadSnapshot`) as experimental, so a snapshot of its own that does not start is dropped.
//
// After any restore, Python's `random` would replay the sequence it had when the snapshot was taken: it is
// reseeded from the system's source (the engines deal with `secrets`, and seed their own generators).

const RESEED = "import random as _r; _r.seed(); del _r";
// A restore starts with an empty standard library: every module the engines use is imported in the snapshot
// (none is imported after a restore, in any op of any game: docs/PERFORMANCE.md), so the 2.5 MB zip is not on
// the way to the table; it is fetched and put in place once the engine is ready (the snapshot's importers
// read the same file, python_stdlib.zip of the same Pyodide), for any import that might still come.
const EMPTY_STDLIB = "python_stdlib_empty.zip";
const STDLIB_LATER_MS = 1000;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function sha256Of(bytes) {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

/** The shipped snapshot's raw bytes, checked (a rejected promise says why it cannot be used). It is
 * decompressed as it downloads; the file as it arrived is kept beside for its sha256. */
async function fetchShippedSnapshot(config, runtimeVersion) {
  const info = config.snapshot;
  if (info.wheel_sha256 !== config.wheel_sha256) throw new Error("the snapshot was made of another wheel");
  const url = new URL(info.file, BASE);
  const download = fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
    const [kept, unpacked] = response.body.tee();
    const raw = new Response(unpacked.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    raw.catch(() => {}); // not gzip (a host sent it decoded) or damaged: decided below
    return { bytes: new Response(kept).arrayBuffer(), raw };
  });
  download.catch(() => {}); // reported below, when awaited
  if (info.pyodide !== (await runtimeVersion)) throw new Error("the snapshot was made by another Pyodide");
  const { bytes: arrived, raw: unpacked } = await download;
  const bytes = new Uint8Array(await arrived);
  mark("snapshot-fetched");
  // A host may send a .gz file decoded (Content-Encoding: gzip): then the raw snapshot is what arrived.
  const packed = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  const digest = await sha256Of(bytes);
  if (digest !== (packed ? info.sha256 : info.raw_sha256)) throw new Error("the snapshot is damaged (sha256)");
  const raw = packed ? new Uint8Array(await unpacked) : bytes;
  if (raw.length !== info.raw_bytes) throw new Error("the snapshot is damaged (size)");
  mark("snapshot-unpacked");
  if (TEST_SNAPSHOT === "foreign-build") raw[16] ^= 0xff; // the header's Pyodide build id
  if (TEST_SNAPSHOT === "unreadable") raw[0] ^= 0xff; // the header's magic number
  return raw;
}

/** The standard library a restore started without, in its place; reported as {type: "stdlib", ok}. */
async function installStdlib(runtime, indexURL) {
  try {
    const bytes = await fetchBytes(new URL("python_stdlib.zip", indexURL));
    const path = runtime.runPython("import sys; '/lib/python%d%d.zip' % sys.version_info[:2]");
    runtime.FS.writeFile(path, bytes);
    send({ type: "stdlib", ok: true });
  } catch (err) {
    console.warn("the standard library could not be put in place:", err); // the engines do not need it
    send({ type: "stdlib", ok: false });
  }
}

/** Throws unless the restored interpreter is the one config.json describes (its wheel, its Pyodide). */
function checkIdentity(runtime, config) {
  const expected = TEST_SNAPSHOT === "stale" ? "0".repeat(64) : config.wheel_sha256;
  const found = runtime.runPython("import sys, json; json.dumps(getattr(sys, 'solitaire_snapshot', None))");
  const identity = JSON.parse(found);
  if (!identity || identity.wheel_sha256 !== expected) {
    throw new Error("the restored snapshot holds another engine than this build's wheel");
  }
}

// (The cache's name is the one the site has always used: another would leave a 31 MB copy behind.)
const SNAPSHOT_CACHE = `tripeaks-engine-snapshot:${BASE.href}`;
const SNAPSHOT_TIMEOUT_MS = 20_000;
// Reported in the boot message: "shipped" (the build's snapshot restored), "used" (this browser's own copy),
// "made" (an ordinary start that saved one), "discarded" (this browser's own did not start), "unavailable",
// "none". `shippedError` says why the shipped snapshot was not used, when it was not.
let snapshotState = "none";
let shippedError = null;
let ownError = null; // why this browser's own snapshot did not start, when it did not

async function openSnapshots() {
  try {
    return typeof caches === "object" ? await caches.open(SNAPSHOT_CACHE) : null;
  } catch {
    return null; // no Cache Storage here (file://, some private modes)
  }
}

function snapshotKey(build) {
  return new URL(`engine-snapshot-${build}`, BASE).href;
}

async function readSnapshot(store, build) {
  try {
    const response = await store.match(snapshotKey(build));
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function saveSnapshot(store, build, bytes) {
  try {
    for (const request of await store.keys()) await store.delete(request); // older builds' snapshots
    const headers = { "content-type": "application/octet-stream" };
    await store.put(snapshotKey(build), new Response(bytes, { headers }));
    send({ type: "snapshot-saved", ok: true });
  } catch (err) {
    console.warn("the start-up snapshot could not be saved:", err); // (storage full): next start is normal
    send({ type: "snapshot-saved", ok: false });
  }
}

// ------------------------------------------------------------------ installing the engine

function fetchWheel(config) {
  const wheel = fetchBytes(new URL(config.wheel, BASE));
  wheel.catch(() => {}); // reported when awaited
  return wheel;
}

async function installEngine(pyodide, config, wheelBytes) {
  // The engine is pure Python: its wheel is unpacked straight into site-packages (a wheel is a zip file),
  // which is what installing it amounts to, without loading micropip first (about 0.5 s saved per start).
  const wheelName = config.wheel.split("/").pop();
  const wheel = await wheelBytes;
  const sha256 = await sha256Of(wheel);
  if (config.wheel_sha256 && sha256 !== config.wheel_sha256) {
    throw new Error(`${wheelName} is damaged (its sha256 does not match config.json)`);
  }
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(wheel, "zip", { extractDir: sitePackages });
  importEngines(pyodide, config);
}

async function boot() {
  const t0 = performance.now();
  mark("start");
  if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available in this browser");
  const runtime = import(new URL("pyodide/pyodide.mjs", BASE).href); // in parallel with config.json
  runtime.catch(() => {}); // reported below, when awaited
  const opening = openSnapshots(); // this browser's own snapshots: in parallel with config.json too
  const configResponse = await fetch(new URL("config.json", BASE));
  if (!configResponse.ok) throw new Error(`config.json: HTTP ${configResponse.status}`);
  const config = await configResponse.json();
  const store = await opening;
  const stored = store ? await readSnapshot(store, config.build) : null;
  const useShipped = Boolean(config.snapshot) && TEST_SNAPSHOT !== "off" && typeof DecompressionStream === "function";
  const version = runtime.then((module) => module.version);
  // Without a snapshot of its own for this build, the shipped one's download starts now, beside the
  // runtime's module and wasm.
  let shipped = useShipped && !stored ? fetchShippedSnapshot(config, version) : null;
  if (shipped) shipped.catch(() => {}); // reported when awaited
  const indexURL = new URL("pyodide/", BASE).href;
  const options = {
    indexURL,
    lockFileURL: new URL("pyodide-lock.json", indexURL).href,
    packageBaseUrl: indexURL,
    stdout: () => {},
    stderr: (line) => console.warn("[python]", line),
  };
  const restoring = { ...options, stdLibURL: new URL(EMPTY_STDLIB, indexURL).href };
  const { loadPyodide } = await runtime;
  mark("imported");
  if (stored) {
    try {
      pyodide = await withBootWatch(loadPyodide({ ...restoring, _loadSnapshot: stored }), SNAPSHOT_TIMEOUT_MS);
      pyodide.runPython(RESEED);
      importEngines(pyodide, config);
      snapshotState = "used";
    } catch (err) {
      console.warn("the start-up snapshot did not start, starting the ordinary way:", err);
      ownError = String(err && err.message ? err.message : err);
      pyodide = null;
      snapshotState = "discarded";
      await store.delete(snapshotKey(config.build)).catch(() => {});
      if (useShipped) shipped = fetchShippedSnapshot(config, version);
    }
  }
  if (!pyodide && shipped) {
    try {
      // The promise itself: Pyodide fetches its wasm while the snapshot downloads.
      pyodide = await withBootWatch(loadPyodide({ ...restoring, _loadSnapshot: shipped }), SNAPSHOT_TIMEOUT_MS);
      checkIdentity(pyodide, config);
      pyodide.runPython(RESEED);
      importEngines(pyodide, config);
      snapshotState = "shipped";
      // Kept as this browser's own (raw, no download, no decompression next time), once the table is up.
      const raw = await shipped;
      if (store) setTimeout(() => saveSnapshot(store, config.build, raw), STDLIB_LATER_MS);
    } catch (err) {
      console.warn("the shipped start-up snapshot cannot be used, starting the ordinary way:", err);
      shippedError = String(err && err.message ? err.message : err);
      pyodide = null;
    }
  }
  if (pyodide) {
    mark("pyodide");
    const runtimeNow = pyodide;
    setTimeout(() => installStdlib(runtimeNow, indexURL), STDLIB_LATER_MS);
  } else {
    await bootFromScratch(config, options, loadPyodide, store);
  }
  mark("installed");
  GAMES = JSON.parse(pyodide.runPython(READ_GAMES));
  DEFAULT_GAME = Object.keys(GAMES)[0];
  activeGame = DEFAULT_GAME;
  capabilities = JSON.parse(pyodide.runPython(READ_CAPABILITIES));
  sessionOf(DEFAULT_GAME);
  mark("session");
  return performance.now() - t0;
}

/** The start when no snapshot can be used: the runtime from scratch with the wheel, saving a snapshot of
 * this browser's own for next time. */
async function bootFromScratch(config, options, loadPyodide, store) {
  const wheelBytes = fetchWheel(config);
  pyodide = await withBootWatch(loadPyodide({ ...options, _makeSnapshot: Boolean(store) }));
  mark("pyodide");
  await installEngine(pyodide, config, wheelBytes);
  mark("unpacked");
  if (store) {
    try {
      const bytes = pyodide.makeMemorySnapshot();
      saveSnapshot(store, config.build, bytes); // not awaited: the table need not wait for the disk
      if (snapshotState === "none") snapshotState = "made";
    } catch (err) {
      console.warn("no start-up snapshot:", err);
      snapshotState = "unavailable";
    }
  }
}

// ------------------------------------------------------------------ engine calls

/** An op on the session of the game last asked for (what background work acts on). */
function engine(op, args) {
  return call(sessionOf(activeGame), op, args);
}

// "new" and "restore" run on a fresh Session of that game that replaces its current one only when they
// succeed: nothing of the previous game (such as a hint job) can leak into the new one, and a refused ID
// or save leaves the current game as it was. The other games' sessions are not touched.
function freshSessionOp(game, op, args) {
  const handle = apiOf(game).Session().handle;
  const reply = call(handle, op, args);
  if (reply.ok) {
    const previous = sessions[game];
    if (previous && typeof previous.destroy === "function") previous.destroy();
    sessions[game] = handle;
  } else if (typeof handle.destroy === "function") {
    handle.destroy();
  }
  return reply;
}

function call(handle, op, args) {
  let text;
  try {
    text = handle(JSON.stringify({ op, args: args || {} })); // a too-deep value throws here, not in Python
  } catch (err) {
    return { ok: false, error: typedError("InternalError", err && err.message ? err.message : err) };
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    return { ok: false, error: typedError("InternalError", `engine reply is not JSON: ${err}`) };
  }
}

// ------------------------------------------------------------------ hints in slices

let generation = 0; // bumps whenever the position may have changed
let lastVersion = null;
let cached = null; // {generation, reply} for the hint of the current position
let loopRunning = false;
const waiting = []; // hint requests not answered yet: {id, generation, notBefore}

const yieldChannel = new MessageChannel();
const yieldQueue = [];
yieldChannel.port1.onmessage = () => yieldQueue.shift()();
function yieldToEvents() {
  return new Promise((resolve) => {
    yieldQueue.push(resolve);
    yieldChannel.port2.postMessage(0);
  });
}

/** An engine call made by background work (not asked for by the page), traced under ?trace=1. */
function background(op, args) {
  const t0 = performance.now();
  const reply = engine(op, args);
  if (TRACE) {
    const end = performance.now();
    self.postMessage({ type: "trace", op, ms: end - t0, at: performance.timeOrigin + end });
  }
  return reply;
}

// ------------------------------------------------------------------ waiting for the player to be idle

let lastRequest = -Infinity; // performance.now() when the page's last request (other than "hint") was done
let wakeIdle = null; // ends the current wait for idleness at once (a hint was asked for)

function hintWanted() {
  return waiting.some((request) => request.generation === generation);
}

/** Resolves once the player has been idle for IDLE_MS, or at once when a hint is waiting for an answer. */
async function whenIdle() {
  for (;;) {
    const wait = lastRequest + IDLE_MS - performance.now();
    if (wait <= 0 || hintWanted()) return;
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, wait);
      wakeIdle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeIdle = null;
  }
}

function positionMayHaveChanged(op, reply) {
  lastRequest = performance.now(); // a move, a refused one too: the player is busy
  if (!reply.ok || !reply.state) return;
  const version = reply.state.version;
  if (op === "new" || op === "restore" || version !== lastVersion) {
    lastVersion = version;
    generation += 1;
    cached = null;
    answerWaiting();
    // Precompute the next hint once the position settles: a quick chain of taps does not queue behind
    // hint slices, and a hint asked for meanwhile starts the computation at once.
    clearTimeout(settleTimer);
    settleTimer = setTimeout(runHintLoop, SETTLE_MS);
  }
}

function answerWaiting() {
  const now = performance.now();
  for (let i = waiting.length - 1; i >= 0; i -= 1) {
    const request = waiting[i];
    if (request.notBefore > now) continue; // its timer answers it
    if (request.generation !== generation) {
      waiting.splice(i, 1);
      send({ id: request.id, ok: true, stale: true });
    } else if (cached && cached.generation === generation) {
      waiting.splice(i, 1);
      send({ id: request.id, ...cached.reply });
    }
  }
}

/** Background work and hints follow `game` from now on: what was computed for another game is stale. */
function switchGame(game) {
  if (game === activeGame) return;
  activeGame = game;
  lastVersion = null;
  generation += 1;
  cached = null;
  answerWaiting();
}

async function runHintLoop() {
  if (loopRunning || pyodide === null) return;
  loopRunning = true;
  try {
    while (!(cached && cached.generation === generation)) {
      await whenIdle();
      const mine = generation;
      let reply = background("hint_start", {});
      if (reply.ok && !reply.done) {
        for (;;) {
          await yieldToEvents(); // let moves in
          await whenIdle();
          if (generation !== mine) break;
          reply = background("hint_step", { slice_ms: SLICE_MS });
          if (!reply.ok || reply.done) break;
        }
      }
      if (generation !== mine) continue; // the position moved on: start again for the new one
      if (reply.ok && reply.stale) continue;
      cached = {
        generation: mine,
        reply: reply.ok ? { ok: true, hint: reply.hint } : { ok: false, error: reply.error },
      };
      answerWaiting();
    }
  } catch (err) {
    // Never leave a hint request unanswered.
    const error = typedError("InternalError", `hint computation failed: ${err && err.message ? err.message : err}`);
    for (const request of waiting.splice(0)) send({ id: request.id, ok: false, error });
  } finally {
    loopRunning = false;
  }
  warmUp();
}

// Build the solver's tables in idle slices once the first hint is ready, so the first levelled deal or
// deep hint does not pay for them; moves and hints still get through between slices. The hint loop goes
// first: when it runs again, the warm-up stops and the loop starts it again when it is done.
// Only a game whose capabilities list "warm" has tables to build; each has its own, so the state is kept
// per game; a change of game stops the warm-up like a hint loop does.
const warmState = {}; // game -> "cold" (absent), "warming" or "warm"
function canWarm(game) {
  const declared = capabilities[game];
  return Boolean(declared && declared.ops.includes("warm"));
}

async function warmUp() {
  const game = activeGame;
  if (warmState[game] || pyodide === null || !canWarm(game)) return;
  warmState[game] = "warming";
  try {
    for (;;) {
      await yieldToEvents();
      await whenIdle();
      if (loopRunning || activeGame !== game) {
        delete warmState[game];
        return;
      }
      const reply = background("warm", { slice_ms: SLICE_MS });
      if (!reply.ok || reply.done) break;
    }
  } catch {
    // the tables will be built by the first search that needs them
  }
  warmState[game] = "warm";
}

function requestHint(id) {
  const request = { id, generation, notBefore: performance.now() + TEST_HINT_DELAY };
  waiting.push(request);
  if (TEST_HINT_DELAY > 0) setTimeout(answerWaiting, TEST_HINT_DELAY + 1);
  answerWaiting();
  if (wakeIdle) wakeIdle(); // a loop waiting for the player to be idle goes on at once
  runHintLoop();
}

// ------------------------------------------------------------------ requests

const booted = boot().then(
  (ms) => send({ type: "boot", ok: true, ms, phases, games: capabilities, snapshot: snapshotState, shippedError, ownError }),
  (err) => {
    bootError = typedError("BootError", err && err.message ? err.message : err);
    send({ type: "boot", ok: false, error: bootError });
  },
);

// Every message gets exactly one answer with its id, whatever happens. A message that cannot be read (a
// structured clone too deep for this thread's stack arrives with `data` null; a `messageerror` has none)
// is answered with `seq`, its place among the messages received, which the page matches to the request
// it posted in that place.
let received = 0;

function unreadable(seq, what) {
  send({ id: null, seq, ok: false, error: typedError("RequestError", `the request could not be read (${what})`) });
}

self.onmessageerror = () => unreadable(++received, "messageerror");

self.onmessage = async (event) => {
  const seq = ++received;
  const data = event.data;
  const id = data && typeof data === "object" ? data.id : undefined;
  if (typeof id !== "number" && typeof id !== "string") {
    unreadable(seq, data === null || data === undefined ? "no data" : "no id");
    return;
  }
  let answered = false;
  const answer = (reply) => {
    answered = true;
    send({ id, seq, ...reply });
  };
  try {
    await booted;
    if (bootError) return answer({ ok: false, error: bootError });
    const { op, args } = data;
    const game = data.game ?? DEFAULT_GAME;
    if (typeof game !== "string" || !Object.hasOwn(GAMES, game)) {
      const known = Object.keys(GAMES).join(", ");
      return answer({ ok: false, error: typedError("RequestError", `unknown game ${JSON.stringify(String(game)).slice(0, 40)}: expected one of ${known}`) });
    }
    if (typeof op !== "string") return answer({ ok: false, error: typedError("RequestError", "request without an op") });
    if (TEST_STALL.has(op)) return; // test hook: this op is never answered (the page's time limit must act)
    if (op === "check_deal") return answer(call(sessionOf(game), op, args)); // background work stays as it is
    if (op === "busy") {
      // The worker's own op: the player is in the middle of something (a card selected, a pair to come),
      // so background work waits as it does after a move; nothing else happens.
      lastRequest = performance.now();
      return answer({ ok: true });
    }
    switchGame(game);
    if (op === "hint") {
      answered = true; // answered by the hint loop
      requestHint(id);
      return;
    }
    const reply = op === "new" || op === "restore" ? freshSessionOp(game, op, args) : engine(op, args);
    answer(reply);
    positionMayHaveChanged(op, reply);
  } catch (err) {
    const message = `the worker failed on ${data.op}: ${err && err.message ? err.message : err}`;
    if (!answered) answer({ ok: false, error: typedError("InternalError", message) });
    else console.warn(message);
  }
};
