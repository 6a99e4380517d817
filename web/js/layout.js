// Card size from the room the board has: the whole table (peaks, stock, waste) always fits on screen,
// from a 360×640 phone to a 1920×1080 desktop. Chooses between the piles under the peaks and the piles
// to their right, whichever gives bigger cards; spare height (a phone held upright) goes into a larger
// row offset, so covered cards show more of themselves and are easier to hit, and into larger piles.

const RATIO = 1.4; // card height / width
const STEP = 0.5; // smallest vertical offset of a row, in card heights
const MAX_STEP = 0.8;
const MAX_CW = 150;
const MIN_CW = 20;
const GAP_BELOW = 0.22; // gap between peaks and piles, in card widths
const GAP_RIGHT = 0.4;

function peaksHeight(cw, step) {
  return cw * RATIO * (1 + 3 * step);
}

function below(width, height) {
  const cw = Math.min(width / 10, height / ((1 + 3 * STEP) * RATIO + GAP_BELOW + RATIO));
  // First the piles grow (up to 1.7 times a card), then the rows spread out.
  const room = height - peaksHeight(cw, STEP) - GAP_BELOW * cw;
  const scale = Math.max(1, Math.min(1.8, room / (RATIO * cw), width / (2.4 * cw)));
  const left = room - scale * RATIO * cw;
  const step = Math.min(MAX_STEP, STEP + Math.max(0, left) / (3 * RATIO * cw));
  return { cw, scale, step, mode: "piles-below" };
}

function right(width, height) {
  const cw = Math.min(width / (10 + GAP_RIGHT + 1), height / ((1 + 3 * STEP) * RATIO), height / (2 * RATIO + 0.3));
  const scale = Math.max(1, Math.min(1.3, (width - (10 + GAP_RIGHT) * cw) / cw, (height - 0.3 * cw) / (2 * RATIO * cw)));
  const step = Math.min(MAX_STEP, STEP + Math.max(0, height - peaksHeight(cw, STEP)) / (3 * RATIO * cw));
  return { cw, scale, step, mode: "piles-right" };
}

export function fit(width, height) {
  const a = below(width, height);
  const b = right(width, height);
  const best = b.cw > a.cw * 1.06 ? b : a;
  const cw = Math.max(MIN_CW, Math.min(MAX_CW, Math.floor(best.cw)));
  if (best.cw > MAX_CW) {
    // Capped: cards are as large as they get; keep the usual overlap.
    return { ...best, cw, step: STEP, scale: Math.min(best.scale, 1.25) };
  }
  return { ...best, cw };
}

/** Keep the layout element's size variables in step with the board's size. */
export function watchLayout(board, layout) {
  const apply = () => {
    const style = getComputedStyle(board);
    const width = board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = board.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    if (width <= 0 || height <= 0) return;
    const { cw, scale, step, mode } = fit(width, height);
    const ch = Math.round(cw * RATIO);
    const pw = Math.floor(cw * scale);
    layout.style.setProperty("--cw", `${cw}px`);
    layout.style.setProperty("--ch", `${ch}px`);
    layout.style.setProperty("--step", `${Math.floor(ch * step)}px`);
    layout.style.setProperty("--pw", `${pw}px`);
    layout.style.setProperty("--ph", `${Math.round(pw * RATIO)}px`);
    layout.classList.toggle("piles-right", mode === "piles-right");
    layout.classList.toggle("piles-below", mode === "piles-below");
  };
  new ResizeObserver(apply).observe(board);
  apply();
}
