// TriPeaks' statistics keys: games count together by difficulty level (read from the deal ID's letter)
// and variant (K–A wrap, peaks face down or visible), as "easy|wrap|down".

import { t } from "../../js/i18n.js";
import { LEVELS, levelOf } from "../../js/levels.js";

/** The statistics key of a snapshot: difficulty, wrap, peaks ("any|wrap|down"). */
export function keyOf(snapshot) {
  const rules = snapshot.rules || {};
  return [levelOf(snapshot.deal_id), rules.wrap === false ? "nowrap" : "wrap", rules.all_visible ? "visible" : "down"].join("|");
}

export function describeKey(key) {
  const [level, wrap, peaks] = key.split("|");
  const variants = [];
  if (wrap === "nowrap") variants.push(t("variant.nowrap"));
  if (peaks === "visible") variants.push(t("variant.visible"));
  if (variants.length === 0) variants.push(t("variant.standard"));
  return [t(`level.${level}`), ...variants].join(" · ");
}

export function allKeys() {
  const keys = [];
  for (const level of LEVELS) for (const wrap of ["wrap", "nowrap"]) for (const peaks of ["down", "visible"]) {
    keys.push([level, wrap, peaks].join("|"));
  }
  return keys;
}

/** The new-deal settings a deal was dealt with: those of its statistics key. */
export function settingsOf(snapshot) {
  const [level, wrap, peaks] = keyOf(snapshot).split("|");
  return { level, wrap: wrap === "wrap", all_visible: peaks === "visible" };
}
