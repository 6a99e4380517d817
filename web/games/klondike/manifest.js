// Klondike's manifest: everything the shell knows of the game, listed once in the registry (web/js/games.js).
// Its markup in the page (status fields, table, rules section, win figures, settings) is parts.html, its
// styles style.css, its texts i18n/klondike.<lang>.json; build.py reads the `page` and `href` lines below.

import { createKlondike } from "./game.js";
import * as stats from "./stats_keys.js";

export default {
  id: "klondike",
  page: "klondike.html",
  href: "klondike.html",
  /** Its statistics scheme: how games count together (stats_keys.js). */
  stats,
  /** Its table component: create(element, shell) -> the methods app.js calls (game.js): update(snapshot),
   *  highlight(hint), moveFocus(direction)… `element` is its parts.html's [data-table]. */
  create: createKlondike,
};
