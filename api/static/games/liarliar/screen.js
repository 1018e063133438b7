// Liar Liar on the Play screen: tap 1-3 cards of your hand, name the rank if you open, Play;
// "Liar!" on the next player's phone only, before they play; "Put down four" any time.

import { choices, faces, handList, rankOf, ranks, RANKS } from "../../screens/cards.js";
import { plural } from "../../screenkit.js";
import { card, changed, h } from "../../screens/pieces.js";

const MOST = 3; // a play is one to three cards

export default {
  game: "liarliar",
  title: "Liar Liar",
  count: "cards",
  one: "card",
  many: "cards",
  deals: ["server"], // a phone cannot type a whole hand of cards
  claimsTitle: "Played this round",
  verb: "play",
  claimNoun: "play", // the claim a call is on, in the reveal's odds (oddswords.js)
  dealHint: () => "The server shuffles a 54-card deck (two jokers) and deals it all: each " +
    "phone shows its own cards.",

  createRules: () => ({ fields: [], read: () => ({ rules: {} }) }),

  said: (p, d) => [p.h("strong", {}, `${d.count} × ${ranks(d.rank)}`)],
  shownHand: (hand) => hand,
  showsCards: true,
  change: (delta) => (delta > 0 ? `takes the pile: ${plural(delta, "card")}`
    : "puts down four"),
  bad: (delta) => delta > 0,
  headline(ruling) {
    if (ruling.ruling === "discarded") return `${ruling.by} put down four`;
    return ruling.ruling === "true" ? "The play was true" : "The play was a lie";
  },
  seatLine(view, player) {
    if ((view.finished || []).includes(player.name)) return "finished";
    return null;
  },
  tableLine(view) {
    const bits = [`pile ${view.pile}`];
    if (view.rank) bits.push(`${ranks(view.rank)} this round`);
    if ((view.discarded || []).length) bits.push(`put down: ${view.discarded.join(" ")}`);
    return bits.join(" · ");
  },

  build(p) {
    const { h } = p;
    this.picked = new Set();
    this.rank = null;
    this.rankRow = h("div", { class: "play-rank", id: p.id("rank-choice") });
    this.playButton = h("button", { type: "button", class: "primary", id: p.id("play"),
      onclick: () => this.play(p) }, "Play");
    this.calls = p.calls([{ call: "liar", label: "Liar!", body: { type: "liar" } }]);
    this.fours = h("div", { class: "pair", id: p.id("fours") });
    this.note = h("p", { class: "hint", id: p.id("play-hint") });
    return h("div", { class: "play-moves", id: p.id("liarliar-moves") }, this.rankRow,
      this.note, h("div", { class: "pair" }, this.playButton), this.calls, this.fours);
  },

  /** Your cards, each a tap to pick (at most three) on your turn. */
  renderHand(p, view, mine) {
    const hand = view.you.hand || [];
    if (!mine) this.picked.clear();
    for (const i of [...this.picked]) if (i >= hand.length) this.picked.delete(i);
    return handList(p, hand, { picked: this.picked, most: MOST, disabled: !mine,
      onPick: (i) => {
        if (this.picked.has(i)) this.picked.delete(i); else this.picked.add(i);
        p.render();
      } });
  },

  update(p, view, mine) {
    const { h } = p;
    const opening = view.rank === null || view.rank === undefined;
    const count = this.picked.size;
    const hand = view.you.hand || [];
    this.rankRow.hidden = !(mine && opening);
    if (mine && opening) { // any rank: a bluff may name one you do not hold
      p.fillWith(this.rankRow, h("p", { class: "hint" }, "Name the rank you play"),
        choices(p, "rank", "Rank", RANKS.map((r) => [r, r]), this.rank, (r) => {
          this.rank = r;
          p.render();
        }));
    }
    const rank = opening ? this.rank : view.rank;
    this.playButton.hidden = !mine;
    p.allow(this.playButton, mine && count && rank);
    this.playButton.textContent = count && rank ? `Play ${plural(count, "card")} as ` +
      `${ranks(rank)}` : "Play";
    this.note.hidden = !mine;
    this.note.textContent = !count ? `Tap 1 to ${MOST} cards to play` +
      (opening ? ", and name their rank." : ` as ${ranks(view.rank)}.`)
      : opening && !rank ? "Name the rank they are." : "";
    p.showCalls(this.calls, mine && view.you.can_call, "");
    // Four real cards of a rank may be put down at any time.
    const held = {};
    for (const code of hand) {
      const r = rankOf(code);
      if (r) held[r] = (held[r] || 0) + 1;
    }
    const fours = Object.keys(held).filter((r) => held[r] >= 4);
    p.fillWith(this.fours, fours.map((r) => h("button", { type: "button", class: "secondary",
      id: p.id(`discard-${r}`), onclick: (event) => p.tap(event.currentTarget,
        { type: "discard", rank: r }) }, `Put down four ${ranks(r)}`)));
    this.fours.hidden = !fours.length || view.phase !== "playing";
    for (const button of this.fours.children) p.allow(button, view.phase === "playing");
  },

  async play(p) {
    const hand = p.view.you.hand;
    const cards = [...this.picked].sort((a, b) => a - b).map((i) => hand[i]);
    const opening = p.view.rank === null || p.view.rank === undefined;
    const body = { type: "play", cards };
    if (opening) body.rank = this.rank;
    if (await p.tap(this.playButton, body)) {
      this.picked.clear();
      this.rank = null;
      p.render();
    }
  },

  revealedHand: (p, hand) => faces(p.h, hand),
  adviceLast: (last) => ({ text: `${last.count} × ${ranks(last.rank)}`, verb: "is true",
    chance: last.true, kind: "play" }),

  // On the table display (tabledisplay.js): the pieces face up, a claim, a verdict.
  tv: {
    pieces: (hand) => hand.map(card),
    claim: (d) => h("strong", {}, `${plural(d.count, "card")}: ${d.rank}`),
    called: (r) => (r.call === "discard" ? `${r.by} put down four of a kind` : null),
    headline: (r) => (r.call === "discard" ? "Four of a kind out of the game"
      : r.ruling === "true" ? "The play was true" : "The play was a lie"),
    good: (r) => r.ruling !== "true",
    change: changed("card", "cards"),
    table: (view) => [
      h("p", { class: "tv-big", id: "tv-pile" }, `Pile: ${plural(view.pile, "card")}`),
      h("p", { class: "tv-fact", id: "tv-rank" }, view.rank ? `Rank this round: ${view.rank}`
        : "No rank yet: the next play names it"),
      view.last_play ? h("p", { class: "tv-fact", id: "tv-last-play" },
        `Last play: ${view.last_play.player}, ${plural(view.last_play.count, "card")}`) : null,
      view.finished.length ? h("p", { class: "tv-fact", id: "tv-finished" },
        `Out of cards: ${view.finished.join(", ")}`) : null,
      view.discarded.length ? h("p", { class: "tv-fact", id: "tv-discarded" },
        `Fours put down: ${view.discarded.join(" ")}`) : null],
  },
};
