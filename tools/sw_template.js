// Service worker of the page, written into dist/sw.js by tools/pwa.py (do not edit dist/sw.js).
// Precaches every file of dist/ on install (each checked against its sha256), answers from the cache
// first, and deletes the caches of older versions on activate. Every URL is relative to this file, so
// the site works under any sub-path; nothing depends on special headers or cross-origin isolation.

const VERSION = "__VERSION__";
const FILES = __FILES__; // [path relative to this file, sha256 hex], every file of dist/ but this one
const BASE = new URL("./", self.location.href);
// Caches are per origin and several sites can share one (USER.github.io/REPO/): name them by scope. The name
// is the one the site has used since its first game: a new version finds and deletes the caches before it.
const PREFIX = `tripeaks:${self.registration ? self.registration.scope : BASE.href}:`;
const CACHE = PREFIX + VERSION;
const LIST_KEY = new URL("__precache__.json", BASE).href; // which file hashes a cache holds
const PARALLEL = 4;

self.addEventListener("install", (event) => event.waitUntil(precache()));
self.addEventListener("activate", (event) => event.waitUntil(dropOldCaches()));
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(answer(request));
});

async function answer(request) {
  const cache = await caches.open(CACHE);
  const options = { ignoreVary: true };
  let hit = (await cache.match(request, options)) || (await cache.match(request, { ...options, ignoreSearch: true }));
  if (!hit && request.mode === "navigate") hit = await cache.match(new URL("index.html", BASE).href, options);
  return hit || fetch(request);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const previous = await previousCopies();
  const queue = FILES.slice();
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [path, hash] = item;
      const url = new URL(path, BASE).href;
      const response = (await reuse(previous, url, hash)) || (await download(url, hash));
      await cache.put(url, response.clone());
      if (path === "index.html") await cache.put(BASE.href, response);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await cache.put(LIST_KEY, new Response(JSON.stringify(FILES), { headers: { "Content-Type": "application/json" } }));
}

/** url -> {cache, hash} for the files an older version of this site already holds. */
async function previousCopies() {
  const copies = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const list = await cache.match(LIST_KEY);
    if (!list) continue;
    try {
      for (const [path, hash] of await list.json()) copies.set(new URL(path, BASE).href, { cache, hash });
    } catch {
      // an unreadable list: nothing reused from that cache
    }
  }
  return copies;
}

async function reuse(previous, url, hash) {
  const copy = previous.get(url);
  if (!copy || copy.hash !== hash) return null;
  return (await copy.cache.match(url)) || null;
}

async function download(url, hash) {
  const response = await fetch(new Request(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`precache: ${url}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", body)))
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  // A host still serving part of an older deploy: fail the install, the next visit tries again.
  if (digest !== hash) throw new Error(`precache: ${url}: content does not match this version`);
  const headers = new Headers();
  for (const name of ["Content-Type", "Last-Modified"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(body, { status: 200, statusText: "OK", headers });
}

async function dropOldCaches() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
}
