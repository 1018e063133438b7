// The page's own solver and lexicons (engine/search.js, lexicon.js, index.js) against
// tests/golden/search.json: the same highest set (shape, words, proof, bound) as the
// library on every rack it proves; out of budget a real set and honest bounds; the index's
// rows and spellings, wordsFrom, has and the lexicon names as the library has them.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { answerAsync, assertSame, engine, golden } from "./golden.mjs";

const { loadLexicon } = await engine("lexicon.js");
const { highest, search, Layers } = await engine("search.js");
const { countsOf } = await engine("index.js");
const { isWord } = await engine("wordset.js");
const cases = golden("search");
const of = (set) => cases.filter((c) => c.set === set);

const sha = (items) => createHash("sha256").update(items.join("\n")).digest("hex");
const found = (f) => ({ keys: f.keys, leftover: f.leftover, proven: f.proven, stopped: f.stopped,
  upper: f.upper });
const best = (rack, lexicon, budget) => {
  const { elapsed, ...rest } = highest(rack, lexicon, budget);
  return rest;
};

/** Python's order of two tuples of numbers: -1, 0 or 1. */
function order(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return Math.sign(a.length - b.length);
}

/** The letters of a set's words equal the rack's (a string or 26 counts). */
function usesEveryTile(words, rack) {
  const counts = new Array(26).fill(0);
  for (const ch of words.join("").toUpperCase()) counts[ch.charCodeAt(0) - 65] += 1;
  const want = typeof rack === "string" ? new Array(26).fill(0) : rack;
  if (typeof rack === "string") for (const ch of rack) want[ch.charCodeAt(0) - 65] += 1;
  return counts.every((n, i) => n === want[i]);
}

for (const set of ["highest", "edge", "zero"]) {
  test(`${set} racks: the engine's answer is the library's`, async () => {
    const mine = of(set);
    const got = [];
    for (const c of mine) {
      const lexicon = await loadLexicon(c.lexicon);
      const out = {};
      if (set !== "zero") out.best = best(c.rack, lexicon, c.budget);
      if (set === "zero" || c.search) out.found = found(search(lexicon.index, c.rack, c.budget));
      got.push(out);
    }
    assertSame(mine, got);
  });
}

test("a tiny budget is honest: a real set, a proven bound around the exact shape", async () => {
  const lexicon = await loadLexicon("twl06");
  let stopped = 0;
  for (const c of of("tiny")) {
    const exact = c.answer.exact;
    for (const budget of c.budgets) {
      const b = best(c.rack, lexicon, budget);
      const where = `${c.rack} at ${budget}: ${JSON.stringify(b)}, exact ${exact}`;
      assert.ok(b.words.every((w) => isWord(lexicon, w)), where);
      assert.ok(usesEveryTile(b.words, c.rack), where);
      assert.ok(order(b.shape, exact) <= 0 && order(exact, b.upper_bound) <= 0, where);
      assert.equal(b.proven, b.stopped === null, where);
      if (b.proven) {
        assert.deepEqual([b.shape, b.upper_bound], [exact, exact], where);
      } else {
        stopped += 1;
        assert.equal(b.stopped, "budget", where);
      }
    }
  }
  assert.ok(stopped > 0, "the budget was small enough to stop some searches");
});

test("big racks answer honestly, their bounds meeting the library's", async () => {
  const lexicon = await loadLexicon("twl06");
  for (const c of of("big")) {
    const b = best(c.counts, lexicon, c.budget);  // the engine also takes 26 counts
    const f = search(lexicon.index, c.counts, c.budget);
    const where = `${c.rack}: ${JSON.stringify(b)}`;
    assert.equal(b.tiles, c.rack, where);
    assert.ok(b.words.every((w) => isWord(lexicon, w)), where);
    assert.ok(usesEveryTile(b.words, c.counts), where);
    for (const a of [b, f]) assert.equal(a.stopped, a.proven ? null : "budget", where);
    assert.ok(order(b.shape, b.upper_bound) <= 0, where);
    const greedy = [...f.keys.map((k) => k.length), ...Array.from(f.leftover, () => 1)];
    assert.ok(order(greedy, f.upper) <= 0, where);
    // both intervals hold the highest shape, so they meet
    assert.ok(order(b.shape, c.answer.upper_bound) <= 0, where);
    assert.ok(order(c.answer.shape, b.upper_bound) <= 0, where);
    if (b.proven) assert.deepEqual(b.shape, b.upper_bound, where);
  }
});

test("the index's rows and spellings are the library's", async () => {
  const mine = of("index");
  const got = [];
  for (const c of mine) {
    const lexicon = await loadLexicon(c.lexicon);
    const index = lexicon.index;
    got.push({ name: lexicon.name, size: lexicon.size, title: lexicon.title, rows: index.length,
      keys: sha(index.keys), spellings: sha(index.keys.map((k) => index.spell(k))) });
  }
  assertSame(mine, got);
});

test("wordsFrom is Lexicon.words_from, has is `word in lexicon`", async () => {
  const mine = of("words");
  const got = [];
  for (const c of mine) {
    const lexicon = await loadLexicon(c.lexicon);
    const listing = (words) => ({ count: words.length, sha256: sha(words), head: words.slice(0, 20) });
    got.push({ from: c.racks.map((rack) => listing(lexicon.wordsFrom(rack))),
      has: c.probes.map((word) => lexicon.has(word)) });
  }
  assertSame(mine, got, { what: (c) => c.lexicon });
});

test("lexicon names are read, and refused, as the server reads them", async () => {
  const [c] = of("names");
  const got = [];
  for (const name of c.names) {
    const a = await answerAsync(async () => (await loadLexicon(name)).name);
    got.push(a.err ? { err: { code: a.err.code, message: a.err.message, field: a.err.field } } : a);
  }
  assertSame([c], [got]);
});

test("a proven search is remembered: the same rack again is the same answer, found at once", async () => {
  const letters = await engine("../games/letters/engine.js");
  const { Tiles } = await engine("tiles.js");
  const lexicon = await loadLexicon("twl06");
  const rack = Tiles.parse("ABEGIRRQUIZY");
  const first = await letters.highest(rack, lexicon, null);
  const again = await letters.highest(Tiles.parse("YZIUQRRIGEBA"), lexicon, null);
  assert.ok(first.proven && first.elapsed > 0);
  assert.equal(again.elapsed, 0);
  assert.deepEqual(letters.solutionDict(again), letters.solutionDict(first));
  // Another budget, or a search the clock stopped, is searched again.
  assert.ok((await letters.highest(rack, lexicon, 2)).elapsed > 0);
  const big = Tiles.parse("AAAAABBDDDEEEEEEFGGHIIIIILLLMMNNNNOOOOPQRRRRSSSTTTTUVVWWXYYZ");
  const cut = await letters.highest(big, lexicon, 0.001);
  assert.ok(!cut.proven);
  assert.ok((await letters.highest(big, lexicon, 0.001)).elapsed > 0);
});

test("a big layer's pairs are the same by the bitset join as by testing each pair", async () => {
  // racks whose search holds layers of 2,000-42,000 remainders, some after an entry of the
  // same length (a floor per remainder)
  const racks = [
    ["twl06", "AAAABCCDDDDEEEEEEEEEEFFGGHIIIKLLNNNOOOOORRRRSSSSTTTTTUUUUUVVWYYZ"],
    ["twl06", "AAAAAABBBDDDDEEEEEEEEFFGHIIIIIJKLLLNNNNNOOOOOOPQRRRRRRSSTTTTUUVVWWXXZ"],
    ["sowpods", "AAAABCDDDEEEEEEEGGGHIIIIIIIJKLLLNNNNNOOOOOPRRRSTTTUVWXXYY"],
    ["csw19", "AAAAAAABDDEEEEEEFGGHHIIILLLMNNOOPPQRRRSSTTTTUUUUY"],
    ["twl06", "AABDDDEEEFGGHIIIIIIKLLNNNOOOOOOQRRRRSSSTTTTUUUVVWXYZ"],
  ];
  let joined = 0;
  let floored = 0;
  for (const [name, rack] of racks) {
    const lexicon = await loadLexicon(name);
    const counts = countsOf(rack);
    const layers = new Layers(lexicon.index, counts, rack.length, Infinity);
    layers.joinPairs = function (states, block, floor) {
      const join = Layers.prototype.joinPairs.call(this, states, block, floor);
      assert.deepEqual(join, this.pairs(states, block, floor), `${rack}: ${states.count} remainders`);
      joined += 1;
      if (floor !== null) floored += 1;
      return join;
    };
    layers.run();
  }
  assert.ok(joined >= 8 && floored >= 1, `${joined} joins, ${floored} with floors`);
});

