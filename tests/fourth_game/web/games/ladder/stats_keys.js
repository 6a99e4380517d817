// Ladder's statistics keys: it has no levels and no variant, so every game counts together ("any").

import { t } from "../../js/i18n.js";

export const keyOf = () => "any";
export const describeKey = (key) => t(`level.${key}`);
export const allKeys = () => ["any"];
export const settingsOf = () => ({});
