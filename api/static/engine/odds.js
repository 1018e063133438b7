// The odds on the phone (port of solver/games/letters/odds.py, solver/games/dice/odds.py
// and solver/odds/payload.py): how likely a Liars' Letters declaration or a Liar's Dice bid
// is from what one player alone can see, and
// the safest raises, with the library's answer to the same request -- the same exact
// fractions ("n/d"), the same floats, the same reasons and the same refusals -- so that the
// Odds screen and a room's advisor work with no server.
//
//   await lettersAnswer({mine: "ABE", hidden: 9, declared: "bigger, a"})   // POST /letters/odds
//   diceAnswer({mine: [2, 5, 5], hidden: 10, bid: "4 fives", rules: {wild: [1]}})
//
// The others' hands are, to me, a uniform random draw from what I cannot see.  Every chance
// is exact; the sampled deals asked for with `samples` are Python's own (pyrandom.js), each
// judged as the library judges it, and marked as an estimate.

import { InvalidDie, InvalidInput, LiarsError, LimitExceeded, NeedsServer, TooManyTiles }
  from "./errors.js";
import { Bid, DiceRules, MAX_DICE, readDice } from "../games/dice/engine.js";
import { DEFAULT_BUDGET, checkDeclaration, readBudget } from "../games/letters/engine.js";
import { PyFloat, compareStr, slice, typeName } from "./pystr.js";
import { PyRandom } from "./pyrandom.js";
import { safestRaises, suggestionDict } from "./raises.js";
import { get, isDict } from "./rules.js";
import { ODDS } from "./tables.js";
import { LETTERS, Tiles } from "./tiles.js";
import { WordSet } from "./wordset.js";
import {
  Fraction, ONE, ZERO, comb, readCount, readHidden, waysAtLeast, waysExactly,
} from "./chance.js";

export const {
  DEFAULT_SUGGESTIONS, MAX_SUGGESTIONS, MAX_SAMPLES, MAX_SEED, DEFAULT_SEED, CONFIDENCE, Z,
  LETTERS_FIELDS, LETTERS_ADVICE, DICE_ADVICE,
} = ODDS;
const ABC = LETTERS.split("");

// --- reading a request (payload.py) ------------------------------------------------------------

/** The request as an object with only known keys and every required one (read_object). */
export function readObject(payload, allowed, required, what) {
  if (!isDict(payload)) {
    throw new InvalidInput(`the ${what} request must be a JSON object, not ` +
      typeName(payload), { field: "body" });
  }
  const unknown = Object.keys(payload).filter((k) => !allowed.includes(k)).sort(compareStr);
  if (unknown.length) {
    const listed = unknown.slice(0, 5).map((k) => slice(k, 0, 40)).join(", ");
    throw new InvalidInput(`unknown field(s) in the ${what} request: ${listed}; expected ` +
      [...allowed].sort(compareStr).join(", "), { field: slice(unknown[0], 0, 40) });
  }
  const missing = required.filter((key) => get(payload, key) === null);
  if (missing.length) {
    throw new InvalidInput(`the ${what} request needs ${missing.join(", ")}`,
      { field: missing[0] });
  }
  return payload;
}

export function readLimit(value, field = "limit") {
  if (value === null || value === undefined) return DEFAULT_SUGGESTIONS;
  const limit = readCount(value, { field, what: "the number of suggestions" });
  if (limit > BigInt(MAX_SUGGESTIONS)) {
    throw new InvalidInput(`at most ${MAX_SUGGESTIONS} suggestions, not ${limit}`, { field });
  }
  return Number(limit);
}

export function readSamples(value, field = "samples") {
  if (value === null || value === undefined) return 0;
  const samples = readCount(value, { field, what: "the number of sampled deals" });
  if (samples > BigInt(MAX_SAMPLES)) {
    throw new InvalidInput(`at most ${MAX_SAMPLES} sampled deals, not ${samples}`, { field });
  }
  return Number(samples);
}

export function readSeed(value, field = "seed") {
  if (value === null || value === undefined) return DEFAULT_SEED;
  const seed = readCount(value, { field, what: "the seed" });
  if (seed > BigInt(MAX_SEED)) {
    throw new InvalidInput(`the seed is at most ${MAX_SEED}, not ${seed}`, { field });
  }
  return Number(seed);
}

// --- estimates (chance.py) ---------------------------------------------------------------------

/** The Wilson score interval of `hits` in `samples` (chance.wilson, at CONFIDENCE). */
export function wilson(hits, samples) {
  if (samples <= 0) return [0, 1];
  const z = Z;
  const p = hits / samples;
  const scale = 1 + z * z / samples;
  const centre = (p + z * z / (2 * samples)) / scale;
  const half = z / scale * Math.sqrt(p * (1 - p) / samples + z * z / (4 * samples * samples));
  const low = hits === 0 ? 0 : Math.max(0, centre - half);
  const high = hits === samples ? 1 : Math.min(1, centre + half);
  return [low, high];
}

/** Estimate.as_dict() */
export function estimateDict(hits, samples, seed) {
  return { probability: samples ? hits / samples : 0, exact: false, estimate: true, samples,
    hits, interval: wilson(hits, samples), confidence: CONFIDENCE, seed };
}

// --- Liars' Letters (letters.py) ----------------------------------------------------------------

const plural = (letter, n) => (n !== 1 ? `${n} ${letter}'s` : `1 ${letter}`);

/** Counts {LETTER: n} less counts, positive parts only (Counter subtraction). */
function less(a, b) {
  const out = {};
  for (const letter of Object.keys(a).sort()) {
    const n = a[letter] - (b[letter] || 0);
    if (n > 0) out[letter] = n;
  }
  return out;
}

/** My tiles (from the tile set) and the hidden count, at most the tiles left (read_hand). */
export function readHand(mine, hidden, tileSet = null) {
  const tiles = Tiles.parse(mine, tileSet, "mine");
  const left = tiles.tileSet.size - tiles.length;
  return [tiles, readHidden(hidden, left, { where: `the ${tiles.tileSet.name} set`,
    error: TooManyTiles })];
}

/** What one player sees: their tiles, how many the others hold, the tile set and lexicon. */
export class LettersView {
  constructor(mine, hidden, lexicon) {
    this.mine = mine;
    this.hidden = hidden;
    this.lexicon = lexicon;
  }

  get tileSet() { return this.mine.tileSet; }

  /** The tiles that may be hidden, by letter: the tile set less mine. */
  get pool() {
    this._pool ??= Object.fromEntries(ABC.map((x) => [x, this.tileSet.counts[x] -
      (this.mine.counts[x] || 0)]));
    return this._pool;
  }

  get unseen() { return this.tileSet.size - this.mine.length; }

  total() { return comb(this.unseen, this.hidden); }

  /** The letters a set needs beyond mine. */
  needs(declared) { return less(WordSet.parse(declared).letters, this.mine.counts); }

  /** The exact chance that all the tiles hold `letters` ({LETTER: n}). */
  chanceOfLetters(letters) {
    const pool = this.pool;
    const need = less(letters, this.mine.counts);
    if (Object.entries(need).some(([x, n]) => n > (pool[x] || 0))) return ZERO;
    const ways = waysAtLeast(ABC.map((x) => pool[x]), ABC.map((x) => need[x] || 0), this.hidden);
    return new Fraction(ways, this.total());
  }

  /** The exact chance the declared set exists among all the tiles. */
  exists(declared) {
    declared = WordSet.parse(declared);
    if (declared.invalidWords(this.lexicon).length) return ZERO;
    return this.chanceOfLetters(declared.letters);
  }

  existsReason(declared) {
    declared = WordSet.parse(declared);
    const invalid = declared.invalidWords(this.lexicon);
    if (invalid.length) {
      return `never exists: not in the ${this.lexicon.name} lexicon: ` +
        invalid.map((w) => w.toUpperCase()).join(", ");
    }
    const letters = declared.letters;
    for (const letter of Object.keys(letters).sort()) {
      if (letters[letter] > this.tileSet.counts[letter]) {
        return `never exists: it needs ${plural(letter, letters[letter])}, the ` +
          `${this.tileSet.name} set has ${this.tileSet.counts[letter]}`;
      }
    }
    const need = this.needs(declared);
    const short = Object.keys(need).filter((x) => need[x] > this.pool[x]);
    if (!Object.keys(need).length) return "certain: your tiles hold it";
    if (short.length) {
      const letter = short[0];
      return `never exists: it needs ${need[letter]} more ${letter} than you hold, and only ` +
        `${this.pool[letter]} may be hidden`;
    }
    const beyond = Object.values(need).reduce((a, b) => a + b, 0);
    if (beyond > this.hidden) {
      return `never exists: it needs ${beyond} tiles beyond yours, and only ${this.hidden} ` +
        "are hidden";
    }
    const listed = Object.keys(need).map((x) => x.repeat(need[x])).join(", ");
    return `needs ${listed} beyond your tiles, among the ${this.hidden} hidden of ` +
      `${this.unseen} unseen`;
  }

  /** The chance the set exists and is the highest of all the tiles: {chance, bound, reason}
   * (chance null when the one search it needs is undecided). */
  async highest(declared, budget = DEFAULT_BUDGET) {
    declared = WordSet.parse(declared);
    budget = readBudget(budget);
    const none = (reason) => ({ chance: ZERO, bound: ZERO, reason });
    if (declared.invalidWords(this.lexicon).length) {
      return none("it never exists: a word is not in the lexicon");
    }
    const letters = declared.letters;
    const total = this.mine.length + this.hidden;
    const used = Object.values(letters).reduce((a, b) => a + b, 0);
    if (used > total) return none(`never exists: it needs ${used} tiles, and there are ${total}`);
    if (used < total) {
      return none(`never the highest: it uses ${used} of the ${total} tiles, and a set that ` +
        "leaves a tile unused is beaten by the same set with that tile as a letter");
    }
    const extra = less(letters, this.mine.counts);
    const pool = this.pool;
    if (Object.keys(less(this.mine.counts, letters)).length ||
        Object.keys(extra).some((x) => extra[x] > pool[x])) {
      return none("never exists among these tiles");
    }
    const fit = new Fraction(waysExactly(ABC.map((x) => pool[x]), ABC.map((x) => extra[x] || 0)),
      this.total());
    const check = await checkDeclaration(new Tiles(letters, this.tileSet), declared,
      this.lexicon, budget);
    if (check.is_highest === null) {
      return { chance: null, bound: fit, reason: "undecided: the hidden tiles are exactly its " +
        `letters with chance ${fit}, but whether it is then the highest is not proven ` +
        `(${check.reason})` };
    }
    if (!check.is_highest) {
      return none("never the highest: even when the tiles are exactly its letters, it " +
        check.reason);
    }
    return { chance: fit, bound: fit,
      reason: "the highest exactly when the hidden tiles are its letters less yours" };
  }

  /**
   * Both chances estimated from `samples` seeded random deals of the hidden tiles (the
   * library's deals for the seed), each judged on its own: {exists, highest} as estimates'
   * dicts (highest null when a deal's search is undecided).
   */
  async sampled(declared, samples, seed = DEFAULT_SEED, budget = DEFAULT_BUDGET) {
    declared = WordSet.parse(declared);
    const letters = declared.letters;
    const used = Object.values(letters).reduce((a, b) => a + b, 0);
    const valid = declared.invalidWords(this.lexicon).length === 0;
    const population = ABC.flatMap((x) => new Array(this.pool[x]).fill(x));
    const need = ABC.map((x) => letters[x] || 0);
    const mine = ABC.map((x) => this.mine.counts[x] || 0);
    const rulings = new Map();
    const rng = new PyRandom(seed);
    let exists = 0;
    let highest = 0;
    for (let s = 0; s < samples; s += 1) {
      const counts = [...mine];
      for (const x of rng.sample(population, this.hidden)) counts[x.charCodeAt(0) - 65] += 1;
      if (!(valid && counts.every((n, i) => n >= need[i]))) continue;
      exists += 1;
      if (this.mine.length + this.hidden !== used) continue; // its leftovers make a higher set
      const tiles = new Tiles(Object.fromEntries(ABC.map((x, i) => [x, counts[i]])), this.tileSet);
      const key = String(tiles);
      if (!rulings.has(key)) {
        rulings.set(key, (await checkDeclaration(tiles, declared, this.lexicon, budget))
          .is_highest);
      }
      if (rulings.get(key)) highest += 1;
    }
    const undecided = [...rulings.values()].includes(null);
    return { exists: estimateDict(exists, samples, seed),
      highest: undecided ? null : estimateDict(highest, samples, seed) };
  }

  /** The safest legal raises over `last` (null: an opening), ranked by exact chance. */
  raises(last, { limit = DEFAULT_SUGGESTIONS } = {}) {
    return safestRaises(this, last, { limit });
  }
}

/** HighestChance.as_dict() */
function highestDict({ chance, bound, reason }) {
  return { probability: chance === null ? null : chance.probability,
    fraction: chance === null ? null : chance.fraction, exact: true, decided: chance !== null,
    samples: 0, interval: [chance === null ? 0 : chance.probability, bound.probability], reason };
}

/** engine/lexicon.js's loadLexicon, loaded on first use; a lexicon this page cannot load
 * (offline before its first use) needs the server. */
async function bundled(name) {
  const { loadLexicon } = await import("./lexicon.js");
  try {
    return await loadLexicon(name);
  } catch (err) {
    if (err instanceof LiarsError) throw err;
    throw new NeedsServer(`the ${name ?? "default"} lexicon could not be loaded here ` +
      `(${err.message}): this needs the referee server`, { field: "lexicon" });
  }
}

/**
 * POST /letters/odds as the library answers it (letters.answer with allow_paths=False):
 * {mine, hidden, declared, tile_set?, lexicon?, budget?, limit?, samples?, seed?}.  Read
 * in the library's order: mine, hidden, declared, lexicon, budget, limit, samples, seed.
 * `budget`, if given, is a function that reads the budget the caller allows (the API's).
 */
export async function lettersAnswer(payload, { budget = null, lexicon = bundled } = {}) {
  payload = readObject(payload, LETTERS_FIELDS, ["mine", "hidden", "declared"], "letters odds");
  const [tiles, hidden] = readHand(payload.mine, payload.hidden, get(payload, "tile_set"));
  const declared = WordSet.parse(payload.declared, "declared");
  const view = new LettersView(tiles, hidden, await lexicon(get(payload, "lexicon")));
  const asked = get(payload, "budget");
  const seconds = budget ? budget()
    : readBudget(asked instanceof PyFloat ? asked.value : asked ?? DEFAULT_BUDGET);
  const limit = readLimit(get(payload, "limit"));
  const samples = readSamples(get(payload, "samples"));
  const seed = readSeed(get(payload, "seed"));
  const sampled = samples ? await view.sampled(declared, samples, seed, seconds) : null;
  const exists = view.exists(declared);
  const data = {
    game: "letters", mine: String(view.mine), hidden: view.hidden, unseen: view.unseen,
    tile_set: view.tileSet.name, lexicon: view.lexicon.name, declared: [...declared.words],
    declared_shape: declared.shape,
    exists: { ...exists.asDict(), reason: view.existsReason(declared) },
    highest: highestDict(await view.highest(declared, seconds)),
    suggestions: view.raises(declared, { limit }).map(suggestionDict),
    advice: LETTERS_ADVICE,
  };
  if (sampled !== null) data.sampled = sampled;
  return data;
}

// --- Liar's Dice (dice.py) -------------------------------------------------------------------------

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

