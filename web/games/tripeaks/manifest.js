// TriPeaks's manifest: everything the shell knows of the game, listed once in the registry (web/js/games.js).
// Its markup in the page (status fields, table, rules section, win figures, settings) is parts.html, its
// styles style.css, its texts i18n/tripeaks.<lang>.json; build.py reads the `page` and `href` lines below.

import { createTriPeaks } from "./game.js";
import * as stats from "./stats_keys.js";

export default {
  id: "tripeaks",
  page: "index.html",
  href: "./",
  /** Its statistics scheme: how games count together (stats_keys.js). */
  stats,
  /** Its table component: create(element, shell) -> the methods app.js calls (game.js): update(snapshot),
   *  highlight(hint), moveFocus(direction)… `element` is its parts.html's [data-table]. */
  create: createTriPeaks,
};
