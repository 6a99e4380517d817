// The board a game's table is drawn in. A table sizes its cards from the room the board gives it, so it
// refits whenever the board's size changes (rotation, a resized window, the address bar coming and going).

/** The board around `root` (the element `#board`, else its parent), with `fit` called on each change of
 *  its size, where the browser can tell. */
export function watchBoard(root, fit) {
  const board = root.closest("#board") || root.parentElement;
  if (typeof ResizeObserver === "function" && board) new ResizeObserver(() => fit()).observe(board);
  return board;
}
