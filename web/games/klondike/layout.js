// Where everything of the Klondike table stands, from the room the window gives the table, and how tightly
// each column fans. The arrangement and the card size depend on that room only, never on the cards on the
// table: nothing jumps when a column grows. A long column fans tighter, its face-up strips never under
// MIN_STRIP_PX (the stylesheet shrinks a strip's rank and suit to fit it); one still too long for its room
// runs below it and the table scrolls (a phone on its side). Two arrangements, whichever shows bigger cards:
//   "below": stock, waste, the Finir auto slot and the four foundations in a row over the seven columns (a
//            phone held upright, a desktop: the width of seven cards sets the size);
//   "side":  stock and waste down a rail on the left, the foundations two by two on the right, the columns
//            between them (a phone on its side: the height sets the size).
// With draw three the waste fans its top three cards (the last one turned on top, the only one that plays):
// across two slots of the top row when the foundations are there (Finir auto then shows over the fan's lower
// cards), down the rail when they are on the side (the button then moves under the foundations). The top
// card always stands at the same place, however many cards show.
// Pure arithmetic on numbers: table.js applies the result. No rule of the game is here.

export const RATIO = 1.4; // card height / width
const MIN_CW = 24;
const MAX_CW = 110;
const GAP = 0.08; // between two columns, in card widths
const MIN_GAP_PX = 3;
const ROW_GAP = 0.22; // between the top row and the columns ("below"), in card widths
const RAIL_GAP = 0.3; // between a rail and the columns ("side"), in card widths
const MARGIN_X = 4; // room for what stands out of a card: focus and hint rings
const MARGIN_Y = 6;
// The column the card size is planned for: six face-down cards and seven face-up ones (the last column after
// a few moves). A longer one fans tighter (fan() below); the card size never changes for it.
const PLAN_DOWN = 6;
const PLAN_UP = 7;
const DOWN_STEP = 0.16; // offset between two face-down cards, largest, in card heights
const DOWN_MIN = 0.09; // ... smallest before the face-up cards give anything up
const UP_STEP = 0.3; // offset between two face-up cards, largest, in card heights (or TOUCH_PX, if more)
const UP_MIN = 0.25; // smallest in the planned column: the rank and suit of each card stay whole
const TOUCH_PX = 44; // a fanned card's visible strip is its touch target: 44 px tall whenever there is room
export const MIN_STRIP_PX = 24; // ... and never less (WCAG 2.5.8): the column runs longer instead
const DOWN_TIGHT_PX = 4; // a face-down card's edge, when every pixel counts (it is never tapped)
const SIDE_PREFERENCE = 1.05; // "side" only when its cards are this much bigger
const FAN_DOWN = 0.4; // draw three, "side": from one fanned waste card to the next, in card heights (its rank's line clears)

/** The height of a column of `span` card heights below its first card. */
function planned(ch, span) {
  return ch * (1 + span);
}

/** The span below the planned column's first card, in card heights. */
const PLAN_SPAN = PLAN_DOWN * DOWN_MIN + (PLAN_UP - 1) * UP_MIN;

function below(width, height, span) {
  // seven cards and six gaps across; the top row, a gap and the planned column down
  const byWidth = width / (7 + 6 * GAP);
  const byHeight = height / (RATIO + ROW_GAP + planned(RATIO, span));
  return { cw: Math.min(byWidth, byHeight), mode: "below" };
}

function side(width, height, span) {
  // rail (1 card), columns (7 cards, 6 gaps), foundations (2 cards, 1 gap), two rail gaps
  const byWidth = width / (10 + 7 * GAP + 2 * RAIL_GAP);
  const byHeight = Math.min(height / planned(RATIO, span), (height - TOUCH_PX) / (2 * RATIO + GAP));
  return { cw: Math.min(byWidth, byHeight), mode: "side" };
}

/**
 * The table's geometry for a room of this size (the window's, never the position's) and the game's draw
 * (1 or 3; draw three fans the waste): card size, arrangement, the table's own size, and
 * where the stock, the waste, the Finir auto button, each foundation and each column stand (top-left corners
 * in px inside the table; each column with the height it may fill). `waste` is where its top card stands;
 * `fan` is {x, y} from one fanned waste card to the next (zero with draw one).
 */
export function fit(boardWidth, boardHeight, draw = 1) {
  const width = boardWidth - MARGIN_X;
  const height = boardHeight - MARGIN_Y;
  const span = PLAN_SPAN;
  const a = below(width, height, span);
  const b = side(width, height, span);
  const best = b.cw > a.cw * SIDE_PREFERENCE ? b : a;
  const cw = Math.max(MIN_CW, Math.min(MAX_CW, Math.floor(best.cw)));
  const ch = Math.round(cw * RATIO);
  const gap = Math.max(MIN_GAP_PX, Math.round(cw * GAP));
  const size = { cw, ch, gap, mode: best.mode };
  if (best.mode === "below") {
    const x = (i) => i * (cw + gap);
    const top = ch + Math.round(cw * ROW_GAP);
    const table = { width: 7 * cw + 6 * gap, height: Math.floor(height) };
    // draw three: the top card in the second slot, the two under it fanned back into the first (half a slot
    // apart, so each shows its rank and suit); Finir auto then takes the first slot (table.js hides the fan
    // under it: by then every card is known)
    const three = draw === 3;
    const across = three ? Math.round((cw + gap) / 2) : 0;
    return {
      ...size,
      ...table,
      stock: { x: x(0), y: 0 },
      waste: { x: three ? x(2) : x(1), y: 0 },
      fan: { x: across, y: 0 },
      auto: three ? { x: x(1), y: 0, w: cw, h: ch } : { x: x(2) - gap, y: 0, w: cw + 2 * gap, h: ch },
      foundations: [3, 4, 5, 6].map((i) => ({ x: x(i), y: 0 })),
      columns: Array.from({ length: 7 }, (_, i) => ({ x: x(i), y: top, h: table.height - top })),
    };
  }
  const rail = Math.round(cw * RAIL_GAP);
  const left = cw + rail;
  const x = (i) => left + i * (cw + gap);
  const right = x(7) - gap + rail;
  const table = { width: right + 2 * cw + gap, height: Math.floor(height) };
  const down = draw === 3 ? Math.round(ch * FAN_DOWN) : 0;
  const autoH = Math.max(TOUCH_PX, Math.min(ch, table.height - 2 * (ch + gap)));
  return {
    ...size,
    ...table,
    stock: { x: 0, y: 0 },
    waste: { x: 0, y: ch + gap + 2 * down },
    fan: { x: 0, y: down },
    // with draw three the rail holds the fanned waste: the button stands under the foundations instead
    auto: draw === 3
      ? { x: right, y: 2 * (ch + gap), w: 2 * cw + gap, h: autoH }
      : { x: 0, y: 2 * (ch + gap), w: cw, h: autoH },
    foundations: [0, 1, 2, 3].map((i) => ({ x: right + (i % 2) * (cw + gap), y: Math.floor(i / 2) * (ch + gap) })),
    columns: Array.from({ length: 7 }, (_, i) => ({ x: x(i), y: 0, h: table.height })),
  };
}

/**
 * How a column of `down` face-down cards and `up` face-up cards fans in `room` px: the offset from one
 * face-down card to the next, and from one face-up card to the next. As loose as the card allows (a face-up
 * strip is at least 44 px tall when there is room: it is what a finger hits), then the face-down cards close
 * up first (they are never tapped), then the face-up ones, never under MIN_STRIP_PX: a column that still
 * does not fit runs longer than its room (the table then scrolls).
 */
export function fan(down, up, room, ch) {
  let d = Math.round(ch * DOWN_STEP);
  let u = Math.max(TOUCH_PX, Math.round(ch * UP_STEP));
  const faceUps = Math.max(0, up - 1);
  const need = () => ch + down * d + faceUps * u;
  if (need() <= room) return { d, u };
  const dMin = Math.max(4, Math.round(ch * DOWN_MIN));
  if (down > 0) d = Math.max(dMin, Math.floor((room - ch - faceUps * u) / down));
  if (need() <= room) return { d, u };
  // The face-up strips keep their touch size if the face-down cards can close up further (down to an edge
  // each: they are never tapped).
  if (down > 0) d = Math.max(DOWN_TIGHT_PX, Math.floor((room - ch - faceUps * u) / down));
  if (need() <= room) return { d, u };
  // Then the face-up strips, down to MIN_STRIP_PX; past that the column is longer than its room.
  if (faceUps > 0) u = Math.max(MIN_STRIP_PX, Math.min(u, Math.floor((room - ch - down * d) / faceUps)));
  return { d, u };
}

/** The height a column fanned with `fan()`'s offsets takes. */
export function columnHeight(down, up, ch, { d, u }) {
  if (down + up === 0) return ch;
  return ch + down * d + Math.max(0, up - 1) * u - (up === 0 ? d : 0);
}
