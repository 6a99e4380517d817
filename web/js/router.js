// The router: the page's addresses (each game's page, a deal's `#ID`), the switcher's links, and the dialog
// that asks before a link throws a game under way away. It reads and writes addresses and says what the
// player asked for; the controller (app.js) decides what to do with it.

import { gameAddress, gameOfPath, isGame, isSiteRoot } from "./games.js";
import { dealMessage, t } from "./i18n.js";
import { trapFocus } from "./newdeal.js";
import * as store from "./storage.js";

const $ = (id) => document.getElementById(id);

/**
 * The game the address names. The site's own address with no deal in it (the installed app's start, a
 * bookmark of the site) brings back the game played last, at its own address.
 */
export function firstGame() {
  const named = gameOfPath(location.pathname);
  const last = store.readText("game");
  if (!isSiteRoot(location.pathname) || location.hash || !isGame(last) || last === named) return named;
  history.replaceState(null, "", gameAddress(last));
  return last;
}

/** The deal ID the address's fragment names ("" for none). */
export function hashDealId() {
  const raw = location.hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

export function sameDeal(a, b) {
  return String(a || "").toUpperCase() === String(b || "").toUpperCase();
}

/** The address of a snapshot's deal: its game's page, with the deal ID (none for a deal given by its cards,
which only a save can hold). */
export function addressOf(gameId, snapshot) {
  const id = snapshot.deal_id;
  return gameAddress(gameId, id ? `#${encodeURIComponent(id)}` : "");
}

/** Back to the address of the deal on the table (a link was refused or declined). */
export function restoreAddress(gameId, snapshot) {
  if (snapshot) history.replaceState(null, "", addressOf(gameId, snapshot));
}

/** The switcher's links: the game on the table is marked, every link keeps the page's query (test hooks). */
export function renderGameLinks(gameId) {
  for (const link of document.querySelectorAll("[data-game-link]")) {
    const id = link.dataset.gameLink;
    link.href = gameAddress(id);
    if (id === gameId) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const description = document.querySelector('meta[name="description"]');
  if (description) description.content = t("description");
}

let leaving = null; // the pending answer of the "open that deal?" dialog

/** Ask whether to leave the game under way (deal `current`) for deal `id`; resolves true for "open it". */
export function askToLeave(id, current) {
  const dialog = $("leave-panel");
  if (leaving) leaving(false);
  const text = dealMessage("leave.text", current, { id, current });
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

/**
 * Listen to the addresses: a switcher link or Back/Forward across the games' pages calls `switchTo(id, push)`;
 * another deal's `#ID` (typed, followed, or Back) calls `openLink(id)`. `canSwitch()` says whether the page
 * can switch games itself (else the browser loads the other page); `current()` is the game on the table.
 */
export function bindAddresses({ current, canSwitch, switchTo, openLink }) {
  document.addEventListener("click", (event) => {
    const link = event.target.closest("[data-game-link]");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (!canSwitch()) return; // no engine to switch with: the browser loads the other page
    event.preventDefault(); // the game is switched in the page: nothing to load again
    if (link.dataset.gameLink !== current()) switchTo(link.dataset.gameLink, true);
  });
  window.addEventListener("popstate", () => {
    // Back or Forward across the games' addresses: the game the address names comes to the table.
    const id = gameOfPath(location.pathname);
    if (id !== current()) switchTo(id, false);
  });
  window.addEventListener("hashchange", () => {
    // Another deal's link, typed or followed, or Back: like S in a game under way, ask before leaving it.
    if (gameOfPath(location.pathname) !== current()) return; // another game's address: popstate has it
    openLink(hashDealId());
  });
  const leave = $("leave-panel");
  trapFocus(leave);
  leave.addEventListener("close", () => leaving && leaving(leave.returnValue === "open"));
}

/** How the page names a snapshot's deal: `#ID`, or a custom deal's label. */
export function dealLabel(snapshot) {
  return snapshot.deal_id ? `#${snapshot.deal_id}` : t("deal.custom");
}

/** The accessible name of a button that copies a snapshot's deal ID. */
export function dealCopyLabel(snapshot) {
  return snapshot.deal_id ? t("deal.copy", { id: snapshot.deal_id }) : t("deal.custom");
}
