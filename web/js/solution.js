// "Was this deal winnable?" and "Voir une solution". After the game the engine's `solution` op solves the
// deal from its start with every card known and sends one snapshot per step of a winning line. The replay
// only draws those snapshots on the table (and their figures in the status bar): the player's game (kept in
// the worker and in app.js) and the statistics are never touched, and the player's snapshot is drawn again
// on stop.
//
// No peeking: the solution is asked for only when the snapshot says `solution_available` (won, given up,
// or every card known). Before that, an ending panel offers to give up instead ("Abandonner et voir la
// solution"): the game then counts as lost and cannot be resumed. The `solution` reply also carries the
// game's new state and save (every card is known from then on), which the page applies and keeps.
//
// Test hook (the test build only, js/hooks.js): test-replay-ms sets the time between two steps (default 700 ms).

import { hook } from "./hooks.js";
import { dealMessage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const STEP_MS = Math.max(1, Number(hook("test-replay-ms")) || 700);

export class Solution {
  /** ctx: {engine(), state(), game(), announce({key, vars}), restore(), onStop(panelId), showFrame(snapshot),
   *        giveUp() -> Promise, applyReply(reply, op), engineError(err)} */
  constructor(ctx) {
    this.ctx = ctx;
    this.answer = null; // {dealId, verdict, line, frames} for the deal being looked at
    this.pending = null; // {dealId, promise}
    this.replay = null; // {frames, line, index, timer, panel}
    document.addEventListener("click", (event) => {
      const ask = event.target.closest("[data-solution]");
      if (ask) {
        if (ask.dataset.solution === "ask") this.ask(ask.closest("dialog"));
        else if (ask.dataset.solution === "give-up") this.giveUp();
        else this.show(ask.closest("dialog"));
        return;
      }
      const control = event.target.closest("[data-replay]");
      if (control) this.control(control.dataset.replay);
    });
    // Escape stops a replay (before the page's own keys see it); the letters do nothing meanwhile.
    window.addEventListener(
      "keydown",
      (event) => {
        if (!this.replay || document.querySelector("dialog[open]")) return;
        if (event.key === "Escape") {
          event.preventDefault();
          this.stop();
        }
      },
      true,
    );
  }

  active() {
    return this.replay !== null;
  }

  /** Forget the answer when the deal changes, or when it is dealt afresh (its cards are unseen again). */
  forDeal(dealId, fresh = false) {
    if (this.answer && (fresh || this.answer.dealId !== dealId)) this.answer = null;
    this.renderPanels();
  }

  available() {
    const state = this.ctx.state();
    return Boolean(state && state.solution_available);
  }

  /** "Abandonner et voir la solution": the engine closes the game; app.js draws it, deals.js then asks. */
  async giveUp() {
    if (this.available()) return;
    await this.ctx.giveUp();
    const show = document.querySelector("dialog[open] [data-solution='show']");
    if (show && !show.hidden) show.focus();
  }

  fetch() {
    const state = this.ctx.state();
    const dealId = state.deal_id;
    if (this.answer && this.answer.dealId === dealId) return Promise.resolve(this.answer);
    if (this.pending && this.pending.dealId === dealId) return this.pending.promise;
    const promise = this.ctx
      .engine()
      .request("solution", {})
      .then(
        (reply) => {
          this.answer = { dealId, verdict: reply.verdict, line: reply.line || [], frames: reply.frames || [] };
          const current = this.ctx.state();
          if (reply.state && current && current.deal_id === dealId) {
            this.ctx.applyReply(reply, "solution"); // every card is known now: drawn and saved
          }
          return this.answer;
        },
        (err) => {
          if (err.type === "Timeout" && this.ctx.engineError) this.ctx.engineError(err);
          this.answer = { dealId, verdict: "error", message: err.message || err.type, line: [], frames: [] };
          const answer = this.answer;
          this.answer = null; // an error may be asked again
          return answer;
        },
      )
      .finally(() => {
        if (this.pending && this.pending.promise === promise) this.pending = null;
      });
    this.pending = { dealId, promise };
    return promise;
  }

  verdictMessage(answer) {
    if (!answer) return { key: "solution.searching" };
    if (answer.verdict === "win") return { key: "solution.win", vars: { n: answer.line.length } };
    if (answer.verdict === "lost") return { key: "solution.lost" };
    if (answer.verdict === "error") return { key: "solution.error", vars: { message: answer.message } };
    return { key: "solution.unknown" };
  }

  verdictText(answer) {
    const m = this.verdictMessage(answer);
    return t(m.key, m.vars || {});
  }

  /** Fill the verdict line of the open ending panel(s). */
  renderPanels(answer = this.answer) {
    const available = this.available();
    for (const box of document.querySelectorAll("[data-verdict-box]")) {
      const text = box.querySelector("[data-verdict-text]");
      const asking = this.pending !== null && !answer;
      text.textContent = answer ? this.verdictText(answer) : asking ? t("solution.searching") : "";
      box.dataset.verdict = answer ? answer.verdict : asking ? "searching" : "";
      const ask = box.querySelector("[data-solution='ask']");
      const show = box.querySelector("[data-solution='show']");
      const giveUp = box.querySelector("[data-give-up]");
      const state = this.ctx.state();
      const won = Boolean(state && state.outcome === "won"); // no question: it was winnable
      const hide = Boolean(answer && answer.verdict !== "error") || !available || won;
      if (giveUp) giveUp.hidden = available;
      const closes = box.querySelector("[data-closes-note]");
      if (closes) closes.hidden = !(available && !answer && state && !state.all_known);
      if ((hide && document.activeElement === ask) || (available && giveUp && giveUp.contains(document.activeElement))) {
        show.focus();
      }
      ask.hidden = hide;
      show.hidden = !available;
    }
  }

  /** "Was this deal winnable?": ask the solver (once per deal) and say it in the panel and the live region. */
  async ask(panel = null, { announce = true } = {}) {
    if (!this.available()) return null; // the game is still on: no peeking at the cards it hides
    const dealId = this.ctx.state().deal_id;
    this.renderPanels(null);
    const answer = await this.fetch();
    if (this.ctx.state().deal_id !== dealId) return null;
    this.renderPanels(answer);
    if (announce && !(panel && panel.open)) this.ctx.announce(this.verdictMessage(answer));
    return answer;
  }

  async show(panel) {
    const answer = await this.ask(panel, { announce: false });
    if (!answer) return;
    if (answer.verdict !== "win" || answer.frames.length === 0) {
      const message = answer.verdict === "lost" ? { key: "solution.none" } : this.verdictMessage(answer);
      for (const box of document.querySelectorAll("[data-verdict-box]")) {
        box.querySelector("[data-verdict-text]").textContent = t(message.key, message.vars || {});
        box.dataset.verdict = answer.verdict;
      }
      if (!(panel && panel.open)) this.ctx.announce(message);
      return;
    }
    this.start(answer, panel ? panel.id : null);
  }

  start(answer, panelId) {
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
    this.replay = { frames: answer.frames, line: answer.line, index: 0, timer: null, panel: panelId };
    const game = $("game");
    game.dataset.replay = "on";
    $("replay-bar").hidden = false;
    this.ctx.game().highlight(null);
    this.draw();
    this.ctx.announce(dealMessage("solution.started", this.ctx.state().deal_id));
    this.play();
    $("replay-play").focus({ preventScroll: true });
  }

  draw() {
    const r = this.replay;
    const frame = r.frames[r.index];
    this.ctx.showFrame(frame); // the replay's table and figures (cleared, streak, moves)
    const n = r.frames.length - 1;
    $("replay-step-count").textContent = t("solution.count", { i: r.index, n });
    const bar = $("replay-bar");
    bar.dataset.step = String(r.index);
    bar.dataset.steps = String(n);
    bar.dataset.done = String(r.index === n);
    $("replay-next").disabled = r.index === n;
    $("replay-play").textContent = t(r.timer ? "solution.pause" : "solution.play");
    $("replay-play").setAttribute("aria-pressed", String(Boolean(r.timer)));
    $("replay-play").disabled = r.index === n;
  }

  describeStep(index) {
    const r = this.replay;
    const n = r.frames.length - 1;
    return this.ctx.game().describeStep(r.line[index - 1], r.frames[index - 1], { i: index, n });
  }

  step() {
    const r = this.replay;
    if (!r || r.index >= r.frames.length - 1) return;
    r.index += 1;
    const done = r.index === r.frames.length - 1;
    const playing = Boolean(r.timer);
    if (done) this.pause();
    this.draw();
    // While playing, only the end is announced (a line of forty moves would flood a screen reader).
    if (done) this.ctx.announce({ key: "solution.done", vars: { n: r.frames.length - 1 } });
    else if (!playing) this.ctx.announce(this.describeStep(r.index));
  }

  play() {
    const r = this.replay;
    if (!r || r.timer || r.index >= r.frames.length - 1) return;
    r.timer = setInterval(() => this.step(), STEP_MS);
    this.draw();
  }

  pause() {
    const r = this.replay;
    if (r && r.timer) {
      clearInterval(r.timer);
      r.timer = null;
    }
  }

  control(what) {
    if (!this.replay) return;
    if (what === "play") {
      if (this.replay.timer) this.pause();
      else this.play();
      this.draw();
    } else if (what === "step") {
      this.pause();
      this.step();
    } else if (what === "stop") this.stop();
  }

  stop() {
    if (!this.replay) return;
    this.pause();
    const panel = this.replay.panel;
    this.replay = null;
    $("game").dataset.replay = "off";
    $("replay-bar").hidden = true;
    this.ctx.restore();
    this.ctx.announce({ key: "solution.stopped" });
    this.ctx.onStop(panel);
  }
}
