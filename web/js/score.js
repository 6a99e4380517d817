// The optional streak score (a setting of the statistics panel, "score" in storage): shown in the status
// line and the win panel when it is on, from the snapshot's `score`. The fields are a game's markup (its
// parts.html, for a game whose snapshot has a score): a registry with no such game shows none.

import { t } from "./i18n.js";
import * as store from "./storage.js";

const $ = (id) => document.getElementById(id);

export function scoreOn() {
  return store.readText("score") === "on";
}

/** The score of a snapshot (or only whether it shows, for none). */
export function renderScore(state) {
  const on = scoreOn();
  const el = $("score");
  if (!el) return;
  el.hidden = !on;
  for (const item of document.querySelectorAll("#win-panel .score-only")) item.hidden = !on;
  if (!state) return;
  el.textContent = t("status.score", { n: state.score });
  el.dataset.value = String(state.score);
  $("win-score").textContent = String(state.score);
}
