// Every string on the page comes from the catalogues: the site's own per language (i18n/fr.json,
// i18n/en.json: the shared chrome's texts and the words every game may use) and one per game and language
// (i18n/<game>.fr.json, ...), named by the shell from the registry. A key is looked up in the current game's
// catalogue first, then in the site's; "<game>:rules.title" names one game's text explicitly (its rules
// section, its name in the switcher).

export const LANGUAGES = ["fr", "en"];
export const DEFAULT_LANGUAGE = "fr";

let catalogue = {};
let games = {}; // game -> its catalogue
let game = null; // the game whose catalogue comes first (useGame)
let current = DEFAULT_LANGUAGE;

/** French unless the browser prefers English over French; a choice the player made wins. */
export function pickLanguage(stored, preferred) {
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of preferred || []) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

async function fetchCatalogue(name) {
  // From the page's folder, not this module's: the build bundles this module into another file.
  const response = await fetch(new URL(`i18n/${name}.json`, document.baseURI));
  if (!response.ok) throw new Error(`i18n/${name}.json: HTTP ${response.status}`);
  return response.json();
}

/** Load every catalogue of a language at once (the site's and each of `names`, the games'), so that
 *  switching games never waits for a text. */
export async function loadLanguage(language, names) {
  const [site, ...others] = await Promise.all([
    fetchCatalogue(language),
    ...names.map((name) => fetchCatalogue(`${name}.${language}`)),
  ]);
  catalogue = site;
  games = Object.fromEntries(names.map((name, i) => [name, others[i]]));
  current = language;
  document.documentElement.lang = language;
}

/** The game whose texts come first from now on. */
export function useGame(name) {
  game = name;
}

function lookup(key) {
  const split = key.indexOf(":");
  if (split > 0) {
    const own = games[key.slice(0, split)];
    return own ? own[key.slice(split + 1)] : undefined;
  }
  const own = games[game];
  return own && typeof own[key] === "string" ? own[key] : catalogue[key];
}

export function language() {
  return current;
}

/** The text for key, with {name} placeholders filled from vars. */
export function t(key, vars = {}) {
  const text = lookup(key);
  if (typeof text !== "string") {
    console.warn(`missing text: ${key}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

const QUOTE_CHARS = 24;

/**
 * What the player typed or linked, as a message may quote it: at most QUOTE_CHARS characters (whole
 * characters, not halves of a surrogate pair), then "…". A 5,000-character link must not become a
 * 50,000-pixel line.
 */
export function quoteInput(text, limit = QUOTE_CHARS) {
  const chars = Array.from(String(text));
  return chars.length <= limit ? chars.join("") : `${chars.slice(0, limit - 1).join("")}…`;
}

/**
 * A message about deal `dealId`: `key`, or `key_custom` for a deal given by its cards, which has no ID to name
 * (a save only can hold one). `vars` default to `{ id: dealId }`.
 */
export function dealMessage(key, dealId, vars = { id: dealId }) {
  return { key: dealId ? key : `${key}_custom`, vars };
}

export function has(key) {
  return typeof lookup(key) === "string";
}

/** Fill every [data-i18n] element's text and every [data-i18n-label] element's accessible name. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  document.title = t("title");
}
