// The odds on the phone (engine/odds.js, games/letters/odds.js and raises.js,
// games/dice/odds.js, chance.js, pyrandom.js) against
// tests/golden/odds.json: for each request the library's whole answer -- exact fractions,
// floats, reasons, the safest raises, sampled estimates -- or its exact refusal; and the
// local router's POST /letters/odds and /dice/odds against the API's own answers.

import { test } from "node:test";
import { answerAsync, assertSame, engine, golden } from "./golden.mjs";

const letters = await engine("../games/letters/odds.js");
const dice = await engine("../games/dice/odds.js");
const { parseJson } = await engine("rules.js");
const { handle } = await engine("local.js");

const run = (c) => {
  const body = parseJson(c.body);
  return c.game === "dice" ? dice.diceAnswer(body) : letters.lettersAnswer(body);
};

for (const [set, what] of [["letters", "random declarations and their safest raises"],
  ["full", "declarations of every tile in play"], ["sampled", "seeded random deals"],
  ["dice", "random bids under random rules"], ["bad", "bad input"]]) {
  test(`odds, ${what}: the library's answers`, async () => {
    const mine = golden("odds", set);
    const got = [];
    for (const c of mine) got.push(await answerAsync(() => run(c)));
    assertSame(mine, got, { what: (c) => c.body });
  });
}

test("POST /letters/odds and /dice/odds: the API's answers", async () => {
  const mine = golden("odds", "route");
  const got = [];
  for (const { request: [method, path, body] } of mine) got.push(await handle(method, path, body));
  assertSame(mine, got);
});
