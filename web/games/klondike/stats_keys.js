// Klondike's statistics keys: one set of rules (draw 1, unlimited passes) and no difficulty levels yet, so
// every game counts under one key, "any" (the snapshot's `level`).

import { t } from "../../js/i18n.js";

export const keyOf = () => "any";
export const describeKey = () => t("klondike:stats.key");
export const allKeys = () => ["any"];
export const settingsOf = () => ({ level: "any" });
