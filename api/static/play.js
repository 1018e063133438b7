// Play on every phone (#play): a room on the referee server (/api/v1/rooms), one seat a phone.
//
// The screen holds no rule and names no game.  The server keeps the room (the game, the
// seats, the hands it deals) and answers each phone its own view: everything public and only
// this phone's hand.  The shell here builds the forms, follows the seat (rooms.js) and sends
// the moves; what differs from game to game (its rules form, its hand, its moves) is the
// game's screen module (games/NAME/screen.js).  Loaded by app.js after the first screen is ready.

import { Advisor } from "./advisor.js";
import { FairDealCheck } from "./fairdealview.js";
import { HIDE_KEY, rendering } from "./playview.js";
import { app, useApp } from "./playkit.js";
import { CODE_LENGTH, PlayError, Seat, createRoom, joinRoom, keptSeat, readCode,
  watchRoom } from "./rooms.js";
import { SCREENS, screenOf } from "./screens/index.js";
import { TEXT } from "./screenkit.js";
import { Notices } from "./notice.js";
import { TakeOff } from "./takeoff.js";
import { isOut, seatOf } from "./outs.js";

const NAME_KEY = "liars.play.name"; // the name last sat down with, offered again

const play = {
  view: null,
  seat: null, // the Seat followed (rooms.js), or null
  screen: null, // the screen module of the game shown (games/NAME/screen.js)
  busy: null, // the button whose move is on its way: every action waits for its answer

  get h() { return app.h; },
  get game() { return this.screen || screenOf(this.view && this.view.game) || SCREENS[0]; },

  id: (name) => `play-${name}`,
  wireForm: (form, run) => app.wireForm(form, run),
  numbers: (low, high) => Array.from({ length: high - low + 1 },
    (_, i) => [String(low + i), String(low + i)]),

  build(section) {
    const { h } = app;
    this.section = section;
    this.message = h("p", { id: this.id("message"), class: "table-message", role: "status",
      "aria-live": "polite", hidden: true });
    // A new table first: the host opens it; the others join it from its code or its QR.
    // A join link (the QR code's) opens on Join instead, New table a tap away (arrange).
    this.createForm = this.buildCreate();
    this.joinForm = this.buildJoin();
    this.startView = h("div", { class: "play-start", id: this.id("start-view") },
      this.createForm, this.joinForm);
    this.buildRoom();
    app.$("[data-play]", section).append(this.message, this.startView, this.roomView);
  },

  // --- form parts the screens share -----------------------------------------------------

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

  /** The rules of selects named "rules.<key>": numbers as numbers. */
  readFields(fields) {
    const rules = {};
    for (const field of fields) {
      const key = field.input.name.replace(/^rules\./, "");
      const value = field.input.value;
      rules[key] = /^\d+$/.test(value) ? Number(value) : value;
    }
    return rules;
  },

  segments(name, legend, choices) {
    const { h } = app;
    return h("fieldset", { class: "segments", id: this.id(`${name}-choice`) },
      h("legend", {}, legend),
      h("div", { class: "segment-row" }, choices.map(([value, text], i) =>
        h("label", { class: "segment", "data-value": value }, h("input", { type: "radio", name,
          value, id: this.id(`${name}-${value}`), checked: i === 0 }), h("span", {}, text)))));
  },

  fillWith(el, ...children) {
    el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
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
    // Opened by a join link, New table is folded away: this button opens it.
    this.newTableButton = h("button", { type: "button", class: "secondary play-new-table",
      id: this.id("new-table"), "aria-controls": this.id("new-form"), "aria-expanded": "false",
      hidden: true, onclick: () => this.openNewTable() }, "New table");
    const form = h("form", { class: "card", id: this.id("join-form"), novalidate: true },
      h("div", { class: "card-head" }, h("h3", {}, "Join a table"), this.newTableButton),
      code.element, name.element,
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

  /** The start's order: a join link (`linked`) opens on Join, its code filled in, the name
   * and Join in sight, New table folded behind one button; else New table first. */
  arrangeStart(linked) {
    if (linked) this.startView.prepend(this.joinForm);
    else this.startView.prepend(this.createForm);
    this.createForm.hidden = linked;
    this.newTableButton.hidden = !linked;
    this.newTableButton.setAttribute("aria-expanded", String(!linked));
  },

  /** New table, unfolded from a join link's Join (one tap). */
  openNewTable() {
    this.createForm.hidden = false;
    this.newTableButton.hidden = true;
    this.newTableButton.setAttribute("aria-expanded", "true");
    this.startView.append(this.createForm); // below the Join it came from
    this.createForm.scrollIntoView({ block: "start", behavior: "instant" });
    this.createForm.querySelector("input").focus({ preventScroll: true }); // the game
  },

  /** The New table form: the game, who deals (the games' own choices), the pace, the rules. */
  buildCreate() {
    const { h } = app;
    const rulesOf = new Map(SCREENS.map((s) => [s.game, s.createRules(this)]));
    const rulesBodies = new Map(SCREENS.map((s) => [s.game, h("div", { class: "more-body",
      id: this.id(`new-${s.game}-rules`), hidden: true },
    rulesOf.get(s.game).fields.map((f) => f.element))]));
    const listed = h("input", { type: "checkbox", id: this.id("new-open"), name: "open" });
    const display = h("input", { type: "checkbox", id: this.id("new-display"), name: "display" });
    const name = this.nameField("new");
    const dealHint = h("p", { class: "hint", id: this.id("deal-hint") });
    const dealChoice = this.segments("deal", "Who deals", [["server", "This server deals"],
      ["table", "Real tiles, dice or cards"]]);
    const rulesBox = h("details", { class: "more", id: this.id("new-rules") },
      h("summary", {}, "Rules"), [...rulesBodies.values()]);
    const form = h("form", { class: "card", id: this.id("new-form"), novalidate: true },
      h("h3", {}, "New table"),
      this.segments("game", "Game", SCREENS.map((s) => [s.game, s.title])),
      dealChoice,
      dealHint,
      this.segments("clock", "Time a move", [["", "No timer"], ["10", "10 s"], ["30", "30 s"]]),
      h("label", { class: "check", for: this.id("new-open") }, listed,
        " List this table as open (anyone on this server can find it)"),
      h("label", { class: "check", for: this.id("new-display") }, display,
        " This screen is the table display (no seat)"),
      name.element,
      rulesBox,
      h("button", { type: "submit", class: "primary", id: this.id("create") }, "Open the table"),
      h("p", { class: "error", id: this.id("new-form-error"), role: "alert", hidden: true }));
    const radio = (field, value) => app.$(`#${this.id(`${field}-${value}`)}`, form);
    const chosen = (field) => form.elements.namedItem(field).value;
    // A static copy (liars export-site) has no server to deal: real tiles or dice only.
    const noServer = document.documentElement.dataset.site === "static";
    const switched = () => {
      const screen = screenOf(chosen("game"));
      // A game of cards no phone can type is dealt by the server; a static copy has none.
      const offered = screen.deals;
      const deals = offered.filter((d) => !(d === "server" && noServer));
      for (const deal of ["server", "table"]) {
        radio("deal", deal).closest("label").hidden = !offered.includes(deal);
        radio("deal", deal).disabled = !deals.includes(deal);
      }
      if (!deals.includes(chosen("deal")) && deals.length) radio("deal", deals[0]).checked = true;
      dealChoice.hidden = offered.length < 2;
      for (const [game, body] of rulesBodies) body.hidden = game !== screen.game;
      rulesBox.hidden = !rulesOf.get(screen.game).fields.length;
      dealHint.textContent = (noServer ? "This copy of the page has no referee server to " +
        "deal. " : "") + (deals.length ? screen.dealHint(chosen("deal"))
        : `${screen.title} needs the server to deal: open this page from a referee server.`);
    };
    form.addEventListener("change", switched);
    switched();
    app.wireForm(form, async () => {
      const screen = screenOf(chosen("game"));
      const { rules, extra = {} } = rulesOf.get(screen.game).read();
      const clock = chosen("clock");
      const body = { game: screen.game, deal: chosen("deal") || "server", name: name.input.value,
        rules, clock: clock ? Number(clock) : null, open: listed.checked, ...extra };
      if (display.checked) body.seat = false; // the table display: tabledisplay.js
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
    // Whose turn, the clock at its last seconds, each ruling: said to a screen reader.
    this.announcer = h("p", { id: this.id("announce"), class: "visually-hidden",
      "aria-live": "assertive", "aria-atomic": "true" });
    // What happened at the table that is not a ruling (notice.js): a line, and said once.
    this.notices = new Notices();
    this.noticeLine = h("p", { id: this.id("notice"), class: "table-notice", hidden: true });
    this.lobby = h("div", { class: "card play-lobby", id: this.id("lobby") });
    this.line = h("p", { class: "game-line", id: this.id("line") });
    this.menuButton = h("button", { type: "button", class: "secondary game-menu-button",
      id: this.id("menu-button"), "aria-haspopup": "dialog", "aria-controls": this.id("menu"),
      onclick: () => this.openSheet(this.menu) }, "Menu");
    this.oddsButton = h("button", { type: "button", class: "secondary game-menu-button",
      id: this.id("odds-button"), "aria-haspopup": "dialog", "aria-controls": this.id("menu"),
      hidden: true, onclick: () => this.openSheet(this.menu, this.advisor.card) }, "Odds");
    this.top = h("div", { class: "game-top", id: this.id("top") }, this.line, this.clock,
      this.oddsButton, this.menuButton);
    this.status = h("div", { class: "game-status", id: this.id("status") });
    this.hideButton = h("button", { type: "button", class: "secondary hide-hand", id: this.id("hide"),
      "aria-pressed": "false", "aria-controls": this.id("hand"),
      onclick: () => this.toggleHidden() }, "Hide my tiles");
    this.hand = h("div", { id: this.id("hand"), class: "play-hand",
      "aria-labelledby": this.id("hand-title") });
    this.handTitle = h("h3", { id: this.id("hand-title"), class: "visually-hidden" }, "Yours");
    this.handCard = h("section", { class: "game-hand", id: this.id("hand-card") },
      this.handTitle, this.hand);
    this.round = h("div", { id: this.id("round-card"), class: "game-claims" });
    this.actions = this.buildActions();
    this.over = h("div", { id: this.id("over"), class: "card", hidden: true });
    this.error = h("p", { id: this.id("error"), class: "table-message bad", role: "alert",
      hidden: true });
    // The host takes a player off (takeoff.js): in the Menu, and on the game-over card.
    const send = (body) => this.seat.move(body);
    this.takeOffMenu = new TakeOff(h, this.id("manage"), send);
    this.manageTitle = h("summary", {}, "A player left?");
    this.manage = h("details", { class: "more", id: this.id("manage"), hidden: true },
      this.manageTitle, h("div", { class: "more-body" }, this.takeOffMenu.el));
    this.takeOffOver = new TakeOff(h, this.id("leave-table"), send);
    this.leavingTitle = h("summary", {}, "Someone leaving the table?");
    this.leaving = h("details", { class: "more", id: this.id("leave-table") },
      this.leavingTitle, h("div", { class: "more-body" }, this.takeOffOver.el));
    this.leaveButton = h("button", { type: "button", class: "secondary", id: this.id("leave"),
      onclick: () => this.leave() }, "Leave this table on this phone");
    this.advisor = new Advisor(app, this, { onUse: (move) => this.useAdvice(move) });
    this.fairDeal = new FairDealCheck({ onChange: () => this.render() });
    this.buildRuling();
    this.buildSheets();
    this.board = h("div", { class: "game-board", id: this.id("board") },
      this.top, this.error, this.status, this.round, this.handCard, this.actions, this.over);
    this.roomView = h("div", { class: "table-board", id: this.id("room-view"), hidden: true },
      this.connection, this.announcer, this.noticeLine, this.lobby, this.board, this.leaveButton,
      this.rulingLayer, this.menu, this.historySheet);
  },

  /** The actions of a turn, at the bottom where a thumb rests: the game's own (its screen's
   * panel), the reveal at a table of real tiles, the host's ruling, a call's confirmation. */
  buildActions() {
    const { h } = app;
    this.movesSlot = h("div", { class: "game-moves", id: this.id("moves") });
    // A call at a table of real tiles (or dice, or cards): each phone types its own.
    const reveal = this.field("reveal", "Your tiles", "", { autocapitalize: "characters",
      inputmode: "text", enterkeyhint: "go", placeholder: "B I G" });
    this.revealInput = reveal.input;
    this.revealLabel = app.$("label", reveal.element);
    this.revealHint = app.$(".hint", reveal.element);
    this.revealForm = h("form", { class: "play-form", id: this.id("reveal-form"), novalidate: true },
      reveal.element,
      h("button", { type: "submit", class: "primary", id: this.id("reveal-button") }, "Reveal"),
      h("p", { class: "error", id: this.id("reveal-form-error"), role: "alert", hidden: true }));
    app.wireForm(this.revealForm, async () => {
      await this.move(this.game.revealBody(this.revealInput.value));
      this.revealInput.value = "";
    });
    // A call is deliberate: its button asks, this bar confirms (and sends it once).
    this.confirmText = h("p", { class: "confirm-text", id: this.id("confirm-text") });
    this.confirmButton = h("button", { type: "button", class: "primary call-bullshit",
      id: this.id("confirm"), onclick: () => this.confirmCall() }, "Call");
    this.cancelButton = h("button", { type: "button", class: "secondary", id: this.id("cancel"),
      onclick: () => this.cancelCall() }, "Cancel");
    this.confirmBar = h("div", { class: "confirm-bar", id: this.id("confirm-bar"),
      role: "group", "aria-labelledby": this.id("confirm-text"), hidden: true },
    this.confirmText, h("div", { class: "pair" }, this.cancelButton, this.confirmButton));
    return h("div", { class: "game-actions", id: this.id("actions") }, this.movesSlot,
      this.revealForm, this.confirmBar);
  },

  /** The reveal: on top of the table until this phone dismisses it (at least its hold). */
  buildRuling() {
    const { h } = app;
    this.ruling = h("div", { id: this.id("ruling"), class: "result" });
    this.dismissButton = h("button", { type: "button", class: "primary", id: this.id("dismiss"),
      onclick: () => this.dismissRuling() }, "Continue");
    // An undecided call: the host records the table's ruling.
    this.tableRuling = h("div", { class: "pair", id: this.id("table-ruling"), role: "group",
      "aria-label": "The table's ruling" },
    h("button", { type: "button", class: "primary", id: this.id("upheld"),
      onclick: () => this.sendRuling("upheld") }, "Caller right: upheld"),
    h("button", { type: "button", class: "secondary", id: this.id("rejected"),
      onclick: () => this.sendRuling("rejected") }, "Caller wrong: rejected"));
    this.rulingLayer = h("div", { class: "game-layer", id: this.id("ruling-layer"),
      role: "dialog", "aria-modal": "true", "aria-label": "The ruling",
      hidden: true },
    // (a sheet taller than the screen scrolls, by keyboard too: it takes the focus; its
    // buttons stay at its foot, in reach, whatever the reveal holds)
    h("div", { class: "game-sheet", tabindex: "0" }, this.ruling,
      h("div", { class: "sheet-foot" }, this.tableRuling, this.dismissButton)));
  },

  /** The menu (the referee's screens, hiding the hand, the advisor, removing a player,
   * leaving) and the round's history: sheets over the table, one tap away. */
  buildSheets() {
    const { h } = app;
    const close = (sheet) => h("button", { type: "button", class: "secondary",
      id: `${sheet}-close`, onclick: () => this.closeSheets() }, "Back to the table");
    // (the way back first: a long history scrolls under it)
    this.historyButton = h("button", { type: "button", class: "secondary",
      id: this.id("history-button"), "aria-haspopup": "dialog",
      onclick: () => this.openSheet(this.historySheet) }, "History");
    this.historyBody = h("div", { id: this.id("history-body") });
    this.historySheet = h("div", { class: "game-layer", id: this.id("history"), role: "dialog",
      "aria-modal": "true", "aria-labelledby": this.id("history-title"), hidden: true },
    h("div", { class: "game-sheet", tabindex: "0" }, h("div", { class: "sheet-head" },
      h("h3", { id: this.id("history-title") }, "History"), close(this.id("history"))),
    this.historyBody));
    this.menuLeave = h("button", { type: "button", class: "secondary", id: this.id("menu-leave"),
      onclick: () => this.leave(this.menuLeave) }, "Leave this table on this phone");
    // a Leave the server could not be told of, said where it was tapped
    this.leaveError = h("p", { class: "error", id: this.id("leave-error"), role: "alert",
      hidden: true });
    // the Menu in the lobby (no game yet: the board and its top line are not shown)
    this.lobbyMenuButton = h("button", { type: "button", class: "secondary game-menu-button",
      id: this.id("lobby-menu-button"), "aria-haspopup": "dialog",
      "aria-controls": this.id("menu"), onclick: () => this.openSheet(this.menu) }, "Menu");
    this.refereeLink = h("a", { class: "button secondary", id: this.id("referee"),
      href: "#judge", onclick: () => this.closeSheets() }, "The referee's screens (Judge, Call, Solve...)");
    this.menu = h("div", { class: "game-layer", id: this.id("menu"), role: "dialog",
      "aria-modal": "true", "aria-labelledby": this.id("menu-title"), hidden: true },
    h("div", { class: "game-sheet", tabindex: "0" }, h("div", { class: "sheet-head" },
      h("h3", { id: this.id("menu-title") }, "Menu"), close(this.id("menu"))),
    this.refereeLink, this.advisor.card, this.manage, this.leaveError, this.menuLeave));
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.sheetOpen()) this.closeSheets();
    });
  },

  // --- moves ---------------------------------------------------------------------------

  /** Send a move; the answer is this phone's new view.  An error goes to the caller. */
  move(body) {
    return this.seat.move(body);
  },

  /** Send a move from a button: true if it went through (else the error is shown).  While
   * it is on its way every action waits (disabled); its answer's view says what is enabled
   * again (renderActions), never this tap. */
  async tap(button, body) {
    this.clearError();
    this.busy = button;
    button.setAttribute("aria-busy", "true");
    this.render();
    try {
      await this.move(body);
      return true;
    } catch (error) {
      this.showError(error.message);
      return false;
    } finally {
      this.busy = null;
      button.removeAttribute("aria-busy");
      this.render();
    }
  },

  /** An action's button, enabled exactly when the view allows it and no move is on its way. */
  allow(button, allowed) {
    button.disabled = !allowed || this.busy !== null;
  },

  /** A row of call buttons ({call, label, body, confirm?}): each asks for a confirmation. */
  calls(defs) {
    const { h } = app;
    const buttons = defs.map((d) => h("button", { type: "button",
      class: `primary call-${d.call === "exact" ? "exact" : "bullshit"}`, id: this.id(d.call),
      "aria-describedby": this.id("call-why"), "data-call": d.call,
      onclick: (event) => this.askCall(event.currentTarget, d) }, d.label));
    const why = h("p", { class: "hint", id: this.id("call-why") });
    const box = h("div", { class: "play-calls" }, h("div", { class: "pair", role: "group",
      "aria-label": "Call" }, buttons), why);
    box.buttons = buttons;
    box.why = why;
    return box;
  },

  /** Show a screen's calls on this turn, disabled with the reason while nothing is called. */
  showCalls(box, shown, why) {
    box.hidden = !shown || Boolean(this.pendingCall); // a call asked: its question shows
    for (const button of box.buttons) this.allow(button, !why && this.sending !== true);
    box.why.textContent = why;
    box.why.hidden = !why;
  },

  askCall(button, def) {
    const last = this.view.declarations[this.view.declarations.length - 1];
    this.pendingCall = { ...def, version: this.view.version };
    this.confirmText.textContent = `${def.confirm || `Call ${def.label.replace(/!$/, "")}`}` +
      (last ? ` on ${last.player}?` : "?");
    this.confirmButton.textContent = def.confirm ? `Yes: ${def.label}` : `Yes, ${def.label}`;
    this.confirmButton.disabled = false;
    this.render();
    this.confirmButton.focus();
  },

  cancelCall() {
    this.pendingCall = null;
    this.render();
  },

  /** The confirmed call, sent once: the button stays disabled until the answer. */
  async confirmCall() {
    const pending = this.pendingCall;
    if (!pending || this.sending) return;
    this.sending = true;
    this.confirmButton.disabled = true;
    try {
      await this.tap(this.confirmButton, pending.body);
    } finally {
      this.sending = false;
      this.pendingCall = null;
      this.render();
    }
  },

  sendRuling(ruling) {
    this.tap(app.$(`#${this.id(ruling)}`), { type: "ruling", ruling });
  },

  async start(button) {
    this.clearError();
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
    this.clearError();
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
    this.clearError();
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

  /** A refused move or control, shown where it was tapped: the board, or the display. */
  showError(text) {
    if (this.tableDisplay && !this.tableDisplay.el.hidden) {
      this.tableDisplay.showError(text);
      return;
    }
    this.error.textContent = text;
    this.error.hidden = false;
  },

  clearError() {
    this.error.hidden = true;
    if (this.tableDisplay) this.tableDisplay.clearError();
  },

  showCheck(el, legal, reason) {
    el.textContent = `${legal ? "✓" : "✗"} ${reason}`;
    el.className = `raise-check ${legal ? "ok" : "bad"}`;
    el.dataset.legal = String(legal);
    el.hidden = false;
  },

  /** A raise the advisor suggested, put in the move form (the player still sends it). */
  useAdvice(move) {
    this.closeSheets();
    if (this.screen && this.screen.useAdvice) this.screen.useAdvice(this, move);
  },

  toggleHidden() {
    const hidden = this.hideButton.getAttribute("aria-pressed") !== "true";
    try { localStorage.setItem(HIDE_KEY, hidden ? "1" : ""); } catch { /* private mode */ }
    this.render();
  },

  /** This phone leaves the table (a second tap confirms, unless the game is over).  A player
   * still in a game is first taken out of it on the server (`remove`, their own: they are
   * out, the game goes on without them), then the phone forgets the seat; a server that
   * cannot be told keeps the seat here, and says so. */
  async leave(button = this.leaveButton) {
    const view = this.view;
    const inGame = Boolean(view && (view.phase === "playing" || view.phase === "reveal")
      && view.you.seat !== false && !isOut(view, seatOf(view, view.you.name)));
    this.leaveError.hidden = true;
    if (button.dataset.armed !== "true" && view && view.phase !== "over") {
      button.dataset.armed = "true";
      button.textContent = inGame ? "Tap again: you leave this game and this phone forgets " +
        "its seat" : "Tap again: this phone forgets its seat";
      return;
    }
    if (inGame && this.seat) {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      try {
        await this.seat.move({ type: "remove", player: view.you.name });
      } catch (error) {
        if (!error.status || error.status >= 500) { // not told: the seat stays
          this.leaveError.textContent = `${error.message} You are still at the table.`;
          this.leaveError.hidden = false;
          return;
        } // refused (out already, the game just ended): nothing to take out of
      } finally {
        button.disabled = false;
        button.removeAttribute("aria-busy");
      }
    }
    delete button.dataset.armed;
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
    offerTheTable();
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
  window.addEventListener("hashchange", () => play.render());
  app.route();
}
