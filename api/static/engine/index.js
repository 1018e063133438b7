// The alphagram index of a lexicon, in the browser: the same rows, in the same order, as
// solver/words/index.py (longest first, then alphabetically by alphagram), because the row order
// is the solver's documented tie-break.  Per row: its letter counts (packed six bits a
// letter, five letters a 32-bit lane, so "fits" is a subtraction and a guard-bit test per
// lane), a mask of the letters it uses (a one-instruction pre-test), and its spelling.

export const LANES = 6; // 26 letters, five to a lane
export const GUARD = 0x20820820; // the top bit of each of a lane's five six-bit fields
const A = 97;
const IGNORED = new Set([" ", ",", "-", "\t"]);

/**
 * 26 letter counts of some tiles: a letters string (A-Z any case; " ,-\t" ignored), an array
 * of 26 counts, or a tiles object (engine/tiles.js: its `countsArray`, or `counts` {A: n}).
 */
export function countsOf(tiles) {
  if (tiles && typeof tiles === "object" && !Array.isArray(tiles) && !ArrayBuffer.isView(tiles)) {
    if (tiles.countsArray) return countsOf(tiles.countsArray);
    const counts = new Int32Array(26);
    for (const [letter, n] of Object.entries(tiles.counts || {})) {
      const code = letter.length === 1 ? letter.toUpperCase().charCodeAt(0) - 65 : -1;
      if (code < 0 || code > 25) {
        throw new TypeError(`tiles: ${JSON.stringify(letter)} is not a letter A-Z`);
      }
      counts[code] += n;
    }
    return checked(counts);
  }
  if (typeof tiles !== "string") {
    const counts = Int32Array.from(tiles);
    if (counts.length !== 26) throw new TypeError("tiles: 26 letter counts expected");
    return checked(counts);
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
  return checked(counts);
}

/** Counts must fit their six-bit fields (no tile set has more than 18 of a letter). */
function checked(counts) {
  for (let letter = 0; letter < 26; letter++) {
    if (!(counts[letter] >= 0 && counts[letter] <= 31)) {
      const name = String.fromCharCode(65 + letter);
      throw new RangeError(`tiles: ${counts[letter]} ${name}'s (at most 31)`);
    }
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
  /**
   * Index a word list (lower-case a-z words, alphabetical order, no duplicates).  No string
   * is made or hashed: each word's letters are sorted into one byte array, and the words are
   * radix-sorted by (length desc, alphagram) -- stable, so each alphagram's first word is
   * its alphabetically first -- then equal neighbours share a row.
   */
  constructor(words) {
    const count = words.length;
    let top = 0;
    for (let w = 0; w < count; w++) if (words[w].length > top) top = words[w].length;
    // slots: the words by length, longest first (stable: alphabetical within a length)
    const perLength = new Int32Array(top + 2);
    for (let w = 0; w < count; w++) perLength[words[w].length] += 1;
    const from = new Int32Array(top + 2); // first slot of each length
    const base = new Int32Array(top + 2); // where each length's letters start in `alpha`
    for (let n = top - 1; n >= 0; n--) {
      from[n] = from[n + 1] + perLength[n + 1];
      base[n] = base[n + 1] + perLength[n + 1] * (n + 1);
    }
    const byLength = new Int32Array(count); // slot -> word
    const fill = from.slice();
    for (let w = 0; w < count; w++) byLength[fill[words[w].length]++] = w;
    // each slot's letters, sorted, n bytes at base[n] + (slot - from[n]) * n
    const alpha = new Uint8Array(base[0]);
    for (let n = 1; n <= top; n++) {
      for (let slot = from[n], o = base[n]; slot < from[n] + perLength[n]; slot++, o += n) {
        const word = words[byLength[slot]];
        for (let i = 0; i < n; i++) { // insertion sort: words are short
          const c = word.charCodeAt(i) - A;
          let j = i;
          while (j > 0 && alpha[o + j - 1] > c) { alpha[o + j] = alpha[o + j - 1]; j--; }
          alpha[o + j] = c;
        }
      }
    }
    // within each length, a stable LSD radix sort of the slots on their sorted letters
    const order = Int32Array.from(byLength.keys());
    const spare = new Int32Array(count);
    const tally = new Int32Array(27);
    for (let n = 1; n <= top; n++) {
      const lo = from[n];
      const hi = lo + perLength[n];
      const at = base[n] - lo * n; // slot s's letters start at at + s * n
      for (let pos = n - 1; pos >= 0; pos--) {
        tally.fill(0);
        for (let i = lo; i < hi; i++) tally[alpha[at + order[i] * n + pos] + 1] += 1;
        for (let c = 1; c < 27; c++) tally[c] += tally[c - 1];
        for (let i = lo; i < hi; i++) {
          const slot = order[i];
          spare[lo + tally[alpha[at + slot * n + pos]]++] = slot;
        }
        order.set(spare.subarray(lo, hi), lo);
      }
    }
    const slotAt = (slot, n) => base[n] + (slot - from[n]) * n;
    // equal neighbours share a row
    const slotRow = new Int32Array(count);
    const firstWord = new Int32Array(count);
    const rowAt = new Int32Array(count);
    const rowLength = new Uint8Array(count);
    let rows = 0;
    for (let n = top; n >= 1; n--) {
      for (let i = from[n]; i < from[n] + perLength[n]; i++) {
        const slot = order[i];
        let same = i > from[n];
        if (same) {
          const a = slotAt(slot, n);
          const b = slotAt(order[i - 1], n);
          for (let k = 0; k < n; k++) if (alpha[a + k] !== alpha[b + k]) { same = false; break; }
        }
        if (!same) {
          firstWord[rows] = byLength[slot];
          rowAt[rows] = slotAt(slot, n);
          rowLength[rows++] = n;
        }
        slotRow[slot] = rows - 1;
      }
    }
    this._alpha = alpha;
    this._at = rowAt.slice(0, rows); // where each row's letters are in _alpha
    this._keys = null;
    this._scratch = null; // formableRows' working array, made on first use
    this._words = words;
    this._firstWord = firstWord.slice(0, rows); // each row's alphabetically first word
    this.lengths = rowLength.slice(0, rows);
    this.counts = new Uint8Array(rows * 26);
    this.lanes = new Int32Array(rows * LANES);
    this.masks = new Int32Array(rows);
    this.twice = new Int32Array(rows); // letters used twice or more
    const counts = this.counts;
    for (let row = 0; row < rows; row++) {
      const n = this.lengths[row];
      const o = this._at[row];
      const at = row * 26;
      let mask = 0;
      let twice = 0;
      for (let i = 0; i < n; i++) {
        const letter = alpha[o + i];
        if (counts[at + letter]++) twice |= 1 << letter;
        mask |= 1 << letter;
        this.lanes[row * LANES + ((letter / 5) | 0)] += 1 << (6 * (letter % 5));
      }
      this.masks[row] = mask;
      this.twice[row] = twice;
    }
    // words longest first, then alphabetically (the slots), with their rows (for wordsFrom)
    this.words = Array.from(byLength, (w) => words[w]);
    this.wordRows = slotRow;
    // first row of each length: rows of length <= L start at start[L]
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

  get length() { return this.lengths.length; }

  /** Every row's alphagram, in row order (made on first use). */
  get keys() {
    if (this._keys === null) this._keys = Array.from(this.lengths, (_, row) => this.key(row));
    return this._keys;
  }

  /** The alphagram of a row. */
  key(row) {
    const at = this._at[row];
    let out = "";
    for (let i = 0; i < this.lengths[row]; i++) out += String.fromCharCode(A + this._alpha[at + i]);
    return out;
  }

  /** The row of an alphagram (a binary search among the rows of its length), or -1. */
  rowOf(key) {
    const n = key.length;
    if (typeof key !== "string" || n < 1 || n >= this.start.length - 1) return -1;
    let lo = this.start[n];
    let hi = this.start[n - 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const at = this._at[mid];
      let order = 0;
      for (let i = 0; i < n && !order; i++) order = (key.charCodeAt(i) - A) - this._alpha[at + i];
      if (order === 0) return mid;
      if (order > 0) lo = mid + 1; else hi = mid;
    }
    return -1;
  }

  /** The alphabetically first word of an alphagram (Python's Lexicon.spell); throws if none. */
  spell(key) {
    const row = this.rowOf(key);
    if (row < 0) throw new RangeError(`no word has the letters ${key}`);
    return this.spelling(row);
  }

  /** The alphabetically first word of a row. */
  spelling(row) { return this._words[this._firstWord[row]]; }

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
    // one scratch array per index, reused (the answer is a copy): no 0.6 MB garbage a call
    this._scratch ||= new Int32Array(this.lengths.length);
    const out = this._scratch;
    let found = 0;
    for (let row = first; row < stop; row++) {
      // a letter the rack lacks, or twice a letter it has once: no fit (one test for both)
      if ((masks[row] & absent) | (twice[row] & once)) continue;
      const o = row * LANES;
      // no field borrows: every guard bit survives the subtraction
      if ((((r0 - lanes[o]) & GUARD) !== GUARD) || (((r1 - lanes[o + 1]) & GUARD) !== GUARD) ||
          (((r2 - lanes[o + 2]) & GUARD) !== GUARD) || (((r3 - lanes[o + 3]) & GUARD) !== GUARD) ||
          (((r4 - lanes[o + 4]) & GUARD) !== GUARD) ||
          (((r5 - lanes[o + 5]) & GUARD) !== GUARD)) continue;
      out[found++] = row;
    }
    return out.slice(0, found);
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
