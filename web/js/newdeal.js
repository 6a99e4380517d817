// The "Nouvelle donne" choice, in every game: another deal at random (difficulty any, easy, medium, hard, and
// the game's own options), the deal on the table again ("Rejouer la donne", the shell's replay intent), or a
// deal by its ID, typed (an installed app has no address bar).
// A game's options are its own markup (the "newdeal" slot of web/games/<game>/parts.html), read here by their
// attributes, so this module names no game: each input with `data-option` names a key of the choice; a
// checkbox gives true when checked (or what its `data-checked` says, "false") and the opposite when not;
// radios give their value (a number when it reads as one), the one with `data-default` being a fresh
// choice's. A stored choice is read against the same markup: a value the inputs cannot give is the default.
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

/** The inputs of the game on the table's options (its parts are marked `data-only` with its id). */
function optionInputs() {
  const game = document.documentElement.dataset.game;
  return [...$("newdeal-form").querySelectorAll("input[data-option]")].filter((input) => {
    const owner = input.closest("[data-only]");
    return !owner || owner.dataset.only === game;
  });
}

const valueOf = (text) => (text !== "" && Number.isFinite(Number(text)) ? Number(text) : text);
const checkedMeans = (checkbox) => checkbox.dataset.checked !== "false";

/** key -> {values, fallback}: what each option of the game on the table can be, and its default. */
function optionSpecs() {
  const specs = new Map();
  for (const input of optionInputs()) {
    const key = input.dataset.option;
    if (input.type === "checkbox") {
      specs.set(key, { values: [true, false], fallback: !checkedMeans(input) });
      continue;
    }
    const spec = specs.get(key) || { values: [] };
    const value = valueOf(input.value);
    spec.values.push(value);
    if (input.hasAttribute("data-default") || !("fallback" in spec)) spec.fallback = value;
    specs.set(key, spec);
  }
  return specs;
}

/** The remembered choice of the game on the table, each value one its inputs can give. */
export function readChoice() {
  const read = store.readJSON(KEY);
  const v = read.ok && read.value && typeof read.value === "object" ? read.value : {};
  const choice = { level: LEVELS.includes(v.level) ? v.level : "any" };
  for (const [key, spec] of optionSpecs()) choice[key] = spec.values.includes(v[key]) ? v[key] : spec.fallback;
  return choice;
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
    for (const input of optionInputs()) {
      const value = choice[input.dataset.option];
      input.checked = input.type === "checkbox" ? value === checkedMeans(input) : valueOf(input.value) === value;
    }
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
    const choice = { level: level ? level.value : "any" };
    for (const [key, spec] of optionSpecs()) choice[key] = spec.fallback; // a radio group with none checked
    for (const input of optionInputs()) {
      const key = input.dataset.option;
      if (input.type === "checkbox") choice[key] = input.checked ? checkedMeans(input) : !checkedMeans(input);
      else if (input.checked) choice[key] = valueOf(input.value);
    }
    return choice;
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
