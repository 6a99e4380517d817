// Klondike's statistics keys: games count together by difficulty level (read from the deal ID's letter) and
// draw (one or three, the snapshot's `draw`). A draw-one game's key is its level alone ("any", "easy", ...),
// as it was before draw three existed, so the statistics kept then still count; draw three adds "|3".

import { t } from "../../js/i18n.js";
import { LEVELS, levelOf } from "../../js/levels.js";

const DRAWS = [1, 3];

/** The statistics key of a snapshot: "easy" (draw one) or "easy|3" (draw three). */
export function keyOf(snapshot) {
  const level = levelOf(snapshot.deal_id);
  return snapshot.draw === 3 ? `${level}|3` : level;
}

export function describeKey(key) {
  const [level, draw] = key.split("|");
  return [t(`level.${level}`), t(draw === "3" ? "klondike:stats.draw3" : "klondike:stats.draw1")].join(" · ");
}

export function allKeys() {
  return DRAWS.flatMap((draw) => LEVELS.map((level) => (draw === 3 ? `${level}|3` : level)));
}

/** The new-deal settings a deal was dealt with: its level and its draw. */
export function settingsOf(snapshot) {
  return { level: levelOf(snapshot.deal_id), draw: snapshot.draw === 3 ? 3 : 1 };
}
