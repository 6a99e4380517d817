// The end-of-game panels (panels): the win panel and the stuck (or given-up) panel, opened when a snapshot's
// outcome changes, closed when it changes back (an undo), their summaries in the language shown. What a
// game adds (its figures, the stuck sentence, its celebration) comes from its table component.

import { figure } from "./panels.js";
import { dealCopyLabel, dealLabel } from "./router.js";
import { formatTime } from "./timer.js";

const $ = (id) => document.getElementById(id);
const RESTARTS = ["new", "replay", "restore"];

/** timer: the game's clock; game(): the table component of the game on the table. */
export function createEndings({ timer, game }) {
  /** An end panel's summary: the time, the moves, and the game's own figures (cards cleared, longest run…). */
  function fillSummary(panel, next) {
    figure(panel, "time", formatTime(timer.elapsed()));
    figure(panel, "moves", String(next.moves));
    game().winFigures(next, panel);
  }

  function fillWin(next) {
    fillSummary($("win-panel"), next);
    $("win-deal").textContent = dealLabel(next);
    $("win-deal").setAttribute("aria-label", dealCopyLabel(next));
  }

  function fillStuck(next) {
    $("stuck-text").textContent = game().stuckText(next);
    fillSummary($("stuck-panel"), next);
  }

  return {
    /** The panels after a reply (`op`) took the table from `previous` to `next`. */
    render(previous, next, op) {
      const win = $("win-panel");
      const stuck = $("stuck-panel");
      const changed = !previous || previous.outcome !== next.outcome || RESTARTS.includes(op);
      const ended = next.outcome === "stuck" || next.outcome === "given_up"; // the stuck panel says both
      if (next.outcome !== "won" && win.open) win.close();
      if (!ended && stuck.open) stuck.close();
      for (const el of document.querySelectorAll("dialog [data-action='undo']")) el.hidden = !next.can_undo;
      if (!changed) return;
      if (next.outcome === "won") {
        timer.setWanted(false);
        fillWin(next);
        if (!win.open) win.showModal();
        if (game().celebrateOn(op)) game().table.celebrate(); // the winning move, not a reload or a language switch
      } else if (ended) {
        fillStuck(next);
        if (!stuck.open) stuck.showModal();
      }
    },

    /** The texts of an end panel that is open, in the language just chosen (a closed one stays closed). */
    refresh(state) {
      if ($("win-panel").open && state.outcome === "won") fillWin(state);
      if ($("stuck-panel").open) fillStuck(state);
    },

    close() {
      for (const id of ["win-panel", "stuck-panel"]) if ($(id).open) $(id).close();
    },
  };
}
