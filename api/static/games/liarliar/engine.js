// Liar Liar, the check path (port of solver/games/liarliar.py's check_claim and what
// GAMES["liarliar"].check in solver/games/registry.py does around it): is a play true (jokers are
// wild), who takes the pile and who opens next.  Same answers, same errors (code, message,
// field) as the Python library.

import { InvalidCard, InvalidInput, InvalidRules, UnreadablePhrase } from "../../engine/errors.js";
import { LIAR_LIAR_DECK, parseCards, parseRank, rankName } from "../../engine/cards.js";
import { PyFloat, repr, strip } from "../../engine/pystr.js";
import {
  get, isDict, isInt, readInt, readOptions, require, requestObject, shown, smallInt,
} from "../../engine/rules.js";
import { formatPlay, parsePlay } from "../../engine/phrases.js";
import { LIARLIAR } from "../../engine/tables.js";
import { CARDS, PHRASE } from "../../engine/screen.js";

export const DECK = LIAR_LIAR_DECK;
export const DECK_SIZE = DECK.size;  // 54: 52 cards and two jokers
export const { TIMERS, MAX_PLAY } = LIARLIAR;

/** A play is true when every card is the declared rank or a joker. */
export function playIsTrue(rank, cards) {
  return cards.every((card) => card.isJoker || card.rank === rank);
}

/** What a player says with a play: "two kings" is Declaration(2, 13).  The count is null
 * when only the rank is said ("kings"), the rank null when only a count is ("two"). */
export class Declaration {
  constructor(count, rank) {
    // A play is of at least one card: "zero kings" (or -1, however written) is no play.
    if (count !== null && (!isInt(count) || count < 1)) {
      throw new InvalidInput(`a play's count is a whole number, 1 or more, not ${shown(count)}`,
        { field: "claim" });
    }
    this.count = count;
    this.rank = rank;
    Object.freeze(this);
  }

  static parse(value, { field = "claim" } = {}) {
    if (value instanceof Declaration) return value;
    try {
      if (typeof value === "string") return new Declaration(...parsePlay(value));
      if (isDict(value)) {
        let count = get(value, "count");
        if (count !== null) {
          count = readInt(count, { field: `${field}.count`, what: "a play's count", low: 1,
            high: MAX_PLAY });
        }
        return new Declaration(count, parseRank(require(value, "rank", { field })));
      }
    } catch (err) {
      if (err instanceof InvalidInput) throw err.withField(field);
      throw err;
    }
    throw new InvalidInput("a declaration is a phrase like 'two kings' or " +
      `{'count', 'rank'}, not ${repr(value)}`, { field });
  }

  toString() { return formatPlay(this.count, this.rank); }

  toDict() {
    return { count: this.count, rank: this.rank === null ? null : rankName(this.rank),
      phrase: String(this) };
  }
}

/** The table's choice: `timer` seconds per move, 10 or 30, or null for no timer. */
export class LiarLiarRules {
  constructor({ timer = LIARLIAR.RULES.timer } = {}) {
    // Python's `timer not in (None, 10, 30)` is equality: 10.0 passes, True does not.
    const value = timer instanceof PyFloat ? timer.value : timer;
    if (!TIMERS.includes(value) || typeof timer === "boolean") {
      throw new InvalidRules(`timer must be 10, 30 or none, not ${shown(timer)}`,
        { field: "rules.timer" });
    }
    this.timer = timer;
    Object.freeze(this);
  }

  static fromDict(data) {
    const options = readOptions(data, Object.keys(LIARLIAR.RULES), { game: "Liar Liar" });
    if (typeof options.timer === "string") {
      let word = strip(options.timer).toLowerCase();
      if (word.endsWith("s")) word = word.slice(0, -1);
      word = strip(word);
      const number = smallInt(word);
      options.timer = ["none", "no", "off"].includes(word) ? null
        : number !== null ? number : options.timer;
    }
    return new LiarLiarRules(options);
  }

  toDict() { return { timer: this.timer }; }
}

/** Is a play true?  `claim` is what was said ("two kings"), `cards` what was turned over
 * (solver.games.liarliar.check_claim). */
export function checkClaim(claim, cards) {
  const said = Declaration.parse(claim);
  if (said.rank === null) {
    throw new UnreadablePhrase(`'${said}' says how many cards but not their rank; a play is ` +
      "checked against its rank, like 'two kings'", { field: "claim" });
  }
  cards = DECK.check(parseCards(cards, { limit: MAX_PLAY }));
  if (!cards.length) {
    throw new InvalidCard("a play is 1 to 3 cards; none were given", { field: "cards" });
  }
  if (said.count !== null && said.count !== cards.length) {
    throw new InvalidCard(`'${said}' says ${said.count} cards but ${cards.length} were turned ` +
      "over", { field: "cards" });
  }
  const isTrue = playIsTrue(said.rank, cards);
  return {
    claim: said.toDict(), cards: cards.map(String), true: isTrue,
    jokers: cards.filter((c) => c.isJoker).length,
    wrong: cards.filter((c) => !c.isJoker && c.rank !== said.rank).map(String),
    // A false play's player takes the pile, a true one's caller does; the challenge's
    // winner (the other one) opens the next round.
    takes_pile: isTrue ? "caller" : "player",
    opens_next: isTrue ? "player" : "caller",
  };
}

/** GAMES["liarliar"].check(payload): the request body checked, the rules read, the play. */
export function check(payload) {
  const p = requestObject(payload, ["claim", "cards", "rules"], ["claim", "cards"],
    "liarliar check");
  LiarLiarRules.fromDict(get(p, "rules"));
  return { game: "liarliar", ...checkClaim(p.claim, p.cards) };
}

/** Its screen on the phone page (api/static/games.js builds it): the form, the body it posts
 * and how the answer reads. */
export const SCREEN = {
  hint: "Was the play true?",
  button: "Check the play",
  fields: [
    { name: "claim", label: "Play as said", placeholder: "two kings", required: true, ...PHRASE,
      hint: "“two kings”, “three 7s”, “a queen”." },
    { name: "cards", label: "Cards turned over", placeholder: "KH JOKER", required: true, ...CARDS,
      hint: "Only the play just made: KH KS, or “joker”." },
  ],
  options: [],
  payload(v) { return { claim: v.claim, cards: v.cards }; },
  render(d, { h }) {
    return {
      ok: d.true,
      children: [
        h("h3", { class: d.true ? "big-ok" : "big-bad" },
          d.true ? "✓ The play is true" : "✗ The play is a lie"),
        h("p", {}, `Said “${d.claim.phrase}”; turned over `, h("strong", {}, d.cards.join(" ")),
          d.jokers ? ` (${d.jokers} joker${d.jokers === 1 ? "" : "s"}, wild)` : "", "."),
        d.wrong && d.wrong.length ? h("p", {}, "Not as said: ", h("strong", {}, d.wrong.join(" "))) : null,
        h("p", { class: "ruling-line" }, d.takes_pile === "caller"
          ? "The caller takes the whole pile; the player who made it opens the next round."
          : "The player who made it takes the whole pile; the caller opens the next round."),
      ],
    };
  },
};
