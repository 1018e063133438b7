// Word sets (port of solver/words/wordset.py): what Liars' Letters players declare, and how
// declarations rank (by shape: word lengths high to low, compared like Python tuples).
// split_words is the word judge's reader too (judge, Lexicon.judge): the same limits and
// errors as the library.

import { InvalidInput, InvalidWordSet, LimitExceeded } from "./errors.js";
import { SPACE, isAscii, length, repr, strip, typeName } from "./pystr.js";
import { WORDSET } from "./tables.js";

export const { MAX_WORDS, MAX_WORD_LENGTH } = WORDSET;
const SPACES = SPACE.replace(/[\\\]^-]/g, "\\$&");
const SEPARATORS = new RegExp(`[${SPACES},;+]+`, "u");
// "brier and ag": an "and" with only spaces between it and a word on either side.
const SPOKEN_AND = new RegExp(`(?<=[^${SPACES},;+])[${SPACES}]+and[${SPACES}]+(?=[^${SPACES},;+])`,
  "giu");
const WORD = /^[a-z]+$/;

/** Longest first, then alphabetically (words are lower-case a-z here). */
function byShape(a, b) {
  return b.length - a.length || (a < b ? -1 : (a > b ? 1 : 0));
}

/** Python's comparison of two tuples of ints: -1, 0 or 1. */
export function compareShapes(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length < b.length ? -1 : (a.length > b.length ? 1 : 0);
}

/** An immutable multiset of words, kept longest first, then alphabetically. */
export class WordSet {
  constructor(words) {
    this.words = Object.freeze([...words].sort(byShape));
    Object.freeze(this);
  }

  /** Read a word set given as "big, g, er" (commas or spaces) or a list of words. */
  static parse(value, field = "declared") {
    if (value instanceof WordSet) return value;
    const words = [];
    for (const part of splitWords(asListed(value), { field })) {
      const word = isAscii(part) ? part.toLowerCase() : part;  // the Kelvin sign lowers to 'k'
      if (!WORD.test(word)) {
        const bad = Array.from(word).find((ch) => !/^[a-zA-Z]$/.test(ch));
        throw new InvalidWordSet(`${repr(part)} has ${repr(bad)}: words are letters ` +
          "A-Z only", { field });
      }
      words.push(word);
    }
    return new WordSet(words);
  }

  toString() { return this.words.join(", "); }

  get length() { return this.words.length; }

  [Symbol.iterator]() { return this.words[Symbol.iterator](); }

  get shape() { return this.words.map((w) => w.length); }

  /** All letters of all words, upper case, counted: {letter: n}. */
  get letters() {
    const counts = {};
    for (const ch of this.words.join("").toUpperCase()) counts[ch] = (counts[ch] || 0) + 1;
    return counts;
  }

  /** 1 when this ranks higher than `other`, -1 lower, 0 equal (same shape). */
  compare(other) { return compareShapes(this.shape, other.shape); }

  ranksEqual(other) { return this.compare(other) === 0; }

  /** The words the lexicon does not accept (single letters always count). */
  invalidWords(lexicon) { return this.words.filter((w) => !isWord(lexicon, w)); }

  isValid(lexicon) { return this.invalidWords(lexicon).length === 0; }

  /** True when the letters of all words together can be taken from the tiles. */
  fits(tiles) { return tiles.contains(this.letters); }

  /** The rules' *exists*: every word valid and all letters among the tiles. */
  exists(tiles, lexicon) { return this.isValid(lexicon) && this.fits(tiles); }
}

/** A word set as said ("brier and ag") as it is listed ("brier, ag"): the joining "and" is no
 * word of the set (the word judge reads a play as typed). */
function asListed(value) {
  if (typeof value === "string") return value.replace(SPOKEN_AND, ",");
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === "string" ? item.replace(SPOKEN_AND, ",") : item));
  }
  return value;
}

/**
 * Liars' Letters validity (Lexicon.is_word): any single letter, or a listed word of 2+
 * letters; `lexicon` needs only `has(word)` (lower case).
 */
export function isWord(lexicon, word) {
  const w = word.toLowerCase();
  if (!(isAscii(word) && WORD.test(w))) return false;
  return w.length === 1 || lexicon.has(w);
}

/** The word judge (Lexicon.judge): is the whole play acceptable?  One verdict, never which word. */
export function judge(lexicon, words, { field = "words" } = {}) {
  return splitWords(words, { field }).every((word) => isWord(lexicon, word));
}

/** The words of a play as typed, split on spaces, commas, semicolons and plus signs. */
export function splitWords(value, { field = "words" } = {}) {
  let parts;
  const split = (text) => strip(text).split(SEPARATORS).filter((p) => p);
  if (typeof value === "string") {
    parts = split(value);
  } else if (Array.isArray(value)) {
    parts = [];
    for (const item of value) {
      if (typeof item !== "string") {
        throw new InvalidWordSet(`each word must be a string, not ${typeName(item)}`,
          { field });
      }
      parts.push(...split(item));
    }
  } else {
    throw new InvalidWordSet("a word set is a string like 'big, g, er' or a list of words",
      { field });
  }
  if (!parts.length) throw new InvalidWordSet("a word set needs at least one word", { field });
  if (parts.length > MAX_WORDS) {
    throw new LimitExceeded(`a word set may have at most ${MAX_WORDS} words, not ` +
      `${parts.length}`, { field });
  }
  const longest = Math.max(...parts.map(length));
  if (longest > MAX_WORD_LENGTH) {
    throw new LimitExceeded(`a word may have at most ${MAX_WORD_LENGTH} letters; one has ` +
      `${longest}`, { field });
  }
  return parts;
}

/** one_word: the word of a single-word check; no word or several is refused, not judged. */
export function oneWord(value, { field = "word" } = {}) {
  const parts = splitWords(value, { field });
  if (parts.length !== 1) {
    throw new InvalidInput(`one word at a time, not ${parts.length}`, { field });
  }
  return parts[0];
}

/** A shape as the rules write it: "(5, 2)"; the empty shape is "()". */
export function formatShape(shape) {
  return "(" + shape.join(", ") + ")";
}

/** 1 when `a` is higher, -1 when `b` is, 0 when they rank equal. */
export function compare(a, b) {
  return compareShapes(a.shape, b.shape);
}
