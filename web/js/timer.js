// Play time: runs while the game is in progress and the page is visible, pauses otherwise.

/** The longest play time a record may hold: a thousand hours. More is a damaged or edited record. */
export const MAX_PLAY_MS = 1000 * 3600 * 1000;

export class GameTimer {
  constructor(onTick) {
    this.onTick = onTick;
    this.elapsedBefore = 0; // ms accumulated before the current run
    this.startedAt = null; // performance.now() of the current run, or null when paused
    this.wanted = false; // the game wants the clock to run (in progress)
    this.interval = null;
    document.addEventListener("visibilitychange", () => this.update());
  }

  elapsed() {
    return this.elapsedBefore + (this.startedAt === null ? 0 : performance.now() - this.startedAt);
  }

  running() {
    return this.startedAt !== null;
  }

  reset(elapsedMs = 0) {
    this.elapsedBefore = Math.max(0, Number(elapsedMs) || 0);
    this.startedAt = null;
    this.update();
  }

  /** Say whether the game is in progress; the clock also needs the page to be visible. */
  setWanted(wanted) {
    this.wanted = wanted;
    this.update();
  }

  update() {
    const shouldRun = this.wanted && document.visibilityState !== "hidden";
    if (shouldRun && this.startedAt === null) {
      this.startedAt = performance.now();
      this.interval = setInterval(() => this.onTick(this), 500);
    } else if (!shouldRun && this.startedAt !== null) {
      this.elapsedBefore += performance.now() - this.startedAt;
      this.startedAt = null;
      clearInterval(this.interval);
      this.interval = null;
    }
    this.onTick(this);
  }
}

export function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
