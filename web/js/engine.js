// The page side of the worker protocol: every request has an id, pending requests wait in a map,
// and an error reply is rethrown here as an EngineError carrying the engine's error type.

export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "EngineError";
    this.type = type;
  }
}

export class Engine {
  constructor(url) {
    this.pending = new Map();
    this.nextId = 1;
    this.failure = null;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // callers look at it when they need to
    try {
      this.worker = new Worker(url, { type: "module" });
    } catch (err) {
      this.fail(new EngineError("BootError", err && err.message ? err.message : String(err)));
      return;
    }
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new EngineError("BootError", event.message || "the engine worker could not load"));
    };
    this.worker.onmessageerror = () => {
      this.fail(new EngineError("InternalError", "a reply from the engine could not be read"));
    };
  }

  receive(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "boot") {
      if (message.ok) this.resolveReady(message);
      else this.fail(new EngineError(message.error.type, message.error.message));
      return;
    }
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    if (message.ok) entry.resolve(message);
    else entry.reject(new EngineError(message.error?.type || "InternalError", message.error?.message || ""));
  }

  fail(error) {
    if (this.failure) return;
    this.failure = error;
    this.rejectReady(error);
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
  }

  /** Send {id, op, args}; resolves with the reply, rejects with an EngineError. */
  request(op, args = {}) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    });
  }
}
