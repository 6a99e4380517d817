// The statistics panel: the figures of one statistics key (the game on the table's by default, any other
// from the list), the score setting, and the reset with its question. It reads js/stats.js; it records
// nothing (js/attempts.js does).

import { t } from "./i18n.js";
import { trapFocus } from "./newdeal.js";
import { scoreOn } from "./score.js";
import * as stats from "./stats.js";
import * as store from "./storage.js";

const $ = (id) => document.getElementById(id);

/** The list of statistics keys, each with its games played, `statsKey` selected. */
function fillKeys(statsKey) {
  const select = $("stats-key");
  select.replaceChildren();
  for (const key of stats.allKeys()) {
    const option = document.createElement("option");
    option.value = key;
    const played = stats.read(key).played;
    option.textContent = played ? `${stats.describeKey(key)} (${played})` : stats.describeKey(key);
    select.append(option);
  }
  select.value = statsKey;
}

/** The figures of `statsKey` (none before the panel was first opened) and the score setting. */
function renderStats(statsKey) {
  if (!statsKey) return;
  stats.render(statsKey, { showScore: scoreOn() });
  $("score-setting").checked = scoreOn();
}

/** state(): the snapshot on the table; onScore(): the score setting changed; blocked(): not now (a replay). */
export function createStatsPanel({ state, onScore, blocked }) {
  const panel = $("stats-panel");
  let statsKey = null;
  trapFocus(panel);

  function hideConfirm() {
    $("stats-confirm").hidden = true;
    $("stats-reset").hidden = false;
  }

  function open() {
    const snapshot = state();
    statsKey = snapshot ? stats.keyOf(snapshot) : stats.allKeys()[0];
    fillKeys(statsKey);
    hideConfirm();
    $("stats-note").textContent = "";
    renderStats(statsKey);
    if (!panel.open) panel.showModal();
    $("stats-close").focus();
  }

  function askReset() {
    $("stats-confirm-text").textContent = t("stats.reset_ask", { what: stats.describeKey(statsKey) });
    $("stats-note").textContent = "";
    $("stats-confirm").hidden = false;
    $("stats-reset").hidden = true;
    $("stats-reset-no").focus(); // the safe answer is the default one
  }

  function reset() {
    stats.reset(statsKey);
    hideConfirm();
    fillKeys(statsKey);
    renderStats(statsKey);
    $("stats-note").textContent = t("stats.reset_done", { what: stats.describeKey(statsKey) });
    $("stats-reset").focus();
  }

  function keepStats() {
    hideConfirm();
    $("stats-reset").focus();
  }

  bindControls(panel, {
    pick(key) {
      statsKey = key;
      hideConfirm();
      renderStats(statsKey);
    },
    askReset,
    keepStats,
    reset,
    scoreSet() {
      renderStats(statsKey);
      onScore();
    },
    open: () => !blocked() && open(),
  });

  return {
    /** Its texts in the language just chosen, when it is open. */
    refresh() {
      if (!panel.open) return;
      fillKeys(statsKey);
      renderStats(statsKey);
    },
  };
}

/** The panel's controls: the key picked, the reset asked, answered or cancelled by Escape, the score setting
 *  (stored here), and every [data-deals='stats'] button that opens it. */
function bindControls(panel, on) {
  $("stats-key").addEventListener("change", () => on.pick($("stats-key").value));
  $("stats-close").addEventListener("click", () => panel.close());
  $("stats-reset").addEventListener("click", on.askReset);
  $("stats-reset-no").addEventListener("click", on.keepStats);
  $("stats-reset-yes").addEventListener("click", on.reset);
  panel.addEventListener("cancel", (event) => {
    if ($("stats-confirm").hidden) return;
    event.preventDefault(); // Escape first answers "no" to the reset question
    on.keepStats();
  });
  $("score-setting").addEventListener("change", () => {
    store.writeText("score", $("score-setting").checked ? "on" : "off");
    on.scoreSet();
  });
  document.addEventListener("click", (event) => {
    const el = event.target.closest("[data-deals='stats']");
    if (el && !el.disabled) on.open();
  });
}
