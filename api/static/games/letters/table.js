// The Liars' Letters table (#table): its options, moves and what it shows; table.js runs it.

import { withIcon } from "../../icons.js";
import { ARROW, fill, plural, upper } from "../../screenkit.js";
import {
  app, buildSetupForm, debounce, gameOverLine, renderHistory, seatCount, shapeText,
} from "../../tablekit.js";

export const LETTERS = {
  key: "letters",
  screen: "table",  // index.html's #screen-table
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
        ? h("p", { class: "table-winner", id: table.id("winner") }, withIcon("trophy", `${state.winner} wins`))
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

export default LETTERS;
