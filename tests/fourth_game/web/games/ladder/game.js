// Ladder on the shared shell (the tests' small game): tap a row card to take it, tap the stock to draw.
// Which cards may be taken is the engine's word (the snapshot's `playable`); the page sends the move in
// Ladder's notation ("a"-"d", "draw") and draws the snapshot, nothing more.

import { cardName, showFace, theCard } from "../../js/cards.js";
import { t } from "../../js/i18n.js";
import { celebrate, reducedMotion, shake } from "../../js/motion.js";

const $ = (id) => document.getElementById(id);
const PLACES = ["a", "b", "c", "d"];

function button(place, className) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = className;
  el.dataset.place = place;
  return el;
}

/** The table's elements, built once: the row's four cards, the stock and the waste. */
function build(root) {
  const row = document.createElement("div");
  row.className = "ladder-row";
  const cards = PLACES.map((place) => button(place, "card face-up"));
  row.append(...cards);
  const piles = document.createElement("div");
  piles.className = "ladder-piles";
  const stock = button("draw", "card back stock");
  const waste = document.createElement("div");
  waste.className = "card face-up waste";
  waste.setAttribute("role", "img");
  piles.append(stock, waste);
  root.replaceChildren(row, piles);
  return { cards, stock, waste };
}

/** Draw a snapshot on the table's elements. */
function render(parts, state) {
  state.row.forEach((entry, i) => {
    const el = parts.cards[i];
    showFace(el, entry.card);
    el.classList.toggle("taken", !entry.card);
    el.dataset.playable = String(entry.playable);
    const key = entry.playable ? "card.playable" : "card.not_playable";
    if (entry.card) el.setAttribute("aria-label", t(key, { card: cardName(entry.card) }));
  });
  showFace(parts.waste, state.waste.top);
  parts.waste.setAttribute("aria-label", t("waste.label", { card: cardName(state.waste.top) }));
  parts.stock.dataset.count = String(state.stock.count);
  parts.stock.classList.toggle("back", state.stock.count > 0);
  parts.stock.setAttribute("aria-label", t(state.stock.count ? "stock.label" : "stock.empty", { n: state.stock.count }));
}

/** How many row cards are still to take. */
const left = (snapshot) => snapshot.row.filter((entry) => entry.card).length;

/** Ladder's words: pure functions of snapshots. */
const words = {
  hintText(hint, snapshot) {
    if (hint.kind === "take") {
      const entry = snapshot.row[PLACES.indexOf(hint.move)];
      return t("hint.take", { card: entry && entry.card ? theCard(entry.card) : "" });
    }
    return t(`hint.${hint.kind}`);
  },
  describeStep(notation, before, vars) {
    if (notation === "draw") return { key: "solution.move_draw", vars };
    const entry = before.row[PLACES.indexOf(notation)];
    return { key: "solution.move_take", vars: { ...vars, card: () => theCard(entry.card) } };
  },
  winFigures() {},
  celebrateOn: (op) => op === "move",
  stuckText: (next) => t(next.outcome === "given_up" ? "stuck.given_up" : "stuck.text", { n: left(next) }),
  note: () => null,
  dealArgs: () => ({}),
};

/** Ladder's table component. shell: {act(name, arg), send(op, args, options), setMessage(message), busy()}. */
export function createLadder(element, shell) {
  const parts = build(element);
  const elementOf = (place) => (place === "draw" ? parts.stock : parts.cards[PLACES.indexOf(place)]);
  const focusable = () => [...parts.cards.filter((el) => el.dataset.playable === "true"), parts.stock];
  const move = (notation) => shell.send("move", { move: notation }, { target: notation });
  return {
    ...words,
    id: "ladder",
    moveOps: ["move"],
    table: { celebrate: () => celebrate([parts.waste.getBoundingClientRect()]) },
    intents: { take: (place) => move(place), draw: () => move("draw") },
    keymap: { d: "draw" },
    bind() {
      element.addEventListener("click", (event) => {
        const el = event.target.closest("[data-place]");
        if (el && element.contains(el)) shell.act(el.dataset.place === "draw" ? "draw" : "take", el.dataset.place);
      });
    },
    update: (snapshot) => render(parts, snapshot),
    afterReply(reply, { target }) {
      const el = reply.rejection && target ? elementOf(target) : null;
      if (el && !reducedMotion.matches) shake(el);
    },
    highlight(hint) {
      for (const el of [...parts.cards, parts.stock]) el.classList.remove("hinted");
      if (hint && hint.move) elementOf(hint.move).classList.add("hinted");
    },
    moveFocus(direction) {
      const list = focusable();
      const at = list.indexOf(document.activeElement);
      list[(at + (direction === "left" || direction === "up" ? list.length - 1 : 1)) % list.length].focus();
    },
    focusPlayable: () => focusable()[0].focus(),
    renderStatus(previous, next) {
      $("ladder-left").textContent = t("status.left", { n: left(next) });
    },
    activate() {},
    reset() {},
    escape: () => false,
  };
}
