// The TriPeaks table: 28 card buttons placed from the snapshot's row and x, the stock and the waste.
// It draws what the snapshot says and nothing else; it never decides what is legal.

import { cardName, showFace } from "../../js/cards.js";
import { t } from "../../js/i18n.js";
import { celebrate, flip, reducedMotion, shake } from "../../js/motion.js";


/** The playable card nearest to a place of the table (x in half-card widths, row 1-4); ties: the left one. */
function nearest(playable, { x, row }) {
  const distance = (p) => Math.abs(p.x - x) + 1.5 * Math.abs(p.row - row);
  return [...playable].sort((a, b) => distance(a) - distance(b) || a.x - b.x)[0];
}

export class Table {
  constructor({ peaks, stock, stockCount, waste }) {
    this.peaksEl = peaks;
    this.stockEl = stock;
    this.stockCountEl = stockCount;
    this.wasteEl = waste;
    this.cards = [];
    this.state = null;
    this.hinted = null;
  }

  build(table) {
    this.peaksEl.replaceChildren();
    this.cards = table.map((entry) => {
      const el = document.createElement("button");
      el.type = "button";
      el.className = "card";
      el.dataset.pos = String(entry.position);
      el.style.setProperty("--x", String(entry.x));
      el.style.setProperty("--row", String(entry.row));
      el.tabIndex = -1;
      this.peaksEl.append(el);
      return el;
    });
  }

  cardEl(position) {
    return this.cards[position] || null;
  }

  /** Draw the snapshot. */
  render(state) {
    // Which card has the focus, read before anything changes: hiding a card (or touching its tabIndex)
    // makes the browser drop its focus to the page body at once.
    const focusedCard = this.cards.includes(document.activeElement) ? document.activeElement : null;
    const focusedAt = focusedCard && this.state ? this.state.table[Number(focusedCard.dataset.pos)] : null;
    if (this.cards.length !== state.table.length) this.build(state.table);
    this.state = state;
    for (const entry of state.table) {
      const el = this.cards[entry.position];
      const up = entry.state === "up";
      if (up && el.dataset.state === "down") this.flip(el);
      el.classList.toggle("gone", entry.state === "gone");
      el.classList.toggle("back", entry.state === "down");
      el.classList.toggle("face-up", up);
      el.dataset.state = entry.state;
      el.dataset.free = String(Boolean(entry.free));
      el.dataset.playable = String(Boolean(entry.playable));
      showFace(el, up ? entry.card : null);
      let label;
      if (entry.state === "down") label = t("card.down");
      else if (up && entry.playable) label = t("card.playable", { card: cardName(entry.card) });
      else if (up && !entry.free) label = t("card.covered", { card: cardName(entry.card) });
      else if (up) label = t("card.not_playable", { card: cardName(entry.card) });
      if (label) el.setAttribute("aria-label", label);
      else el.removeAttribute("aria-label");
      if (entry.state === "gone") el.setAttribute("aria-hidden", "true");
      else el.removeAttribute("aria-hidden");
    }
    this.renderPiles(state);
    this.updateTabStop(focusedCard ? { el: focusedCard, entry: focusedAt } : null);
  }

  renderPiles(state) {
    const stock = this.stockEl;
    stock.disabled = false;
    stock.classList.toggle("empty", state.stock === 0);
    stock.classList.toggle("back", state.stock > 0);
    stock.dataset.count = String(state.stock);
    // An empty stock shows no number (its dashed outline says it), so what it shows is in its name.
    this.stockCountEl.textContent = state.stock > 0 ? String(state.stock) : "";
    let stockLabel = t("stock.label", { n: state.stock });
    if (state.stock === 1) stockLabel = t("stock.label_one");
    if (state.stock === 0) stockLabel = t("stock.label_empty");
    stock.setAttribute("aria-label", stockLabel);

    const waste = this.wasteEl;
    showFace(waste, state.waste || null);
    waste.classList.toggle("empty", !state.waste);
    waste.setAttribute("aria-label", state.waste ? t("waste.label", { card: cardName(state.waste) }) : t("waste.empty"));
    // The piles show (and are named) from the first snapshot on: before it they have no name to give.
    stock.parentElement.classList.add("drawn");
  }

  /** Playable cards as {position, x, row, el}. */
  playable() {
    if (!this.state) return [];
    return this.state.table
      .filter((entry) => entry.playable)
      .map((entry) => ({ position: entry.position, x: entry.x, row: entry.row, el: this.cards[entry.position] }));
  }

  /** Roving tab stop: one playable card is reachable with Tab, the arrows do the rest.
   *  `had` is the card that had the focus before this render ({el, entry}: its element and its place in the
   *  previous snapshot). If that card left the table or stopped being playable, the focus goes to the
   *  playable card nearest to where it was, or to the stock when nothing is playable. */
  updateTabStop(had = null) {
    const playable = this.playable();
    const focused = had ? playable.find((p) => p.el === had.el) : undefined;
    let stop = focused;
    if (!stop && had && had.entry) stop = nearest(playable, had.entry);
    if (!stop) stop = playable.sort((a, b) => a.x - b.x || a.row - b.row)[0];
    for (const el of this.cards) el.tabIndex = stop && el === stop.el ? 0 : -1;
    if (had && !focused) {
      if (stop) stop.el.focus({ preventScroll: true });
      else this.stockEl.focus({ preventScroll: true });
    } else if (focused && document.activeElement !== focused.el) {
      focused.el.focus({ preventScroll: true });
    }
  }

  /** Move the focus to the nearest playable card in a direction ("left", "right", "up", "down"). */
  moveFocus(direction) {
    const playable = this.playable();
    if (playable.length === 0) {
      this.stockEl.focus();
      return;
    }
    const current = playable.find((p) => p.el === document.activeElement);
    let target;
    if (!current) {
      target = playable.sort((a, b) => a.x - b.x || a.row - b.row)[0];
    } else if (direction === "left" || direction === "right") {
      const order = playable.sort((a, b) => a.x - b.x || a.row - b.row);
      const index = order.indexOf(current);
      const step = direction === "right" ? 1 : -1;
      target = order[(index + step + order.length) % order.length];
    } else {
      const sign = direction === "down" ? 1 : -1;
      const candidates = playable.filter((p) => Math.sign(p.row - current.row) === sign);
      candidates.sort(
        (a, b) =>
          Math.abs(a.x - current.x) - Math.abs(b.x - current.x) ||
          Math.abs(a.row - current.row) - Math.abs(b.row - current.row),
      );
      target = candidates[0] || current;
    }
    for (const el of this.cards) el.tabIndex = el === target.el ? 0 : -1;
    target.el.focus();
  }

  /** Highlight a card position, the stock ("stock"), or nothing (null). */
  highlight(target) {
    for (const el of [...this.cards, this.stockEl]) el.classList.remove("hinted");
    this.hinted = target;
    if (target === "stock") this.stockEl.classList.add("hinted");
    else if (typeof target === "number" && this.cards[target]) this.cards[target].classList.add("hinted");
  }

  /** A card that turns face up flips over (a CSS animation; none when the player asks for less motion). */
  flip(el) {
    flip(el);
  }

  /** A short burst of card suits from where the three peaks stood (see motion.js). */
  celebrate() {
    const tips = [0, 1, 2].map((p) => this.cards[p]?.getBoundingClientRect()).filter((r) => r && r.width > 0);
    return celebrate(tips.length ? tips : [this.wasteEl.getBoundingClientRect()]);
  }

  shake(el) {
    shake(el);
  }

  /** Animate the waste card from where it came from (a rectangle measured before the move). */
  flyToWaste(fromRect) {
    if (!fromRect || reducedMotion.matches || typeof this.wasteEl.animate !== "function") return;
    const to = this.wasteEl.getBoundingClientRect();
    if (to.width === 0) return;
    const dx = fromRect.left + fromRect.width / 2 - (to.left + to.width / 2);
    const dy = fromRect.top + fromRect.height / 2 - (to.top + to.height / 2);
    const scale = fromRect.width / to.width;
    this.wasteEl.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
      { duration: 180, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
  }
}
