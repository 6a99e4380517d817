// The lines under the table: the message line (a notice until the next action, else what the snapshot
// says: the game is over, or the game's own note) and the hint banner (searching, the hint in words, the
// proven-lost actions, an error). The controller (app.js) says what to show; this module draws it.

import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** A message's vars; one given as a function (a card's name) is read now, in the language shown now. */
function liveVars(vars = {}) {
  return Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, typeof value === "function" ? value() : value]));
}

/** state(): the snapshot on the table (or null); game(): the table component of the game on the table. */
export function createLines({ state, game }) {
  let notice = null; // {key, vars, kind} shown in the message line until the next action
  let banner = null; // {kind: "searching" | "hint" | "lost" | "error", hint?, message?}

  const lines = {
    /** The notice shown now (null when the line says what the snapshot says). */
    notice: () => notice,
    hasBanner: () => banner !== null,

    /** Show `message` until the next action (null: back to what the snapshot says). */
    setMessage(message) {
      notice = message;
      lines.renderMessage();
    },

    /** Forget the notice without drawing (the next render says what the snapshot says). */
    clearNotice() {
      notice = null;
    },

    renderMessage() {
      const el = $("message");
      const snapshot = state();
      let shown = notice;
      if (!shown && snapshot && snapshot.outcome !== "playing") {
        // Once the game is over (or stuck) and its panel closed, the line says so, and what to do next.
        shown = { key: `end.${snapshot.outcome}`, kind: "end" };
      }
      if (!shown && snapshot) shown = game().note(snapshot);
      el.textContent = shown ? t(shown.key, liveVars(shown.vars)) : "";
      el.className = `message${shown && shown.kind ? ` ${shown.kind}` : ""}`;
      el.dataset.kind = shown ? shown.kind || "info" : "";
    },

    showBanner(next) {
      banner = next;
      lines.renderBanner();
    },

    /** No banner, and no card highlighted by the hint it showed. */
    closeBanner() {
      banner = null;
      lines.renderBanner();
      game().highlight(null);
    },

    renderBanner() {
      const el = $("hint-banner");
      const actions = $("lost-actions");
      if (!banner) {
        el.hidden = true;
        el.dataset.kind = "";
        return;
      }
      const snapshot = state();
      let text = "";
      if (banner.kind === "searching") text = t("hint.searching");
      else if (banner.kind === "error") text = t("hint.error");
      else text = game().hintText(banner.hint, snapshot);
      el.hidden = false; // shown before the text changes, so the live region announces it
      $("hint-text").textContent = text;
      const lost = banner.kind === "hint" && banner.hint.kind === "lost";
      el.dataset.kind = banner.kind === "hint" ? banner.hint.kind : banner.kind;
      el.classList.toggle("lost", lost);
      actions.hidden = !lost;
      for (const button of actions.querySelectorAll("[data-action='undo']")) button.hidden = !(snapshot && snapshot.can_undo);
    },
  };
  return lines;
}
