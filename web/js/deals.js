// Deals worth playing, on the page side: the new-deal choice, "Donne suivante" (another deal with the same
// settings, in one tap), statistics, "was this deal winnable?" with its solution replay, and the optional
// streak score. app.js calls setupDeals() once and then onState()
// after every reply it draws; everything here reads the snapshot, nothing decides a rule.
//
// When a game is recorded in the statistics: once per game, when it first ends (won, stuck or given up), or
// when it is abandoned by a new deal or a replay after at least one move (counted as lost, with the time of
// its last move). A given-up game counts as lost, once (a stuck game given up is not counted again). A
// replay of the solution never records anything. Undoing after the end does not record again. The new-deal
// choice warns of that loss exactly when it would be recorded (leavingCountsAsLost).

import { dealMessage, t } from "./i18n.js";
import { NewDealDialog, rememberChoice, trapFocus } from "./newdeal.js";
import { Solution } from "./solution.js";
import * as stats from "./stats.js";
import * as store from "./storage.js";

const $ = (id) => document.getElementById(id);
const RESTARTS = ["new", "replay", "restore"];
const ENDED = ["won", "stuck", "given_up"];
const PANEL_OF = { won: "win-panel", stuck: "stuck-panel", given_up: "stuck-panel" };

export function scoreOn() {
  return store.readText("score") === "on";
}

/**
 * ctx: {engine(), state(), game() (the game on the table: its table, moveOps, describeStep), timer,
 *       startDeal(args) -> Promise<boolean>, openDeal(dealId) -> Promise<boolean>, setMessage({key, vars}),
 *       closePanels(), restoreTable(), showFrame(snapshot), giveUp() -> Promise, applyReply(reply, op),
 *       engineError(err)}
 */
export function setupDeals(ctx) {
  let attempt = readAttempt(); // {deal_id, recorded, moved}, of the game being played
  let lastMs = 0; // the clock at the last reply, for a game abandoned by a new deal
  let statsKey = null;
  let booted = false;

  const announce = (message) => ctx.setMessage({ kind: "info", ...message });

  /** Ask the engine for a deal of this choice ({level, wrap, all_visible}); true when it was dealt. */
  async function deal(choice) {
    const ok = await ctx.startDeal(choice);
    const state = ctx.state();
    if (ok) announce({ key: "newdeal.dealt", vars: { id: state.deal_id, what: () => stats.describeKey(stats.keyOf(state)) } });
    return ok;
  }

  /**
   * Whether leaving the game on the table now (another deal, the same one replayed, a typed ID) records it
   * as a lost game: the rule of track() below, read before the fact.
   */
  function leavingCountsAsLost() {
    const state = ctx.state();
    return Boolean(state) && attempt.deal_id === state.deal_id && !attempt.recorded && attempt.moved;
  }

  /**
   * Deal a typed ID, checked as a link is (the worker's check_deal: the engine says whether it deals that ID,
   * and its canonical form). A refused ID changes nothing.
   */
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
    const state = ctx.state();
    announce({ key: "newdeal.dealt", vars: { id: state.deal_id, what: () => stats.describeKey(stats.keyOf(state)) } });
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
    return { warning: leavingCountsAsLost() ? words("newdeal.warning") : null, replay: words("newdeal.replay") };
  }

  const newDeal = new NewDealDialog({ deal, dealById, describe });

  // ---------------------------------------------------------------- "Donne suivante": same settings, one tap

  let dealingAgain = false;

  const settingsOf = (state) => stats.settingsOf(state);

  async function dealAgain() {
    const state = ctx.state();
    if (!state || dealingAgain || newDeal.dealing || solution.active()) return false;
    const choice = settingsOf(state);
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

  /** The choice of a new deal, preselecting the settings of the deal on the table. */
  function offerAgain() {
    const state = ctx.state();
    if (state) rememberChoice(settingsOf(state));
    newDeal.open();
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

  const solution = new Solution({
    engine: ctx.engine,
    state: ctx.state,
    game: ctx.game,
    announce,
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

  // ---------------------------------------------------------------- statistics panel

  const statsPanel = $("stats-panel");
  trapFocus(statsPanel);

  function fillKeys() {
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

  function renderStats() {
    if (!statsKey) return;
    stats.render(statsKey, { showScore: scoreOn() });
    $("score-setting").checked = scoreOn();
  }

  function openStats() {
    const state = ctx.state();
    statsKey = state ? stats.keyOf(state) : stats.allKeys()[0];
    fillKeys();
    hideConfirm();
    $("stats-note").textContent = "";
    renderStats();
    if (!statsPanel.open) statsPanel.showModal();
    $("stats-close").focus();
  }

  function hideConfirm() {
    $("stats-confirm").hidden = true;
    $("stats-reset").hidden = false;
  }

  $("stats-key").addEventListener("change", () => {
    statsKey = $("stats-key").value;
    hideConfirm();
    renderStats();
  });
  $("stats-close").addEventListener("click", () => statsPanel.close());
  $("stats-reset").addEventListener("click", () => {
    $("stats-confirm-text").textContent = t("stats.reset_ask", { what: stats.describeKey(statsKey) });
    $("stats-note").textContent = "";
    $("stats-confirm").hidden = false;
    $("stats-reset").hidden = true;
    $("stats-reset-no").focus(); // the safe answer is the default one
  });
  $("stats-reset-no").addEventListener("click", () => {
    hideConfirm();
    $("stats-reset").focus();
  });
  $("stats-reset-yes").addEventListener("click", () => {
    stats.reset(statsKey);
    hideConfirm();
    fillKeys();
    renderStats();
    $("stats-note").textContent = t("stats.reset_done", { what: stats.describeKey(statsKey) });
    $("stats-reset").focus();
  });
  statsPanel.addEventListener("cancel", (event) => {
    if (!$("stats-confirm").hidden) {
      event.preventDefault(); // Escape first answers "no" to the reset question
      hideConfirm();
      $("stats-reset").focus();
    }
  });
  $("score-setting").addEventListener("change", () => {
    store.writeText("score", $("score-setting").checked ? "on" : "off");
    renderStats();
    renderScore(ctx.state());
  });
  document.addEventListener("click", (event) => {
    const el = event.target.closest("[data-deals='stats']");
    if (el && !el.disabled && !solution.active()) openStats();
  });

  // ---------------------------------------------------------------- score

  function renderScore(state) {
    const on = scoreOn();
    const el = $("score");
    el.hidden = !on;
    for (const item of document.querySelectorAll("#win-panel .score-only")) item.hidden = !on;
    if (!state) return;
    el.textContent = t("status.score", { n: state.score });
    el.dataset.value = String(state.score);
    $("win-score").textContent = String(state.score);
  }

  // ---------------------------------------------------------------- recording

  function saveAttempt() {
    store.writeJSON("attempt", attempt);
  }

  function recordGame(snapshot, won, ms) {
    stats.record(stats.keyOf(snapshot), {
      won,
      ms,
      moves: snapshot.moves,
      longest: snapshot.longest_streak || 0,
      score: snapshot.score || 0,
      id: snapshot.deal_id,
    });
    attempt.recorded = true;
    saveAttempt();
    document.getElementById("game").dataset.recorded = String(Number(document.getElementById("game").dataset.recorded || 0) + 1);
  }

  function track(previous, next, op) {
    if (op === "new" || op === "replay") {
      const abandoned = previous && attempt.deal_id === previous.deal_id && !attempt.recorded && attempt.moved;
      if (abandoned) recordGame(previous, false, lastMs);
      attempt = { deal_id: next.deal_id, recorded: false, moved: false };
      saveAttempt();
    } else if (op === "restore") {
      if (attempt.deal_id !== next.deal_id) {
        attempt = { deal_id: next.deal_id, recorded: false, moved: next.moves > 0 };
        saveAttempt();
      }
    } else {
      if (ctx.game().moveOps.includes(op) && previous && previous.version !== next.version && !attempt.moved) {
        attempt.moved = true;
        saveAttempt();
      }
      if (!attempt.recorded && ENDED.includes(next.outcome)) {
        recordGame(next, next.outcome === "won", ctx.timer.elapsed());
      }
    }
    lastMs = ctx.timer.elapsed();
  }

  // ---------------------------------------------------------------- the hook app.js calls

  function onState(previous, next, op) {
    if (!booted) {
      booted = true;
      $("stats-open").disabled = false;
      if (stats.repair()) announce({ key: "notice.bad_stats", kind: "notice" });
    }
    track(previous, next, op);
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
    if (newDeal.isOpen()) newDeal.renderWords();
    if (statsPanel.open) {
      fillKeys();
      renderStats();
    }
  }

  // Escape closes the open dialog even when the browser would not (no focus inside it, or a dialog opened
  // without a fresh user gesture); the dialog's own "cancel" handlers still get their say.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const open = [...document.querySelectorAll("dialog[open]")].pop();
    if (!open) return;
    event.preventDefault();
    if (open.dispatchEvent(new Event("cancel", { cancelable: true }))) open.close();
  });

  /** The game on the table is about to change: a solution replay stops, the deals' panels close. */
  function leaveGame() {
    solution.stop();
    for (const id of ["stats-panel", "newdeal-panel"]) if ($(id).open) $(id).close();
  }

  /** Another game is on the table from now on (its storage in use): its own attempt record. */
  function useGame() {
    attempt = readAttempt();
    lastMs = 0;
    booted = false; // its statistics are checked once too
  }

  renderScore(null);
  return {
    leaveGame,
    useGame,
    onState,
    /** Display only (a saved table drawn before the engine is ready): the status figures, nothing recorded. */
    preview: (state) => renderScore(state),
    onLanguage,
    openNewDeal: () => newDeal.open(),
    dealAgain,
    offerAgain,
    busy: () => newDeal.dealing || dealingAgain || solution.active(),
    replaying: () => solution.active(),
  };
}

function readAttempt() {
  const read = store.readJSON("attempt");
  const v = read.ok && read.value && typeof read.value === "object" ? read.value : {};
  return { deal_id: typeof v.deal_id === "string" ? v.deal_id : null, recorded: v.recorded === true, moved: v.moved === true };
}
