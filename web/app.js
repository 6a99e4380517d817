// The controller of the shell every game shares: an intent (a tap, a key, a link) becomes a request to the
// engine, its reply the game's state, saved, then drawn in one render through the game's table component
// (web/games/<game>/, created from the registry, js/games.js). Around it, one module per job: js/router.js
// (addresses, the switcher's links, the leave dialog), js/saves.js (persistence), js/deals.js (new-deal
// choice, statistics, solution replay), js/endings.js (the end panels), js/lines.js (message line, hint
// banner). No rule of any game is decided here: the engine says what is legal, playable, won or stuck, and
// no game is named: the registry lists them.

import { takeEarlyWorker, workerUrl } from "./js/boot.js";
import { setupDeals } from "./js/deals.js";
import { Engine } from "./js/engine.js";
import { gameAddress, gameInfo, GAMES, isGame } from "./js/games.js";
import { hook } from "./js/hooks.js";
import * as i18n from "./js/i18n.js";
import { applyStatic, dealMessage, language, LANGUAGES, loadLanguage, pickLanguage, quoteInput, t } from "./js/i18n.js";
import { guardDoubleTaps } from "./js/doubletap.js";
import { bindKeys } from "./js/keyboard.js";
import * as stats from "./js/stats.js";
import * as store from "./js/storage.js";
import { createEndings } from "./js/endings.js";
import { createLines } from "./js/lines.js";
import * as router from "./js/router.js";
import { createSaves, savedClock } from "./js/saves.js";
import { formatTime, GameTimer } from "./js/timer.js";

const $ = (id) => document.getElementById(id);
const game = $("game");
const SEARCHING_AFTER_MS = 60;

const timer = new GameTimer(renderTimer);
const saves = createSaves(() => timer.elapsed());
const endings = createEndings({ timer, game: () => current });
const lines = createLines({ state: () => state, game: () => current });
/** What a game's renderer may ask of the shell. */
const shell = {
  act: (name, arg) => act(name, arg),
  send: (op, args, options) => send(op, args, options),
  setMessage: (message) => lines.setMessage(message),
  /** A request sent by send() is on its way: the table on screen is about to change (see act()). */
  moving: () => movesInFlight > 0,
  /** The player is in the middle of a move (a card selected): the worker holds its background work. */
  busy: () => engine && engine.request("busy").catch(() => {}),
};
// Every game of the registry, its table component created once on its table's element (its parts.html's
// [data-table]), reporting intents through `shell`.
const renderers = Object.fromEntries(
  GAMES.map((manifest) => [manifest.id, manifest.create(document.querySelector(`[data-table="${manifest.id}"]`), shell)]),
);
let current = renderers[GAMES[0].id]; // the game on the table
let engine = null;
let state = null; // the latest snapshot
let clockStarted = false; // the clock starts with the first move of a deal
let hintTicket = 0; // bumps on every move: a hint answer for an older ticket is dropped
let staleDropped = 0;
let movesInFlight = 0; // requests sent by send() and not answered yet: a tap made meanwhile is dropped
let settled = Promise.resolve(); // resolves when no request of send() is on its way (keys wait for it)
let settle = () => {};
let restoreStalls = 0; // restores of the saved game that got no answer in a row (see openFirstGame)
let deals = null; // new-deal choice, statistics, solution replay, score (js/deals.js)

// ------------------------------------------------------------------ start

async function start() {
  // The worker js/boot.js started before this module's imports were fetched: the engine boots meanwhile.
  engine = new Engine(workerUrl(), engineOptions(), takeEarlyWorker());
  useGame(router.firstGame());
  const stored = store.readText("lang");
  await loadLanguage(pickLanguage(stored, navigator.languages || [navigator.language]), catalogues());
  applyStatic();
  router.renderGameLinks(current.id);
  renderLanguageSwitch();
  current.activate();
  bindInputs();
  deals = setupDeals({
    engine: () => engine,
    state: () => state,
    game: () => current,
    timer,
    startDeal: (args) => startDeal(null, { args }),
    openDeal: (dealId) => startDeal(dealId), // a typed deal ID, already checked (check_deal)
    setMessage: (message) => lines.setMessage(message),
    restoreTable: () => state && showSnapshot(state),
    showFrame: showSnapshot, // a solution replay's frame: its table and its figures
    giveUp: () => send("give_up", {}),
    engineError: showEngineError, // a stalled request offers the fresh start from anywhere
    applyReply: (reply, op) => applyReply(reply, { op }),
  });
  lines.setMessage({ key: "loading" });
  renderTimer();
  // A first-time player's welcome line is the page's own text: shown at once, in its fixed line (nothing
  // moves), while the engine starts; it is the largest text of a first visit (its LCP).
  if (store.readText("welcome") !== "seen") $("welcome").hidden = false;
  paintSaved();

  try {
    await engine.ready;
  } catch (err) {
    endPreview();
    game.dataset.state = "failed";
    showBootFailure(err);
    return;
  }
  await openFirstGame();
  endPreview();
  game.dataset.state = "ready";
  for (const id of ["hint", "new"]) $(id).disabled = false;
  $("undo").disabled = !(state && state.can_undo);
  $("deal-id").disabled = false;
  performance.mark("table-ready");
}

// ------------------------------------------------------------------ games

let switching = false;

/** Make `id` the game on the table: its renderer, storage, texts, statistics and engine session. */
function useGame(id) {
  current = renderers[gameInfo(id).id];
  store.useGame(current.id);
  i18n.useGame(current.id);
  stats.useScheme(gameInfo(current.id).stats);
  if (engine) engine.game = current.id;
  document.documentElement.dataset.game = current.id;
  store.writeText("game", current.id);
}

/**
 * Put another game on the table without loading the page again: the game being left is saved as it is
 * (its clock too), the other one comes back from its own save (or a new deal), at its own address.
 * `push` is false when the address already says it (Back or Forward).
 */
async function switchGame(id, { push = true } = {}) {
  if (id === current.id || switching || !ready() || !isGame(id)) return;
  switching = true;
  game.dataset.state = "switching"; // "ready" again once the other game's table is drawn
  try {
    deals.leaveGame();
    endings.close();
    dismissBanner();
    current.reset();
    saveClock();
    timer.setWanted(false);
    useGame(id);
    deals.useGame();
    if (push) history.pushState(null, "", gameAddress(id));
    applyStatic();
    router.renderGameLinks(current.id);
    current.activate();
    state = null;
    lines.clearNotice();
    clockStarted = false;
    $("welcome").hidden = store.readText("welcome") === "seen";
    await openFirstGame();
    lines.renderMessage();
    performance.mark(`switched-${id}`);
  } finally {
    switching = false;
    if (game.dataset.state === "switching") game.dataset.state = "ready";
  }
}

/** Every game's catalogue name (i18n/<name>.<lang>.json): each game has its own texts. */
function catalogues() {
  return GAMES.map((manifest) => manifest.id);
}

/** Time limits of engine requests; the test build's test-request-timeout-ms hook shortens both. */
function engineOptions() {
  const ms = Number(hook("test-request-timeout-ms"));
  return ms > 0 ? { timeoutMs: ms, slowTimeoutMs: ms } : {};
}

/**
 * The saved game, else the deal from #ID, else a random deal. A saved game in progress is never lost to the
 * address: a bad #ID gets a notice and the game goes on; another deal's ID is asked about first (openLink).
 * A save is checked before it is sent (size, depth, shape; a bad clock is repaired, the game kept).
 *
 * The save itself is never deleted here: a save the engine refuses is replaced by the next deal's save, and
 * one whose restore got no answer stays as it is: the page offers the fresh start, which tries it again.
 * Only when a fresh engine stalls on it a second time does a new deal (a real game) take its place.
 */
async function openFirstGame() {
  const wanted = router.hashDealId();
  const saved = saves.read();
  const notices = saved.notice ? [saved.notice] : [];
  const record = saved.record;
  if (record) {
    try {
      const reply = await engine.request("restore", { save: record.engine });
      restoreStalls = 0;
      clockStarted = record.elapsed_ms > 0 || reply.state.moves > 0;
      timer.reset(record.elapsed_ms);
      applyReply(reply, { op: "restore" });
    } catch (err) {
      if (isStall(err) && restoreStalls === 0) {
        restoreStalls = 1;
        showEngineError(err);
        return;
      }
      restoreStalls = 0;
      notices.push({ key: isStall(err) ? "notice.save_stalled" : "notice.bad_save", kind: "notice" });
      if (isStall(err) && !(await freshEngine())) return;
    }
  }
  if (wanted && state) {
    if (!router.sameDeal(state.deal_id, wanted)) await openLink(wanted);
  } else if (wanted && !(await startDeal(wanted, { quietError: true }))) {
    notices.push({ key: "notice.bad_deal", vars: { id: quoteInput(wanted) }, kind: "notice" });
  }
  if (!state) await startDeal(null);
  if (notices.length > 0) lines.setMessage(notices[notices.length - 1]);
}

/**
 * Display only, while the engine starts: the saved game's table as the page last drew it, from storage, so a
 * returning player sees it at once. Nothing is decided from it (the engine's own reply to the restore draws
 * the same table over it, in the same place); taps wait, with the table marked busy, until the engine is
 * ready. Drawn only when the address names no other deal. Returns whether it drew.
 */
function paintSaved() {
  const saved = saves.savedView();
  if (!saved) return false;
  const { record, view } = saved;
  const wanted = router.hashDealId();
  if (wanted && !router.sameDeal(wanted, record.deal_id)) return false;
  try {
    showSnapshot(view);
  } catch (err) {
    console.warn("the saved table could not be drawn before the engine started:", err);
    current.reset();
    return false;
  }
  if (deals) deals.preview(view);
  $("undo").disabled = true; // nothing is playable before the engine is
  timer.reset(savedClock(record) ?? 0);
  renderTimer();
  game.dataset.preview = "saved";
  game.setAttribute("aria-busy", "true");
  performance.mark("table-painted");
  return true;
}

function endPreview() {
  delete game.dataset.preview;
  game.removeAttribute("aria-busy");
}

/** A game with moves made that is neither over nor stuck nor proven lost: one stray key or link must not end it. */
function gameUnderWay() {
  return Boolean(state) && state.outcome === "playing" && !state.over && state.moves > 0 && $("lost-actions").hidden;
}

/**
 * Open the deal a link names (at open, on hashchange, with Back). A bad ID gets a notice and changes nothing;
 * a game under way is left only when the player says so; one with no move yet, or over, is simply replaced.
 */
async function openLink(wanted) {
  let checked;
  try {
    checked = await engine.request("check_deal", { deal_id: wanted, current: state.deal_id || undefined });
  } catch (err) {
    router.restoreAddress(current.id, state);
    if (isStall(err)) showEngineError(err);
    else lines.setMessage({ key: "notice.bad_link", vars: { id: quoteInput(wanted) }, kind: "notice" });
    return false;
  }
  if (checked.same_game || router.sameDeal(checked.deal_id, state.deal_id)) {
    // The link names the game on the table (E-12 during deal 12): nothing to leave.
    router.restoreAddress(current.id, state);
    return false;
  }
  if (gameUnderWay() && !(await router.askToLeave(checked.deal_id, state.deal_id))) {
    router.restoreAddress(current.id, state);
    lines.setMessage(dealMessage("leave.kept", state.deal_id));
    return false;
  }
  endings.close();
  return startDeal(checked.deal_id);
}

/** Start a deal by ID (or a random one); returns false when the ID was refused. */
async function startDeal(dealId, { quietError = false, args = {} } = {}) {
  let reply;
  try {
    reply = await engine.request("new", dealId ? { deal_id: dealId } : current.dealArgs(args));
  } catch (err) {
    if (!quietError) showEngineError(err);
    return false;
  }
  clockStarted = false;
  timer.reset(0);
  applyReply(reply, { op: "new" });
  return true;
}

// ------------------------------------------------------------------ replies

/** Write the clock into the save of the game on the table. */
function saveClock() {
  if (state) saves.writeClock();
}

/**
 * Another tab saved this game's save key: its game is newer than ours, so this tab takes it up instead of
 * overwriting it with its next move (the last to save would win silently). A save holding the same game
 * (only its clock written) is taken up without a word.
 */
async function adoptOtherTab(text) {
  if (!ready() || deals.busy()) return;
  const record = saves.fromOtherTab(text);
  if (!record) return;
  const forGame = current.id;
  let reply;
  try {
    reply = await engine.request("restore", { save: record.engine });
  } catch (err) {
    if (isStall(err)) showEngineError(err);
    return; // a save this tab cannot read: it keeps its own game, and its next move saves it
  }
  if (forGame !== current.id) return;
  saves.adopt(record);
  endings.close();
  clockStarted = reply.state.moves > 0;
  timer.reset(savedClock(record) ?? 0);
  applyReply(reply, { op: "restore", persist: false });
  lines.setMessage({ key: "notice.other_tab", kind: "notice" });
}

const RESTARTS = ["new", "replay", "restore"];

/**
 * A reply: its snapshot becomes the game's state, saved (js/saves.js) before anything is drawn, then one
 * render; the statistics and the deal's bookkeeping (js/deals.js) follow, outside the render. Returns whether
 * the position changed.
 */
function applyReply(reply, { op, fromRect = null, target = null, quiet = false, persist: save = true } = {}) {
  const previous = state;
  const next = reply.state;
  if (!next) return false;
  const restarted = RESTARTS.includes(op);
  const moved = restarted || !previous || previous.version !== next.version || previous.deal_id !== next.deal_id;
  if (moved && current.moveOps.includes(op) && !clockStarted) clockStarted = true;
  state = next;
  if (save) saves.write(reply);
  render(previous, next, { reply, op, moved, restarted, fromRect, target, quiet });
  if (deals) deals.onState(previous, next, op);
  return moved;
}

/** Draw what a reply changed: the table, its effects, the lines, the status, the end panels, the clock. */
function render(previous, next, { reply, op, moved, restarted, fromRect, target, quiet }) {
  $("recover").hidden = true; // the engine answers again: no fresh start needed
  if (restarted) current.reset();
  showTable(next);
  if (moved) {
    hintTicket += 1;
    lines.closeBanner();
  }
  current.afterReply(reply, { moved, op, fromRect, target });
  if (reply.rejection && !quiet) {
    lines.setMessage({ key: `reject.${reply.rejection.reason}`, kind: "rejection" });
  } else if (moved) {
    lines.clearNotice();
  }
  if (restarted) history.replaceState(null, "", router.addressOf(current.id, next));
  renderStatus(previous, next);
  lines.renderMessage();
  endings.render(previous, next, op);
  timer.setWanted(clockStarted && next.outcome === "playing");
}

/** Draw a snapshot on the table (the game's table component). */
function showTable(snapshot) {
  current.update(snapshot);
}

/** Table and status figures of a snapshot that is not the player's game (a replay's frame), or back. */
function showSnapshot(snapshot) {
  showTable(snapshot);
  renderStatus(null, snapshot);
}

function renderStatus(previous, next) {
  current.renderStatus(previous, next);
  $("moves").textContent = t("status.moves", { n: next.moves });
  $("deal-id").textContent = router.dealLabel(next);
  $("deal-id").setAttribute("aria-label", router.dealCopyLabel(next));
  $("undo").disabled = !next.can_undo;
}

function renderTimer() {
  const el = $("timer");
  const text = t("status.time", { time: formatTime(timer.elapsed()) });
  if (el.textContent !== text) el.textContent = text;
  el.dataset.running = String(timer.running());
}

function dismissWelcome() {
  if (!$("welcome").hidden) $("welcome").hidden = true;
  if (state) store.writeText("welcome", "seen");
}

// ------------------------------------------------------------------ intents

function ready() {
  return state !== null && engine !== null && !engine.failure && !restarting && !switching;
}

/**
 * Send a request made on the snapshot on the table and draw its reply. While it is on its way, act() drops
 * the player's next taps (they were aimed at a table about to change); a refusal that comes back after the
 * table changed anyway belongs to an older snapshot and is not shown.
 */
async function send(op, args, options = {}) {
  const forGame = current.id;
  const version = state ? state.version : null;
  if (movesInFlight === 0) settled = new Promise((resolve) => (settle = resolve));
  movesInFlight += 1;
  try {
    const reply = await engine.request(op, args);
    if (forGame !== current.id) return false; // the player switched games meanwhile: the save has it
    const stale = state !== null && state.version !== version;
    return applyReply(reply, { op, ...options, quiet: stale });
  } catch (err) {
    if (forGame === current.id && (!state || state.version === version || isStall(err))) showEngineError(err);
    return false;
  } finally {
    movesInFlight -= 1;
    if (movesInFlight === 0) settle();
  }
}

/**
 * Say that the engine did not do what was asked, in the player's words: a request with no answer offers the
 * fresh start; any other failure gets a short sentence (the engine's own text, in English and meant for
 * developers, goes to the console only).
 */
function showEngineError(err) {
  if (err && err.message) console.warn(`engine: ${err.type}: ${err.message}`);
  if (isStall(err)) {
    stalledOp = err.op || stalledOp;
    lines.setMessage({ key: "notice.stalled", kind: "notice" });
    $("recover").hidden = false;
    return;
  }
  lines.setMessage({ key: err && err.type === "MoveError" ? "notice.move_failed" : "notice.error", kind: "notice" });
}

/** The engine did not start: the player's words on the page, the technical reason in the console. */
function showBootFailure(err) {
  console.warn(`engine did not start: ${err.type || ""} ${err.message || ""}`);
  lines.setMessage({ key: "boot_failed", kind: "notice" });
}

/** A request that got no answer in time, or a worker that died: only a fresh engine helps. */
function isStall(err) {
  return engine !== null && engine.stalled(err);
}

let stalledOp = null;
let restarting = false;

/** Stop the engine worker and boot a fresh one (statistics and settings are the page's: they stay). */
async function freshEngine() {
  restarting = true;
  $("recover").hidden = true;
  game.dataset.state = "loading";
  engine.terminate();
  engine = new Engine(workerUrl(), engineOptions());
  engine.game = current.id;
  try {
    await engine.ready;
    return true;
  } catch (err) {
    game.dataset.state = "failed";
    showBootFailure(err);
    return false;
  } finally {
    restarting = false;
  }
}

/** The fresh start offered after a stall: a new worker, and the last good save back (or a new deal). */
async function restartEngine() {
  if (restarting) return;
  stalledOp = null; // the save stays: openFirstGame tries it once more in the fresh engine
  lines.setMessage({ key: "loading" });
  if (!(await freshEngine())) return;
  state = null;
  await openFirstGame();
  game.dataset.state = "ready";
  const notice = lines.notice();
  if (!notice || notice.key === "loading") lines.setMessage({ key: "notice.restarted", kind: "notice" });
}

/** The intents every game has; a game adds its own (its manifest's `intents`: a take, a pick, a recycle, ...). */
const intents = {
  undo() {
    if (!state.can_undo) {
      // Said by the page from the snapshot: nothing to take back (or the game is closed for good).
      lines.setMessage({ key: state.over ? "reject.game_over" : "notice.nothing_to_undo", kind: "rejection" });
      return false;
    }
    return send("undo", {});
  },
  new() {
    endings.close();
    deals.openNewDeal(); // the choice of difficulty and variant; its "Distribuer" button deals
  },
  again() {
    // One key must not throw a game in progress away: after a move, and until the game is over or proven
    // lost, the choice opens with the settings of the deal on the table (Enter deals) instead.
    const inProgress = gameUnderWay();
    endings.close();
    if (inProgress) return deals.offerAgain();
    return deals.dealAgain(); // at once, with the difficulty and variant of the deal on the table
  },
  async replay() {
    endings.close();
    try {
      const reply = await engine.request("replay", {});
      clockStarted = false;
      timer.reset(0);
      applyReply(reply, { op: "replay" });
      lines.setMessage(dealMessage("notice.replay", state.deal_id));
    } catch (err) {
      showEngineError(err);
    }
  },
  async hint() {
    if (state.outcome === "won") {
      lines.setMessage({ key: "hint.won", kind: "rejection" }); // nothing left to find: the game is won
      return;
    }
    const ticket = ++hintTicket;
    const version = state.version;
    current.highlight(null);
    const searching = setTimeout(() => {
      if (ticket === hintTicket) lines.showBanner({ kind: "searching" });
    }, SEARCHING_AFTER_MS);
    let reply;
    try {
      reply = await engine.request("hint", {});
    } catch (err) {
      clearTimeout(searching);
      if (ticket === hintTicket) lines.showBanner({ kind: "error", message: err.message || err.type });
      if (isStall(err)) showEngineError(err); // the engine is not answering: offer the fresh start
      return;
    }
    clearTimeout(searching);
    const hint = reply.hint;
    if (ticket !== hintTicket || reply.stale || !hint || hint.version !== state.version || version !== state.version) {
      staleDropped += 1;
      game.dataset.staleHints = String(staleDropped);
      return;
    }
    lines.showBanner({ kind: "hint", hint });
    current.highlight(hint);
  },
};

const ANYTIME_INTENTS = new Set(["hint", "new"]);

/**
 * A key's intent. A key aims at no card (D draws whatever the table is), so one pressed while a move is on
 * its way waits for the reply instead of being dropped: keys pressed quickly all count, in order.
 */
async function actFromKey(name) {
  while (movesInFlight > 0) await settled;
  act(name);
}

/** Run an intent if the engine is ready; the first action hides the welcome line for good. */
function act(name, arg) {
  if (!ready() || deals.busy()) return false; // not while a deal is dealt or a solution is replayed
  // A tap made while a move is on its way was aimed at the table as it was: drop it rather than play it on
  // the table as it will be (a double tap must not play a second card). Auto-finish's stop is not a move.
  if (movesInFlight > 0 && !ANYTIME_INTENTS.has(name) && !(current.anytimeIntents || []).includes(name)) {
    current.update(state); // a card being dragged goes back where the snapshot has it
    return false;
  }
  dismissWelcome();
  if (name !== "hint") lines.clearNotice();
  const intent = current.intents[name] || intents[name];
  if (intent) intent(arg);
}

async function copyDealId() {
  if (!state) return;
  const id = state.deal_id;
  if (!id) {
    lines.setMessage({ key: "deal.no_id" });
    return;
  }
  try {
    await navigator.clipboard.writeText(id);
    lines.setMessage({ key: "deal.copied", vars: { id } });
  } catch {
    lines.setMessage({ key: "deal.copy_failed", vars: { id } });
  }
}

async function switchLanguage() {
  const next = LANGUAGES[(LANGUAGES.indexOf(language()) + 1) % LANGUAGES.length];
  store.writeText("lang", next);
  await loadLanguage(next, catalogues());
  applyStatic();
  renderLanguageSwitch();
  router.renderGameLinks(current.id);
  if (state && !deals.replaying()) {
    showTable(state);
    renderStatus(null, state);
    endings.refresh(state);
  }
  renderTimer();
  lines.renderMessage();
  lines.renderBanner();
  if (deals) deals.onLanguage();
}

function renderLanguageSwitch() {
  const button = $("lang");
  button.textContent = t("lang.switch");
  button.title = t("lang.switch_label");
  button.dataset.short = t("lang.short"); // what a narrow screen shows (style.css); the name stays whole
  button.setAttribute("aria-label", t("lang.switch_label"));
  button.lang = LANGUAGES.find((l) => l !== language()) || "";
}

function showRules() {
  const section = $("comment-jouer");
  section.scrollIntoView({ behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  $("rules-title").focus({ preventScroll: true });
}

function backToGame() {
  window.scrollTo({ top: 0 });
  current.focusPlayable();
}

/** The player closed the banner: an answer still on its way is not shown any more. */
function dismissBanner() {
  hintTicket += 1;
  lines.closeBanner();
}

function escape() {
  if (current.escape()) return; // a selection is cancelled first
  if (lines.hasBanner()) dismissBanner();
  else if (!$("welcome").hidden) dismissWelcome();
}

// ------------------------------------------------------------------ inputs

function bindInputs() {
  guardDoubleTaps(game); // before the renderers' own listeners: a second tap the table changed under is dropped
  for (const renderer of Object.values(renderers)) renderer.bind();
  document.addEventListener("click", (event) => {
    const el = event.target.closest("[data-action]");
    if (!el) return;
    const action = el.dataset.action;
    if (["undo", "hint", "new", "again", "replay"].includes(action)) {
      if (el.closest("dialog")) endings.close();
      act(action);
    } else if (action === "close-hint") dismissBanner();
    else if (action === "close-welcome") dismissWelcome();
    else if (action === "close-panel") endings.close();
    else if (action === "copy-id") copyDealId();
    else if (action === "lang") switchLanguage();
    else if (action === "rules") showRules();
    else if (action === "back") backToGame();
    else if (action === "restart-engine") restartEngine();
  });
  bindKeys({
    keymap: () => ({ u: "undo", h: "hint", n: "new", s: "again", Escape: "escape", ...current.keymap }),
    arrows: {
      ArrowLeft: () => current.moveFocus("left"),
      ArrowRight: () => current.moveFocus("right"),
      ArrowUp: () => current.moveFocus("up"),
      ArrowDown: () => current.moveFocus("down"),
    },
    // An open dialog keeps the page's keys, except S over the end-of-game panels ("Donne suivante").
    isBlocked: (intent) => {
      const open = document.querySelector("dialog[open]");
      return open !== null && !(intent === "again" && open.matches("#win-panel, #stuck-panel"));
    },
    onIntent: (intent) => (intent === "escape" ? escape() : actFromKey(intent)),
  });
  router.bindAddresses({
    current: () => current.id,
    canSwitch: () => ready() || switching,
    switchTo: (id, push) => switchGame(id, { push }),
    openLink: (wanted) => {
      if (!ready() || deals.busy() || !wanted || router.sameDeal(wanted, state.deal_id)) return;
      openLink(wanted);
    },
  });
  for (const id of ["win-panel", "stuck-panel"]) {
    // The ending panel closed on a finished game: the message line now says it is over, and what next.
    $(id).addEventListener("close", () => {
      if (state && state.outcome !== "playing" && !deals.replaying()) lines.setMessage(null);
    });
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveClock();
  });
  window.addEventListener("storage", (event) => {
    if (event.storageArea === window.localStorage && event.key === store.keyOf("save")) adoptOtherTab(event.newValue);
  });
  window.addEventListener("pagehide", saveClock);
}

start();
