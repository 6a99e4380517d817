// The card a player has picked up, in the games that play a move in two taps (pick a card, then what it
// pairs with or where it goes). The game says what identifies a pick (a place, a card code), what its second
// tap means and how the table draws a pick; this keeps the pick honest the same way in every such game:
// one pick at a time; put down again by a tap on it or by Escape, with the same words ("Sélection
// annulée"); dropped when a new snapshot no longer has it (played, gone, the game over); and the worker is
// told the player is in the middle of a move, so the second tap does not wait behind background work.

/**
 * shell: {setMessage(message), busy()}; redraw(): draw the table with the pick as it is now;
 * stillThere(snapshot, key): whether `key` can still be picked in `snapshot`.
 */
export function createSelection(shell, { redraw, stillThere }) {
  let key = null; // what is picked up, or null

  return {
    /** What is picked up, or null. */
    key: () => key,
    held: () => key !== null,
    is: (candidate) => key !== null && key === candidate,
    /** Pick `next` up (null: put it down) and draw the table. */
    pick(next) {
      key = next;
      redraw();
      if (next !== null && shell.busy) shell.busy();
    },
    /** Put the pick down, saying so; false when nothing was picked up (Escape then does something else). */
    cancel() {
      if (key === null) return false;
      key = null;
      redraw();
      shell.setMessage({ key: "select.cancelled" });
      return true;
    },
    /** Forget the pick without drawing: a move is on its way, or the table is being reset. */
    clear() {
      key = null;
    },
    /** A new snapshot: the pick goes if it is no longer there. */
    follow(snapshot) {
      if (key !== null && !stillThere(snapshot, key)) key = null;
    },
  };
}
