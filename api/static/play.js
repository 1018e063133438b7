// Play on every phone (#play): a room on the referee server (/api/v1/rooms), one seat a phone.
//
// The screen holds no rule.  The server keeps the room (the game, the seats, the hands it
// deals) and answers each phone its own view: everything public and only this phone's hand.
// The screen shows the latest view its seat (rooms.js) passes on, live, and sends the moves
// typed here; the page's own engine checks a declaration or a bid as it is typed.  Loaded
// by app.js after the first screen is ready.

import { Advisor } from "./advisor.js";
import { request } from "./client.js";
import { Bid, DiceRules } from "./engine/dice.js";
import { checkRaise as engineRaise } from "./engine/letters.js";
import { loadLexicon } from "./engine/lexicon.js";
import { formatBid } from "./engine/phrases.js";
import { app, CALLED, HIDE_KEY, rendering, useApp } from "./playview.js";
import { CODE_LENGTH, PlayError, Seat, createRoom, joinRoom, keptSeat, readCode,
  watchRoom } from "./rooms.js";
import { readDice, TEXT, upper } from "./screenkit.js";

const NAME_KEY = "liars.play.name"; // the name last sat down with, offered again

// --- the page's own engine: the raise checked as it is typed -----------------------------

/** {legal, reason} for `declared` after `previous`: the library's answer and refusals, from
 * the page's own engine (its lexicon fetched once), else from the server's /letters/raise. */
async function checkRaise(previous, declared, lexiconName) {
  let lexicon = null;
  try { lexicon = await loadLexicon(lexiconName); } catch { /* not a lexicon this page has */ }
  if (lexicon) return engineRaise(previous, declared, lexicon);
  return request("POST", "/letters/raise", { previous, declared, lexicon: lexiconName });
}

// --- the two games: what differs ---------------------------------------------------------

const LETTERS = {
  title: "Liars' Letters",
  count: "tiles",
  one: "tile",
  many: "tiles",
  handText: (hand) => [...hand],
  said: (d) => [app.h("span", { class: "words" }, upper(d.words)), " ",
    app.h("span", { class: "shape" }, `(${d.words.map((w) => w.length).join(", ")})`)],
  revealBody: (text) => ({ type: "reveal", tiles: text }),
  shownHand: (hand) => hand,
  change: (delta, out) => (delta > 0 ? (out ? "gains a tile: out" : "gains a tile")
    : "loses a tile"),
  bad: (delta) => delta > 0, // a tile gained is a step towards out
  headline(ruling) {
    const named = CALLED[ruling.call];
    if (ruling.ruling === null) return "The referee cannot decide";
    return `${named} was ${ruling.ruling === "upheld" ? "right" : "wrong"}` +
      (ruling.by_table ? " (the table's ruling)" : "");
  },
};

const DICE = {
  title: "Liar's Dice",
  count: "dice",
  one: "die",
  many: "dice",
  handText: (hand) => hand.map(String),
  said: (d) => [app.h("strong", {}, formatBid(d.quantity, d.face))],
  revealBody: (text) => ({ type: "reveal", dice: readDice(text) }),
  shownHand: (hand) => hand.join(" "),
  change: (delta, out) => (out ? "loses a die: out" : "loses a die"),
  bad: () => true,
  headline: (ruling) => (ruling.ruling === "holds" ? "The bid holds" : "The bid fails"),
};

// --- the screen --------------------------------------------------------------------------

const play = {
  view: null,
  seat: null, // the Seat followed (rooms.js), or null
  checkSeq: 0,

  get game() { return this.view && this.view.game === "dice" ? DICE : LETTERS; },

  id: (name) => `play-${name}`,

  build(section) {
    const { h } = app;
    this.section = section;
    this.message = h("p", { id: this.id("message"), class: "table-message", role: "status",
      "aria-live": "polite", hidden: true });
    // A new table first: the host opens it; the others join it from its code or its QR.
    this.startView = h("div", { class: "play-start", id: this.id("start-view") },
      this.buildCreate(), this.buildJoin());
    this.buildRoom();
    app.$("[data-play]", section).append(this.message, this.startView, this.roomView);
  },

  field(name, label, hint, attrs = {}) {
    const { h } = app;
    const id = this.id(attrs.id || name);
    delete attrs.id;
    const input = h(attrs.tag || "input", { id, name, type: attrs.tag ? null : "text", ...TEXT,
      "aria-describedby": `${hint === null ? "" : `${id}-hint `}${id}-error`, ...attrs,
      tag: null });
    const element = h("div", { class: "field" }, h("label", { for: id }, label), input,
      hint === null ? null : h("p", { class: "hint", id: `${id}-hint` }, hint),
      h("p", { class: "error", id: `${id}-error`, role: "alert", hidden: true }));
    return { input, element };
  },

  select(name, label, choices, value, id = name) {
    const { h } = app;
    const input = h("select", { id: this.id(id), name, "aria-describedby": `${this.id(id)}-error` },
      choices.map(([v, text]) => h("option", { value: v }, text)));
    input.value = value;
    const element = h("div", { class: "field" }, h("label", { for: this.id(id) }, label), input,
      h("p", { class: "error", id: `${this.id(id)}-error`, role: "alert", hidden: true }));
    return { input, element };
  },

  segments(name, legend, choices) {
    const { h } = app;
    return h("fieldset", { class: "segments" }, h("legend", {}, legend),
      h("div", { class: "segment-row" }, choices.map(([value, text], i) =>
        h("label", { class: "segment" }, h("input", { type: "radio", name, value,
          id: this.id(`${name}-${value}`), checked: i === 0 }), h("span", {}, text)))));
  },

  nameField(prefix) {
    const name = this.field("name", "Your name", "As the table calls you (40 letters at most).",
      { id: `${prefix}-name`, autocapitalize: "off", inputmode: "text", maxlength: "40",
        enterkeyhint: "go" });
    try { name.input.value = localStorage.getItem(NAME_KEY) || ""; } catch { /* private */ }
    return name;
  },

  buildJoin() {
    const { h } = app;
    const code = this.field("code", "Table code", "The five letters on the host's phone.",
      { id: "join-code", autocapitalize: "characters", inputmode: "text", enterkeyhint: "next",
        placeholder: "BCDFG" });
    const name = this.nameField("join");
    const form = h("form", { class: "card", id: this.id("join-form"), novalidate: true },
      h("h3", {}, "Join a table"), code.element, name.element,
      h("button", { type: "submit", class: "primary", id: this.id("join") }, "Join"),
      this.watchButton = h("button", { type: "submit", class: "secondary", id: this.id("watch") },
        "Watch (no seat)"),
      h("p", { class: "error", id: this.id("join-form-error"), role: "alert", hidden: true }));
    app.wireForm(form, async (submitter) => {
      const room = readCode(code.input.value);
      if (room.length !== CODE_LENGTH) {
        throw new PlayError(`a table code is ${CODE_LENGTH} letters, like BCDFG`,
          { field: "code" });
      }
      const sitDown = submitter === this.watchButton ? watchRoom : joinRoom; // Watch: no seat
      const { seat, view } = await sitDown(room, name.input.value);
      this.sit(seat, view);
    });
    this.joinCode = code.input;
    this.joinName = name.input;
    this.openList = h("div", { id: this.id("open-tables"), class: "play-open", hidden: true });
    form.append(this.openList);
    return form;
  },

  buildCreate() {
    const { h } = app;
    const options = (selector) => [...document.querySelectorAll(`${selector} option`)]
      .map((o) => [o.value, o.textContent]);
    const numbers = (low, high) => Array.from({ length: high - low + 1 },
      (_, i) => [String(low + i), String(low + i)]);
    const letters = [
      this.select("rules.lexicon", "Lexicon", options("#lexicon"), "twl06", "new-lexicon"),
      this.select("rules.tile_set", "Tile set", options("#tile-set"), "scrabble", "new-tile-set"),
      this.select("rules.tile_limit", "Tile limit (more is out)", numbers(1, 20), "4",
        "new-tile-limit"),
    ];
    const dice = [
      this.select("rules.dice_each", "Dice each", numbers(1, 20), "5", "new-dice-each"),
      this.select("rules.faces", "Faces a die", [["6", "6"], ["8", "8"], ["10", "10"],
        ["12", "12"], ["20", "20"]], "6", "new-faces"),
      this.select("rules.wild", "Wild faces", [["", "None"], ["1", "1s are wild"]], "",
        "new-wild"),
      this.select("rules.bid_order", "Bid order", [["seed", "Standard (seed rules)"],
        ["quantity-first", "Quantity first"], ["perudo", "Perudo (1s wild)"]], "seed",
        "new-bid-order"),
    ];
    // The kitty (Liar's Dice): every player antes before each game, the winner takes it.
    const ante = this.field("ante", "Kitty: chips each player antes (empty: none)", null,
      { id: "new-ante", inputmode: "numeric", autocapitalize: "off", placeholder: "5" });
    const lettersRules = h("div", { class: "more-body", id: this.id("new-letters-rules") },
      letters.map((f) => f.element));
    const diceRules = h("div", { class: "more-body", id: this.id("new-dice-rules"), hidden: true },
      dice.map((f) => f.element), ante.element);
    const listed = h("input", { type: "checkbox", id: this.id("new-open"), name: "open" });
    const display = h("input", { type: "checkbox", id: this.id("new-display"), name: "display" });
    const name = this.nameField("new");
    const dealHint = h("p", { class: "hint", id: this.id("deal-hint") });
    const form = h("form", { class: "card", id: this.id("new-form"), novalidate: true },
      h("h3", {}, "New table"),
      this.segments("game", "Game", [["letters", "Liars' Letters"], ["dice", "Liar's Dice"]]),
      this.segments("deal", "Who deals", [["server", "This server deals"],
        ["table", "Real tiles or dice"]]),
      dealHint,
      this.segments("clock", "Time a move", [["", "No timer"], ["10", "10 s"], ["30", "30 s"]]),
      h("label", { class: "check", for: this.id("new-open") }, listed,
        " List this table as open (anyone on this server can find it)"),
      h("label", { class: "check", for: this.id("new-display") }, display,
        " This screen is the table display (no seat)"),
      name.element,
      h("details", { class: "more", id: this.id("new-rules") }, h("summary", {}, "Rules"),
        lettersRules, diceRules),
      h("button", { type: "submit", class: "primary", id: this.id("create") }, "Open the table"),
      h("p", { class: "error", id: this.id("new-form-error"), role: "alert", hidden: true }));
    const chosen = (field) => form.elements.namedItem(field).value;
    const switched = () => {
      const isDice = chosen("game") === "dice";
      lettersRules.hidden = isDice;
      diceRules.hidden = !isDice;
      dealHint.textContent = chosen("deal") === "server"
        ? `The server ${isDice ? "rolls every cup" : "draws every tile"}: each phone shows ` +
          "its own, and calls are ruled at once."
        : `Each player ${isDice ? "rolls real dice" : "draws real tiles"}; at a call, each ` +
          "phone types its own.";
    };
    form.addEventListener("change", switched);
    switched();
    app.wireForm(form, async () => {
      const game = chosen("game");
      const rules = {};
      for (const field of game === "dice" ? dice : letters) {
        const key = field.input.name.replace(/^rules\./, "");
        const value = field.input.value;
        if (key === "wild") rules.wild = value ? [Number(value)] : [];
        else rules[key] = /^\d+$/.test(value) ? Number(value) : value;
      }
      const clock = chosen("clock");
      const chips = ante.input.value.trim();
      const body = { game, deal: chosen("deal"), name: name.input.value, rules,
        clock: clock ? Number(clock) : null, open: listed.checked };
      if (display.checked) body.seat = false; // the table display: tabledisplay.js
      if (game === "dice" && chips) body.kitty = { ante: /^\d+$/.test(chips) ? Number(chips) : chips };
      const { seat, view } = await createRoom(body);
      this.sit(seat, view);
    });
    this.newName = name.input;
    return form;
  },

  buildRoom() {
    const { h } = app;
    this.clock = h("p", { id: this.id("clock"), class: "play-clock", role: "timer",
      "aria-live": "off", hidden: true });
    this.connection = h("p", { id: this.id("connection"), class: "table-message bad",
      role: "status", hidden: true });
    this.lobby = h("div", { class: "card play-lobby", id: this.id("lobby") });
    this.status = h("div", { class: "table-status", id: this.id("status"), "aria-live": "polite" });
    this.hideButton = h("button", { type: "button", class: "secondary", id: this.id("hide"),
      "aria-pressed": "false", "aria-controls": this.id("hand"),
      onclick: () => this.toggleHidden() }, "Hide my tiles");
    this.hand = h("div", { id: this.id("hand"), class: "play-hand" });
    this.handCard = h("section", { class: "card", "aria-labelledby": this.id("hand-title") },
      h("h3", { id: this.id("hand-title") }, "Yours"), this.hand, this.hideButton);
    this.actions = this.buildActions();
    this.round = h("div", { id: this.id("round-card"), class: "card" });
    this.ruling = h("div", { id: this.id("ruling"), class: "result", "aria-live": "polite",
      hidden: true });
    this.over = h("div", { id: this.id("over"), class: "card", hidden: true });
    this.error = h("p", { id: this.id("error"), class: "table-message bad", role: "alert",
      hidden: true });
    this.manage = h("details", { class: "more", id: this.id("manage"), hidden: true });
    this.leaveButton = h("button", { type: "button", class: "secondary", id: this.id("leave"),
      onclick: () => this.leave() }, "Leave this table on this phone");
    this.advisor = new Advisor(app, this, { onUse: (move, view) => this.useAdvice(move, view) });
    this.board = h("div", { class: "table-board", id: this.id("board") },
      this.over, this.status, this.ruling, this.handCard, this.actions, this.round,
      this.advisor.card, this.manage);
    this.roomView = h("div", { class: "table-board", id: this.id("room-view"), hidden: true },
      this.connection, this.error, this.lobby, this.board, this.leaveButton);
  },

  buildActions() {
    const { h } = app;
    // Liars' Letters: declare, or call.
    const words = this.field("words", "Declare a word set", "Words separated by spaces or commas.",
      { autocapitalize: "characters", inputmode: "text", enterkeyhint: "go",
        placeholder: "BIG, G" });
    this.words = words.input;
    this.raiseCheck = h("p", { id: this.id("raise-check"), class: "raise-check",
      "aria-live": "polite", hidden: true });
    this.declareForm = h("form", { class: "card", id: this.id("declare-form"), novalidate: true },
      words.element, this.raiseCheck,
      h("button", { type: "submit", class: "primary", id: this.id("declare") }, "Declare"),
      h("p", { class: "error", id: this.id("declare-form-error"), role: "alert", hidden: true }));
    app.wireForm(this.declareForm, async () => {
      await this.move({ type: "declare", words: this.words.value });
      this.words.value = "";
      this.raiseCheck.hidden = true;
    });
    this.words.addEventListener("input", () => this.checkDeclaration());
    // Liar's Dice: bid, or call.
    const quantity = this.field("quantity", "How many", null, { autocapitalize: "off",
      inputmode: "numeric", enterkeyhint: "go", placeholder: "3" });
    this.quantity = quantity.input;
    this.face = h("select", { id: this.id("face"), name: "face",
      "aria-describedby": this.id("face-error") });
    this.bidCheck = h("p", { id: this.id("bid-check"), class: "raise-check", "aria-live": "polite",
      hidden: true });
    this.bidForm = h("form", { class: "card", id: this.id("bid-form"), novalidate: true },
      h("div", { class: "pair" }, quantity.element,
        h("div", { class: "field" }, h("label", { for: this.id("face") }, "Face"), this.face,
          h("p", { class: "error", id: this.id("face-error"), role: "alert", hidden: true }))),
      this.bidCheck,
      h("button", { type: "submit", class: "primary", id: this.id("bid") }, "Bid"),
      h("p", { class: "error", id: this.id("bid-form-error"), role: "alert", hidden: true }));
    app.wireForm(this.bidForm, async () => {
      const count = this.quantity.value.trim();
      await this.move({ type: "bid", quantity: /^\d+$/.test(count) ? Number(count) : count,
        face: Number(this.face.value) });
    });
    this.quantity.addEventListener("input", () => this.checkBid());
    this.face.addEventListener("change", () => this.checkBid());
    // The calls: disabled, with the reason, while there is nothing to call.
    const callButton = (call, cls) => h("button", { type: "button", class: `primary ${cls}`,
      id: this.id(call), "aria-describedby": this.id("call-why"),
      onclick: () => this.call(call) }, CALLED[call]);
    this.callButtons = { bullshit: callButton("bullshit", "call-bullshit"),
      exact: callButton("exact", "call-exact"), liar: callButton("liar", "call-bullshit") };
    this.callWhy = h("p", { class: "hint", id: this.id("call-why") });
    this.calls = h("div", { class: "play-calls" },
      h("div", { class: "pair", role: "group", "aria-label": "Call" },
        Object.values(this.callButtons)), this.callWhy);
    // A call at a table of real tiles: each phone types its own.
    const reveal = this.field("reveal", "Your tiles", "", { autocapitalize: "characters",
      inputmode: "text", enterkeyhint: "go", placeholder: "B I G" });
    this.revealInput = reveal.input;
    this.revealLabel = app.$("label", reveal.element);
    this.revealHint = app.$(".hint", reveal.element);
    this.revealForm = h("form", { class: "card", id: this.id("reveal-form"), novalidate: true },
      reveal.element,
      h("button", { type: "submit", class: "primary", id: this.id("reveal-button") }, "Reveal"),
      h("p", { class: "error", id: this.id("reveal-form-error"), role: "alert", hidden: true }));
    app.wireForm(this.revealForm, async () => {
      await this.move(this.game.revealBody(this.revealInput.value));
      this.revealInput.value = "";
    });
    // An undecided call: the host records the table's ruling.
    this.tableRuling = h("div", { class: "pair", id: this.id("table-ruling"), role: "group",
      "aria-label": "The table's ruling" },
      h("button", { type: "button", class: "primary", id: this.id("upheld"),
        onclick: () => this.sendRuling("upheld") }, "Caller right: upheld"),
      h("button", { type: "button", class: "secondary", id: this.id("rejected"),
        onclick: () => this.sendRuling("rejected") }, "Caller wrong: rejected"));
    return h("div", { class: "table-actions", id: this.id("actions") }, this.declareForm, this.bidForm, this.calls, this.revealForm, this.tableRuling);
  },

  // --- moves ---------------------------------------------------------------------------

  /** Send a move; the answer is this phone's new view.  An error goes to the caller. */
  move(body) {
    return this.seat.move(body);
  },

  async tap(button, body) {
    this.error.hidden = true;
    button.setAttribute("aria-busy", "true");
    button.disabled = true;
    try {
      await this.move(body);
    } catch (error) {
      this.showError(error.message);
    } finally {
      button.removeAttribute("aria-busy");
      this.render();
    }
  },

  call(call) {
    this.tap(this.callButtons[call], call === "liar" ? { type: "liar" } : { type: "call", call });
  },

  sendRuling(ruling) {
    this.tap(app.$(`#${this.id(ruling)}`), { type: "ruling", ruling });
  },

  remove(name, button) {
    if (button.dataset.armed !== "true") {
      button.dataset.armed = "true";
      button.textContent = `Tap again to remove ${name}`;
      return;
    }
    this.tap(button, { type: "remove", player: name });
  },

  async start(button) {
    this.error.hidden = true;
    button.disabled = true;
    try {
      await this.seat.start();
    } catch (error) {
      this.showError(error.message);
      button.disabled = false;
    }
  },

  /** The host starts the next game at this table: the phones follow by their streams. */
  async rematch(button) {
    this.error.hidden = true;
    button.disabled = true;
    try {
      await this.seat.rematch();
    } catch (error) {
      this.showError(error.message);
      button.disabled = false;
    }
  },

  /** The host sets the time a move, in the lobby. */
  async setClock(select) {
    this.error.hidden = true;
    try {
      await this.seat.settings({ clock: select.value ? Number(select.value) : null });
    } catch (error) {
      this.showError(error.message);
    }
  },

  /** The connection to the server, lost or back (role=status: said, not only shown). */
  showConnection(reachable) {
    this.connection.hidden = reachable;
    this.connection.textContent = reachable ? "" : "Connection to the referee server lost: " +
      "this phone keeps trying.";
    this.section.dataset.connection = reachable ? "ok" : "lost";
  },

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
  },

  /** The declaration checked as it is typed, by the page's own engine (check_raise). */
  async checkDeclaration() {
    const seq = ++this.checkSeq;
    const text = this.words.value;
    const view = this.view;
    if (!text.trim() || !view || view.game !== "letters") { this.raiseCheck.hidden = true; return; }
    const last = view.declarations[view.declarations.length - 1];
    let legal;
    let reason;
    try {
      ({ legal, reason } = await checkRaise(last ? last.words : null, text, view.rules.lexicon));
    } catch (error) {
      legal = false;
      reason = error.message;
    }
    if (seq !== this.checkSeq) return; // typed on meanwhile
    this.showCheck(this.raiseCheck, legal, reason);
  },

  /** The bid checked as it is chosen: a real face, dice enough, a raise of the last bid. */
  checkBid() {
    const view = this.view;
    if (!view || view.game !== "dice" || !this.quantity.value.trim()) {
      this.bidCheck.hidden = true;
      return;
    }
    let reason;
    let bid = null;
    try {
      const rules = DiceRules.fromDict(view.rules);
      const count = this.quantity.value.trim();
      bid = Bid.parse({ quantity: /^\d+$/.test(count) ? Number(count) : count,
        face: Number(this.face.value) });
      rules.checkBid(bid, view.players.filter((p) => !p.out).reduce((n, p) => n + p.dice, 0));
      const last = view.declarations[view.declarations.length - 1];
      reason = rules.raiseProblem(last ? new Bid(last.quantity, last.face) : null, bid);
    } catch (error) {
      reason = error.message;
    }
    const legal = reason === null;
    this.showCheck(this.bidCheck, legal, legal ? `${bid}: a legal bid` : reason);
  },

  showCheck(el, legal, reason) {
    el.textContent = `${legal ? "✓" : "✗"} ${reason}`;
    el.className = `raise-check ${legal ? "ok" : "bad"}`;
    el.dataset.legal = String(legal);
    el.hidden = false;
  },

  toggleHidden() {
    const hidden = this.hideButton.getAttribute("aria-pressed") !== "true";
    try { localStorage.setItem(HIDE_KEY, hidden ? "1" : ""); } catch { /* private mode */ }
    this.renderHand();
  },

  leave() {
    if (this.leaveButton.dataset.armed !== "true" && this.view && this.view.phase !== "over") {
      this.leaveButton.dataset.armed = "true";
      this.leaveButton.textContent = "Tap again: this phone forgets its seat";
      return;
    }
    if (this.seat) this.seat.close({ forget: true });
    this.seat = null;
    this.view = null;
    delete this.section.dataset.live;
    this.showStart();
  },

  // --- the seat and the live view ------------------------------------------------------

  /** Follow `seat` ({code, token, name}): its views are shown as they come. */
  follow(seat) {
    if (this.seat) this.seat.close();
    this.view = null;
    this.seat = new Seat(seat, {
      onView: (view) => { this.view = view; this.render(); },
      onLive: (mode) => { this.section.dataset.live = mode; },
      onHeard: (reachable) => this.showConnection(reachable),
      onLost: (error) => this.lost(error),
    });
  },

  /** Sit down in a seat just taken (created or joined), with the room's view. */
  sit(seat, view) {
    try { localStorage.setItem(NAME_KEY, seat.name); } catch { /* private mode */ }
    this.joinName.value = seat.name;
    this.newName.value = seat.name;
    const url = new URL(location.href);
    if (url.searchParams.has("room")) { // the join link has done its work
      url.search = "";
      history.replaceState(null, "", url.href);
    }
    this.follow(seat);
    this.seat.offer(view);
    this.seat.open();
  },

  /** Open the screen: the seat kept on this phone, else the forms (a join link fills in). */
  async resume() {
    const linked = readCode(new URLSearchParams(location.search).get("room") || "");
    const kept = keptSeat();
    if (linked) this.joinCode.value = linked;
    if (!kept || (linked && linked !== kept.code)) {
      this.showStart();
      if (kept) {
        this.note(`This phone also has a seat at table ${kept.code}: leave it open in ` +
          "another tab, or join this one.");
      }
      return;
    }
    this.follow(kept);
    const seat = this.seat;
    if (!(await seat.refresh()) && this.seat === seat) { // no answer yet: kept, and asked for
      this.roomView.hidden = true;
      this.startView.hidden = true;
      this.note(`Cannot reach table ${seat.code} just now: ${seat.failure} ` +
        "This phone keeps trying.");
      this.section.dataset.ready = "true";
    }
    if (this.seat === seat) seat.open();
  },

  /** The seat is gone (the room expired, or the token is not this room's). */
  lost(error) {
    this.seat = null;
    this.view = null;
    delete this.section.dataset.live;
    this.showStart();
    this.note(`Your seat at that table is gone: ${error.message}`);
  },
};

Object.assign(play, rendering); // how it shows its view: playview.js

// --- start -------------------------------------------------------------------------------

/** Opened on another screen while this phone holds a seat: "Back to your table" comes first,
 * a tap from the table (the plain address lands on the Word judge). */
function offerTheTable() {
  const kept = keptSeat();
  const main = document.querySelector("main");
  if (!kept || !main || document.getElementById("back-to-table")) return;
  const back = app.h("a", { id: "back-to-table", class: "back-to-table", href: "#play" },
    `Back to your table ${kept.code}`);
  const show = () => { back.hidden = location.hash === "#play" || !keptSeat(); };
  window.addEventListener("hashchange", show);
  show();
  main.prepend(back);
}

export function start(helpers) {
  useApp(helpers);
  const section = document.getElementById("screen-play");
  if (!section) return;
  play.build(section);
  play.resume();
  offerTheTable();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && play.seat) play.seat.wake();
  });
  window.addEventListener("online", () => { if (play.seat) play.seat.wake(); });
  app.route();
}
