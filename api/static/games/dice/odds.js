// Liar's Dice's odds on the phone (port of solver/games/dice/odds.py): how likely a bid is
// from what one player alone can see, and the safest raises, with the library's answer to
// the same request (POST /dice/odds).
//
//   diceAnswer({mine: [2, 5, 5], hidden: 10, bid: "4 fives", rules: {wild: [1]}})

import { InvalidDie, LiarsError, LimitExceeded } from "../../engine/errors.js";
import { Bid, DiceRules, MAX_DICE, readDice } from "./engine.js";
import { get } from "../../engine/rules.js";
import { Fraction, ONE, comb, readHidden } from "../../engine/chance.js";
import { DICE_ADVICE, readObject, readLimit } from "../../engine/odds.js";

/** What one player sees: their dice, how many dice the others hold, the rules. */
export class DiceView {
  constructor(mine, hidden, rules) {
    this.mine = mine;
    this.hidden = hidden;
    this.rules = rules;
  }

  static read(mine, hidden, rules = new DiceRules()) {
    const dice = readDice(mine, rules.faces, { field: "mine" });
    if (dice.length > rules.diceEach) {
      throw new InvalidDie(`${dice.length} dice given as yours, but each player holds at most ` +
        `${rules.diceEach}`, { field: "mine" });
    }
    hidden = readHidden(hidden, MAX_DICE - dice.length, { noun: "dice",
      where: "a table of the most dice this referee takes", error: LimitExceeded });
    return new DiceView(dice, hidden, rules);
  }

  get inPlay() { return this.mine.length + this.hidden; }

  countingFaces(bid) { return this.rules.wild.includes(bid.face) ? 1 : 1 + this.rules.wild.length; }

  /** The exact chance that `bid` holds among all the dice in play. */
  holds(bid) {
    bid = Bid.parse(bid, { field: "bid" });
    try {
      this.rules.checkBid(bid, this.inPlay);
    } catch (err) {
      if (err instanceof LiarsError) err.field = "bid";
      throw err;
    }
    const need = bid.quantity - this.rules.count(bid, this.mine);
    if (need <= 0) return ONE;
    const good = BigInt(this.countingFaces(bid));
    const faces = BigInt(this.rules.faces);
    let ways = 0n;
    for (let j = need; j <= this.hidden; j += 1) {
      ways += comb(this.hidden, j) * good ** BigInt(j) * (faces - good) ** BigInt(this.hidden - j);
    }
    return new Fraction(ways, faces ** BigInt(this.hidden));
  }

  reason(bid) {
    bid = Bid.parse(bid, { field: "bid" });
    const mine = this.rules.count(bid, this.mine);
    const need = bid.quantity - mine;
    const said = `you hold ${mine} that count`;
    if (need <= 0) return `certain: ${said}`;
    if (need > this.hidden) return `never holds: ${said}, and only ${this.hidden} dice are hidden`;
    return `${said}; it needs ${need} of the ${this.hidden} hidden dice, each counting with ` +
      `chance ${this.countingFaces(bid)}/${this.rules.faces}`;
  }

  /** Every next bid: on each face, the smallest quantity that raises `last` (null: opening). */
  nextBids(last) {
    last = last === null ? null : Bid.parse(last, { field: "bid" });
    const bids = [];
    for (let face = 1; face <= this.rules.faces; face += 1) {
      for (let quantity = 1; quantity <= this.inPlay; quantity += 1) {
        const bid = new Bid(quantity, face);
        if (this.rules.raiseProblem(last, bid) === null) { bids.push(bid); break; }
      }
    }
    return bids;
  }

  /** Every next bid ranked by its exact chance; ties, the higher bid first. */
  raises(last, { limit = null } = {}) {
    const key = (bid) => this.rules.key(bid);
    const ranked = this.nextBids(last).map((bid) => ({ bid, chance: this.holds(bid) }));
    ranked.sort((a, b) => b.chance.compare(a.chance) || compareKeys(key(b.bid), key(a.bid)));
    return limit === null ? ranked : ranked.slice(0, limit);
  }
}

const compareKeys = (a, b) => (a[0] - b[0]) || (a[1] - b[1]);

/** POST /dice/odds as the library answers it: {mine, hidden, bid, rules?, limit?}. */
export function diceAnswer(payload) {
  payload = readObject(payload, ["mine", "hidden", "bid", "rules", "limit"],
    ["mine", "hidden", "bid"], "dice odds");
  const rules = DiceRules.fromDict(get(payload, "rules"));
  const view = DiceView.read(payload.mine, payload.hidden, rules);
  const bid = Bid.parse(payload.bid, { field: "bid" });
  const chance = view.holds(bid);
  const limit = readLimit(get(payload, "limit"));
  return {
    game: "dice", mine: [...view.mine], hidden: view.hidden, dice_in_play: view.inPlay,
    wild: [...rules.wild], bid: bid.toDict(),
    holds: { ...chance.asDict(), reason: view.reason(bid) },
    suggestions: view.raises(bid, { limit }).map((s) => ({ bid: s.bid.toDict(),
      holds: s.chance.asDict() })),
    advice: DICE_ADVICE,
  };
}

