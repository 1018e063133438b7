// Liars' Letters on the Play screen: declare a word set (checked as it is typed by the page's
// own engine), or call "bullshit" or "exact".  The shell (play.js) sends the moves.

import { request } from "../../client.js";
import { checkRaise as engineRaise } from "./engine.js";
import { loadLexicon } from "../../engine/lexicon.js";
import { upper } from "../../screenkit.js";
import { changed, h, tile } from "../../screens/pieces.js";
import { CALLED } from "../../playkit.js";

/** {legal, reason} for `declared` after `previous`: the library's answer and refusals, from
 * the page's own engine (its lexicon fetched once), else from the server's /letters/raise. */
async function checkRaise(previous, declared, lexiconName) {
  let lexicon = null;
  try { lexicon = await loadLexicon(lexiconName); } catch { /* not a lexicon this page has */ }
  if (lexicon) return engineRaise(previous, declared, lexicon);
  return request("POST", "/letters/raise", { previous, declared, lexicon: lexiconName });
}

const options = (selector) => [...document.querySelectorAll(`${selector} option`)]
  .map((o) => [o.value, o.textContent]);

export default {
  game: "letters",
  title: "Liars' Letters",
  count: "tiles",
  one: "tile",
  many: "tiles",
  deals: ["server", "table"],
  claimsTitle: "Declared this round",
  verb: "declare",
  claimNoun: "declaration", // the claim a call is on, in the reveal's odds (oddswords.js)
  showsDirection: true,
  dealHint: (deal) => (deal === "server"
    ? "The server draws every tile: each phone shows its own, and calls are ruled at once."
    : "Each player draws real tiles; at a call, each phone types its own."),

  createRules(p) {
    const fields = [
      p.select("rules.lexicon", "Lexicon", options("#lexicon"), "twl06", "new-lexicon"),
      p.select("rules.tile_set", "Tile set", options("#tile-set"), "scrabble", "new-tile-set"),
      p.select("rules.tile_limit", "Tile limit (more is out)", p.numbers(1, 20), "4",
        "new-tile-limit"),
    ];
    return { fields, read: () => ({ rules: p.readFields(fields) }) };
  },

  handText: (hand) => [...hand],
  said: (p, d) => [p.h("span", { class: "words" }, upper(d.words)), " ",
    p.h("span", { class: "shape" }, `(${d.words.map((w) => w.length).join(", ")})`)],
  shownHand: (hand) => hand,
  revealBody: (text) => ({ type: "reveal", tiles: text }),
  revealPlaceholder: "B I G",
  change: (delta, out) => (delta > 0 ? (out ? "gains a tile: out" : "gains a tile")
    : "loses a tile"),
  bad: (delta) => delta > 0, // a tile gained is a step towards out
  headline(ruling, called) {
    if (ruling.ruling === null) return "The referee cannot decide";
    return `${called} was ${ruling.ruling === "upheld" ? "right" : "wrong"}` +
      (ruling.by_table ? " (the table's ruling)" : "");
  },
  advice: (s) => ({ text: upper(s.words), chance: s.exists, move: { words: s.words } }),
  adviceLast: (last) => ({ text: upper(last.words), verb: "exists", chance: last.exists,
    kind: "declaration" }),

  /** The declare form and the two calls. */
  build(p) {
    const { h } = p;
    const words = p.field("words", "Declare a word set", "Words separated by spaces or commas.",
      { autocapitalize: "characters", inputmode: "text", enterkeyhint: "go",
        placeholder: "BIG, G" });
    this.words = words.input;
    this.check = h("p", { id: p.id("raise-check"), class: "raise-check", "aria-live": "polite",
      hidden: true });
    this.form = h("form", { class: "play-form", id: p.id("declare-form"), novalidate: true },
      words.element, this.check,
      h("button", { type: "submit", class: "primary", id: p.id("declare") }, "Declare"),
      h("p", { class: "error", id: p.id("declare-form-error"), role: "alert", hidden: true }));
    p.wireForm(this.form, async () => {
      await p.move({ type: "declare", words: this.words.value });
      this.words.value = "";
      this.check.hidden = true;
    });
    this.words.addEventListener("input", () => this.checkDeclaration(p));
    this.calls = p.calls([
      { call: "bullshit", label: "Bullshit", body: { type: "call", call: "bullshit" } },
      { call: "exact", label: "Exact", body: { type: "call", call: "exact" } },
    ]);
    this.checkSeq = 0;
    return h("div", { class: "play-moves", id: p.id("letters-moves") }, this.form, this.calls);
  },

  update(p, view, mine) {
    const last = view.declarations[view.declarations.length - 1];
    this.form.hidden = !mine;
    p.showCalls(this.calls, mine, last ? "" : "Nothing to call yet: you open the round.");
    if (mine) this.checkDeclaration(p);
  },

  useAdvice(p, move) {
    this.words.value = move.words.join(", ");
    this.words.dispatchEvent(new Event("input"));
    this.words.focus();
  },

  /** The declaration checked as it is typed, by the page's own engine (check_raise). */
  async checkDeclaration(p) {
    const seq = ++this.checkSeq;
    const text = this.words.value;
    const view = p.view;
    if (!text.trim() || !view || view.game !== this.game) { this.check.hidden = true; return; }
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
    p.showCheck(this.check, legal, reason);
  },

  // On the table display (tabledisplay.js): the pieces face up, a claim, a verdict.
  tv: {
    pieces: (hand) => [...hand].map(tile),
    claim: (d) => [h("span", { class: "words" }, upper(d.words)), " ",
      h("span", { class: "shape" }, `(${d.words.map((w) => w.length).join(", ")})`)],
    headline: (r) => (r.ruling === null ? "The referee cannot decide"
      : `${CALLED[r.call]} was ${r.ruling === "upheld" ? "right" : "wrong"}`),
    good: (r) => r.ruling === "upheld",
    change: changed("tile", "tiles"),
  },
};
