// Cheap, proven upper bounds on the highest shape (a port of solver/search/bounds.py): a shape is
// its count vector (n_L words of each length L, longest first), and relaxing the problem to
// letter-group budgets gives a vector no real set can beat, found greedily longest first.
// Read solver/search/bounds.py for the argument; this file follows it line by line.

import { SEARCH } from "./tables.js";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz";
/** The letter groups (vowels, the others, vowels with Y, the others without Y). */
export const GROUPS = SEARCH.GROUPS.map((letters) =>
  Array.from(ALPHABET, (c) => letters.includes(c)));

/** -1, 0 or 1 as Python compares two tuples of numbers. */
export function compareShapes(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * Per length present among some candidates: the least use of each letter group.
 * `rows` are index rows (candidates fitting the tiles); returns Map length -> [4 ints].
 */
export function lengthLimits(index, rows) {
  const limits = new Map();
  const counts = index.counts;
  for (const row of rows) {
    const length = index.lengths[row];
    const base = row * 26;
    // a, e, i, o, u; then y: the groups are vowels, the rest, vowels + y, the rest - y
    const vowels = counts[base] + counts[base + 4] + counts[base + 8] + counts[base + 14] +
      counts[base + 20];
    const y = counts[base + 24];
    const use = [vowels, length - vowels, vowels + y, length - vowels - y];
    const least = limits.get(length);
    if (least === undefined) limits.set(length, use);
    else for (let g = 0; g < 4; g++) if (use[g] < least[g]) least[g] = use[g];
  }
  return limits;
}

/** The greatest shape the relaxation allows, starting with `prefix` (proven entries). */
export function greatestShape(counts, limits, prefix = []) {
  let budget = GROUPS.map((group) =>
    group.reduce((sum, inGroup, i) => sum + (inGroup ? counts[i] : 0), 0));
  let size = 0;
  for (let i = 0; i < 26; i++) size += counts[i];
  const fixed = new Map();
  for (const length of prefix) fixed.set(length, (fixed.get(length) || 0) + 1);
  const last = prefix.length ? Math.min(...prefix) : null;
  const shape = [];
  for (const length of [...limits.keys()].sort((a, b) => b - a)) {
    let take;
    if (last !== null && length > last) {
      take = fixed.get(length) || 0; // exactly the prefix's words of this length
    } else {
      const least = limits.get(length);
      take = Math.floor(size / length);
      for (let g = 0; g < 4; g++) {
        if (least[g]) take = Math.min(take, Math.floor(budget[g] / least[g]));
      }
      if (last !== null && length === last) take = Math.max(take, fixed.get(length) || 0);
    }
    if (!take) continue;
    size -= take * length;
    const least = limits.get(length);
    budget = budget.map((have, g) => have - take * least[g]);
    for (let i = 0; i < take; i++) shape.push(length);
  }
  for (let i = 0; i < Math.max(size, 0); i++) shape.push(1);
  return shape;
}

/** A shape no word set of the tiles (26 counts) can beat (solver.search.bounds.shape_bound). */
export function shapeBound(index, counts, prefix = []) {
  return greatestShape(counts, lengthLimits(index, index.formableRows(counts, 2)), prefix);
}
