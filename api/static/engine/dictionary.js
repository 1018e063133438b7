// The answers to dictionary queries (port of solver/words/dictionary.py's Dictionary.answer): a
// query of engine/queries.js over a lexicon of engine/lexicon.js, the total count and one page of
// words in the asked order, the hooks of a word -- the library's answer, the same dict.
//
// The library picks its fastest way per query (tries, a slice of the words sorted by ending,
// numpy passes, one regular expression); every way finds the same words, in the same order, so
// this port needs only one: a pass over the sorted word list (or, when the query fixes the
// word's start, over the slice of words with that start), longest first or alphabetically.

import { InvalidQuery } from "./errors.js";
import { LETTERS, hooksDict } from "./queries.js";

const byLengthOf = new WeakMap(); // lexicon -> its words by length, each alphabetically

/** The lexicon's words of each length (index: the length), alphabetically; made once. */
function byLength(lexicon) {
  if (!byLengthOf.has(lexicon)) byLengthOf.set(lexicon, grouped(lexicon.words));
  return byLengthOf.get(lexicon);
}

function grouped(words) {
  const groups = [[]];
  for (const word of words) {
    while (groups.length <= word.length) groups.push([]);
    groups[word.length].push(word);
  }
  return groups;
}

const longest = (lexicon) => byLength(lexicon).length - 1;

/** The words (sorted) that start with `prefix`: a slice found by bisection. */
function starting(words, prefix) {
  const first = (key) => {
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (words[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
  };
  return prefix ? words.slice(first(prefix), first(prefix + "{")) : words; // '{' follows 'z'
}

/** The fixed start every match has: `starts`, or the pattern's leading single letters. */
function fixedStart(query) {
  let fromPattern = "";
  if (query.pattern !== null) {
    for (const mask of query.pattern.head) {
      const letter = LETTERS.split("").find((_, i) => mask === 1 << i);
      if (!letter) break;
      fromPattern += letter;
    }
  }
  return fromPattern.length > query.starts.length ? fromPattern : query.starts;
}

/**
 * The words that pass `test`, in the asked order (longest first, then alphabetically; or
 * alphabetically), of `low` to `high` letters and starting with `prefix`: how many, and the
 * page [offset, offset + limit) of them (only the page is kept).
 */
function collect(lexicon, query, test, low, high, prefix) {
  const from = query.offset;
  const to = query.offset + query.limit;
  let count = 0;
  const page = [];
  const take = (word) => {
    if (!test(word)) return;
    if (count >= from && count < to) page.push(word);
    count += 1;
  };
  if (query.order === "alphabetical") {
    for (const word of starting(lexicon.words, prefix)) take(word);
  } else {
    const groups = prefix ? grouped(starting(lexicon.words, prefix)) : byLength(lexicon);
    for (let n = Math.min(high, groups.length - 1); n >= low; n -= 1) {
      for (const word of groups[n]) take(word);
    }
  }
  return [count, page];
}

/** The letters a word lacks of the rack's (blanks cover them). */
function short(word, have, spare) {
  spare.set(have);
  let lacking = 0;
  for (let i = 0; i < word.length; i += 1) {
    const k = word.charCodeAt(i) - 97;
    if (spare[k]) spare[k] -= 1; else lacking += 1;
  }
  return lacking;
}

/** Answer a query over a lexicon (answer_query): WordAnswer.as_dict(). */
export function answerQuery(query, lexicon) {
  const name = lexicon.name;
  const most = longest(lexicon);
  if (query.pattern !== null && query.pattern.minLength > most) {
    throw new InvalidQuery(`the pattern ${query.pattern} needs words of ` +
      `${query.pattern.minLength} letters or more: the longest word in ${name} has ${most}`,
    { field: "pattern" });
  }
  if (query.anagram !== null && query.minLength === null && query.maxLength === null &&
      query.anagram.length > most) {
    throw new InvalidQuery(`${query.anagram.length} letters to anagram: the longest word in ` +
      `${name} has ${most}`, { field: "anagram" });
  }
  if (query.minLength !== null && query.minLength > most) {
    throw new InvalidQuery(`'min' is ${query.minLength}: the longest word in ${name} has ` +
      `${most} letters`, { field: "min" });
  }
  const [low, high] = query.lengths(most);
  let count = 0;
  let page = [];
  let hooks = null;
  if (low <= high) {
    const keep = query.filter(low, high);
    if (query.hooks !== null) {
      const word = query.hooks;
      const front = [];
      const back = [];
      for (const c of LETTERS) {
        if (lexicon.has(c + word) && keep(c + word)) front.push([c, c + word]);
        if (lexicon.has(word + c) && keep(word + c)) back.push([c, word + c]);
      }
      const words = [...new Set([...front, ...back].map(([, w]) => w))].sort();
      count = words.length;
      page = words.slice(query.offset, query.offset + query.limit);
      hooks = hooksDict(word, lexicon.has(word), front, back);
    } else {
      let test = keep;
      if (query.anagram !== null) {
        const have = query.anagram.counts();
        const spare = new Uint8Array(26);
        const blanks = query.anagram.blanks;
        test = (w) => keep(w) && short(w, have, spare) <= blanks;
      }
      [count, page] = collect(lexicon, query, test, low, high, fixedStart(query));
    }
  }
  if (query.hooks !== null && hooks === null) hooks = hooksDict(query.hooks, lexicon.has(query.hooks));
  const answer = { query: query.format(), lexicon: name, count, offset: query.offset,
    limit: query.limit, order: query.order, words: page };
  if (hooks !== null) answer.hooks = hooks;
  return answer;
}
