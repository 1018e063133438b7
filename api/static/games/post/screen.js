// Liar's Post on the Play screen: on your turn, pick a card, a player and the kind you say it
// is, then Send; receiving one, call it True or False, or Look at it and pass it on.

import { choices, face, faces, handList } from "../../screens/cards.js";
import { card, changed, h } from "../../screens/pieces.js";
import { icon } from "../../icons.js";
import { outBy, seatOf } from "../../outs.js";
import { plural } from "../../screenkit.js";

const KINDS = ["A", "K", "Q", "J", "10", "9", "8", "7"];

export default {
  game: "post",
  title: "Liar's Post",
  count: "cards",
  one: "card",
  many: "cards",
  deals: ["server"], // a phone cannot type a whole hand of cards
  claimsTitle: "This card's journey",
  verb: "send",
  claimNoun: "claim", // the claim a call is on, in the reveal's odds (oddswords.js)
  dealHint: () => "The server shuffles two 32-card decks (A to 7) and deals them all: each " +
    "phone shows its own cards.",

  createRules(p) {
    const fields = [
      p.select("rules.one_deck", "Decks", [["", "Two decks (64 cards)"],
        ["1", "One deck (32 cards)"]], "", "new-one-deck"),
    ];
    return { fields, read: () => ({ rules: { one_deck: fields[0].input.value === "1" } }) };
  },

  said: (p, d) => [p.h("span", {}, `to ${d.to}: `), p.h("strong", {}, d.claim.phrase)],
  shownHand: (hand) => hand,
  showsCards: true,
  change: () => "takes it face up",
  bad: () => true,
  headline(ruling) {
    return `${ruling.by} was ${ruling.ruling}`; // (the line above says what they called)
  },
  /** The reveal that ended the game says so: its taker lost by it (four of a kind face up,
   * or no card left to send), not by the clock or by leaving. */
  ended(view, ruling) {
    const taker = ruling.taker;
    if (view.phase !== "over" || !taker || outBy(view, seatOf(view, taker)) !== "play") {
      return null;
    }
    const kind = String(ruling.card || "").slice(0, -1);
    const up = ((view.face_up || {})[taker] || {})[kind] || 0;
    return up >= view.losing_count
      ? `That ends the game: ${taker} has ${up} ${kind}s face up and loses.`
      : `That ends the game: ${taker} loses.`;
  },
  seatLine(view, player) {
    const up = (view.face_up || {})[player.name] || {};
    const shown = Object.entries(up).filter(([, n]) => n).map(([k, n]) => `${n}×${k}`);
    return shown.length ? `face up ${shown.join(" ")}` : null;
  },
  tableLine: (view) => `${view.losing_count} of a kind face up loses`,

  build(p) {
    const { h } = p;
    this.picked = null; // the index of the card picked to send
    this.to = null;
    this.kind = null;
    this.incoming = h("div", { class: "play-incoming", id: p.id("incoming"), role: "group",
      "aria-label": "The card you receive" });
    this.whom = h("div", { id: p.id("to-choice") });
    this.kinds = h("div", { id: p.id("kind-choice") });
    this.sendButton = h("button", { type: "button", class: "primary", id: p.id("send"),
      onclick: () => this.send(p) }, "Send");
    this.lookButton = h("button", { type: "button", class: "secondary", id: p.id("look"),
      onclick: (event) => p.tap(event.currentTarget, { type: "look" }) }, "Look and pass");
    this.calls = p.calls([
      { call: "true", label: "True", body: { type: "call", call: true },
        confirm: "Call it true" },
      { call: "false", label: "False", body: { type: "call", call: false },
        confirm: "Call it false" },
    ]);
    this.note = h("p", { class: "hint", id: p.id("send-hint") });
    return h("div", { class: "play-moves", id: p.id("post-moves") }, this.incoming, this.note,
      this.whom, this.kinds, this.sendButton, this.calls, this.lookButton);
  },

  /** Your cards; on your turn to send, each a tap to pick the one to send. */
  renderHand(p, view, mine) {
    const hand = view.you.hand || [];
    const sending = mine && !view.card;
    if (!sending) this.picked = null;
    if (this.picked !== null && this.picked >= hand.length) this.picked = null;
    const picked = new Set(this.picked === null ? [] : [this.picked]);
    return handList(p, hand, { picked, most: 1, disabled: !sending, onPick: (i) => {
      this.picked = this.picked === i ? null : i;
      p.render();
    } });
  },

  update(p, view, mine) {
    const { h } = p;
    const card = view.card;
    const receiving = mine && !!card;
    const seen = view.you.card_seen;
    const sending = mine && !card;
    const passing = receiving && !!seen;
    // The card that came to you: its claim, and what you may do.
    this.incoming.hidden = !receiving;
    if (receiving) {
      const last = view.declarations[view.declarations.length - 1];
      p.fillWith(this.incoming,
        h("p", { class: "play-claim-line" }, `${last ? last.player : "A player"} says: `,
          h("strong", {}, card.claim.phrase),
          seen ? h("span", { id: p.id("card-seen") }, " · you looked: ", face(h, seen)) : null),
        card.must_call ? h("p", { class: "hint" }, "Everyone else has held it: you must call.")
          : null);
    }
    p.showCalls(this.calls, receiving && !seen, "");
    // Look and pass, every time the view allows it (not only the first: p.allow).
    const canLook = receiving && !seen && Boolean(view.you.can_look);
    this.lookButton.hidden = !canLook;
    p.allow(this.lookButton, canLook);
    // Sending a card (or passing the one you looked at): whom to, and the kind you say.
    const choosing = sending || passing;
    const ready = (passing || this.picked !== null) && this.to && this.kind;
    this.whom.hidden = !choosing;
    this.kinds.hidden = !choosing;
    this.sendButton.hidden = !choosing;
    if (choosing) {
      const targets = view.you.targets || [];
      if (!targets.includes(this.to)) this.to = targets.length === 1 ? targets[0] : null;
      p.fillWith(this.whom, choices(p, "to", "Send to", targets.map((t) => [t, t]), this.to,
        (t) => { this.to = t; p.render(); }));
      p.fillWith(this.kinds, choices(p, "kind", "Say it is", KINDS.map((k) => [k, k]),
        this.kind, (k) => { this.kind = k; p.render(); }));
      p.allow(this.sendButton, ready);
      this.sendButton.textContent = ready ? `${passing ? "Pass" : "Send"} to ${this.to}: ` +
        `"a ${this.kind}"` : passing ? "Pass it on" : "Send";
      this.sendButton.id = p.id(passing ? "pass" : "send");
    }
    this.note.hidden = !choosing || ready;
    this.note.textContent = sending ? "Tap a card, a player and the kind you say."
      : passing ? "Pick who gets it next and the kind you say." : "";
  },

  async send(p) {
    const passing = !!p.view.you.card_seen;
    const body = passing ? { type: "pass", to: this.to, claim: this.kind }
      : { type: "send", card: p.view.you.hand[this.picked], to: this.to, claim: this.kind };
    if (await p.tap(this.sendButton, body)) {
      this.picked = null;
      this.kind = null;
      this.to = null;
      p.render();
    }
  },

  revealedHand: (p, hand) => faces(p.h, hand),
  adviceLast: (last) => ({ text: last.claim.phrase, verb: "is true", chance: last.true,
    kind: "claim" }),

  // On the table display (tabledisplay.js): the pieces face up, a claim, a verdict.
  tv: {
    pieces: (hand) => hand.map(card),
    claim: (d) => [h("span", {}, `to ${d.to}: `), h("strong", {}, `“${d.claim.phrase}”`)],
    called: (r) => `${r.by} called it ${r.call === "true" ? "true" : "false"}`,
    headline: (r) => `${r.by} was ${r.ruling}: ${r.taker} takes the card face up`,
    good: (r) => r.ruling === "right",
    change: (delta) => `+${plural(delta, "card")} face up`,
    seat: (view, p) => {
      const up = Object.entries((view.face_up || {})[p.name] || {});
      return up.length ? h("span", { class: "tv-face-up", "aria-label": "Face up" },
        up.map(([kind, n]) => h("span", { class: n >= view.losing_count - 1 ? "tv-kind near"
          : "tv-kind" }, `${kind}×${n}`))) : null;
    },
    table: (view) => {
      const sent = view.declarations[view.declarations.length - 1];
      const moving = view.card;
      return [
        moving && sent ? h("div", { class: "tv-transit", id: "tv-transit" },
          h("span", { class: "tv-piece-back" }, icon("card-back")),
          h("p", { class: "tv-big" }, `${sent.player} → ${sent.to}`),
          h("p", { class: "tv-fact" }, h("strong", {}, `“${moving.claim.phrase}”`)),
          h("p", { class: "hint" }, [`Held so far: ${moving.held.join(", ")}`,
            moving.must_call ? `${view.to_move} must call it` : ""].filter(Boolean).join(" · ")))
          : h("p", { class: "tv-fact", id: "tv-transit" }, view.phase === "playing"
            ? `${view.to_move} sends a card` : ""),
        h("p", { class: "hint" }, `${view.losing_count} of a kind face up loses.`)];
    },
  },
};
