// The site's games and their addresses. Each game has a page of its own, so that a link opens that game
// (`pyramid.html#7`) and today's TriPeaks links (`./#110`, `index.html#110`) keep opening TriPeaks. Every
// page is the same file: the game comes from the address, and switching games in the page only changes the
// address (history.pushState), without loading anything again.

export const GAMES = [
  { id: "tripeaks", page: "index.html", href: "./", name: "TriPeaks" },
  { id: "pyramid", page: "pyramid.html", href: "pyramid.html", name: "Pyramide" },
  { id: "klondike", page: "klondike.html", href: "klondike.html", name: "Klondike" },
];

const BY_ID = new Map(GAMES.map((game) => [game.id, game]));

export function gameInfo(id) {
  return BY_ID.get(id) || GAMES[0];
}

/** The game a URL's path names: its last segment is a game's page; anything else is TriPeaks. */
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
