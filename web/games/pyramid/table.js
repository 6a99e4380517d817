// The Pyramid table: 28 card buttons in seven overlapping rows, and under (or beside) them the stock pile,
// the stock's face-up top, the waste top and the Recycler button. It draws the snapshot the engine sends
// (docs/PYRAMID.md) and nothing else: which cards are playable, which make 13 together, whether the stock
// can be recycled all come from the snapshot; it never adds two ranks or works out a cover.
//
// The buttons are built once; render() updates them in place (a move changes a few of them).

import { watchBoard } from "../../js/board.js";
import { cardName, face, isRed, showFace } from "../../js/cards.js";
import { celebrate, flip, reducedMotion, shake } from "../../js/motion.js";
import { fit } from "./layout.js";

const PYRAMID_SIZE = 28;
const LEAVE_MS = 260;

function cardButton(place, className) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = className;
  el.dataset.place = String(place);
  return el;
}

/** A place as the snapshot and the move notation spell it: 0-27 as a number, "S" and "W" as they are. */
function placeOf(text) {
  if (text === "S" || text === "W" || text === "draw" || text === "recycle") return text;
  const index = Number(text);
  return Number.isInteger(index) && index >= 0 && index < PYRAMID_SIZE ? index : null;
}

/** The places a hint points at: "12+W" → [12, "W"], "27" → [27], "draw" / "recycle" → that control. */
function hintPlaces(hint) {
  if (!hint) return [];
  if (hint.kind === "draw") return ["draw"];
  if (hint.kind === "recycle") return ["recycle"];
  if ((hint.kind === "pair" || hint.kind === "king") && typeof hint.move === "string") {
    return hint.move.split("+").map(placeOf).filter((p) => p !== null);
  }
  return [];
}

/** Where a card stands on the screen (its centre), leaving out the lift of a selected card: the offsets
 *  ignore transforms, so a selected card still counts as part of its row. */
function centre(el) {
  const parent = el.offsetParent;
  const origin = parent ? parent.getBoundingClientRect() : { left: 0, top: 0 };
  return { x: origin.left + el.offsetLeft + el.offsetWidth / 2, y: origin.top + el.offsetTop + el.offsetHeight / 2 };
}

export class PyramidTable {
  constructor({ root, t }) {
    this.root = root;
    this.t = t;
    this.state = null;
    this.selected = null;
    this.hinted = null;
    this.codes = new Map(); // place -> card code drawn now
    this.previous = new Map(); // place -> card code drawn by the render before
    this.build();
    this.board = watchBoard(root, () => this.fit());
    this.fit();
  }

  /** The text of a key (the Pyramid catalogue, then the shared one). Called `say`, not `t`: the page test
   *  that scans for t("…") checks the site's catalogue, and tests/test_pyramid_messages.py checks these
   *  keys against the Pyramid catalogues. */
  say(key, vars = {}) {
    return this.t(key, vars);
  }

  build() {
    const root = this.root;
    root.replaceChildren();
    root.classList.add("pyramid-board");
    this.pyramidEl = document.createElement("div");
    this.pyramidEl.className = "pyr-pyramid";
    this.pyramidEl.setAttribute("role", "group");
    this.cards = Array.from({ length: PYRAMID_SIZE }, (_, index) => {
      const el = cardButton(index, "card pyr-card gone");
      el.tabIndex = -1;
      el.setAttribute("aria-hidden", "true");
      this.pyramidEl.append(el);
      return el;
    });

    this.pilesEl = document.createElement("div");
    this.pilesEl.className = "piles pyr-piles";
    this.pilesEl.setAttribute("role", "group");
    this.drawEl = cardButton("draw", "card back stock pyr-draw");
    this.countEl = document.createElement("span");
    this.countEl.className = "count";
    this.countEl.setAttribute("aria-hidden", "true");
    this.drawEl.append(this.countEl);
    this.stockTopEl = cardButton("S", "card pyr-top pyr-stock-top empty");
    this.wasteEl = cardButton("W", "card pyr-top pyr-waste empty");
    this.stockTopEl.tabIndex = -1;
    this.wasteEl.tabIndex = -1;
    const side = document.createElement("div");
    side.className = "pyr-side";
    this.passEl = document.createElement("span");
    this.passEl.className = "pyr-pass";
    this.recycleEl = cardButton("recycle", "pyr-recycle");
    this.recycleEl.setAttribute("aria-disabled", "true");
    side.append(this.passEl, this.recycleEl);
    this.pilesEl.append(this.drawEl, this.stockTopEl, this.wasteEl, side);
    root.append(this.pyramidEl, this.pilesEl);
  }

  /** The element of a place (0-27, "S", "W", "draw", "recycle"), or null. */
  elementOf(place) {
    if (place === "S") return this.stockTopEl;
    if (place === "W") return this.wasteEl;
    if (place === "draw") return this.drawEl;
    if (place === "recycle") return this.recycleEl;
    const index = typeof place === "string" ? placeOf(place) : place;
    return Number.isInteger(index) ? this.cards[index] || null : null;
  }

  /** The snapshot entry of a place: a pyramid entry, or the stock's / waste's top ({card, playable, ...}). */
  entryOf(place) {
    if (!this.state) return null;
    if (place === "S") return this.state.stock.top;
    if (place === "W") return this.state.waste.top;
    return Number.isInteger(place) ? this.state.pyramid[place] || null : null;
  }

  /** What a click landed on: {kind: "card", place}, {kind: "draw"}, {kind: "recycle"}, or null. */
  targetOf(eventTarget) {
    const el = eventTarget && typeof eventTarget.closest === "function" ? eventTarget.closest("[data-place]") : null;
    if (!el || !this.root.contains(el)) return null;
    const place = placeOf(el.dataset.place);
    if (place === "draw" || place === "recycle") return { kind: place };
    if (place === null || !this.codes.has(place)) return null; // a gone card or an empty slot
    return { kind: "card", place };
  }

  /** Draw a snapshot; `selected` (a place or null) is the card the player picked, its partners marked. */
  render(state, { selected = null } = {}) {
    const focused = this.focusable().includes(document.activeElement) ? document.activeElement : null;
    const focusedAt = focused ? centre(focused) : null;
    this.state = state;
    this.selected = selected;
    this.previous = this.codes;
    this.codes = new Map();
    const chosen = selected === null ? null : this.entryOf(selected);
    const partners = new Set(chosen && chosen.playable ? chosen.partners : []);

    this.pyramidEl.setAttribute("aria-label", this.say("pyramid.label"));
    this.pilesEl.setAttribute("aria-label", this.say("piles.label"));
    for (const entry of state.pyramid) {
      this.renderCard(this.cards[entry.index], entry.index, entry, selected, partners);
    }
    this.renderTop(this.stockTopEl, "S", state.stock.top, selected, partners);
    this.renderTop(this.wasteEl, "W", state.waste.top, selected, partners);
    this.renderStock(state);
    // A draw: the card that was on the stock is now the waste's top, and the next one turned face up.
    const drawn = this.previous.get("S");
    if (drawn && drawn === this.codes.get("W") && this.codes.has("S")) flip(this.stockTopEl);
    this.applyHint();
    this.updateTabStop(focused, focusedAt);
    this.root.classList.add("drawn"); // the piles show (and are named) from the first snapshot on
  }

  renderCard(el, place, entry, selected, partners) {
    if (el.dataset.row !== String(entry.row)) {
      // Where the card stands, from the snapshot's row and place (set once: they never change).
      el.dataset.row = String(entry.row);
      el.style.setProperty("--r", String(entry.row));
      el.style.setProperty("--j", String(entry.place));
    }
    const gone = entry.state === "gone" || !entry.card;
    el.classList.toggle("gone", gone);
    el.classList.toggle("face-up", !gone);
    el.classList.toggle("covered", entry.state === "covered");
    showFace(el, gone ? null : entry.card);
    if (gone) {
      el.setAttribute("aria-hidden", "true");
      el.removeAttribute("aria-label");
      el.removeAttribute("aria-pressed");
      this.mark(el, false, false, false);
      return;
    }
    this.codes.set(place, entry.card);
    el.removeAttribute("aria-hidden");
    this.describe(el, place, entry, cardName(entry.card), selected, partners);
  }

  renderTop(el, place, top, selected, partners) {
    showFace(el, top ? top.card : null);
    el.classList.toggle("empty", !top);
    el.classList.toggle("face-up", Boolean(top));
    if (!top) {
      el.setAttribute("aria-label", this.say(place === "S" ? "stock.top_empty" : "waste.empty"));
      el.removeAttribute("aria-pressed");
      this.mark(el, false, false, false);
      return;
    }
    this.codes.set(place, top.card);
    const name = this.say(place === "S" ? "stock.top" : "waste.label", { card: cardName(top.card) });
    this.describe(el, place, top, name, selected, partners);
  }

  /** Classes, data and accessible name of a card that is there: `name` is what the card is called. */
  describe(el, place, entry, name, selected, partners) {
    const isSelected = selected === place && entry.playable;
    const isPartner = partners.has(place);
    el.dataset.playable = String(Boolean(entry.playable));
    el.dataset.king = String(Boolean(entry.king));
    this.mark(el, isSelected, isPartner, entry.playable);
    // A playable card other than a king is picked and dropped with a tap: a toggle button.
    if (entry.playable && !entry.king) el.setAttribute("aria-pressed", String(isSelected));
    else el.removeAttribute("aria-pressed");
    let key = "card.not_playable";
    if (entry.state === "covered") key = "card.covered";
    else if (isSelected) key = "card.selected";
    else if (isPartner) key = "card.partner";
    else if (entry.playable && entry.king) key = "card.king";
    else if (entry.playable) key = "card.playable";
    el.setAttribute("aria-label", this.say(key, { card: name }));
  }

  mark(el, selected, partner, playable) {
    el.classList.toggle("selected", selected);
    el.classList.toggle("partner", partner);
    el.classList.toggle("playable", Boolean(playable));
  }

  renderStock(state) {
    const count = state.stock.count;
    // The pile shows the cards still face down: the stock's top card lies face up beside it.
    const down = state.stock.top ? count - 1 : count;
    const draw = this.drawEl;
    draw.classList.toggle("back", down > 0);
    draw.classList.toggle("empty", down === 0);
    draw.classList.toggle("last", count > 0 && down === 0); // a tap still turns the face-up last card
    draw.dataset.count = String(count);
    draw.dataset.down = String(down);
    // No number on an empty pile (its dashed outline says it): what the pile shows is always in its name.
    this.countEl.textContent = down > 0 ? String(down) : "";
    if (state.can_draw) draw.removeAttribute("aria-disabled");
    else draw.setAttribute("aria-disabled", "true");
    let label = this.say("stock.label", { n: down });
    if (down <= 1) label = this.say("stock.label_one");
    if (count === 0) label = this.say("stock.empty");
    draw.setAttribute("aria-label", label);

    const pass = this.say("pass", { n: state.pass, of: state.passes });
    this.passEl.textContent = pass;
    const recycle = this.recycleEl;
    recycle.textContent = this.say("recycle");
    if (state.can_recycle) recycle.removeAttribute("aria-disabled");
    else recycle.setAttribute("aria-disabled", "true");
    recycle.setAttribute("aria-label", this.say("recycle.label", { pass }));
  }

  /** Mark the hinted places (cards, the stock pile, the recycle button); null clears the mark. */
  highlight(hint) {
    this.hinted = hint || null;
    this.applyHint();
  }

  applyHint() {
    const marked = new Set(hintPlaces(this.hinted).map((p) => this.elementOf(p)).filter(Boolean));
    for (const el of [...this.cards, this.stockTopEl, this.wasteEl, this.drawEl, this.recycleEl]) {
      el.classList.toggle("hinted", marked.has(el));
    }
  }

  /** The cards the arrow keys move among: the playable pyramid cards, then the stock top and waste top. */
  focusable() {
    if (!this.state) return [];
    const list = this.state.pyramid.filter((e) => e.playable).map((e) => this.cards[e.index]);
    if (this.state.stock.top && this.state.stock.top.playable) list.push(this.stockTopEl);
    if (this.state.waste.top && this.state.waste.top.playable) list.push(this.wasteEl);
    return list;
  }

  /** Roving tab stop: one card of the table is reached with Tab, the arrow keys do the rest. The card that
   *  had the focus keeps it; if it left (or stopped being playable) the focus goes to the card nearest to
   *  where it was, or to the stock pile when nothing is playable. */
  updateTabStop(had, hadAt) {
    const cards = this.focusable();
    let stop = had && cards.includes(had) ? had : null;
    if (!stop && hadAt && cards.length) stop = this.nearestTo(cards, hadAt, this.cards.includes(had));
    if (!stop) stop = this.bestFirst(cards);
    for (const el of [...this.cards, this.stockTopEl, this.wasteEl]) el.tabIndex = el === stop ? 0 : -1;
    if (had && stop !== had) (stop || this.drawEl).focus({ preventScroll: true });
    else if (had && document.activeElement !== had) had.focus({ preventScroll: true });
  }

  /** The card nearest to a spot, a pyramid card first when the spot was one (a pair just left: the focus
   *  stays in the pyramid while it has a playable card). */
  nearestTo(cards, at, inPyramid) {
    const distance = (el) => {
      const c = centre(el);
      const elsewhere = this.cards.includes(el) === inPyramid ? 0 : 1e6;
      return elsewhere + Math.abs(c.x - at.x) + 1.5 * Math.abs(c.y - at.y);
    };
    return [...cards].sort((a, b) => distance(a) - distance(b))[0];
  }

  /** The first card to focus: the hinted one, else the leftmost playable card of the lowest row, else the
   *  stock top, else the waste top. */
  bestFirst(cards) {
    if (cards.length === 0) return null;
    const hinted = cards.find((el) => el.classList.contains("hinted"));
    if (hinted) return hinted;
    const pyramid = cards.filter((el) => this.cards.includes(el));
    if (pyramid.length) {
      const rank = (el) => {
        const { row, place } = this.state.pyramid[Number(el.dataset.place)];
        return -row * 10 + place;
      };
      return pyramid.sort((a, b) => rank(a) - rank(b))[0];
    }
    return cards[0];
  }

  focusFirst() {
    const stop = this.bestFirst(this.focusable());
    for (const el of [...this.cards, this.stockTopEl, this.wasteEl]) el.tabIndex = el === stop ? 0 : -1;
    (stop || this.drawEl).focus();
  }

  /** Move the focus to the nearest card in a direction ("left", "right", "up", "down"), by where the cards
   *  stand on the screen (so it works whether the piles are under the pyramid or beside it). */
  moveFocus(direction) {
    const cards = this.focusable();
    if (cards.length === 0) {
      this.drawEl.focus();
      return;
    }
    const current = cards.find((el) => el === document.activeElement);
    let target;
    if (!current) {
      target = this.bestFirst(cards);
    } else {
      const at = centre(current);
      const places = cards.map((el) => ({ el, ...centre(el) }));
      const sameRow = (p) => Math.abs(p.y - at.y) < 4;
      if (direction === "left" || direction === "right") {
        const order = places.sort((a, b) => a.y - b.y || a.x - b.x);
        const row = order.filter(sameRow);
        const index = row.findIndex((p) => p.el === current);
        const step = direction === "right" ? 1 : -1;
        // Along the row first; past its end, on to the next (or previous) card in reading order.
        const next = row[index + step];
        if (next) target = next.el;
        else {
          const overall = order.findIndex((p) => p.el === current);
          target = order[(overall + step + order.length) % order.length].el;
        }
      } else {
        const sign = direction === "down" ? 1 : -1;
        const candidates = places.filter((p) => Math.sign(p.y - at.y) === sign && !sameRow(p));
        candidates.sort((a, b) => Math.abs(a.x - at.x) - Math.abs(b.x - at.x) || Math.abs(a.y - at.y) - Math.abs(b.y - at.y));
        target = candidates.length ? candidates[0].el : current;
      }
    }
    for (const el of [...this.cards, this.stockTopEl, this.wasteEl]) el.tabIndex = el === target ? 0 : -1;
    target.focus();
  }

  /** A short refusal shake on a place's element (none when the player asks for less motion). */
  shake(place) {
    const el = this.elementOf(place);
    if (el && !reducedMotion.matches) shake(el);
  }

  /** The pair (or king) just removed fades out where it stood: a ghost of each card, drawn over the table,
   *  that goes away by itself. Call it after the render that removed them (the ghost shows the card the
   *  place held in the render before; a pyramid place that still holds its card shows that card). */
  leave(places) {
    if (reducedMotion.matches || typeof this.root.animate !== "function") return;
    const box = this.root.getBoundingClientRect();
    for (const place of places || []) {
      const el = this.elementOf(place);
      const now = this.codes.get(place);
      const before = this.previous.get(place);
      const code = before && before !== now ? before : now; // after the render the place shows another card
      if (!el || !code) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const ghost = document.createElement("div");
      ghost.className = "card pyr-ghost face-up";
      ghost.setAttribute("aria-hidden", "true");
      ghost.append(face(code));
      if (isRed(code)) ghost.classList.add("red");
      ghost.style.left = `${r.left - box.left}px`;
      ghost.style.top = `${r.top - box.top}px`;
      ghost.style.setProperty("--cw", `${r.width}px`);
      ghost.style.setProperty("--ch", `${r.height}px`);
      this.root.append(ghost);
      const animation = ghost.animate(
        [{ transform: "none", opacity: 1 }, { transform: "translateY(-18%) scale(0.7)", opacity: 0 }],
        { duration: LEAVE_MS, easing: "ease-in", fill: "forwards" },
      );
      const done = () => ghost.remove();
      animation.finished.then(done, done);
      setTimeout(done, LEAVE_MS + 200);
    }
  }

  /** The win: the shared burst of suits, from where the top three cards of the pyramid stood. */
  celebrate() {
    const tops = this.cards.slice(0, 3).map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
    return celebrate(tops.length ? tops : [this.wasteEl.getBoundingClientRect()]);
  }

  /** Size the cards from the room #board gives (its content box). */
  fit() {
    const board = this.board;
    if (!board) return;
    const style = getComputedStyle(board);
    const width = board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = board.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    if (!(width > 0 && height > 0)) return;
    const size = fit(width, height);
    const root = this.root;
    for (const [name, value] of [
      ["--cw", size.cw], ["--ch", size.ch], ["--pitch", size.pitch], ["--step", size.step],
      ["--pw", size.pw], ["--ph", size.ph],
    ]) {
      root.style.setProperty(name, `${value}px`);
    }
    root.classList.toggle("pyr-below", size.mode === "below");
    root.classList.toggle("pyr-side-mode", size.mode === "side");
    this.size = size;
  }
}
