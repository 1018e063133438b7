// The safest raise in Liars' Letters (port of solver/games/letters/raises.py): legal raises over the
// last declaration, ranked by their exact chance of existing, from one player's view.
//
// The same bounded search as the library, step for step, so that the phone lists the same
// raises: the same target shapes, the same candidate words of each length (the lexicon's
// alphagram rows in the library's order), the same beam over the same stand-in scores.  A
// score is a sum of logs of each letter's own chance; the sum is taken in numpy's order
// (eight running sums, then the rest: its pairwise summation of 26 numbers) and each log is
// correctly rounded (chance.js), so the floats, and the ties they break, are the library's.
// Every chance stated is exact (a BigInt fraction).

import { GUARD, LANES, packCounts } from "../../engine/index.js";
import { checkRaise } from "./engine.js";
import { ODDS } from "../../engine/tables.js";
import { LETTERS } from "../../engine/tiles.js";
import { MAX_WORDS, WordSet, compareShapes, isWord } from "../../engine/wordset.js";
import { comb, log, quotient } from "../../engine/chance.js";

export const { LONGER_BY, WORDS_PER_SLOT, BEAM, MAX_CANDIDATES, LIKELY, CAP } = ODDS;
const WIDTH = CAP + 1; // a letter's row of the tails' table

/** The shapes where the likeliest raise over `last` (a WordSet, or null) lies. */
export function targetShapes(last, longest, held) {
  if (last === null) {
    const top = Math.min(held + LONGER_BY, longest);
    return Array.from({ length: Math.max(0, top) }, (_, i) => [i + 1]);
  }
  const shape = last.shape;
  const shapes = shape.length < MAX_WORDS ? [[...shape, 1]] : [];
  shape.forEach((length, i) => {
    if (i && length === shape[i - 1]) return; // no longer word fits here
    const top = Math.min(length + LONGER_BY, longest, i ? shape[i - 1] : longest);
    for (let t = length + 1; t <= top; t += 1) shapes.push([...shape.slice(0, i), t]);
  });
  return shapes;
}

/** T[letter * WIDTH + k]: the log of the chance the hidden tiles hold at least k of the
 * letter beyond mine (-Infinity past what may be hidden). */
function logTails(view) {
  const table = new Float64Array(26 * WIDTH).fill(-Infinity);
  const total = comb(view.unseen, view.hidden);
  const pool = view.pool;
  LETTERS.split("").forEach((letter, i) => {
    const have = pool[letter];
    const pmf = [];
    for (let j = 0; j <= have; j += 1) {
      pmf.push(view.hidden - j >= 0
        ? quotient(comb(have, j) * comb(view.unseen - have, view.hidden - j), total) : 0);
    }
    let tail = 0;
    for (let k = have; k >= 0; k -= 1) {
      tail += pmf[k];
      table[i * WIDTH + k] = tail > 0 ? log(tail) : -Infinity;
    }
    table[i * WIDTH] = 0;
  });
  return table;
}

/** numpy's sum of 26 floats: eight running sums, paired, then the last two. */
function sum26(a) {
  let [r0, r1, r2, r3, r4, r5, r6, r7] = a;
  for (let i = 8; i < 24; i += 8) {
    r0 += a[i]; r1 += a[i + 1]; r2 += a[i + 2]; r3 += a[i + 3];
    r4 += a[i + 4]; r5 += a[i + 5]; r6 += a[i + 6]; r7 += a[i + 7];
  }
  let res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
  res += a[24];
  res += a[25];
  return res;
}

/**
 * The `k` best of scores pushed in index order: highest first, ties in the order pushed
 * (numpy's stable sort of -score, cut at k); -Infinity is never kept (the library drops it).
 */
class Best {
  constructor(k) { this.k = k; this.items = []; this.scores = []; }

  push(item, score) {
    const { items, scores, k } = this;
    if (!(score > -Infinity) || (items.length === k && !(score > scores[k - 1]))) return;
    let lo = 0;
    let hi = scores.length;
    while (lo < hi) { // after every score >= this one: ties keep their order
      const mid = (lo + hi) >> 1;
      if (scores[mid] >= score) lo = mid + 1; else hi = mid;
    }
    items.splice(lo, 0, item);
    scores.splice(lo, 0, score);
    if (items.length > k) { items.pop(); scores.pop(); }
  }
}

const alphagram = (word) => [...word].sort().join("");

/** One raise search: the view's numbers, and the candidate words of each length. */
class Search {
  constructor(view, last) {
    this.view = view;
    this.last = last;
    this.tails = logTails(view);
    this.mine = Int16Array.from(LETTERS, (x) => view.mine.counts[x] || 0);
    const floor = log(LIKELY);
    this.rack = new Int32Array(26);
    for (let i = 0; i < 26; i += 1) {
      let likely = -1;
      for (let k = 0; k < WIDTH; k += 1) {
        const t = this.tails[i * WIDTH + k];
        if (Number.isFinite(t) && t >= floor) likely += 1;
      }
      this.rack[i] = Math.min(31, this.mine[i] + likely);
    }
    this.spelled = new Map(); // alphagram -> the word shown
    if (last !== null) {
      for (const word of last) {
        const key = alphagram(word);
        if (isWord(view.lexicon, word) && !this.spelled.has(key)) this.spelled.set(key, word);
      }
    }
    this.cache = new Map();
    this.parts = new Float64Array(26);
  }

  /** The stand-in log chance of one set's letter counts (26 of them, at `at`). */
  score(counts, at = 0) {
    const { tails, mine, parts } = this;
    for (let i = 0; i < 26; i += 1) {
      const extra = Math.min(CAP, Math.max(0, counts[at + i] - mine[i]));
      parts[i] = tails[i * WIDTH + extra];
    }
    return sum26(parts);
  }

  /** The candidate words (as alphagrams) of one length, and their letter counts (26 each). */
  candidates(length) {
    if (this.cache.has(length)) return this.cache.get(length);
    let keys;
    let counts;
    if (length === 1) {
      keys = Array.from(LETTERS, (x) => x.toLowerCase());
      counts = new Int16Array(26 * 26);
      for (let i = 0; i < 26; i += 1) counts[i * 27] = 1;
    } else {
      const index = this.view.lexicon.index;
      const best = new Best(WORDS_PER_SLOT);
      if (length < index.start.length - 1) {
        // the rows of this length that fit the rack (index.js's formableRows test)
        const rack = new Int32Array(LANES);
        packCounts(this.rack, rack);
        let mask = 0;
        let once = 0;
        for (let i = 0; i < 26; i += 1) {
          if (this.rack[i]) mask |= 1 << i;
          if (this.rack[i] === 1) once |= 1 << i;
          if (i < LANES) rack[i] |= GUARD;
        }
        const absent = ~mask;
        const { masks, twice, lanes } = index;
        for (let row = index.start[length]; row < index.start[length - 1]; row += 1) {
          if ((masks[row] & absent) | (twice[row] & once)) continue;
          let fits = true;
          for (let k = 0, o = row * LANES; k < LANES && fits; k += 1) {
            fits = ((rack[k] - lanes[o + k]) & GUARD) === GUARD;
          }
          if (fits) best.push(row, this.score(index.counts, row * 26));
        }
      }
      keys = best.items.map((row) => index.key(row));
      const extra = [...this.spelled.keys()].filter((k) => k.length === length && !keys.includes(k));
      counts = new Int16Array(26 * (keys.length + extra.length));
      best.items.forEach((row, n) => counts.set(index.counts.subarray(row * 26, row * 26 + 26),
        n * 26));
      extra.forEach((key, n) => {
        for (const ch of key) counts[(keys.length + n) * 26 + ch.charCodeAt(0) - 97] += 1;
      });
      keys = keys.concat(extra);
    }
    const found = { keys, counts };
    this.cache.set(length, found);
    return found;
  }

  /** The BEAM likeliest sets of one shape, by the stand-in score: [score, words, counts]. */
  fill(shape) {
    let counts = [new Int16Array(26)];
    let words = [[]];
    let last = [0];
    let scores = [0];
    let previous = null;
    for (const length of shape) {
      const { keys, counts: cand } = this.candidates(length);
      const k = keys.length;
      if (!k) return [];
      const grown = new Int16Array(counts.length * k * 26);
      const flat = new Float64Array(counts.length * k);
      counts.forEach((have, b) => {
        for (let j = 0; j < k; j += 1) {
          const at = (b * k + j) * 26;
          for (let i = 0; i < 26; i += 1) grown[at + i] = have[i] + cand[j * 26 + i];
          // equal lengths in order: each set listed once
          flat[b * k + j] = length === previous && j < last[b] ? -Infinity
            : this.score(grown, at);
        }
      });
      const best = new Best(BEAM);
      flat.forEach((score, o) => best.push(o, score));
      const order = best.items;
      if (!order.length) return [];
      counts = order.map((o) => grown.slice(o * 26, o * 26 + 26));
      words = order.map((o) => [...words[Math.floor(o / k)], keys[o % k]]);
      last = order.map((o) => o % k);
      scores = order.map((o) => flat[o]);
      previous = length;
    }
    return scores.map((score, i) => [score, words[i], counts[i]]);
  }

  spell(key) {
    if (key.length === 1) return key;
    return this.spelled.get(key) || this.view.lexicon.spell(key);
  }
}

/**
 * The `limit` likeliest legal raises over `last` (null: an opening) that the search finds,
 * from `view` (odds.js's LettersView): [{words: WordSet, chance: Fraction}].
 */
export function safestRaises(view, last, { limit }) {
  const empty = last === null || last === undefined || last === "" ||
    (Array.isArray(last) && last.length === 0);
  last = empty ? null : WordSet.parse(last, "declared");
  if (limit <= 0) return [];
  const search = new Search(view, last);
  const found = [];
  for (const shape of targetShapes(last, view.lexicon.index.start.length - 2, view.mine.length)) {
    for (const [score, words, counts] of search.fill(shape)) found.push({ score, shape, words, counts });
  }
  found.sort((a, b) => (a.score > b.score ? -1 : a.score < b.score ? 1 : 0)); // stable
  const seen = new Set();
  const exact = new Map();
  const ranked = [];
  for (const { shape, words, counts } of found) {
    const key = `${shape.join(",")}|${counts.join(",")}`;
    if (seen.has(key)) continue; // anagram sets: the same letters, the same chance
    seen.add(key);
    if (seen.size > MAX_CANDIDATES) break;
    const letters = {};
    let need = "";
    LETTERS.split("").forEach((x, i) => {
      if (!counts[i]) return;
      letters[x] = counts[i];
      const beyond = counts[i] - (view.mine.counts[x] || 0);
      if (beyond > 0) need += `${x}${beyond}`;
    });
    if (!exact.has(need)) exact.set(need, view.chanceOfLetters(letters));
    const chance = exact.get(need);
    if (chance.impossible) continue;
    const declared = new WordSet(words.map((k) => search.spell(k)));
    if (checkRaise(last, declared, view.lexicon).legal) ranked.push({ words: declared, chance });
  }
  const text = (s) => String(s.words);
  ranked.sort((a, b) => b.chance.compare(a.chance) || compareShapes(b.words.shape, a.words.shape)
    || (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0));
  return ranked.slice(0, limit);
}

/** Suggestion.as_dict() */
export function suggestionDict(s) {
  return { words: [...s.words.words], shape: s.words.shape, exists: s.chance.asDict() };
}
