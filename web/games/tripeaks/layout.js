// Card size from the room the board has: the whole table (peaks, stock, waste) always fits on screen,
// from a 360×640 phone to a 1920×1080 desktop. Chooses between the piles under the peaks and the piles
// to their right, whichever shows more of each card.
//
// Ten cards side by side set the width. When the board has height to spare (a phone held upright), the
// cards grow taller than ten-across allows and the cards of a row overlap side by side (each still shows
// its corner and at least 1/MAX_SPREAD of its width), then the piles grow, then the rows spread out, so
// covered cards show more of themselves and every card is easier to hit.

const RATIO = 1.4; // card height / width
const STEP = 0.5; // smallest vertical offset of a row, in card heights
const MAX_STEP = 0.8;
const MAX_SPREAD = 1.7; // largest card width / horizontal pitch (1: the cards of a row just touch)
const MAX_CW = 150;
const MIN_CW = 20;
const GAP_BELOW = 0.22; // gap between peaks and piles, in card widths
const GAP_RIGHT = 0.4;
const PILES_BELOW = 1.6; // largest stock and waste, in peak cards, under the peaks
const PILES_RIGHT = 1.3; // ... to the right of the peaks
const PILE_MIN_PX = 46; // the stock is a button: never narrower than a comfortable tap

function peaksHeight(cw, step) {
  return cw * RATIO * (1 + 3 * step);
}

/** The largest card width for a room, with the pitch of its rows (9 pitches and one card across). */
function spread(cw, room) {
  return Math.min(cw, (room - cw) / 9);
}

function below(width, height) {
  const byHeight = height / ((1 + 3 * STEP) * RATIO + GAP_BELOW + RATIO);
  const cw = Math.min(byHeight, width / (1 + 9 / MAX_SPREAD));
  const pitch = spread(cw, width);
  // First the piles grow, then the rows spread out.
  const room = height - peaksHeight(cw, STEP) - GAP_BELOW * cw;
  const scale = Math.max(1, Math.min(PILES_BELOW, room / (RATIO * cw), width / (2.4 * cw)));
  const left = room - scale * RATIO * cw;
  const step = Math.min(MAX_STEP, STEP + Math.max(0, left) / (3 * RATIO * cw));
  return { cw, pitch, scale, step, mode: "piles-below" };
}

function right(width, height) {
  const byHeight = Math.min(height / ((1 + 3 * STEP) * RATIO), height / (2 * RATIO + 0.3));
  const cw = Math.min(byHeight, width / (9 / MAX_SPREAD + 1 + GAP_RIGHT + 1));
  const pitch = spread(cw, width - (GAP_RIGHT + 1) * cw);
  const besides = (width - 9 * pitch - (1 + GAP_RIGHT) * cw) / cw;
  const scale = Math.max(1, Math.min(PILES_RIGHT, besides, (height - 0.3 * cw) / (2 * RATIO * cw)));
  const step = Math.min(MAX_STEP, STEP + Math.max(0, height - peaksHeight(cw, STEP)) / (3 * RATIO * cw));
  return { cw, pitch, scale, step, mode: "piles-right" };
}

export function fit(width, height) {
  const a = below(width, height);
  const b = right(width, height);
  // The better layout shows more of the width of a base-row card (the narrower side of what a finger hits).
  const best = b.pitch > a.pitch * 1.06 ? b : a;
  const cw = Math.max(MIN_CW, Math.min(MAX_CW, Math.floor(best.cw)));
  const pitch = Math.min(cw, Math.floor(best.pitch * 100) / 100);
  if (best.cw > MAX_CW) {
    // Capped: cards are as large as they get; keep the usual overlap.
    return { ...best, cw, pitch, step: STEP, scale: Math.min(best.scale, 1.25) };
  }
  return { ...best, cw, pitch };
}

/** Keep the layout element's size variables in step with the board's size. */
export function watchLayout(board, layout) {
  const apply = () => {
    const style = getComputedStyle(board);
    const width = board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = board.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    if (width <= 0 || height <= 0) return;
    const { cw, pitch, scale, step, mode } = fit(width, height);
    const ch = Math.round(cw * RATIO);
    const pw = Math.max(Math.floor(cw * scale), Math.min(PILE_MIN_PX, Math.floor(cw * 1.5)));
    layout.style.setProperty("--cw", `${cw}px`);
    layout.style.setProperty("--pitch", `${pitch}px`);
    layout.style.setProperty("--ch", `${ch}px`);
    layout.style.setProperty("--step", `${Math.floor(ch * step)}px`);
    layout.style.setProperty("--pw", `${pw}px`);
    layout.style.setProperty("--ph", `${Math.round(pw * RATIO)}px`);
    layout.classList.toggle("piles-right", mode === "piles-right");
    layout.classList.toggle("piles-below", mode === "piles-below");
    layout.classList.add("laid-out"); // shown from now on: never first drawn at a default size, then moved
  };
  new ResizeObserver(apply).observe(board);
  apply();
}
