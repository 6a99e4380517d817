// One catalogue per language (i18n/fr.json, i18n/en.json); every string on the page comes from there.

export const LANGUAGES = ["fr", "en"];
export const DEFAULT_LANGUAGE = "fr";

let catalogue = {};
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

export async function loadLanguage(language) {
  const response = await fetch(new URL(`../i18n/${language}.json`, import.meta.url));
  if (!response.ok) throw new Error(`i18n/${language}.json: HTTP ${response.status}`);
  catalogue = await response.json();
  current = language;
  document.documentElement.lang = language;
}

export function language() {
  return current;
}

/** The text for key, with {name} placeholders filled from vars. */
export function t(key, vars = {}) {
  const text = catalogue[key];
  if (typeof text !== "string") {
    console.warn(`missing text: ${key}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

export function has(key) {
  return typeof catalogue[key] === "string";
}

/** Fill every [data-i18n] element's text and every [data-i18n-label] element's accessible name. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  document.title = t("title");
}
