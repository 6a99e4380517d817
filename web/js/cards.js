// Drawing a card face from its two-character code (rank A23456789TJQK, suit CDHS) and naming it.
// Only what the snapshot gives is drawn: a face-down card has no code, so nothing of it reaches the DOM.

import { has, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const RED_SUITS = new Set(["H", "D"]);

export function rankOf(code) {
  return code[0];
}

export function suitOf(code) {
  return code[1];
}

export function isRed(code) {
  return RED_SUITS.has(suitOf(code));
}

/** "7 de cœur" / "7 of hearts". */
export function cardName(code) {
  return t("card.name", { rank: t(`rank.${rankOf(code)}`), suit: t(`suit.${suitOf(code)}`) });
}

/** "le 7 de cœur", "l’as de pique" / "the 7 of hearts". */
export function theCard(code) {
  const rank = rankOf(code);
  const key = has(`card.the.${rank}`) ? `card.the.${rank}` : "card.the";
  return t(key, { rank: t(`rank.${rank}`), suit: t(`suit.${suitOf(code)}`) });
}

function shortRank(code) {
  const rank = rankOf(code);
  return has(`short.${rank}`) ? t(`short.${rank}`) : rank;
}

function suitIcon(code, className) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  if (className) svg.setAttribute("class", className);
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#suit-${suitOf(code)}`);
  svg.append(use);
  return svg;
}

function corner(code, extra) {
  const box = document.createElement("span");
  box.className = `corner${extra ? ` ${extra}` : ""}`;
  const rank = document.createElement("span");
  rank.className = rankOf(code) === "T" ? "rank ten" : "rank";
  rank.textContent = shortRank(code);
  box.append(rank, suitIcon(code));
  return box;
}

/** The face of a card as a detached element (decorative: the accessible name sits on the card). */
export function face(code) {
  const el = document.createElement("span");
  el.className = "face";
  el.setAttribute("aria-hidden", "true");
  el.append(corner(code), suitIcon(code, "pip"));
  return el;
}

/** Make el show code face up (or nothing when code is null); returns whether anything changed. */
export function showFace(el, code) {
  if ((el.dataset.card || null) === (code || null) && el.dataset.lang === document.documentElement.lang) {
    return false;
  }
  el.replaceChildren();
  el.classList.remove("red");
  if (code) {
    el.dataset.card = code;
    el.append(face(code));
    if (isRed(code)) el.classList.add("red");
  } else {
    delete el.dataset.card;
  }
  el.dataset.lang = document.documentElement.lang;
  return true;
}
