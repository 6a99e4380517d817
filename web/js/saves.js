// The game in progress in storage (persistence, outside the render path): the record written after every
// reply that changed it, read back at start, its clock written when the page is left, and a save another
// tab wrote taken up. The controller (app.js) decides when; this module says what a record holds and which
// records may be used. Records are per game (js/storage.js prefixes them): "<prefix>save" under each game's own prefix

import { nestingDepth } from "./engine.js";
import * as store from "./storage.js";
import { MAX_PLAY_MS } from "./timer.js";

export const SAVE_LIMITS = { maxChars: 1_000_000, maxDepth: 8, valid: isSaveRecord, dropBad: false };
// A save carries the snapshot the page last drew of it (`view`, what the player saw: no hidden card), so the
// next visit draws it while the engine starts. Nested at most this deep, so the record stays within maxDepth.
const VIEW_DEPTH = SAVE_LIMITS.maxDepth - 1;

/** What the page needs of a save to send it to the engine: the engine's part, an object with its format. */
export function isSaveRecord(value) {
  const plain = (v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);
  return plain(value) && plain(value.engine) && typeof value.engine.format === "string";
}

/** A save's play time in ms (0 when it has none), or null when it is not one the page could have written. */
export function savedClock(record) {
  const ms = record.elapsed_ms ?? 0;
  return typeof ms === "number" && Number.isFinite(ms) && ms >= 0 && ms <= MAX_PLAY_MS ? ms : null;
}

/** The saves of the game in use; `elapsed()` is the play time of the game on the table, in ms. */
export function createSaves(elapsed) {
  let adopted = null; // the engine save this tab last wrote or restored (text): see fromOtherTab

  return {
    /**
     * The game saved in storage: {record, notice}. A record the page cannot use at all is left in storage
     * (the next deal's save replaces it) and gets the "unreadable" notice; a clock that is out of range
     * (negative, absurd, a string) is repaired to zero with its own notice, and the game is kept.
     */
    read() {
      const saved = store.readRecord("save", SAVE_LIMITS);
      if (!saved.ok) return { record: null, notice: { key: "notice.bad_save", kind: "notice" } };
      const record = saved.value;
      if (!record) return { record: null, notice: null };
      const clock = savedClock(record);
      adopted = JSON.stringify(record.engine);
      if (clock !== null) return { record: { ...record, elapsed_ms: clock }, notice: null };
      return { record: { ...record, elapsed_ms: 0 }, notice: { key: "notice.repaired_clock", kind: "notice" } };
    },

    /** The saved game's record and the table it last showed (display only), or null when it has none the
     *  page can draw: no view, a view of another deal, or one nested too deeply. */
    savedView() {
      const saved = store.readRecord("save", SAVE_LIMITS);
      const record = saved.ok ? saved.value : null;
      const view = record && record.view;
      const plain = Boolean(view) && typeof view === "object" && !Array.isArray(view);
      if (!plain || view.deal_id !== record.deal_id || nestingDepth(view) > VIEW_DEPTH) return null;
      return { record, view };
    },

    /** Save a reply's game (with the table as drawn now, when it does not nest the record too deeply). */
    write(reply) {
      if (!reply.save || !reply.state) return;
      adopted = JSON.stringify(reply.save);
      const record = { engine: reply.save, deal_id: reply.state.deal_id, elapsed_ms: Math.round(elapsed()) };
      if (nestingDepth(reply.state, VIEW_DEPTH) <= VIEW_DEPTH) record.view = reply.state;
      store.writeJSON("save", record);
    },

    /** Write the clock into the save of the game on the table (not into a save of another tab's game). */
    writeClock() {
      const saved = store.readJSON("save");
      if (saved.ok && isSaveRecord(saved.value) && JSON.stringify(saved.value.engine) === adopted) {
        store.writeJSON("save", { ...saved.value, elapsed_ms: Math.round(elapsed()) });
      }
    },

    /** The record another tab wrote (the text of a `storage` event), or null when it is not a save or holds
     *  the game this tab already has. */
    fromOtherTab(text) {
      if (text === null) return null;
      let record = null;
      try {
        record = JSON.parse(text);
      } catch {
        return null;
      }
      if (!isSaveRecord(record) || JSON.stringify(record.engine) === adopted) return null;
      return record;
    },

    /** This tab has taken up that record's game: its later saves are this tab's own. */
    adopt(record) {
      adopted = JSON.stringify(record.engine);
    },
  };
}
