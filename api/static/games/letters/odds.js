// Liars' Letters' odds on the phone (port of solver/games/letters/odds.py): how likely a
// declaration is to exist among all the tiles, and to be the highest, from what one player
// alone can see, and the safest raises (raises.js), with the library's answer to the same
// request (POST /letters/odds).
//
//   await lettersAnswer({mine: "ABE", hidden: 9, declared: "bigger, a"})

import { LiarsError, NeedsServer, TooManyTiles } from "../../engine/errors.js";
import { DEFAULT_BUDGET, checkDeclaration, readBudget } from "./engine.js";
import { PyFloat } from "../../engine/pystr.js";
import { PyRandom } from "../../engine/pyrandom.js";
import { safestRaises, suggestionDict } from "./raises.js";
import { get } from "../../engine/rules.js";
import { LETTERS, Tiles } from "../../engine/tiles.js";
import { WordSet } from "../../engine/wordset.js";
import { Fraction, ZERO, comb, readHidden, waysAtLeast, waysExactly }
  from "../../engine/chance.js";
import {
  DEFAULT_SEED, DEFAULT_SUGGESTIONS, LETTERS_ADVICE, LETTERS_FIELDS, estimateDict, readLimit,
  readObject, readSamples, readSeed,
} from "../../engine/odds.js";

const ABC = LETTERS.split("");

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
  const { loadLexicon } = await import("../../engine/lexicon.js");
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
