// Ladder's manifest (the tests' small game, tests/fourth_game/): what the shell knows of it. A site built
// with it (build.py's Outside) writes its registry line into that site's copy of js/games.js; the build
// reads the `page` and `href` lines below, as it does for every game.

import { createLadder } from "./game.js";
import * as stats from "./stats_keys.js";

export default {
  id: "ladder",
  page: "ladder.html",
  href: "ladder.html",
  stats,
  create: createLadder,
};
