// Pyramid on the shared shell: select a card, then the one that makes 13 with it; a king leaves with one
// tap; the stock pile turns a card, Recycler starts the next pass. Which cards are playable and which pairs
// make 13 is the engine's word (the snapshot's `playable`, `king` and `partners`): the page only remembers
// which card the player has selected, and sends the move in Pyramid's notation ("12+W", "27", "draw").

import { theCard } from "../../js/cards.js";
import { t } from "../../js/i18n.js";
import { PyramidTable } from "./table.js";
import { figure } from "../../js/panels.js";
import { createSelection } from "../../js/selection.js";

const $ = (id) => document.getElementById(id);

/** Why the game ended, in words: given up; stuck with stock and waste both empty (every stock card paired
 *  away, recycles or not); or stuck after the last pass. */
function stuckKey(next) {
  if (next.outcome === "given_up") return "stuck.given_up";
  return next.stock.count === 0 && next.waste.count === 0 ? "stuck.text_empty" : "stuck.text";
}

/** The snapshot's entry for a place: 0-27, "S" (stock top) or "W" (waste top). */
function entryOf(state, place) {
  if (!state) return null;
  if (place === "S") return state.stock.top;
  if (place === "W") return state.waste.top;
  return state.pyramid[place] || null;
}

function cardAt(state, place) {
  const entry = entryOf(state, place);
  return entry && entry.card ? theCard(entry.card) : "";
}

/** The places a move in notation names ("12+W" -> [12, "W"], "27" -> [27]). */
function placesOf(move) {
  return String(move)
    .split("+")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Pyramid's words and figures: pure functions of snapshots, the same for every table. */
const words = {
  hintText(hint, snapshot) {
    const why = hint.why && t(`why.${hint.why}`);
    let text;
    if (hint.kind === "pair") {
      const [a, b] = placesOf(hint.move);
      text = t("hint.pair", { a: cardAt(snapshot, a), b: cardAt(snapshot, b) });
    } else if (hint.kind === "king") {
      text = t("hint.king", { card: cardAt(snapshot, placesOf(hint.move)[0]) });
    } else if (hint.kind === "draw") text = t("hint.draw");
    else if (hint.kind === "recycle") text = t("hint.recycle");
    else if (hint.kind === "lost") return t("hint.lost");
    else return t("hint.stuck");
    return [text, why].filter(Boolean).join(" ");
  },
  describeStep(notation, before, vars) {
    if (notation === "draw") return { key: "solution.move_draw", vars };
    if (notation === "recycle") return { key: "solution.move_recycle", vars };
    const places = placesOf(notation);
    if (places.length === 1) return { key: "solution.move_king", vars: { ...vars, card: () => cardAt(before, places[0]) } };
    const [a, b] = places;
    return { key: "solution.move_pair", vars: { ...vars, a: () => cardAt(before, a), b: () => cardAt(before, b) } };
  },
  /** The end panel's figures of this game (`panel`: the win or the stuck panel). */
  winFigures(next, panel) {
    figure(panel, "cleared", `${next.removed}/28`);
  },
  celebrateOn: (op) => op === "move",
  stuckText: (next) => t(stuckKey(next), { n: 28 - next.removed }),
  /** The message line's own note: the stock is empty and Recycler is lit. */
  note(snapshot) {
    if (snapshot.outcome !== "playing" || snapshot.stock.count !== 0 || !snapshot.can_recycle) return null;
    return { key: "stock.empty_note", vars: { n: 28 - snapshot.removed }, kind: "stock" };
  },
  dealArgs: (choice) => ({ level: choice.level || "any" }),
};

/**
 * The player's selection, and what it does to the table: a tap selects a card, taps its partner (a pair is
 * sent), taps it again (cancelled), or plays a king or the stock at once. `table`: the PyramidTable.
 */
function createPicking(shell, table) {
  let state = null;
  let leaving = []; // the places of the pair (or king) of the move sent last: they fade out once it is made
  const redraw = () => state && table.render(state, { selected: selection.key() });
  const selection = createSelection(shell, {
    redraw,
    stillThere: (snapshot, place) => Boolean(entryOf(snapshot, place)?.playable),
  });

  function move(notation, target) {
    selection.clear();
    leaving = notation === "draw" || notation === "recycle" ? [] : placesOf(notation);
    return shell.send("move", { move: notation }, { target });
  }

  /** A tap on a card: select it, pair it with the selected one, cancel the selection, or play a king. */
  function pickCard(place) {
    if (selection.is(place)) {
      selection.cancel();
      return false;
    }
    if (selection.held()) return move(`${selection.key()}+${place}`, place);
    const entry = entryOf(state, place);
    if (entry && entry.playable && !entry.king) {
      selection.pick(place); // its partner's tap comes next
      const shown = state;
      shell.setMessage({ key: "select.picked", vars: { card: () => cardAt(shown, place) } }); // named in the language shown
      return false;
    }
    return move(String(place), place); // a king leaves; a covered card gets the engine's reason
  }

  return {
    intents: {
      /** A tap on the table: a card (select, pair, king, cancel), the stock pile or Recycler. */
      pick(target) {
        if (target.kind === "draw") return move("draw", "draw");
        if (target.kind === "recycle") return move("recycle", "recycle");
        return pickCard(target.place);
      },
      draw: () => move("draw", "draw"),
      recycle: () => move("recycle", "recycle"),
    },
    /** Escape cancels a selection first. */
    escape: () => selection.cancel(),
    update(snapshot) {
      state = snapshot;
      selection.follow(snapshot); // the selected card is gone, or the game is over
      table.render(snapshot, { selected: selection.key() });
    },
    afterReply(reply, { moved, op, target }) {
      const gone = leaving;
      leaving = [];
      if (reply.rejection && target !== undefined && target !== null) table.shake(target);
      else if (!moved) redraw();
      else if (op === "move" && gone.length) table.leave(gone); // the pair fades where it stood
    },
    reset() {
      selection.clear();
    },
  };
}

/** Pyramid's table component. shell: {act(name, arg), send(op, args, options), setMessage(message), busy()}. */
export function createPyramid(element, shell) {
  const table = new PyramidTable({ root: element, t });
  return {
    ...words,
    ...createPicking(shell, table),
    id: "pyramid",
    table,
    moveOps: ["move"],
    activate() {
      table.fit();
    },
    bind() {
      element.addEventListener("click", (event) => {
        const target = table.targetOf(event.target);
        if (target) shell.act("pick", target);
      });
    },
    keymap: { d: "draw", r: "recycle" },
    moveFocus(direction) {
      table.moveFocus(direction);
    },
    focusPlayable() {
      table.focusFirst();
    },
    renderStatus(previous, next) {
      $("removed").textContent = t("status.removed", { n: next.removed });
    },
    /** Mark what a hint names; null: no mark. */
    highlight(hint) {
      if (hint) table.highlight(hint);
      else if (table.hinted) table.highlight(null);
    },
  };
}
