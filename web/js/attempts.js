// When a game is recorded in the statistics (persistence, outside the render path): once per game, when it
// first ends (won, stuck or given up), or when it is abandoned by a new deal or a replay after at least one
// move (counted as lost, with the time of its last move). A given-up game counts as lost, once (a stuck game
// given up is not counted again). A replay of the solution never records anything. Undoing after the end
// does not record again. The new-deal choice warns of that loss exactly when it would be recorded
// (leavingCountsAsLost). The game being played is kept in storage ("attempt"), per game.

import * as stats from "./stats.js";
import * as store from "./storage.js";

const ENDED = ["won", "stuck", "given_up"];

function readAttempt() {
  const read = store.readJSON("attempt");
  const v = read.ok && read.value && typeof read.value === "object" ? read.value : {};
  return { deal_id: typeof v.deal_id === "string" ? v.deal_id : null, recorded: v.recorded === true, moved: v.moved === true };
}

/** game(): the game on the table (its moveOps); elapsed(): its play time in ms. */
export function createAttempts({ game, elapsed }) {
  let attempt = readAttempt(); // {deal_id, recorded, moved}, of the game being played
  let lastMs = 0; // the clock at the last reply, for a game abandoned by a new deal

  function saveAttempt() {
    store.writeJSON("attempt", attempt);
  }

  function recordGame(snapshot, won, ms) {
    stats.record(stats.keyOf(snapshot), {
      won,
      ms,
      moves: snapshot.moves,
      longest: snapshot.longest_streak || 0,
      score: snapshot.score || 0,
      id: snapshot.deal_id,
    });
    attempt.recorded = true;
    saveAttempt();
    const page = document.getElementById("game");
    page.dataset.recorded = String(Number(page.dataset.recorded || 0) + 1);
  }

  /** A move of the game on the table: it has been played, and perhaps it ended. */
  function played(previous, next, op) {
    if (game().moveOps.includes(op) && previous && previous.version !== next.version && !attempt.moved) {
      attempt.moved = true;
      saveAttempt();
    }
    if (!attempt.recorded && ENDED.includes(next.outcome)) recordGame(next, next.outcome === "won", elapsed());
  }

  return {
    /** Whether leaving the game on the table (`state`) now records it as a lost game: track()'s rule, read
     *  before the fact. */
    leavingCountsAsLost(state) {
      return Boolean(state) && attempt.deal_id === state.deal_id && !attempt.recorded && attempt.moved;
    },

    /** A reply (`op`) took the table from `previous` to `next`. */
    track(previous, next, op) {
      if (op === "new" || op === "replay") {
        const abandoned = previous && attempt.deal_id === previous.deal_id && !attempt.recorded && attempt.moved;
        if (abandoned) recordGame(previous, false, lastMs);
        attempt = { deal_id: next.deal_id, recorded: false, moved: false };
        saveAttempt();
      } else if (op === "restore") {
        if (attempt.deal_id !== next.deal_id) {
          attempt = { deal_id: next.deal_id, recorded: false, moved: next.moves > 0 };
          saveAttempt();
        }
      } else {
        played(previous, next, op);
      }
      lastMs = elapsed();
    },

    /** Another game is on the table from now on (its storage in use): its own attempt record. */
    useGame() {
      attempt = readAttempt();
      lastMs = 0;
    },
  };
}
