// TriPeaks on the shared shell: its table, its figures, its hint words and its intents (take a card, draw).
// The shell (app.js) calls the same methods on every game; nothing here decides a rule: the snapshot says
// which card is free, playable, won or stuck.

import { theCard } from "../../js/cards.js";
import { t } from "../../js/i18n.js";
import { watchLayout } from "./layout.js";
import { Table } from "./table.js";
import { figure } from "../../js/panels.js";

const $ = (id) => document.getElementById(id);

/** TriPeaks' words and figures: pure functions of snapshots, the same for every table. */
const words = {
  hintText(hint, state) {
    const why = hint.why && t(`why.${hint.why}`);
    if (hint.kind === "take") {
      const entry = state && state.table[hint.position];
      const card = entry && entry.card ? theCard(entry.card) : "";
      return [t("hint.take", { card }), why].filter(Boolean).join(" ");
    }
    if (hint.kind === "draw") return [t("hint.draw"), why].filter(Boolean).join(" ");
    if (hint.kind === "lost") return t("hint.lost");
    return t("hint.stuck");
  },
  /** A step of a solution replay, said in words: the move, and the frame before it. */
  describeStep(move, before, vars) {
    if (move === "draw") return { key: "solution.move_draw", vars };
    const entry = before.table[Number(move)];
    return { key: "solution.move_take", vars: { ...vars, card: () => (entry && entry.card ? theCard(entry.card) : "") } };
  },
  /** The end panel's figures of this game (`panel`: the win or the stuck panel). */
  winFigures(next, panel) {
    figure(panel, "cleared", `${next.cleared}/28`);
    figure(panel, "longest", String(next.longest_streak));
  },
  celebrateOn: (op) => op === "move", // the winning move (a take: a draw never wins), not a reload or a language switch
  stuckText: (next) => t(next.outcome === "given_up" ? "stuck.given_up" : "stuck.text", { n: next.peaks_left }),
  /** The message line's own note when nothing else is said: the stock is empty. */
  note(state) {
    if (state.stock !== 0 || state.outcome !== "playing") return null;
    return { key: state.peaks_left === 1 ? "stock.empty_note_one" : "stock.empty_note", vars: { n: state.peaks_left }, kind: "stock" };
  },
  dealArgs: (choice) => choice,
};

/** TriPeaks' table component. shell: {act(name, arg), send(op, args, options)}: how its taps reach the engine. */
export function createTriPeaks(element, shell) {
  const table = new Table({ peaks: $("peaks"), stock: $("stock"), stockCount: $("stock-count"), waste: $("waste") });
  let laidOut = false;

  return {
    ...words,
    id: "tripeaks",
    table,
    /** The ops that are a player's move: the clock starts with the first, statistics count the game. */
    moveOps: ["move"],
    activate() {
      if (!laidOut) watchLayout(element.closest(".board"), element);
      laidOut = true;
    },
    bind() {
      $("peaks").addEventListener("click", (event) => {
        const el = event.target.closest(".card");
        if (el && el.dataset.pos !== undefined) shell.act("take", Number(el.dataset.pos));
      });
      $("stock").addEventListener("click", () => shell.act("draw"));
    },
    keymap: { d: "draw" },
    intents: {
      take(position) {
        const el = table.cardEl(position);
        const rect = el ? el.getBoundingClientRect() : null;
        return shell.send("move", { move: String(position) }, { fromRect: rect, target: el });
      },
      draw() {
        return shell.send("move", { move: "draw" }, { fromRect: $("stock").getBoundingClientRect(), target: $("stock") });
      },
    },
    moveFocus(direction) {
      table.moveFocus(direction);
    },
    escape: () => false,
    focusPlayable() {
      const playable = table.playable()[0];
      (playable ? playable.el : $("stock")).focus({ preventScroll: true });
    },
    /** The table of a snapshot. A finished game's stock says it cannot be drawn even with cards left. */
    update(snapshot) {
      table.render(snapshot);
      $("stock").setAttribute("aria-disabled", String(Boolean(snapshot.over) && !snapshot.can_draw));
    },
    renderStatus(previous, next) {
      $("cleared").textContent = t("status.cleared", { n: next.cleared });
      $("streak").textContent = t("status.streak", { n: next.streak });
      const streak = $("streak");
      streak.dataset.value = String(next.streak);
      if (previous && previous.deal_id === next.deal_id && previous.streak > 0 && next.streak === 0) {
        streak.classList.remove("reset");
        void streak.offsetWidth;
        streak.classList.add("reset");
      }
    },
    /** After a reply: the refused card shakes, a played card flies to the waste. */
    afterReply(reply, { moved, op, fromRect, target }) {
      if (reply.rejection) table.shake(target);
      else if (moved && op === "move") table.flyToWaste(fromRect);
    },
    /** Mark the card (or the stock) a hint names; null: no mark. */
    highlight(hint) {
      if (!hint) {
        if (table.hinted !== null) table.highlight(null);
      } else if (hint.kind === "take") table.highlight(hint.position);
      else if (hint.kind === "draw") table.highlight("stock");
    },
    reset() {},
  };
}
