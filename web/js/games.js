// The registry: the site's games, one line each, in the order of the switcher; the first is the site's own
// address. Nothing else in the shell names a game. build.py and tools/pwa.py read the same list from the
// import lines below (tools/webgames.py), so a game is added by its folder and one line here.
//
// Each game has a page of its own, so that a link opens that game (`pyramid.html#7`) and today's TriPeaks
// links (`./#110`, `index.html#110`) keep opening TriPeaks. Every page holds every game's markup: the game
// comes from the address, and switching games in the page only changes the address (history.pushState),
// without loading anything again.

import tripeaks from "../games/tripeaks/manifest.js";
import pyramid from "../games/pyramid/manifest.js";
import klondike from "../games/klondike/manifest.js";

export const GAMES = [tripeaks, pyramid, klondike];

const BY_ID = new Map(GAMES.map((game) => [game.id, game]));

/** A game's manifest (the first game's for an id no game has). */
export function gameInfo(id) {
  return BY_ID.get(id) || GAMES[0];
}

/** Whether a game of that id is in the registry. */
export function isGame(id) {
  return BY_ID.has(id);
}

/** The game a URL's path names: its last segment is a game's page; anything else is the first game. */
export function gameOfPath(pathname) {
  const last = pathname.split("/").pop();
  const found = GAMES.find((game) => game.page === last);
  return found ? found.id : GAMES[0].id;
}

/** Whether a path names the site itself ("…/") rather than one game's page ("…/index.html", "…/pyramid.html"):
 *  the app's start address, where the game played last comes back. */
export function isSiteRoot(pathname) {
  return pathname.endsWith("/");
}

/** The address of a game's page beside the current one, keeping the query (test hooks) and a fragment. */
export function gameAddress(id, fragment = "") {
  const url = new URL(gameInfo(id).href, location.href);
  url.search = location.search;
  url.hash = fragment;
  return url.href;
}
