// Liar's Poker's check (solver/games/poker.py, the path of GAMES["poker"].check): a named hand
// read from a phrase or {hand, ranks}, made or not from all revealed cards, and whether it
// is higher than the last claim on the table's ladder.  Same answers, same refusals.

import { ACE, POKER_DECK, SUITS, parseCards, parseRank, rankName } from "../../engine/cards.js";
import { InvalidInput, InvalidRules } from "../../engine/errors.js";
import { HANDS, HAND_SIZES, LOWEST_TOP, formatHand, parseHand } from "../../engine/phrases.js";
import { keys, repr, strip } from "../../engine/pystr.js";
import { get, isDict, isList, isStr, pyStr, readInt, readOptions, requestObject,
  require } from "../../engine/rules.js";
import { POKER } from "../../engine/tables.js";
import { CARDS, PHRASE } from "../../engine/screen.js";

export const STANDARD = HANDS; // low to high, as docs/rules.md gives it
// standard, and short-deck poker's order (a flush beats a full house)
export const { LADDERS, DECK } = POKER;

/** Revealed cards from one 52-card deck: no jokers, no card twice, four of a rank. */
export function readPokerCards(cards, { field = "cards" } = {}) {
  return POKER_DECK.check(parseCards(cards, { field, limit: DECK }), { field });
}

const straightRanks = (top) => [0, 1, 2, 3, 4].map((i) => (top - 4 + i === 1 ? ACE : top - 4 + i));

/** Python's tuple order of two rank lists. */
function compareRanks(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * A named hand: its kind and defining ranks (two pair high then low; full house three
 * then two; straights and flushes by their top card).
 */
export class Hand {
  constructor(name, ranks) {
    if (!STANDARD.includes(name)) {
      throw new InvalidInput(`${repr(name)} is not a poker hand (${STANDARD.join(", ")})`,
                             { field: "claim" });
    }
    const need = HAND_SIZES[name];
    if (ranks.length !== need) {
      throw new InvalidInput(`${name} names ${need} rank${need > 1 ? "s" : ""}, not ` +
                             `${ranks.length}`, { field: "claim" });
    }
    if (need === 2 && ranks[0] === ranks[1]) {
      throw new InvalidInput(`${name} needs two different ranks, not ${rankName(ranks[0])} ` +
                             "twice", { field: "claim" });
    }
    let own = [...ranks];
    if (name === "two pair" && own[0] < own[1]) own = own.reverse();
    const low = LOWEST_TOP[name];
    if (low && own[0] < low) {
      throw new InvalidInput(`no ${name} is ${rankName(own[0])} high; the lowest is ` +
                             `${rankName(low)} high`, { field: "claim" });
    }
    this.name = name;
    this.ranks = own;
  }

  /** A hand from a phrase or {hand, ranks}. */
  static parse(value, { field = "claim" } = {}) {
    try {
      if (isStr(value)) return new Hand(...parseHand(value));
      if (isDict(value)) {
        const name = require(value, "hand", { field });
        let ranks = require(value, "ranks", { field });
        if (!isList(ranks)) ranks = [ranks];
        const label = strip(pyStr(name)).toLowerCase();
        return new Hand(label, ranks.map((r) => parseRank(r)));
      }
    } catch (err) {
      if (err instanceof InvalidInput) throw err.withField(field);
      throw err;
    }
    throw new InvalidInput("a claim is a phrase like 'pair of jacks' or {'hand', 'ranks'}, " +
                           `not ${repr(value)}`, { field });
  }

  equals(other) { return this.name === other.name && compareRanks(this.ranks, other.ranks) === 0; }

  toString() { return formatHand(this.name, this.ranks); }

  toDict() { return { hand: this.name, ranks: this.ranks.map(rankName), phrase: String(this) }; }

  /** The cards that make this hand among ``cards``, or null if it cannot be made. */
  madeFrom(cards) {
    const byRank = new Map();
    for (const card of cards) {
      if (!byRank.has(card.rank)) byRank.set(card.rank, []);
      byRank.get(card.rank).push(card);
    }
    const take = (rank, n) => {
      const have = byRank.get(rank) ?? [];
      return have.length >= n ? have.slice(0, n) : null;
    };
    const sizes = { "high card": 1, pair: 2, "three of a kind": 3, "four of a kind": 4 };
    if (sizes[this.name] !== undefined) return take(this.ranks[0], sizes[this.name]);
    if (this.name === "two pair" || this.name === "full house") {
      const counts = this.name === "two pair" ? [2, 2] : [3, 2];
      const parts = this.ranks.map((r, i) => take(r, counts[i]));
      return parts.includes(null) ? null : [...parts[0], ...parts[1]];
    }
    if (this.name === "straight") {
      const parts = straightRanks(this.ranks[0]).map((r) => take(r, 1));
      return parts.includes(null) ? null : parts.map((p) => p[0]);
    }
    for (const suit of SUITS) { // flush and straight flush need one suit
      const suited = new Map();
      for (const c of cards) if (c.suit === suit) suited.set(c.rank, c);
      if (this.name === "straight flush") {
        const wanted = straightRanks(this.ranks[0]);
        if (wanted.every((r) => suited.has(r))) return wanted.map((r) => suited.get(r));
      } else if (suited.has(this.ranks[0])) {
        const below = [...suited.keys()].filter((r) => r < this.ranks[0]).sort((a, b) => b - a);
        if (below.length >= 4) {
          return [this.ranks[0], ...below.slice(0, 4)].map((r) => suited.get(r));
        }
      }
    }
    return null;
  }
}

/** The table's choices: the ladder (a name or all nine hands in order), card_limit. */
export class PokerRules {
  constructor({
    ladder = POKER.RULES.ladder, card_limit: cardLimit = POKER.RULES.card_limit,
  } = {}) {
    let order = ladder;
    if (isStr(order)) {
      if (!Object.hasOwn(LADDERS, order)) {
        throw new InvalidRules(`ladder must be one of ${Object.keys(LADDERS).join(", ")} or a ` +
                               `list of the nine hands, not ${repr(order)}`,
                               { field: "rules.ladder" });
      }
      order = LADDERS[order];
    }
    const standard = [...STANDARD].sort();
    const sameHands = (list) => list.length === standard.length &&
      [...list].sort().every((h, i) => h === standard[i]);
    if (!isList(order) || !order.every(isStr) || !sameHands(order)) {
      throw new InvalidRules("a ladder lists each of the nine hands once " +
                             `(${STANDARD.join(", ")}), not ${repr(order)}`,
                             { field: "rules.ladder" });
    }
    this.ladder = [...order];
    this.cardLimit = readInt(cardLimit, { field: "rules.card_limit", what: "card_limit",
                                          low: 1, high: 10 });
  }

  static fromDict(data) {
    return new PokerRules(readOptions(data, Object.keys(POKER.RULES), { game: "Liar's Poker" }));
  }

  /** Is ``hand`` higher than ``last`` on this ladder? */
  compare(hand, last) {
    const d = this.ladder.indexOf(hand.name) - this.ladder.indexOf(last.name);
    return d || compareRanks(hand.ranks, last.ranks);
  }

  isHigher(hand, last) { return last === null || this.compare(hand, last) > 0; }

  raiseProblem(last, hand) {
    if (this.isHigher(hand, last)) return null;
    const relation = hand.equals(last) ? "the same as" : "lower than";
    return `'${hand}' is ${relation} '${last}'`;
  }
}

/** poker.check_claim: can the named hand be made from all revealed cards; is it higher? */
export function checkClaim(claim, cards, rules = new PokerRules(), last = null) {
  const hand = Hand.parse(claim);
  let revealed = cards;
  if (isDict(revealed)) {
    revealed = keys(revealed).flatMap((player) =>
      parseCards(revealed[player], { field: "cards", limit: DECK }));
  }
  const made = hand.madeFrom(readPokerCards(revealed));
  const result = { claim: hand.toDict(), made: made !== null,
                   cards_used: made === null ? null : made.map(String),
                   ladder: [...rules.ladder] };
  if (last !== null) {
    const lastHand = Hand.parse(last, { field: "last" });
    const problem = rules.raiseProblem(lastHand, hand);
    result.higher = { last: lastHand.toDict(), legal: problem === null, reason: problem };
  }
  return result;
}

/** GAMES["poker"].check: the request body {claim, cards, last?, rules?} checked. */
export function check(payload) {
  const p = requestObject(payload, ["claim", "cards", "last", "rules"], ["claim", "cards"],
                          "poker check");
  const claim = p.claim;
  const cards = p.cards;
  const rules = PokerRules.fromDict(get(p, "rules"));
  return { game: "poker", ...checkClaim(claim, cards, rules, get(p, "last")) };
}

/** Its screen on the phone page (api/static/games.js builds it): the form, the body it posts
 * and how the answer reads. */
export const SCREEN = {
  title: "Liar's Poker", // on the page, where no other Liar's Poker is a sister game
  hint: "Can the hand be made?",
  button: "Check the hand",
  fields: [
    { name: "claim", label: "Hand as said", placeholder: "full house, kings over threes",
      required: true, ...PHRASE, hint: "“pair of kings”, “flush, ace high”." },
    { name: "cards", label: "All revealed cards", placeholder: "KH 3C KS KD 3S", required: true,
      ...CARDS, hint: "Everyone's cards together: KH 3C KS …" },
    { name: "last", label: "Claim before it (optional)", placeholder: "two pair, aces and kings",
      ...PHRASE, hint: "Fill in to check that the hand is higher." },
  ],
  options: [
    { kind: "select", name: "ladder", label: "Hand ladder", choices: [
      ["standard", "Standard"], ["short-deck", "Short deck (flush beats full house)"]] },
  ],
  payload(v) {
    const body = { claim: v.claim, cards: v.cards, rules: { ladder: v.ladder } };
    if (v.last.trim()) body.last = v.last;
    return body;
  },
  render(d, { h }) {
    const higher = d.higher;
    return {
      ok: d.made,
      children: [
        h("h3", { class: d.made ? "big-ok" : "big-bad" },
          d.made ? "✓ The hand can be made" : "✗ The hand cannot be made"),
        h("p", {}, `“${d.claim.phrase}”`,
          d.made && d.cards_used ? [" from ", h("strong", {}, d.cards_used.join(" "))] : "", "."),
        higher ? h("p", { class: higher.legal ? "big-ok" : "big-bad" },
          higher.legal ? `✓ Higher than ${higher.last.phrase}.` : `✗ Not higher: ${higher.reason}.`)
          : null,
      ],
    };
  },
};
