// Cards as players write them (port of solver/games/cards.py): "Q", "10", "QH", "Q♥",
// "queen of hearts", "joker".  Liar's Post, Liar Liar and Liar's Poker share this module.
// A rank is a number from 2 to 14 (ace high); a card may come without a suit, and the joker
// has neither.  Each game's Deck bounds what can be played or revealed.  Every message and
// field is the Python library's, so the page refuses a card exactly as the server does.

import { InvalidCard, LimitExceeded } from "./errors.js";
import { split, strip, typeName } from "./pystr.js";
import { isInt, shown, smallInt } from "./rules.js";
import { CARDS } from "./tables.js";

export const ACE = 14, KING = 13, QUEEN = 12, JACK = 11;
/** High to low: 14 (A) .. 2. */
export const { RANKS, SUITS, MAX_CARDS } = CARDS;

/** Python's str.lower() (full Unicode case mapping, as JS's toLowerCase). */
const lower = (text) => text.toLowerCase();

/** Python's " ".join(text.split()): words single-spaced. */
const words = (text) => split(text).join(" ");

// --- ranks and suits -------------------------------------------------------------------

const { RANK_LABELS, SUIT_SYMBOLS } = CARDS;
const RANK_WORDS = new Map(Object.entries(CARDS.RANK_WORDS));
const LABEL_RANKS = new Map(Object.entries(RANK_LABELS)
  .map(([rank, label]) => [label.toLowerCase(), Number(rank)]));
const SUIT_NAMES = new Map(Object.entries(CARDS.SUIT_NAMES));
const SHORT = /^(10|[2-9akqjt])([shdc♠♤♥♡♦♢♣♧]?)$/u;
// Python's \w on str is isalnum() or "_": letters and numbers of every script.  LONG only
// meets words single-spaced by Python's split(), so its \s is a space (JS's \s would also
// take U+FEFF, which Python's does not).
const LONG = /^([\p{L}\p{N}_]+) +of +([\p{L}\p{N}_]+)$/u;
const JOKER_WORDS = new Set(["joker", "jk", "jkr", "🃏"]);

/** The short label of a rank: 14 -> "A", 10 -> "10". */
export function rankName(rank) { return RANK_LABELS[rank] ?? String(rank); }

/** A rank from "Q", "queen", "10" or a whole number; InvalidCard names bad text. */
export function parseRank(text, { field = null } = {}) {
  if (isInt(text)) {
    if (text >= 2 && text <= ACE) return Number(text);
  } else if (typeof text === "string") {
    const word = lower(strip(text));
    if (RANK_WORDS.has(word)) return RANK_WORDS.get(word);
    const number = smallInt(word);
    if (number !== null && number >= 2 && number <= 10) return number;
    if (LABEL_RANKS.has(word)) return LABEL_RANKS.get(word);
  }
  throw new InvalidCard(`${shown(text)} is not a rank (A K Q J 10 9 8 7 6 5 4 3 2)`, { field });
}

/** A suit letter S H D C from a letter, a symbol or a name. */
export function parseSuit(text, { field = null } = {}) {
  const suit = SUIT_NAMES.get(lower(strip(String(text))));
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
    const word = words(lower(strip(text)));
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
      chunk = strip(chunk);
      if (LONG.test(words(lower(chunk)))) pieces.push(chunk);
      else pieces.push(...split(chunk));
    }
  } else if (Array.isArray(cards)) {
    pieces = [...cards];
  } else {
    throw new InvalidCard(`cards must be a list or a string, not ${typeName(cards)}`,
      { field });
  }
  if (pieces.length > limit) {
    throw new LimitExceeded(`${pieces.length} cards given; at most ${limit} are accepted`,
      { field });
  }
  return pieces.map((piece) => Card.parse(piece, { field }));
}

// --- decks: what a game's cards can be ----------------------------------------------------

const howMany = (n) => CARDS.HOW_MANY[n] ?? String(n);

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

/** A deck as the library describes it (tables.js): {name, ranks, copies, jokers}. */
export const deckOf = ({ name, ranks, copies, jokers }) =>
  new Deck(name, { ranks, copies, jokers });

/** Liar Liar: one deck of 52 cards and two jokers. */
export const LIAR_LIAR_DECK = deckOf(CARDS.LIAR_LIAR_DECK);
/** Liar's Poker with cards: one 52-card deck. */
export const POKER_DECK = deckOf(CARDS.POKER_DECK);
