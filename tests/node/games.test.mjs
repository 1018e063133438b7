// The sister games' checks (engine/games.js), the phrase reader (phrases.js) and Python's
// names for values (pystr.js, rules.js) against tests/golden/games.json: every body read by
// the engine's parseJson, as the page's local router reads a request body.

import { test } from "node:test";
import { answer, assertSame, engine, golden } from "./golden.mjs";

const { GAMES } = await engine("games.js");
const rules = await engine("rules.js");
const py = await engine("pystr.js");
const phrases = await engine("phrases.js");
const cases = golden("games");

for (const set of ["suite", "random", "raises", "long"]) {
  for (const game of Object.keys(GAMES)) {
    test(`${set} ${game} checks give the library's answers`, () => {
      const mine = cases.filter((c) => c.set === set && c.game === game);
      if (set === "raises" && !mine.length) return;  // raises: dice and poker only
      assertSame(mine, mine.map((c) => answer(() => GAMES[game].check(rules.parseJson(c.body)))));
    });
  }
}

test("phrases are read and refused as the library does", () => {
  const mine = cases.filter((c) => c.set === "phrases");
  const readers = [phrases.tokenize, phrases.parseBid, phrases.parseKind, phrases.parsePlay,
    phrases.parseHand];
  assertSame(mine, mine.map((c) => readers.map((read) => answer(() => read(c.text)))));
});

test("Python values are named as Python names them", () => {
  const mine = cases.filter((c) => c.set === "pyvalues");
  assertSame(mine, mine.map((c) => {
    const v = rules.parseJson(c.json);
    return [py.repr(v), rules.shown(v), py.typeName(v), rules.smallInt(v),
      rules.isStr(v) ? py.split(v) : null];
  }));
});
