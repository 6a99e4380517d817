// The Klondike table: the stock, the waste top, the Finir auto button, four foundations and seven columns,
// drawn from the snapshot the engine sends (docs/KLONDIKE.md) and nothing else. A face-down card is a back
// with no card in the DOM; which card may go where is the snapshot's `destinations` (the page marks them, it
// never compares two cards). Elements are built once and updated in place: a face-up card is one button per
// card code, moved from column to column, so a move changes a few nodes and a card can be seen travelling.
//
// Sizes and places come from layout.js (fit: the arrangement; fan: how tightly a column fans), from the room
// the window gives the table (measured with a ResizeObserver), never from the cards on it.

import { watchBoard } from "../../js/board.js";
import { cardName, showFace } from "../../js/cards.js";
import { celebrate, flip, reducedMotion, shake } from "../../js/motion.js";
import { columnHeight, fan, fit } from "./layout.js";

const SVG = "http://www.w3.org/2000/svg";
const FLY_MS = 170;

function button(className, place) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = className;
  if (place) el.dataset.place = place;
  return el;
}

function suitMark(suit) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", "kl-suit-mark");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#suit-${suit}`);
  svg.append(use);
  return svg;
}

const px = (value) => `${Math.round(value)}px`;

/** A card glides from a rectangle to where it stands now, over the other cards (a transform animation). */
// Where each gliding card comes to rest (its box, in the viewport), while it glides.
const restRects = new WeakMap();

function glide(el, from) {
  if (!from || typeof el.animate !== "function") return;
  const to = el.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  el.classList.add("kl-flying");
  restRects.set(el, to);
  const animation = el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: FLY_MS, easing: "ease-out" });
  const done = () => {
    el.classList.remove("kl-flying");
    restRects.delete(el);
  };
  animation.finished.then(done, done);
}

/** Where a card code stands in a snapshot: {where: "T", column, index, down} | {where: "W"} |
 *  {where: "F", foundation} | null. */
export function locate(state, code) {
  if (!state || !code) return null;
  for (const column of state.columns) {
    const index = column.cards.findIndex((entry) => entry.card === code);
    if (index >= 0) return { where: "T", column: column.column, index, down: column.down, entry: column.cards[index] };
  }
  if (state.waste.top && state.waste.top.card === code) return { where: "W", entry: state.waste.top };
  const foundation = state.foundations.findIndex((f) => f.top && f.top.card === code);
  if (foundation >= 0) return { where: "F", foundation, entry: state.foundations[foundation].top };
  return null;
}

/** The foundation that takes a card's suit (the snapshot lists one per suit). */
export function foundationOf(state, code) {
  return state ? state.foundations.findIndex((f) => f.suit === code[1]) : -1;
}

export class KlondikeTable {
  constructor({ root, t }) {
    this.root = root;
    this.t = t;
    this.state = null;
    this.selected = null;
    this.hinted = null;
    this.size = null;
    this.draw = 1; // the snapshot's draw (1 or 3): the waste fans with draw three
    this.faces = new Map(); // card code -> its button in a column
    this.build();
    this.board = watchBoard(root, () => this.fit());
    this.fit();
  }

  build() {
    const root = this.root;
    root.replaceChildren();
    root.classList.add("klondike-board");
    this.tableEl = document.createElement("div");
    this.tableEl.className = "kl-table";

    this.stockEl = button("card back kl-stock kl-pile", "stock");
    this.countEl = document.createElement("span");
    this.countEl.className = "count";
    this.countEl.setAttribute("aria-hidden", "true");
    this.recycleMark = document.createElement("span");
    this.recycleMark.className = "kl-recycle-mark";
    this.recycleMark.setAttribute("aria-hidden", "true");
    this.recycleMark.textContent = "↻";
    this.stockEl.append(this.countEl, this.recycleMark);

    this.underEl = document.createElement("div");
    this.underEl.className = "card back kl-under";
    this.underEl.setAttribute("aria-hidden", "true");
    // draw three: the two cards turned before the waste's top, fanned under it (seen, never played)
    this.fanEls = Array.from({ length: 2 }, () => {
      const el = document.createElement("div");
      el.className = "card face-up kl-fan";
      el.setAttribute("aria-hidden", "true");
      el.hidden = true;
      return el;
    });
    this.wasteEl = button("card kl-waste kl-pile empty", "W");
    this.wasteEl.tabIndex = -1;

    this.autoEl = button("kl-auto", "auto");
    this.autoEl.hidden = true;

    this.foundationEls = Array.from({ length: 4 }, (_, i) => {
      const el = button("card kl-foundation kl-pile empty", `F${i}`);
      el.tabIndex = -1;
      return el;
    });

    this.columnEls = Array.from({ length: 7 }, (_, c) => {
      const el = document.createElement("div");
      el.className = "kl-column";
      el.dataset.column = String(c);
      el.setAttribute("role", "group");
      const slot = button("kl-slot", `T${c}`);
      slot.tabIndex = -1;
      el.append(slot);
      return { el, slot, backs: [] };
    });

    this.noteEl = document.createElement("div");
    this.noteEl.className = "kl-note";
    this.noteEl.hidden = true;
    this.noteText = document.createElement("p");
    this.noteText.setAttribute("role", "status");
    this.noteClose = button("close kl-note-close", "note-close");
    this.noteClose.textContent = "×";
    this.noteEl.append(this.noteText, this.noteClose);

    this.tableEl.append(
      this.stockEl, this.underEl, ...this.fanEls, this.wasteEl, this.autoEl, ...this.foundationEls,
      ...this.columnEls.map((c) => c.el),
    );
    root.append(this.tableEl, this.noteEl);
  }

  // ---------------------------------------------------------------- reading the DOM back

  /** What a tap landed on: {kind: "card", card, from: "T"|"W"|"F", column?, foundation?},
   *  {kind: "column", column}, {kind: "foundation", foundation}, {kind: "stock"}, {kind: "auto"},
   *  {kind: "note-close"}, {kind: "down", column} (a face-down card), or null. */
  targetOf(eventTarget) {
    if (!eventTarget || typeof eventTarget.closest !== "function" || !this.root.contains(eventTarget)) return null;
    const el = eventTarget.closest("[data-place], .kl-down, [data-column]");
    if (!el) return null;
    const place = el.dataset.place;
    if (el.classList.contains("kl-down")) return { kind: "down", column: Number(el.closest("[data-column]").dataset.column) };
    if (place === "stock" || place === "auto" || place === "note-close") return { kind: place };
    if (place === "W") return el.dataset.card ? { kind: "card", card: el.dataset.card, from: "W" } : null;
    if (place && place[0] === "F") {
      const foundation = Number(place.slice(1));
      return el.dataset.card
        ? { kind: "card", card: el.dataset.card, from: "F", foundation }
        : { kind: "foundation", foundation };
    }
    const column = Number(el.closest("[data-column]").dataset.column);
    if (el.dataset.card && el.classList.contains("kl-up")) return { kind: "card", card: el.dataset.card, from: "T", column };
    return { kind: "column", column };
  }

  /** The element showing a card code now (a column card, the waste top, a foundation top), or null. */
  cardEl(code) {
    if (!code) return null;
    const face = this.faces.get(code);
    if (face && face.isConnected && face.dataset.card === code) return face;
    if (this.wasteEl.dataset.card === code) return this.wasteEl;
    return this.foundationEls.find((el) => el.dataset.card === code) || null;
  }

  /** Whether a tap or press at (x, y) on `eventTarget` was aimed at what stood there a moment ago: the
   *  element is a card gliding past that point, not one gliding to a place that holds the point (a card
   *  only turning face up is where it stays: a quick second tap on it is the double-tap guard's to judge). */
  inMotion(eventTarget, x, y) {
    const card = eventTarget && typeof eventTarget.closest === "function" ? eventTarget.closest(".kl-flying") : null;
    if (!card) return false;
    const rest = restRects.get(card);
    return !rest || x < rest.left || x > rest.right || y < rest.top || y > rest.bottom;
  }

  /** The card with every card on it (a column's run), as elements, top of the run first. */
  runEls(code) {
    const where = locate(this.state, code);
    if (!where) return [];
    if (where.where !== "T") return [this.cardEl(code)].filter(Boolean);
    const column = this.state.columns[where.column];
    return column.cards.slice(where.index).map((entry) => this.faces.get(entry.card)).filter(Boolean);
  }

  /** The element a destination ("T3", "F" for a card) is drawn on: the column's top card or empty slot,
   *  the foundation of the card's suit. */
  destinationEl(destination, code) {
    if (destination === "F") return this.foundationEls[foundationOf(this.state, code)] || null;
    const column = Number(String(destination).slice(1));
    const col = this.state && this.state.columns[column];
    if (!col) return null;
    const top = col.cards[col.cards.length - 1];
    if (!top) return this.columnEls[column].slot;
    return top.card ? this.faces.get(top.card) : this.columnEls[column].backs[col.cards.length - 1];
  }

  /** Where a dragged card may be let go: each column (its whole height) and each foundation, as rectangles
   *  measured once when the drag starts. */
  dropZones() {
    const zones = [];
    const half = this.size ? this.size.gap / 2 : 2;
    const bottom = this.tableEl.getBoundingClientRect().bottom;
    for (const [c, column] of this.columnEls.entries()) {
      const r = column.el.getBoundingClientRect();
      zones.push({ target: `T${c}`, left: r.left - half, right: r.right + half, top: r.top, bottom });
    }
    for (const el of this.foundationEls) {
      const r = el.getBoundingClientRect();
      zones.push({ target: "F", el, left: r.left - half, right: r.right + half, top: r.top - half, bottom: r.bottom + half });
    }
    return zones;
  }

  // ---------------------------------------------------------------- drawing

  /** Draw a snapshot; `selected` (a card code or null) is the card the player picked: it and its run are
   *  marked, and every destination the snapshot gives it. */
  render(state, { selected = null } = {}) {
    const previous = this.state;
    const focusKey = this.focusKey(document.activeElement);
    const moving = previous && previous.deal_id === state.deal_id && previous.version !== state.version;
    const dropped = [...this.tableEl.querySelectorAll(".kl-dropped")];
    const before = (moving || dropped.length) && !reducedMotion.matches ? this.rects() : null;
    this.state = state;
    const draw = state.draw === 3 ? 3 : 1;
    if (draw !== this.draw) {
      this.draw = draw; // the waste fans with draw three: the table is laid out again for it
      this.root.classList.toggle("kl-draw3", draw === 3);
      this.fit();
    }
    this.root.classList.add("drawn"); // the piles show (and are named) from the first snapshot on
    this.selected = selected;
    const chosen = selected ? locate(state, selected) : null;
    const targets = new Set(chosen ? chosen.entry.destinations : []);
    const run = new Set(chosen ? this.runCodes(state, chosen) : []);

    this.tableEl.setAttribute("aria-label", this.t("table.label"));
    this.renderStock(state);
    this.renderWaste(state, run, targets);
    this.renderFoundations(state, run, targets, selected);
    for (const column of state.columns) this.renderColumn(column, run, targets);
    this.place();
    this.applyHint();
    if (before) this.fly(before, previous, state, moving);
    this.settle(dropped);
    this.updateTabStop(focusKey);
  }

  runCodes(state, chosen) {
    if (chosen.where !== "T") return [this.selected];
    return state.columns[chosen.column].cards.slice(chosen.index).map((entry) => entry.card);
  }

  renderStock(state) {
    const count = state.stock.count;
    const el = this.stockEl;
    el.classList.toggle("back", count > 0);
    el.classList.toggle("empty", count === 0);
    el.classList.toggle("kl-can-recycle", count === 0 && state.can_recycle);
    el.dataset.count = String(count);
    this.countEl.textContent = count > 0 ? String(count) : "";
    let label = this.t(this.draw === 3 && count > 2 ? "stock.label_three" : "stock.label", { n: count });
    if (count === 1) label = this.t("stock.label_one");
    if (count === 0) label = this.t(state.can_recycle ? "stock.recycle" : "stock.empty", { n: state.recycles });
    el.setAttribute("aria-label", label);
    el.title = count === 0 && state.can_recycle ? this.t("stock.recycle_title") : "";
    if (state.can_draw || state.can_recycle) el.removeAttribute("aria-disabled");
    else el.setAttribute("aria-disabled", "true");
  }

  renderWaste(state, run, targets) {
    const top = state.waste.top;
    const el = this.wasteEl;
    showFace(el, top ? top.card : null);
    el.classList.toggle("empty", !top);
    el.classList.toggle("face-up", Boolean(top));
    const under = this.fanned(state);
    for (const [i, fanEl] of this.fanEls.entries()) {
      const code = under[i] || null;
      fanEl.hidden = !code;
      if (code) showFace(fanEl, code);
    }
    this.underEl.hidden = state.waste.count < 2 + under.length;
    if (!top) {
      el.setAttribute("aria-label", this.t("waste.empty"));
      this.markCard(el, null, false, false);
      return;
    }
    this.markCard(el, top, run.has(top.card), false);
    const card = this.cardLabel(top, run.has(top.card), false);
    el.setAttribute("aria-label", under.length === 0
      ? this.t("waste.label", { card })
      : this.t("waste.label_fan", { card, under: under.map((code) => cardName(code)).reverse().join(", ") }));
  }

  /** The waste cards fanned under its top (draw three), bottom first: the snapshot's `fan` without its top. */
  fanned(state) {
    const fan = state.waste && Array.isArray(state.waste.fan) ? state.waste.fan : [];
    return fan.slice(0, -1).map((entry) => entry.card).filter(Boolean).slice(-this.fanEls.length);
  }

  renderFoundations(state, run, targets, selected) {
    const goal = targets.has("F") && selected ? foundationOf(state, selected) : -1;
    for (const [i, foundation] of state.foundations.entries()) {
      const el = this.foundationEls[i];
      const top = foundation.top;
      if (el.dataset.suit !== foundation.suit) el.dataset.suit = foundation.suit;
      if (showFace(el, top ? top.card : null) && !top) el.append(suitMark(foundation.suit));
      el.classList.toggle("empty", !top);
      el.classList.toggle("face-up", Boolean(top));
      el.classList.toggle("kl-target", i === goal);
      const suit = this.t(`suit.${foundation.suit}`);
      this.markCard(el, top, Boolean(top) && run.has(top.card), i === goal);
      const what = top ? this.cardLabel(top, run.has(top.card), i === goal) : this.t(i === goal ? "foundation.empty_target" : "foundation.empty");
      el.setAttribute("aria-label", this.t("foundation.label", { suit, what, n: foundation.count }));
    }
  }

  renderColumn(column, run, targets) {
    const c = column.column;
    const parts = this.columnEls[c];
    const wanted = [parts.slot];
    const isTarget = targets.has(`T${c}`);
    for (let i = 0; i < column.cards.length; i += 1) {
      const entry = column.cards[i];
      if (entry.state === "down" || !entry.card) {
        let back = parts.backs[i];
        if (!back) {
          back = document.createElement("div");
          back.className = "card back kl-down";
          back.setAttribute("aria-hidden", "true");
          parts.backs[i] = back;
        }
        wanted.push(back);
        continue;
      }
      let el = this.faces.get(entry.card);
      if (!el) {
        el = button("card kl-up face-up", `T${c}`);
        el.tabIndex = -1;
        this.faces.set(entry.card, el);
      }
      el.dataset.place = `T${c}`;
      showFace(el, entry.card);
      const top = i === column.cards.length - 1;
      this.markCard(el, entry, run.has(entry.card), top && isTarget);
      el.setAttribute("aria-label", this.cardLabel(entry, run.has(entry.card), top && isTarget));
      wanted.push(el);
    }
    const children = [...parts.el.children];
    if (children.length !== wanted.length || children.some((el, i) => el !== wanted[i])) parts.el.replaceChildren(...wanted);
    const empty = column.cards.length === 0;
    parts.slot.hidden = false;
    parts.slot.classList.toggle("kl-empty", empty);
    parts.slot.classList.toggle("kl-target", empty && isTarget);
    if (empty) {
      parts.slot.removeAttribute("aria-hidden");
      parts.slot.setAttribute("aria-label", this.t(isTarget ? "column.empty_target" : "column.empty", { n: c + 1 }));
    } else {
      parts.slot.setAttribute("aria-hidden", "true");
      parts.slot.removeAttribute("aria-label");
    }
    const label = column.down > 0 ? "column.label_down" : "column.label";
    parts.el.setAttribute("aria-label", this.t(label, { n: c + 1, down: column.down }));
    parts.el.classList.toggle("kl-target", isTarget);
  }

  /** The classes and data of a card: selected (in the picked run), movable (has a destination), target
   *  (the top of a column, or a foundation, the picked card may go to). */
  markCard(el, entry, selected, target) {
    const movable = Boolean(entry && entry.destinations && entry.destinations.length);
    el.classList.toggle("kl-selected", Boolean(selected));
    el.classList.toggle("kl-target", Boolean(target));
    el.classList.toggle("kl-movable", movable);
    el.dataset.playable = String(movable);
    el.dataset.auto = entry && entry.auto ? entry.auto : "";
    el.dataset.destinations = entry && entry.destinations ? entry.destinations.join(" ") : "";
    // A card that can be picked up is a toggle; one with a single destination leaves on one tap.
    if (entry && !entry.auto) el.setAttribute("aria-pressed", String(Boolean(selected) && this.selected === entry.card));
    else el.removeAttribute("aria-pressed");
  }

  /** "7 de cœur, jouable" and the like: the card's name and what a tap does with it now. */
  cardLabel(entry, selected, target) {
    const card = cardName(entry.card);
    if (this.selected === entry.card) return this.t("card.selected", { card });
    if (selected) return this.t("card.in_run", { card });
    if (target) return this.t("card.target", { card });
    if (entry.auto) return this.t("card.auto", { card, to: this.placeName(entry.auto, entry.card) });
    if (entry.destinations && entry.destinations.length) return this.t("card.movable", { card });
    return this.t("card.still", { card });
  }

  /** A destination in words: "la colonne 4", "sa fondation". */
  placeName(destination) {
    if (destination === "F") return this.t("place.foundation");
    return this.t("place.column", { n: Number(String(destination).slice(1)) + 1 });
  }

  // ---------------------------------------------------------------- placing

  /** Put every pile and card where the layout says (no animation). */
  place() {
    const size = this.size;
    const state = this.state;
    if (!size) return;
    const at = (el, spot) => {
      el.style.left = px(spot.x);
      el.style.top = px(spot.y);
    };
    // A pile's top card let go anywhere comes back to its pile: the drag's transform never outlives the drop
    // (the render that answers it glides the card from where it was let go).
    for (const el of [this.wasteEl, ...this.foundationEls]) {
      if (!el.classList.contains("kl-dragging")) el.style.transform = "";
    }
    at(this.stockEl, size.stock);
    at(this.wasteEl, size.waste);
    // the fanned cards stand back from the top, the lowest first; the waste's back under the lowest one
    const under = state ? this.fanned(state) : [];
    const back = (steps) => ({ x: size.waste.x - steps * size.fan.x, y: size.waste.y - steps * size.fan.y });
    for (const [i, el] of this.fanEls.entries()) {
      if (i < under.length) at(el, back(under.length - i));
      el.classList.toggle("kl-fan-across", size.fan.x > 0); // only a strip of its left side shows
    }
    const lowest = back(under.length);
    at(this.underEl, { x: lowest.x + 2, y: lowest.y + 2 });
    at(this.autoEl, size.auto);
    // Finir auto over the fanned cards (draw three, a top row): only the top card shows beside it
    const autoOverFan = size.mode === "below" && size.fan.x > 0 && !this.autoEl.hidden;
    for (const [i, el] of this.fanEls.entries()) el.hidden = autoOverFan || i >= under.length;
    this.autoEl.style.width = px(size.auto.w);
    this.autoEl.style.height = px(size.auto.h);
    for (const [i, el] of this.foundationEls.entries()) at(el, size.foundations[i]);
    let bottom = size.height; // a column longer than its room runs below it: the table scrolls
    for (const [c, parts] of this.columnEls.entries()) {
      const spot = size.columns[c];
      at(parts.el, spot);
      if (!state) {
        parts.el.style.height = px(spot.h);
        continue;
      }
      const column = state.columns[c];
      const up = column.cards.length - column.down;
      const offsets = fan(column.down, up, spot.h, size.ch);
      const { d, u } = offsets;
      const height = Math.max(spot.h, columnHeight(column.down, up, size.ch, offsets));
      parts.el.style.height = px(height);
      bottom = Math.max(bottom, spot.y + height);
      let y = 0;
      for (let i = 0; i < column.cards.length; i += 1) {
        const entry = column.cards[i];
        const el = entry.card ? this.faces.get(entry.card) : parts.backs[i];
        if (!el) continue;
        if (el.dataset.y !== String(y)) {
          el.style.top = px(y);
          el.dataset.y = String(y);
        }
        if (!el.classList.contains("kl-dragging")) el.style.transform = "";
        // the visible strip of this card (what a tap hits), for the tests and the stylesheet (a face-up
        // card's rank and suit shrink to fit a tight strip)
        const strip = i === column.cards.length - 1 ? size.ch : i < column.down ? d : u;
        if (el.dataset.strip !== String(strip)) {
          el.dataset.strip = String(strip);
          el.style.setProperty("--strip", px(strip));
        }
        y += i < column.down ? d : u;
      }
    }
    this.tableEl.style.height = px(bottom);
  }

  /** Where each card shown now stands on the screen, by code (before a render: the cards then fly). */
  rects() {
    const rects = new Map();
    const add = (el) => {
      if (el && el.dataset.card && el.isConnected) rects.set(el.dataset.card, el.getBoundingClientRect());
    };
    for (const el of this.faces.values()) add(el);
    add(this.wasteEl);
    for (const el of this.foundationEls) add(el);
    if (this.stockEl.isConnected) rects.set("stock", this.stockEl.getBoundingClientRect());
    return rects;
  }

  /** Cards that changed place glide from where they were (transforms only); a card the engine just turned
   *  face up flips; a drawn card comes off the stock. */
  fly(before, previous, state, moving) {
    const seen = new Set(before.keys());
    for (const el of [...this.faces.values(), this.wasteEl, ...this.foundationEls]) {
      const code = el.dataset.card;
      if (!code || !el.isConnected) continue;
      if (seen.has(code)) glide(el, before.get(code));
      else if (!moving) continue;
      else if (el === this.wasteEl && state.stock.count < previous.stock.count) {
        glide(el, before.get("stock"));
        flip(el);
      } else if (el.classList.contains("kl-up")) flip(el); // turned over by the engine
    }
  }

  /** Cards let go over a pile wait there for the engine's answer (the render that follows glides them to
   *  where they belong); once drawn, they are ordinary cards again. */
  settle(dropped) {
    for (const el of dropped) el.classList.remove("kl-dropped");
  }

  /** Cards let go where nothing can take them go back to their place with a short glide. */
  returnHome(els) {
    const from = els.map((el) => el.getBoundingClientRect());
    for (const el of els) {
      el.classList.remove("kl-dragging", "kl-dropped");
      el.style.transform = "";
    }
    if (reducedMotion.matches) return;
    els.forEach((el, i) => glide(el, from[i]));
  }

  // ---------------------------------------------------------------- hint, note, Finir auto

  /** Mark the hinted move: the card and where it goes, or the stock for draw and recycle; null clears. */
  highlight(hint) {
    this.hinted = hint || null;
    this.applyHint();
  }

  hintEls() {
    const hint = this.hinted;
    if (!hint || !this.state) return [];
    if (hint.kind === "draw" || hint.kind === "recycle") return [this.stockEl];
    if (hint.kind !== "move" || typeof hint.move !== "string") return [];
    const [code, destination] = hint.move.split(">");
    return [this.cardEl(code), this.destinationEl(destination, code)].filter(Boolean);
  }

  applyHint() {
    const marked = new Set(this.hintEls());
    for (const el of this.tableEl.querySelectorAll(".hinted")) if (!marked.has(el)) el.classList.remove("hinted");
    for (const el of marked) el.classList.add("hinted");
  }

  /** The closable note (moves are left, none gets anywhere): text, or null to hide it. */
  showNote(text) {
    const shown = Boolean(text);
    if (text && this.noteText.textContent !== text) this.noteText.textContent = text;
    this.noteClose.setAttribute("aria-label", this.t("note.close"));
    this.noteEl.hidden = !shown; // over the foot of the board (the table never moves for it)
  }

  /** The Finir auto button: shown while the snapshot allows it or while it runs; its text says which. */
  showAuto(state, running) {
    this.autoRunning = running;
    const hidden = !(state && state.autofinish) && !running;
    const changed = this.autoEl.hidden !== hidden;
    this.autoEl.hidden = hidden;
    if (changed && this.size && this.size.fan.x > 0) this.place(); // the fanned waste gives it room
    this.autoEl.textContent = this.t(running ? "autofinish.stop" : "autofinish.start");
    this.autoEl.setAttribute("aria-pressed", String(running));
    this.autoEl.setAttribute("aria-label", this.t(running ? "autofinish.stop_label" : "autofinish.start_label"));
  }

  /** A short refusal shake on a card (its run too) or the stock; none when the player asks for less motion. */
  shake(target) {
    if (reducedMotion.matches) return;
    const els = target === "stock" ? [this.stockEl] : this.runEls(target);
    for (const el of els) shake(el);
  }

  /** The win: the shared burst of suits, from the four foundations. */
  celebrate() {
    return celebrate(this.foundationEls.map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0));
  }

  // ---------------------------------------------------------------- focus and arrows

  /** What identifies a focused element across renders: its card code, else its place. */
  focusKey(el) {
    if (!el || !this.tableEl.contains(el)) return null;
    return el.dataset.card ? `card:${el.dataset.card}` : el.dataset.place ? `place:${el.dataset.place}` : null;
  }

  /** The stops of the arrow keys, as rows of elements: the top row (waste, foundations), then each column
   *  (its face-up cards, or its empty slot). */
  stops() {
    if (!this.state) return { top: [], columns: [] };
    const top = [];
    if (this.state.waste.top) top.push({ el: this.wasteEl, x: 1 });
    this.foundationEls.forEach((el, i) => top.push({ el, x: 3 + i }));
    const columns = this.state.columns.map((column, c) => {
      const ups = column.cards.filter((e) => e.card).map((e) => this.faces.get(e.card)).filter(Boolean);
      return ups.length ? ups : column.cards.length ? [] : [this.columnEls[c].slot];
    });
    return { top, columns };
  }

  allStops() {
    const { top, columns } = this.stops();
    return [...top.map((s) => s.el), ...columns.flat()];
  }

  /** The first stop: the hinted card, else the top card of the leftmost column with a movable card, else
   *  the first column's top card. */
  bestFirst() {
    const stops = this.allStops();
    const hinted = stops.find((el) => el.classList.contains("hinted"));
    if (hinted) return hinted;
    const { columns } = this.stops();
    const movable = columns.flat().find((el) => el.dataset.playable === "true");
    if (movable) return movable;
    const waste = this.state && this.state.waste.top ? this.wasteEl : null;
    return waste || columns.flat()[0] || null;
  }

  setTabStop(stop) {
    for (const el of this.tableEl.querySelectorAll(".kl-up, .kl-waste, .kl-foundation, .kl-slot")) {
      el.tabIndex = el === stop ? 0 : -1;
    }
  }

  /** Roving tab stop: one card of the table is reached with Tab, the arrows do the rest. A focused card that
   *  a render moved (or took away) gets the focus back where it went, else the best first stop has it. */
  updateTabStop(focusKey) {
    const stops = this.allStops();
    const active = document.activeElement;
    const lost = Boolean(focusKey) && !this.tableEl.contains(active);
    const stop = (focusKey && stops.find((el) => this.focusKey(el) === focusKey)) || (stops.includes(active) ? active : null) || this.bestFirst();
    this.setTabStop(stop);
    if (lost) (stop || this.stockEl).focus({ preventScroll: true });
  }

  focusFirst() {
    const stop = this.bestFirst();
    this.setTabStop(stop);
    (stop || this.stockEl).focus();
  }

  /** Move the focus: left and right from column to column (or along the top row), up and down along a
   *  column's face-up cards, up from a column's first face-up card to the top row, down from there. */
  moveFocus(direction) {
    const { top, columns } = this.stops();
    const current = document.activeElement;
    let target = null;
    const topIndex = top.findIndex((s) => s.el === current);
    let col = -1;
    let row = -1;
    columns.forEach((list, c) => {
      const i = list.indexOf(current);
      if (i >= 0) [col, row] = [c, i];
    });
    const lastOf = (c) => columns[c][columns[c].length - 1] || null;
    const columnNear = (x, step) => {
      for (let c = x; c >= 0 && c < 7; c += step) if (columns[c].length) return c;
      return -1;
    };
    if (topIndex >= 0) {
      const x = top[topIndex].x;
      if (direction === "left" || direction === "right") {
        const next = top[topIndex + (direction === "right" ? 1 : -1)];
        target = next ? next.el : current;
      } else if (direction === "down") {
        const c = columnNear(Math.min(6, x), -1) >= 0 ? columnNear(Math.min(6, x), -1) : columnNear(x, 1);
        target = c >= 0 ? columns[c][0] : current;
      } else target = current;
    } else if (col >= 0) {
      if (direction === "left" || direction === "right") {
        const step = direction === "right" ? 1 : -1;
        const c = columnNear(col + step, step);
        target = c >= 0 ? lastOf(c) : current;
      } else if (direction === "down") target = columns[col][row + 1] || current;
      else if (row > 0) target = columns[col][row - 1];
      else {
        const near = [...top].sort((a, b) => Math.abs(a.x - col) - Math.abs(b.x - col))[0];
        target = near ? near.el : current;
      }
    } else {
      target = this.bestFirst();
    }
    if (!target) return;
    this.setTabStop(target);
    target.focus();
  }

  // ---------------------------------------------------------------- size

  /** The room the window gives the table: the board's width and height. The lines under the board keep one
   *  height whatever they show (style.css: --lines-h), so a message or a banner never changes this room. */
  room() {
    const style = getComputedStyle(this.board);
    const width = this.root.clientWidth;
    const boardHeight = this.board.getBoundingClientRect().height; // fractional, as the rows around it are
    return { width, height: boardHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) };
  }

  /** Size and place everything from the room the window gives (room()); the cards on the table play no
   *  part, so a growing column never changes the arrangement. */
  fit() {
    if (!this.board) return;
    const { width, height } = this.room();
    if (!(width > 0 && height > 0)) return;
    const size = fit(width, height, this.draw);
    this.size = size;
    const root = this.root;
    root.style.setProperty("--cw", px(size.cw));
    root.style.setProperty("--ch", px(size.ch));
    root.style.setProperty("--pw", px(size.cw));
    root.style.setProperty("--ph", px(size.ch));
    this.tableEl.style.width = px(size.width);
    this.tableEl.style.height = px(size.height);
    root.classList.toggle("kl-below", size.mode === "below");
    root.classList.toggle("kl-side", size.mode === "side");
    this.place();
  }
}
