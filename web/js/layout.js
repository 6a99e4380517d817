// Card size from the room the board has: the whole table (peaks, stock, waste) always fits on screen,
// from a 360×640 phone to a 1920×1080 desktop. Chooses between the piles under the peaks and the piles
// to their right, whichever gives bigger cards.

const RATIO = 1.4; // card height / width
const STEP = 0.5; // vertical offset of a row, in card heights
const MAX_CW = 124;
const MIN_CW = 20;

function below(width, height) {
  // peaks: 10 cw wide, (1 + 3 STEP) ch high; gap 0.22 cw; piles: one card high, scale s >= 1
  const peaksH = (1 + 3 * STEP) * RATIO;
  const cw = Math.min(width / 10, height / (peaksH + 0.22 + RATIO));
  const spare = height - cw * (peaksH + 0.22);
  const scale = Math.max(1, Math.min(1.7, spare / (RATIO * cw), width / (2.4 * cw)));
  return { cw, scale, mode: "piles-below" };
}

function right(width, height) {
  // peaks 10 cw + gap 0.4 cw + piles one card wide; piles column: two cards and a gap
  const peaksH = (1 + 3 * STEP) * RATIO;
  const cw = Math.min(width / 11.4, height / peaksH, height / (2 * RATIO + 0.3));
  const scale = Math.max(1, Math.min(1.3, (width - 10.4 * cw) / cw, (height - 0.3 * cw) / (2 * RATIO * cw)));
  return { cw, scale, mode: "piles-right" };
}

export function fit(width, height) {
  const a = below(width, height);
  const b = right(width, height);
  const best = b.cw > a.cw * 1.06 ? b : a;
  const cw = Math.max(MIN_CW, Math.min(MAX_CW, Math.floor(best.cw)));
  return { ...best, cw };
}

/** Keep the layout element's size variables in step with the board's size. */
export function watchLayout(board, layout) {
  const apply = () => {
    const style = getComputedStyle(board);
    const width = board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = board.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    if (width <= 0 || height <= 0) return;
    const { cw, scale, mode } = fit(width, height);
    const ch = Math.round(cw * RATIO);
    const pw = Math.floor(cw * scale);
    layout.style.setProperty("--cw", `${cw}px`);
    layout.style.setProperty("--ch", `${ch}px`);
    layout.style.setProperty("--step", `${Math.round(ch * STEP)}px`);
    layout.style.setProperty("--pw", `${pw}px`);
    layout.style.setProperty("--ph", `${Math.round(pw * RATIO)}px`);
    layout.classList.toggle("piles-right", mode === "piles-right");
    layout.classList.toggle("piles-below", mode === "piles-below");
  };
  new ResizeObserver(apply).observe(board);
  apply();
}
