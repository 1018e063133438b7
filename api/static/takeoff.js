// The host takes a player off, from any screen (the phone's Menu and game-over card, the
// table display's host menu): during a game, out of this game (`remove`: they are out, the
// game goes on); in the lobby or between games, off the table (`unseat`: no seat in the next
// game, a person's phone watches on).  Two taps, pick then confirm; a refusal is shown
// here, inside the menu it is open in, not behind it.

import { isOut } from "./outs.js";
import { fill } from "./screenkit.js";

const WORDS = {
  remove: {
    title: "A player left?",
    hint: "Take a player who walked away out of this game: they are out, and the game goes " +
      "on without them.",
    pick: (name) => `Take ${name} out`,
    ask: (name) => `Take ${name} out of this game?`,
    yes: (name) => `Yes, take ${name} out`,
  },
  unseat: {
    title: "Someone leaving the table?",
    hint: "Take them off for the next game: their phone watches on, and this table's score " +
      "keeps their games.",
    pick: (name) => `Take ${name} off the table`,
    ask: (name) => `Take ${name} off the table?`,
    yes: (name) => `Yes, take ${name} off`,
  },
};

/** `remove` while a game is on, `unseat` in the lobby or once it is over. */
export function takeOffMode(view) {
  return view.phase === "playing" || view.phase === "reveal" ? "remove" : "unseat";
}

/** Whom the host may take off now: a game's seats still in it, or every seat at the table;
 * never the host's own (a seated host leaves by their own button). */
export function takeOffNames(view) {
  const mode = takeOffMode(view);
  const finished = new Set(view.finished || []);
  return view.players.filter((p) => p.name !== view.you.name && (mode === "unseat"
    || (!isOut(view, p) && !finished.has(p.name)))).map((p) => p.name);
}

export class TakeOff {
  /** `h`: app.js's element maker; `prefix`: the ids' start; `send(body)`: sends the move
   * (a promise; a refusal rejects with the server's words). */
  constructor(h, prefix, send) {
    this.h = h;
    this.prefix = prefix;
    this.send = send;
    this.picked = null; // the name tapped, waiting for the confirmation
    this.error = "";
    this.busy = false;
    this.key = null;
    this.view = null;
    this.el = h("div", { class: "take-off", id: `${prefix}-take-off` });
  }

  title(view) {
    return WORDS[takeOffMode(view)].title;
  }

  /** Anyone to take off (else a screen shows no such control)? */
  offered(view) {
    return Boolean(view.you.host && takeOffNames(view).length);
  }

  /** Draw for `view`: drawn again only when what it shows changes (a focus is kept). */
  render(view) {
    this.view = view;
    const mode = takeOffMode(view);
    const names = takeOffNames(view);
    if (mode !== this.mode) {
      this.mode = mode;
      this.picked = null;
      this.error = "";
    }
    if (this.picked !== null && !names.includes(this.picked)) this.picked = null;
    const key = JSON.stringify([mode, names, this.picked, this.error, this.busy]);
    if (key === this.key) return this.el;
    const focused = this.el.contains(document.activeElement);
    this.key = key;
    this.draw(WORDS[mode], names);
    if (focused || this.focusWanted) this.refocus();
    return this.el;
  }

  draw(words, names) {
    const { h } = this;
    const id = (part) => `${this.prefix}-take-off-${part}`;
    const picked = this.picked;
    fill(this.el,
      h("p", { class: "hint" }, words.hint),
      // a refusal first, where the eye is: above the names, inside the menu
      h("p", { class: "error", id: id("error"), role: "alert", hidden: !this.error || null },
        this.error),
      picked === null
        ? h("div", { class: "take-off-names", role: "group", "aria-label": words.title },
          names.map((name) => h("button", { type: "button", class: "secondary",
            "data-pick": name, disabled: this.busy || null,
            onclick: () => this.pick(name) }, words.pick(name))))
        : h("div", { class: "confirm-bar", id: id("confirm"), role: "group",
          "aria-labelledby": id("ask") },
        h("p", { class: "confirm-text", id: id("ask") }, words.ask(picked)),
        h("div", { class: "pair" },
          h("button", { type: "button", class: "secondary", id: id("cancel"),
            disabled: this.busy || null, onclick: () => this.pick(null) }, "Cancel"),
          h("button", { type: "button", class: "primary", id: id("yes"),
            "data-player": picked, disabled: this.busy || null,
            "aria-busy": this.busy ? "true" : null, onclick: () => this.confirm() },
          words.yes(picked)))));
  }

  /** The way on after a redraw: the confirmation's Yes, else the first name. */
  refocus() {
    this.focusWanted = false;
    const next = this.el.querySelector(`#${this.prefix}-take-off-yes:not([disabled])`)
      || this.el.querySelector("button:not([disabled])");
    if (next) next.focus({ preventScroll: true });
  }

  pick(name) {
    this.picked = name;
    this.error = "";
    this.focusWanted = true;
    if (this.view) this.render(this.view);
  }

  async confirm() {
    const name = this.picked;
    if (this.busy || name === null) return;
    this.busy = true;
    this.error = "";
    this.render(this.view);
    try {
      await this.send({ type: this.mode, player: name });
      this.picked = null;
    } catch (error) {
      this.error = error.message;
    } finally {
      this.busy = false;
      this.focusWanted = true;
      this.render(this.view);
    }
    const said = this.el.querySelector(".error:not([hidden])");
    if (said) said.scrollIntoView({ block: "nearest" }); // in sight, however long the page
  }
}
