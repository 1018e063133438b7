// The alphagram index of a lexicon, in the browser: the same rows, in the same order, as
// solver/index.py (longest first, then alphabetically by alphagram), because the row order
// is the solver's documented tie-break.  Per row: its letter counts (packed six bits a
// letter, five letters a 32-bit lane, so "fits" is a subtraction and a guard-bit test per
// lane), a mask of the letters it uses (a one-instruction pre-test), and its spelling.

export const LANES = 6; // 26 letters, five to a lane
export const GUARD = 0x20820820; // the top bit of each of a lane's five six-bit fields
const A = 97;
const IGNORED = new Set([" ", ",", "-", "\t"]);

/** 26 letter counts of some tiles: a letters string (A-Z any case; " ,-\t" ignored) or counts. */
export function countsOf(tiles) {
  if (typeof tiles !== "string") {
    const counts = Int32Array.from(tiles);
    if (counts.length !== 26) throw new TypeError("tiles: 26 letter counts expected");
    return counts;
  }
  const counts = new Int32Array(26);
  for (const ch of tiles) {
    if (IGNORED.has(ch)) continue;
    const code = ch.toLowerCase().charCodeAt(0) - A;
    if (ch.length !== 1 || code < 0 || code > 25 || ch.charCodeAt(0) > 127) {
      throw new TypeError(`tiles: ${JSON.stringify(ch)} is not a letter A-Z`);
    }
    counts[code] += 1;
  }
  return counts;
}

/** Pack 26 counts into `out` (LANES int32s at `at`); returns the mask of letters present. */
export function packCounts(counts, out, at = 0) {
  let mask = 0;
  for (let k = 0; k < LANES; k++) out[at + k] = 0;
  for (let letter = 0; letter < 26; letter++) {
    const n = counts[letter];
    if (!n) continue;
    out[at + ((letter / 5) | 0)] += n << (6 * (letter % 5));
    mask |= 1 << letter;
  }
  return mask;
}

/** The letters of packed lanes (at `at`), alphabetically, lower case. */
export function lettersOfLanes(lanes, at = 0) {
  let out = "";
  for (let letter = 0; letter < 26; letter++) {
    const n = (lanes[at + ((letter / 5) | 0)] >>> (6 * (letter % 5))) & 31;
    if (n) out += String.fromCharCode(A + letter).repeat(n);
  }
  return out;
}

/** Alphagrams with their lengths, counts and spellings, rows ordered longest first. */
export class AlphagramIndex {
  /** Index a word list (lower-case a-z words, alphabetical order, no duplicates). */
  constructor(words) {
    const ids = new Map();
    const keyOf = []; // per alphagram id: its key
    const spellOf = []; // per alphagram id: its first word (words come alphabetically)
    const wordId = new Int32Array(words.length);
    const codes = new Uint8Array(64);
    const count = new Uint8Array(26);
    for (let w = 0; w < words.length; w++) {
      const word = words[w];
      const n = word.length;
      for (let i = 0; i < n; i++) count[word.charCodeAt(i) - A] += 1;
      let p = 0;
      for (let letter = 0; letter < 26; letter++) {
        for (let c = count[letter]; c > 0; c--) codes[p++] = A + letter;
        count[letter] = 0;
      }
      const key = String.fromCharCode.apply(null, codes.subarray(0, n));
      let id = ids.get(key);
      if (id === undefined) {
        id = keyOf.length;
        ids.set(key, id);
        keyOf.push(key);
        spellOf.push(word);
      }
      wordId[w] = id;
    }
    // rows: (length desc, alphagram asc), as Python's sorted(key=(-len(a), a))
    const byLength = [];
    for (let id = 0; id < keyOf.length; id++) {
      const n = keyOf[id].length;
      (byLength[n] ||= []).push(keyOf[id]);
    }
    const keys = [];
    for (let n = byLength.length - 1; n >= 0; n--) {
      if (byLength[n]) keys.push(...byLength[n].sort());
    }
    const rowOfId = new Int32Array(keyOf.length);
    const rows = keys.length;
    this.keys = keys;
    this.spellings = new Array(rows);
    this.lengths = new Uint8Array(rows);
    this.counts = new Uint8Array(rows * 26);
    this.lanes = new Int32Array(rows * LANES);
    this.masks = new Int32Array(rows);
    this.twice = new Int32Array(rows); // letters used twice or more
    this._rowOfKey = new Map();
    for (let row = 0; row < rows; row++) {
      const key = keys[row];
      const id = ids.get(key);
      rowOfId[id] = row;
      this._rowOfKey.set(key, row);
      this.spellings[row] = spellOf[id];
      this.lengths[row] = key.length;
      for (let i = 0; i < key.length; i++) this.counts[row * 26 + key.charCodeAt(i) - A] += 1;
      this.masks[row] = packCounts(this.counts.subarray(row * 26, row * 26 + 26), this.lanes,
        row * LANES);
      for (let letter = 0; letter < 26; letter++) {
        if (this.counts[row * 26 + letter] > 1) this.twice[row] |= 1 << letter;
      }
    }
    // words longest first, then alphabetically (a stable bucket by length)
    const wordBuckets = [];
    for (let w = 0; w < words.length; w++) (wordBuckets[words[w].length] ||= []).push(w);
    this.words = new Array(words.length);
    this.wordRows = new Int32Array(words.length);
    let at = 0;
    for (let n = wordBuckets.length - 1; n >= 0; n--) {
      for (const w of wordBuckets[n] || []) {
        this.words[at] = words[w];
        this.wordRows[at++] = rowOfId[wordId[w]];
      }
    }
    // first row of each length: rows of length <= L start at start[L]
    const top = rows ? this.lengths[0] : 0;
    this.start = new Int32Array(top + 2);
    for (let L = 0; L <= top + 1; L++) {
      let lo = 0;
      let hi = rows;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.lengths[mid] > L) lo = mid + 1; else hi = mid;
      }
      this.start[L] = lo;
    }
  }

  get length() { return this.keys.length; }

  /** The alphagram of a row. */
  key(row) { return this.keys[row]; }

  /** The row of an alphagram, or -1. */
  rowOf(key) {
    const row = this._rowOfKey.get(key);
    return row === undefined ? -1 : row;
  }

  /** The alphabetically first word of an alphagram (Python's Lexicon.spell); throws if none. */
  spell(key) {
    const row = this._rowOfKey.get(key);
    if (row === undefined) throw new RangeError(`no word has the letters ${key}`);
    return this.spellings[row];
  }

  /** Rows (ascending) of every alphagram of minLength+ letters that fits the counts. */
  formableRows(counts, minLength = 1) {
    counts = countsOf(counts);
    let size = 0;
    let mask = 0;
    let once = 0;
    for (let letter = 0; letter < 26; letter++) {
      size += counts[letter];
      if (counts[letter]) mask |= 1 << letter;
      if (counts[letter] === 1) once |= 1 << letter;
    }
    const top = this.start.length - 2;
    const first = size <= top ? this.start[size] : 0;
    const stop = minLength - 1 <= top ? this.start[Math.max(0, minLength - 1)] : 0;
    const absent = ~mask;
    const rack = new Int32Array(LANES);
    packCounts(counts, rack);
    for (let k = 0; k < LANES; k++) rack[k] |= GUARD;
    const [r0, r1, r2, r3, r4, r5] = rack;
    const { masks, twice, lanes } = this;
    const out = [];
    for (let row = first; row < stop; row++) {
      // a letter the rack lacks, or twice a letter it has once: no fit (one test each)
      if ((masks[row] & absent) || (twice[row] & once)) continue;
      const o = row * LANES;
      // no field borrows: every guard bit survives the subtraction
      if ((((r0 - lanes[o]) & GUARD) !== GUARD) || (((r1 - lanes[o + 1]) & GUARD) !== GUARD) ||
          (((r2 - lanes[o + 2]) & GUARD) !== GUARD) || (((r3 - lanes[o + 3]) & GUARD) !== GUARD) ||
          (((r4 - lanes[o + 4]) & GUARD) !== GUARD) || (((r5 - lanes[o + 5]) & GUARD) !== GUARD)) continue;
      out.push(row);
    }
    return Int32Array.from(out);
  }

  /** Every word formable from the tiles, longest first then alphabetically (words_from). */
  wordsFrom(tiles) {
    const ok = new Uint8Array(this.keys.length);
    for (const row of this.formableRows(tiles)) ok[row] = 1;
    const out = [];
    for (let i = 0; i < this.words.length; i++) if (ok[this.wordRows[i]]) out.push(this.words[i]);
    return out;
  }
}
