// Offline and updates: registers the service worker (sw.js, made by the build) once the table has
// settled, and when a new version is waiting offers a one-tap reload. The game in progress is already
// in localStorage (saved after every move), so the reload brings it back. No game logic here.

const banner = document.getElementById("update"); // a <button>: the whole offer is one tap
const CHECK_EVERY_MS = 60 * 60 * 1000; // an installed app can stay open for days
let reloading = false;

/** Resolves once the page has loaded and the game has left its loading state (the boot goes first). */
function settled() {
  const loaded = document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  const game = document.getElementById("game");
  const booted = new Promise((resolve) => {
    if (!game || game.dataset.state !== "loading") return resolve();
    const observer = new MutationObserver(() => {
      if (game.dataset.state !== "loading") {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(game, { attributes: true, attributeFilter: ["data-state"] });
  });
  return Promise.all([loaded, booted]);
}

function offer(worker) {
  if (!banner || !navigator.serviceWorker.controller) return; // a first install is not an update
  banner.hidden = false;
  banner.onclick = () => {
    banner.disabled = true;
    reloading = true;
    worker.postMessage({ type: "skip-waiting" });
  };
}

function watch(registration) {
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
}

async function register() {
  if (!("serviceWorker" in navigator)) return;
  await settled();
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) window.location.reload();
  });
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url), {
      scope: new URL("../", import.meta.url).href,
    });
  } catch (err) {
    console.warn("offline mode unavailable:", err);
    return;
  }
  watch(registration);
  const check = () => registration.update().catch(() => {}); // offline: nothing to do
  if (navigator.serviceWorker.controller) check();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, CHECK_EVERY_MS);
}

register();
