// Liar's Post, the check path (port of solver/games/post.py's check_claim and what
// GAMES["post"].check in solver/games/registry.py does around it): is a claim about the card true,
// is the receiver's True/False call right and who takes the card, do a player's face-up
// cards lose.  Same answers, same errors (code, message, field) as the Python library.

import { InvalidCard, InvalidInput, InvalidRules } from "../../engine/errors.js";
import { Card, deckOf, parseCards, parseRank, rankName } from "../../engine/cards.js";
import { repr, strip } from "../../engine/pystr.js";
import { get, isDict, isInt, readOptions, require, requestObject, shown } from "../../engine/rules.js";
import { formatKind, parseKind } from "../../engine/phrases.js";
import { POST } from "../../engine/tables.js";
import { CARDS, PHRASE } from "../../engine/screen.js";

/** A K Q J 10 9 8 7. */
export const KINDS = POST.KINDS;
const KIND_NAMES = KINDS.map(rankName).join(" ");
export const TWO_DECKS = deckOf(POST.TWO_DECKS);
export const ONE_DECK = deckOf(POST.ONE_DECK);

/** A Liar's Post kind (A K Q J 10 9 8 7) from a rank, a card or a phrase. */
export function readKind(value, { field = "claim" } = {}) {
  let rank;
  if (typeof value === "string") {
    try {
      rank = parseRank(value);
    } catch (err) {
      if (!(err instanceof InvalidCard)) throw err;
      try {
        rank = Card.parse(value).rank;
      } catch (err2) {
        if (!(err2 instanceof InvalidCard)) throw err2;
        rank = parseKind(value);
      }
    }
  } else if (isInt(value)) {
    rank = value;
  } else {
    throw new InvalidInput(`a kind is written like 'Q' or 'this is a queen', not ${repr(value)}`,
      { field });
  }
  if (!KINDS.includes(rank)) {
    throw new InvalidCard(`${repr(value)} is not a Liar's Post kind (${KIND_NAMES})`, { field });
  }
  return rank;
}

/** What a sender says about the card: "This is a Queen" is Claim(12). */
export class Claim {
  constructor(kind) { this.kind = kind; Object.freeze(this); }

  static parse(value, { field = "claim" } = {}) {
    if (value instanceof Claim) return value;
    if (isDict(value)) value = require(value, "kind", { field });
    try {
      return new Claim(readKind(value, { field }));
    } catch (err) {
      if (err instanceof InvalidInput) throw err.withField(field);
      throw err;
    }
  }

  toString() { return formatKind(this.kind); }

  toDict() { return { kind: rankName(this.kind), phrase: String(this) }; }
}

/** The turned-over card; suits are allowed and ignored, jokers are not in the deck. */
export function readCard(value, { field = "card" } = {}) {
  const card = Card.parse(value, { field });
  if (!KINDS.includes(card.rank)) {
    throw new InvalidCard(`'${card}' is not in the Liar's Post deck (${KIND_NAMES})`, { field });
  }
  return card;
}

/** Is the receiver right?  Right when (call is True) equals (the claim is true). */
export function judge(claim, card, believes) { return believes === (card.rank === claim.kind); }

/** true / "true" / "True" believes the claim; "false" does not. */
export function readCall(value, { field = "call" } = {}) {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const word = strip(value).toLowerCase();
    if (word === "true" || word === "false") return word === "true";
  }
  throw new InvalidInput(`a call is 'true' or 'false', not ${repr(value)}`, { field });
}

/** The table's choices (both off by default): one_deck, eight_different. */
export class PostRules {
  constructor({ one_deck = POST.RULES.one_deck,
    eight_different = POST.RULES.eight_different } = {}) {
    for (const [name, value] of [["one_deck", one_deck], ["eight_different", eight_different]]) {
      if (typeof value !== "boolean") {
        throw new InvalidRules(`${name} must be true or false, not ${repr(value)}`,
          { field: `rules.${name}` });
      }
    }
    this.oneDeck = one_deck;
    this.eightDifferent = eight_different;
    Object.freeze(this);
  }

  static fromDict(data) {
    return new PostRules(readOptions(data, Object.keys(POST.RULES), { game: "Liar's Post" }));
  }

  toDict() { return { one_deck: this.oneDeck, eight_different: this.eightDifferent }; }

  /** The cards in play: two decks' A-7 (each card twice), or one deck's. */
  get deck() { return this.oneDeck ? ONE_DECK : TWO_DECKS; }

  get copies() { return this.deck.perRank; }

  get deckSize() { return this.copies * KINDS.length; }

  /** How many face-up cards of one kind lose the game. */
  losingCount(players) { return (this.oneDeck ? 3 : 4) + (players === 2 ? 1 : 0); }

  /** Why these face-up cards (a rank -> count function) lose, or null. */
  loss(faceUp, players) {
    const limit = this.losingCount(players);
    for (const kind of KINDS) {
      if (faceUp(kind) >= limit) {
        return `${faceUp(kind)} cards of kind ${rankName(kind)} face up ` +
          `(${limit} lose with ${players} players)`;
      }
    }
    if (this.eightDifferent && KINDS.every((k) => faceUp(k))) {
      return "one of every kind face up (eight different)";
    }
    return null;
  }
}

/** One claim against the turned-over card; with `call`, who takes it; with `faceUp` (a
 * player's face-up cards) and `players`, whether that loses (solver.games.post.check_claim). */
export function checkClaim(claim, card, call = null, rules = null, faceUp = null,
  players = null) {
  rules = rules ?? new PostRules();
  claim = Claim.parse(claim);
  card = readCard(card);
  const result = {
    claim: claim.toDict(), card: String(card), claim_true: card.rank === claim.kind,
  };
  if (call !== null) {
    const believes = readCall(call);
    const right = judge(claim, card, believes);
    Object.assign(result, { call: believes ? "true" : "false", receiver_right: right,
      takes: right ? "sender" : "receiver" });
  }
  if (players !== null && faceUp === null) {
    throw new InvalidInput("players counts only for face_up (the face-up loss limit); " +
      "give the face-up cards too", { field: "players" });
  }
  if (faceUp !== null) {
    const count = players === null ? 3 : players;  // 3 only when players is not given
    if (!isInt(count) || count < 2 || count > 6) {
      throw new InvalidInput(`Liar's Post takes 2 to 6 players, not ${shown(players)}`,
        { field: "players" });
    }
    if (typeof faceUp !== "string" && !Array.isArray(faceUp)) {
      throw new InvalidCard("face_up is a player's face-up cards as a list or a string " +
        `like 'Q Q 7', not ${shown(faceUp)}`, { field: "face_up" });
    }
    const cards = parseCards(faceUp, { field: "face_up", limit: rules.deckSize })
      .map((c) => readCard(c, { field: "face_up" }));
    rules.deck.check(cards, { field: "face_up", where: " face up" });
    const counts = new Map();
    for (const c of cards) counts.set(c.rank, (counts.get(c.rank) ?? 0) + 1);
    const up = (rank) => counts.get(rank) ?? 0;
    const reason = rules.loss(up, count);
    Object.assign(result, { loses: reason !== null, reason,
      losing_count: rules.losingCount(count) });
  }
  return result;
}

const FIELDS = ["claim", "card", "call", "face_up", "players", "rules"];

/** GAMES["post"].check(payload): the request body checked, then the claim. */
export function check(payload) {
  const p = requestObject(payload, FIELDS, ["claim", "card"], "post check");
  const rules = PostRules.fromDict(get(p, "rules"));
  return { game: "post", ...checkClaim(p.claim, p.card, get(p, "call"), rules, get(p, "face_up"),
    get(p, "players")) };
}

/** Its screen on the phone page (api/static/games.js builds it): the form, the body it posts
 * and how the answer reads. */
export const SCREEN = {
  hint: "Was the claim true?",
  button: "Check the claim",
  fields: [
    { name: "claim", label: "Claim", placeholder: "this is a queen", required: true, ...PHRASE,
      hint: "As said: “this is a queen”, “a seven”." },
    { name: "card", label: "The card", placeholder: "QH", required: true, ...CARDS,
      hint: "Q, QH, Q♥ or “queen of hearts”." },
  ],
  options: [
    { kind: "radio", name: "call", label: "The receiver called", choices: [
      ["", "Not yet"], ["true", "True"], ["false", "False"]] },
  ],
  more: {
    summary: "Does a player lose?",
    fields: [
      { name: "face_up", label: "A player's face-up cards", placeholder: "Q Q Q Q", ...CARDS,
        hint: "Including the card just taken: Q Q Q Q, or A K Q J 10 9 8 7." },
    ],
    options: [
      { kind: "select", name: "players", label: "Players at the table", value: "3",
        choices: [["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"], ["6", "6"]] },
      { kind: "checkbox", name: "one_deck", label: "One deck (32 cards)" },
      { kind: "checkbox", name: "eight_different", label: "Eight different kinds also lose" },
    ],
  },
  payload(v) {
    const body = { claim: v.claim, card: v.card,
                   rules: { one_deck: v.one_deck, eight_different: v.eight_different } };
    if (v.call) body.call = v.call;
    if (v.face_up.trim()) {
      body.face_up = v.face_up;
      body.players = Number(v.players);
    }
    return body;
  },
  render(d, { h }) {
    const called = d.call !== undefined && d.call !== null;
    const takes = { sender: "The sender takes the card.", receiver: "The receiver takes the card." };
    return {
      ok: d.claim_true, // the frame is the headline's colour; the call's row says right or wrong
      children: [
        h("h3", { class: d.claim_true ? "big-ok" : "big-bad" },
          d.claim_true ? "✓ The claim is true" : "✗ The claim is false"),
        h("p", {}, `Claimed “${d.claim.phrase}”; the card is `, h("strong", {}, d.card), "."),
        called ? h("ul", { class: "ruling", "aria-label": "Ruling" },
          h("li", {}, h("span", {}, `Receiver called ${d.call === "true" ? "True" : "False"}`),
            h("span", { class: `delta ${d.receiver_right ? "down" : "up"}` },
              d.receiver_right ? "right" : "wrong"))) : null,
        called ? h("p", {}, h("strong", {}, takes[d.takes] || `${d.takes} takes the card.`),
          " It lies face up; the taker starts the next turn.") : null,
        d.loses === undefined ? null : h("p", { class: d.loses ? "big-bad" : "big-ok" },
          d.loses ? `✗ That player loses: ${d.reason}.`
            : `✓ Those face-up cards do not lose (${d.losing_count} of a kind would).`),
      ],
    };
  },
};
