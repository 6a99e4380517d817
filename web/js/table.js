// The TriPeaks table: 28 card buttons placed from the snapshot's row and x, the stock and the waste.
// It draws what the snapshot says and nothing else; it never decides what is legal.

import { cardName, showFace } from "./cards.js";
import { t } from "./i18n.js";

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
const SVG = "http://www.w3.org/2000/svg";
const SUITS = ["S", "H", "C", "D"];
const CELEBRATION_PIECES = 36;
const CELEBRATION_MS = 2000; // the longest piece: 250 ms delay + 1600 ms flight, under this

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
    this.stockCountEl.textContent = String(state.stock);
    let stockLabel = t("stock.label", { n: state.stock });
    if (state.stock === 1) stockLabel = t("stock.label_one");
    if (state.stock === 0) stockLabel = t("stock.label_empty");
    stock.setAttribute("aria-label", stockLabel);

    const waste = this.wasteEl;
    showFace(waste, state.waste || null);
    waste.classList.toggle("empty", !state.waste);
    waste.setAttribute("aria-label", state.waste ? t("waste.label", { card: cardName(state.waste) }) : t("waste.empty"));
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
    if (reducedMotion.matches) return;
    el.classList.remove("flip");
    void el.offsetWidth; // restart the animation
    el.classList.add("flip");
    el.addEventListener("animationend", () => el.classList.remove("flip"), { once: true });
  }

  /** A short burst of card suits from where the three peaks stood, over the table and under the win
   *  panel (a modal dialog sits in the top layer, above anything on the page): never catches a tap,
   *  gone within two seconds, and nothing at all when the player asks for less motion. */
  celebrate() {
    if (reducedMotion.matches || typeof document.body.animate !== "function") return null;
    const layer = document.createElement("div");
    layer.className = "celebration";
    layer.setAttribute("aria-hidden", "true");
    document.body.append(layer);
    const size = Math.max(window.innerWidth, window.innerHeight);
    const tips = [0, 1, 2].map((p) => this.cards[p]?.getBoundingClientRect()).filter((r) => r && r.width > 0);
    const origins = tips.length ? tips : [this.wasteEl.getBoundingClientRect()];
    const animations = [];
    for (let i = 0; i < CELEBRATION_PIECES; i += 1) {
      const from = origins[i % origins.length];
      const suit = SUITS[i % SUITS.length];
      const piece = document.createElementNS(SVG, "svg");
      piece.setAttribute("viewBox", "0 0 100 100");
      piece.setAttribute("class", `piece${suit === "H" || suit === "D" ? " red" : ""}`);
      const use = document.createElementNS(SVG, "use");
      use.setAttribute("href", `#suit-${suit}`);
      piece.append(use);
      piece.style.left = `${from.left + from.width / 2}px`;
      piece.style.top = `${from.top + from.height / 2}px`;
      layer.append(piece);
      const angle = (i / CELEBRATION_PIECES) * 2 * Math.PI * 3.3 + Math.random() * 0.6;
      const reach = size * (0.18 + Math.random() * 0.3);
      const dx = Math.cos(angle) * reach;
      const dy = Math.sin(angle) * reach * 0.8 - size * 0.08;
      const turn = (Math.random() - 0.5) * 720;
      animations.push(
        piece.animate(
          [
            { transform: "translate(-50%, -50%) scale(0.3)", opacity: 1 },
            { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) rotate(${turn / 2}deg) scale(1)`, opacity: 1, offset: 0.55 },
            { transform: `translate(calc(${dx * 1.15}px - 50%), calc(${dy + size * 0.25}px - 50%)) rotate(${turn}deg) scale(0.8)`, opacity: 0 },
          ],
          { duration: 1100 + Math.random() * 500, delay: Math.random() * 250, easing: "cubic-bezier(.2,.6,.4,1)", fill: "both" },
        ),
      );
    }
    const done = () => layer.remove();
    Promise.all(animations.map((a) => a.finished)).then(done, done);
    setTimeout(done, CELEBRATION_MS); // whatever happens to the animations, the layer goes
    return layer;
  }

  shake(el) {
    if (!el) return;
    el.classList.remove("shake");
    void el.offsetWidth; // restart the animation
    el.classList.add("shake");
    el.addEventListener("animationend", () => el.classList.remove("shake"), { once: true });
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
