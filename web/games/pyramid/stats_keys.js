// Pyramid's statistics keys: games count together by difficulty level (read from the deal ID's letter);
// Pyramid has one set of rules, so the level is the whole key ("any", "easy", ...).

import { t } from "../../js/i18n.js";
import { LEVELS, levelOf } from "../../js/levels.js";

export const keyOf = (snapshot) => levelOf(snapshot.deal_id);
export const describeKey = (key) => t(`level.${key}`);
export const allKeys = () => [...LEVELS];
export const settingsOf = (snapshot) => ({ level: keyOf(snapshot) });
