// Liar's Poker on the Play screen: claim a poker hand higher than the last, made from every
// player's cards together, or call the last claim.

import { HANDS, HAND_SIZES } from "../../engine/phrases.js";
import { faces, handList, RANKS } from "../../screens/cards.js";
import { card, changed, h } from "../../screens/pieces.js";

export default {
  game: "poker",
  title: "Liar's Poker",
  count: "cards",
  one: "card",
  many: "cards",
  deals: ["server", "table"],
  claimsTitle: "Claimed this round",
  verb: "claim",
  claimNoun: "claim", // the claim a call is on, in the reveal's odds (oddswords.js)
  showsDirection: true,
  dealHint: (deal) => (deal === "server"
    ? "The server deals from one 52-card deck: each phone shows its own cards."
    : "Each player is dealt real cards; at a call, each phone types its own."),

  createRules(p) {
    const fields = [
      p.select("rules.card_limit", "Card limit (more is out)", p.numbers(2, 8), "4",
        "new-card-limit"),
    ];
    return { fields, read: () => ({ rules: p.readFields(fields) }) };
  },

  said: (p, d) => [p.h("strong", {}, d.claim.phrase)],
  shownHand: (hand) => hand,
  showsCards: true,
  revealBody: (text) => ({ type: "reveal", cards: text.split(/[\s,]+/).filter(Boolean) }),
  revealPlaceholder: "QH 10S",
  change: (delta, out) => (out ? "gets a card: out" : "gets a card"),
  bad: () => true,
  headline: (ruling) => (ruling.ruling === "made" ? "The hand is there"
    : "The hand is not there"),

  build(p) {
    const { h } = p;
    this.hand = p.select("hand", "Hand", HANDS.map((name) => [name, name]), "pair",
      "claim-hand");
    this.ranks = [p.select("rank1", "Rank", RANKS.map((r) => [r, r]), "A", "claim-rank-1"),
      p.select("rank2", "Over", RANKS.map((r) => [r, r]), "K", "claim-rank-2")];
    this.form = h("form", { class: "play-form", id: p.id("claim-form"), novalidate: true },
      h("div", { class: "pair" }, this.hand.element, this.ranks[0].element,
        this.ranks[1].element),
      h("button", { type: "submit", class: "primary", id: p.id("claim") }, "Claim"),
      h("p", { class: "error", id: p.id("claim-form-error"), role: "alert", hidden: true }));
    const sized = () => { this.ranks[1].element.hidden = HAND_SIZES[this.hand.input.value] < 2; };
    this.hand.input.addEventListener("change", sized);
    sized();
    p.wireForm(this.form, async () => {
      const two = HAND_SIZES[this.hand.input.value] === 2;
      const ranks = two ? this.ranks.map((r) => r.input.value) : [this.ranks[0].input.value];
      await p.move({ type: "claim", claim: { hand: this.hand.input.value, ranks } });
    });
    // The call is "Liar!", as the reveal and the display name it (CALLED.liar).
    this.calls = p.calls([{ call: "liar", label: "Liar!", body: { type: "call" } }]);
    return h("div", { class: "play-moves", id: p.id("poker-moves") }, this.form, this.calls);
  },

  renderHand: (p, view) => handList(p, view.you.hand || []),

  update(p, view, mine) {
    const last = view.declarations[view.declarations.length - 1];
    this.form.hidden = !mine;
    p.showCalls(this.calls, mine, last ? "" : "Nothing to call yet: you open the round.");
  },

  advice: (s) => ({ text: s.claim.phrase, chance: s.made, move: s.claim }),
  adviceLast: (last) => ({ text: last.claim.phrase, verb: "is made", chance: last.made,
    kind: "claim" }),
  useAdvice(p, move) {
    this.hand.input.value = move.hand;
    this.hand.input.dispatchEvent(new Event("change"));
    move.ranks.forEach((rank, i) => { this.ranks[i].input.value = rank; });
    this.hand.input.focus();
  },
  revealedHand: (p, hand) => faces(p.h, hand),

  // On the table display (tabledisplay.js): the pieces face up, a claim, a verdict.
  tv: {
    pieces: (hand) => hand.map(card),
    claim: (d) => h("strong", {}, d.claim.phrase),
    headline: (r) => (r.ruling === "made" ? "The hand is there" : "The hand is not there"),
    good: (r) => r.ruling !== "made",
    change: changed("card", "cards"),
  },
};
