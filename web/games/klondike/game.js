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

/** shell: {act(name, arg), send(op, args, options), setMessage(message), busy()}. */
export function createKlondike(shell) {
  const table = new KlondikeTable({ root: $("klondike-board"), t });
  let state = null;
  let selected = null; // the card code the player has picked up, or null
  let noteClosed = false; // the player closed the no-progress note (until progress is made again)
  const auto = { running: false, timer: 0 };
  let dropHandled = false;
  /** Whether a tap or a press on the table belongs to the snapshot on screen: no move is on its way (the
   *  shell's word), and the element is not a card still moving (a glide, a turn). */
  function madeOnShownTable(eventTarget) {
    return !shell.moving() && !table.inMotion(eventTarget);
  }

  function extras() {
    table.showAuto(state, auto.running);
    const note = state && state.outcome === "playing" && state.no_progress && !noteClosed;
    table.showNote(note ? t("note.no_progress") : null);
  }

  function draw() {
    if (!state) return;
    table.render(state, { selected });
    extras();
  }

  function select(code, { quiet = false } = {}) {
    selected = code;
    draw();
    if (code && shell.busy) shell.busy(); // where it goes comes next: it must not wait behind background work
    if (quiet || !code) return;
    const where = locate(state, code);
    const entry = where && where.entry;
    const card = theCard(code);
    const above = where && where.where === "T" ? state.columns[where.column].cards.length - where.index - 1 : 0;
    if (entry && entry.destinations.length === 0) shell.setMessage({ key: "select.none", vars: { card } });
    else {
      const key = above === 0 ? "select.picked" : above === 1 ? "select.picked_run_one" : "select.picked_run";
      shell.setMessage({ key, vars: { card, k: above } });
    }
  }

  function cancel() {
    select(null);
    shell.setMessage({ key: "select.cancelled" });
  }

  function move(notation, target) {
    selected = null;
    return shell.send("move", { move: notation }, { target });
  }

  function stopAuto() {
    if (!auto.running) return false;
    clearTimeout(auto.timer);
    auto.running = false;
    extras();
    return true;
  }

  /** One auto-finish move, then the next after a short pause, until the game is won, the engine has none
   *  left, a reply refuses, or the player stops it. */
  async function autoStep() {
    auto.timer = 0;
    if (!auto.running) return;
    if (!state || state.outcome !== "playing" || !state.autofinish) {
      stopAuto();
      return;
    }
    const moved = await shell.send("autofinish", {}, { target: null });
    if (!auto.running) return;
    if (!moved || !state || state.outcome !== "playing" || !state.autofinish) {
      stopAuto();
      return;
    }
    auto.timer = setTimeout(autoStep, AUTO_STEP_MS);
  }

  function toggleAuto() {
    if (stopAuto()) {
      shell.setMessage({ key: "autofinish.stopped" });
      return false;
    }
    if (!state || !state.autofinish) {
      shell.setMessage({ key: "autofinish.unavailable", kind: "rejection" });
      return false;
    }
    selected = null;
    auto.running = true;
    draw();
    shell.setMessage({ key: "autofinish.started" });
    return autoStep();
  }

  function closeNote() {
    noteClosed = true;
    extras();
    table.focusFirst();
  }

  /** A tap on a card, with or without a card picked up. */
  function pickCard(target) {
    const code = target.card;
    if (state.outcome !== "playing") {
      // said by the page from the snapshot, as undo does: a finished game has no card to pick up
      shell.setMessage({ key: "reject.game_over", kind: "rejection" });
      return false;
    }
    if (selected === code) return cancel();
    const where = locate(state, code);
    const entry = where && where.entry;
    if (selected !== null) {
      const chosen = locate(state, selected);
      const destination = target.from === "T" ? `T${target.column}` : target.from === "F" ? "F" : null;
      const allowed = chosen && destination && chosen.entry.destinations.includes(destination);
      if (allowed) return move(`${selected}>${destination}`, selected);
      if (destination === null || (entry && entry.destinations.length > 0)) return select(code); // another card
      return move(`${selected}>${destination}`, selected); // the engine says why not
    }
    if (entry && entry.auto) return move(`${code}>${entry.auto}`, code);
    return select(code);
  }

  const drag = new Drag({
    table,
    canDrag: (code, eventTarget) => Boolean(state) && state.outcome === "playing" && madeOnShownTable(eventTarget),
    onStart: (code) => shell.act("lift", code),
    onDrop: (code, target, els) => {
      dropHandled = false;
      shell.act("drop", { code, target, els });
      if (!dropHandled) table.returnHome(els); // the page was busy (a deal being dealt, a replay)
    },
    onCancel: () => {
      if (selected !== null) select(null);
    },
  });

  return {
    id: "klondike",
    table,
    drag,
    /** The ops that are a player's move: the clock starts with the first, statistics count the game. */
    moveOps: ["move", "autofinish"],
    activate() {
      table.fit();
    },
    bind() {
      $("klondike-board").addEventListener("click", (event) => {
        const target = table.targetOf(event.target);
        if (!target) return;
        // Finir auto and the note's close always answer (the shell lets "control" through while a move is on
        // its way); anything else waits for the table to be current (a double tap's second tap must not hit
        // the card the first one uncovered or sent flying).
        if (target.kind === "auto" || target.kind === "note-close") shell.act("control", target);
        else if (madeOnShownTable(event.target)) shell.act("pick", target);
      });
    },
    keymap: { d: "draw", r: "recycle", f: "autofinish" },
    /** Intents the shell runs even while a move is on its way: none of them plays a card. */
    anytimeIntents: ["control"],
    intents: {
      /** A tap on Finir auto (start or stop) or on the no-progress note's close. */
      control: (target) => (target.kind === "auto" ? toggleAuto() : closeNote()),
      /** A tap on the table: a card, a column, a foundation or the stock. */
      pick(target) {
        if (stopAuto()) shell.setMessage({ key: "autofinish.stopped" });
        if (target.kind === "stock") {
          selected = null;
          return move(state.stock.count > 0 ? "draw" : "recycle", "stock");
        }
        if (target.kind === "card") return pickCard(target);
        const destination = target.kind === "foundation" ? "F" : `T${target.column}`;
        if (selected !== null) return move(`${selected}>${destination}`, selected);
        if (target.kind === "down") shell.setMessage({ key: "reject.face_down", kind: "rejection" });
        else shell.setMessage({ key: "select.first" });
        return false;
      },
      /** A drag began: the card is picked up (its destinations marked), without a word. */
      lift(code) {
        stopAuto();
        select(code, { quiet: true });
      },
      async drop({ code, target, els }) {
        dropHandled = true;
        stopAuto();
        await move(`${code}>${target}`, code);
        if (els.some((el) => el.classList.contains("kl-dropped"))) table.returnHome(els); // no answer drawn
      },
      draw() {
        stopAuto();
        selected = null;
        return move(state.stock.count > 0 ? "draw" : "recycle", "stock");
      },
      recycle() {
        stopAuto();
        selected = null;
        return move("recycle", "stock");
      },
      autofinish: () => toggleAuto(),
    },
    arrows(direction) {
      table.moveFocus(direction);
    },
    /** Escape stops Finir auto, else cancels a selection, else closes the note. */
    escape() {
      if (stopAuto()) {
        shell.setMessage({ key: "autofinish.stopped" });
        return true;
      }
      if (selected !== null) {
        cancel();
        return true;
      }
      if (!table.noteEl.hidden) {
        closeNote();
        return true;
      }
      return false;
    },
    focusPlayable() {
      table.focusFirst();
    },
    render(snapshot) {
      state = snapshot;
      if (selected !== null && (snapshot.outcome !== "playing" || !locate(snapshot, selected))) selected = null;
      if (!snapshot.no_progress) noteClosed = false;
      table.render(snapshot, { selected });
      extras();
    },
    renderStatus(previous, next) {
      $("foundation-count").textContent = t("status.foundations", { n: next.on_foundations });
    },
    afterReply(reply, { moved, op, target }) {
      if (reply.rejection && target !== undefined && target !== null) table.shake(target);
      if (moved && op !== "autofinish" && auto.running) stopAuto();
      if (!moved) draw();
    },
    clearHighlight() {
      if (table.hinted) table.highlight(null);
    },
    showHint(hint) {
      table.highlight(hint);
    },
    hintText(hint, snapshot) {
      if (hint.kind === "lost") return t("hint.lost");
      // "no_headway": legal moves are left, but none can turn a card or show one any more
      if (hint.kind === "stuck" || !hint.move) return t(hint.why === "no_headway" ? "hint.no_headway" : "hint.stuck");
      const words = moveWords(hint.move, snapshot);
      const why = hint.why && t(`why.${hint.why}`);
      return [t(`hint.${words.kind}`, words.vars), why].filter(Boolean).join(" ");
    },
    /** A step of a solution replay, said in words, from the frame before it. */
    describeStep(notation, before, vars) {
      const words = moveWords(notation, before);
      return { key: `solution.move_${words.kind}`, vars: { ...vars, ...words.vars } };
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
    reset() {
      selected = null;
      stopAuto();
      noteClosed = false;
    },
  };
}
