// A room's advisor and computer players, on the Play screen (play.js builds and renders them).
//
// The host allows the advisor for the whole table or forbids it (POST /rooms/{code}/advisor);
// while it is allowed, each player may ask it (GET /rooms/{code}/advice, with their own
// token): how likely the last claim is and the safest raises, from that player's own view
// only -- their hand and what is public, never another hand.  Every chance is exact; the
// raises are advice, and a tap puts one in the declare or bid form, never sends it.  Once a
// player has asked, the advice follows the table (asked again at each change) until hidden.
//
// In the lobby of a table the server deals, the host seats computer players (POST
// /rooms/{code}/bots): each plays from its own view, at a human pace, easy or hard.

import { percent } from "./engine/chance.js";
import { isOut } from "./outs.js";

const PACES = [["1", "1 second a move"], ["3", "3 seconds a move"], ["0.5", "Half a second"]];
const LEVELS = [["easy", "Easy"], ["hard", "Hard"]];

export class Advisor {
  /**
   * `app`: app.js's helpers (h); `play`: the Play screen's state (its seat, view, showError);
   * `onUse(suggestion, view)`: put a suggested raise in the move form.
   */
  constructor(app, play, { onUse }) {
    const { h } = app;
    this.h = h;
    this.play = play;
    this.onUse = onUse;
    this.following = false;
    this.asked = null; // the version the advice shown was asked at
    this.asking = false;
    this.toggle = h("button", { type: "button", class: "secondary advisor-toggle",
      id: "play-advisor-toggle", "aria-pressed": "false", "aria-describedby": "play-advisor-state",
      onclick: () => this.setAllowed() }, "Allow the advisor");
    this.state = h("p", { class: "hint", id: "play-advisor-state" });
    this.askButton = h("button", { type: "button", class: "primary", id: "play-ask",
      onclick: () => this.follow(!this.following) }, "Ask the advisor");
    this.body = h("div", { id: "play-advice", "aria-live": "polite" });
    this.card = h("section", { class: "card advice-card", id: "play-advice-card",
      "aria-labelledby": "play-advice-title" },
    h("h3", { id: "play-advice-title" }, "Advisor"), this.state, this.askButton, this.body,
    this.toggle);
    this.lobbyToggle = h("button", { type: "button", class: "secondary advisor-toggle",
      id: "play-lobby-advisor", "aria-pressed": "false",
      onclick: (event) => this.setAllowed(event.currentTarget) }, "Allow the advisor");
    this.pace = h("select", { id: "play-bot-pace", name: "delay",
      "aria-describedby": "play-bot-hint" }, PACES.map(([v, t]) => h("option", { value: v }, t)));
    this.level = h("select", { id: "play-bot-level", name: "level",
      "aria-describedby": "play-bot-hint" }, LEVELS.map(([v, t]) => h("option", { value: v }, t)));
    this.addButton = h("button", { type: "button", class: "secondary", id: "play-add-bot",
      "aria-describedby": "play-bot-hint", onclick: (event) => this.addBot(event.currentTarget) },
    "Add a computer player");
    this.botHint = h("p", { class: "hint", id: "play-bot-hint" }, "A computer player sees only " +
      "its own hand. Easy bids or declares by the odds with a dose of bluffing; hard also reads " +
      "what the others' claims say of their hands, bluffs, and calls \"exact\" when it should.");
    this.bots = h("div", { class: "play-bots", id: "play-bots" },
      h("div", { class: "field" }, h("label", { for: "play-bot-pace" }, "A computer player's pace"), this.pace),
      h("div", { class: "field" }, h("label", { for: "play-bot-level" }, "Its level"), this.level),
      this.addButton, this.botHint);
  }

  get view() { return this.play.view; }

  /** The lobby's toggle (the host's) and what the others are told of the choice. */
  lobby(view) {
    const allowed = Boolean(view.advisor);
    this.lobbyToggle.setAttribute("aria-pressed", String(allowed));
    this.lobbyToggle.textContent = allowed ? "Advisor allowed: tap to forbid" : "Allow the advisor";
    const said = allowed ? "The advisor is allowed: each player may ask it the odds from their " +
      "own hand." : "The advisor is forbidden at this table.";
    return [view.you.host ? this.lobbyToggle : null,
      this.h("p", { class: "hint", id: "play-lobby-advisor-state" }, said)];
  }

  /** The host's "Add a computer player", at a table the server deals. */
  botControls(view) {
    return view.you.host && view.deal === "server" ? this.bots : null;
  }

  /** The board's card: the advice (if allowed and asked for) and the host's toggle. */
  render(view) {
    const allowed = Boolean(view.advisor);
    const playing = view.phase === "playing" || view.phase === "reveal";
    const me = view.players.find((p) => p.name === view.you.name) || {};
    this.card.hidden = view.phase === "over" || (!allowed && !view.you.host);
    this.card.dataset.allowed = String(allowed);
    this.toggle.hidden = !view.you.host;
    this.toggle.setAttribute("aria-pressed", String(allowed));
    this.toggle.textContent = allowed ? "Forbid the advisor for the table"
      : "Allow the advisor for the table";
    const canAsk = allowed && playing && !isOut(view, me) && view.you.hand !== null && view.you.hand !== undefined;
    this.askButton.hidden = !canAsk;
    this.askButton.textContent = this.following ? "Hide the advice" : "Ask the advisor";
    this.askButton.setAttribute("aria-expanded", String(this.following));
    this.state.textContent = !allowed
      ? "The advisor is forbidden: no player may ask it."
      : canAsk ? "The odds from your own hand alone, and the safest raises: advice."
        : "Allowed at this table.";
    if (!canAsk || !this.following) {
      this.body.replaceChildren();
      this.asked = null;
      return;
    }
    if (this.asked !== view.version) this.ask();
  }

  follow(on) {
    this.following = on;
    if (this.view) this.render(this.view);
  }

  /** Ask for the advice at the view's version (again, if the table moved on meanwhile). */
  async ask() {
    if (this.asking || !this.play.seat) return;
    this.asking = true;
    const version = this.view.version;
    try {
      const advice = await this.play.seat.advice();
      if (this.following && this.view && this.view.version === version) {
        this.asked = version;
        this.show(advice);
      }
    } catch (error) {
      this.asked = version;
      this.body.replaceChildren(this.h("p", { class: "error", role: "alert",
        id: "play-advice-error" }, error.message));
    } finally {
      this.asking = false;
    }
    if (this.following && this.view && this.asked !== this.view.version) this.render(this.view);
  }

  show(advice) {
    const { h } = this;
    const view = this.view;
    const screen = this.play.screen;
    const chance = (c) => [h("strong", { class: "odds-percent" }, percent(c.probability)), " ",
      h("span", { class: "odds-fraction mono", title: "the exact chance" }, c.fraction)];
    const last = advice.last && screen && screen.adviceLast ? screen.adviceLast(advice.last) : null;
    const lastLine = last ? h("p", { id: "play-advice-last" }, `The last ${last.kind}, `,
      h("span", { class: "words" }, last.text), `, ${last.verb}: `, chance(last.chance))
      : h("p", { id: "play-advice-last" }, "Nothing said yet this round.");
    const items = screen && screen.advice ? advice.suggestions.map((s) => screen.advice(s)) : [];
    const mine = view.to_move === view.you.name && view.phase === "playing";
    this.body.replaceChildren(lastLine,
      h("p", { class: "hint" }, items.length ? (mine ? "Safest raises: tap one to put it in " +
        "your move (you still send it)." : "Safest raises, if it were your turn:")
        : "No raise can be likely: calling is the advice."),
      items.length ? h("ol", { class: "odds-raises", id: "play-advice-raises",
        "aria-label": "Safest raises" }, items.map((item) => h("li", {},
        h("button", { type: "button", class: "secondary odds-raise", "data-raise": item.text,
          disabled: !mine || null, onclick: () => this.onUse(item.move, view) },
        h("span", { class: "words" }, item.text),
        h("span", { class: "odds-raise-chance" }, chance(item.chance)))))) : null);
  }

  async setAllowed(button = this.toggle) {
    const view = this.view;
    if (!view || !this.play.seat) return;
    button.disabled = true;
    try {
      await this.play.seat.setAdvisor(!view.advisor);
    } catch (error) {
      this.play.showError(error.message);
    } finally {
      button.disabled = false;
    }
  }

  /** The host seats a computer player: the first "Computer N" no one has taken. */
  async addBot(button) {
    const view = this.view;
    if (!view || !this.play.seat) return;
    const taken = new Set(view.players.map((p) => p.name.toLowerCase()));
    let n = 1;
    while (taken.has(`computer ${n}`)) n += 1;
    button.disabled = true;
    this.play.clearError();
    try {
      await this.play.seat.addBot({ name: `Computer ${n}`, delay: Number(this.pace.value),
        level: this.level.value });
    } catch (error) {
      this.play.showError(error.message);
    } finally {
      button.disabled = false;
    }
  }
}
