// The "Nouvelle donne" choice, in every game: another deal at random (difficulty any, easy, medium, hard;
// TriPeaks' K–A wrap on or off, peaks face down or all visible; Klondike's draw one or three), the deal on the table again ("Rejouer la
// donne", the shell's replay intent), or a deal by its ID, typed (an installed app has no address bar).
// The last random choice is remembered (localStorage) and preselected, and the dialog opens with its
// "Distribuer" button focused (N then Enter). While a game is under way, the dialog says first that leaving
// it counts it as lost (deals.js says when: exactly when the statistics will record it so).
// "Donne suivante" (deals.js, one tap or S) skips the dialog: it deals with the settings of the deal on the
// table and remembers them here.
// The engine deals (and, for a level, proves the deal winnable) and says whether a typed ID is one of its
// deals; this module only asks and waits.

import { LEVELS } from "./levels.js";
import * as store from "./storage.js";
import { quoteInput, t } from "./i18n.js";

const KEY = "newdeal";
const $ = (id) => document.getElementById(id);

/** Preselect this choice the next time the dialog opens. */
export function rememberChoice(choice) {
  store.writeJSON(KEY, choice);
}

export function readChoice() {
  const read = store.readJSON(KEY);
  const v = read.ok && read.value && typeof read.value === "object" ? read.value : {};
  return {
    level: LEVELS.includes(v.level) ? v.level : "any",
    wrap: v.wrap !== false,
    all_visible: v.all_visible === true,
    draw: v.draw === 3 ? 3 : 1,
  };
}

/** Keep Tab inside an open modal dialog (showModal makes the page inert; this also wraps around). */
export function trapFocus(dialog) {
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const items = [...dialog.querySelectorAll("button, input, select, [tabindex='0']")].filter(
      (el) => !el.disabled && el.offsetParent !== null && !(el.type === "radio" && !el.checked),
    );
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}

/** At most this many characters of a refused ID are quoted back: a long paste must not make a long line. */
const QUOTED = 16;

export class NewDealDialog {
  /**
   * deal(choice) -> Promise<boolean>: ask the engine for a deal of this choice; true when it was dealt.
   * dealById(text) -> Promise<"dealt" | "refused" | "failed">: the deal of a typed ID, checked as a link is.
   * describe() -> {warning: string | null, replay: string}: what leaving the game on the table costs (null:
   * nothing) and the replay button's words.
   */
  constructor({ deal, dealById, describe }) {
    this.deal = deal;
    this.dealById = dealById;
    this.describe = describe;
    this.dialog = $("newdeal-panel");
    this.form = $("newdeal-form");
    this.dealing = false;
    trapFocus(this.dialog);
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.confirm();
    });
    this.form.addEventListener("keydown", (event) => {
      // Enter confirms from anywhere in the choice (a radio or checkbox too), not only on the button.
      if (event.key === "Enter" && !event.isComposing && event.target.tagName === "INPUT") {
        event.preventDefault();
        if (event.target.id === "newdeal-id") this.confirmId(); // the typed ID's own field deals that ID
        else this.confirm();
      }
    });
    $("newdeal-cancel").addEventListener("click", () => this.close());
    $("newdeal-open").addEventListener("click", () => this.confirmId());
    // "Rejouer la donne" is the shell's replay intent (its data-action): the dialog only gets out of its way.
    $("newdeal-replay").addEventListener("click", () => this.close());
    $("newdeal-id").addEventListener("input", () => this.showRefusal(""));
    this.dialog.addEventListener("cancel", (event) => {
      if (this.dealing) event.preventDefault(); // the deal is on its way: it will close the dialog
    });
  }

  open() {
    const choice = readChoice();
    for (const input of this.form.elements.level) input.checked = input.value === choice.level;
    this.form.elements.nowrap.checked = !choice.wrap;
    this.form.elements.visible.checked = choice.all_visible;
    for (const input of this.form.elements.draw) input.checked = Number(input.value) === choice.draw;
    this.setDealing(false);
    $("newdeal-status").textContent = "";
    $("newdeal-id").value = "";
    this.showRefusal("");
    this.renderWords();
    if (!this.dialog.open) this.dialog.showModal();
    $("newdeal-deal").focus();
  }

  /** The words that depend on the game on the table: the warning (if leaving it costs a loss), the replay. */
  renderWords() {
    const { warning, replay } = this.describe();
    const el = $("newdeal-warning");
    el.textContent = warning || "";
    el.hidden = !warning;
    $("newdeal-replay").textContent = replay;
  }

  /** Say why a typed ID was refused next to its field ("" clears it). */
  showRefusal(text) {
    $("newdeal-id-note").textContent = text;
    if (text) $("newdeal-id").setAttribute("aria-invalid", "true");
    else $("newdeal-id").removeAttribute("aria-invalid");
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  isOpen() {
    return this.dialog.open;
  }

  choice() {
    const level = [...this.form.elements.level].find((input) => input.checked);
    const draw = [...this.form.elements.draw].find((input) => input.checked);
    return {
      level: level ? level.value : "any",
      wrap: !this.form.elements.nowrap.checked,
      all_visible: this.form.elements.visible.checked,
      draw: draw && draw.value === "3" ? 3 : 1,
    };
  }

  setDealing(on) {
    this.dealing = on;
    this.dialog.dataset.dealing = String(on);
    $("newdeal-deal").disabled = on;
    $("newdeal-deal").setAttribute("aria-busy", String(on));
    for (const el of this.form.querySelectorAll("input, #newdeal-replay, #newdeal-open")) el.disabled = on;
    document.getElementById("game").dataset.dealing = String(on);
  }

  async confirm() {
    if (this.dealing) return;
    const choice = this.choice();
    rememberChoice(choice);
    this.setDealing(true);
    $("newdeal-status").textContent = t("newdeal.dealing");
    let ok = false;
    try {
      ok = await this.deal(choice);
    } finally {
      this.setDealing(false);
    }
    if (ok) {
      $("newdeal-status").textContent = "";
      this.close();
    } else {
      $("newdeal-status").textContent = t("newdeal.failed");
      $("newdeal-deal").focus();
    }
  }

  /** Deal the typed ID: checked by the engine as a link is; a refused one is named briefly, nothing changes. */
  async confirmId() {
    if (this.dealing) return;
    const field = $("newdeal-id");
    const typed = field.value.trim();
    if (!typed) {
      this.showRefusal(t("newdeal.id_empty"));
      field.focus();
      return;
    }
    this.showRefusal("");
    this.setDealing(true);
    $("newdeal-status").textContent = t("newdeal.dealing");
    let result = "failed";
    try {
      result = await this.dealById(typed);
    } finally {
      this.setDealing(false);
    }
    $("newdeal-status").textContent = "";
    if (result === "dealt") {
      this.close();
      return;
    }
    if (result === "refused") this.showRefusal(t("newdeal.id_refused", { id: quoteInput(typed.replace(/\s+/g, " "), QUOTED) }));
    else $("newdeal-status").textContent = t("newdeal.failed");
    if (this.dialog.open) {
      field.focus();
      field.select();
      $(result === "refused" ? "newdeal-id-note" : "newdeal-status").scrollIntoView({ block: "nearest" });
    }
  }
}
