// Klondike on the shared shell: tap a card to pick it up (its run with it), then tap where it goes; a card
// with one destination goes there on one tap; or drag it. The stock turns a card (or, empty, turns the
// waste back over); Finir auto plays the engine's next auto-finish move, one at a time, until it is stopped.
// Where a card may go is the engine's word (the snapshot's `destinations` and `auto`): the page remembers
// which card is picked up and sends moves in Klondike's notation ("QH>T3", "AC>F", "draw", "recycle").

import { theCard } from "../../js/cards.js";
import { t } from "../../js/i18n.js";
import { Drag } from "./drag.js";
import { KlondikeTable, locate } from "./table.js";
import { figure } from "../../js/panels.js";
import { createSelection } from "../../js/selection.js";

const $ = (id) => document.getElementById(id);
const AUTO_STEP_MS = 240; // between two auto-finish moves: each one is seen

/** A move in words, from the position before it: which text (onto, empty, foundation, down, down_empty,
 *  draw, recycle) and its parts ({card, on, n, run}). */
function moveWords(notation, before) {
  if (notation === "draw" || notation === "recycle") return { kind: notation, vars: {} };
  const [code, destination] = String(notation).split(">");
  const where = locate(before, code);
  const card = theCard(code);
  const above = where && where.where === "T" ? before.columns[where.column].cards.length - where.index - 1 : 0;
  const run = above > 0 ? ` ${t(above === 1 ? "move.run_one" : "move.run", { k: above })}` : "";
  if (destination === "F") return { kind: "foundation", vars: { card } };
  const column = Number(String(destination).slice(1));
  const target = before && before.columns[column];
  const top = target && target.cards[target.cards.length - 1];
  const down = where && where.where === "F" ? "down" : "";
  if (!top || !top.card) return { kind: down ? "down_empty" : "empty", vars: { card, run, col: column + 1 } };
  return { kind: down || "onto", vars: { card, run, on: theCard(top.card) } };
}

/** Klondike's words and figures: pure functions of snapshots, the same for every table. */
const words = {
  hintText(hint, snapshot) {
    if (hint.kind === "lost") return t("hint.lost");
    // "no_headway": legal moves are left, but none can turn a card or show one any more
    if (hint.kind === "stuck" || !hint.move) return t(hint.why === "no_headway" ? "hint.no_headway" : "hint.stuck");
    const said = moveWords(hint.move, snapshot);
    const why = hint.why && t(`why.${hint.why}`);
    return [t(`hint.${said.kind}`, said.vars), why].filter(Boolean).join(" ");
  },
  /** A step of a solution replay, said in words, from the frame before it. */
  describeStep(notation, before, vars) {
    const said = moveWords(notation, before);
    return { key: `solution.move_${said.kind}`, vars: { ...vars, ...said.vars } };
  },
  /** The end panel's figures of this game (`panel`: the win or the stuck panel). */
  winFigures(next, panel) {
    figure(panel, "cleared", `${next.on_foundations}/52`);
    figure(panel, "recycles", String(next.recycles));
  },
  celebrateOn: (op) => op === "move" || op === "autofinish",
  stuckText: (next) => t(next.outcome === "given_up" ? "stuck.given_up" : "stuck.text", { n: 52 - next.on_foundations }),
  /** The message line's own note: the stock is empty and a tap on it turns the waste over. */
  note(snapshot) {
    if (snapshot.outcome !== "playing" || snapshot.stock.count !== 0 || !snapshot.can_recycle) return null;
    return { key: "stock.empty_note", kind: "stock" };
  },
  dealArgs: (choice) => ({ level: choice.level || "any", draw: choice.draw === 3 ? 3 : 1 }),
};

// The functions below share one record of the table in play, `k`: {shell, table, state (the snapshot on
// the table), selection (the card code picked up: js/selection.js), noteClosed (the player closed the
// no-progress note, until progress is made again), dropHandled, auto: {running, timer}} (see createKlondike).

/** Whether a tap or a press on the table belongs to the snapshot on screen: no move is on its way (the
 *  shell's word), and what is under the finger is not a card gliding past it. */
function madeOnShownTable(k, event) {
  return !k.shell.moving() && !k.table.inMotion(event.target, event.clientX, event.clientY);
}

function extras(k) {
  k.table.showAuto(k.state, k.auto.running);
  const note = k.state && k.state.outcome === "playing" && k.state.no_progress && !k.noteClosed;
  k.table.showNote(note ? t("note.no_progress") : null);
}

function draw(k) {
  if (!k.state) return;
  k.table.render(k.state, { selected: k.selection.key() });
  extras(k);
}

/** Pick a card up (null: put it down); the message line says what was picked up, unless `quiet`. */
function select(k, code, { quiet = false } = {}) {
  k.selection.pick(code); // where it goes comes next
  if (quiet || !code) return;
  const where = locate(k.state, code);
  const entry = where && where.entry;
  const card = theCard(code);
  const above = where && where.where === "T" ? k.state.columns[where.column].cards.length - where.index - 1 : 0;
  if (entry && entry.destinations.length === 0) k.shell.setMessage({ key: "select.none", vars: { card } });
  else {
    const key = above === 0 ? "select.picked" : above === 1 ? "select.picked_run_one" : "select.picked_run";
    k.shell.setMessage({ key, vars: { card, k: above } });
  }
}

function move(k, notation, target) {
  k.selection.clear();
  return k.shell.send("move", { move: notation }, { target });
}

function stopAuto(k) {
  if (!k.auto.running) return false;
  clearTimeout(k.auto.timer);
  k.auto.running = false;
  extras(k);
  return true;
}

/** Whether the engine offers an auto-finish move on the table now. */
function canAutofinish(k) {
  return Boolean(k.state) && k.state.outcome === "playing" && Boolean(k.state.autofinish);
}

/** One auto-finish move, then the next after a short pause, until the game is won, the engine has none
 *  left, a reply refuses, or the player stops it. */
async function autoStep(k) {
  k.auto.timer = 0;
  if (!k.auto.running) return;
  if (!canAutofinish(k)) {
    stopAuto(k);
    return;
  }
  const moved = await k.shell.send("autofinish", {}, { target: null });
  if (!k.auto.running) return;
  if (!moved || !canAutofinish(k)) {
    stopAuto(k);
    return;
  }
  k.auto.timer = setTimeout(() => autoStep(k), AUTO_STEP_MS);
}

function toggleAuto(k) {
  if (stopAuto(k)) {
    k.shell.setMessage({ key: "autofinish.stopped" });
    return false;
  }
  if (!k.state || !k.state.autofinish) {
    k.shell.setMessage({ key: "autofinish.unavailable", kind: "rejection" });
    return false;
  }
  k.selection.clear();
  k.auto.running = true;
  draw(k);
  k.shell.setMessage({ key: "autofinish.started" });
  return autoStep(k);
}

function closeNote(k) {
  k.noteClosed = true;
  extras(k);
  k.table.focusFirst();
}

/** A tap on a card, with or without a card picked up. */
function pickCard(k, target) {
  const code = target.card;
  if (k.state.outcome !== "playing") {
    // said by the page from the snapshot, as undo does: a finished game has no card to pick up
    k.shell.setMessage({ key: "reject.game_over", kind: "rejection" });
    return false;
  }
  if (k.selection.is(code)) {
    k.selection.cancel();
    return false;
  }
  const where = locate(k.state, code);
  const entry = where && where.entry;
  const held = k.selection.key();
  if (held !== null) {
    const chosen = locate(k.state, held);
    const destination = target.from === "T" ? `T${target.column}` : target.from === "F" ? "F" : null;
    const allowed = chosen && destination && chosen.entry.destinations.includes(destination);
    if (allowed) return move(k, `${held}>${destination}`, held);
    if (destination === null || (entry && entry.destinations.length > 0)) return select(k, code); // another card
    return move(k, `${held}>${destination}`, held); // the engine says why not
  }
  if (entry && entry.auto) return move(k, `${code}>${entry.auto}`, code);
  return select(k, code);
}

/** A tap on the table: a card, a column, a foundation or the stock. */
function pick(k, target) {
  if (stopAuto(k)) k.shell.setMessage({ key: "autofinish.stopped" });
  if (target.kind === "stock") {
    k.selection.clear();
    return move(k, k.state.stock.count > 0 ? "draw" : "recycle", "stock");
  }
  if (target.kind === "card") return pickCard(k, target);
  const destination = target.kind === "foundation" ? "F" : `T${target.column}`;
  const held = k.selection.key();
  if (held !== null) return move(k, `${held}>${destination}`, held);
  if (target.kind === "down") k.shell.setMessage({ key: "reject.face_down", kind: "rejection" });
  else k.shell.setMessage({ key: "select.first" });
  return false;
}

/** Klondike's intents (what the shell runs for a tap, a drag or a key). */
function intentsOf(k) {
  return {
    /** A tap on Finir auto (start or stop) or on the no-progress note's close. */
    control: (target) => (target.kind === "auto" ? toggleAuto(k) : closeNote(k)),
    pick: (target) => pick(k, target),
    /** A drag began: the card is picked up (its destinations marked), without a word. */
    lift(code) {
      stopAuto(k);
      select(k, code, { quiet: true });
    },
    async drop({ code, target, els }) {
      k.dropHandled = true;
      stopAuto(k);
      await move(k, `${code}>${target}`, code);
      if (els.some((el) => el.classList.contains("kl-dropped"))) k.table.returnHome(els); // no answer drawn
    },
    draw() {
      stopAuto(k);
      k.selection.clear();
      return move(k, k.state.stock.count > 0 ? "draw" : "recycle", "stock");
    },
    recycle() {
      stopAuto(k);
      k.selection.clear();
      return move(k, "recycle", "stock");
    },
    autofinish: () => toggleAuto(k),
  };
}

/** Escape stops Finir auto, else cancels a selection, else closes the note; false when it did nothing. */
function onEscape(k) {
  if (stopAuto(k)) {
    k.shell.setMessage({ key: "autofinish.stopped" });
    return true;
  }
  if (k.selection.cancel()) return true;
  if (!k.table.noteEl.hidden) {
    closeNote(k);
    return true;
  }
  return false;
}

/** Dragging a card (drag.js): a lift and a drop become the shell's intents. */
function dragOf(k) {
  return new Drag({
    table: k.table,
    canDrag: (code, event) => Boolean(k.state) && k.state.outcome === "playing" && madeOnShownTable(k, event),
    onStart: (code) => k.shell.act("lift", code),
    onDrop: (code, target, els) => {
      k.dropHandled = false;
      k.shell.act("drop", { code, target, els });
      if (!k.dropHandled) k.table.returnHome(els); // the page was busy (a deal being dealt, a replay)
    },
    onCancel: () => {
      if (k.selection.held()) select(k, null);
    },
  });
}

/** Klondike's table component. shell: {act(name, arg), send(op, args, options), setMessage(message), busy(),
 *  moving()}. */
export function createKlondike(element, shell) {
  const table = new KlondikeTable({ root: element, t });
  const k = { shell, table, state: null, selection: null, noteClosed: false, dropHandled: false, auto: { running: false, timer: 0 } };
  k.selection = createSelection(shell, {
    redraw: () => draw(k),
    stillThere: (snapshot, code) => snapshot.outcome === "playing" && Boolean(locate(snapshot, code)),
  });
  return {
    ...words,
    id: "klondike",
    table,
    drag: dragOf(k),
    /** The ops that are a player's move: the clock starts with the first, statistics count the game. */
    moveOps: ["move", "autofinish"],
    activate() {
      table.fit();
    },
    bind() {
      element.addEventListener("click", (event) => {
        const target = table.targetOf(event.target);
        if (!target) return;
        // Finir auto and the note's close always answer (the shell lets "control" through while a move is on
        // its way); anything else waits for the table to be current (a double tap's second tap must not hit
        // the card the first one uncovered or sent flying).
        if (target.kind === "auto" || target.kind === "note-close") shell.act("control", target);
        else if (madeOnShownTable(k, event)) shell.act("pick", target);
      });
    },
    keymap: { d: "draw", r: "recycle", f: "autofinish" },
    /** Intents the shell runs even while a move is on its way: none of them plays a card. */
    anytimeIntents: ["control"],
    intents: intentsOf(k),
    moveFocus(direction) {
      table.moveFocus(direction);
    },
    escape: () => onEscape(k),
    focusPlayable() {
      table.focusFirst();
    },
    update(snapshot) {
      k.state = snapshot;
      k.selection.follow(snapshot);
      if (!snapshot.no_progress) k.noteClosed = false;
      table.render(snapshot, { selected: k.selection.key() });
      extras(k);
    },
    renderStatus(previous, next) {
      $("foundation-count").textContent = t("status.foundations", { n: next.on_foundations });
    },
    afterReply(reply, { moved, op, target }) {
      if (reply.rejection && target !== undefined && target !== null) table.shake(target);
      if (moved && op !== "autofinish" && k.auto.running) stopAuto(k);
      if (!moved) draw(k);
    },
    /** Mark what a hint names; null: no mark. */
    highlight(hint) {
      if (hint) table.highlight(hint);
      else if (table.hinted) table.highlight(null);
    },
    reset() {
      k.selection.clear();
      stopAuto(k);
      k.noteClosed = false;
    },
  };
}
