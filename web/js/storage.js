// localStorage that never throws (private mode, full quota, storage disabled).

const PREFIX = "tripeaks.";

export function readText(key) {
  try {
    return window.localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

export function writeText(key, value) {
  try {
    window.localStorage.setItem(PREFIX + key, value);
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    window.localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing to do
  }
}

/** {ok: true, value} for stored JSON, {ok: true, value: null} when absent, {ok: false} when unreadable. */
export function readJSON(key) {
  const text = readText(key);
  if (text === null) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: null };
  }
}

export function writeJSON(key, value) {
  return writeText(key, JSON.stringify(value));
}
