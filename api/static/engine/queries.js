// Dictionary queries for study (port of solver/words/queries.py): anagrams with ? blanks,
// patterns, hooks and filters, read from their parts (the query string's) with the library's
// own refusals, and written back to the same parts.  engine/dictionary.js answers them.
//
// Text is read as Python reads it: by code points (a pattern's "character 3" counts them),
// Python's strip(), and repr() in the messages.

import { InvalidQuery } from "./errors.js";
import { compareStr, repr, slice, strip, typeName } from "./pystr.js";
import { QUERIES } from "./tables.js";

export const { MAX_BLANKS, MAX_PATTERN_CHARACTERS, DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET, ORDERS,
  KINDS, FILTERS, PAGING, PARTS, IGNORED, MAX_WORD_LENGTH } = QUERIES;
export const LETTERS = "abcdefghijklmnopqrstuvwxyz";
export const ANY = (1 << 26) - 1; // a pattern position: a mask of the letters it takes

const bit = (letter) => 1 << (letter.charCodeAt(0) - 97);
const isLetter = (ch) => /^[A-Za-z]$/.test(ch);

function text(value, field) {
  if (typeof value !== "string") {
    throw new InvalidQuery(`${repr(field)} must be text, not ${typeName(value)}`, { field });
  }
  return value;
}

/** Letters A-Z (spaces ignored), lower case; names the first bad character. */
function letters(value, field, what, maxLength = MAX_WORD_LENGTH) {
  const out = [];
  for (const ch of text(value, field)) {
    if (IGNORED.includes(ch)) continue;
    if (!isLetter(ch)) {
      throw new InvalidQuery(`${repr(ch)} cannot be in ${what}: use letters A-Z`, { field });
    }
    out.push(ch.toLowerCase());
  }
  if (out.length > maxLength) {
    throw new InvalidQuery(`${what} has ${out.length} letters: at most ${maxLength}`, { field });
  }
  return out.join("");
}

// --- the letters of an anagram -------------------------------------------------------------

/** The letters of an anagram query (Rack): A-Z, and up to two ? blanks. */
export class Rack {
  constructor(sorted, blanks = 0) { this.letters = sorted; this.blanks = blanks; }

  static parse(value, field = "anagram") {
    const found = [];
    let blanks = 0;
    for (const ch of text(value, field)) {
      if (IGNORED.includes(ch)) continue;
      if (ch === "?") blanks += 1;
      else if (isLetter(ch)) found.push(ch.toLowerCase());
      else {
        throw new InvalidQuery(`${repr(ch)} cannot be in an anagram: use letters A-Z, and ? ` +
          "for a blank", { field });
      }
    }
    if (blanks > MAX_BLANKS) {
      throw new InvalidQuery(`${blanks} blanks ('?') in the anagram: at most ${MAX_BLANKS}`,
        { field });
    }
    if (!found.length && !blanks) {
      throw new InvalidQuery("the anagram is empty: give its letters, e.g. AEINST?", { field });
    }
    if (found.length + blanks > MAX_WORD_LENGTH) {
      throw new InvalidQuery(`the anagram has ${found.length + blanks} letters: at most ` +
        MAX_WORD_LENGTH, { field });
    }
    return new Rack(found.sort().join(""), blanks);
  }

  get length() { return this.letters.length + this.blanks; }

  toString() { return this.letters.toUpperCase() + "?".repeat(this.blanks); }

  /** How many of each letter a-z (blanks not counted). */
  counts() {
    const counts = new Uint8Array(26);
    for (const ch of this.letters) counts[ch.charCodeAt(0) - 97] += 1;
    return counts;
  }
}

// --- patterns --------------------------------------------------------------------------------

function lettersOf(mask) {
  let out = "";
  for (let i = 0; i < 26; i += 1) if (mask & (1 << i)) out += LETTERS[i];
  return out;
}

function tokenText(token) {
  if (token === null) return "*";
  if (token === ANY) return "?";
  const inside = lettersOf(token).toUpperCase();
  if (inside.length === 1) return inside;
  const outside = lettersOf(ANY & ~token).toUpperCase();
  return outside.length < inside.length ? `[^${outside}]` : `[${inside}]`;
}

/** Runs of ? and * written as their ?s then one * (``*?`` is ``?*``, ``**`` is ``*``). */
function canonical(tokens) {
  const out = [];
  let run = [];
  const flush = () => {
    if (run.includes(null)) {
      for (const t of run) if (t !== null) out.push(ANY);
      out.push(null);
    } else out.push(...run);
    run = [];
  };
  for (const token of tokens) {
    if (token === null || token === ANY) run.push(token);
    else { flush(); out.push(token); }
  }
  flush();
  return out;
}

/** A word pattern: ? one letter, * any run (or none), [AEI] one of, [^AEI] none of. */
export class Pattern {
  constructor(tokens) { this.tokens = tokens; } // per position a letter mask; null for '*'

  static parse(value, field = "pattern") {
    const stripped = strip(text(value, field));
    if (!stripped) {
      throw new InvalidQuery("the pattern is empty: use letters, ? (one letter), * (any " +
        "run), [AEI] (one of) or [^AEI] (none of)", { field });
    }
    const chars = [...stripped];
    if (chars.length > MAX_PATTERN_CHARACTERS) {
      throw new InvalidQuery(`the pattern is ${chars.length} characters long: at most ` +
        MAX_PATTERN_CHARACTERS, { field });
    }
    const tokens = [];
    for (let i = 0; i < chars.length; i += 1) {
      const ch = chars[i];
      if (ch === "*") tokens.push(null);
      else if (ch === "?") tokens.push(ANY);
      else if (ch === "[") {
        const close = chars.indexOf("]", i + 1);
        if (close < 0) {
          throw new InvalidQuery(`unclosed '[' at character ${i + 1} of the pattern: close it ` +
            "with ']'", { field });
        }
        tokens.push(Pattern.letterClass(chars.slice(i + 1, close).join(""), field));
        i = close;
      } else if (ch === "]") {
        throw new InvalidQuery(`']' at character ${i + 1} of the pattern closes no '['`,
          { field });
      } else if (isLetter(ch)) tokens.push(bit(ch.toLowerCase()));
      else {
        throw new InvalidQuery(`${repr(ch)} cannot be in a pattern: use letters, ? (one ` +
          "letter), * (any run), [AEI] or [^AEI]", { field });
      }
    }
    return new Pattern(canonical(tokens));
  }

  static letterClass(body, field) {
    const negate = body.startsWith("^");
    const listed = negate ? body.slice(1) : body;
    let mask = 0;
    for (const ch of listed) {
      if (!isLetter(ch)) {
        throw new InvalidQuery(`${repr(ch)} cannot be inside [...]: list letters, as in [AEI] ` +
          "or [^AEI]", { field });
      }
      mask |= bit(ch.toLowerCase());
    }
    const shown = `[${negate ? "^" : ""}${listed}]`;
    if (!mask) throw new InvalidQuery(`${shown} lists no letters: write [AEI] or [^AEI]`, { field });
    const chosen = negate ? ANY & ~mask : mask;
    if (!chosen) {
      throw new InvalidQuery(`${shown.toUpperCase()} leaves no letter: it can match nothing`,
        { field });
    }
    return chosen;
  }

  toString() { return this.tokens.map(tokenText).join(""); }

  get minLength() { return this.tokens.filter((t) => t !== null).length; }

  get maxLength() { return this.tokens.includes(null) ? null : this.minLength; }

  /** The fixed positions before the first * (all of them without one). */
  get head() {
    const star = this.tokens.indexOf(null);
    return star < 0 ? this.tokens : this.tokens.slice(0, star);
  }

  /** The segments between the stars: [head, ...middles, tail] (made once). */
  get segments() {
    if (!this._segments) {
      const segments = [[]];
      for (const t of this.tokens) {
        if (t === null) segments.push([]);
        else segments[segments.length - 1].push(t);
      }
      this._segments = segments;
    }
    return this._segments;
  }

  /**
   * Does the whole word match?  Between two stars is a run of fixed length, and its leftmost
   * place is always a right choice (as Pattern.regex pins it): one pass, no backtracking.
   */
  matches(word) {
    const segments = this.segments;
    const fits = (segment, start) => {
      for (let k = 0; k < segment.length; k += 1) {
        if (!(segment[k] & (1 << (word.charCodeAt(start + k) - 97)))) return false;
      }
      return true;
    };
    const head = segments[0];
    if (segments.length === 1) return head.length === word.length && fits(head, 0);
    const tail = segments[segments.length - 1];
    const end = word.length - tail.length;
    if (end < head.length || !fits(head, 0) || !fits(tail, end)) return false;
    let pos = head.length;
    for (let m = 1; m < segments.length - 1; m += 1) {
      const middle = segments[m];
      let i = pos;
      while (i + middle.length <= end && !fits(middle, i)) i += 1;
      if (i + middle.length > end) return false;
      pos = i + middle.length;
    }
    return true;
  }
}

// --- the query -------------------------------------------------------------------------------

/** _whole: a whole number from text (ASCII digits, spaces around) or a number. */
function whole(value, name, low, high) {
  let number;
  const trimmed = typeof value === "string" ? strip(value) : null;
  if (trimmed !== null && /^[0-9]+$/.test(trimmed)) number = BigInt(trimmed);
  else if (typeof value === "number" && Number.isInteger(value)) number = BigInt(value);
  else {
    const shown = typeof value === "string" ? repr(slice(value, 0, 20)) : typeName(value);
    throw new InvalidQuery(`${repr(name)} must be a whole number from ${low} to ${high}, not ` +
      shown, { field: name });
  }
  if (!(number >= BigInt(low) && number <= BigInt(high))) {
    throw new InvalidQuery(`${repr(name)} must be from ${low} to ${high}, not ${number}`,
      { field: name });
  }
  return Number(number);
}

/** One dictionary query (WordQuery): at most one kind, filters, a page. */
export class WordQuery {
  constructor(values = {}) {
    Object.assign(this, { anagram: null, pattern: null, hooks: null, minLength: null,
      maxLength: null, starts: "", ends: "", contains: "", order: ORDERS[0],
      limit: DEFAULT_LIMIT, offset: 0 }, values);
  }

  /** Read a query from its parts ({part: text}); an unknown part is refused, never ignored. */
  static parse(parts = {}) {
    const names = Object.keys(parts);
    const unknown = names.filter((k) => !PARTS.includes(k)).sort(compareStr);
    if (unknown.length) {
      throw new InvalidQuery(`unknown query part(s) ${unknown.slice(0, 5).map((k) =>
        repr(slice(k, 0, 20))).join(", ")}: a query takes ${PARTS.join(", ")}`,
      { field: slice(unknown[0], 0, 40) });
    }
    const given = Object.fromEntries(names.filter((k) => parts[k] !== null && parts[k] !== undefined)
      .map((k) => [k, parts[k]]));
    const has = (k) => Object.hasOwn(given, k);
    const kinds = KINDS.filter(has);
    if (kinds.length > 1) {
      throw new InvalidQuery(`give one of anagram, pattern or hooks, not ${kinds.join(" and ")}`,
        { field: kinds[1] });
    }
    const values = {};
    if (has("anagram")) values.anagram = Rack.parse(given.anagram);
    if (has("pattern")) values.pattern = Pattern.parse(given.pattern);
    if (has("hooks")) {
      const word = letters(given.hooks, "hooks", "the word to hook", MAX_WORD_LENGTH - 1);
      if (!word) throw new InvalidQuery("'hooks' needs a word, e.g. ARE", { field: "hooks" });
      values.hooks = word;
    }
    for (const name of ["starts", "ends"]) {
      if (given[name]) values[name] = letters(given[name], name, repr(name));
    }
    if (given.contains) {
      values.contains = [...letters(given.contains, "contains", "'contains'")].sort().join("");
    }
    for (const [name, attr] of [["min", "minLength"], ["max", "maxLength"]]) {
      if (has(name)) values[attr] = whole(given[name], name, 1, MAX_WORD_LENGTH);
    }
    const low = values.minLength ?? null;
    const high = values.maxLength ?? null;
    if (low !== null && high !== null && low > high) {
      throw new InvalidQuery(`'min' (${low}) is more than 'max' (${high})`, { field: "min" });
    }
    if (has("order")) {
      const order = strip(text(given.order, "order")).toLowerCase();
      if (!ORDERS.includes(order)) {
        throw new InvalidQuery(`'order' must be ${ORDERS.join(" or ")}, not ` +
          repr(slice(given.order, 0, 20)), { field: "order" });
      }
      values.order = order;
    }
    if (has("limit")) values.limit = whole(given.limit, "limit", 0, MAX_LIMIT);
    if (has("offset")) values.offset = whole(given.offset, "offset", 0, MAX_OFFSET);
    const query = new WordQuery(values);
    if (!kinds.length && !(query.starts || query.ends || query.contains || low !== null ||
        high !== null)) {
      throw new InvalidQuery("nothing to look for: give anagram, pattern or hooks, or a " +
        "filter (min, max, starts, ends, contains)", { field: "pattern" });
    }
    return query;
  }

  /** The parts that differ from the defaults, canonical (WordQuery.format). */
  format() {
    const out = {};
    if (this.anagram !== null) out.anagram = String(this.anagram);
    if (this.pattern !== null) out.pattern = String(this.pattern);
    if (this.hooks !== null) out.hooks = this.hooks.toUpperCase();
    if (this.minLength !== null) out.min = this.minLength;
    if (this.maxLength !== null) out.max = this.maxLength;
    for (const name of ["starts", "ends", "contains"]) {
      if (this[name]) out[name] = this[name].toUpperCase();
    }
    if (this.order !== ORDERS[0]) out.order = this.order;
    if (this.limit !== DEFAULT_LIMIT) out.limit = this.limit;
    if (this.offset) out.offset = this.offset;
    return out;
  }

  /** The word lengths the query can match (lowest, highest) given the longest word. */
  lengths(longest) {
    let low;
    let high;
    if (this.anagram !== null && this.minLength === null && this.maxLength === null) {
      low = high = this.anagram.length;
    } else {
      low = this.minLength || 1;
      high = this.maxLength || longest;
      if (this.anagram !== null) high = Math.min(high, this.anagram.length);
    }
    if (this.pattern !== null) {
      low = Math.max(low, this.pattern.minLength);
      high = Math.min(high, this.pattern.maxLength || high);
    }
    if (this.hooks !== null) {
      low = Math.max(low, this.hooks.length + 1);
      high = Math.min(high, this.hooks.length + 1);
    }
    low = Math.max(low, this.starts.length, this.ends.length, this.contains.length, 1);
    return [low, Math.min(high, longest)];
  }

  /** Everything but the anagram and the hooks, as one test of a word (filter_regex). */
  filter(low, high) {
    const need = new Uint8Array(26);
    for (const ch of this.contains) need[ch.charCodeAt(0) - 97] += 1;
    const counting = this.contains.length > 0;
    const have = new Uint8Array(26);
    return (word) => {
      if (word.length < low || word.length > high) return false;
      if (this.starts && !word.startsWith(this.starts)) return false;
      if (this.ends && !word.endsWith(this.ends)) return false;
      if (counting) {
        have.fill(0);
        for (let i = 0; i < word.length; i += 1) have[word.charCodeAt(i) - 97] += 1;
        for (let k = 0; k < 26; k += 1) if (have[k] < need[k]) return false;
      }
      return this.pattern === null || this.pattern.matches(word);
    };
  }
}

/** The one-letter hooks of a word (Hooks.as_dict()). */
export function hooksDict(word, valid, front = [], back = []) {
  return { word, valid, front: front.map(([letter, w]) => ({ letter, word: w })),
    back: back.map(([letter, w]) => ({ letter, word: w })) };
}
