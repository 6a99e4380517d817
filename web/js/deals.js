// Deals worth playing, on the page side: the new-deal choice, "Donne suivante" (another deal with the same
// settings, in one tap), statistics (js/attempts.js records, js/statspanel.js shows), "was this deal
// winnable?" with its solution replay (js/solution.js), and the optional streak score (js/score.js).
// app.js calls setupDeals() once and then onState() after every reply it draws; everything here reads the
// snapshot, nothing decides a rule.

import { dealMessage, t } from "./i18n.js";
import { createAttempts } from "./attempts.js";
import { NewDealDialog, rememberChoice } from "./newdeal.js";
import { renderScore } from "./score.js";
import { Solution } from "./solution.js";
import { createStatsPanel } from "./statspanel.js";
import * as stats from "./stats.js";

const $ = (id) => document.getElementById(id);
const RESTARTS = ["new", "replay", "restore"];
const ENDED = ["won", "stuck", "given_up"];
const PANEL_OF = { won: "win-panel", stuck: "stuck-panel", given_up: "stuck-panel" };

/** The words "dealt" of a snapshot's deal: its ID and its statistics key in words. */
function dealtMessage(state) {
  return { kind: "info", key: "newdeal.dealt", vars: { id: state.deal_id, what: () => stats.describeKey(stats.keyOf(state)) } };
}

/** Each "Donne suivante" button says which settings it deals with (its name starts with its text). */
function labelAgain(state) {
  if (!state) return;
  const label = t("button.again_label", { what: stats.describeKey(stats.keyOf(state)) });
  for (const el of document.querySelectorAll("[data-action='again']")) {
    el.setAttribute("aria-label", label);
    el.title = label;
  }
}

/**
 * Escape closes the open dialog even when the browser would not (no focus inside it, or a dialog opened
 * without a fresh user gesture); the dialog's own "cancel" handlers still get their say.
 */
function bindEscapeToDialogs() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const open = [...document.querySelectorAll("dialog[open]")].pop();
    if (!open) return;
    event.preventDefault();
    if (open.dispatchEvent(new Event("cancel", { cancelable: true }))) open.close();
  });
}

/**
 * The new-deal choice and "Donne suivante": ctx as setupDeals'; `attempts` says whether leaving the game
 * records a loss; `blocked()` whether a solution replay holds the table.
 */
function createDealing(ctx, attempts, blocked) {
  const announce = (message) => ctx.setMessage({ kind: "info", ...message });
  let dealingAgain = false;

  /** Ask the engine for a deal of this choice ({level, wrap, all_visible}); true when it was dealt. */
  async function deal(choice) {
    const ok = await ctx.startDeal(choice);
    if (ok) ctx.setMessage(dealtMessage(ctx.state()));
    return ok;
  }

  /** Deal a typed ID, checked as a link is (the engine's check_deal: the session says whether it deals that
   *  ID, and its canonical form). A refused ID changes nothing. */
  async function dealById(typed) {
    let checked;
    try {
      checked = await ctx.engine().request("check_deal", { deal_id: typed });
    } catch (err) {
      if (!ctx.engine().stalled(err)) return "refused";
      ctx.engineError(err);
      return "failed";
    }
    if (!(await ctx.openDeal(checked.deal_id))) return "failed";
    ctx.setMessage(dealtMessage(ctx.state()));
    return "dealt";
  }

  /** The dialog's words for the game on the table. */
  function describe() {
    const state = ctx.state();
    const id = state ? state.deal_id : null;
    const words = (key) => {
      const message = dealMessage(key, id);
      return t(message.key, message.vars);
    };
    const warning = attempts.leavingCountsAsLost(state) ? words("newdeal.warning") : null;
    return { warning, replay: words("newdeal.replay") };
  }

  const dialog = new NewDealDialog({ deal, dealById, describe });

  async function dealAgain() {
    const state = ctx.state();
    if (!state || dealingAgain || dialog.dealing || blocked()) return false;
    const choice = stats.settingsOf(state);
    rememberChoice(choice); // the choice dialog then preselects what is being played
    dealingAgain = true;
    $("game").dataset.dealing = "true";
    announce({ key: "newdeal.dealing" });
    try {
      return await deal(choice);
    } finally {
      dealingAgain = false;
      $("game").dataset.dealing = "false";
    }
  }

  return {
    dialog,
    dealAgain,
    /** The choice of a new deal, preselecting the settings of the deal on the table. */
    offerAgain() {
      const state = ctx.state();
      if (state) rememberChoice(stats.settingsOf(state));
      dialog.open();
    },
    busy: () => dialog.dealing || dealingAgain,
  };
}

/** The solution replay of the deal on the table (js/solution.js), wired to the shell. */
function createSolution(ctx) {
  return new Solution({
    engine: ctx.engine,
    state: ctx.state,
    game: ctx.game,
    announce: (message) => ctx.setMessage({ kind: "info", ...message }),
    restore: () => {
      ctx.restoreTable();
      renderScore(ctx.state());
    },
    showFrame: (frame) => {
      ctx.showFrame(frame);
      renderScore(frame);
    },
    giveUp: ctx.giveUp,
    applyReply: ctx.applyReply,
    engineError: ctx.engineError,
    onStop: (panelId) => {
      const state = ctx.state();
      const panel = panelId && $(panelId);
      if (panel && state && PANEL_OF[state.outcome] === panelId && !panel.open) panel.showModal();
    },
  });
}

/**
 * ctx: {engine(), state(), game() (the game on the table: its table, moveOps, describeStep), timer,
 *       startDeal(args) -> Promise<boolean>, openDeal(dealId) -> Promise<boolean>, setMessage({key, vars}),
 *       restoreTable(), showFrame(snapshot), giveUp() -> Promise, applyReply(reply, op), engineError(err)}
 */
export function setupDeals(ctx) {
  const attempts = createAttempts({ game: ctx.game, elapsed: () => ctx.timer.elapsed() });
  const solution = createSolution(ctx);
  const dealing = createDealing(ctx, attempts, () => solution.active());
  const statsPanel = createStatsPanel({
    state: ctx.state,
    onScore: () => renderScore(ctx.state()),
    blocked: () => solution.active(),
  });
  let booted = false;
  bindEscapeToDialogs();

  /** The hook app.js calls after every reply it draws. */
  function onState(previous, next, op) {
    if (!booted) {
      booted = true;
      $("stats-open").disabled = false;
      if (stats.repair()) ctx.setMessage({ key: "notice.bad_stats", kind: "notice" });
    }
    attempts.track(previous, next, op);
    renderScore(next);
    labelAgain(next);
    solution.forDeal(next.deal_id, op === "new");
    const ended = ENDED.includes(next.outcome);
    const changed = !previous || previous.outcome !== next.outcome || RESTARTS.includes(op);
    if (ended && changed && next.solution_available && next.outcome !== "won") {
      // Once the game is given up, or stuck with every card known, say whether the deal could be won from its
      // start. A stuck game that still hides cards offers to give up first (solution.js). A won game was
      // winnable, plainly: asking would only reveal the unseen stock and close the game, which the player
      // may still want to undo, so the win panel waits for "Voir une solution".
      solution.ask($(PANEL_OF[next.outcome]));
    }
  }

  function onLanguage() {
    const state = ctx.state();
    renderScore(state);
    labelAgain(state);
    solution.renderPanels();
    if (dealing.dialog.isOpen()) dealing.dialog.renderWords();
    statsPanel.refresh();
  }

  renderScore(null);
  return {
    /** The game on the table is about to change: a solution replay stops, the deals' panels close. */
    leaveGame() {
      solution.stop();
      for (const id of ["stats-panel", "newdeal-panel"]) if ($(id).open) $(id).close();
    },
    /** Another game is on the table from now on (its storage in use): its own attempt record. */
    useGame() {
      attempts.useGame();
      booted = false; // its statistics are checked once too
    },
    onState,
    /** Display only (a saved table drawn before the engine is ready): the status figures, nothing recorded. */
    preview: (state) => renderScore(state),
    onLanguage,
    openNewDeal: () => dealing.dialog.open(),
    dealAgain: dealing.dealAgain,
    offerAgain: dealing.offerAgain,
    busy: () => dealing.busy() || solution.active(),
    replaying: () => solution.active(),
  };
}
