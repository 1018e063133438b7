// The exact search for the highest word set of some tiles: a port of solver/search/layered.py's
// layered search (read its docstring for why it is exact and for the tie-break).  The shape
// is settled entry by entry, longest word first; layer k holds every distinct remainder some
// set of the first k entries leaves; a backward pass marks the remainders from which the
// highest shape is reachable, and the set is read forward taking the first word (in row
// order) that stays on it.  So the answer, words included, is Python's for the same rack.
// Remainders are packed counts in six int32 lanes (see index.js); equal remainders of a
// layer are merged through a hash table whose hits are checked lane by lane.  A layer's
// (remainder, word) pairs are found by testing each pair, by listing each remainder's
// sub-multisets, or, on layers of thousands of remainders, by the bitset join of
// solver/search/joins.py: the same pairs in the same order, whichever way.
// Out of time: the best set at hand (a real set: a lower bound), marked not proven, and the
// lower of two proven upper bounds (the settled prefix then the greatest partition of the
// rest; the letter-group relaxation of bounds.js), exactly as solver/search/layered.py does.
// Where Python hands a layer too big to hold over to its packing queries (solver/search/packing.py,
// racks of 60+ tiles), this port stops the same way as out of time (MAX_PAIRS: a phone's
// memory), so a big rack gets an honest "not proven" with both bounds, never a guess.

import { GUARD, LANES, countsOf, lettersOfLanes, packCounts } from "./index.js";
import { compareShapes, greatestShape, lengthLimits } from "./bounds.js";
import { SEARCH } from "./tables.js";

export const DEFAULT_BUDGET = SEARCH.DEFAULT_BUDGET; // seconds
const GREEDY_TRIES = 4; // remainders completed greedily when out of time
const UNION_MIN_STATES = 8; // below this, the fit test itself is the cheaper filter
const SMALL_BLOCK = 64; // blocks this small are not worth shrinking
const MAX_PAIRS = 4_000_000; // (remainder, word) pairs one layer may hold (memory); past it, stop
const CHECK_EVERY = 64; // states between two looks at the clock
// A sub-multiset listed and looked up costs about as much as this many fit tests (measured
// on the heavy layers of 40-tile racks); either way finds the same pairs.
const SUBSET_COST = 8;
// From this many remainders on, a layer's pairs come from the bitset join (joinPairs): it
// tests 32 remainders at once, 5-15 times faster than either way above on such layers.
const JOIN_MIN_STATES = 2048;
const JOIN_CHUNK = 1 << 16; // remainders joined at a time (their letter counts: 26 bytes each)

class OutOfTime extends Error {}

/** A growable Int32Array. */
class IntList {
  constructor(capacity = 256) { this.data = new Int32Array(capacity); this.length = 0; }
  push(value) {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  view() { return this.data.subarray(0, this.length); }
}

/** n choose k, as a float (only compared with block sizes). */
function choose(n, k) {
  if (k < 0 || k > n) return 0;
  let out = 1;
  for (let i = 0; i < Math.min(k, n - k); i++) out = (out * (n - i)) / (i + 1);
  return out;
}

/** A hash of six lanes (where to look in a table; every hit is checked lane by lane). */
function hashLanes(lanes, at) {
  let h = 0x811c9dc5;
  for (let k = 0; k < LANES; k++) {
    h = Math.imul(h ^ lanes[at + k], 0x9e3779b1);
    h ^= h >>> 15;
  }
  return h;
}

/** The number of set bits of a 32-bit word. */
function popcount(v) {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

function maskOfLanes(lanes, at) {
  let mask = 0;
  for (let letter = 0; letter < 26; letter++) {
    if ((lanes[at + ((letter / 5) | 0)] >>> (6 * (letter % 5))) & 31) mask |= 1 << letter;
  }
  return mask;
}

/** Distinct child remainders of some (state, candidate) pairs, merged through a hash table. */
function mergeChildren(states, pi, pc, cl, clock) {
  const n = pi.length;
  let size = 16;
  while (size < 2 * n) size *= 2;
  const table = new Int32Array(size).fill(-1);
  const lanes = new IntList(Math.min(n, 1 << 16) * LANES + LANES); // grows as needed
  const inverse = new Int32Array(n);
  const work = new Int32Array(LANES);
  const sl = states.lanes;
  let count = 0;
  for (let p = 0; p < n; p++) {
    if ((p & 0xffff) === 0xffff) clock();
    const s = pi[p] * LANES;
    const c = pc[p] * LANES;
    let h = 0x811c9dc5;
    for (let k = 0; k < LANES; k++) {
      const v = sl[s + k] - cl[c + k];
      work[k] = v;
      h = Math.imul(h ^ v, 0x9e3779b1);
      h ^= h >>> 15;
    }
    let slot = h & (size - 1);
    for (;;) {
      const id = table[slot];
      if (id < 0) {
        table[slot] = count;
        for (let k = 0; k < LANES; k++) lanes.push(work[k]);
        inverse[p] = count++;
        break;
      }
      const d = lanes.data;
      let same = true;
      for (let k = 0; k < LANES; k++) if (d[id * LANES + k] !== work[k]) { same = false; break; }
      if (same) { inverse[p] = id; break; }
      slot = (slot + 1) & (size - 1);
    }
  }
  return { lanes: lanes.data.slice(0, count * LANES), count, inverse };
}

/** The forward pass: layer by layer, every remainder with the highest prefix (exported for
 * tests/node/search.test.mjs, which holds its two ways of finding a layer's pairs equal). */
export class Layers {
  constructor(index, counts, size, deadline) {
    this.index = index;
    this.deadline = deadline;
    const rows = index.formableRows(counts, 2);
    const n = rows.length;
    this.rows = rows;
    const cl = new Int32Array(n * LANES); // candidate lanes, in row order
    const cm = new Int32Array(n); // candidate letter masks
    const clen = new Uint8Array(n);
    const { lanes, masks, lengths } = index;
    for (let c = 0; c < n; c++) {
      const row = rows[c];
      const from = row * LANES;
      const to = c * LANES;
      cl[to] = lanes[from];
      cl[to + 1] = lanes[from + 1];
      cl[to + 2] = lanes[from + 2];
      cl[to + 3] = lanes[from + 3];
      cl[to + 4] = lanes[from + 4];
      cl[to + 5] = lanes[from + 5];
      cm[c] = masks[row];
      clen[c] = lengths[row];
    }
    this.cl = cl;
    this.cm = cm;
    this.clen = clen;
    this.spans = new Map(); // length -> [lo, hi) of its candidates
    for (let c = 0; c < n; c++) {
      const span = this.spans.get(this.clen[c]);
      if (span) span[1] = c + 1; else this.spans.set(this.clen[c], [c, c + 1]);
    }
    this.blocks = new Map(); // length -> candidate numbers still worth testing
    const start = new Int32Array(LANES);
    const mask = packCounts(counts, start);
    this.states = [{ lanes: start, masks: Int32Array.of(mask), count: 1 }];
    this.floors = null; // per state of the last layer: the least candidate that led to it
    this.links = []; // per layer: {parent, cand, child}
    this.shape = [];
    this.remaining = size;
    this.trying = null; // the length being tried for the next entry (all longer failed)
    this.nodes = 1;
  }

  top() { return this.spans.size ? Math.max(...this.spans.keys()) : 0; }

  block(length) {
    let block = this.blocks.get(length);
    if (block === undefined) {
      const span = this.spans.get(length);
      if (!span) return null;
      block = new Int32Array(span[1] - span[0]);
      for (let i = 0; i < block.length; i++) block[i] = span[0] + i;
      this.blocks.set(length, block);
    }
    return block;
  }

  fits(lanes, at, c) {
    const cl = this.cl;
    const o = c * LANES;
    for (let k = 0; k < LANES; k++) {
      if ((((lanes[at + k] | GUARD) - cl[o + k]) & GUARD) !== GUARD) return false;
    }
    return true;
  }

  clock() {
    if (performance.now() >= this.deadline) throw new OutOfTime();
  }

  run() {
    let cap = this.top();
    for (;;) {
      this.clock();
      const states = this.states[this.states.length - 1];
      if (states.count === 1 && this.links.length) {
        const length = this.single(states, Math.min(cap, this.remaining));
        if (!length) return;
        this.remaining -= length;
        cap = length;
        continue;
      }
      const union = states.count > UNION_MIN_STATES ? this.union(states) : null;
      let found = null;
      for (let length = Math.min(cap, this.remaining); length > 1; length--) {
        let block = this.block(length);
        if (block === null) continue;
        if (union !== null && block.length > SMALL_BLOCK) {
          // a word that fits not the letter-wise maximum of the remainders fits none of
          // them, nor any later remainder: drop it for good
          const kept = block.filter((c) => (this.cm[c] & ~union.mask) === 0 &&
            this.fits(union.lanes, 0, c));
          if (kept.length !== block.length) { block = kept; this.blocks.set(length, block); }
          if (!block.length) continue;
        }
        const last = this.shape.length ? this.shape[this.shape.length - 1] : 0;
        const floor = last === length ? this.floors : null;
        if (!this.links.length) {
          // the first layer: every candidate fits the rack itself
          const pj = Int32Array.from(block.keys());
          found = { length, block, pi: new Int32Array(block.length), pj };
          break;
        }
        this.trying = length;
        // all remainders of a layer hold `remaining` tiles: when they have few sub-multisets
        // of `length` tiles, listing and looking those up beats testing every word
        const subsets = choose(this.remaining, length);
        const [pi, pj] = states.count >= JOIN_MIN_STATES && block.length > SMALL_BLOCK
          ? this.joinPairs(states, block, floor)
          : subsets * SUBSET_COST < block.length
            ? this.lookupPairs(states, block, floor, length)
            : this.pairs(states, block, floor);
        if (pi.length) { found = { length, block, pi, pj }; break; }
        this.clock();
      }
      if (found === null) return; // no word of 2+ letters fits any remainder: the rest are 1s
      let { length, block, pi, pj } = found;
      const pc = new Int32Array(pj.length);
      for (let p = 0; p < pj.length; p++) pc[p] = block[pj[p]];
      if (block.length > SMALL_BLOCK) {
        // words of this length that no remainder took fit none later either: drop them
        const used = new Uint8Array(block.length);
        for (let p = 0; p < pj.length; p++) used[pj[p]] = 1;
        if (used.includes(0)) this.blocks.set(length, block.filter((_, j) => used[j]));
      }
      this.clock();
      let child;
      let floors;
      if (states.count === 1) {
        // one remainder: different words leave different remainders
        const lanes = this.taken(states.lanes, pc);
        child = { lanes, count: pc.length, inverse: Int32Array.from(pc.keys()) };
        floors = pc;
      } else {
        child = mergeChildren(states, pi, pc, this.cl, () => this.clock());
        floors = new Int32Array(child.count).fill(0x7fffffff);
        for (let p = 0; p < pc.length; p++) {
          const id = child.inverse[p];
          if (pc[p] < floors[id]) floors[id] = pc[p];
        }
      }
      const masks = new Int32Array(child.count);
      for (let s = 0; s < child.count; s++) {
        if ((s & 0xffff) === 0xffff) this.clock();
        masks[s] = maskOfLanes(child.lanes, s * LANES);
      }
      this.links.push({ parent: pi, cand: pc, child: child.inverse });
      this.states.push({ lanes: child.lanes, masks, count: child.count });
      this.floors = floors;
      this.shape.push(length);
      this.nodes += child.count;
      this.remaining -= length;
      this.trying = null;
      cap = length;
    }
  }

  /** The letter-wise maximum of a layer's remainders: {lanes, mask}. */
  union(states) {
    const top = new Int32Array(26);
    const lanes = states.lanes;
    let mask = 0;
    for (let s = 0; s < states.count; s++) {
      if ((s & 0xffff) === 0xffff) this.clock();
      mask |= states.masks[s];
      for (let letter = 0; letter < 26; letter++) {
        const n = (lanes[s * LANES + ((letter / 5) | 0)] >>> (6 * (letter % 5))) & 31;
        if (n > top[letter]) top[letter] = n;
      }
    }
    const out = new Int32Array(LANES);
    packCounts(top, out);
    return { lanes: out, mask };
  }

  /** Every (state, block position) pair where the word fits (and is not below the floor). */
  pairs(states, block, floor) {
    const pi = new IntList();
    const pj = new IntList();
    const { lanes, masks, count } = states;
    const cm = this.cm;
    for (let s = 0; s < count; s++) {
      if (s % CHECK_EVERY === CHECK_EVERY - 1) this.clock();
      const absent = ~masks[s];
      let j = 0;
      if (floor !== null) {
        let hi = block.length;
        const least = floor[s];
        while (j < hi) {
          const mid = (j + hi) >> 1;
          if (block[mid] < least) j = mid + 1; else hi = mid;
        }
      }
      const at = s * LANES;
      for (; j < block.length; j++) {
        const c = block[j];
        if ((cm[c] & absent) !== 0 || !this.fits(lanes, at, c)) continue;
        pi.push(s);
        pj.push(j);
      }
      if (pi.length > MAX_PAIRS) throw new OutOfTime(); // too big to hold in a phone's memory
    }
    return [pi.view(), pj.view()];
  }

  /**
   * The same pairs as `pairs`, found the other way: each remainder's sub-multisets of
   * `length` tiles are listed (each once: letter by letter, how many of it) and looked up
   * among the block's words (a hash table of their lanes; a hit is checked lane by lane).
   * A word of `length` letters fits a remainder exactly when it is one of these.
   */
  lookupPairs(states, block, floor, length) {
    const cl = this.cl;
    let size = 16;
    while (size < 2 * block.length) size *= 2;
    const table = new Int32Array(size).fill(-1);
    for (let j = 0; j < block.length; j++) {
      let slot = hashLanes(cl, block[j] * LANES) & (size - 1);
      while (table[slot] >= 0) slot = (slot + 1) & (size - 1);
      table[slot] = j;
    }
    const pi = new IntList();
    const pj = new IntList();
    const { lanes, count } = states;
    const letters = new Int32Array(26); // the remainder's letters, and how many of each
    const have = new Int32Array(26);
    const after = new Int32Array(27); // tiles from the i-th present letter on
    const sub = new Int32Array(LANES);
    let state = 0;
    let least = 0;
    let present = 0;
    const visit = (i, need) => {
      if (need === 0) {
        let slot = hashLanes(sub, 0) & (size - 1);
        for (let j = table[slot]; j >= 0; slot = (slot + 1) & (size - 1), j = table[slot]) {
          const o = block[j] * LANES;
          if (cl[o] === sub[0] && cl[o + 1] === sub[1] && cl[o + 2] === sub[2] &&
              cl[o + 3] === sub[3] && cl[o + 4] === sub[4] && cl[o + 5] === sub[5]) {
            if (block[j] >= least) { pi.push(state); pj.push(j); }
            break; // alphagrams are distinct: one word at most
          }
        }
        return;
      }
      if (i === present || after[i] < need) return;
      const letter = letters[i];
      const lane = (letter / 5) | 0;
      const unit = 1 << (6 * (letter % 5));
      const most = Math.min(have[i], need);
      for (let take = 0; take <= most; take++) {
        visit(i + 1, need - take);
        sub[lane] += unit;
      }
      sub[lane] -= unit * (most + 1);
    };
    for (let s = 0; s < count; s++) {
      if (s % CHECK_EVERY === CHECK_EVERY - 1) this.clock();
      present = 0;
      for (let letter = 0; letter < 26; letter++) {
        const n = (lanes[s * LANES + ((letter / 5) | 0)] >>> (6 * (letter % 5))) & 31;
        if (n) { letters[present] = letter; have[present++] = n; }
      }
      after[present] = 0;
      for (let i = present - 1; i >= 0; i--) after[i] = after[i + 1] + have[i];
      state = s;
      least = floor === null ? 0 : floor[s];
      sub.fill(0);
      visit(0, length);
      if (pi.length > MAX_PAIRS) throw new OutOfTime();
    }
    // pairs of a state come in no particular order; the layers do not depend on it
    return [pi.view(), pj.view()];
  }

  /**
   * The same pairs as `pairs`, in the same order, by a bitset join (solver/search/joins.py):
   * each requirement "at least n of a letter" of the block's words gets the set of remainders
   * meeting it, a bit each; a word fits exactly the remainders in all its requirements' sets,
   * found 32 at a time by AND-ing them, the most selective first.
   */
  joinPairs(states, block, floor) {
    const cl = this.cl;
    const { lanes, count } = states;
    // each word's requirements, as rows (letter * 32 + n -> row)
    const rowOf = new Map();
    const wordRows = [];
    for (let j = 0; j < block.length; j++) {
      const o = block[j] * LANES;
      const rows = [];
      for (let letter = 0; letter < 26; letter++) {
        const n = (cl[o + ((letter / 5) | 0)] >>> (6 * (letter % 5))) & 31;
        if (!n) continue;
        const key = letter * 32 + n;
        if (!rowOf.has(key)) rowOf.set(key, rowOf.size);
        rows.push(rowOf.get(key));
      }
      wordRows.push(rows);
    }
    const keys = [...rowOf.keys()];
    const pi = new IntList();
    const pj = new IntList();
    for (let lo = 0; lo < count; lo += JOIN_CHUNK) {
      const n = Math.min(JOIN_CHUNK, count - lo);
      const width = (n + 31) >>> 5;
      const bits = new Int32Array(keys.length * width);
      const have = new Uint8Array(n); // one letter's count in each remainder of the chunk
      let letterDone = -1;
      const size = new Int32Array(keys.length); // remainders meeting each requirement
      const order = keys.map((key, row) => [key, row]).sort((a, b) => a[0] - b[0]);
      for (const [key, row] of order) {
        const letter = key >>> 5;
        const need = key & 31;
        if (letter !== letterDone) {
          const lane = (letter / 5) | 0;
          const shift = 6 * (letter % 5);
          for (let s = 0; s < n; s++) have[s] = (lanes[(lo + s) * LANES + lane] >>> shift) & 31;
          letterDone = letter;
        }
        const base = row * width;
        let met = 0;
        for (let k = 0; k < width; k++) {
          const from = k << 5;
          const to = Math.min(from + 32, n);
          let word = 0;
          for (let s = from; s < to; s++) word |= ((need - 1 - have[s]) >>> 31) << (s - from);
          bits[base + k] = word;
          met += popcount(word);
        }
        size[row] = met;
      }
      // a second level: bit k of a row's summary says its word k is not zero, so that the
      // ANDs below visit only the words where all of a word's rows have a remainder
      const summaryWidth = (width + 31) >>> 5;
      const summary = new Int32Array(keys.length * summaryWidth);
      for (let row = 0; row < keys.length; row++) {
        for (let k = 0; k < width; k++) {
          if (bits[row * width + k] !== 0) summary[row * summaryWidth + (k >>> 5)] |= 1 << (k & 31);
        }
      }
      this.clock();
      // pairs of this chunk, word by word, then put in state order (as `pairs` lists them)
      const wi = new IntList();
      const wj = new IntList();
      for (let j = 0; j < block.length; j++) {
        if ((j & 63) === 63) this.clock();
        const rows = wordRows[j].slice().sort((a, b) => size[a] - size[b]);
        if (!size[rows[0]]) continue;
        const least = block[j];
        for (let q = 0; q < summaryWidth; q++) {
          let m = summary[rows[0] * summaryWidth + q];
          for (let d = 1; m !== 0 && d < rows.length; d++) m &= summary[rows[d] * summaryWidth + q];
          while (m !== 0) {
            const lowWord = m & -m;
            const k = (q << 5) + 31 - Math.clz32(lowWord);
            m ^= lowWord;
            let v = bits[rows[0] * width + k];
            for (let d = 1; v !== 0 && d < rows.length; d++) v &= bits[rows[d] * width + k];
            while (v !== 0) {
              const low = v & -v;
              const s = (k << 5) + 31 - Math.clz32(low);
              v ^= low;
              if (floor !== null && least < floor[lo + s]) continue;
              wi.push(s);
              wj.push(j);
            }
          }
        }
        if (pi.length + wi.length > MAX_PAIRS) throw new OutOfTime(); // too big for a phone
      }
      // a counting sort by state keeps each state's words in block order
      const start = new Int32Array(n + 1);
      const si = wi.view();
      const sj = wj.view();
      for (let p = 0; p < si.length; p++) start[si[p] + 1]++;
      for (let s = 0; s < n; s++) start[s + 1] += start[s];
      const sorted = new Int32Array(si.length);
      for (let p = 0; p < si.length; p++) sorted[start[si[p]]++] = sj[p];
      let p = 0;
      for (let s = 0; s < n; s++) {
        const end = start[s];
        for (; p < end; p++) { pi.push(lo + s); pj.push(sorted[p]); }
      }
    }
    return [pi.view(), pj.view()];
  }

  /** The remainders left by taking each candidate of `pc` from one remainder (lanes). */
  taken(state, pc) {
    const lanes = new Int32Array(pc.length * LANES);
    for (let p = 0; p < pc.length; p++) {
      for (let k = 0; k < LANES; k++) lanes[p * LANES + k] = state[k] - this.cl[pc[p] * LANES + k];
    }
    return lanes;
  }

  /** Extend a layer of one remainder; the entry found (0: none fits). */
  single(states, cap) {
    const n = this.rows.length;
    let c = 0;
    while (c < n && this.clen[c] > cap) c++;
    const absent = ~states.masks[0];
    for (; c < n; c++) if ((this.cm[c] & absent) === 0 && this.fits(states.lanes, 0, c)) break;
    if (c === n) return 0;
    const length = this.clen[c];
    const hi = this.spans.get(length)[1];
    const taken = [];
    for (; c < hi; c++) {
      if ((this.cm[c] & absent) === 0 && this.fits(states.lanes, 0, c)) taken.push(c);
    }
    const pc = Int32Array.from(taken);
    const lanes = this.taken(states.lanes, pc);
    const masks = new Int32Array(pc.length);
    for (let p = 0; p < pc.length; p++) masks[p] = maskOfLanes(lanes, p * LANES);
    const child = Int32Array.from(pc.keys());
    this.links.push({ parent: new Int32Array(pc.length), cand: pc, child });
    this.states.push({ lanes, masks, count: pc.length });
    this.floors = pc;
    this.shape.push(length);
    this.nodes += pc.length;
    return length;
  }

  /** Candidates of the smallest word sequence from the rack to an alive last-layer state. */
  path(aliveLast) {
    const alive = new Array(this.states.length);
    alive[alive.length - 1] = aliveLast;
    for (let k = this.links.length - 1; k >= 0; k--) {
      const { parent, child } = this.links[k];
      const mark = new Uint8Array(this.states[k].count);
      const next = alive[k + 1];
      for (let p = 0; p < parent.length; p++) if (next[child[p]]) mark[parent[p]] = 1;
      alive[k] = mark;
    }
    const chosen = [];
    let current = 0;
    for (let k = 0; k < this.links.length; k++) {
      const { parent, cand, child } = this.links[k];
      let best = -1;
      for (let p = 0; p < parent.length; p++) {
        if (parent[p] !== current || !alive[k + 1][child[p]]) continue;
        if (best < 0 || cand[p] < cand[best]) best = p;
      }
      chosen.push(cand[best]);
      current = child[best];
    }
    return chosen;
  }

  /** Longest (then first) word that fits, repeatedly, from some packed lanes: candidates. */
  greedy(lanes, at, cap) {
    const state = lanes.slice(at, at + LANES);
    const chosen = [];
    const n = this.rows.length;
    let c = 0;
    while (c < n && this.clen[c] > cap) c++;
    for (; c < n; c++) {
      while (this.fits(state, 0, c)) {
        chosen.push(c);
        for (let k = 0; k < LANES; k++) state[k] -= this.cl[c * LANES + k];
      }
    }
    return chosen;
  }

  /** Out of time: complete a few remainders of the deepest layer greedily; keep the best. */
  fallback() {
    const last = this.states[this.states.length - 1];
    const cap = this.shape.length ? this.shape[this.shape.length - 1] : 99;
    let best = null;
    for (let i = 0; i < Math.min(GREEDY_TRIES, last.count); i++) {
      const tail = this.greedy(last.lanes, i * LANES, cap);
      const shape = tail.map((c) => this.clen[c]);
      if (best === null || compareShapes(shape, best.shape) > 0) best = { shape, i, tail };
    }
    const alive = new Uint8Array(last.count);
    alive[best.i] = 1;
    return this.path(alive).concat(best.tail);
  }

  /** A shape no set can beat, when the layers stopped before the end (two proven bounds). */
  stoppedBound(counts) {
    let cap = this.shape.length ? this.shape[this.shape.length - 1] : this.top() || 1;
    if (this.trying !== null) cap = Math.min(cap, this.trying);
    const bySize = upperBound(this.shape, this.remaining, cap);
    const byLetters = greatestShape(counts, lengthLimits(this.index, this.rows), this.shape);
    return compareShapes(bySize, byLetters) <= 0 ? bySize : byLetters;
  }
}

/** The settled prefix, then as many `cap`-long parts of the remaining tiles as fit, then the
 * rest (solver.search.layered._upper_bound). */
export function upperBound(settled, remaining, cap) {
  cap = remaining ? Math.max(1, Math.min(cap, remaining)) : 1;
  const shape = settled.slice();
  for (let i = 0; i < Math.floor(remaining / cap); i++) shape.push(cap);
  if (remaining % cap) shape.push(remaining % cap);
  return shape;
}

/**
 * The highest word set of some tiles (a letters string or 26 counts) over an AlphagramIndex:
 * {keys, leftover, proven, stopped, upper, elapsed, nodes, shape}, as Python's SearchResult.
 * Past `budgetSeconds` (null: no limit) it stops with the best set found, not proven
 * unless that set's shape meets the upper bound.
 */
export function search(index, tiles, budgetSeconds = DEFAULT_BUDGET) {
  const start = performance.now();
  const counts = countsOf(tiles);
  let size = 0;
  for (let i = 0; i < 26; i++) size += counts[i];
  const deadline = budgetSeconds === null || budgetSeconds === undefined
    ? Infinity : start + budgetSeconds * 1000;
  const layers = new Layers(index, counts, size, deadline);
  let chosen;
  let stopped = null;
  try {
    layers.run();
    chosen = layers.path(new Uint8Array(layers.states[layers.states.length - 1].count).fill(1));
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
    chosen = layers.fallback();
    stopped = "budget";
  }
  const left = Int32Array.from(counts);
  for (const c of chosen) {
    const row = layers.rows[c];
    for (let letter = 0; letter < 26; letter++) left[letter] -= index.counts[row * 26 + letter];
  }
  const packed = new Int32Array(LANES);
  packCounts(left, packed);
  const keys = chosen.map((c) => index.key(layers.rows[c]));
  const leftover = lettersOfLanes(packed);
  const shape = keys.map((key) => key.length).concat(Array.from(leftover, () => 1));
  const upper = stopped === null ? shape : layers.stoppedBound(counts);
  if (stopped !== null && shape.length === upper.length && shape.every((n, i) => n === upper[i])) {
    // out of time, but the set found reaches a shape no set can beat: a highest set
    // (not always the one the whole search would pick among equals), as in Python
    stopped = null;
  }
  return { keys, leftover, proven: stopped === null, stopped, upper, shape,
    nodes: layers.nodes, elapsed: (performance.now() - start) / 1000 };
}

/**
 * The highest word set of some tiles in a Lexicon: the fields of Python's
 * solver.search.highest.Solution.as_dict() (tiles written as sorted capitals), plus elapsed.
 */
export function highest(tiles, lexicon, budgetSeconds = DEFAULT_BUDGET) {
  const counts = countsOf(tiles);
  const found = search(lexicon.index, counts, budgetSeconds);
  const words = found.keys.map((key) => lexicon.index.spell(key))
    .concat(Array.from(found.leftover));
  words.sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  const size = counts.reduce((sum, n) => sum + n, 0);
  let text = "";
  for (let letter = 0; letter < 26; letter++) {
    text += String.fromCharCode(65 + letter).repeat(counts[letter]);
  }
  return {
    tiles: text, lexicon: lexicon.name,
    shape: size ? words.map((word) => word.length) : [],
    words: size ? words : [],
    proven: found.proven, stopped: found.stopped,
    upper_bound: size ? found.upper : [],
    elapsed: found.elapsed,
  };
}
