// Reading input as the library does (engine/tiles.js, wordset.js, letters.js, pystr.js)
// against tests/golden/letters.json: tiles, tile sets, word sets, budgets, calls, repr and
// strip on odd input.

import { test } from "node:test";
import { answer, assertSame, engine, golden } from "./golden.mjs";

const tiles = await engine("tiles.js");
const wordset = await engine("wordset.js");
const letters = await engine("../games/letters/engine.js");
const pystr = await engine("pystr.js");

const RUN = {
  tiles: (text, ts) => {
    const t = tiles.Tiles.parse(text, ts);
    return [t.toString(), t.length, t.tileSet.name];
  },
  tile_set: (name) => tiles.getTileSet(name).name,
  wordset: (value, field) => {
    const w = wordset.WordSet.parse(value, field);
    return [[...w.words], w.shape];
  },
  split: (value) => wordset.splitWords(value),
  compare: (a, b) => wordset.compare(wordset.WordSet.parse(a), wordset.WordSet.parse(b)),
  budget: (value) => letters.readBudget(value),
  call: (value) => letters.parseCall(value),
  repr: (text) => pystr.repr(text),
  strip: (text) => pystr.strip(text),
};

for (const [set, what] of [["random", "odd input"], ["tiles", "chosen racks"],
  ["and", "word sets said with 'and'"]]) {
  test(`${what} is read as the library reads it`, () => {
    const mine = golden("letters", set);
    assertSame(mine, mine.map((c) => answer(() => RUN[c.fn](...c.args))));
  });
}
