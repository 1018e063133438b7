// The Liar's Dice table (#dicetable): its options, moves and what it shows; table.js runs it.

import { withIcon } from "../../icons.js";
import { fill, plural, readDice } from "../../screenkit.js";
import { app, buildSetupForm, debounce, gameOverLine, renderHistory, seatCount } from "../../tablekit.js";

export const DICE = {
  key: "dice",
  screen: "dicetable",  // index.html's #screen-dicetable
  prefix: "td",
  endpoint: "/dice/replay",
  file: "liars-dice-game.json",

  buildSetup(table) {
    const numbers = (low, high) => Array.from({ length: high - low + 1 },
      (_, i) => [String(low + i), String(low + i)]);
    this.diceEach = table.select("dice_each", "Dice each", numbers(1, 10), "5");
    this.faces = table.select("faces", "Faces a die", [["6", "6"], ["8", "8"], ["10", "10"],
      ["12", "12"], ["20", "20"]], "6");
    this.wild = table.select("wild", "Wild faces", [["", "None"], ["1", "1s are wild"]], "");
    this.bidOrder = table.select("bid_order", "Bid order", [["seed", "Standard (seed rules)"],
      ["quantity-first", "Quantity first"], ["perudo", "Perudo (1s wild)"]], "seed");
    return buildSetupForm(table, [this.diceEach, this.faces, this.wild, this.bidOrder], () => ({
      dice_each: Number(this.diceEach.input.value), faces: Number(this.faces.input.value),
      wild: this.wild.input.value ? [Number(this.wild.input.value)] : [],
      bid_order: this.bidOrder.input.value,
    }));
  },

  fillSetup(table, game) {
    if (!game) return;
    table.setup.players.value = game.players.join("\n");
    const rules = game.rules || {};
    if (rules.dice_each) this.diceEach.input.value = String(rules.dice_each);
    if (rules.faces) this.faces.input.value = String(rules.faces);
    this.wild.input.value = (rules.wild || []).includes(1) ? "1" : "";
    if (rules.bid_order) this.bidOrder.input.value = rules.bid_order;
  },

  inputFor(table, field) {
    const name = field.replace(/^rules\./, "");
    if (name.startsWith("dice.")) {
      const player = name.slice(5);
      return app.$$("input[data-player]", this.revealForm)
        .find((el) => el.dataset.player === player) || null;
    }
    const ids = { claim: "bid", quantity: "bid", face: "bid", players: "players",
                  dice_each: "dice_each", faces: "faces", wild: "wild", bid_order: "bid_order" };
    return ids[name] ? document.getElementById(table.id(ids[name])) : null;
  },

  buildActions(table) {
    const { h } = app;
    const bid = table.field("bid", "Bid", "As said: “3 fives”, “four sixes”.",
      { autocapitalize: "off", inputmode: "text", enterkeyhint: "go", placeholder: "3 fives" });
    const check = h("p", { id: table.id("bid-check"), class: "raise-check", "aria-live": "polite",
      hidden: true });
    const bidForm = h("form", { class: "card", id: table.id("bid-form"), novalidate: true },
      bid.element, check,
      h("button", { type: "submit", class: "primary", id: table.id("bid-button") }, "Bid"),
      h("button", { type: "button", class: "primary call-bullshit", id: table.id("liar"),
        onclick: () => this.openReveal(table) }, "Liar!"));
    this.liarButton = app.$(`#${table.id("liar")}`, bidForm);
    bidForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!table.state || !table.state.to_move) return;
      const ok = await table.play({ type: "bid", player: table.state.to_move, claim: bid.input.value });
      if (ok) this.afterMove(table);
    });
    const checkBid = debounce(() => this.checkBid(table));
    bid.input.addEventListener("input", () => {
      bid.input.removeAttribute("aria-invalid");
      document.getElementById(`${bid.input.id}-error`).hidden = true;
      checkBid();
    });
    const revealTitle = h("h3", { id: table.id("reveal-title") });
    const revealFields = h("div", { class: "reveal-fields" });
    const revealForm = h("form", { class: "card", id: table.id("reveal-form"), novalidate: true,
      hidden: true, "aria-labelledby": table.id("reveal-title") },
      revealTitle, revealFields,
      h("button", { type: "submit", class: "primary", id: table.id("rule") }, "Rule the call"),
      h("button", { type: "button", class: "secondary", id: table.id("cancel"),
        onclick: () => this.closeReveal(table) }, "Cancel"));
    revealForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!table.state || !table.state.to_move) return;
      const dice = {};
      for (const input of app.$$("input[data-player]", revealForm)) {
        dice[input.dataset.player] = readDice(input.value);
      }
      const ok = await table.play({ type: "liar", player: table.state.to_move, dice });
      if (ok) this.afterMove(table);
    });
    Object.assign(this, { bid: bid.input, check, bidForm, revealForm, revealTitle, revealFields });
    return { element: h("div", { class: "table-actions" }, bidForm, revealForm) };
  },

  openReveal(table) {
    const state = table.state;
    if (!state || !state.to_move) return;
    table.clearMessages();
    this.revealTitle.textContent = `${state.to_move} calls Liar!` +
      (state.bid ? ` on ${state.bid.phrase}` : "");
    this.revealFields.replaceChildren(...state.players.filter((p) => !state.out.includes(p))
      .map((p, i) => {
        const f = table.field(`dice-${i}`, `${p}'s dice (${plural(state.dice[p], "die", "dice")})`,
          "Faces, e.g. 6 6 1, or 661.", { autocapitalize: "off", inputmode: "numeric",
            enterkeyhint: "next", placeholder: "6 6 1", "data-player": p });
        return f.element;
      }));
    this.bidForm.hidden = true;
    this.revealForm.hidden = false;
    const first = app.$("input", this.revealFields);
    if (first) first.focus();
  },

  closeReveal(table) {
    this.revealForm.hidden = true;
    this.bidForm.hidden = !(table.state && table.state.to_move);
    table.clearMessages();
  },

  afterMove(table) {
    this.bid.value = "";
    this.check.hidden = true;
    this.revealForm.hidden = true;
    this.bidForm.hidden = !table.state.to_move;
  },

  /** Is the bid legal now?  Asked of the referee: the whole game replayed with it. */
  async checkBid(table) {
    const text = this.bid.value;
    if (!text.trim() || !table.state || !table.state.to_move) { this.check.hidden = true; return; }
    if (this.bid.getAttribute("aria-invalid") === "true") return; // the reason is shown
    let legal;
    let reason;
    try {
      const answer = await table.replay([...table.game.events,
        { type: "bid", player: table.state.to_move, claim: text }]);
      legal = answer.ok;
      reason = answer.ok ? "a legal bid" : answer.error.message;
    } catch (error) {
      legal = false;
      reason = error.message;
    }
    if (this.bid.value !== text) return;
    this.check.textContent = `${legal ? "✓" : "✗"} ${reason}`;
    this.check.className = `raise-check ${legal ? "ok" : "bad"}`;
    this.check.dataset.legal = String(legal);
    this.check.hidden = false;
  },

  renderStatus(table, state) {
    const { h } = app;
    const winner = state.outcome && state.outcome.winner;
    const seats = state.players.map((p) => {
      const out = state.out.includes(p);
      return h("li", { "data-player": p, "data-dice": out ? "out" : String(state.dice[p]),
        class: [p === state.to_move ? "to-move" : "", out ? "out" : ""].join(" ").trim() || null },
        h("span", { class: "seat-name" }, p),
        h("span", { class: "seat-count" },
          seatCount(state, p, out ? "" : plural(state.dice[p], "die", "dice"), winner)));
    });
    fill(table.status,
      winner
        ? h("p", { class: "table-winner", id: table.id("winner") }, withIcon("trophy", `${winner} wins`))
        : h("p", { class: "table-turn" }, h("span", { class: "hint" }, "To act"),
          h("strong", { id: table.id("to-move") }, state.to_move)),
      h("p", { class: "table-line", id: table.id("declaration") }, state.bid
        ? [h("span", { class: "hint" }, "To beat: "), h("strong", {}, state.bid.phrase),
          ` by ${state.bidder}`]
        : winner ? gameOverLine(state.rounds.length) : `No bid yet: ${state.to_move} opens.`),
      h("ul", { class: "seats", id: table.id("seats"), "aria-label": "Players in seat order" },
        seats),
      winner ? null : h("p", { class: "hint" }, `${plural(state.dice_in_play, "die", "dice")} in play` +
        `${state.rules.wild.length ? ` (${state.rules.wild.join(", ")}s wild)` : ""}; ` +
        `bid order: ${state.rules.bid_order}.`));
  },

  renderActions(table, state) {
    this.bidForm.hidden = !state.to_move || !this.revealForm.hidden;
    if (!state.to_move) this.revealForm.hidden = true;
    this.liarButton.hidden = !state.bid; // nobody to call "Liar!" on before the round's first bid
    this.check.hidden = true;
  },

  renderResult(table, state) {
    const { h } = app;
    const round = state.rounds[state.rounds.length - 1];
    if (!round || state.bid) { table.result.hidden = true; return; }
    const winner = state.outcome && state.outcome.winner;
    table.result.className = `result ${round.holds ? "ok" : "bad"}`;
    table.result.dataset.holds = String(round.holds);
    fill(table.result,
      h("p", { class: "hint" }, `${round.caller} called Liar! on ${round.bid.phrase} (${round.bidder}).`),
      h("h3", {}, round.holds ? "The bid holds" : "The bid does not hold"),
      h("p", {}, `${round.count} counted.`),
      h("ul", { class: "ruling", "aria-label": "Who loses a die" },
        h("li", {}, h("span", {}, round.loser),
          h("span", { class: "delta up" }, round.out ? "loses a die: out" : "loses a die"))),
      winner ? h("p", { class: "ruling-line" }, `${winner} wins the game.`)
        : h("p", { class: "ruling-line", id: table.id("next") }, `Next: ${state.to_move} opens.`));
    table.result.hidden = false;
  },

  renderHistory(table, state) {
    renderHistory(table, state, (round) => `${round.bidder} bid ${round.bid.phrase}; ` +
      `${round.caller} called Liar!: ${round.count} counted, ${round.loser} loses a die` +
      `${round.out ? " and is out" : ""}`);
  },
};

export default DICE;
