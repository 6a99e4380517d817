// A tap aimed at a table that has changed under the finger is not the player's intent. The second tap of a
// double tap (or double click) lands where the first one was, but the first one already played: the card
// there is gone, or another card (the one it uncovered, one gliding out of the stock) now takes the tap.
// Playing that second tap would select or move a card the player never aimed at.
//
// So a tap is dropped when it comes soon after another one at the same spot and the thing under the finger
// is no longer the same (another card, another place). Two quick taps on the same thing (the stock, to turn
// two cards; a card, to pick it up and put it back) both count. Keyboard clicks (detail 0) are never dropped.

const SAME_SPOT_PX = 16;
// A double tap's two taps come within this; no one sees a new card and decides to tap it that fast.
const SOON_MS = 250;
// What a tap is on, from the most to the least specific: a card, a place of a table, an element's id.
const IDENTITIES = [
  ["data-card", "card"],
  ["data-pos", "pos"],
  ["data-place", "place"],
  ["id", "id"],
];

/** What the element under a tap is, as a text that stays the same while the same card or place is there. */
export function tapIdentity(element) {
  for (const [attribute, name] of IDENTITIES) {
    const owner = element && element.closest ? element.closest(`[${attribute}]`) : null;
    if (owner) return `${name}:${owner.getAttribute(attribute)}`;
  }
  return "";
}

/** Drop, in the capture phase, the taps inside `area` that the table changed under (see above). */
export function guardDoubleTaps(area) {
  let last = null; // {x, y, at, identity}
  area.addEventListener(
    "click",
    (event) => {
      if (event.detail === 0) return; // a key pressed on a focused control
      // When the finger or the button came down and up (the event's time stamp), not when this handler runs:
      // on a busy page both taps of a double tap can be handled much later than they were made.
      const tap = { x: event.clientX, y: event.clientY, at: event.timeStamp, identity: tapIdentity(event.target) };
      const previous = last;
      last = tap;
      if (!previous || tap.at - previous.at > SOON_MS) return;
      if (Math.hypot(tap.x - previous.x, tap.y - previous.y) > SAME_SPOT_PX) return;
      if (tap.identity === previous.identity) return;
      event.stopPropagation();
      event.preventDefault();
    },
    true,
  );
}
