// Cards as players write them (port of solver/cards.py): "Q", "10", "QH", "Q♥",
// "queen of hearts", "joker".  Liar's Post, Liar Liar and Liar's Poker share this module.
// A rank is a number from 2 to 14 (ace high); a card may come without a suit, and the joker
// has neither.  Each game's Deck bounds what can be played or revealed.  Every message and
// field is the Python library's, so the page refuses a card exactly as the server does.

import { InvalidCard, LimitExceeded } from "./errors.js";

export const ACE = 14, KING = 13, QUEEN = 12, JACK = 11;
/** High to low: 14 (A) .. 2. */
export const RANKS = Object.freeze([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
export const SUITS = "SHDC";
export const MAX_CARDS = 1000;

// --- Python's text semantics, where a card's text meets them ------------------------------

// str.isspace(): the characters Python's strip() and split() treat as whitespace (JS's \s
// differs: it has U+FEFF and lacks U+001C..U+001F and U+0085).
const PY_SPACE = "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004" +
  "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
const SPACE_RUN = new RegExp(`[${PY_SPACE}]+`, "u");
const EDGE_SPACE = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "gu");

/** Python's str.strip() with no argument. */
export function pyStrip(text) { return text.replace(EDGE_SPACE, ""); }

/** Python's str.split() with no argument: runs of whitespace, no empty pieces. */
export function pySplit(text) { return text.split(SPACE_RUN).filter((piece) => piece !== ""); }

/** Python's " ".join(text.split()): words single-spaced. */
export function pyWords(text) { return pySplit(text).join(" "); }

/** Python's str.lower() (full Unicode case mapping, as JS's toLowerCase). */
export function pyLower(text) { return text.toLowerCase(); }

/** Python's len() of a str: code points, not UTF-16 units. */
export function pyLen(text) {
  let n = 0;
  for (const _ of text) n += 1;  // eslint-disable-line no-unused-vars
  return n;
}

/** Python's type(value).__name__ for a JSON value. */
export function pyTypeName(value) {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "string") return "str";
  if (Array.isArray(value)) return "list";
  return "dict";
}

/** Python's sorted() of strs: by code point (JS's default sort is by UTF-16 unit). */
export function pySorted(texts) {
  const points = (t) => Array.from(t, (ch) => ch.codePointAt(0));
  return [...texts].sort((a, b) => {
    const x = points(a), y = points(b);
    for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  });
}

/** A Python int: a whole JS number that is not a bool (JSON cannot tell 2 from 2.0 here). */
export function isPyInt(value) { return typeof value === "number" && Number.isInteger(value); }

/** A JSON object (Python dict), not an array or null. */
export function isDict(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// str.isprintable() is false for these (Python's repr escapes them).
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's repr() of a str, escaping every character str.isprintable() refuses. */
function reprStr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === " " || !UNPRINTABLE.test(ch)) out += ch;
    else if (code < 0x100) out += "\\x" + code.toString(16).padStart(2, "0");
    else if (code < 0x10000) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += "\\U" + code.toString(16).padStart(8, "0");
  }
  return out + quote;
}

/** Python's repr() of a float: shortest round-trip digits, with a point or an exponent. */
function reprFloat(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return x.toFixed(1);
  let text = String(x);
  if (text.includes("e")) {
    const [mant, exp] = text.split("e");
    const sign = exp[0] === "-" ? "-" : "+";
    text = `${mant}e${sign}${exp.replace(/^[+-]/, "").padStart(2, "0")}`;
  }
  return text;
}

/** Python's repr() of a JSON value: str, int, float, bool, None, list, dict. */
export function pyRepr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : reprFloat(value);
  if (typeof value === "string") return reprStr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (value instanceof Card) return `Card(${reprStr(String(value))})`;
  const items = Object.keys(value).map((key) => `${reprStr(key)}: ${pyRepr(value[key])}`);
  return `{${items.join(", ")}}`;
}

/** The first `n` code points of a str (Python's text[:n]). */
function pyHead(text, n) { return Array.from(text).slice(0, n).join(""); }

/** solver.table.shown: repr(value) for an error message, cut short when it is long. */
export function shown(value, limit = 40) {
  const text = pyRepr(value);
  if (pyLen(text) <= limit) return text;
  if (typeof value === "string") return `${pyHead(text, 11)}…' (${pyLen(value)} characters)`;
  return `${pyHead(text, limit)}…`;
}

/** solver.table.small_int: the value of a short string of ASCII digits, else null. */
export function smallInt(text) {
  if (typeof text !== "string") return null;
  const digits = pyStrip(text);
  return /^[0-9]{1,20}$/.test(digits) ? Number(digits) : null;
}

// --- ranks and suits -------------------------------------------------------------------

const RANK_LABELS = { 14: "A", 13: "K", 12: "Q", 11: "J" };
const RANK_WORDS = new Map(Object.entries({
  ace: 14, king: 13, queen: 12, jack: 11, ten: 10, nine: 9, eight: 8, seven: 7, six: 6,
  five: 5, four: 4, three: 3, two: 2, deuce: 2, t: 10,
}));
const LABEL_RANKS = new Map([["a", 14], ["k", 13], ["q", 12], ["j", 11]]);
const SUIT_NAMES = new Map(Object.entries({
  s: "S", spade: "S", spades: "S", "♠": "S", "♤": "S",
  h: "H", heart: "H", hearts: "H", "♥": "H", "♡": "H",
  d: "D", diamond: "D", diamonds: "D", "♦": "D", "♢": "D",
  c: "C", club: "C", clubs: "C", "♣": "C", "♧": "C",
}));
const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SHORT = /^(10|[2-9akqjt])([shdc♠♤♥♡♦♢♣♧]?)$/u;
// Python's \w on str is isalnum() or "_": letters and numbers of every script.
const LONG = /^([\p{L}\p{N}_]+)\s+of\s+([\p{L}\p{N}_]+)$/u;
const JOKER_WORDS = new Set(["joker", "jk", "jkr", "🃏"]);

/** The short label of a rank: 14 -> "A", 10 -> "10". */
export function rankName(rank) { return RANK_LABELS[rank] ?? String(rank); }

/** A rank from "Q", "queen", "10" or a whole number; InvalidCard names bad text. */
export function parseRank(text, { field = null } = {}) {
  if (isPyInt(text)) {
    if (text >= 2 && text <= ACE) return text;
  } else if (typeof text === "string") {
    const word = pyLower(pyStrip(text));
    if (RANK_WORDS.has(word)) return RANK_WORDS.get(word);
    const number = smallInt(word);
    if (number !== null && number >= 2 && number <= 10) return number;
    if (LABEL_RANKS.has(word)) return LABEL_RANKS.get(word);
  }
  throw new InvalidCard(`${shown(text)} is not a rank (A K Q J 10 9 8 7 6 5 4 3 2)`, { field });
}

/** A suit letter S H D C from a letter, a symbol or a name. */
export function parseSuit(text, { field = null } = {}) {
  const suit = SUIT_NAMES.get(pyLower(pyStrip(String(text))));
  if (suit === undefined) {
    throw new InvalidCard(`${shown(text)} is not a suit (spades, hearts, diamonds, clubs)`,
      { field });
  }
  return suit;
}

/** One card: a rank (2..14) and maybe a suit; the joker has rank null.  String(card)
 * writes what Card.parse reads back. */
export class Card {
  constructor(rank, suit = null) {
    this.rank = rank;
    this.suit = suit;
    Object.freeze(this);
  }

  static parse(text, { field = null } = {}) {
    if (text instanceof Card) return text;
    if (typeof text !== "string") {
      throw new InvalidCard(`a card must be written as text like 'QH', not ${shown(text)}`,
        { field });
    }
    const word = pyWords(pyLower(pyStrip(text)));
    if (JOKER_WORDS.has(word)) return JOKER;
    const short = SHORT.exec(word);
    const long = LONG.exec(word);
    try {
      if (short) return new Card(parseRank(short[1]), short[2] ? parseSuit(short[2]) : null);
      if (long) return new Card(parseRank(long[1]), parseSuit(long[2]));
      return new Card(parseRank(word));
    } catch (err) {
      if (!(err instanceof InvalidCard)) throw err;
      throw new InvalidCard(`${shown(text)} is not a card: ${err.message}`, { field });
    }
  }

  get isJoker() { return this.rank === null; }

  /** The card with a suit symbol, for people: "Q♥". */
  get symbol() {
    if (this.isJoker) return "joker";
    return rankName(this.rank) + (SUIT_SYMBOLS[this.suit] ?? "");
  }

  toString() { return this.isJoker ? "joker" : rankName(this.rank) + (this.suit ?? ""); }
}

export const JOKER = new Card(null, null);

/** Cards from a list, or from one string separated by commas or spaces. */
export function parseCards(cards, { field = "cards", limit = MAX_CARDS } = {}) {
  let pieces;
  if (typeof cards === "string") {
    pieces = [];
    for (let chunk of cards.split(",")) {
      chunk = pyStrip(chunk);
      if (LONG.test(pyWords(pyLower(chunk)))) pieces.push(chunk);
      else pieces.push(...pySplit(chunk));
    }
  } else if (Array.isArray(cards)) {
    pieces = [...cards];
  } else {
    throw new InvalidCard(`cards must be a list or a string, not ${pyTypeName(cards)}`,
      { field });
  }
  if (pieces.length > limit) {
    throw new LimitExceeded(`${pieces.length} cards given; at most ${limit} are accepted`,
      { field });
  }
  return pieces.map((piece) => Card.parse(piece, { field }));
}

// --- decks: what a game's cards can be ----------------------------------------------------

const HOW_MANY = { 0: "no", 1: "one", 2: "two", 3: "three", 4: "four" };
const howMany = (n) => HOW_MANY[n] ?? String(n);

/** Count of each key, like collections.Counter (a missing key counts 0). */
function counter(items, keyOf) {
  const counts = new Map();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return (key) => counts.get(key) ?? 0;
}

/** What one game's cards can be: its ranks, how many decks are shuffled together (copies
 * of each suited card) and how many jokers.  check() refuses cards the deck cannot hold. */
export class Deck {
  constructor(name, { ranks = RANKS, copies = 1, jokers = 0 } = {}) {
    this.name = name;
    this.ranks = ranks;
    this.copies = copies;
    this.jokers = jokers;
    Object.freeze(this);
  }

  get size() { return this.ranks.length * SUITS.length * this.copies + this.jokers; }

  get perRank() { return SUITS.length * this.copies; }

  tooMany(what, held, field) {
    return new InvalidCard(`${what}, but the deck holds only ${held} (${this.name})`, { field });
  }

  /** `cards` if this deck can hold them together with `known`; else an InvalidCard naming
   * the first card it cannot hold (`where` says where the cards are: " face up"). */
  check(cards, { field = "cards", known = [], knownAs = "known", where = "" } = {}) {
    cards = [...cards];
    const every = [...known, ...cards];
    const already = (countKnown) => (countKnown ? ` (${countKnown} already ${knownAs})` : "");
    const jokers = every.filter((c) => c.isJoker).length;
    if (jokers > this.jokers) {
      if (!this.jokers) {
        throw new InvalidCard(`a joker, but the deck has none (${this.name})`, { field });
      }
      const knownJokers = jokers - cards.filter((c) => c.isJoker).length;
      throw this.tooMany(`${jokers} jokers${where}${already(knownJokers)}`,
        `${howMany(this.jokers)} jokers`, field);
    }
    const labels = this.ranks.map(rankName).join(" ");
    for (const card of cards) {
      if (!card.isJoker && !this.ranks.includes(card.rank)) {
        throw new InvalidCard(`'${card}' is not in the deck (${this.name}: ${labels})`, { field });
      }
    }
    const real = (c) => !c.isJoker;
    const suited = counter(every.filter((c) => real(c) && c.suit), String);
    const byRank = counter(every.filter(real), (c) => c.rank);
    const knownSuited = counter(known.filter((c) => real(c) && c.suit), String);
    const knownRank = counter(known.filter(real), (c) => c.rank);
    for (const card of cards) {
      if (card.isJoker) continue;
      const key = String(card);
      if (card.suit && suited(key) > this.copies) {
        throw this.tooMany(`${card} ${suited(key)} times${where}${already(knownSuited(key))}`,
          `${howMany(this.copies)} ${card}`, field);
      }
      if (byRank(card.rank) > this.perRank) {
        throw this.tooMany(`${byRank(card.rank)} ${rankName(card.rank)}s${where}` +
          `${already(knownRank(card.rank))}`, String(this.perRank), field);
      }
    }
    return cards;
  }
}

/** Liar Liar: one deck of 52 cards and two jokers. */
export const LIAR_LIAR_DECK = new Deck("one 54-card deck: 52 cards and two jokers", { jokers: 2 });
/** Liar's Poker with cards: one 52-card deck. */
export const POKER_DECK = new Deck("one 52-card deck, no jokers");
