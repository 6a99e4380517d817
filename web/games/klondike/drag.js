// Dragging a card (with the run on it) on the Klondike table, with a mouse, a finger or a pen (Pointer
// Events). The dragged cards follow the pointer by a transform set once a frame (no layout while they move:
// the drop zones are measured when the drag starts). Let go over a column or a foundation, the move is
// sent as it is (the engine accepts it or says why not); let go anywhere else, the cards glide back.
// A press that does not travel is a tap: the click that follows is the table's. No rule is decided here.

import { foundationOf, locate } from "./table.js";

const THRESHOLD_PX = { mouse: 6, pen: 6, touch: 10 };

export class Drag {
  /**
   * table: the KlondikeTable; canDrag(code, event): whether a card may be picked up now (the engine is
   * ready, no move is in flight, the card pressed is not gliding past the pointer);
   * onStart(code): the drag began (the page marks the card's destinations);
   * onDrop(code, target): let go over "T0".."T6" or "F"; onCancel(code): let go elsewhere.
   */
  constructor({ table, canDrag, onStart, onDrop, onCancel }) {
    this.table = table;
    this.canDrag = canDrag;
    this.onStart = onStart;
    this.onDrop = onDrop;
    this.onCancel = onCancel;
    this.press = null; // {id, x, y, code, type} between pointerdown and the start of a drag
    this.drag = null; // {id, code, els, zones, origin, dx, dy, over}
    this.frame = 0;
    this.justDragged = false;
    this.frames = []; // frame times of the last drag (ms between two applied frames), for the benchmark
    const root = table.root;
    root.addEventListener("pointerdown", (event) => this.down(event));
    // The click that ends a drag is not a tap.
    root.addEventListener("click", (event) => {
      if (!this.justDragged) return;
      this.justDragged = false;
      event.preventDefault();
      event.stopImmediatePropagation();
    }, true);
    this.moveListener = (event) => this.move(event);
    this.upListener = (event) => this.up(event);
    this.cancelListener = (event) => this.cancel(event);
  }

  active() {
    return this.drag !== null;
  }

  down(event) {
    if (this.drag || (event.pointerType === "mouse" && event.button !== 0) || !event.isPrimary) return;
    const target = this.table.targetOf(event.target);
    if (!target || target.kind !== "card" || !this.canDrag(target.card, event)) return;
    this.press = { id: event.pointerId, x: event.clientX, y: event.clientY, code: target.card, type: event.pointerType, from: target };
    window.addEventListener("pointermove", this.moveListener);
    window.addEventListener("pointerup", this.upListener);
    window.addEventListener("pointercancel", this.cancelListener);
  }

  move(event) {
    if (this.press && event.pointerId === this.press.id && !this.drag) {
      const dx = event.clientX - this.press.x;
      const dy = event.clientY - this.press.y;
      if (Math.hypot(dx, dy) < (THRESHOLD_PX[this.press.type] || 6)) return;
      this.start(event);
    }
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    event.preventDefault();
    drag.dx = event.clientX - drag.x;
    drag.dy = event.clientY - drag.y;
    drag.px = event.clientX;
    drag.py = event.clientY;
    if (!this.frame) this.frame = requestAnimationFrame((time) => this.paint(time));
  }

  start(event) {
    const press = this.press;
    const els = this.table.runEls(press.code);
    if (els.length === 0) return;
    const from = press.from;
    const origin = from.from === "T" ? `T${from.column}` : from.from;
    this.drag = {
      id: press.id, code: press.code, els, origin, x: press.x, y: press.y,
      dx: event.clientX - press.x, dy: event.clientY - press.y, px: event.clientX, py: event.clientY,
      zones: this.table.dropZones(), over: null, last: 0,
    };
    const where = locate(this.table.state, press.code);
    this.drag.allowed = new Set(where ? where.entry.destinations : []); // the piles marked when under it
    this.frames = [];
    this.press = null;
    try {
      event.target.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser does not track (a synthetic one): the window listeners still see it
    }
    for (const el of els) el.classList.add("kl-dragging");
    this.onStart(this.drag.code);
    // the start may have redrawn the table: the cards dragged are the same elements, marked again
    for (const el of els) el.classList.add("kl-dragging");
    this.paint(performance.now());
  }

  /** One frame: the cards where the pointer says, the pile under them marked if the engine lets the card go
   *  there (the snapshot's destinations). Transforms and classes only. */
  paint(time) {
    this.frame = 0;
    const drag = this.drag;
    if (!drag) return;
    if (drag.last) this.frames.push(time - drag.last);
    drag.last = time;
    const transform = `translate3d(${drag.dx}px, ${drag.dy}px, 0)`;
    for (const el of drag.els) el.style.transform = transform;
    const zone = this.zoneAt(drag.px, drag.py);
    const over = zone && zone.target !== drag.origin && drag.allowed.has(zone.target) ? zone : null;
    if (over !== drag.over) {
      if (drag.over) this.mark(drag.over, false);
      if (over) this.mark(over, true);
      drag.over = over;
    }
  }

  /** The pile a drop would go to: a column, or the foundation of the card's suit (whichever foundation the
   *  pointer is over). */
  mark(zone, on) {
    const table = this.table;
    const el = zone.target === "F"
      ? table.foundationEls[foundationOf(table.state, this.drag ? this.drag.code : this.lastCode)]
      : table.columnEls[Number(zone.target.slice(1))].el;
    if (el) el.classList.toggle("kl-over", on);
  }

  zoneAt(x, y) {
    const zones = this.drag.zones;
    // a foundation first (it is small), then the column under the pointer
    return zones.find((z) => z.el && x >= z.left && x <= z.right && y >= z.top && y <= z.bottom)
      || zones.find((z) => !z.el && x >= z.left && x <= z.right && y >= z.top && y <= z.bottom)
      || null;
  }

  stopListening() {
    window.removeEventListener("pointermove", this.moveListener);
    window.removeEventListener("pointerup", this.upListener);
    window.removeEventListener("pointercancel", this.cancelListener);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  up(event) {
    if (this.press && event.pointerId === this.press.id) {
      this.press = null; // a tap: the click is the table's
      this.stopListening();
      return;
    }
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    this.stopListening();
    drag.px = event.clientX;
    drag.py = event.clientY;
    const zone = this.zoneAt(drag.px, drag.py);
    this.lastCode = drag.code;
    if (drag.over) this.mark(drag.over, false);
    this.drag = null;
    this.table.root.dataset.dragFrames = this.frames.map((ms) => ms.toFixed(1)).join(" "); // for the benchmark
    this.justDragged = true;
    setTimeout(() => {
      this.justDragged = false;
    }, 0);
    if (zone && zone.target !== drag.origin) {
      for (const el of drag.els) {
        el.classList.remove("kl-dragging");
        el.classList.add("kl-dropped"); // stays where it was let go until the engine answers
      }
      this.onDrop(drag.code, zone.target, drag.els);
    } else {
      this.table.returnHome(drag.els);
      this.onCancel(drag.code);
    }
  }

  cancel(event) {
    if (this.press && event.pointerId === this.press.id) this.press = null;
    const drag = this.drag;
    this.stopListening();
    if (!drag) return;
    this.lastCode = drag.code;
    if (drag.over) this.mark(drag.over, false);
    this.drag = null;
    this.table.returnHome(drag.els);
    this.onCancel(drag.code);
  }
}
