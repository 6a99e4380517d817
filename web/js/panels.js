// What the end-of-game panels share: the figures of their summary (time, moves, and each game's own), which
// the win panel and the stuck (or given-up) panel both show, found by their data-figure name.

/** Write `text` into the figure `name` of `panel`'s summary (a panel without that figure is left alone). */
export function figure(panel, name, text) {
  const el = panel.querySelector(`[data-figure="${name}"]`);
  if (el) el.textContent = text;
}
