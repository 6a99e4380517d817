// Difficulty levels, as every game's deal IDs name them: a letter before the dash (E-1234 easy, M- medium,
// H- hard); a bare number is a deal of any level. The engine verifies the letter; this only reads it.

export const LEVELS = ["any", "easy", "medium", "hard"];
const LETTER_LEVEL = { E: "easy", M: "medium", H: "hard" };

/** The difficulty level a deal ID names (its letter), or "any". */
export function levelOf(dealId) {
  const match = /^([A-Za-z]*)-?\d+$/.exec(String(dealId || ""));
  if (!match) return "any";
  for (const letter of match[1].toUpperCase()) if (LETTER_LEVEL[letter]) return LETTER_LEVEL[letter];
  return "any";
}
