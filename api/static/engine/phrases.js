// Claims as said at the table (solver/games/phrases.py): "2 fives", "this is a queen", "full
// house, kings over threes".  The same vocabulary in the same Aho-Corasick automaton,
// walked by the same leftmost-longest loop as pyahocorasick's iter_long (quirks included:
// it is what the server answers), then the same small grammar per game, so the page reads
// a phrase, and refuses one, in exactly the server's words.

import { UnreadablePhrase } from "./errors.js";
import { length, repr, split } from "./pystr.js";
import { PHRASES } from "./tables.js";

export const { MAX_PHRASE, MAX_NUMBER, HANDS, HAND_SIZES, LOWEST_TOP } = PHRASES;

// Token kinds.
export const { NUMBER, ARTICLE, RANK, HAND, SUIT, JOKER, WORD, FILLER } = PHRASES.KINDS;

// The vocabulary's parts, as the library lists them (tables.js).
const { NUMBER_WORDS, RANK_WORDS, HAND_SYNONYMS, NAMED_RANKS, SUITS, WORDS, FILLERS } = PHRASES;

const plural = (word) => word + (word.endsWith("x") ? "es" : "s");

/** Words joined by two spaces with one either side: every match sits on word edges. */
const pad = (words) => " " + words.join("  ") + " ";

// --- the automaton (pyahocorasick's trie, fail links and iter_long) ---------------------

let AUTOMATON = null;

function vocabulary() {
  const vocab = new Map();
  const set = (key, meaning) => vocab.set(key, meaning);
  NUMBER_WORDS.forEach((word, n) => {
    set(word, [NUMBER, n, false]);
    set(plural(word), [NUMBER, n, true]);
  });
  for (let n = 0; n <= MAX_NUMBER; n += 1) {
    set(String(n), [NUMBER, n, false]);
    set(`${n}s`, [NUMBER, n, true]);
    set(`${n}'s`, [NUMBER, n, true]);
  }
  for (const [word, rank] of RANK_WORDS) {
    set(word, [RANK, rank, false]);
    set(plural(word), [RANK, rank, true]);
    if (word !== "ace") {
      set(word[0], [RANK, rank, false]);
      set(word[0] + "s", [RANK, rank, true]);
      set(word[0] + "'s", [RANK, rank, true]);
    }
  }
  for (const word of ["a", "an", "one"]) set(word, [ARTICLE, 1, false]);
  set("ones", [NUMBER, 1, true]);
  set("deuce", [NUMBER, 2, false]);
  set("deuces", [NUMBER, 2, true]);
  for (const [phrase, hand] of HAND_SYNONYMS) set(phrase, [HAND, hand, false]);
  for (const [name, suit] of SUITS) {
    const meaning = [SUIT, suit, name.endsWith("s")];
    set(name, meaning);
    set(name.replace(/s+$/, ""), meaning);
  }
  set("joker", [JOKER, null, false]);
  set("jokers", [JOKER, null, true]);
  for (const word of WORDS) if (!vocab.has(word)) set(word, [WORD, word, false]);
  for (const phrase of FILLERS) if (!vocab.has(phrase)) set(phrase, [FILLER, null, false]);
  return vocab;
}

const node = () => ({ next: new Map(), fail: null, output: null });

function automaton() {
  if (AUTOMATON) return AUTOMATON;
  const root = node();
  for (const [phrase, [kind, value, isPlural]] of vocabulary()) {
    const words = phrase.split(" ");
    const key = [...pad(words)];
    let at = root;
    for (const ch of key) {
      if (!at.next.has(ch)) at.next.set(ch, node());
      at = at.next.get(ch);
    }
    at.output = { length: key.length, count: words.length, kind, value, plural: isPlural };
  }
  // Breadth first, as make_automaton: a child's fail link is the longest proper suffix
  // of its key that is also a path from the root.
  const queue = [];
  for (const child of root.next.values()) {
    child.fail = root;
    queue.push(child);
  }
  for (let i = 0; i < queue.length; i += 1) {
    const parent = queue[i];
    for (const [letter, child] of parent.next) {
      queue.push(child);
      let state = parent.fail;
      while (state !== root && !state.next.has(letter)) state = state.fail;
      child.fail = state.next.get(letter) ?? root;
    }
  }
  AUTOMATON = root;
  return root;
}

/**
 * pyahocorasick's Automaton.iter_long over a list of code points: [end index, output]
 * for each match it reports, in its order.  A line-for-line port of its C loop
 * (AutomatonSearchIterLong.c, 2.3.1), so the same text gives the same matches.
 */
function iterLong(chars) {
  const root = automaton();
  const found = [];
  const end = chars.length;
  let state = root;
  let index = -1;
  let lastNode = null;
  let lastIndex = -1;
  for (;;) {
    if (lastNode) { // return_output
      found.push([lastIndex, lastNode.output]);
      state = root;
      index = lastIndex;
      lastNode = null;
      lastIndex = -1;
    }
    let failNode = null;
    let failIndex = -1;
    let failFlag = false;
    index += 1;
    while (index < end) {
      let next;
      if (failFlag) {
        next = failNode.fail;
        index = failIndex;
        failNode = null;
        failIndex = -1;
        failFlag = false;
      } else {
        next = state.next.get(chars[index]);
      }
      if (next) {
        if (next.output) {
          lastNode = next;
          lastIndex = index;
        } else if (!lastNode && !failNode && next.fail && next.fail !== root &&
                   next.fail.output) {
          failNode = next;
          failIndex = index;
        }
        state = next;
        index += 1;
      } else if (lastNode) {
        break;
      } else if (failNode) {
        failFlag = true;
      } else {
        for (;;) {
          state = state.fail;
          if (state === null) {
            state = root;
            index += 1;
            break;
          } else if (state.next.has(chars[index])) {
            break;
          }
        }
      }
    }
    if (!lastNode) return found;
  }
}

// --- reading the text ---------------------------------------------------------------------

const PUNCTUATION = /[,;:.!?"()[\]/\-–—]+/gu;
// Punctuation separates words, but a sign or a decimal point is part of a number.
const SIGNS = "-+−–—";
// A sign not after a letter (Python's [^\W\d_]: letters and non-decimal numerals).
const SIGNED = /(?<![\p{L}\p{Nl}\p{No}])[-+−–—] ?\p{Nd}|^[-+−–—]/u;
const FRACTION = /\p{Nd}[.,/]\p{Nd}/u;
const WHOLE = "numbers in a claim are whole numbers, 1 or more";

/** The piece of ``text`` (single-spaced) holding position ``at``, as typed. */
function piece(text, at) {
  const start = at > 0 ? text.lastIndexOf(" ", at - 1) + 1 : 0;
  const words = text.slice(start).split(" ");
  return SIGNS.includes(words[0]) && words.length > 1 ? words.slice(0, 2).join(" ") : words[0];
}

/** A number with a sign or a decimal point is refused, naming it, never read without it. */
function refuseSigns(raw) {
  const text = split(raw).join(" ");
  const signed = SIGNED.exec(text);
  if (signed && signed.index > 0 && /\p{Nd}$/u.test(text.slice(0, signed.index))) {
    throw new UnreadablePhrase(`${repr(piece(text, signed.index))} is not a whole number: ` +
                               WHOLE);
  }
  if (signed) throw new UnreadablePhrase(`${repr(piece(text, signed.index))} has a sign: ${WHOLE}`);
  const fraction = FRACTION.exec(text);
  if (fraction) {
    throw new UnreadablePhrase(`${repr(piece(text, fraction.index))} is not a whole number: ` +
                               WHOLE);
  }
}

function normalize(text) {
  if (typeof text !== "string") {
    throw new UnreadablePhrase("a claim must be a phrase or a structured object, not " +
                               repr(text));
  }
  if (length(text) > MAX_PHRASE) {
    throw new UnreadablePhrase(`a claim phrase is at most ${MAX_PHRASE} characters, not ` +
                               `${length(text)}`);
  }
  refuseSigns(text);
  let out = text.toLowerCase().replaceAll("’", "'");
  for (const symbol of "♠♥♦♣") out = out.replaceAll(symbol, ` ${symbol} `);
  return split(out.replace(PUNCTUATION, " ")).join(" ");
}

/**
 * The understood tokens of a phrase ({text, kind, value, plural}) and the words not
 * understood: tokenize("I bid five sixxes") -> [[i bid, five], ["sixxes"]].
 */
export function tokenize(text) {
  const words = split(normalize(text));
  const starts = new Map();
  let offset = 1;
  words.forEach((word, i) => {
    starts.set(offset, i);
    offset += length(word) + 2;
  });
  const covered = words.map(() => false);
  const tokens = [];
  for (const [end, out] of iterLong([...pad(words)])) {
    const first = starts.get(end - out.length + 2);
    if (first === undefined) throw new Error("a phrase match off a word edge");
    for (let i = first; i < first + out.count; i += 1) covered[i] = true;
    tokens.push({ text: words.slice(first, first + out.count).join(" "), kind: out.kind,
                  value: out.value, plural: out.plural });
  }
  return [tokens, words.filter((_, i) => !covered[i])];
}

// --- reporting what was understood ----------------------------------------------------

function label(token, role = null) {
  if (role) return `'${token.text}' (${role} ${token.value})`;
  if (token.kind === NUMBER) return `'${token.text}' (number ${token.value})`;
  if (token.kind === RANK) return `'${token.text}' (rank ${rankWord(token.value)})`;
  if (token.kind === HAND) return `'${token.text}' (hand ${token.value})`;
  if (token.kind === SUIT) return `'${token.text}' (suit ${token.value})`;
  return `'${token.text}'`;
}

function unreadable(text, labels, problem) {
  if (labels.length) return new UnreadablePhrase(`understood ${labels.join(", ")} but ${problem}`);
  return new UnreadablePhrase(`could not read ${repr(text)}: ${problem}`);
}

/** The meaningful tokens of a phrase, or an error naming the words not understood. */
function read(text, what, labeller) {
  const [all, unknown] = tokenize(text);
  if (unknown.length) {
    const listed = unknown.join(" ");
    if (!all.length) throw unreadable(text, [], `'${listed}' names no ${what}`);
    throw unreadable(text, labeller(all), `not '${listed}'`);
  }
  const tokens = all.filter((t) => t.kind !== FILLER);
  if (!tokens.length) throw unreadable(text, [], `it names no ${what}`);
  return tokens;
}

// --- Liar's Dice: "2 fives" -------------------------------------------------------------

const isNumeric = (t) => t.kind === NUMBER || t.kind === ARTICLE;

function diceLabels(tokens) {
  const labels = [];
  let quantitySeen = false;
  for (const token of tokens) {
    if (isNumeric(token) || (token.kind === RANK && token.value === 14)) {
      const role = token.plural || quantitySeen ? "face" : "quantity";
      quantitySeen = true;
      const value = token.kind === RANK ? 1 : token.value;
      labels.push(`'${token.text}' (${role} ${value})`);
    } else {
      labels.push(label(token));
    }
  }
  return labels;
}

/** A dice bid phrase as [quantity, face]; "aces" and "ones" are face 1. */
export function parseBid(text) {
  const tokens = read(text, "bid", diceLabels);
  const numeric = tokens.filter((t) => isNumeric(t) || (t.kind === RANK && t.value === 14));
  const shape = "a bid is a quantity and a face, like '2 fives'";
  if (numeric.length !== 2 || tokens.length !== 2) {
    throw unreadable(text, diceLabels(tokens), shape);
  }
  const [quantity, face] = numeric;
  if (quantity.plural) throw unreadable(text, diceLabels(tokens), shape);
  return [quantity.value, face.kind === RANK ? 1 : face.value];
}

/** The table phrase for a bid: "2 fives", "1 three". */
export function formatBid(quantity, face) {
  const word = face < NUMBER_WORDS.length ? NUMBER_WORDS[face] : String(face);
  return `${quantity} ${quantity === 1 ? word : plural(word)}`;
}

// --- card ranks: Liar's Post and Liar Liar -----------------------------------------------

/** A rank's word: 14 -> "ace", 10 -> "ten". */
export function rankWord(rank) {
  const names = { 14: "ace", 13: "king", 12: "queen", 11: "jack" };
  return names[rank] ?? NUMBER_WORDS[rank];
}

/** The rank a token names (2..14), or null. */
export function asRank(token) {
  if (token.kind === RANK) return token.value;
  if (token.kind === NUMBER && token.value >= 2 && token.value <= 10) return token.value;
  return null;
}

/** The one rank a Liar's Post claim names: "this is a queen" -> 12. */
export function parseKind(text) {
  const tokens = read(text, "card", (ts) => ts.map((t) => label(t)));
  const named = tokens.filter((t) => t.kind !== ARTICLE);
  if (named.length !== 1 || asRank(named[0]) === null) {
    throw unreadable(text, tokens.map((t) => label(t)),
                     "a claim names one kind of card, like 'this is a queen'");
  }
  return asRank(named[0]);
}

/** "this is a queen", "this is an ace". */
export function formatKind(rank) {
  const word = rankWord(rank);
  return `this is ${"aeiou".includes(word[0]) ? "an" : "a"} ${word}`;
}

function playLabels(tokens) {
  return tokens.map((token, i) => {
    const counted = i + 1 < tokens.length && isNumeric(token) && !token.plural;
    return counted ? label(token, "count") : label(token);
  });
}

/**
 * A Liar Liar play as [count or null, rank or null]: "two kings" -> [2, 13], "two" ->
 * [2, null], "tens" -> [null, 10].
 */
export function parsePlay(text) {
  const tokens = read(text, "rank", playLabels);
  if (tokens[0].kind === JOKER || (tokens.length === 2 && tokens[1].kind === JOKER)) {
    throw unreadable(text, playLabels(tokens), "a joker is not a rank to declare");
  }
  if (tokens.length === 1 && isNumeric(tokens[0]) && !tokens[0].plural) {
    return [tokens[0].value, null];
  }
  if (tokens.length === 1 && asRank(tokens[0]) !== null) return [null, asRank(tokens[0])];
  if (tokens.length === 2 && isNumeric(tokens[0]) && !tokens[0].plural &&
      asRank(tokens[1]) !== null) {
    return [tokens[0].value, asRank(tokens[1])];
  }
  throw unreadable(text, playLabels(tokens), "a play is a count and a rank, like 'two kings'");
}

/** "two kings", "one six", "tens", "three". */
export function formatPlay(count, rank) {
  const number = count === null ? null
    : count >= 0 && count < NUMBER_WORDS.length ? NUMBER_WORDS[count] : String(count);
  if (rank === null) return number;
  const word = rankWord(rank);
  if (count === null) return plural(word);
  return `${number} ${count === 1 ? word : plural(word)}`;
}

// --- Liar's Poker: named hands -------------------------------------------------------------

const { BY_COUNT, EXAMPLE_RANKS } = PHRASES;

/**
 * A poker hand phrase as [hand name, ranks]: two pair high then low, full house three
 * then two, straights and flushes by their top card.
 */
export function parseHand(text) {
  refuseKicker(text);
  const tokens = read(text, "hand", playLabels);
  const hands = tokens.filter((t) => t.kind === HAND).map((t) => t.value);
  const words = new Set(tokens.filter((t) => t.kind === WORD).map((t) => t.value));
  let ranks = [];
  const counts = [];
  tokens.forEach((token, i) => {
    const following = i + 1 < tokens.length ? tokens[i + 1] : null;
    if (isNumeric(token) && !token.plural && following !== null && following.plural &&
        asRank(following) !== null) {
      counts.push(token.value);
    } else if (token.kind !== ARTICLE && asRank(token) !== null) {
      ranks.push(asRank(token));
    } else if (![HAND, WORD, ARTICLE].includes(token.kind)) {
      throw unreadable(text, playLabels(tokens), `'${token.text}' has no place in a poker hand`);
    }
  });
  if (hands.length > 1) throw unreadable(text, playLabels(tokens), "a claim names one hand");
  let hand;
  const sortedCounts = [...counts].sort((a, b) => a - b);
  if (hands.length) {
    hand = hands[0];
  } else if (words.has("full")) {
    hand = "full house";
  } else if (sortedCounts.length === 2 && sortedCounts[0] === 2 && sortedCounts[1] === 3) {
    hand = "full house";
    if (counts[0] !== 3) ranks = [...ranks].reverse();
  } else if (counts.length === 2 && counts[0] === 2 && counts[1] === 2) {
    hand = "two pair";
  } else if (counts.length === 1 && BY_COUNT[counts[0]] !== undefined) {
    hand = BY_COUNT[counts[0]];
  } else if (words.has("high") && ranks.length === 1) {
    hand = "high card";
  } else {
    throw unreadable(text, playLabels(tokens),
                     "no hand is named, like 'pair of jacks' or 'three kings'");
  }
  if (hand === "two pair") ranks = [...ranks].sort((a, b) => b - a);
  // A hand whose name says its rank: a royal flush is a straight flush, ace high.
  const named = tokens.find((t) => t.kind === HAND && Object.hasOwn(NAMED_RANKS, t.text));
  if (named) {
    const rank = NAMED_RANKS[named.text];
    if (!(ranks.length === 0 || (ranks.length === 1 && ranks[0] === rank))) {
      throw unreadable(text, playLabels(tokens), `a ${named.text} is ` +
        `${formatHand(hand, [rank]).split(", ")[1]}, not ${rankWord(ranks[0])} high`);
    }
    ranks = [rank];
  }
  const need = HAND_SIZES[hand];
  if (ranks.length !== need) {
    throw unreadable(text, playLabels(tokens),
                     `${hand} needs ${need} rank${need > 1 ? "s" : ""}, ` +
                     `like '${formatHand(hand, EXAMPLE_RANKS[hand])}'`);
  }
  return [hand, ranks];
}

/** Refuse a hand said with a kicker: "a pair and a king", "three of a kind with a jack". */
function refuseKicker(text) {
  const [tokens, unknown] = tokenize(text);
  if (unknown.length) return; // read() names the words not understood
  for (let i = 1; i < tokens.length - 2; i += 1) {
    const [joiner, article, rank] = tokens.slice(i, i + 3);
    if (!(["and", "with"].includes(joiner.text) && article.kind === ARTICLE &&
          asRank(rank) !== null)) continue;
    const said = tokens.slice(0, i).filter((t) => t.kind !== FILLER);
    if (!said.some((t) => t.kind === HAND || asRank(t) !== null)) continue;
    const understood = said.map((t) => t.text).join(" ");
    const rest = tokens.slice(i).map((t) => t.text).join(" ");
    const hands = said.filter((t) => t.kind === HAND).map((t) => t.value);
    let hint;
    try {
      hint = `claim '${formatHand(...parseHand(understood))}'`;
    } catch (err) {
      if (!(err instanceof UnreadablePhrase)) throw err;
      if (hands.length === 1 && HAND_SIZES[hands[0]] === 1) {
        hint = `name the hand's rank, like '${formatHand(hands[0], [asRank(rank)])}'`;
      } else {
        const hand = hands.length === 1 ? hands[0] : "pair";
        hint = `name the hand's ranks, like '${formatHand(hand, EXAMPLE_RANKS[hand])}'`;
      }
    }
    throw new UnreadablePhrase(`understood '${understood}' but not '${rest}': a kicker is not ` +
                               `part of a claim; ${hint}`);
  }
}

/** The canonical phrase for a hand; parseHand reads it back. */
export function formatHand(hand, ranks) {
  const plurals = ranks.map((r) => plural(rankWord(r)));
  if (hand === "high card") return `high card, ${rankWord(ranks[0])}`;
  if (hand === "pair") return `pair of ${plurals[0]}`;
  if (hand === "two pair") return `two pair, ${plurals[0]} and ${plurals[1]}`;
  if (hand === "full house") return `full house, ${plurals[0]} over ${plurals[1]}`;
  if (["straight", "flush", "straight flush"].includes(hand)) {
    return `${hand}, ${rankWord(ranks[0])} high`;
  }
  return `${hand}, ${plurals[0]}`;
}
