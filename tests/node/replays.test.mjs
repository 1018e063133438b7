// Whole-game replays (engine/game.js, lettersgame.js, dicegame.js, through the local router
// engine/local.js) against tests/golden/replays.json: for each POST /letters/replay or
// /dice/replay the Flask API's status and JSON, every body read by the engine's parseJson.
// The racks are proven at once on both sides, so every answer is compared whole.

import assert from "node:assert/strict";
import { test } from "node:test";
import { assertSame, engine, golden } from "./golden.mjs";

const { handle } = await engine("local.js");
const { parseJson } = await engine("rules.js");

for (const [set, what] of [["letters", "random Liars' Letters games"],
  ["dice", "random Liar's Dice games"], ["illegal", "illegal events, players and rules"]]) {
  test(`${what} replay as the server replays them`, async () => {
    const mine = golden("replays", set);
    const got = [];
    for (const c of mine) got.push(await handle("POST", c.path, parseJson(c.body)));
    assertSame(mine, got, { what: (c) => ({ path: c.path, body: c.body.slice(0, 500) }) });
  });
}

test("rulings the server proved are the phone's when it replays the same game", async () => {
  // client.js keeps the server's proven rulings; with them the phone replays a game whose
  // call its own search cannot prove (a budget of 0) to the server's ruling, and goes on.
  const { rememberRulings, rulingsOf } = await engine("local.js");
  const mine = golden("replays", "remembered");
  for (const c of mine) {
    const before = await handle("POST", c.path, parseJson(c.phone_body));
    assert.equal(before.body.ok, false);
    assert.equal(before.body.error.code, "undecided");
  }
  for (const c of mine) await rememberRulings(await rulingsOf(c.answer.body.state));
  const got = [];
  for (const c of mine) {
    const after = await handle("POST", c.path, parseJson(c.phone_body));
    got.push({ ...after, body: { ...after.body, state: { ...after.body.state,
      rules: { ...after.body.state.rules, budget: 5 } } } });
  }
  assertSame(mine, got);
});
