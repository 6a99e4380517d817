// The shell every game shares: turns taps and keys into intents for the engine, draws each snapshot it
// sends back through the game's renderer (web/games/<game>/game.js), and keeps everything around the table
// (game switcher, status, timer, messages, hint banner, panels, storage, statistics, addresses).
// No rule of any game is decided here: the engine says what is legal, playable, won or stuck.

import { takeEarlyWorker, workerUrl } from "./js/boot.js";
import { setupDeals } from "./js/deals.js";
import { Engine, nestingDepth } from "./js/engine.js";
import { gameAddress, gameOfPath, isSiteRoot } from "./js/games.js";
import { hook } from "./js/hooks.js";
import * as i18n from "./js/i18n.js";
import { applyStatic, dealMessage, language, LANGUAGES, loadLanguage, pickLanguage, quoteInput, t } from "./js/i18n.js";
import { guardDoubleTaps } from "./js/doubletap.js";
import { bindKeys } from "./js/keyboard.js";
import { trapFocus } from "./js/newdeal.js";
import * as stats from "./js/stats.js";
import * as store from "./js/storage.js";
import { figure } from "./js/panels.js";
import { formatTime, GameTimer, MAX_PLAY_MS } from "./js/timer.js";
import { createKlondike } from "./games/klondike/game.js";
import { createPyramid } from "./games/pyramid/game.js";
import { createTriPeaks } from "./games/tripeaks/game.js";

const $ = (id) => document.getElementById(id);
const game = $("game");
const SEARCHING_AFTER_MS = 60;

const timer = new GameTimer(renderTimer);
/** What a game's renderer may ask of the shell. */
const shell = {
  act: (name, arg) => act(name, arg),
  send: (op, args, options) => send(op, args, options),
  setMessage: (message) => setMessage(message),
  /** A request sent by send() is on its way: the table on screen is about to change (see act()). */
  moving: () => movesInFlight > 0,
  /** The player is in the middle of a move (a card selected): the worker holds its background work. */
  busy: () => engine && engine.request("busy").catch(() => {}),
};
const renderers = { tripeaks: createTriPeaks(shell), pyramid: createPyramid(shell), klondike: createKlondike(shell) };
let current = renderers.tripeaks; // the game on the table
let engine = null;
let state = null; // the latest snapshot
let clockStarted = false; // the clock starts with the first move of a deal
let notice = null; // {key, vars, kind} shown in the message line until the next action
let banner = null; // {kind: "searching" | "hint" | "lost" | "error", hint?, message?}
let hintTicket = 0; // bumps on every move: a hint answer for an older ticket is dropped
let staleDropped = 0;
let movesInFlight = 0; // requests sent by send() and not answered yet: a tap made meanwhile is dropped
let settled = Promise.resolve(); // resolves when no request of send() is on its way (keys wait for it)
let settle = () => {};
let restoreStalls = 0; // restores of the saved game that got no answer in a row (see openFirstGame)
let adoptedSave = null; // the engine save this tab last wrote or restored (text): see adoptOtherTab
let deals = null; // new-deal choice, statistics, solution replay, score (js/deals.js)

// ------------------------------------------------------------------ start

async function start() {
  // The worker js/boot.js started before this module's imports were fetched: the engine boots meanwhile.
  engine = new Engine(workerUrl(), engineOptions(), takeEarlyWorker());
  useGame(firstGame());
  const stored = store.readText("lang");
  await loadLanguage(pickLanguage(stored, navigator.languages || [navigator.language]));
  applyStatic();
  renderGameLinks();
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
    setMessage,
    restoreTable: () => state && showSnapshot(state),
    showFrame: showSnapshot, // a solution replay's frame: its table and its figures
    giveUp: () => send("give_up", {}),
    engineError: showEngineError, // a stalled request offers the fresh start from anywhere
    applyReply: (reply, op) => applyReply(reply, { op }),
  });
  setMessage({ key: "loading" });
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

/**
 * The game the address names. The site's own address with no deal in it (the installed app's start, a
 * bookmark of the site) brings back the game played last, at its own address.
 */
function firstGame() {
  const named = gameOfPath(location.pathname);
  const last = store.readText("game");
  if (!isSiteRoot(location.pathname) || location.hash || !renderers[last] || last === named) return named;
  history.replaceState(null, "", gameAddress(last));
  return last;
}

/** Make `id` the game on the table: its renderer, storage, texts, statistics and engine session. */
function useGame(id) {
  current = renderers[id] || renderers.tripeaks;
  store.useGame(current.id);
  i18n.useGame(current.id);
  stats.useScheme(current.stats);
  if (engine) engine.game = current.id;
  document.documentElement.dataset.game = current.id;
  store.writeText("game", current.id);
}

/** The switcher's links: the game on the table is marked, every link keeps the page's query (test hooks). */
function renderGameLinks() {
  for (const link of document.querySelectorAll("[data-game-link]")) {
    const id = link.dataset.gameLink;
    link.href = gameAddress(id);
    if (id === current.id) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const description = document.querySelector('meta[name="description"]');
  if (description) description.content = t("description");
}

/**
 * Put another game on the table without loading the page again: the game being left is saved as it is
 * (its clock too), the other one comes back from its own save (or a new deal), at its own address.
 * `push` is false when the address already says it (Back or Forward).
 */
async function switchGame(id, { push = true } = {}) {
  if (id === current.id || switching || !ready() || !renderers[id]) return;
  switching = true;
  game.dataset.state = "switching"; // "ready" again once the other game's table is drawn
  try {
    deals.leaveGame();
    closePanels();
    dismissBanner();
    current.reset();
    saveClock();
    timer.setWanted(false);
    useGame(id);
    deals.useGame();
    if (push) history.pushState(null, "", gameAddress(id));
    applyStatic();
    renderGameLinks();
    current.activate();
    state = null;
    notice = null;
    clockStarted = false;
    $("welcome").hidden = store.readText("welcome") === "seen";
    await openFirstGame();
    renderMessage();
    performance.mark(`switched-${id}`);
  } finally {
    switching = false;
    if (game.dataset.state === "switching") game.dataset.state = "ready";
  }
}

/** Time limits of engine requests; the test build's test-request-timeout-ms hook shortens both. */
function engineOptions() {
  const ms = Number(hook("test-request-timeout-ms"));
  return ms > 0 ? { timeoutMs: ms, slowTimeoutMs: ms } : {};
}

function hashDealId() {
  const raw = location.hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
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
  const wanted = hashDealId();
  const saved = readSave();
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
    if (!sameDeal(state.deal_id, wanted)) await openLink(wanted);
  } else if (wanted && !(await startDeal(wanted, { quietError: true }))) {
    notices.push({ key: "notice.bad_deal", vars: { id: quoteInput(wanted) }, kind: "notice" });
  }
  if (!state) await startDeal(null);
  if (notices.length > 0) setMessage(notices[notices.length - 1]);
}

const SAVE_LIMITS = { maxChars: 1_000_000, maxDepth: 8, valid: isSaveRecord, dropBad: false };
// A save carries the snapshot the page last drew of it (`view`, what the player saw: no hidden card), so the
// next visit draws it while the engine starts. Nested at most this deep, so the record stays within maxDepth.
const VIEW_DEPTH = SAVE_LIMITS.maxDepth - 1;

/**
 * Display only, while the engine starts: the saved game's table as the page last drew it, from storage, so a
 * returning player sees it at once. Nothing is decided from it (the engine's own reply to the restore draws
 * the same table over it, in the same place); taps wait, with the table marked busy, until the engine is
 * ready. Drawn only when the address names no other deal. Returns whether it drew.
 */
function paintSaved() {
  const saved = store.readRecord("save", SAVE_LIMITS);
  const record = saved.ok ? saved.value : null;
  const view = record && record.view;
  const plain = Boolean(view) && typeof view === "object" && !Array.isArray(view);
  if (!plain || view.deal_id !== record.deal_id || nestingDepth(view) > VIEW_DEPTH) return false;
  const wanted = hashDealId();
  if (wanted && !sameDeal(wanted, record.deal_id)) return false;
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

/**
 * The game saved in storage: {record, notice}. A record the page cannot use at all is left in storage (the
 * next deal's save replaces it) and gets the "unreadable" notice; a clock that is out of range (negative,
 * absurd, a string) is repaired to zero with its own notice, and the game is kept.
 */
function readSave() {
  const saved = store.readRecord("save", SAVE_LIMITS);
  if (!saved.ok) return { record: null, notice: { key: "notice.bad_save", kind: "notice" } };
  const record = saved.value;
  if (!record) return { record: null, notice: null };
  const elapsed = savedClock(record);
  adoptedSave = JSON.stringify(record.engine);
  if (elapsed !== null) return { record: { ...record, elapsed_ms: elapsed }, notice: null };
  return { record: { ...record, elapsed_ms: 0 }, notice: { key: "notice.repaired_clock", kind: "notice" } };
}

/** A save's play time in ms (0 when it has none), or null when it is not one the page could have written. */
function savedClock(record) {
  const ms = record.elapsed_ms ?? 0;
  return typeof ms === "number" && Number.isFinite(ms) && ms >= 0 && ms <= MAX_PLAY_MS ? ms : null;
}

/** What the page needs of a save to send it to the engine: the engine's part, an object with its format. */
function isSaveRecord(value) {
  const plain = (v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);
  return plain(value) && plain(value.engine) && typeof value.engine.format === "string";
}

function sameDeal(a, b) {
  return String(a || "").toUpperCase() === String(b || "").toUpperCase();
}

/** Back to the address of the deal on the table (a link was refused or declined). */
function restoreAddress() {
  if (state) history.replaceState(null, "", addressOf(state));
}

/** The address of a snapshot's deal: its game's page, with the deal ID (none for a deal given by its cards,
which only a save can hold). */
function addressOf(snapshot) {
  const id = snapshot.deal_id;
  return gameAddress(current.id, id ? `#${encodeURIComponent(id)}` : "");
}

/** How the page names a snapshot's deal: `#ID`, or a custom deal's label. */
function dealLabel(snapshot) {
  return snapshot.deal_id ? `#${snapshot.deal_id}` : t("deal.custom");
}

function dealCopyLabel(snapshot) {
  return snapshot.deal_id ? t("deal.copy", { id: snapshot.deal_id }) : t("deal.custom");
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
    restoreAddress();
    if (isStall(err)) showEngineError(err);
    else setMessage({ key: "notice.bad_link", vars: { id: quoteInput(wanted) }, kind: "notice" });
    return false;
  }
  if (checked.same_game || sameDeal(checked.deal_id, state.deal_id)) {
    restoreAddress(); // the link names the game on the table (E-12 during deal 12): nothing to leave
    return false;
  }
  if (gameUnderWay() && !(await askToLeave(checked.deal_id))) {
    restoreAddress();
    setMessage(dealMessage("leave.kept", state.deal_id));
    return false;
  }
  closePanels();
  return startDeal(checked.deal_id);
}

let leaving = null; // the pending answer of the "open that deal?" dialog

/** Ask whether to leave the game under way for deal `id`; resolves true for "open that deal". */
function askToLeave(id) {
  const dialog = $("leave-panel");
  if (leaving) leaving(false);
  const text = dealMessage("leave.text", state.deal_id, { id, current: state.deal_id });
  $("leave-text").textContent = t(text.key, text.vars);
  $("leave-open").textContent = t("leave.open", { id });
  return new Promise((resolve) => {
    leaving = (answer) => {
      leaving = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    dialog.returnValue = "";
    dialog.showModal();
    $("leave-keep").focus(); // the safe answer is the default one
  });
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

function persist(reply) {
  if (!reply.save || !reply.state) return;
  adoptedSave = JSON.stringify(reply.save);
  const record = { engine: reply.save, deal_id: reply.state.deal_id, elapsed_ms: Math.round(timer.elapsed()) };
  // The table as drawn now (see paintSaved): left out when it would nest the record too deeply.
  if (nestingDepth(reply.state, VIEW_DEPTH) <= VIEW_DEPTH) record.view = reply.state;
  store.writeJSON("save", record);
}

/** Write the clock into the save of the game on the table (not into a save of another tab's game). */
function saveClock() {
  const saved = store.readJSON("save");
  if (state && saved.ok && isSaveRecord(saved.value) && JSON.stringify(saved.value.engine) === adoptedSave) {
    store.writeJSON("save", { ...saved.value, elapsed_ms: Math.round(timer.elapsed()) });
  }
}

/**
 * Another tab saved this game's save key: its game is newer than ours, so this tab takes it up instead of
 * overwriting it with its next move (the last to save would win silently). A save holding the same game
 * (only its clock written) is taken up without a word.
 */
async function adoptOtherTab(text) {
  if (!ready() || deals.busy() || text === null) return;
  let record = null;
  try {
    record = JSON.parse(text);
  } catch {
    return;
  }
  if (!isSaveRecord(record)) return;
  const engineSave = JSON.stringify(record.engine);
  if (engineSave === adoptedSave) return;
  const forGame = current.id;
  let reply;
  try {
    reply = await engine.request("restore", { save: record.engine });
  } catch (err) {
    if (isStall(err)) showEngineError(err);
    return; // a save this tab cannot read: it keeps its own game, and its next move saves it
  }
  if (forGame !== current.id) return;
  adoptedSave = engineSave;
  closePanels();
  clockStarted = reply.state.moves > 0;
  timer.reset(savedClock(record) ?? 0);
  applyReply(reply, { op: "restore", persist: false });
  setMessage({ key: "notice.other_tab", kind: "notice" });
}

/** Draw a reply's snapshot; returns whether the position changed. */
function applyReply(reply, { op, fromRect = null, target = null, quiet = false, persist: save = true } = {}) {
  const previous = state;
  const next = reply.state;
  if (!next) return false;
  $("recover").hidden = true; // the engine answers again: no fresh start needed
  const restarted = ["new", "replay", "restore"].includes(op);
  const moved = restarted || !previous || previous.version !== next.version || previous.deal_id !== next.deal_id;
  if (moved && current.moveOps.includes(op) && !clockStarted) clockStarted = true;
  state = next;
  if (save) persist(reply);
  if (restarted) current.reset();
  showTable(next);
  if (moved) {
    hintTicket += 1;
    closeBanner();
  }
  current.afterReply(reply, { moved, op, fromRect, target });
  if (reply.rejection && !quiet) {
    setMessage({ key: `reject.${reply.rejection.reason}`, kind: "rejection" });
  } else if (moved) {
    notice = null;
  }
  if (restarted) history.replaceState(null, "", addressOf(next));
  renderStatus(previous, next);
  renderMessage();
  renderEnding(previous, next, op);
  timer.setWanted(clockStarted && next.outcome === "playing");
  if (deals) deals.onState(previous, next, op);
  return moved;
}

/** Draw a snapshot on the table (the game's renderer). */
function showTable(snapshot) {
  current.render(snapshot);
}

/** Table and status figures of a snapshot that is not the player's game (a replay's frame), or back. */
function showSnapshot(snapshot) {
  showTable(snapshot);
  renderStatus(null, snapshot);
}

function renderStatus(previous, next) {
  current.renderStatus(previous, next);
  $("moves").textContent = t("status.moves", { n: next.moves });
  $("deal-id").textContent = dealLabel(next);
  $("deal-id").setAttribute("aria-label", dealCopyLabel(next));
  $("undo").disabled = !next.can_undo;
}

function renderTimer() {
  const el = $("timer");
  const text = t("status.time", { time: formatTime(timer.elapsed()) });
  if (el.textContent !== text) el.textContent = text;
  el.dataset.running = String(timer.running());
}

function renderEnding(previous, next, op) {
  const win = $("win-panel");
  const stuck = $("stuck-panel");
  const changed = !previous || previous.outcome !== next.outcome || ["new", "replay", "restore"].includes(op);
  const ended = next.outcome === "stuck" || next.outcome === "given_up"; // the stuck panel says both
  if (next.outcome !== "won" && win.open) win.close();
  if (!ended && stuck.open) stuck.close();
  for (const el of document.querySelectorAll("dialog [data-action='undo']")) el.hidden = !next.can_undo;
  if (!changed) return;
  if (next.outcome === "won") {
    timer.setWanted(false);
    fillSummary(win, next);
    $("win-deal").textContent = dealLabel(next);
    $("win-deal").setAttribute("aria-label", dealCopyLabel(next));
    if (!win.open) win.showModal();
    if (current.celebrateOn(op)) current.table.celebrate(); // the winning move, not a reload or a language switch
  } else if (ended) {
    $("stuck-text").textContent = current.stuckText(next);
    fillSummary(stuck, next);
    if (!stuck.open) stuck.showModal();
  }
}

/** An end panel's summary: the time, the moves, and the game's own figures (cards cleared, longest run…). */
function fillSummary(panel, next) {
  figure(panel, "time", formatTime(timer.elapsed()));
  figure(panel, "moves", String(next.moves));
  current.winFigures(next, panel);
}

/** The texts of an end panel that is open, in the language just chosen (a closed one stays closed). */
function refreshOpenEnding() {
  const win = $("win-panel");
  const stuck = $("stuck-panel");
  if (win.open && state.outcome === "won") {
    fillSummary(win, state);
    $("win-deal").textContent = dealLabel(state);
    $("win-deal").setAttribute("aria-label", dealCopyLabel(state));
  }
  if (stuck.open) {
    $("stuck-text").textContent = current.stuckText(state);
    fillSummary(stuck, state);
  }
}

// ------------------------------------------------------------------ message line, welcome, banner

function setMessage(message) {
  notice = message;
  renderMessage();
}

function renderMessage() {
  const el = $("message");
  let shown = notice;
  if (!shown && state && state.outcome !== "playing") {
    // Once the game is over (or stuck) and its panel closed, the line says so, and what to do next.
    shown = { key: `end.${state.outcome}`, kind: "end" };
  }
  if (!shown && state) shown = current.note(state);
  el.textContent = shown ? t(shown.key, liveVars(shown.vars)) : "";
  el.className = `message${shown && shown.kind ? ` ${shown.kind}` : ""}`;
  el.dataset.kind = shown ? shown.kind || "info" : "";
}

/** A message's vars; one given as a function (a card's name) is read now, in the language shown now. */
function liveVars(vars = {}) {
  return Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, typeof value === "function" ? value() : value]));
}

function dismissWelcome() {
  if (!$("welcome").hidden) $("welcome").hidden = true;
  if (state) store.writeText("welcome", "seen");
}

function showBanner(next) {
  banner = next;
  renderBanner();
}

function closeBanner() {
  banner = null;
  renderBanner();
  current.clearHighlight();
}

function renderBanner() {
  const el = $("hint-banner");
  const actions = $("lost-actions");
  if (!banner) {
    el.hidden = true;
    el.dataset.kind = "";
    return;
  }
  let text = "";
  if (banner.kind === "searching") text = t("hint.searching");
  else if (banner.kind === "error") text = t("hint.error");
  else text = current.hintText(banner.hint, state);
  el.hidden = false; // shown before the text changes, so the live region announces it
  $("hint-text").textContent = text;
  el.dataset.kind = banner.kind === "hint" ? banner.hint.kind : banner.kind;
  el.classList.toggle("lost", banner.kind === "hint" && banner.hint.kind === "lost");
  actions.hidden = !(banner.kind === "hint" && banner.hint.kind === "lost");
  for (const button of actions.querySelectorAll("[data-action='undo']")) button.hidden = !(state && state.can_undo);
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
    setMessage({ key: "notice.stalled", kind: "notice" });
    $("recover").hidden = false;
    return;
  }
  setMessage({ key: err && err.type === "MoveError" ? "notice.move_failed" : "notice.error", kind: "notice" });
}

/** The engine did not start: the player's words on the page, the technical reason in the console. */
function showBootFailure(err) {
  console.warn(`engine did not start: ${err.type || ""} ${err.message || ""}`);
  setMessage({ key: "boot_failed", kind: "notice" });
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
  setMessage({ key: "loading" });
  if (!(await freshEngine())) return;
  state = null;
  await openFirstGame();
  game.dataset.state = "ready";
  if (!notice || notice.key === "loading") setMessage({ key: "notice.restarted", kind: "notice" });
}

/** The intents every game has; a game adds its own (TriPeaks: take, draw; Pyramid: pick, draw, recycle). */
const intents = {
  undo() {
    if (!state.can_undo) {
      // Said by the page from the snapshot: nothing to take back (or the game is closed for good).
      setMessage({ key: state.over ? "reject.game_over" : "notice.nothing_to_undo", kind: "rejection" });
      return false;
    }
    return send("undo", {});
  },
  new() {
    closePanels();
    deals.openNewDeal(); // the choice of difficulty and variant; its "Distribuer" button deals
  },
  again() {
    // One key must not throw a game in progress away: after a move, and until the game is over or proven
    // lost, the choice opens with the settings of the deal on the table (Enter deals) instead.
    const inProgress = gameUnderWay();
    closePanels();
    if (inProgress) return deals.offerAgain();
    return deals.dealAgain(); // at once, with the difficulty and variant of the deal on the table
  },
  async replay() {
    closePanels();
    try {
      const reply = await engine.request("replay", {});
      clockStarted = false;
      timer.reset(0);
      applyReply(reply, { op: "replay" });
      setMessage(dealMessage("notice.replay", state.deal_id));
    } catch (err) {
      showEngineError(err);
    }
  },
  async hint() {
    if (state.outcome === "won") {
      setMessage({ key: "hint.won", kind: "rejection" }); // nothing left to find: the game is won
      return;
    }
    const ticket = ++hintTicket;
    const version = state.version;
    current.clearHighlight();
    const searching = setTimeout(() => {
      if (ticket === hintTicket) showBanner({ kind: "searching" });
    }, SEARCHING_AFTER_MS);
    let reply;
    try {
      reply = await engine.request("hint", {});
    } catch (err) {
      clearTimeout(searching);
      if (ticket === hintTicket) showBanner({ kind: "error", message: err.message || err.type });
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
    showBanner({ kind: "hint", hint });
    current.showHint(hint);
  },
};

function closePanels() {
  for (const id of ["win-panel", "stuck-panel"]) if ($(id).open) $(id).close();
}

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
    current.render(state); // a card being dragged goes back where the snapshot has it
    return false;
  }
  dismissWelcome();
  if (name !== "hint") notice = null;
  const intent = current.intents[name] || intents[name];
  if (intent) intent(arg);
}

async function copyDealId() {
  if (!state) return;
  const id = state.deal_id;
  if (!id) {
    setMessage({ key: "deal.no_id" });
    return;
  }
  try {
    await navigator.clipboard.writeText(id);
    setMessage({ key: "deal.copied", vars: { id } });
  } catch {
    setMessage({ key: "deal.copy_failed", vars: { id } });
  }
}

async function switchLanguage() {
  const next = LANGUAGES[(LANGUAGES.indexOf(language()) + 1) % LANGUAGES.length];
  store.writeText("lang", next);
  await loadLanguage(next);
  applyStatic();
  renderLanguageSwitch();
  renderGameLinks();
  if (state && !deals.replaying()) {
    showTable(state);
    renderStatus(null, state);
    refreshOpenEnding();
  }
  renderTimer();
  renderMessage();
  renderBanner();
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
  closeBanner();
}

function escape() {
  if (current.escape()) return; // a selection is cancelled first
  if (banner) dismissBanner();
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
      if (el.closest("dialog")) closePanels();
      act(action);
    } else if (action === "close-hint") dismissBanner();
    else if (action === "close-welcome") dismissWelcome();
    else if (action === "close-panel") closePanels();
    else if (action === "copy-id") copyDealId();
    else if (action === "lang") switchLanguage();
    else if (action === "rules") showRules();
    else if (action === "back") backToGame();
    else if (action === "restart-engine") restartEngine();
  });
  bindKeys({
    keymap: () => ({ u: "undo", h: "hint", n: "new", s: "again", Escape: "escape", ...current.keymap }),
    arrows: {
      ArrowLeft: () => current.arrows("left"),
      ArrowRight: () => current.arrows("right"),
      ArrowUp: () => current.arrows("up"),
      ArrowDown: () => current.arrows("down"),
    },
    // An open dialog keeps the page's keys, except S over the end-of-game panels ("Donne suivante").
    isBlocked: (intent) => {
      const open = document.querySelector("dialog[open]");
      return open !== null && !(intent === "again" && open.matches("#win-panel, #stuck-panel"));
    },
    onIntent: (intent) => (intent === "escape" ? escape() : actFromKey(intent)),
  });
  document.addEventListener("click", (event) => {
    const link = event.target.closest("[data-game-link]");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (!ready() && !switching) return; // no engine to switch with: the browser loads the other page
    event.preventDefault(); // the game is switched in the page: nothing to load again
    if (link.dataset.gameLink !== current.id) switchGame(link.dataset.gameLink);
  });
  window.addEventListener("popstate", () => {
    // Back or Forward across the games' addresses: the game the address names comes to the table.
    const id = gameOfPath(location.pathname);
    if (id !== current.id) switchGame(id, { push: false });
  });
  window.addEventListener("hashchange", () => {
    // Another deal's link, typed or followed, or Back: like S in a game under way, ask before leaving it.
    if (gameOfPath(location.pathname) !== current.id) return; // another game's address: popstate has it
    const wanted = hashDealId();
    if (!ready() || deals.busy() || !wanted || sameDeal(wanted, state.deal_id)) return;
    openLink(wanted);
  });
  for (const id of ["win-panel", "stuck-panel"]) {
    // The ending panel closed on a finished game: the message line now says it is over, and what next.
    $(id).addEventListener("close", () => {
      if (state && state.outcome !== "playing" && !deals.replaying()) setMessage(null);
    });
  }
  const leave = $("leave-panel");
  trapFocus(leave);
  leave.addEventListener("close", () => leaving && leaving(leave.returnValue === "open"));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveClock();
  });
  window.addEventListener("storage", (event) => {
    if (event.storageArea === window.localStorage && event.key === store.keyOf("save")) adoptOtherTab(event.newValue);
  });
  window.addEventListener("pagehide", saveClock);
}

start();
