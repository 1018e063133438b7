// A finished game's replay (#/replay/CODE/N): every claim, every call and its reveal with
// the odds, step by step, then the places.  The link is the game's to share: the server
// answers it (GET /api/v1/rooms/CODE/games/N/replay) to anyone, with no token, once the
// game is over (404 before).  The table's log, every game it keeps, downloads as JSON.
// Loaded by app.js after the first screen is ready; the games' own words are their screen
// modules' (games/NAME/screen.js: the table display's `tv` renderers).

import { withIcon } from "./icons.js";
import { oddsParagraph } from "./oddswords.js";
import { CALLED, app, useApp } from "./playkit.js";
import { api } from "./rooms.js";
import { fill, plural } from "./screenkit.js";
import { screenOf, titleOf } from "./screens/index.js";

const API = new URL("../api/v1", import.meta.url).href;
const MARK = "#/replay/";
const ROUTE = /^#\/replay\/([A-Za-z]{5})\/(\d{1,9})$/;

/** The link that opens game `n` of table `code` on this page, for anyone. */
export function replayLink(code, n) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = `${MARK.slice(1)}${encodeURIComponent(code)}/${n}`;
  return url.href;
}

/** The address of the table's log, every finished game it keeps (JSON). */
export const logLink = (code) => `${API}/rooms/${encodeURIComponent(code)}/games`;

/** The steps of a record: each round's claims one by one, its ruling, and the end. */
export function stepsOf(record) {
  const steps = [];
  for (const round of record.rounds) {
    for (const claim of round.claims || []) steps.push({ kind: "claim", round: round.round, claim });
    steps.push({ kind: "ruling", round: round.round, ruling: round.ruling });
  }
  steps.push({ kind: "end" });
  return steps;
}

const replay = {
  id: (name) => `replay-${name}`,
  loading: 0,

  build() {
    const h = (...args) => app.h(...args);
    this.title = h("h2", { id: this.id("title") }, "A game's replay");
    this.status = h("p", { class: "hint", id: this.id("status"), role: "status" });
    this.step = h("div", { class: "result", id: this.id("step"), "aria-live": "polite",
      tabindex: "-1" });
    this.count = h("p", { class: "hint center", id: this.id("count") });
    this.back = h("button", { type: "button", class: "secondary", id: this.id("back"),
      onclick: () => this.go(this.at - 1) }, "‹ Back");
    this.next = h("button", { type: "button", class: "primary", id: this.id("next"),
      onclick: () => this.go(this.at + 1) }, "Next ›");
    this.list = h("ol", { class: "replay-steps", id: this.id("steps"),
      "aria-label": "Every step" });
    this.download = h("a", { class: "button secondary", id: this.id("download"),
      download: "", href: "#" }, "Download the table's log (JSON)");
    this.share = h("p", { class: "hint", id: this.id("share") });
    this.body = h("div", { id: this.id("body"), hidden: true },  // the steps' buttons first:
      h("div", { class: "pair" }, this.back, this.next), this.count, this.step,  // in reach
      h("details", { class: "more" }, h("summary", {}, "Every step"),
        h("div", { class: "more-body" }, this.list)),
      this.download, this.share);
    this.section = h("section", { id: "screen-replay", class: "screen", hidden: true,
      "data-title": "Replay", "aria-labelledby": this.id("title") },
    h("a", { class: "back", href: "#play" }, "‹ Play"), this.title, this.status, this.body);
    return this.section;
  },

  /** The screen is shown: the game its address names, from the server. */
  async shown() {
    const match = ROUTE.exec(location.hash);
    if (!match) return;
    const [code, n] = [match[1].toUpperCase(), Number(match[2])];
    const key = `${code}/${n}`;
    if (this.key === key) return;
    this.key = key;
    const seq = ++this.loading;
    this.section.dataset.loaded = "";
    this.body.hidden = true;
    this.title.textContent = `Table ${code}, game ${n}`;
    this.status.textContent = "Loading the game…";
    let record;
    try {
      record = await api("GET", `/rooms/${code}/games/${n}/replay`);
    } catch (error) {
      if (seq !== this.loading) return;
      this.key = null; // asked again when shown again (a game over since)
      this.status.textContent = error.message;
      this.section.dataset.loaded = "error";
      return;
    }
    if (seq !== this.loading) return;
    this.show(record);
  },

  show(record) {
    this.record = record;
    this.screen = screenOf(record.game);
    if (!this.screen) { // a newer server's game: said plainly, as a phone's page says it
      this.status.textContent = `This page has no screen for the game "${record.game}": ` +
        "update it to replay this game.";
      this.section.dataset.loaded = "error";
      return;
    }
    this.steps = stepsOf(record);
    this.title.textContent = `${titleOf(record.game)}: table ${record.code}, game ${record.n}`;
    this.status.textContent = `${plural(record.players.length, "player")}: ` +
      `${record.players.join(", ")}. ${plural(this.steps.length, "step")}` +
      (record.rounds_dropped ? ` (the first ${plural(record.rounds_dropped, "round")} ` +
        "left out of so long a game)" : "") + ".";
    this.download.href = logLink(record.code);
    this.download.setAttribute("download", `liars-${record.code}.json`);
    this.share.textContent = `Anyone with this page's address can replay this game: ` +
      `${replayLink(record.code, record.n)}`;
    fill(this.list, this.steps.map((step, i) => app.h("li", { "data-step": String(i) },
      app.h("a", { href: location.hash, onclick: (event) => { event.preventDefault(); this.go(i); } },
        this.summary(step)))));
    this.body.hidden = false;
    Object.assign(this.section.dataset, { loaded: "true", game: record.game });
    this.go(0);
  },

  /** One step, in a line for the list of every step. */
  summary(step) {
    if (step.kind === "claim") return `Round ${step.round}: ${step.claim.player} ${this.said(step.claim)}`;
    if (step.kind === "ruling") return `Round ${step.round}: ${this.called(step.ruling)}`;
    return this.record.winner ? `${this.record.winner} wins` : "The end";
  },

  said(claim) {
    const node = app.h("span", {}, this.screen.tv.claim(claim));
    return node.textContent;
  },

  called(r) {
    return (this.screen.tv.called && this.screen.tv.called(r)) ||
      `${r.by} called ${CALLED[r.call] || r.call}`;
  },

  go(i) {
    const { h } = app;
    if (!this.steps || i < 0 || i >= this.steps.length) return;
    this.at = i;
    const step = this.steps[i];
    const tv = this.screen.tv;
    const box = this.step;
    box.dataset.kind = step.kind;
    box.className = "result";
    if (step.kind === "claim") {
      fill(box, h("p", { class: "hint" }, `Round ${step.round}`),
        h("h3", {}, `${step.claim.player} `, h("span", { class: "replay-claim" }, tv.claim(step.claim))));
    } else if (step.kind === "ruling") {
      const r = step.ruling;
      box.dataset.ruling = r.ruling === null ? "undecided" : r.ruling;
      fill(box, h("p", { class: "hint" }, `Round ${step.round}: ${this.called(r)}`),
        h("h3", {}, tv.headline(r)),
        r.reason ? h("p", { class: "reason" }, r.reason) : null,
        oddsParagraph(h, r.odds, this.screen.claimNoun, { id: this.id("odds") }),
        h("ul", { class: "tv-revealed", "aria-label": "Turned over" },
          Object.entries(r.revealed || {}).map(([name, hand]) => h("li", { "data-hand": name },
            h("span", { class: "tv-name" }, name), " ", h("span", { class: "tv-pieces" },
              tv.pieces(hand))))),
        Object.keys(r.changes || {}).length ? h("ul", { class: "ruling",
          "aria-label": "Who gains or loses" }, Object.entries(r.changes).map(([name, delta]) =>
          h("li", { "data-player": name }, h("span", {}, name), " ", h("span", { class: "delta" },
            tv.change(delta))))) : null);
    } else {
      const record = this.record;
      fill(box, h("h3", {}, record.winner ? withIcon("trophy", `${record.winner} wins`)
        : "No winner"),
        record.called_off ? h("p", {}, record.called_off) : null,
        h("ol", { class: "play-places", "aria-label": "Places" }, record.places.map((p) =>
          h("li", { "data-player": p.name }, h("span", { class: "place" }, `${p.place}.`), " ",
            p.name))));
    }
    this.count.textContent = `Step ${i + 1} of ${this.steps.length}`;
    this.back.disabled = i === 0;
    this.next.disabled = i === this.steps.length - 1;
    for (const item of this.list.children) {
      item.classList.toggle("current", item.dataset.step === String(i));
    }
    this.section.dataset.step = String(i);
  },
};

export function start(helpers) {
  if (!app) useApp(helpers); // the Play screen's modules draw with the page's helpers
  document.getElementById("game-screens").append(replay.build());
  helpers.registerScreen("replay", replay.section);
  window.addEventListener("hashchange", () => replay.shown());
  helpers.route();
  replay.shown();
  replay.section.dataset.ready = "true";
}
