// Keys to intents. Letters and Escape go through the map; arrows move the focus (see table.js).
// Nothing fires while a text field has focus or with a modifier held.

function typingInField(target) {
  if (!(target instanceof Element)) return false;
  const field = target.closest("input, textarea, select, [contenteditable='true'], [contenteditable='']");
  if (!field) return false;
  // A dialog's field keeps the focus for a moment after the dialog closes: a key pressed then is the page's.
  const dialog = field.closest("dialog");
  return dialog === null || dialog.open;
}

/** keymap: {"u": "undo", ...}, or a function returning it (read at each key: the game decides); arrows: {ArrowLeft: fn, ...}; onIntent(name, event);
 *  isBlocked(intent): true to ignore the key (intent is undefined for an arrow). */
export function bindKeys({ keymap, arrows, onIntent, isBlocked }) {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typingInField(event.target)) return;
    if (event.key in arrows) {
      if (isBlocked && isBlocked()) return;
      event.preventDefault();
      arrows[event.key](event);
      return;
    }
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const intent = (typeof keymap === "function" ? keymap() : keymap)[key];
    if (!intent) return;
    if (isBlocked && isBlocked(intent)) return; // an open dialog handles its own keys (Escape closes it)
    event.preventDefault();
    onIntent(intent, event);
  });
}
