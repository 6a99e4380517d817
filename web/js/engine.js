// The page side of the worker protocol: every request has an id, pending requests wait in a map,
// and an error reply is rethrown here as an EngineError carrying the engine's error type.
//
// Nothing can leave a request waiting for ever:
// - a request nested deeper than MAX_DEPTH is refused before it is posted (a structured clone that deep
//   can fail on the worker's side, whose stack is smaller than the page's: Chromium then delivers the
//   message with `data` null, and the worker cannot tell which request it was);
// - the worker numbers the messages it receives (`seq`); a reply to a request it could not read carries
//   that number instead of an id, and is matched here to the request posted in that place;
// - every request gives up after a time limit (`timeoutMs`, or `slowTimeoutMs` for `solution` and a
//   levelled `new`, which may search for a while) and is rejected with an EngineError of type "Timeout".

export const MAX_DEPTH = 32;

export class EngineError extends Error {
  constructor(type, message, op = null) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.op = op;
  }
}

/** How deeply a JSON-like value nests (objects and arrays), counted without recursion up to `limit` + 1. */
export function nestingDepth(value, limit = MAX_DEPTH) {
  let deepest = 0;
  const stack = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop();
    if (!item || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/** Whether a request may take long by design (a search), so it gets the longer limit. */
function slow(op, args) {
  return op === "solution" || (op === "new" && Boolean(args && args.level) && args.level !== "any");
}

export class Engine {
  /** options: {timeoutMs, slowTimeoutMs} (milliseconds before a request gives up). `early`: a worker already
   *  started (js/boot.js: {worker, events}), taken over with what it said so far; else one is made from url. */
  constructor(url, { timeoutMs = 20_000, slowTimeoutMs = 120_000 } = {}, early = null) {
    this.pending = new Map(); // id -> {resolve, reject, timer, seq}
    this.bySeq = new Map(); // place in the worker's queue -> id
    this.nextId = 1;
    this.posted = 0;
    this.timeoutMs = timeoutMs;
    this.slowTimeoutMs = slowTimeoutMs;
    this.failure = null;
    // The game every request is for (the worker keeps a session per game): the shell sets it before any.
    this.game = null;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // callers look at it when they need to
    try {
      this.worker = early ? early.worker : new Worker(url, { type: "module" });
    } catch (err) {
      this.fail(new EngineError("BootError", err && err.message ? err.message : String(err)));
      return;
    }
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.failToLoad(event);
    };
    this.worker.onmessageerror = () => this.unreadable();
    for (const { kind, event } of early ? early.events : []) {
      if (kind === "message") this.receive(event.data);
      else if (kind === "error") this.failToLoad(event);
      else this.unreadable();
    }
  }

  failToLoad(event) {
    this.fail(new EngineError("BootError", event.message || "the engine worker could not load"));
  }

  unreadable() {
    this.fail(new EngineError("InternalError", "a reply from the engine could not be read"));
  }

  receive(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "boot") {
      if (message.ok) this.resolveReady(message);
      else this.fail(new EngineError(message.error.type, message.error.message));
      return;
    }
    let id = message.id;
    if ((id === null || id === undefined) && typeof message.seq === "number") id = this.bySeq.get(message.seq);
    const entry = this.pending.get(id);
    if (!entry) return;
    this.settle(id, entry);
    if (message.ok) entry.resolve(message);
    else entry.reject(new EngineError(message.error?.type || "InternalError", message.error?.message || "", entry.op));
  }

  settle(id, entry) {
    clearTimeout(entry.timer);
    this.pending.delete(id);
    if (entry.seq !== null) this.bySeq.delete(entry.seq);
  }

  fail(error) {
    if (this.failure) return;
    this.failure = error;
    this.rejectReady(error);
    for (const [id, entry] of [...this.pending]) {
      this.settle(id, entry);
      entry.reject(error);
    }
  }

  /** Whether `err` says this engine stopped answering (a time limit, or the worker's failure): only a fresh
   *  engine helps then, unlike a request it answered with an error. */
  stalled(err) {
    return Boolean(err) && (err.type === "Timeout" || (this.failure !== null && this.failure === err));
  }

  /** Stop the worker for good (a fresh one is another Engine); pending requests are rejected. */
  terminate() {
    if (this.worker) this.worker.terminate();
    this.fail(new EngineError("Stopped", "the engine was stopped"));
  }

  /** Send {id, game, op, args}; resolves with the reply, rejects with an EngineError. */
  request(op, args = {}) {
    if (this.failure) return Promise.reject(this.failure);
    if (nestingDepth(args) > MAX_DEPTH) {
      return Promise.reject(new EngineError("RequestError", `request nested more than ${MAX_DEPTH} levels deep`, op));
    }
    const id = this.nextId++;
    const limit = slow(op, args) ? this.slowTimeoutMs : this.timeoutMs;
    return new Promise((resolve, reject) => {
      try {
        this.worker.postMessage({ id, game: this.game, op, args });
      } catch (err) {
        reject(new EngineError("RequestError", `request could not be sent: ${err && err.message ? err.message : err}`, op));
        return;
      }
      this.posted += 1;
      const entry = { resolve, reject, op, seq: this.posted, timer: null };
      entry.timer = setTimeout(() => {
        this.settle(id, entry);
        reject(new EngineError("Timeout", `no answer to ${op} within ${Math.round(limit / 1000)} s`, op));
      }, limit);
      this.bySeq.set(entry.seq, id);
      this.pending.set(id, entry);
    });
  }
}
