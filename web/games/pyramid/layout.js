// Card size for the Pyramid table from the room the board gives (measured, never the window): the seven
// rows of the pyramid and the piles (stock, its face-up top, the waste, Recycler) always fit, from a
// 360×640 phone to a desktop. Two arrangements, whichever shows bigger cards:
//   "below": the piles in a row under the pyramid (a phone held upright: the width sets the size);
//   "side":  the piles to the right of the pyramid (a phone on its side, a desktop: the height sets it).
// Seven cards side by side set the width; when that is the limit the cards of a row may overlap a little
// (each still shows its corner and more than a finger's width). Each row covers the one above it by about
// half a card; with height to spare the rows spread out (covered cards show more of themselves).

export const RATIO = 1.4; // card height / width
const SPREAD = 1.14; // largest card width / horizontal pitch (1: the cards of a row just touch)
const GAP = 0.06; // largest gap between two cards of a row, in card widths
// smallest vertical offset of a row, in card heights: the whole rank stays readable (pyramid.css lifts it)
const STEP_MIN = 0.34;
const STEP_MAX = 0.62; // largest one: the rows still overlap
const MIN_CW = 20;
const MAX_CW = 112;
const PILE_MIN_PX = 46; // stock, stock top and waste are buttons: never narrower than a comfortable tap
const RECYCLE_PX = 96; // room for the Recycler button and the "tour N sur 3" line beside the piles
const SIDE_ROW_PX = 76; // in "side", the "tour N sur 3" line and Recycler under the three pile cards
const GAP_BELOW = 0.25; // gap between pyramid and piles, in card widths
const GAP_SIDE = 0.5;
const PILE_GAP = 0.2; // gap between two piles, in card widths
const MARGIN_X = 4;
const MARGIN_Y = 6;

function below(width, height) {
  const byWidth = width / (6 / SPREAD + 1);
  const byHeight = height / (RATIO * (1 + 6 * STEP_MIN) + GAP_BELOW + RATIO);
  const byPiles = (width - RECYCLE_PX) / (3 + 3 * PILE_GAP);
  const cw = Math.min(byWidth, byHeight, byPiles);
  return { cw, mode: "below" };
}

function side(width, height) {
  const byHeight = height / (RATIO * (1 + 6 * STEP_MIN));
  const byPiles = (height - SIDE_ROW_PX) / RATIO;
  const byWidth = width / (6 / SPREAD + 1 + GAP_SIDE + 3 + 2 * PILE_GAP);
  const cw = Math.min(byWidth, byHeight, byPiles);
  return { cw, mode: "side" };
}

/** The sizes in whole pixels: card width and height, pitch (one card of a row to the next), step (one row
 *  to the next), the pile cards' size, and the arrangement. */
export function fit(boardWidth, boardHeight) {
  // A margin for what stands out of a card: the focus and hint rings, a selected card lifted.
  const width = boardWidth - MARGIN_X;
  const height = boardHeight - MARGIN_Y;
  const a = below(width, height);
  const b = side(width, height);
  const best = b.cw > a.cw * 1.04 ? b : a;
  const cw = Math.max(MIN_CW, Math.min(MAX_CW, Math.floor(best.cw)));
  const ch = Math.round(cw * RATIO);
  const pw = Math.max(cw, Math.min(PILE_MIN_PX, Math.floor(cw * 1.5)));
  const ph = Math.round(pw * RATIO);
  // The pyramid's own width: the board's width, less the piles when they stand beside it.
  const room = best.mode === "side" ? width - (GAP_SIDE * cw + 3 * pw + 2 * PILE_GAP * cw) : width;
  const pitch = Math.floor(Math.min(cw * (1 + GAP), (room - cw) / 6) * 100) / 100;
  const tall = best.mode === "side" ? height : height - ph - GAP_BELOW * cw;
  const step = Math.max(Math.ceil(STEP_MIN * ch), Math.floor(Math.min(STEP_MAX * ch, (tall - ch) / 6)));
  return { cw, ch, pitch: Math.max(pitch, cw / SPREAD), step, pw, ph, mode: best.mode };
}
