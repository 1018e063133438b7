// Liar's Dice's check (solver/games/dice.py, the path of GAMES["dice"].check): a bid read from a
// phrase or {quantity, face}, the revealed dice, the table's rules, the bid it raises.
// Same counts, same raise order, same refusals as the server.

import { IllegalMove, InvalidDie, InvalidInput, InvalidRules, LimitExceeded } from "../../engine/errors.js";
import { formatBid, parseBid } from "../../engine/phrases.js";
import { keys, repr, split } from "../../engine/pystr.js";
import { get, isDict, isInt, isList, isStr, readInt, readOptions, requestObject, require, shown,
  smallInt } from "../../engine/rules.js";
import { DICE } from "../../engine/tables.js";
import { PHRASE } from "../../engine/screen.js";

export const { BID_ORDERS, MAX_DICE_EACH, MAX_FACES, MAX_DICE } = DICE;

/** A claim that at least ``quantity`` dice show ``face``: "2 fives" is a Bid(2, 5). */
export class Bid {
  constructor(quantity, face) {
    // A bid is for at least one die: "0 sixes" is no bid.
    if (!isInt(quantity) || quantity < 1) {
      throw new InvalidInput("a bid's quantity is a whole number, 1 or more, not " +
                             shown(quantity), { field: "claim" });
    }
    this.quantity = quantity;
    this.face = face;
  }

  /** A bid from a phrase ("five sixes") or {quantity, face}. */
  static parse(claim, { field = "claim" } = {}) {
    if (isStr(claim)) {
      try {
        const [quantity, face] = parseBid(claim);
        return new Bid(quantity, face);
      } catch (err) {
        if (err instanceof InvalidInput) err.field = field; // the phrase's own field
        throw err;
      }
    }
    if (isDict(claim)) {
      const quantity = readInt(require(claim, "quantity", { field }), {
        field: `${field}.quantity`, what: "a bid's quantity", low: 1, high: MAX_DICE });
      const face = readInt(require(claim, "face", { field }), {
        field: `${field}.face`, what: "a bid's face", low: 1, high: MAX_FACES });
      return new Bid(quantity, face);
    }
    throw new InvalidInput("a bid is a phrase like '2 fives' or {'quantity', 'face'}, not " +
                           repr(claim), { field });
  }

  toString() { return formatBid(this.quantity, this.face); }

  toDict() { return { quantity: this.quantity, face: this.face, phrase: String(this) }; }
}

/** Revealed dice as faces; a bad face is an InvalidDie naming it. */
export function readDice(dice, faces, { field = "dice" } = {}) {
  let list = dice;
  if (isStr(list)) list = split(list.replaceAll(",", " "));
  if (!isList(list)) {
    throw new InvalidDie(`dice must be a list of faces, not ${shown(dice)}`, { field });
  }
  if (list.length > MAX_DICE) {
    throw new LimitExceeded(`${list.length} dice given; at most ${MAX_DICE} are accepted`,
                            { field });
  }
  return list.map((die) => {
    const value = isStr(die) ? smallInt(die) : die; // ASCII digits only: not '²'
    if (!isInt(value) || !(value >= 1 && value <= faces)) {
      throw new InvalidDie(`${shown(die)} is not a die face from 1 to ${faces}`, { field });
    }
    return Number(value);
  });
}

const RAISE_RULES = {
  seed: "the same face with a higher quantity, or a higher face",
  "quantity-first": "a higher quantity, or the same quantity with a higher face",
  perudo: "a higher quantity, or the same quantity with a higher face; switching to 1s " +
          "needs at least half the quantity (rounded up), leaving 1s needs double plus one",
};

/** The table's choices (DiceRules); defaults are docs/rules.md's. */
export class DiceRules {
  constructor({
    dice_each: diceEach = DICE.RULES.dice_each, faces = DICE.RULES.faces,
    wild = DICE.RULES.wild, bid_order: bidOrder = DICE.RULES.bid_order,
  } = {}) {
    readInt(diceEach, { field: "rules.dice_each", what: "dice_each", low: 1, high: MAX_DICE_EACH });
    readInt(faces, { field: "rules.faces", what: "faces", low: 2, high: MAX_FACES });
    if (!BID_ORDERS.includes(bidOrder)) {
      throw new InvalidRules(`bid_order must be one of ${BID_ORDERS.join(", ")}, not ` +
                             repr(bidOrder), { field: "rules.bid_order" });
    }
    if (!isList(wild)) {
      throw new InvalidRules(`wild must be a list of faces, not ${shown(wild)}`,
                             { field: "rules.wild" });
    }
    let read;
    try {
      read = [...new Set(readDice(wild, faces, { field: "rules.wild" }))].sort((a, b) => a - b);
    } catch (err) {
      if (err instanceof InvalidDie) {
        throw new InvalidRules(`wild: ${err.message}`, { field: "rules.wild" });
      }
      throw err;
    }
    if (bidOrder === "perudo") {
      if (!(read.length === 0 || (read.length === 1 && read[0] === 1))) {
        throw new InvalidRules(`perudo plays with 1s wild, not ${repr(read)}`,
                               { field: "rules.wild" });
      }
      read = [1];
    }
    this.diceEach = Number(diceEach);
    this.faces = Number(faces);
    this.wild = read;
    this.bidOrder = bidOrder;
  }

  static fromDict(data) {
    return new DiceRules(readOptions(data, Object.keys(DICE.RULES), { game: "Liar's Dice" }));
  }

  toDict() {
    return { dice_each: this.diceEach, faces: this.faces, wild: [...this.wild],
      bid_order: this.bidOrder };
  }

  /** Raise unless ``bid`` names a real face and at most the dice in play. */
  checkBid(bid, diceInPlay) {
    if (!(bid.face >= 1 && bid.face <= this.faces)) {
      throw new InvalidDie(`${bid}: ${bid.face} is not a face from 1 to ${this.faces}`,
                           { field: "claim" });
    }
    if (bid.quantity > diceInPlay) {
      const inPlay = diceInPlay === 1 ? "1 die is" : `${diceInPlay} dice are`;
      throw new IllegalMove(`${bid}: only ${inPlay} in play`, { field: "claim" });
    }
  }

  /** Dice that count for ``bid``: its face, plus wild dice unless the face is wild. */
  count(bid, dice) {
    const of = (face) => dice.filter((d) => d === face).length;
    if (this.wild.includes(bid.face)) return of(bid.face);
    return of(bid.face) + this.wild.reduce((sum, w) => sum + of(w), 0);
  }

  /** The bid's place in the raise order: a raise must have a greater key. */
  key(bid) {
    if (this.bidOrder === "seed") return [bid.face, bid.quantity];
    if (this.bidOrder === "perudo" && bid.face === 1) return [2 * bid.quantity, this.faces + 1];
    return [bid.quantity, bid.face];
  }

  /** Why ``bid`` may not follow ``last`` under this bid order, or null if it may. */
  raiseProblem(last, bid) {
    if (last === null) {
      if (this.bidOrder === "perudo" && bid.face === 1) {
        return "under perudo a round may not open on 1s";
      }
      return null;
    }
    const [a, b] = [this.key(bid), this.key(last)];
    if (a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])) return null;
    return `${bid} does not raise ${last}: a raise (${this.bidOrder}) is ` +
           RAISE_RULES[this.bidOrder];
  }
}

/** dice.check_claim: a single bid checked against revealed dice (and the bid it raises). */
export function checkClaim(claim, dice, rules = new DiceRules(), last = null) {
  const bid = Bid.parse(claim);
  let revealed = dice;
  if (isDict(revealed)) { // revealed by player: only the dice matter here
    revealed = keys(revealed).flatMap((player) => readDice(revealed[player], rules.faces));
  }
  revealed = readDice(revealed, rules.faces);
  rules.checkBid(bid, revealed.length);
  const count = rules.count(bid, revealed);
  const holds = count >= bid.quantity;
  const result = { bid: bid.toDict(), count, holds, dice_in_play: revealed.length,
                   wild: [...rules.wild],
                   // docs/rules.md: a bid that holds costs the caller a die, else the bidder.
                   loser_if_called: holds ? "caller" : "bidder" };
  if (last !== null) {
    const lastBid = Bid.parse(last, { field: "last" });
    const problem = rules.raiseProblem(lastBid, bid);
    result.raise = { last: lastBid.toDict(), legal: problem === null, reason: problem };
  }
  return result;
}

/** GAMES["dice"].check: the request body {claim, dice, last?, rules?} checked. */
export function check(payload) {
  const p = requestObject(payload, ["claim", "dice", "last", "rules"], ["claim", "dice"],
                          "dice check");
  const claim = p.claim;
  const dice = p.dice;
  const rules = DiceRules.fromDict(get(p, "rules"));
  return { game: "dice", ...checkClaim(claim, dice, rules, get(p, "last")) };
}

/** Its screen on the phone page (api/static/games.js builds it): the form, the body it posts
 * and how the answer reads. */
export const SCREEN = {
  hint: "Does a bid hold?", // its line in the Other games menu
  button: "Check the bid",
  fields: [
    { name: "claim", label: "Bid", placeholder: "five sixes", required: true, ...PHRASE,
      hint: "As said at the table: “five sixes”, “2 fives”." },
    { name: "dice", label: "All revealed dice", placeholder: "6 6 1 3 6 2 6", required: true,
      autocapitalize: "off", inputmode: "numeric", keypad: ["1", "2", "3", "4", "5", "6"],
      hint: "Every player's dice: 6 6 1 3, or 6613." },
    { name: "last", label: "Bid before it (optional)", placeholder: "four sixes", ...PHRASE,
      hint: "Fill in to check that the bid was a legal raise." },
  ],
  options: [
    { kind: "checkbox", name: "wild1", label: "1s are wild" },
    { kind: "select", name: "bid_order", label: "Bid order", choices: [
      ["seed", "Standard (seed rules)"], ["quantity-first", "Quantity first"],
      ["perudo", "Perudo (1s wild)"]] },
  ],
  aliases: { bid: "claim" },
  payload(v) {
    // A run of digits is one die each ("6613" is 6 6 1 3): quicker on a number pad.
    const dice = v.dice.replace(/(\d)(?=\d)/g, "$1 ");
    const rules = { bid_order: v.bid_order };
    if (v.wild1) rules.wild = [1];
    const body = { claim: v.claim, dice, rules };
    if (v.last.trim()) body.last = v.last;
    return body;
  },
  render(d, { h }) {
    const raise = d.raise;
    const wild = d.wild.length && !d.wild.includes(d.bid.face);
    return {
      ok: d.holds,
      children: [
        h("h3", { class: d.holds ? "big-ok" : "big-bad" },
          d.holds ? "✓ The bid holds" : "✗ The bid does not hold"),
        h("p", {}, h("strong", {}, d.bid.phrase), `: ${d.count} counted among `,
          `${d.dice_in_play} dice`, wild ? ` (${d.wild.join(", ")}s wild).` : "."),
        h("p", { class: "hint" }, "If “Liar!” is called:"),
        h("ul", { class: "ruling", "aria-label": "Ruling if Liar is called" },
          h("li", {}, h("span", {}, d.loser_if_called === "caller" ? "The caller" : "The bidder"),
            h("span", { class: "delta up" }, "loses a die"))),
        raise ? h("p", { class: raise.legal ? "big-ok" : "big-bad" },
          raise.legal ? `✓ A legal raise over ${raise.last.phrase}.`
            : `✗ Not a legal raise: ${raise.reason}.`) : null,
      ],
    };
  },
};
