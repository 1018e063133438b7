// Liars' Letters on the phone (port of solver/games/letters.py, solver/search/highest.py, solver/search/budget.py
// and Lexicon.judge / words_from): the word judge, subwords, the raise check and the call
// ruling, each giving the library's answer (the same dict, the same errors).
//
// The referee never guesses: a call whose ruling hinges on a search that did not finish in
// its budget is undecided (`decided: false`, the reason and both bounds), as on the server.
//
// A lexicon here is what engine/lexicon.js loads: `name`, `has(word)`, `words` (sorted) and
// `index` (the search's AlphagramIndex, with `spell(key)`).

import { InvalidInput } from "../../engine/errors.js";
import { reprFloat, repr, strip, typeName } from "../../engine/pystr.js";
import { pyStr, shown } from "../../engine/rules.js";
import { LETTERS as TABLES_LETTERS, SEARCH } from "../../engine/tables.js";
import { LETTERS, Tiles } from "../../engine/tiles.js";
import { WordSet, compareShapes, formatShape } from "../../engine/wordset.js";

// Seconds: the most a search may take, and the library's default (the API passes its own).
export const { MAX_BUDGET, DEFAULT_BUDGET } = SEARCH;
// Plain decimal numbers only (read as ASCII digits: see readBudget).
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

// --- budget ------------------------------------------------------------------------------------

/** The one refusal every front end gives for a bad budget, quoting it. */
export function budgetError(value, field = "budget") {
  return new InvalidInput(`budget must be a number of seconds from 0 to ${MAX_BUDGET}, ` +
    `not ${shownBudget(value)}`, { field });
}

/** The bad budget as budget.py's _shown quotes it: text or a boolean as repr() shows it,
 * a number as the float it is read as ("1e+30", "inf", "-1"), anything else by its type. */
function shownBudget(value) {
  if (typeof value === "string" || typeof value === "boolean") return shown(value);
  if (typeof value === "number") return reprFloat(value).replace(/\.0$/, "");
  return typeName(value);
}

/**
 * Seconds as a number, from a number or a number's text (read_budget); null stays null.
 * Python's `\d` takes any Unicode decimal digit and float() reads them: so does this.
 */
export function readBudget(value, { field = "budget" } = {}) {
  if (value === null || value === undefined) return null;
  const given = value;
  if (typeof value === "string") {
    const text = strip(value);
    if (Array.from(text).length > 40) throw budgetError(given, field);
    const ascii = asciiDigits(text);
    if (!NUMBER.test(ascii)) throw budgetError(given, field);
    value = Number(ascii);
  } else if (typeof value !== "number") {
    throw budgetError(given, field);
  }
  if (!Number.isFinite(value) || !(value >= 0 && value <= MAX_BUDGET)) {
    throw budgetError(given, field);
  }
  return Math.abs(value);  // -0.0 is 0
}

/** Unicode decimal digits (Nd) as ASCII ones, as Python's re `\d` and float() read them. */
function asciiDigits(text) {
  let out = "";
  for (const ch of text) {
    if (/^\p{Nd}$/u.test(ch) && !/^[0-9]$/.test(ch)) {
      out += String(decimalValue(ch));
    } else out += ch;
  }
  return out;
}

/** The value of a Unicode decimal digit: Nd digits come in runs of ten, 0 first. */
function decimalValue(ch) {
  let start = ch.codePointAt(0);
  while (/^\p{Nd}$/u.test(String.fromCodePoint(start - 1))) start -= 1;
  return (ch.codePointAt(0) - start) % 10;
}

// --- the word judge and subwords ---------------------------------------------------------------

// The word judge (Lexicon.judge) is the shared word tools' (engine/wordset.js).
export { judge } from "../../engine/wordset.js";

/** Every listed word formable from the tiles, longest first, then alphabetically (words_from). */
export function wordsFrom(lexicon, tiles) {
  const have = tiles.countsArray;
  const found = [];
  const need = new Array(26);
  outer: for (const word of lexicon.words) {
    if (word.length > tiles.length) continue;
    need.fill(0);
    for (let i = 0; i < word.length; i += 1) {
      const k = word.charCodeAt(i) - 97;
      need[k] += 1;
      if (need[k] > have[k]) continue outer;
    }
    found.push(word);
  }
  return found.sort((a, b) => b.length - a.length || (a < b ? -1 : (a > b ? 1 : 0)));
}

// --- raising -----------------------------------------------------------------------------------

/** Is `declared` a legal declaration after `previous` (null: first of the round)? (check_raise) */
export function checkRaise(previous, declared, lexicon) {
  declared = WordSet.parse(declared, "declared");
  const empty = previous === null || previous === undefined || previous === "" ||
    (Array.isArray(previous) && previous.length === 0);
  previous = empty ? null : WordSet.parse(previous, "previous");
  const answer = (legal, reason) => ({
    legal, reason, declared: [...declared.words], declared_shape: declared.shape,
    previous: previous ? [...previous.words] : null, previous_shape: previous ? previous.shape : null,
  });
  const invalid = declared.invalidWords(lexicon);
  if (invalid.length) {
    return answer(false, `not in the ${lexicon.name} lexicon: ` +
      invalid.map((w) => w.toUpperCase()).join(", "));
  }
  if (previous === null) return answer(true, "a first declaration may be any valid word set");
  const order = declared.compare(previous);
  if (order > 0) {
    return answer(true, `shape ${formatShape(declared.shape)} is higher than ` +
      formatShape(previous.shape));
  }
  const relation = order === 0 ? "the same as" : "lower than";
  return answer(false, `shape ${formatShape(declared.shape)} is ${relation} ` +
    `${formatShape(previous.shape)}: a raise must be strictly higher`);
}

// --- the highest set ---------------------------------------------------------------------------

let searchModule = null;

/** engine/search.js, loaded on first use (a page that only judges words never fetches it). */
async function searchEngine() {
  searchModule ??= await import("../../engine/search.js");
  return searchModule;
}

/**
 * The highest word set of the tiles (solver/search/highest.py's Solution): {tiles, lexicon, words
 * (a WordSet), shape, proven, stopped, upper_bound, elapsed}.
 */
export async function highest(tiles, lexicon, budget = DEFAULT_BUDGET) {
  budget = readBudget(budget);
  const { search } = await searchEngine();
  const found = remembered(lexicon.index, tiles.countsArray, budget, search);
  const words = found.keys.map((key) => lexicon.index.spell(key)).concat(Array.from(found.leftover));
  const set = new WordSet(words);
  return {
    tiles, lexicon: lexicon.name, words: set, shape: tiles.length ? set.shape : [],
    proven: found.proven, stopped: found.stopped ?? null, elapsed: found.elapsed,
    upper_bound: found.upper === null || found.upper === undefined ? null
      : (tiles.length ? [...found.upper] : []),
  };
}

// The last few proven searches, by lexicon, tiles and budget: at a table the same revealed
// tiles are solved, then called, then shown again, and a 60-tile rack takes seconds on a
// phone.  Only a proven search is kept (one that stopped on the clock would find more with
// another try); the same input gets the same answer, found once.
const PROVEN_KEPT = 8;
const proven = new WeakMap();  // lexicon index -> Map(key -> search result), oldest first

function remembered(index, counts, budget, search) {
  const key = `${counts.join(",")}/${budget}`;
  if (!proven.has(index)) proven.set(index, new Map());
  const kept = proven.get(index);
  const found = kept.get(key);
  if (found) {
    kept.delete(key);  // the newest again
    kept.set(key, found);
    return { ...found, elapsed: 0 };
  }
  const fresh = search(index, counts, budget);
  if (fresh.proven) {
    kept.set(key, fresh);
    if (kept.size > PROVEN_KEPT) kept.delete(kept.keys().next().value);
  }
  return fresh;
}

/** Solution.as_dict() */
export function solutionDict(solution) {
  const n = solution.tiles.length;
  return {
    tiles: solution.tiles.toString(), lexicon: solution.lexicon, shape: solution.shape,
    words: n ? [...solution.words.words] : [], proven: solution.proven,
    stopped: solution.stopped, upper_bound: solution.upper_bound,
  };
}

// --- calls ---------------------------------------------------------------------------------------

export const CALLS = TABLES_LETTERS.CALLS;

/** Call.parse: "bullshit" or "exact", as typed (any case, spaces around). */
export function parseCall(value) {
  const text = strip(pyStr(value)).toLowerCase();  // str(value): str(["exact"]) is no call
  if (CALLS.includes(text)) return text;
  throw new InvalidInput(`call must be 'bullshit' or 'exact', not ${shown(value)}`,
    { field: "call" });
}

const STOPPED_WHY = TABLES_LETTERS.STOPPED_WHY;

/** Why a search is not proven, in words a table understands. */
export function stoppedText(stopped) {
  return STOPPED_WHY[stopped] ?? "the search stopped first";
}

/** The tiles a declaration leaves unused, as lower-case letters in order. */
function leftoverOf(tiles, declared) {
  const used = declared.letters;
  let out = "";
  for (const letter of LETTERS) {
    const left = (tiles.counts[letter] || 0) - (used[letter] || 0);
    if (left > 0) out += letter.toLowerCase().repeat(left);
  }
  return out;
}

/**
 * What revealing the tiles proves about a declaration (check_declaration): does it exist,
 * is it the highest (true, false, or null when not proven), and why.
 */
export async function checkDeclaration(tiles, declared, lexicon, budget = DEFAULT_BUDGET) {
  if (!(tiles instanceof Tiles)) tiles = Tiles.parse(tiles);
  declared = WordSet.parse(declared, "declared");
  budget = readBudget(budget);
  const invalid = declared.invalidWords(lexicon);
  const exists = !invalid.length && declared.fits(tiles);
  let best = await highest(tiles, lexicon, budget);
  let upper = best.upper_bound;
  if (upper === null) upper = best.proven ? best.shape : (tiles.length ? [tiles.length] : []);
  const leftover = exists ? leftoverOf(tiles, declared) : "";
  if (exists) {
    // The declared set with its leftovers as single letters exists: a lower bound.
    const witness = new WordSet([...declared.words, ...leftover]);
    if (compareShapes(witness.shape, best.shape) > 0) best = { ...best, words: witness, shape: witness.shape };
  }
  if (compareShapes(best.shape, upper) >= 0) {  // the set found meets the bound: proven
    best = { ...best, proven: true, stopped: null, upper_bound: best.shape };
    upper = best.shape;
  }
  const shape = formatShape(declared.shape);
  let isHighest;
  let reason;
  if (!exists) {
    isHighest = false;
    reason = "does not exist: " + (invalid.length ? `not every word is in the ${lexicon.name} ` +
      "lexicon" : "the revealed tiles do not hold it");
  } else if (leftover) {
    isHighest = false;
    reason = `exists but leaves ${leftover.length} tile${leftover.length !== 1 ? "s" : ""} ` +
      `unused (${Array.from(leftover).join(", ")}), so it is not the highest: '${best.words}' ` +
      "is higher";
  } else if (compareShapes(best.shape, declared.shape) > 0) {
    isHighest = false;
    reason = `exists but is not the highest: '${best.words}' ${formatShape(best.shape)} is ` +
      `higher than ${shape}`;
  } else if (compareShapes(upper, declared.shape) <= 0) {
    isHighest = true;
    reason = `exists and is the highest: no word set of these tiles beats ${shape}`;
  } else {
    isHighest = null;
    reason = "exists, but whether it is the highest is not proven: " +
      `${stoppedText(best.stopped)}; the highest is between ${shape} and ${formatShape(upper)}`;
  }
  const proven = compareShapes(best.shape, upper) >= 0;
  return {
    tiles, declared, exists, invalid_words: invalid, highest: best, is_highest: isHighest,
    upper_bound: [...upper], reason, proven, stopped: proven ? null : (best.stopped || "budget"),
  };
}

/** DeclarationCheck.as_dict() */
export function declarationDict(check) {
  return {
    tiles: check.tiles.toString(), declared: [...check.declared.words],
    declared_shape: check.declared.shape, exists: check.exists,
    invalid_words: check.invalid_words, is_highest: check.is_highest, reason: check.reason,
    highest: [...check.highest.words.words], highest_shape: check.highest.shape,
    proven: check.proven, stopped: check.stopped, upper_bound: check.upper_bound,
  };
}

/**
 * Adjudicate "bullshit" or "exact" on the last declaration, given all revealed tiles
 * (rule_call): the CallRuling as its as_dict() shows it.  `ruling` is null, and `decided`
 * false, when an "exact" call needs what the search could not prove in time.
 */
export async function ruleCall(tiles, declared, call, lexicon, budget = DEFAULT_BUDGET) {
  call = parseCall(call);
  const check = await checkDeclaration(tiles, declared, lexicon, budget);
  const said = `'${check.declared}' ${check.reason}`;
  let decided = true;
  let caller = null;
  let declarer = null;
  let reason = said;
  if (call === "bullshit") {
    [caller, declarer] = check.exists ? [1, 0] : [0, 1];
    reason = `'${check.declared}' ` + (check.exists ? "exists among the revealed tiles"
      : check.reason);
  } else if (check.is_highest === null) {
    decided = false;
  } else {
    [caller, declarer] = check.is_highest ? [-1, -1] : [1, 0];
  }
  return {
    call, declared: [...check.declared.words], declared_shape: check.declared.shape,
    exists: check.exists, decided, ruling: decided ? { caller, declarer } : null, reason,
    is_highest: check.is_highest, highest_shape: check.highest.shape,
    highest: [...check.highest.words.words], proven: check.proven, stopped: check.stopped,
    upper_bound: check.upper_bound,
  };
}
