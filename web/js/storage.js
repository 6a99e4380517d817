// localStorage that never throws (private mode, full quota, storage disabled), and records checked before
// anything uses them (a damaged or hostile record must never reach the engine).
//
// Each game keeps its own records under its own prefix ("<id>.save", "<id>.stats", ...), so switching games
// keeps each game's game in progress, statistics and settings. The site's first game had the site to itself
// once, and its prefix is the site's own: what players saved then is read as it is, and the few settings of
// the whole site (the language, the game played last) stay under it. That is why a name is spelled here: it
// is stored data, not a game the shell knows.

const SITE_PREFIX = "tripeaks.";
const SITE_KEYS = new Set(["lang", "game"]);
let gamePrefix = SITE_PREFIX;

/** The game whose records the functions below read and write from now on. */
export function useGame(game) {
  gamePrefix = `${game}.`;
}

/** The localStorage key of record `key` of the game in use (what a `storage` event names). */
export function keyOf(key) {
  return storageKey(key);
}

function storageKey(key) {
  return (SITE_KEYS.has(key) ? SITE_PREFIX : gamePrefix) + key;
}

export function readText(key) {
  try {
    return window.localStorage.getItem(storageKey(key));
  } catch {
    return null;
  }
}

export function writeText(key, value) {
  try {
    window.localStorage.setItem(storageKey(key), value);
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    window.localStorage.removeItem(storageKey(key));
  } catch {
    // nothing to do
  }
}

/** {ok: true, value} for stored JSON, {ok: true, value: null} when absent, {ok: false} when unreadable. */
export function readJSON(key) {
  const text = readText(key);
  if (text === null) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: null };
  }
}

export function writeJSON(key, value) {
  return writeText(key, JSON.stringify(value));
}

/** How deeply the brackets of a JSON text nest (brackets inside strings do not count): one linear scan. */
export function jsonDepth(text) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") deepest = Math.max(deepest, ++depth);
    else if (c === "]" || c === "}") depth -= 1;
  }
  return deepest;
}

/**
 * A stored JSON record, checked before use: {ok: true, value} (value null when absent), or {ok: false}
 * when it is longer than maxChars, nested deeper than maxDepth, not JSON, or refused by valid(value);
 * a bad record is removed (so it is reported once) unless dropBad is false (a saved game stays until a
 * newer save replaces it).
 */
export function readRecord(key, { maxChars = 1_000_000, maxDepth = 16, valid = () => true, dropBad = true } = {}) {
  const text = readText(key);
  if (text === null) return { ok: true, value: null };
  let value = null;
  let fine = text.length <= maxChars && jsonDepth(text) <= maxDepth;
  if (fine) {
    try {
      value = JSON.parse(text);
      fine = Boolean(valid(value));
    } catch {
      fine = false;
    }
  }
  if (fine) return { ok: true, value };
  if (dropBad) remove(key);
  return { ok: false, value: null };
}
