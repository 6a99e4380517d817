// The engine worker, started by the page's first and smallest module (index.html loads it before app.js),
// so that the worker fetches its runtime and start-up snapshot while the browser is still fetching the
// shell's other modules. app.js takes the worker over (takeEarlyWorker) for its Engine; what the worker said
// meanwhile (its boot message, an error) is kept until then and handed over in order.

import { hook } from "./hooks.js";

// The test build passes its worker hooks on (js/hooks.js: none in the site).
const WORKER_HOOKS = ["test-hint-delay", "test-stall", "test-snapshot", "trace"];

/** The worker's address, with the test build's worker hooks. */
export function workerUrl() {
  const url = new URL("worker.js", document.baseURI); // the page's folder (the build bundles this module)
  for (const name of WORKER_HOOKS) {
    const value = hook(name);
    if (value) url.searchParams.set(name, value);
  }
  return url;
}

let early = null; // {worker, events: [{kind: "message" | "error" | "messageerror", event}]} until taken

function startEarly() {
  if (typeof Worker !== "function") return;
  try {
    const worker = new Worker(workerUrl(), { type: "module" });
    const events = [];
    worker.onmessage = (event) => events.push({ kind: "message", event });
    worker.onerror = (event) => {
      event.preventDefault();
      events.push({ kind: "error", event });
    };
    worker.onmessageerror = (event) => events.push({ kind: "messageerror", event });
    early = { worker, events };
  } catch {
    early = null; // the Engine makes its own and reports why it cannot
  }
}

/** The worker started early, once (null afterwards, or when none could be started). */
export function takeEarlyWorker() {
  const taken = early;
  early = null;
  return taken;
}

startEarly();
