// The dictionary queries (engine/queries.js and dictionary.js, through the local router
// engine/local.js) against tests/golden/words.json: for each GET /words the Flask API's status
// and JSON: the same words in the same order, the same count and page, the same refusals.

import { test } from "node:test";
import { assertSame, engine, golden } from "./golden.mjs";

const { handle } = await engine("local.js");

for (const [set, what] of [["random", "random queries"], ["bad", "bad queries and routes"]]) {
  test(`${what} are answered as the server answers them`, async () => {
    const mine = golden("words", set);
    const got = [];
    for (const c of mine) got.push(await handle("GET", c.path, null));
    assertSame(mine, got);
  });
}
