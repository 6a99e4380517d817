// Motion every game's table shares: a card turning face up, a refused move's shake, the win's burst of
// suits. All of it is CSS classes or the Web Animations API, and none of it runs when the player asks for
// less motion.

export const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
const SVG = "http://www.w3.org/2000/svg";
const SUITS = ["S", "H", "C", "D"];
const CELEBRATION_PIECES = 36;
const CELEBRATION_MS = 2000; // the longest piece: 250 ms delay + 1600 ms flight, under this

/** Restart a one-shot CSS animation class on an element. */
function replay(el, name) {
  el.classList.remove(name);
  void el.offsetWidth; // restart the animation
  el.classList.add(name);
  el.addEventListener("animationend", () => el.classList.remove(name), { once: true });
}

/** A card that turns face up flips over. */
export function flip(el) {
  if (el && !reducedMotion.matches) replay(el, "flip");
}

/** A refused move: the card (or pile) shakes briefly. */
export function shake(el) {
  if (el) replay(el, "shake");
}

/**
 * A short burst of card suits from the given rectangles (where the last cards stood), over the table and
 * under the win panel (a modal dialog sits in the top layer): never catches a tap, gone within two
 * seconds, and nothing at all when the player asks for less motion. Returns the layer, or null.
 */
export function celebrate(origins) {
  if (reducedMotion.matches || typeof document.body.animate !== "function" || origins.length === 0) return null;
  const layer = document.createElement("div");
  layer.className = "celebration";
  layer.setAttribute("aria-hidden", "true");
  document.body.append(layer);
  const size = Math.max(window.innerWidth, window.innerHeight);
  const animations = [];
  for (let i = 0; i < CELEBRATION_PIECES; i += 1) {
    const from = origins[i % origins.length];
    const suit = SUITS[i % SUITS.length];
    const piece = document.createElementNS(SVG, "svg");
    piece.setAttribute("viewBox", "0 0 100 100");
    piece.setAttribute("class", `piece${suit === "H" || suit === "D" ? " red" : ""}`);
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `#suit-${suit}`);
    piece.append(use);
    piece.style.left = `${from.left + from.width / 2}px`;
    piece.style.top = `${from.top + from.height / 2}px`;
    layer.append(piece);
    const angle = (i / CELEBRATION_PIECES) * 2 * Math.PI * 3.3 + Math.random() * 0.6;
    const reach = size * (0.18 + Math.random() * 0.3);
    const dx = Math.cos(angle) * reach;
    const dy = Math.sin(angle) * reach * 0.8 - size * 0.08;
    const turn = (Math.random() - 0.5) * 720;
    animations.push(
      piece.animate(
        [
          { transform: "translate(-50%, -50%) scale(0.3)", opacity: 1 },
          { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) rotate(${turn / 2}deg) scale(1)`, opacity: 1, offset: 0.55 },
          { transform: `translate(calc(${dx * 1.15}px - 50%), calc(${dy + size * 0.25}px - 50%)) rotate(${turn}deg) scale(0.8)`, opacity: 0 },
        ],
        { duration: 1100 + Math.random() * 500, delay: Math.random() * 250, easing: "cubic-bezier(.2,.6,.4,1)", fill: "both" },
      ),
    );
  }
  const done = () => layer.remove();
  Promise.all(animations.map((a) => a.finished)).then(done, done);
  setTimeout(done, CELEBRATION_MS); // whatever happens to the animations, the layer goes
  return layer;
}
