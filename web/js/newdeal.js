// The "Nouvelle donne" choice: difficulty (any, easy, medium, hard), K–A wrap on or off, peaks face down or
// all visible. The last choice is remembered (localStorage) and preselected, and the dialog opens with its
// "Distribuer" button focused (N then Enter). "Donne suivante" (deals.js, one tap or S) skips the dialog:
// it deals with the settings of the deal on the table and remembers them here.
// The engine deals (and, for a level, proves the deal winnable); this module only asks and waits.

import { LEVELS } from "./levels.js";
import * as store from "./storage.js";
import { t } from "./i18n.js";

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

export class NewDealDialog {
  /** deal(choice) -> Promise<boolean>: ask the engine for the deal; true when it was dealt. */
  constructor({ deal }) {
    this.deal = deal;
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
        this.confirm();
      }
    });
    $("newdeal-cancel").addEventListener("click", () => this.close());
    this.dialog.addEventListener("cancel", (event) => {
      if (this.dealing) event.preventDefault(); // the deal is on its way: it will close the dialog
    });
  }

  open() {
    const choice = readChoice();
    for (const input of this.form.elements.level) input.checked = input.value === choice.level;
    this.form.elements.nowrap.checked = !choice.wrap;
    this.form.elements.visible.checked = choice.all_visible;
    this.setDealing(false);
    $("newdeal-status").textContent = "";
    if (!this.dialog.open) this.dialog.showModal();
    $("newdeal-deal").focus();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  isOpen() {
    return this.dialog.open;
  }

  choice() {
    const level = [...this.form.elements.level].find((input) => input.checked);
    return {
      level: level ? level.value : "any",
      wrap: !this.form.elements.nowrap.checked,
      all_visible: this.form.elements.visible.checked,
    };
  }

  setDealing(on) {
    this.dealing = on;
    this.dialog.dataset.dealing = String(on);
    $("newdeal-deal").disabled = on;
    $("newdeal-deal").setAttribute("aria-busy", String(on));
    for (const el of this.form.querySelectorAll("input")) el.disabled = on;
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
      $("newdeal-status").textContent = t("newdeal.failed", { message: "" }).replace(" ()", "");
      $("newdeal-deal").focus();
    }
  }
}
