// The house leaderboard (#leaderboard): each game's best rated players, from the referee
// server (GET /api/v1/leaderboard/GAME), and this phone's profile, its page: each game's
// rating (or provisional), a chart of it over its rated games, games, opponents and places
// (GET /api/v1/profiles/ID with its key).  The profile is made here (a name), shown as a
// code and a QR code to take it to another phone, or taken over from one (the code typed,
// or the QR code's link opened); its key leaves this phone no other way.  The server
// rates; this screen only shows.  Loaded by app.js after the first screen is ready.

import { keepProfile, keptProfile, linkedCode, profileCode, profileLink,
  readProfileCode } from "./profile.js";
import { qrCanvas } from "./qr.js";
import { ratingChart } from "./ratingchart.js";
import { PlayError, api } from "./rooms.js";
import { SCREENS, titleOf } from "./screens/index.js";
import { TEXT, fill, plural } from "./screenkit.js";
import { ordinal } from "./tablekit.js";

// Every game a table plays on every phone (play.js), each with its own leaderboard.
const GAMES = SCREENS.map((screen) => [screen.game, screen.title]);
const GAME_KEY = "liars.leaderboard.game"; // the game last looked at
const ESTABLISHED = 3; // different opponents met before a profile is listed (the server's)
const COUNTS = "A game counts when every seat is a person with a profile, and everyone " +
  "in it plays it out: no computer player, no one taken off, everyone making moves of " +
  "their own. One group of players counts a set number of games a day (10 unless the " +
  "server is set otherwise). A profile is listed " +
  `once it has played ${ESTABLISHED} different opponents at that game.`;

let app; // app.js's helpers: h, $, wireForm, registerScreen, route

const board = {
  loading: 0,

  id: (name) => `board-${name}`,

  build() {
    const { h } = app;
    this.list = h("ol", { class: "board-list", id: this.id("list"),
      "aria-labelledby": this.id("list-title") });
    this.listTitle = h("h3", { id: this.id("list-title") });
    this.empty = h("p", { class: "hint", id: this.id("empty"), hidden: true });
    this.error = h("p", { class: "error", id: this.id("error"), role: "alert", hidden: true });
    this.profile = h("section", { class: "card", id: this.id("profile"),
      "aria-labelledby": this.id("profile-title") });
    this.take = this.buildTake();
    this.section = h("section", { id: "screen-leaderboard", class: "screen", hidden: true,
      "data-title": "Leaderboard", "aria-labelledby": this.id("heading") },
      h("a", { class: "back", href: "#games" }, "‹ Other games"),
      h("h2", { id: this.id("heading"), class: "visually-hidden" }, "Leaderboard"),
      h("fieldset", { class: "segments", id: this.id("game-choice") }, h("legend", {}, "Game"),
        h("div", { class: "segment-row" }, GAMES.map(([value, title]) =>
          h("label", { class: "segment" }, h("input", { type: "radio", name: "board-game",
            value, id: this.id(`game-${value}`) }), h("span", {}, title))))),
      h("div", { class: "card", id: this.id("card") }, this.listTitle, this.list, this.empty,
        this.error, h("p", { class: "hint" }, COUNTS)),
      this.profile);
    let game = null;
    try { game = localStorage.getItem(GAME_KEY); } catch { /* private mode */ }
    this.game = GAMES.some(([value]) => value === game) ? game : GAMES[0][0];
    app.$(`#${this.id(`game-${this.game}`)}`, this.section).checked = true;
    this.section.addEventListener("change", (event) => {
      if (event.target.name !== "board-game") return;
      this.game = event.target.value;
      try { localStorage.setItem(GAME_KEY, this.game); } catch { /* private mode */ }
      this.load();
    });
    return this.section;
  },

  // --- the leaderboard ------------------------------------------------------------------

  /** The chosen game's leaderboard, from the server. */
  async load() {
    const { h } = app;
    const seq = ++this.loading;
    const game = this.game;
    this.listTitle.textContent = GAMES.find(([value]) => value === game)[1];
    this.section.dataset.loaded = "";
    let data;
    try {
      data = await api("GET", `/leaderboard/${game}`);
    } catch (error) {
      if (seq !== this.loading) return;
      fill(this.list);
      this.empty.hidden = true;
      this.error.textContent = error.message;
      this.error.hidden = false;
      this.section.dataset.loaded = "error";
      return;
    }
    if (seq !== this.loading) return; // another game was chosen meanwhile
    this.error.hidden = true;
    fill(this.list, data.players.map((player, index) => h("li", { "data-name": player.name },
      h("span", { class: "board-place" }, String(index + 1)),
      h("span", { class: "board-name" }, player.name),
      h("span", { class: "board-rating" }, String(player.rating)),
      h("span", { class: "board-games" }, `${plural(player.games, "game")} · ` +
        plural(player.opponents, "opponent")))));
    this.empty.textContent = `No one listed yet: a profile is listed once it has played ` +
      `${ESTABLISHED} different opponents here.`;
    this.empty.hidden = data.players.length > 0;
    Object.assign(this.section.dataset, { game, loaded: "true",
      players: String(data.players.length) });
  },

  // --- this phone's profile -------------------------------------------------------------

  field(name, label, hint, attrs) {
    const { h } = app;
    const id = this.id(name);
    const input = h("input", { id, name, type: "text", ...TEXT,
      "aria-describedby": `${id}-hint ${id}-error`, ...attrs });
    return { input, element: h("div", { class: "field" }, h("label", { for: id }, label),
      input, h("p", { class: "hint", id: `${id}-hint` }, hint),
      h("p", { class: "error", id: `${id}-error`, role: "alert", hidden: true })) };
  },

  form(id, fields, button, run) {
    const { h } = app;
    const form = h("form", { class: "board-form", id: this.id(id), novalidate: true },
      fields.map((f) => f.element),
      h("button", { type: "submit", class: "primary", id: this.id(button.id) }, button.text),
      h("p", { class: "error", id: `${this.id(id)}-error`, role: "alert", hidden: true }));
    app.wireForm(form, run);
    return form;
  },

  /** "Use a profile from another phone": its code typed, or brought by its link. */
  buildTake() {
    const { h } = app;
    const code = this.field("take-code", "Profile code", "As the other phone shows it under " +
      "“Move it to another phone”.", { autocapitalize: "off", inputmode: "text",
      enterkeyhint: "go", placeholder: "abcd234567.…" });
    this.takeCode = code.input;
    const form = this.form("take-form", [code], { id: "take", text: "Use this profile" },
      async () => {
        const read = readProfileCode(code.input.value);
        if (!read) {
          throw new PlayError("a profile's code is its id, a dot and its key, as the other " +
            "phone shows it", { field: "take-code" });
        }
        const found = await api("GET", `/profiles/${encodeURIComponent(read.id)}`,
          { token: read.key });
        keepProfile({ id: read.id, key: read.key, name: found.name });
        code.input.value = "";
        this.renderProfile(found);
      });
    return h("details", { class: "more", id: this.id("take-more") },
      h("summary", {}, "Use a profile from another phone"), form);
  },

  /** The profile card: make one, or this phone's (its ratings, its code to move it). */
  renderProfile(known = null) {
    const { h } = app;
    const kept = keptProfile();
    this.section.dataset.profile = kept ? kept.name : "";
    const title = h("h3", { id: this.id("profile-title") }, "Your profile");
    if (!kept) {
      const name = this.field("name", "Your name on the leaderboard", "40 letters at most.",
        { autocapitalize: "words", maxlength: "40", enterkeyhint: "go",
          autocomplete: "nickname" });
      const make = this.form("make-form", [name], { id: "make", text: "Make my profile" },
        async () => {
          const made = await api("POST", "/profiles", { body: { name: name.input.value } });
          keepProfile(made);
          this.renderProfile({ name: made.name, ratings: [] });
        });
      fill(this.profile, title, h("p", { class: "hint" }, "A name, and a key this phone " +
        "keeps: no account, no e-mail. Tables you open or join on this phone then count " +
        "for you."), make, this.take);
      return;
    }
    this.myRatings = h("ul", { class: "board-mine", id: this.id("my-ratings") });
    const forget = h("button", { type: "button", class: "secondary", id: this.id("forget"),
      onclick: () => {
        if (forget.dataset.armed !== "true") {
          forget.dataset.armed = "true";
          forget.textContent = "Tap again: this phone forgets it (keep its code first)";
          return;
        }
        keepProfile(null);
        this.renderProfile();
      } }, "Forget it on this phone");
    fill(this.profile, title,
      h("p", { class: "board-me", id: this.id("profile-name") }, kept.name),
      this.myRatings,
      h("p", { class: "hint" }, "Tables you open or join on this phone carry your profile."),
      h("details", { class: "more", id: this.id("move") },
        h("summary", {}, "Move it to another phone"),
        h("p", { class: "hint" }, "On the other phone, scan this code, or open Leaderboard " +
          "and type the code below. Keep both to yourself: whoever has them plays as you."),
        h("div", { class: "play-qr", id: this.id("qr") }, qrCanvas(h, profileLink(kept),
          "QR code that takes this profile to another phone")),
        h("p", { class: "mono board-code", id: this.id("code") }, profileCode(kept))),
      forget, this.take);
    if (known || !this.section.hidden) this.showRatings(kept, known);
  },

  /** This phone's ratings, from the server (`known`: an answer just had). */
  async showRatings(kept, known) {
    const { h } = app;
    let data = known;
    if (!data) {
      try {
        data = await api("GET", `/profiles/${encodeURIComponent(kept.id)}`, { token: kept.key });
      } catch (error) {
        fill(this.myRatings, h("li", { class: "hint" }, error.status === 401
          ? "This server does not know this profile (made on another server, or forgotten: " +
            "a profile never rated is kept 30 days)." : error.message));
        return;
      }
    }
    if (keptProfile()?.id !== kept.id) return; // forgotten or replaced meanwhile
    fill(this.myRatings, data.ratings.length ? data.ratings.map((r) => this.gameCard(r))
      : h("li", { class: "hint" }, "No rated game yet: everyone starts at 1000."));
  },

  /** One game on the profile's page: its rating (provisional until listed), its chart,
   * its games, opponents and places. */
  gameCard(r) {
    const { h } = app;
    const id = (part) => this.id(`mine-${r.game}-${part}`);
    const places = r.places.map((p) => `${ordinal(p.place)} ×${p.games}`).join(", ");
    return h("li", { class: "board-game", "data-game": r.game,
      "data-provisional": String(r.provisional) },
    h("p", { class: "board-game-head", id: id("rating") },
      h("span", { class: "board-game-title" }, titleOf(r.game)),
      h("span", { class: "board-rating" }, String(r.rating)),
      r.provisional ? h("span", { class: "board-provisional" }, "provisional") : null),
    r.history.length ? ratingChart(r.history, { id: id("chart") }) : null,
    h("p", { class: "board-games", id: id("counts") }, `${plural(r.games, "game")} · ` +
      `${plural(r.opponents, "opponent")} · places: ${places}`),
    r.provisional ? h("p", { class: "hint", id: id("why") }, `On the leaderboard once ` +
      `you have played ${ESTABLISHED} different opponents (${r.opponents} so far).`) : null);
  },

  /** The screen is shown: its leaderboard now, and this phone's ratings. */
  shown() {
    if (location.hash !== "#leaderboard") return;
    this.load();
    const kept = keptProfile();
    if ((kept ? kept.name : "") !== this.section.dataset.profile) this.renderProfile();
    else if (kept) this.showRatings(kept, null);
  },
};

export function start(helpers) {
  app = helpers;
  const { h } = app;
  document.getElementById("game-screens").append(board.build());
  app.registerScreen("leaderboard", board.section);
  app.$("#screen-games .menu").append(h("a", { class: "menu-item", href: "#leaderboard" },
    h("span", { class: "menu-name" }, "Leaderboard"),
    h("span", { class: "menu-hint" }, "Each game's best rated players, and your profile")));
  board.renderProfile(); // (its ratings are asked for once the screen is shown)
  const linked = linkedCode(); // a link from another phone's QR code: offer its profile
  if (linked) {
    board.takeCode.value = linked;
    board.take.open = true;
    history.replaceState(null, "", "#leaderboard"); // the key leaves the address bar
  }
  window.addEventListener("hashchange", () => board.shown());
  app.route();
  board.shown();
  board.section.dataset.ready = "true";
}
