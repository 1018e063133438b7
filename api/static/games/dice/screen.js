// Liar's Dice on the Play screen: bid a quantity of a face (checked as it is chosen by the
// page's own engine), or call "Liar!".  The shell (play.js) sends the moves.

import { Bid, DiceRules } from "./engine.js";
import { formatBid } from "../../engine/phrases.js";
import { readDice } from "../../screenkit.js";
import { changed, die, h } from "../../screens/pieces.js";

export default {
  game: "dice",
  title: "Liar's Dice",
  count: "dice",
  one: "die",
  many: "dice",
  deals: ["server", "table"],
  claimsTitle: "Bids this round",
  verb: "bid",
  claimNoun: "bid", // the claim a call is on, in the reveal's odds (oddswords.js)
  dealHint: (deal) => (deal === "server"
    ? "The server rolls every cup: each phone shows its own, and calls are ruled at once."
    : "Each player rolls real dice; at a call, each phone types its own."),

  createRules(p) {
    const fields = [
      p.select("rules.dice_each", "Dice each", p.numbers(1, 20), "5", "new-dice-each"),
      p.select("rules.faces", "Faces a die", [["6", "6"], ["8", "8"], ["10", "10"],
        ["12", "12"], ["20", "20"]], "6", "new-faces"),
      p.select("rules.wild", "Wild faces", [["", "None"], ["1", "1s are wild"]], "",
        "new-wild"),
      p.select("rules.bid_order", "Bid order", [["seed", "Standard (seed rules)"],
        ["quantity-first", "Quantity first"], ["perudo", "Perudo (1s wild)"]], "seed",
        "new-bid-order"),
    ];
    // The kitty: every player antes before each game, the winner takes it.
    const ante = p.field("ante", "Kitty: chips each player antes (empty: none)", null,
      { id: "new-ante", inputmode: "numeric", autocapitalize: "off", placeholder: "5" });
    return {
      fields: [...fields, ante],
      read() {
        const rules = p.readFields(fields);
        rules.wild = rules.wild === "" ? [] : [Number(rules.wild)];
        const chips = ante.input.value.trim();
        const extra = chips ? { kitty: { ante: /^\d+$/.test(chips) ? Number(chips) : chips } }
          : {};
        return { rules, extra };
      },
    };
  },

  handText: (hand) => hand.map(String),
  said: (p, d) => [p.h("strong", {}, formatBid(d.quantity, d.face))],
  shownHand: (hand) => hand.join(" "),
  revealBody: (text) => ({ type: "reveal", dice: readDice(text) }),
  revealPlaceholder: "6 6 1",
  revealNumeric: true,
  change: (delta, out) => (out ? "loses a die: out" : "loses a die"),
  bad: () => true,
  headline: (ruling) => (ruling.ruling === "holds" ? "The bid holds" : "The bid fails"),
  advice: (s) => ({ text: s.bid.phrase, chance: s.holds, move: s.bid }),
  adviceLast: (last) => ({ text: last.phrase, verb: "holds", chance: last.holds,
    kind: "bid" }),

  /** The bid form (how many, which face) and "Liar!". */
  build(p) {
    const { h } = p;
    const quantity = p.field("quantity", "How many", null, { autocapitalize: "off",
      inputmode: "numeric", enterkeyhint: "go", placeholder: "3" });
    this.quantity = quantity.input;
    this.face = h("select", { id: p.id("face"), name: "face",
      "aria-describedby": p.id("face-error") });
    this.check = h("p", { id: p.id("bid-check"), class: "raise-check", "aria-live": "polite",
      hidden: true });
    this.form = h("form", { class: "play-form", id: p.id("bid-form"), novalidate: true },
      h("div", { class: "pair" }, quantity.element,
        h("div", { class: "field" }, h("label", { for: p.id("face") }, "Face"), this.face,
          h("p", { class: "error", id: p.id("face-error"), role: "alert", hidden: true }))),
      this.check,
      h("button", { type: "submit", class: "primary", id: p.id("bid") }, "Bid"),
      h("p", { class: "error", id: p.id("bid-form-error"), role: "alert", hidden: true }));
    p.wireForm(this.form, async () => {
      const count = this.quantity.value.trim();
      await p.move({ type: "bid", quantity: /^\d+$/.test(count) ? Number(count) : count,
        face: Number(this.face.value) });
    });
    this.quantity.addEventListener("input", () => this.checkBid(p));
    this.face.addEventListener("change", () => this.checkBid(p));
    this.calls = p.calls([{ call: "liar", label: "Liar!", body: { type: "liar" } }]);
    return h("div", { class: "play-moves", id: p.id("dice-moves") }, this.form, this.calls);
  },

  update(p, view, mine) {
    const last = view.declarations[view.declarations.length - 1];
    this.form.hidden = !mine;
    p.showCalls(this.calls, mine, last ? "" : "Nothing to call yet: you open the round.");
    if (mine) this.fillBid(p, view, last);
  },

  useAdvice(p, move) {
    this.quantity.value = String(move.quantity);
    this.face.value = String(move.face);
    this.checkBid(p);
    this.quantity.focus();
  },

  /** The bid form for this round: the faces of the rules; a raise of the last bid to start. */
  fillBid(p, view, last) {
    const faces = view.rules.faces;
    if (this.face.options.length !== faces) {
      this.face.replaceChildren(...Array.from({ length: faces }, (_, i) =>
        p.h("option", { value: String(i + 1) }, String(i + 1))));
    }
    const key = `${view.round}:${view.declarations.length}`;
    if (this.bidKey !== key) { // a new bid to beat: start from the smallest raise in quantity
      this.bidKey = key;
      this.quantity.value = String(last ? last.quantity + 1 : 1);
      this.face.value = String(last ? last.face : Math.min(2, faces));
    }
    this.checkBid(p);
  },

  /** The bid checked as it is chosen: a real face, dice enough, a raise of the last bid. */
  checkBid(p) {
    const view = p.view;
    if (!view || view.game !== this.game || !this.quantity.value.trim()) {
      this.check.hidden = true;
      return;
    }
    let reason;
    let bid = null;
    try {
      const rules = DiceRules.fromDict(view.rules);
      const count = this.quantity.value.trim();
      bid = Bid.parse({ quantity: /^\d+$/.test(count) ? Number(count) : count,
        face: Number(this.face.value) });
      rules.checkBid(bid, view.players.filter((x) => !x.out).reduce((n, x) => n + x.dice, 0));
      const last = view.declarations[view.declarations.length - 1];
      reason = rules.raiseProblem(last ? new Bid(last.quantity, last.face) : null, bid);
    } catch (error) {
      reason = error.message;
    }
    const legal = reason === null;
    p.showCheck(this.check, legal, legal ? `${bid}: a legal bid` : reason);
  },

  // On the table display (tabledisplay.js): the pieces face up, a claim, a verdict.
  tv: {
    pieces: (hand) => hand.map(die),
    claim: (d) => h("strong", {}, formatBid(d.quantity, d.face)),
    headline: (r) => (r.ruling === "holds" ? "The bid holds" : "The bid fails"),
    good: (r) => r.ruling === "fails",
    change: changed("die", "dice"),
  },
};
