// At the table: a whole game of Liars' Letters (#table) or Liar's Dice (#dicetable),
// followed move by move.
//
// The screen holds no rule.  A game is {rules, players, events}, exactly the replay JSON of
// `liars letters replay` / `liars dice replay`; every move appends one event and sends the
// whole list to POST /api/v1/letters/replay (or /dice/replay): to the referee server when it
// answers, else to the page's own engine, which replays it the same way (client.js), so a
// game goes on on a static site and when the server goes away.  The move counts only when the
// referee answers "ok"; the screen then shows the state it answered.  The game lives in
// localStorage (a reload, a closed tab or a locked phone loses nothing), exports as that JSON
// and imports from it.  Loaded by app.js after the first screen is ready.

const STORE = "liars.table.";
const DEBOUNCE_MS = 250;

let app; // app.js's helpers: h, $, $$, postJSON, route

const TEXT = { autocorrect: "off", spellcheck: "false", autocomplete: "off" };

function load(key) {
  try {
    const game = JSON.parse(localStorage.getItem(STORE + key));
    if (game && Array.isArray(game.players) && Array.isArray(game.events)) return game;
  } catch { /* nothing saved, or not ours */ }
  return null;
}

function save(key, game) {
  try {
    if (game) localStorage.setItem(STORE + key, JSON.stringify(game));
    else localStorage.removeItem(STORE + key);
  } catch { /* private mode: the game lasts as long as the tab */ }
}

const upper = (words) => words.map((w) => w.toUpperCase()).join(", ");
const shapeText = (shape) => "(" + shape.join(", ") + ")";
const ARROW = { clockwise: "↻ clockwise", counterclockwise: "↺ counterclockwise" };
const plural = (n, one, many = one + "s") => `${n} ${n === 1 ? one : many}`;

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th"}`;
}

/** A player's final place: the last one in is 1st, the first to go out is last. */
const placeOf = (state, player) => state.players.length - state.out.indexOf(player);

/** A seat's count as the table reads it: "3 tiles", "out · 3rd place", "winner · 2 tiles". */
function seatCount(state, player, held, winner) {
  if (state.out.includes(player)) return `out · ${ordinal(placeOf(state, player))} place`;
  return player === winner ? `winner · ${held}` : held;
}

/** The line under the winner: how long the game took. */
const gameOverLine = (rounds) => `Game over after ${plural(rounds, "round")}.`;

/** Replace an element's children, skipping the null of a condition not met. */
function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

function debounce(fn) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), DEBOUNCE_MS); };
}

/** The players typed in seat order: one a line (commas also separate). */
function readPlayers(text) {
  return text.split(/[\n,]+/).map((name) => name.trim()).filter(Boolean);
}

// --- what both tables share: the game, its storage, replaying, undo, export, import --------

class Table {
  constructor(spec) {
    this.spec = spec;
    this.game = load(spec.key);
    this.state = null;
    this.pending = null; // an event waiting for the table's ruling
    this.id = (name) => `${spec.prefix}-${name}`;
  }

  /** Replay `events` (all of them) and answer the referee's JSON; a 4xx throws ApiError. */
  replay(events, game = this.game) {
    return app.postJSON(this.spec.endpoint,
      { rules: game.rules, players: game.players, events });
  }

  /** Try one more move: it counts only if the referee replays it as legal. */
  async play(event) {
    this.clearMessages();
    const events = [...this.game.events, event];
    let answer;
    try {
      answer = await this.replay(events);
    } catch (error) {
      this.showFieldError(error);
      return false;
    }
    if (!answer.ok) {
      if (answer.error.code === "undecided" && answer.event_index === events.length - 1) {
        this.pending = event;
        this.showUndecided(answer);
      } else {
        this.showFieldError(answer.error);
      }
      return false;
    }
    this.pending = null;
    this.game.events = events;
    save(this.spec.key, this.game);
    this.show(answer.state);
    return true;
  }

  async undo() {
    if (!this.game || !this.game.events.length) return;
    this.clearMessages();
    this.pending = null;
    const events = this.game.events.slice(0, -1);
    try {
      const answer = await this.replay(events);
      this.game.events = events;
      save(this.spec.key, this.game);
      this.show(answer.state);
      this.spec.afterMove(this);
      this.showMessage(`Undone. ${plural(events.length, "move")} left.`, "note");
    } catch (error) {
      this.showMessage(error.message, "bad");
    }
  }

  /** Start a game from the setup form: the referee checks the players and rules. */
  async start(game) {
    this.clearMessages();
    let answer;
    try {
      answer = await this.replay([], game);
    } catch (error) {
      this.showFieldError(error);
      return;
    }
    this.game = { rules: game.rules, players: game.players, events: [] };
    save(this.spec.key, this.game);
    this.keepLexicon();
    this.showGame(answer.state);
  }

  /** The game's lexicon, kept on the phone (the game goes on if the server goes away) and,
   * with no server to ask, made ready for the calls' searches. */
  keepLexicon() {
    const lexicon = this.game && this.game.rules && this.game.rules.lexicon;
    if (lexicon && app.keepOffline) app.keepOffline(lexicon);
    if (lexicon && app.warmUp) app.warmUp(lexicon, { index: true });
  }

  /** Replay the saved game on opening: the state is never stored, only the moves. */
  async resume() {
    if (!this.game) { this.showSetup(); return; }
    try {
      const answer = await this.replay(this.game.events);
      this.adopt(answer, "The saved game");
      this.keepLexicon();
    } catch (error) {
      this.showSetup(true);
      this.showMessage(`The saved game cannot be replayed: ${error.message}`, "bad");
    }
  }

  /** Keep the legal moves of an answer; say where and why the rest was refused. */
  adopt(answer, what) {
    if (!answer.ok) {
      const kept = answer.event_index;
      this.game.events = this.game.events.slice(0, kept);
      save(this.spec.key, this.game);
      this.showGame(answer.state);
      this.showMessage(`${what}: move ${kept + 1} was refused (${answer.error.message}); ` +
        `the game goes on from the ${plural(kept, "move")} before it.`, "bad");
      return;
    }
    save(this.spec.key, this.game);
    this.showGame(answer.state);
  }

  exportGame() {
    const text = JSON.stringify(this.game, null, 2) + "\n";
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = app.h("a", { href: url, download: this.spec.file, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    this.showMessage(`Exported ${plural(this.game.events.length, "move")} as ${this.spec.file}.`,
      "note");
  }

  async importFile(file) {
    this.clearMessages();
    let game;
    try {
      game = JSON.parse(await file.text());
    } catch {
      this.showMessage(`${file.name} is not a game saved as JSON.`, "bad");
      return;
    }
    if (!game || typeof game !== "object" || !Array.isArray(game.players) ||
        !Array.isArray(game.events || [])) {
      this.showMessage(`${file.name} is not a replay: it needs "players" and "events".`, "bad");
      return;
    }
    const candidate = { rules: game.rules || {}, players: game.players, events: game.events || [] };
    let answer;
    try {
      answer = await this.replay(candidate.events, candidate);
    } catch (error) {
      this.showMessage(`${file.name} cannot be replayed: ${error.message}`, "bad");
      return;
    }
    this.game = candidate;
    this.pending = null;
    this.adopt(answer, `Imported ${file.name}`);
    if (answer.ok) {
      this.showMessage(`Imported ${file.name}: ${plural(candidate.events.length, "move")}.`,
        "note");
    }
  }

  // --- the screen ---------------------------------------------------------------------------

  build(container) {
    const { h } = app;
    const id = this.id;
    this.setup = this.spec.buildSetup(this);
    this.message = h("p", { id: id("message"), class: "table-message", role: "status",
      "aria-live": "polite", hidden: true });
    this.status = h("div", { id: id("status"), class: "table-status", "aria-live": "polite" });
    this.result = h("div", { id: id("result"), class: "result", "aria-live": "polite",
      tabindex: "-1", hidden: true });
    this.undecided = h("div", { id: id("undecided"), class: "result bad", role: "alert",
      hidden: true });
    this.actions = this.spec.buildActions(this);
    this.history = h("details", { class: "more", id: id("history") },
      h("summary", {}, "Every round so far"), h("ol", { class: "table-history" }));
    const importInput = h("input", { type: "file", id: id("import-file"),
      accept: ".json,application/json", hidden: true,
      "aria-label": "Import a game from a JSON file" });
    importInput.addEventListener("change", () => {
      const [file] = importInput.files;
      importInput.value = "";
      if (file) this.importFile(file);
    });
    this.tools = h("div", { class: "table-tools", role: "group", "aria-label": "The game" },
      h("button", { type: "button", class: "secondary", id: id("undo"),
        onclick: () => this.undo() }, "Undo"),
      h("button", { type: "button", class: "secondary", id: id("export"),
        onclick: () => this.exportGame() }, "Export"),
      h("button", { type: "button", class: "secondary", id: id("new"),
        onclick: () => this.showSetup(true) }, "New game"));
    this.importButton = h("button", { type: "button", class: "secondary", id: id("import"),
      onclick: () => importInput.click() }, "Import a game");
    this.board = h("div", { class: "table-board", hidden: true },
      this.status, this.result, this.undecided, this.actions.element, this.tools, this.history);
    container.append(this.message, this.setup.element, this.board,
      h("div", { class: "table-import" }, importInput, this.importButton));
  }

  showSetup(keepGame = false) {
    this.clearMessages();
    this.spec.fillSetup(this, this.game);
    this.setup.back.hidden = !(keepGame && this.game);
    this.setup.element.hidden = false;
    this.board.hidden = true;
    this.section.dataset.view = "setup";
    this.section.dataset.ready = "true";
  }

  showGame(state) {
    this.setup.element.hidden = true;
    this.board.hidden = false;
    this.section.dataset.view = "game";
    this.show(state);
    this.section.dataset.ready = "true";
  }

  show(state) {
    this.state = state;
    this.undecided.hidden = true;
    this.spec.renderStatus(this, state);
    this.spec.renderActions(this, state);
    this.spec.renderResult(this, state);
    this.spec.renderHistory(this, state);
    app.$(`#${this.id("undo")}`).disabled = !this.game.events.length;
    this.section.dataset.moves = String(this.game.events.length);
    // After every move the state is what the table looks at first: who acts, what to beat.
    if (!this.section.hidden) window.scrollTo({ top: 0, behavior: "instant" });
  }

  clearMessages() {
    this.message.hidden = true;
    this.message.textContent = "";
    for (const el of app.$$(".error", this.section)) { el.hidden = true; el.textContent = ""; }
    for (const el of app.$$("[aria-invalid]", this.section)) el.removeAttribute("aria-invalid");
  }

  showMessage(text, kind) {
    this.message.textContent = text;
    this.message.className = `table-message ${kind}`;
    this.message.hidden = false;
    if (!this.section.hidden) this.message.scrollIntoView({ block: "nearest" });
  }

  /** A 4xx names a field ("events[3].tiles", "rules.tile_limit", "players"): show it there. */
  showFieldError(error) {
    const field = (error.field || "").replace(/^events\[\d+\]\.?/, "");
    const input = this.spec.inputFor(this, field);
    const target = input && document.getElementById(`${input.id}-error`);
    if (!target || (input.closest("[hidden]"))) { this.showMessage(error.message, "bad"); return; }
    target.textContent = error.message;
    target.hidden = false;
    input.setAttribute("aria-invalid", "true");
    // The referee's reason, once: the check shown as it was typed says the same.
    for (const check of app.$$(".raise-check", this.section)) check.hidden = true;
    input.focus();
  }

  showUndecided(answer) {
    const { h } = app;
    const known = answer.undecided || {};
    fill(this.undecided,
      h("h3", {}, "The referee cannot decide"),
      h("p", {}, answer.error.message.replace(/\. The table decides:.*$/, ".")),
      known.highest && known.highest.length ? h("p", { class: "hint" }, "Known to exist: ",
        h("span", { class: "words" }, upper(known.highest)), " ",
        h("span", { class: "shape" }, shapeText(known.highest_shape || []))) : null,
      h("p", {}, h("strong", {}, "The table decides. Was the call right?")),
      h("div", { class: "pair" },
        h("button", { type: "button", class: "primary", id: this.id("upheld"),
          onclick: () => this.rulePending("upheld") }, "Right: upheld"),
        h("button", { type: "button", class: "secondary", id: this.id("rejected"),
          onclick: () => this.rulePending("rejected") }, "Wrong: rejected")));
    this.undecided.hidden = false;
    this.undecided.scrollIntoView({ block: "nearest" });
  }

  async rulePending(ruling) {
    if (!this.pending) return;
    const event = { ...this.pending, ruling };
    if (await this.play(event)) this.spec.afterMove(this);
  }

  field(name, label, hint, attrs = {}) {
    const { h } = app;
    const { tag, count, ...rest } = attrs;
    const input = h(tag || "input", { id: this.id(name), name, type: tag ? null : "text",
      ...TEXT, "aria-describedby": `${this.id(name)}-hint ${this.id(name)}-error`, ...rest });
    const element = h("div", { class: "field" },
      h("label", { for: this.id(name) }, label, count ? " " : null, count || null),
      input,
      h("p", { class: "hint", id: `${this.id(name)}-hint` }, hint),
      h("p", { class: "error", id: `${this.id(name)}-error`, role: "alert", hidden: true }));
    return { input, element };
  }

  select(name, label, choices, value) {
    const { h } = app;
    const input = h("select", { id: this.id(name), name,
      "aria-describedby": `${this.id(name)}-error` },
      choices.map(([v, text]) => h("option", { value: v }, text)));
    input.value = value;
    const element = h("div", { class: "field" },
      h("label", { for: this.id(name) }, label), input,
      h("p", { class: "error", id: `${this.id(name)}-error`, role: "alert", hidden: true }));
    return { input, element };
  }
}

/** The setup form both games share: players, the game's own options, Start. */
function buildSetupForm(table, options, readRules) {
  const { h } = app;
  const players = table.field("players", "Players, in seat order (clockwise)",
    "One name a line, 2 to 20 players; the first opens.",
    { tag: "textarea", rows: 4, autocapitalize: "words", inputmode: "text" });
  const back = h("button", { type: "button", class: "secondary", id: table.id("back"),
    onclick: () => { table.clearMessages(); table.resume(); } }, "Back to the game");
  const form = h("form", { class: "card", id: table.id("setup"), novalidate: true },
    h("h3", {}, "New game"), players.element, ...options.map((o) => o.element),
    h("button", { type: "submit", class: "primary", id: table.id("start") }, "Start the game"),
    back);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    table.start({ rules: readRules(), players: readPlayers(players.input.value), events: [] });
  });
  return { element: form, players: players.input, back };
}

function renderHistory(table, state, line) {
  const { h } = app;
  const list = app.$("ol", table.history);
  list.replaceChildren(...state.rounds.map((round, i) => h("li", {}, line(round, i))));
  table.history.hidden = !state.rounds.length;
}

// --- Liars' Letters ----------------------------------------------------------------------

const LETTERS = {
  key: "letters",
  prefix: "tl",
  endpoint: "/letters/replay",
  file: "liars-letters-game.json",

  buildSetup(table) {
    const lexicons = [...document.querySelectorAll("#lexicon option")]
      .map((o) => [o.value, o.textContent]);
    const tileSets = [...document.querySelectorAll("#tile-set option")]
      .map((o) => [o.value, o.textContent]);
    const limits = Array.from({ length: 20 }, (_, i) => [String(i + 1), String(i + 1)]);
    this.lexicon = table.select("lexicon", "Lexicon", lexicons,
      document.querySelector("#lexicon").value);
    this.tileSet = table.select("tile_set", "Tile set", tileSets,
      document.querySelector("#tile-set").value);
    this.tileLimit = table.select("tile_limit", "Tile limit (more is out)", limits, "4");
    return buildSetupForm(table, [this.lexicon, this.tileSet, this.tileLimit], () => ({
      lexicon: this.lexicon.input.value, tile_set: this.tileSet.input.value,
      tile_limit: Number(this.tileLimit.input.value),
    }));
  },

  fillSetup(table, game) {
    // The lexicon list may have been filled from the server since the form was built.
    const current = [...document.querySelectorAll("#lexicon option")];
    if (current.length) {
      const keep = this.lexicon.input.value;
      this.lexicon.input.replaceChildren(...current.map((o) => app.h("option",
        { value: o.value }, o.textContent)));
      this.lexicon.input.value = keep;
    }
    if (!game) return;
    table.setup.players.value = game.players.join("\n");
    const rules = game.rules || {};
    if (rules.lexicon) this.lexicon.input.value = rules.lexicon;
    if (rules.tile_set) this.tileSet.input.value = rules.tile_set;
    if (rules.tile_limit) this.tileLimit.input.value = String(rules.tile_limit);
  },

  inputFor(table, field) {
    const name = field.replace(/^rules\./, "");
    const ids = { words: "words", tiles: "tiles", players: "players", lexicon: "lexicon",
                  tile_set: "tile_set", tile_limit: "tile_limit" };
    return ids[name] ? document.getElementById(table.id(ids[name])) : null;
  },

  buildActions(table) {
    const { h } = app;
    const words = table.field("words", "Declare a word set", "Words separated by spaces or commas.",
      { autocapitalize: "characters", inputmode: "text", enterkeyhint: "go", placeholder: "BIG, G" });
    const check = h("p", { id: table.id("raise-check"), class: "raise-check", "aria-live": "polite",
      hidden: true });
    const declare = h("button", { type: "submit", class: "primary", id: table.id("declare") },
      "Declare");
    const declareForm = h("form", { class: "card", id: table.id("declare-form"), novalidate: true },
      words.element, check, declare,
      h("div", { class: "pair", role: "group", "aria-label": "Call on the declaration",
        id: table.id("calls") },
        h("button", { type: "button", class: "primary call-bullshit", id: table.id("bullshit"),
          onclick: () => this.openCall(table, "bullshit") }, "Bullshit"),
        h("button", { type: "button", class: "primary call-exact", id: table.id("exact"),
          onclick: () => this.openCall(table, "exact") }, "Exact")));
    declareForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!table.state || !table.state.to_move) return;
      const ok = await table.play({ type: "declare", player: table.state.to_move,
                                    words: words.input.value });
      if (ok) this.afterMove(table);
    });
    const checkRaise = debounce(() => this.checkRaise(table));
    words.input.addEventListener("input", () => {
      words.input.removeAttribute("aria-invalid");
      document.getElementById(`${words.input.id}-error`).hidden = true;
      checkRaise();
    });

    const count = h("span", { class: "count", id: table.id("tiles-count") });
    const tiles = table.field("tiles", "Revealed tiles", "Every tile of every player still in, all together.",
      { autocapitalize: "characters", inputmode: "text", enterkeyhint: "done",
        placeholder: "B I G G E R", count });
    tiles.input.addEventListener("input", () => this.countTiles(table));
    const callTitle = h("h3", { id: table.id("call-title") });
    const callForm = h("form", { class: "card", id: table.id("call-form"), novalidate: true,
      hidden: true, "aria-labelledby": table.id("call-title") },
      callTitle, tiles.element,
      h("button", { type: "submit", class: "primary", id: table.id("rule") }, "Rule the call"),
      h("button", { type: "button", class: "secondary", id: table.id("cancel"),
        onclick: () => this.closeCall(table) }, "Cancel"));
    callForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!table.state || !table.state.to_move) return;
      const ok = await table.play({ type: "call", player: table.state.to_move,
                                    call: callForm.dataset.call, tiles: tiles.input.value });
      if (ok) this.afterMove(table);
    });
    Object.assign(this, { words: words.input, check, declareForm, callForm, callTitle,
                          tiles: tiles.input, count });
    this.calls = app.$(`#${table.id("calls")}`, declareForm);
    return { element: h("div", { class: "table-actions" }, declareForm, callForm) };
  },

  openCall(table, call) {
    if (!table.state || !table.state.to_move) return;
    table.clearMessages();
    this.callForm.dataset.call = call;
    const last = table.state.last;
    this.callTitle.textContent = `${table.state.to_move} calls ${call === "exact" ? "Exact" : "Bullshit"}` +
      (last ? ` on ${upper(last.declared)}` : "");
    this.declareForm.hidden = true;
    this.callForm.hidden = false;
    this.countTiles(table);
    this.tiles.focus();
  },

  closeCall(table) {
    this.callForm.hidden = true;
    this.declareForm.hidden = !(table.state && table.state.to_move);
    table.clearMessages();
  },

  afterMove(table) {
    this.words.value = "";
    this.tiles.value = "";
    this.check.hidden = true;
    this.callForm.hidden = true;
    this.declareForm.hidden = !table.state.to_move;
  },

  /** The count of letters typed beside the count in play: a guide; the referee decides. */
  countTiles(table) {
    const typed = (this.tiles.value.match(/[A-Za-z]/g) || []).length;
    const held = table.state ? table.state.tiles_in_play : 0;
    this.count.textContent = `${typed} of ${held}`;
    this.count.className = `count ${typed === held ? "count-ok" : "count-off"}`;
    this.count.dataset.match = String(typed === held);
  },

  async checkRaise(table) {
    const text = this.words.value;
    if (!text.trim() || !table.state) { this.check.hidden = true; return; }
    if (this.words.getAttribute("aria-invalid") === "true") return; // the reason is shown
    const last = table.state.last;
    try {
      const data = await app.postJSON("/letters/raise", {
        previous: last ? last.declared : null, declared: text,
        lexicon: (table.game.rules || {}).lexicon });
      if (this.words.value !== text) return; // typed on meanwhile
      this.check.textContent = data.legal ? `✓ ${data.reason}` : `✗ ${data.reason}`;
      this.check.className = `raise-check ${data.legal ? "ok" : "bad"}`;
      this.check.dataset.legal = String(data.legal);
    } catch (error) {
      if (this.words.value !== text) return;
      this.check.textContent = `✗ ${error.message}`;
      this.check.className = "raise-check bad";
      this.check.dataset.legal = "false";
    }
    this.check.hidden = false;
  },

  renderStatus(table, state) {
    const { h } = app;
    const last = state.last;
    const seats = state.players.map((p) => {
      const out = state.out.includes(p);
      return h("li", { "data-player": p, "data-tiles": out ? "out" : String(state.tiles[p]),
        class: [p === state.to_move ? "to-move" : "", out ? "out" : ""].join(" ").trim() || null },
        h("span", { class: "seat-name" }, p),
        h("span", { class: "seat-count" },
          seatCount(state, p, out ? "" : plural(state.tiles[p], "tile"), state.winner)));
    });
    fill(table.status,
      state.winner
        ? h("p", { class: "table-winner", id: table.id("winner") }, `🏆 ${state.winner} wins`)
        : h("p", { class: "table-turn" }, h("span", { class: "hint" }, "To act"),
          h("strong", { id: table.id("to-move") }, state.to_move)),
      state.winner ? null : h("p", { class: "table-line" },
        h("span", { id: table.id("round") }, `Round ${state.round}`), " · ",
        h("span", { id: table.id("direction") }, ARROW[state.direction])),
      h("p", { class: "table-line", id: table.id("declaration") }, last
        ? [h("span", { class: "hint" }, "To beat: "), h("span", { class: "words" },
          upper(last.declared)), " ", h("span", { class: "shape" }, shapeText(last.shape)),
          ` by ${last.player}`]
        : state.winner ? gameOverLine(state.rounds.length)
          : `No declaration yet: ${state.opener} opens.`),
      h("ul", { class: "seats", id: table.id("seats"), "aria-label": "Players in seat order" },
        seats),
      state.winner ? null : h("p", { class: "hint" }, `${plural(state.tiles_in_play, "tile")} in play.`));
  },

  renderActions(table, state) {
    this.declareForm.hidden = !state.to_move || !this.callForm.hidden;
    if (!state.to_move) this.callForm.hidden = true;
    this.calls.hidden = !state.last; // nothing to call on before the round's first declaration
    this.check.hidden = true;
    this.countTiles(table);
  },

  renderResult(table, state) {
    const { h } = app;
    const round = state.rounds[state.rounds.length - 1];
    if (!round || state.declarations.length) { table.result.hidden = true; return; }
    const ruling = round.ruling;
    const referee = ruling.referee;
    const call = round.call;
    const named = call.call === "exact" ? "Exact" : "Bullshit";
    const right = ruling.decision === "upheld";
    table.result.className = `result ${right ? "ok" : "bad"}`;
    table.result.dataset.decision = ruling.decision;
    table.result.dataset.by = ruling.by;
    fill(table.result,
      h("p", { class: "hint" }, `Round ${round.round}: ${call.player} called ${named} on `,
        h("span", { class: "words" }, upper(call.declared)), ` (${call.declarer}).`),
      h("h3", {}, `${named} was ${right ? "right" : "wrong"}`,
        ruling.by === "table" ? " (the table's ruling)" : ""),
      h("ul", { class: "facts" },
        h("li", {}, h("span", { class: "words" }, upper(call.declared)), " ",
          h("strong", {}, referee.exists ? "exists" : "does not exist"),
          ` among ${call.tiles || "no tiles"}.`),
        call.call === "exact" ? h("li", {}, "Highest possible: ",
          referee.highest.length ? h("span", { class: "words" }, upper(referee.highest)) : "nothing",
          " ", h("span", { class: "shape" }, shapeText(referee.highest_shape)),
          ruling.by === "table" ? " (not proven)" : "") : null),
      h("ul", { class: "ruling", "aria-label": "Tile changes" },
        round.tile_changes.map((c) => h("li", {}, h("span", {}, c.player),
          h("span", { class: `delta ${c.out ? "up" : c.change > 0 ? "up" : "down"}` },
            c.out ? `${c.before} → out` : `${c.before} → ${c.after} tiles`)))),
      round.out.length ? h("p", { class: "ruling-line" }, `${round.out.join(", ")} ${round.out.length === 1 ? "is" : "are"} out.`) : null,
      round.winner ? h("p", { class: "ruling-line" }, `${round.winner} wins the game.`)
        : h("p", { class: "ruling-line", id: table.id("next") },
          `Next: ${round.next_opener} opens, ${ARROW[round.next_direction]}.`));
    table.result.hidden = false;
  },

  renderHistory(table, state) {
    renderHistory(table, state, (round) => {
      const said = round.declarations.map((d) => `${d.player} ${upper(d.words)}`).join(" · ");
      const changes = round.tile_changes.map((c) => `${c.player} ${c.out ? "out" :
        (c.change >= 0 ? "+" : "−") + Math.abs(c.change)}`).join(", ");
      return `${said} · ${round.call.player} ${round.call.call}: ${round.ruling.decision}` +
        `${round.ruling.by === "table" ? " (table)" : ""}; ${changes || "no change"}`;
    });
  },
};

// --- Liar's Dice -------------------------------------------------------------------------

const DICE = {
  key: "dice",
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
        ? h("p", { class: "table-winner", id: table.id("winner") }, `🏆 ${winner} wins`)
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

/** Dice as typed: "6 6 1" or "6,6,1", or a run of digits one die each ("661"). */
function readDice(text) {
  const parts = /[\s,]/.test(text.trim()) ? text.split(/[\s,]+/) : [...text.trim()];
  return parts.filter(Boolean).map((d) => (/^\d+$/.test(d) ? Number(d) : d));
}

// --- start -----------------------------------------------------------------------------------

export function start(helpers) {
  app = helpers;
  for (const [spec, screen] of [[LETTERS, "table"], [DICE, "dicetable"]]) {
    const section = document.getElementById(`screen-${screen}`);
    if (!section) continue;
    const table = new Table(spec);
    table.section = section;
    table.build(app.$("[data-table]", section));
    table.resume();
  }
  app.route();
}
