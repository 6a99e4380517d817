// Statistics: storage and presentation only. What a game's outcome, moves and streaks were comes from the
// engine's snapshot; this module counts finished games per combination of difficulty and variant, keeps
// them in localStorage and draws the statistics panel (figures and a small SVG chart of the last games).
//
// When a game counts (see docs/API.md and the page README): a game is recorded once, when it first ends
// (won, or stuck), or when it is abandoned by a new deal or a replay after at least one move (a loss).
// Undoing after the end and playing on does not record it again; replaying the deal starts a new game.

import * as store from "./storage.js";
import { t } from "./i18n.js";
import { formatTime, MAX_PLAY_MS } from "./timer.js";

const KEY = "stats.v1";
const RECENT = 20;
const SVG = "http://www.w3.org/2000/svg";
// Which games count together is a game's own business: each game gives a scheme
// {keyOf(snapshot), describeKey(key), allKeys(), settingsOf(snapshot)} (web/games/<game>/stats_keys.js),
// and its records live under that game's storage prefix.
let scheme = null;

/** The statistics keys of the game being played from now on. */
export function useScheme(next) {
  scheme = next;
}

/** The statistics key of a snapshot (the game's `stats_keys.keyOf`: its level and variants, joined by "|"). */
export const keyOf = (snapshot) => scheme.keyOf(snapshot);
/** The player's words for a key. */
export const describeKey = (key) => scheme.describeKey(key);
export const allKeys = () => scheme.allKeys();
/** The new-deal settings a snapshot's deal was dealt with (what "Donne suivante" deals again). */
export const settingsOf = (snapshot) => scheme.settingsOf(snapshot);

function empty() {
  return { played: 0, won: 0, run: 0, bestRun: 0, bestMs: null, fewestMoves: null, longestStreak: 0, bestScore: null, recent: [] };
}

// What is read from storage is checked field by field: anything of the wrong type (a damaged or edited
// record) is dropped and replaced by its empty value, so the panel always draws and games keep being
// recorded. repair() says whether something was dropped (the page says so once) and writes the clean copy.

// Bounds no real record reaches: a count of ten million games, a game of MAX_PLAY_MS. A larger
// figure is an edited or damaged one, and drawing it would print "1e+308" or "Infinity %".
const MAX_COUNT = 10_000_000;
const count = (v) => Number.isInteger(v) && v >= 0 && v <= MAX_COUNT;
const amount = (v) => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= MAX_PLAY_MS;
const COUNTS = ["played", "won", "run", "bestRun", "longestStreak"];
const BESTS = { bestMs: amount, fewestMoves: count, bestScore: count };

function cleanGame(game) {
  if (!game || typeof game !== "object" || Array.isArray(game)) return null;
  if (typeof game.won !== "boolean" || !amount(game.ms) || !count(game.moves)) return null;
  return {
    won: game.won,
    ms: game.ms,
    moves: game.moves,
    score: count(game.score) ? game.score : 0,
    id: typeof game.id === "string" ? game.id : "",
  };
}

/** One key's record with every bad field replaced; `damaged` says whether anything was. */
function clean(stored) {
  const s = empty();
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return { s, damaged: stored !== undefined };
  let damaged = false;
  for (const name of COUNTS) {
    if (stored[name] === undefined) continue;
    if (count(stored[name])) s[name] = stored[name];
    else damaged = true;
  }
  for (const [name, ok] of Object.entries(BESTS)) {
    if (stored[name] === undefined || stored[name] === null) continue;
    if (ok(stored[name])) s[name] = stored[name];
    else damaged = true;
  }
  if (stored.recent !== undefined) {
    const games = Array.isArray(stored.recent) ? stored.recent.map(cleanGame) : [null];
    s.recent = games.filter(Boolean).slice(-RECENT);
    damaged = damaged || games.some((g) => g === null);
  }
  if (s.won > s.played) {
    s.won = s.played;
    damaged = true;
  }
  return { s, damaged };
}

/** Every known key's clean record, and whether anything stored was dropped. */
function readChecked() {
  const read = store.readJSON(KEY);
  const value = read.value;
  let damaged = !read.ok || (value !== null && (typeof value !== "object" || Array.isArray(value)));
  const all = {};
  const source = !damaged && value ? value : {};
  for (const key of Object.keys(source)) {
    if (!allKeys().includes(key)) {
      damaged = true;
      continue;
    }
    const checked = clean(source[key]);
    all[key] = checked.s;
    damaged = damaged || checked.damaged;
  }
  return { all, damaged };
}

function readAll() {
  return readChecked().all;
}

/** Drop whatever stored statistics are damaged, keep the rest; true when something was dropped. */
export function repair() {
  const { all, damaged } = readChecked();
  if (damaged) store.writeJSON(KEY, all);
  return damaged;
}

export function read(key) {
  return readAll()[key] || empty();
}

/** Count one finished game: {won, ms, moves, longest, score} taken from the snapshot (and the clock). */
export function record(key, game) {
  const all = readAll();
  const s = read(key);
  s.played += 1;
  if (game.won) {
    s.won += 1;
    s.run += 1;
    s.bestRun = Math.max(s.bestRun, s.run);
    s.bestMs = s.bestMs === null ? game.ms : Math.min(s.bestMs, game.ms);
    s.fewestMoves = s.fewestMoves === null ? game.moves : Math.min(s.fewestMoves, game.moves);
    s.bestScore = s.bestScore === null ? game.score : Math.max(s.bestScore, game.score);
  } else {
    s.run = 0;
  }
  s.longestStreak = Math.max(s.longestStreak, game.longest || 0);
  s.recent = [...s.recent, { won: Boolean(game.won), ms: Math.round(game.ms), moves: game.moves, score: game.score, id: game.id }].slice(-RECENT);
  all[key] = s;
  store.writeJSON(KEY, all);
  return s;
}

export function reset(key) {
  const all = readAll();
  delete all[key];
  store.writeJSON(KEY, all);
}

// ------------------------------------------------------------------ presentation

const $ = (id) => document.getElementById(id);

/** Fill the statistics panel for key. */
export function render(key, { showScore }) {
  const s = read(key);
  const none = t("stats.none");
  $("stats-played").textContent = String(s.played);
  $("stats-won").textContent = String(s.won);
  $("stats-rate").textContent = s.played ? `${Math.round((100 * s.won) / s.played)} %` : none;
  $("stats-run").textContent = String(s.run);
  $("stats-best-run").textContent = String(s.bestRun);
  $("stats-best-time").textContent = s.bestMs === null ? none : formatTime(s.bestMs);
  $("stats-fewest-moves").textContent = s.fewestMoves === null ? none : String(s.fewestMoves);
  $("stats-longest-streak").textContent = String(s.longestStreak);
  $("stats-best-score").textContent = s.bestScore === null ? none : String(s.bestScore);
  for (const el of document.querySelectorAll("#stats-panel .score-only")) el.hidden = !showScore;
  renderChart($("stats-chart"), s.recent);
}

function renderChart(box, recent) {
  box.replaceChildren();
  box.dataset.games = String(recent.length);
  if (recent.length === 0) {
    box.setAttribute("aria-label", t("stats.chart_empty"));
    const p = document.createElement("p");
    p.className = "chart-empty";
    p.textContent = t("stats.chart_empty");
    p.setAttribute("aria-hidden", "true");
    box.append(p);
    return;
  }
  const won = recent.filter((g) => g.won).length;
  box.setAttribute("aria-label", t("stats.chart_label", { n: recent.length, won, lost: recent.length - won }));
  const W = 10;
  const H = 60;
  const longest = Math.max(...recent.map((g) => g.ms), 1);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${RECENT * W} ${H}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  recent.forEach((game, i) => {
    const h = Math.max(4, Math.round((H - 2) * (game.ms / longest)));
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("x", String(i * W + 1));
    rect.setAttribute("y", String(H - h));
    rect.setAttribute("width", String(W - 2));
    rect.setAttribute("height", String(h));
    rect.setAttribute("rx", "1.5");
    rect.setAttribute("class", game.won ? "bar won" : "bar lost");
    const title = document.createElementNS(SVG, "title");
    title.textContent = t(game.won ? "stats.bar_won" : "stats.bar_lost", { i: i + 1, time: formatTime(game.ms) });
    rect.append(title);
    svg.append(rect);
  });
  box.append(svg);
}
