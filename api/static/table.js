// At the table: a whole game followed move by move, for each game whose folder has a referee
// table (games/NAME/table.js: Liars' Letters at #table, Liar's Dice at #dicetable).
//
// The screen holds no rule.  A game is {rules, players, events}, exactly the replay JSON of
// `liars letters replay` / `liars dice replay`; every move appends one event and sends the
// whole list to POST /api/v1/letters/replay (or /dice/replay): to the referee server when it
// answers, else to the page's own engine, which replays it the same way (client.js), so a
// game goes on on a static site and when the server goes away.  The move counts only when the
// referee answers "ok"; the screen then shows the state it answered.  The game lives in
// localStorage (a reload, a closed tab or a locked phone loses nothing), exports as that JSON
// and imports from it.  Loaded by app.js after the first screen is ready.

import { PAGE_GAMES } from "./engine/tables.js";
import { fill, plural, TEXT, upper } from "./screenkit.js";
import { app, shapeText, useApp } from "./tablekit.js";

const STORE = "liars.table.";

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
    this.show(answer.state, answer);
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
      this.show(answer.state, answer);
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
    this.showGame(answer.state, answer);
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
      this.showGame(answer.state, answer);
      this.showMessage(`${what}: move ${kept + 1} was refused (${answer.error.message}); ` +
        `the game goes on from the ${plural(kept, "move")} before it.`, "bad");
      return;
    }
    save(this.spec.key, this.game);
    this.showGame(answer.state, answer);
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
    this.answeredBy = h("div", { id: id("answered-by") });
    this.board = h("div", { class: "table-board", hidden: true },
      this.status, this.result, this.undecided, this.actions.element, this.answeredBy,
      this.tools, this.history);
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

  showGame(state, answer = null) {
    this.setup.element.hidden = true;
    this.board.hidden = false;
    this.section.dataset.view = "game";
    this.show(state, answer);
    this.section.dataset.ready = "true";
  }

  /** Show the state the referee answered; `answer` (its whole reply) says who answered it:
   * the server, or this phone's engine (as every other screen says). */
  show(state, answer = null) {
    this.state = state;
    this.undecided.hidden = true;
    if (answer) this.answeredBy.replaceChildren(...[app.answerNote(answer)].filter(Boolean));
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

// --- start -----------------------------------------------------------------------------------

/** The games with a referee table (games/NAME/table.js), as the generated tables list each
 * game's modules, in the registry's order. */
async function tableSpecs() {
  const tabled = Object.keys(PAGE_GAMES).filter((name) => PAGE_GAMES[name].includes("table.js"));
  return Promise.all(tabled.map(async (name) => (await import(`./games/${name}/table.js`)).default));
}

export async function start(helpers) {
  useApp(helpers);
  for (const spec of await tableSpecs()) {
    const section = document.getElementById(`screen-${spec.screen}`);
    if (!section) continue;
    const table = new Table(spec);
    table.section = section;
    table.build(app.$("[data-table]", section));
    table.resume();
  }
  app.route();
}
